"""Trades chosen from the league's rosters (never a hard-coded owner) and the other managers' stated
rule re-computed apart from services.trades: the team's best free moves (greedy waiver swaps with
the stated pools, floor and cap of services.trades.wire, the IR slot and the claims in team id
order, written here), the roster fit (cut the
lowest rest-of-season value, fill an open spot with the best free agent the free moves left)
written here, and every roster's rest-of-season lineup value re-solved by the exhaustive solver of
tests/brute_force.py. The rule: a manager accepts a trade that gains him ACCEPT_MARGIN (0.5%) of
his value over his own best free moves (it was +0.2% over the roster as it stood, which accepted
a trade that only filled a spot the wire fills for free)."""
from __future__ import annotations

import weakref

import pytest

from services.optimizer.season import SeasonInputs, category_floor, season_player
from services.league.slots import STARTING_SLOTS
from services.trades.respond import ACCEPT_MARGIN
from services.trades.wire import ADD_POOL, DROP_POOL, MAX_FREE_MOVES, MIN_FREE_GAIN
from tests.brute_force import Season


_SEASONS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # league -> {player id: inputs}


def _season(lg, pid: str):
    """His rest-of-season inputs with the season value the cards use (per-game value as a season
    regresses: docs/season-value.md 1b; the fit itself is checked in test_calibration_value).
    Kept per league object: the rule's sorts ask for the same player thousands of times."""
    known = _SEASONS.setdefault(lg, {})
    if pid not in known:
        floor = category_floor(lg.snapshot, lg.scoring) if lg.scoring != "points" else 0.0
        known[pid] = season_player(lg, pid, lg.week[2], lg.scoring, floor, regressed=True)
    return known[pid]


def lineup_value(lg, ids) -> float:
    """A roster's rest-of-season lineup value, re-solved exhaustively (tests/brute_force.py)."""
    players = tuple(_season(lg, p) for p in ids)
    return Season(SeasonInputs("", tuple(sorted({d for p in players for d in p.games})), players, ()),
                  tuple(STARTING_SLOTS.items())).base


def ros(lg, pid: str) -> float:
    sp = _season(lg, pid)
    return sp.value * sp.availability * len(sp.games)


def roster_after(lg, team: int, out_ids: list[str], in_ids: list[str], base: list[str] | None = None,
                 pool: list[str] | None = None, ir=()) -> list[str]:
    """The stated roster fit, written here: over 13 active players the lowest rest-of-season value
    is cut; under 13 the best free agent by rest-of-season value takes the open spot (`base`: the
    roster the trade applies to, default the team's; `pool`: the free agents, default all; `ir`: the
    base's players in the IR slot, who neither count against the 13 nor are cut)."""
    after = [p for p in (lg.roster_ids(team) if base is None else base) if p not in out_ids] + list(in_ids)
    size = lambda: 13 + sum(p in after for p in ir)  # noqa: E731
    while len(after) > size():
        after.remove(min((p for p in after if p not in ir), key=lambda p: (ros(lg, p), p)))
    if len(after) < size():
        fas = [p for p in (lg.free_agent_ids() if pool is None else pool) if p not in after]
        after += sorted(fas, key=lambda p: (-ros(lg, p), p))[:size() - len(after)]
    return after


_FAST: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _fast(lg, ids) -> float:
    """The greedy search's lineup values (the service's day solver, cached per league: thousands of
    rosters); the values the rule compares are re-solved by brute force (`lineup_value`)."""
    from services.trades.value import Valuer

    if lg not in _FAST:
        _FAST[lg] = Valuer(lg)
    return _FAST[lg].total(list(ids))


_WIRES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # league -> {team: (ids, added, pool, ir)}


def _one_wire(lg, team: int, pool: list[str]) -> tuple[list[str], set[str], list[str], tuple[str, ...]]:
    """One team's best free moves from `pool` by the stated rule: its OUT players go to its free IR
    slots (the longest missed streak first) and the open spots they leave take, one by one, the free
    agent of the ADD_POOL best by rest-of-season value who adds most; then each step tries the
    DROP_POOL smallest marginal lineup values (never an IR-slot player) against the ADD_POOL free
    agents and makes the best swap, while it gains MIN_FREE_GAIN of the roster's value, at most
    MAX_FREE_MOVES times."""
    from services.league.slots import IR_SLOTS

    ids = list(lg.roster_ids(team))
    free = max(0, IR_SLOTS - len(lg.ir_ids(team)))
    outs = sorted((p for p in ids if lg.snapshot.players[p].status == "OUT"),
                  key=lambda p: (-lg.snapshot.players[p].missed_in_row, p))
    ir = tuple(outs[:free])
    fas = sorted((p for p in pool if p not in ids), key=lambda p: (-ros(lg, p), p))
    total, added = _fast(lg, ids), set()
    while len(ids) < 13 + len(ir) and fas:
        gain, a = max((_fast(lg, [*ids, a]) - total, a) for a in fas[:ADD_POOL])
        ids.append(a)
        fas.remove(a)
        added.add(a)
        total += gain
    floor = MIN_FREE_GAIN * abs(total)
    for _ in range(MAX_FREE_MOVES):
        losses = sorted((total - _fast(lg, [q for q in ids if q != p]), p) for p in ids if p not in ir)[:DROP_POOL]
        swaps = [(_fast(lg, [q for q in ids if q != d] + [a]) - total, d, a) for _, d in losses for a in fas[:ADD_POOL]]
        gain, d, a = max(swaps, key=lambda s: s[0])
        if gain < floor:
            break
        ids = [a if q == d else q for q in ids]
        fas.remove(a)
        added.add(a)
        total += gain
    return ids, added, list(pool), ir


def wires(lg) -> dict[int, tuple[list[str], set[str], list[str], tuple[str, ...]]]:
    """Every team's (roster after its free moves, the free agents added, the pool it drew on, its
    IR-slot players): teams claim in team id order, each from what the teams before it left."""
    if lg not in _WIRES:
        taken: set[str] = set()
        out = {}
        for t in sorted(lg.team_ids):
            out[t] = _one_wire(lg, t, [p for p in lg.free_agent_ids() if p not in taken])
            taken |= out[t][1]
        _WIRES[lg] = out
    return _WIRES[lg]


def wire(lg, team: int) -> tuple[list[str], set[str]]:
    """(the team's roster after its best free moves, the free agents they add) by the stated rule."""
    ids, added, _, _ = wires(lg)[team]
    return ids, added


def partner_change(lg, partner: int, gives: list[str], gets: list[str]) -> tuple[float, float]:
    """(the partner's gain over his best free moves, the margin his rule asks), re-solved by brute force."""
    ids, added, pool, ir = wires(lg)[partner]
    base = lineup_value(lg, ids)
    left = [p for p in pool if p not in added]
    return (lineup_value(lg, roster_after(lg, partner, gets, gives, ids, left, ir)) - base,
            ACCEPT_MARGIN * abs(base))


def name(lg, pid: str) -> str:
    return lg.snapshot.players[pid].ref.name


def accepted_trade(src) -> tuple[list[str], list[str], int]:
    """A 1-for-1 from the league's rosters whose partner clears his margin (brute force): my
    players best first against each partner's players weakest first, the first one his rule
    accepts: (my players, his players, partner id)."""
    from services.trades.respond import TradeTerms, respond

    lg = src.league
    me = lg.my_team_id
    by = lambda t, sign: sorted(lg.roster_ids(t), key=lambda p: (sign * ros(lg, p), p))  # noqa: E731
    for partner in (t for t in lg.team_ids if t != me):
        for x in by(me, -1)[:4]:
            for y in by(partner, 1)[3:8]:
                terms = TradeTerms(team_id=me, partner_id=partner, give_ids=[x], get_ids=[y])
                if respond(lg, terms).decision == "accept":
                    change, needed = partner_change(lg, partner, [x], [y])
                    assert change >= needed - 0.1  # his rule, re-solved here
                    return [x], [y], partner
    pytest.fail("no 1-for-1 the partner would accept")


def names(lg, ids: list[str]) -> str:
    return " and ".join(name(lg, p) for p in ids)


def lopsided_ask(src) -> tuple[str, str, int]:
    """One of my weaker players for a partner's best: he would not take it as it stands, but one
    change would get there (a counter). From my lowest-valued player up, the first such ask; the
    tests re-check by brute force that he refuses it and that his counter clears his rule."""
    from services.trades.respond import TradeTerms, respond
    from services.trades.value import Valuer

    lg = src.league
    v = Valuer(lg)
    me = lg.my_team_id
    partner = next(t for t in lg.team_ids if t != me)
    theirs = max(lg.roster_ids(partner), key=lambda p: (v.ros_total(p), p))
    for mine in sorted(lg.roster_ids(me), key=lambda p: (v.ros_total(p), p)):
        answer = respond(lg, TradeTerms(team_id=me, partner_id=partner, give_ids=[mine], get_ids=[theirs]))
        if answer.decision == "counter":
            return mine, theirs, partner
    raise AssertionError("no player of mine draws a counter for the partner's best")


def hopeless_ask(lg) -> tuple[list[str], list[str], int]:
    """My lowest-valued player for a partner's three best: no single change rescues it, so he
    declines (the tests re-check that by brute force)."""
    from services.trades.value import Valuer

    v = Valuer(lg)
    me = lg.my_team_id
    partner = next(t for t in lg.team_ids if t != me)
    give = [min(lg.roster_ids(me), key=lambda p: (v.ros_total(p), p))]
    get = sorted(lg.roster_ids(partner), key=lambda p: (-v.ros_total(p), p))[:3]
    return give, get, partner


def sides(src) -> tuple[list[str], int, list[str]]:
    """(my active players' names, a partner team, his active players' names), best rest-of-season
    value first: read from the league, so tests name no owner."""
    lg = src.league
    me = lg.my_team_id
    partner = next(t for t in lg.team_ids if t != me)
    by_value = lambda t: [name(lg, p) for p in sorted(lg.roster_ids(t), key=lambda p: (-ros(lg, p), p))]  # noqa: E731
    return by_value(me), partner, by_value(partner)
