"""A categories ESPN league that counts seven categories (no FT%, no TO: the mirror's
`--categories`, ESPN's scoringItems): rankings, trade values (and so trade finding) and free agents weigh
the league's own categories, not the nine (issue #37).

Expected values: each ranked row's z-sum is recomputed here from its own per-category z-scores
over the seven; the order and the rest-of-season values are the demo source's (the same box
scores through DuckDB, not through ESPN) punting the two categories the league does not count.

Broken version caught: `not_counted` empty (the ESPN history's `categories` ignored): every value
on the nine categories, so the z-sums include FT% and TO, the ranking is the nine-category one and
the trade's gain and its category rows are the demo's unpunted ones.
"""
from __future__ import annotations

import pytest

from tests.espn_mirror import AS_OF, mirror_process

SEVEN = ("FG%", "3PM", "REB", "AST", "STL", "BLK", "PTS")
LEFT_OUT = ["FT%", "TO"]


@pytest.fixture(scope="module")
def seven_mirror(courtside_home, espn_mirror):
    with mirror_process(courtside_home, AS_OF, "--categories", ",".join(SEVEN)) as line:
        yield line


@pytest.fixture
def seven(seven_mirror, mirror_league, courtside_home, monkeypatch):
    """The ESPN source of the seven-category league (its box-score history the run's own)."""
    from services.espn import EspnLeague, TTLCache
    from services.store.state import state_store

    mirror_league("categories").history()  # the run's categories history (the box scores are the same)
    monkeypatch.setenv("COURTSIDE_ESPN_URL", seven_mirror["url"])
    return EspnLeague(20252, 2025, my_team_id=1, as_of=AS_OF, cache=TTLCache(), store=state_store())


def _top(r, n=50):
    return [(p.player.name, p.ros_value) for p in r.players[:n]]


def test_rankings_weigh_the_leagues_own_categories(seven, demo_source):
    from services.league.rankings import rankings

    lg = seven.history()
    assert lg.categories == SEVEN
    ranked = rankings(lg, "season")
    assert ranked.counted == list(SEVEN) and ranked.punt == []
    for p in ranked.players:
        assert p.z_sum == pytest.approx(sum(p.z[c] for c in SEVEN), abs=4e-3), p.player.name  # seven z-scores of 3 decimals
    z = [p.z_sum for p in ranked.players]
    assert z == sorted(z, reverse=True)
    demo = demo_source(AS_OF, "categories").history()
    assert _top(ranked) == _top(rankings(demo, "season", LEFT_OUT))
    assert _top(ranked) != _top(rankings(demo, "season"))  # the nine would rank otherwise
    with_punt = rankings(lg, "season", ["BLK"])  # a manager's punt on top of the league's seven
    assert with_punt.punt == ["BLK"] and with_punt.counted == [c for c in SEVEN if c != "BLK"]


def test_trade_values_weigh_the_leagues_own_categories(seven, demo_source):
    from services.trades.evaluate import evaluate_trade

    lg, demo = seven.history(), demo_source(AS_OF, "categories")
    name = lambda pid: lg.snapshot.players[pid].ref.name  # noqa: E731
    mine, theirs = lg.roster_ids(1), lg.roster_ids(lg.opponent_id)
    # a trade the two categories move (chosen on the demo source: seven vs nine differ by > 0.5)
    trade = next(([name(g)], [name(t)]) for g in mine[:6] for t in theirs[:6]
                 if abs(evaluate_trade(demo, [name(g)], [name(t)], punt=LEFT_OUT).mine.gain
                        - evaluate_trade(demo, [name(g)], [name(t)]).mine.gain) > 0.5)
    espn = evaluate_trade(seven, *trade)
    want = evaluate_trade(demo, *trade, punt=LEFT_OUT)
    assert espn.mine.gain == pytest.approx(want.mine.gain, abs=0.1)
    # the partner plays the same seven: his gain is the demo's reverse trade from his side, punting the two
    his = evaluate_trade(demo, trade[1], trade[0], team_id=lg.opponent_id, punt=LEFT_OUT)
    # free moves are claimed across teams in team-id order (issue #40): on the demo source the other teams
    # value their claims on nine categories, in the ESPN league on seven, so the partner's wire differs a little
    assert espn.partner.gain == pytest.approx(his.mine.gain, rel=0.03, abs=0.1)
    assert [c.category for c in espn.mine.categories] == list(SEVEN)
    assert "punting" not in espn.unit  # the league's rules are not the manager's punt


def test_free_agents_weigh_the_leagues_own_categories(seven, demo_source):
    demo = demo_source(AS_OF, "categories")
    fas = [(f.player.name, f.score) for f in seven.free_agents(limit=10)]
    assert fas == [(f.player.name, f.score) for f in demo.free_agents(limit=10, punt=LEFT_OUT)]
    assert fas != [(f.player.name, f.score) for f in demo.free_agents(limit=10)]
