"""Trades chosen from the league's rosters (never a hard-coded owner) and the other managers' stated
rule re-computed apart from services.trades: the roster fit (cut the lowest rest-of-season value,
fill an open spot with the best free agent) written here, and every roster's rest-of-season
lineup value re-solved by the exhaustive solver of tests/brute_force.py."""
from __future__ import annotations

import weakref

import pytest

from services.optimizer.season import SeasonInputs, category_floor, season_player
from services.league.slots import STARTING_SLOTS
from services.trades.respond import ACCEPT_MARGIN
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


def roster_after(lg, team: int, out_ids: list[str], in_ids: list[str]) -> list[str]:
    """The stated roster fit, written here: over 13 active players the lowest rest-of-season value
    is cut; under 13 the best free agent by rest-of-season value takes the open spot."""
    after = [p for p in lg.roster_ids(team) if p not in out_ids] + list(in_ids)
    while len(after) > 13:
        after.remove(min(after, key=lambda p: (ros(lg, p), p)))
    if len(after) < 13:
        after += sorted(lg.free_agent_ids(), key=lambda p: (-ros(lg, p), p))[:13 - len(after)]
    return after


def partner_change(lg, partner: int, gives: list[str], gets: list[str]) -> tuple[float, float]:
    """(the partner's rest-of-season change, the margin his rule asks), re-solved by brute force."""
    base = lineup_value(lg, lg.roster_ids(partner))
    return lineup_value(lg, roster_after(lg, partner, gets, gives)) - base, ACCEPT_MARGIN * abs(base)


def name(lg, pid: str) -> str:
    return lg.snapshot.players[pid].ref.name


def accepted_trade(src) -> tuple[list[str], list[str], int]:
    """A trade the finder says both teams gain from and whose partner clears his margin (brute
    force): (my players, his players, partner id), read from the league's rosters."""
    from services.trades.find import find_trades

    lg = src.league
    for t in find_trades(src, limit=5).trades:
        x, y = [src.resolve_id(n) for n in t.give], [src.resolve_id(n) for n in t.get]
        change, needed = partner_change(lg, t.partner_id, x, y)
        if t.both_gain and change >= needed:
            return x, y, t.partner_id
    pytest.fail("no trade the partner would accept among the finder's top 5")


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
