"""The trade finder: 1-for-1 and 2-for-1 (either way) trades with every other team, trades the
partner would accept first; 2-for-2 and the three-player shapes (3-for-1, 3-for-2, 1-for-3, 2-for-3:
a consolidation of three into a star, or the other way) when that shape is asked, valued the same
way, and only incoming players eligible at a position when one is asked (`get_position`).

Every value is a side's gain over its own best free moves (services.trades.wire): the trade
applied to the roster after the waiver swaps the team could make anyway, against that roster. So
a trade that only cuts a dead roster spot (or opens one the wire fills) gains nothing, and
approving the free move first changes little. With a punt (categories leagues) every value is
punt-aware (`Valuer(punt=...)`): the ranking, not only the targets, follows the punt.

Two passes. A screen scores every candidate by each side's marginal lineup values on its wire
roster: what each incoming player adds to the receiving roster's daily lineups, minus what each
outgoing one took away (with the 2-for-1's cut or the best free agent left's pickup); these are
computed once per player (a few hundred lineups), so each candidate costs microseconds. The best
`EXACT_POOL` candidates are then valued exactly, by the same daily lineups as `evaluate_trade`
(`services.trades.value`), and ranked on those exact numbers: trades the partner accepts by his
rule (he gains `ACCEPT_MARGIN` of his value over his free moves) and I gain from first, by my gain.
With target categories, only trades that raise them (z x expected games) and cost me at most
`TARGET_TOLERANCE` of my value are kept: the ones the partner accepts first, then by my gain in the
targets. A trade he would decline is listed as such (`acceptable` false), never as one he takes. Protected categories ("without hurting my points") must not drop for me: each one's
change (z x expected games, with the cut or pickup the trade forces, as evaluate_trade's profile)
is at least zero; the screen drops candidates whose players in minus players out already lower
one. In a points league a protected "PTS" means fantasy points: my gain must not be negative.
Each side's gain is stated apart, never summed.
"""
from __future__ import annotations

import itertools
import time

from pydantic import BaseModel

from services.models import ServiceError
from services.league.scoring import normalize_category
from services.trades.category_profile import _player_profile, _profile
from services.trades.roster_fit import after_roster, wire_gain
from services.trades.value import Valuer, unit
from services.trades.wire import ACCEPT_MARGIN, league_wires

SHAPES = ("1-for-1", "2-for-1", "1-for-2", "2-for-2", "3-for-1", "3-for-2", "1-for-3", "2-for-3")
PICKUPS = 3  # a 3-for-1 opens two roster spots: the screen fills each with the next best free agent left
POSITIONS = ("PG", "SG", "SF", "PF", "C", "G", "F")
EXACT_POOL = 60  # candidates valued exactly after the screen
TARGET_TOLERANCE = 0.01  # with targets: my rest-of-season value may drop by at most 1%


class FoundTrade(BaseModel):
    partner_id: int
    partner: str
    give: list[str]
    get: list[str]
    my_change: float  # my exact rest-of-season gain over my best free moves (unit)
    their_change: float  # theirs, over their best free moves
    both_gain: bool  # both gains positive
    acceptable: bool = False  # the partner's rule accepts: their gain >= their_needed
    their_needed: float = 0.0  # ACCEPT_MARGIN of the partner's value after his free moves
    my_raw_change: float = 0.0  # the change as the rosters stand (no free move): what the wire would give too
    their_raw_change: float = 0.0
    target_gain: float | None  # my change in the target categories (z x games), when targets are given
    protected: dict[str, float] = {}  # my change in each protected category (z x games)
    my_cut: list[str]
    their_cut: list[str]
    summary: str


class TradeSearch(BaseModel):
    team_id: int
    unit: str
    targets: list[str]
    protect: list[str] = []
    give: list[str]
    get: list[str] = []
    exclude: list[str] = []
    shape: str | None = None
    get_position: str | None = None
    keep_positions: list[str] = []
    punt: list[str] = []
    candidates: int  # screened
    valued: int  # valued exactly
    seconds: float
    headline: str
    trades: list[FoundTrade]


def _targets(targets) -> list[str]:
    cats = [normalize_category(t) for t in targets]
    bad = [t for t, c in zip(targets, cats, strict=True) if c is None]
    if bad:
        raise ServiceError(f"Unknown categories {bad}; use FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS.")
    return list(dict.fromkeys(cats))


def candidates(mine: list[str], theirs: list[str], shape: str | None = None) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every trade of `shape` between two rosters (`mine`: the players I may give); with no shape every
    1-for-1, 2-for-1 and 1-for-2 (a 2-for-2 or a three-player shape only when asked)."""
    groups = lambda ids, n: list(itertools.combinations(ids, n))  # noqa: E731
    shapes = [shape] if shape else SHAPES[:3]
    return [(out, inn) for s in shapes for n_out, n_in in [map(int, s.split("-for-"))]
            for out in groups(mine, n_out) for inn in groups(theirs, n_in)]


def find_trades(source, targets=(), give: list[str] | None = None, team_id: int | None = None,
                limit: int = 10, exact_pool: int = EXACT_POOL, progress=None,
                get: list[str] | None = None, protect=(), exclude=(), shape: str | None = None,
                punt=(), get_position: str | None = None, keep_positions=()) -> TradeSearch:
    """`progress(stage, done, total)`, when given, is called as the search advances (streamed by
    the CLI on stderr and by the Trade page's progress bar). `exclude`: players no trade may send or
    bring ("without giving up SGA"); `shape`: only trades of that shape, I-give-for-I-get ("2-for-1",
    "2-for-2"); `punt`: categories never targeted or protected; `get_position`: every player I get is
    eligible there ("for two better guards": G), by the same box-score slots the trade values use;
    `keep_positions`: none of my players eligible at these positions is sent ("I'd rather keep my
    guards": G), unless he is named in `give`."""
    t0 = time.perf_counter()
    say = progress or (lambda *_: None)
    lg = source.history()
    me = team_id or lg.my_team_id
    if me not in lg.team_ids:
        raise ServiceError(f"No team {me} in this league (teams are 1 to {len(lg.team_ids)}).")
    punted = set(_targets(punt))
    cats = [c for c in _targets(targets) if c not in punted]
    keep = [c for c in _targets(protect) if c not in cats and c not in punted]
    if shape is not None and shape not in SHAPES:
        raise ServiceError(f"Unknown trade shape {shape!r}; use {', '.join(SHAPES)}.")
    pos = get_position.strip().upper() if get_position else None
    if pos is not None and pos not in POSITIONS:
        raise ServiceError(f"Unknown position {get_position!r}; use one of {', '.join(POSITIONS)}.")
    banned = {source.resolve_id(n) for n in exclude or ()}
    kept_at = [q.strip().upper() for q in keep_positions or ()]
    bad = [q for q in kept_at if q not in POSITIONS]
    if bad:
        raise ServiceError(f"Unknown positions {bad}; use one of {', '.join(POSITIONS)}.")
    fpts_kept = lg.scoring == "points" and "PTS" in keep  # "my points" in a points league: fantasy points
    keep = [c for c in keep if not (fpts_kept and c == "PTS")]
    roster = lg.roster_ids(me)
    give_ids = [source.resolve_id(n) for n in give or []]
    for p in give_ids:
        if p not in roster:
            raise ServiceError(f"{lg.snapshot.players[p].ref.name} is not on {lg.team_name(me)[0]}'s active roster.")
    kept_mine = {p for p in roster if p not in give_ids and set(kept_at) & set(lg.snapshot.players[p].ref.eligible)}
    get_ids = [source.resolve_id(n) for n in get or []]  # "what would it take to get X?"
    for p in get_ids:
        owner = lg.owner_of(p)
        if owner is None or owner == me or p not in lg.roster_ids(owner):
            where = "a free agent" if owner is None else "yours" if owner == me else "in an IR slot"
            raise ServiceError(f"{lg.snapshot.players[p].ref.name} is {where}: there is no trade to find for him.")
    v = Valuer(lg, sorted(punted) if lg.scoring != "points" else ())
    their_v = Valuer(lg) if v.punt else v  # the other managers value by the nine categories: my punt is mine
    fas = lg.free_agent_ids()
    say("free moves of every team", 0, len(lg.team_ids))
    wires = league_wires(lg, lambda t: v if t == me else their_v, fas, keep={me: banned})  # claims resolved
    rosters = {t: list(w.ids) for t, w in wires.items()}  # each team after its own best free moves
    # players a trade may move: on the roster and kept by the team's free moves (mine: or named to give)
    tradable = {t: [p for p in lg.roster_ids(t) if p in wires[t].ids or (t == me and p in give_ids)]
                for t in lg.team_ids}
    base_total = {t: w.value for t, w in wires.items()}
    needed = {t: ACCEPT_MARGIN * abs(base_total[t]) for t in lg.team_ids}
    # marginal lineup values on the wire rosters: what a player adds to a roster's daily lineups
    say("marginal lineup values", 0, len(rosters))
    val = lambda t: v if t == me else their_v  # noqa: E731
    loss = {p: base_total[t] - val(t).total([q for q in ids if q != p]) for t, ids in rosters.items() for p in ids}
    gain_in: dict[tuple[int, str], float] = {}
    for t, ids in rosters.items():
        others = (p for u, us in tradable.items() if u != t and (t == me or u == me) for p in us)
        for p in others:
            gain_in[(t, p)] = val(t).total([*ids, p]) - base_total[t]
    weakest = {t: sorted((loss[p], p) for p in ids) for t, ids in rosters.items()}
    left = {t: sorted(wires[t].left, key=lambda p: (-val(t).ros_total(p), p))[:PICKUPS]
            for t in lg.team_ids}  # the best free agents the team's free moves (and the claims before) left
    # what the first k of them add to the wire roster (k open spots: a 2-for-1 opens one, a 3-for-1 two)
    fa_gain = {t: [0.0, *(val(t).total([*rosters[t], *left[t][:k]]) - base_total[t] for k in range(1, len(left[t]) + 1))]
               for t in lg.team_ids}
    prof = {p: _player_profile(v, p) for ids in tradable.values() for p in ids} if cats or keep else {}
    tgt = {p: sum(prof[p][c] for c in cats) for p in prof}
    kept = lambda out, inn: {c: sum(prof[p][c] for p in inn) - sum(prof[p][c] for p in out) for c in keep}  # noqa: E731

    def quick(team: int, out: tuple[str, ...], inn: tuple[str, ...]) -> float:
        """Marginal lineup value in minus out on the wire roster (a player the free moves would drop
        anyway costs nothing to give); a 2-for-1's cut is the weakest marginal player left, its open
        spot what the best free agent left adds."""
        gone = [p for p in out if p in wires[team].ids]
        delta = sum(gain_in[(team, p)] for p in inn) - sum(loss[p] for p in gone)
        spots = len(inn) - len(gone)
        if spots > 0:
            delta -= sum(x for x, p in [w for w in weakest[team] if w[1] not in gone][:spots])
        elif spots < 0:
            delta += fa_gain[team][min(-spots, len(fa_gain[team]) - 1)]
        return delta

    fits = lambda inn: pos is None or all(pos in lg.snapshot.players[p].ref.eligible for p in inn)  # noqa: E731
    pool = []
    say("screening candidates", 0, len(lg.team_ids) - 1)
    for t in lg.team_ids:
        if t == me or (get_ids and t not in {lg.owner_of(p) for p in get_ids}):
            continue
        for out, inn in candidates(give_ids or tradable[me], tradable[t], shape):
            if (give_ids and not set(out) & set(give_ids)) or (get_ids and not set(inn) & set(get_ids)):
                continue
            if banned & (set(out) | set(inn)) or kept_mine & set(out) or not fits(inn):
                continue  # a player the user keeps out of it (by name or position), or one of another position than asked
            if keep and min(kept(out, inn).values()) < 0:
                continue  # it would cost me a protected category
            mine_d, theirs_d = quick(me, out, inn), quick(t, inn, out)
            if fpts_kept and mine_d < 0:
                continue
            gain = sum(tgt[p] for p in inn) - sum(tgt[p] for p in out) if cats else None
            pool.append((t, out, inn, mine_d, theirs_d, gain))
    ok = lambda t, theirs: theirs >= needed[t]  # noqa: E731
    if cats:
        cost = TARGET_TOLERANCE * abs(base_total[me])  # candidates within my tolerance, then the ones he accepts
        pool.sort(key=lambda c: (-(c[3] >= -cost), -(c[5] > 0), -ok(c[0], c[4]), -min(c[3], c[4] - needed[c[0]])))
    else:
        pool.sort(key=lambda c: -min(c[3], c[4] - needed[c[0]]))  # the worse of my gain and his surplus
    found = []
    for i, c in enumerate(pool[:exact_pool]):
        if i % 10 == 0:
            say("valuing the best candidates exactly", i, min(len(pool), exact_pool))
        found.append(_exact(v, their_v, lg, me, c, wires, fas, cats, keep, needed[c[0]]))
    if fpts_kept:
        found = [f for f in found if f.my_change >= 0]
    if keep:  # exact: with the cut or the pickup the trade forces, as evaluate_trade's category profile
        found = [f for f in found if min(f.protected.values()) >= 0]
    if cats:
        fine = [f for f in found if f.my_change >= -TARGET_TOLERANCE * base_total[me]]
        # the ones he accepts by my gain in the targets, then the nearest to his rule
        found = sorted((f for f in fine if f.target_gain > 0), key=lambda f: (
            -f.acceptable, -(f.target_gain if f.acceptable else f.their_change - f.their_needed)))
    else:
        found.sort(key=lambda f: (-(f.acceptable and f.my_change > 0),
                                  -min(f.my_change, f.their_change - f.their_needed), -f.my_change))
    u = unit(lg.scoring)
    shown = found[:limit]
    head = (f"{len(shown)} {shape + ' ' if shape else ''}trade(s) for {lg.team_name(me)[0]}"
            + (f" getting only players eligible at {pos}" if pos else "")
            + (f" improving {', '.join(cats)}" if cats else "")
            + (f" without lowering {', '.join(_protected(keep, fpts_kept))}" if keep or fpts_kept else "")
            + (f", never trading {', '.join(lg.snapshot.players[p].ref.name for p in banned)}" if banned else "")
            + (f", keeping my {'/'.join(kept_at)} ({', '.join(sorted(lg.snapshot.players[p].ref.name for p in kept_mine))})"
               if kept_at else "")
            + (f", punting {', '.join(sorted(punted))}" if punted else "")
            + f" ({sum(f.acceptable and f.my_change > 0 for f in shown)} you gain from and the other team accepts: "
            f"{ACCEPT_MARGIN:.1%} of its value over its best free moves), from {len(pool)} candidates "
            f"({min(len(pool), exact_pool)} valued exactly). Each side's gain is over its own best free moves.")
    return TradeSearch(team_id=me, unit=u, targets=cats, protect=_protected(keep, fpts_kept),
                       give=[lg.snapshot.players[p].ref.name for p in give_ids],
                       exclude=[lg.snapshot.players[p].ref.name for p in banned], shape=shape, punt=sorted(punted),
                       get_position=pos, keep_positions=kept_at,
                       get=[lg.snapshot.players[p].ref.name for p in get_ids],
                       candidates=len(pool), valued=min(len(pool), exact_pool),
                       seconds=round(time.perf_counter() - t0, 3), headline=head, trades=shown)


def _protected(keep: list[str], fpts_kept: bool) -> list[str]:
    return (["fantasy points"] if fpts_kept else []) + keep


def _exact(v: Valuer, their_v: Valuer, lg, me: int, cand, wires: dict, fas: list[str], cats: list[str],
           keep: list[str], needed: float) -> FoundTrade:
    t, out, inn, _, _, gain = cand
    name = lambda p: lg.snapshot.players[p].ref.name  # noqa: E731
    my_after, my_cut, _, my_pick = after_roster(v, me, list(out), list(inn), free_agents=fas)
    their_after, their_cut, _, _ = after_roster(their_v, t, list(inn), list(out), free_agents=fas)
    raw_mine = v.total(my_after) - v.total(lg.roster_ids(me))
    raw_theirs = their_v.total(their_after) - their_v.total(lg.roster_ids(t))
    _, mine = wire_gain(v, wires[me], me, out, inn, fas)
    _, theirs = wire_gain(their_v, wires[t], t, inn, out, fas)
    if cats or keep:  # my category changes with the cut or pickup, as evaluate_trade's profile
        b, a = _profile(v, lg.roster_ids(me)), _profile(v, my_after)
        gain = sum(a[c] - b[c] for c in cats) if cats else None
        kept = {c: a[c] - b[c] for c in keep}
    else:
        kept = {}
    u = unit(lg.scoring)
    text = (f"Give {' + '.join(map(name, out))}, get {' + '.join(map(name, inn))} from {lg.team_name(t)[0]}: "
            f"you {mine:+.1f}, they {theirs:+.1f} {u} over each side's best free moves "
            f"({'they accept' if theirs >= needed else 'they decline'}: from {needed:+.1f})")
    if gain is not None:
        text += f"; targets {gain:+.1f}"
    text += "".join(f"; {c} {x:+.1f}" for c, x in kept.items())
    if my_cut:
        text += f"; you cut {', '.join(map(name, my_cut))}"
    if my_pick:
        text += f"; you pick up {', '.join(map(name, my_pick))}"
    return FoundTrade(partner_id=t, partner=lg.team_name(t)[0], give=[name(p) for p in out], get=[name(p) for p in inn],
                      my_change=round(mine, 1), their_change=round(theirs, 1), both_gain=mine > 0 and theirs > 0,
                      acceptable=theirs >= needed, their_needed=round(needed, 1), my_raw_change=round(raw_mine, 1),
                      their_raw_change=round(raw_theirs, 1),
                      target_gain=None if gain is None else round(gain, 2),
                      protected={c: round(x, 2) for c, x in kept.items()}, my_cut=[name(p) for p in my_cut],
                      their_cut=[name(p) for p in their_cut], summary=text)
