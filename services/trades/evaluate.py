"""Evaluate a trade for both teams: rest-of-season value, this week, the fantasy playoffs, starts per
remaining week, roster fit (the forced cut or the open spot), injured players on the return curve,
the category profile (categories leagues, punt-aware), and a verdict with its deciding reasons.

Each side's gain is over its own best free moves (services.trades.wire): the trade applied to the
roster after the waiver swaps the team could make anyway, against that roster. A trade that only
opens or fills a roster spot gains what the wire gives for free, i.e. nothing. The verdict states
each side's gain separately (never their sum or difference) and whether the partner's rule
(services.trades.wire.ACCEPT_MARGIN) would accept it. With a punt every value is punt-aware
(`Valuer(punt=...)`: the season value counts the other categories only).

Exact and deterministic: every number is a lineup value from `services.trades.value` (the
optimizer's season inputs and daily lineup solver). Nothing is estimated by a model. The roster
after a trade is services/trades/roster_fit.py's, the category profile services/trades/category_profile.py's.
"""
from __future__ import annotations

import datetime as dt

from pydantic import BaseModel

from services.models import PlayerRef, ServiceError, Status
from services.trades.category_profile import CategoryShift, category_shift, team_profiles
from services.trades.roster_fit import after_roster, wire_gain
from services.trades.value import Valuer, unit
from services.trades.wire import ACCEPT_MARGIN, league_wires

MAX_SIDE = 3
EVEN_SHARE = ACCEPT_MARGIN  # a side's gain under 0.5% of its value (after its free moves) is "about even" for it


class TradePlayer(BaseModel):
    player: PlayerRef
    status: Status
    per_game: float  # per-game value in the unit (points: fantasy points; categories: z above the floor)
    availability: float  # share of his remaining games he is expected to play (calibrated return curve)
    games_left: int
    games_this_week: int
    playoff_games: int
    ros_value: float  # per_game x availability x games_left


class WeekStarts(BaseModel):
    week_start: dt.date
    playoff: bool
    before: int
    after: int


class FreeMoveView(BaseModel):
    drop: str | None  # None: an open spot filled
    add: str
    gain: float


class TradeSide(BaseModel):
    team_id: int
    team_name: str
    gives: list[TradePlayer]
    gets: list[TradePlayer]
    cut: list[TradePlayer]  # forced by the roster limit (2-for-1)
    cut_rule: str | None  # "lowest rest-of-season value" or "your choice"
    pickup: list[TradePlayer]  # an open roster spot filled by the best free agent
    ros_before: float
    ros_after: float
    ros_change: float
    week_change: float
    playoff_change: float
    starts: list[WeekStarts]
    categories: list[CategoryShift]  # categories leagues only
    category_change: float | None  # punt-aware weighted sum of `categories`
    free_moves: list[FreeMoveView] = []  # the side's best free moves: the baseline its gain is over
    wire_before: float = 0.0  # rest-of-season value after those free moves
    wire_after: float = 0.0  # the trade applied to that roster (fitted to 13)
    gain: float = 0.0  # wire_after - wire_before: the side's gain over its best free moves
    gains: bool = False  # gain of at least EVEN_SHARE of its value


class TradeEvaluation(BaseModel):
    as_of: dt.date
    scoring: str
    unit: str
    playoff_weeks: list[tuple[dt.date, dt.date]]
    mine: TradeSide
    partner: TradeSide
    outcome: str  # "both gain", "you gain", "they gain" or "neither gains" (each side over its free moves)
    partner_needed: float  # the gain the partner's rule asks (ACCEPT_MARGIN of his wire value)
    partner_accepts: bool  # his gain clears it
    verdict: str
    reasons: list[str]


def resolve_trade(source, give: list[str], get: list[str], team_id: int | None = None) -> tuple[int, int, list[str], list[str]]:
    """(my team, partner, give ids, get ids); a one-line ServiceError for anything that is not a trade."""
    lg = source.history()
    me = team_id or lg.my_team_id
    if me not in lg.team_ids:
        raise ServiceError(f"No team {me} in this league (teams are 1 to {len(lg.team_ids)}).")
    if not give or not get:
        raise ServiceError("A trade needs at least one player on each side (--give and --get).")
    if len(give) > MAX_SIDE or len(get) > MAX_SIDE:
        raise ServiceError(f"At most {MAX_SIDE} players on each side.")
    give_ids = list(dict.fromkeys(source.resolve_id(n) for n in give))
    get_ids = list(dict.fromkeys(source.resolve_id(n) for n in get))
    if set(give_ids) & set(get_ids):
        raise ServiceError("The same player is on both sides of the trade.")
    name = lambda p: lg.snapshot.players[p].ref.name  # noqa: E731
    mine = set(lg.roster_ids(me)) | set(lg.ir_ids(me))
    for p in give_ids:
        if p not in mine:
            owner = lg.owner_of(p)
            where = "a free agent" if owner is None else f"on {lg.team_name(owner)[0]}"
            raise ServiceError(f"{name(p)} is not on {lg.team_name(me)[0]}'s roster ({where}).")
    owners = {p: lg.owner_of(p) for p in get_ids}
    for p, owner in owners.items():
        if owner is None:
            raise ServiceError(f"{name(p)} is a free agent: pick him up instead of trading for him.")
        if owner == me:
            raise ServiceError(f"{name(p)} is already on {lg.team_name(me)[0]}.")
    if len(set(owners.values())) > 1:
        raise ServiceError("The players you get must all come from one team: "
                           + ", ".join(f"{name(p)} ({lg.team_name(o)[0]})" for p, o in owners.items()) + ".")
    return me, next(iter(owners.values())), give_ids, get_ids


def giving_team(source, give: list[str], get: list[str]) -> int:
    """The team that owns every `give` player (a shell's "evaluate" with no team named stands there);
    a one-line ServiceError when they are a free agent, on different teams, or a `get` player is on that team."""
    lg = source.history()
    if not give or not get:
        raise ServiceError("A trade needs at least one player on each side (--give and --get).")
    name = lambda p: lg.snapshot.players[p].ref.name  # noqa: E731
    give_ids = list(dict.fromkeys(source.resolve_id(n) for n in give))
    owners = {p: lg.owner_of(p) for p in give_ids}
    for p, owner in owners.items():
        if owner is None:
            raise ServiceError(f"{name(p)} is a free agent: nobody can trade him.")
    if len(set(owners.values())) > 1:
        raise ServiceError("The players you give must all be on one team: "
                           + ", ".join(f"{name(p)} ({lg.team_name(o)[0]})" for p, o in owners.items()) + ".")
    team = next(iter(owners.values()))
    for n in get:
        p = source.resolve_id(n)
        if lg.owner_of(p) == team:
            raise ServiceError(f"{name(p)} is on {lg.team_name(team)[0]} too, with {name(give_ids[0])}: "
                               f"the players you get must come from another team.")
    return team


def evaluate_trade(source, give: list[str], get: list[str], team_id: int | None = None,
                   cut: list[str] | None = None, punt=()) -> TradeEvaluation:
    """Both teams' view of "give `give`, get `get`" (players by name; `cut`: who I would cut)."""
    from services.league.rankings import parse_punt

    lg = source.history()
    me, other, give_ids, get_ids = resolve_trade(source, give, get, team_id)
    my_cut = [source.resolve_id(n) for n in cut or []]
    punted = parse_punt(punt) if lg.scoring != "points" else []
    v = Valuer(lg, punted)
    their_v = Valuer(lg) if punted else v  # the other manager values by the nine categories: my punt is mine
    profiles = team_profiles(v) if lg.scoring != "points" else {}
    fas = lg.free_agent_ids()
    wires = league_wires(lg, lambda t: v if t == me else their_v, fas)  # every team's, claims resolved
    mine = _side(v, me, give_ids, get_ids, my_cut, profiles, punted, fas, wires)
    theirs = _side(their_v, other, get_ids, give_ids, [], profiles, (), fas, wires)
    if profiles:
        _ranks_after(profiles, mine, theirs)
    return _verdict(v, mine, theirs, punted if profiles else ())


def _ranks_after(profiles: dict, *sides: TradeSide) -> None:
    """Each side's category ranks in the league once BOTH teams' profiles carry the trade."""
    after = dict(profiles)
    for s in sides:
        after[s.team_id] = {c.category: profiles[s.team_id][c.category] + c.change for c in s.categories}
    for s in sides:
        for c in s.categories:
            c.rank_after = 1 + sum(after[t][c.category] > after[s.team_id][c.category] for t in after if t != s.team_id)


def _tp(v: Valuer, pid: str) -> TradePlayer:
    sp, ps = v.player(pid), v.lg.snapshot.players[pid]
    return TradePlayer(player=ps.ref, status=ps.status, per_game=round(sp.value, 2),
                       availability=round(sp.availability, 3), games_left=len(sp.games),
                       games_this_week=sum(d <= v.h.week_end for d in sp.games),
                       playoff_games=sum(d >= v.h.playoff_start for d in sp.games), ros_value=round(v.ros_total(pid), 1))


def _side(v: Valuer, team: int, out_ids: list[str], in_ids: list[str], chosen_cut: list[str],
          profiles: dict, punted: list[str], fas: list[str], wires: dict) -> TradeSide:
    lg = v.lg
    before = lg.roster_ids(team)
    after, cut_ids, rule, pickup = after_roster(v, team, out_ids, in_ids, chosen_cut, free_agents=fas)
    b, a = v.roster_value(before), v.roster_value(after)
    sb, sa = b.starts_by_week(), a.starts_by_week()
    starts = [WeekStarts(week_start=w, playoff=w >= v.h.playoff_start, before=sb.get(w, 0), after=sa.get(w, 0))
              for w in sorted(set(sb) | set(sa))]
    cats, cat_change = [], None
    if profiles:
        cats, cat_change = category_shift(v, profiles, team, before, after, punted)
    w = wires[team]  # what the team could do anyway (a player it trades may be one it would drop)
    w_after, gain = wire_gain(v, w, team, out_ids, in_ids, fas, chosen_cut)
    name = lambda p: lg.snapshot.players[p].ref.name  # noqa: E731
    return TradeSide(team_id=team, team_name=lg.team_name(team)[0], gives=[_tp(v, p) for p in out_ids],
                     gets=[_tp(v, p) for p in in_ids], cut=[_tp(v, p) for p in cut_ids], cut_rule=rule,
                     pickup=[_tp(v, p) for p in pickup], ros_before=round(b.season, 1), ros_after=round(a.season, 1),
                     ros_change=round(a.season - b.season, 1), week_change=round(a.week - b.week, 1),
                     playoff_change=round(a.playoffs - b.playoffs, 1), starts=starts, categories=cats,
                     category_change=cat_change,
                     free_moves=[FreeMoveView(drop=name(m.drop) if m.drop else None, add=name(m.add),
                                              gain=round(m.gain, 1)) for m in w.moves],
                     wire_before=round(w.value, 1), wire_after=round(w_after, 1), gain=round(gain, 1),
                     gains=gain >= EVEN_SHARE * abs(w.value))


def _moves_text(s: TradeSide) -> str:
    if not s.free_moves:
        return "no free move gains"
    return ", ".join(f"{m.drop} -> {m.add}" if m.drop else f"add {m.add}" for m in s.free_moves)


OUTCOMES = {(True, True): "both gain", (True, False): "you gain", (False, True): "they gain",
            (False, False): "neither gains"}


def _verdict(v: Valuer, mine: TradeSide, theirs: TradeSide, punted=()) -> TradeEvaluation:
    """Each side's gain over its own best free moves, stated apart (never summed or differenced),
    in the value the user plays for (with a punt, the punt-aware season value), and the partner's
    answer by his rule."""
    u = unit(v.lg.scoring)
    if punted:
        u = f"punt-aware category value (punting {', '.join(punted)})"
    outcome = OUTCOMES[(mine.gains, theirs.gains)]
    needed = ACCEPT_MARGIN * abs(theirs.wire_before)
    accepts = theirs.gain >= needed
    head = {"both gain": "Both sides gain", "you gain": f"{mine.team_name} gains, {theirs.team_name} does not",
            "they gain": f"{theirs.team_name} gains, {mine.team_name} does not",
            "neither gains": "Neither side gains"}[outcome]
    their_u = unit(v.lg.scoring) if punted else u  # he does not punt: his gain in the nine categories' value
    verdict = (f"{head}, each over its own best free moves: {mine.team_name} {mine.gain:+.1f}"
               + (f" {u}" if punted else "") + f", {theirs.team_name} {theirs.gain:+.1f} {their_u} over the rest "
               f"of the season. {theirs.team_name} "
               f"{'would accept' if accepts else 'would not accept'} (its rule asks at least {needed:+.1f}, "
               f"{ACCEPT_MARGIN:.1%} of its value). As the rosters stand, before any free move: "
               f"{mine.ros_change:+.1f} / {theirs.ros_change:+.1f}.")
    return TradeEvaluation(as_of=v.lg.as_of, scoring=v.lg.scoring, unit=u, playoff_weeks=v.h.playoff_weeks, mine=mine,
                           partner=theirs, outcome=outcome, partner_needed=round(needed, 1), partner_accepts=accepts,
                           verdict=verdict, reasons=reasons(mine, theirs, u))


def reasons(mine: TradeSide, theirs: TradeSide, u: str) -> list[str]:
    """The two or three facts that decide the trade, biggest first (each with its size in the unit)."""
    cands: list[tuple[float, str]] = []
    gets, gives = mine.gets, mine.gives
    pg_in = sum(p.per_game for p in gets) / len(gets)
    pg_out = sum(p.per_game for p in gives) / len(gives)
    names = lambda ps: " and ".join(p.player.name for p in ps)  # noqa: E731
    if abs(pg_in - pg_out) > 0.05:
        cands.append((abs(pg_in - pg_out) * sum(p.games_left for p in gets) / len(gets),
                      f"per game: {names(gets)} {pg_in:.1f} vs {names(gives)} {pg_out:.1f} {u}"))
    g_in, g_out = sum(p.games_left for p in gets), sum(p.games_left for p in gives)
    if g_in != g_out and len(gets) == len(gives):
        cands.append((abs(g_in - g_out) * max(pg_in, pg_out, 0.1), f"games left: {names(gets)} {g_in}, {names(gives)} {g_out}"))
    for p in [*gets, *gives]:
        if p.status != "ACTIVE":
            cands.append((p.per_game * p.games_left * (1 - p.availability),
                          f"{p.player.name} is {p.status}: the calibrated return curve has him playing "
                          f"{p.availability:.0%} of his {p.games_left} remaining games"))
    for side in (mine, theirs):
        for c in side.cut:
            cands.append((abs(c.ros_value), f"{side.team_name} must cut {c.player.name} ({side.cut_rule}, "
                                            f"{c.ros_value:.1f} {u} rest of season)"))
        for c in side.pickup:
            cands.append((abs(c.ros_value), f"{side.team_name} fills the open spot with free agent {c.player.name} "
                                            f"({c.ros_value:.1f} {u})"))
    for side in (mine, theirs):
        free = side.ros_change - side.gain  # what the trade's raw change owes to the free moves
        if side.free_moves and abs(free) >= 1:
            cands.append((abs(free), f"{side.team_name} could make its best free moves anyway ({_moves_text(side)}, "
                                     f"{sum(m.gain for m in side.free_moves):+.1f} {u}): over them the trade "
                                     f"gains {side.gain:+.1f}, not {side.ros_change:+.1f}"))
    if abs(mine.playoff_change) >= 1:
        cands.append((abs(mine.playoff_change), f"fantasy playoffs: {mine.team_name} {mine.playoff_change:+.1f} {u}"))
    cands.sort(key=lambda c: -c[0])
    return [text for _, text in cands[:3]] or ["the players are worth the same over the rest of the season"]
