"""The arena's rule agents on real mornings: what each buys, checked against the desk's prices,
the desk's rating and the pod's estimator computed here; random stays valid and seeded."""
from __future__ import annotations

import datetime as dt
import math

import pytest

from agents.arena.baselines import FavouriteAgent, HoldAgent, RandomValidAgent, RatingEdgeAgent
from agents.arena.kelly import EstimatorKellyAgent, kelly_fraction
from agents.arena.registry import AGENTS, UnknownAgent, make_agent
from services.league import season_games as sg
from services.arena import cases
from services.arena.execution import execute_decision, handle_submission
from services.arena.models import AgentInvocation, PortfolioSnapshot
from services.markets.ratings import rating_home_prob
from services.markets.state import win_prob
from services.signals.estimator import estimate

DAYS = [dt.date(2025, 1, 27) + dt.timedelta(days=i) for i in range(5)]


def morning(day: dt.date, cash: float = 1000.0, positions=None, idx: int = 0) -> AgentInvocation:
    case = cases.build_case(day, idx, "ep", PortfolioSnapshot(cash=cash, positions=positions or {}), win_prob)
    return AgentInvocation(case=case, episode_id="ep", agent_id="a", steps_remaining=3).bind(handle_submission)


def test_registry_names_every_agent_and_refuses_others():
    assert sorted(AGENTS) == sorted(["hold", "favourite", "rating_edge", "random", "estimator_kelly", "market_kelly",
                                    "model"])
    assert all(make_agent(n).invoke for n in AGENTS)
    with pytest.raises(UnknownAgent, match="unknown agent 'yolo'"):
        make_agent("yolo")


def test_hold_submits_an_empty_decision():
    inv = morning(DAYS[0])
    out = HoldAgent().invoke(inv)
    assert inv.tool_calls == [{"orders": []}] and out.decision.is_hold


@pytest.mark.parametrize("day", DAYS)
def test_favourite_buys_the_higher_priced_side_of_every_game_that_day(day):
    inv = morning(day)
    FavouriteAgent(stake=50).invoke(inv)
    at = inv.case.information_cutoff_timestamp
    want = []
    for g in sg.schedule(day, day):
        ph, pa = round(win_prob(g.game_id, g.home, at), 4), round(win_prob(g.game_id, g.away, at), 4)
        team, p = (g.home, ph) if ph >= pa else (g.away, pa)
        want.append((f"{team}-{day}", math.floor(50 / p)))
    got = [(o["ticker"], o["quantity"]) for o in inv.tool_calls[0]["orders"]]
    assert sorted(got) == sorted(want)
    assert inv.submissions[0][1].status == "accepted"


def test_favourite_skips_what_it_holds_and_what_it_cannot_afford():
    inv = morning(DAYS[0])
    FavouriteAgent().invoke(inv)
    first = inv.tool_calls[0]["orders"]
    held = {first[0]["ticker"]: 5}
    inv2 = morning(DAYS[0], cash=30.0, positions=held)
    FavouriteAgent(stake=50).invoke(inv2)
    orders = inv2.tool_calls[0]["orders"]
    assert first[0]["ticker"] not in {o["ticker"] for o in orders}
    assert inv2.submissions[0][1].status == "accepted"  # never spends beyond the cash


@pytest.mark.parametrize("day", DAYS)
def test_rating_edge_buys_only_sides_the_desk_rating_beats_by_the_margin(day):
    inv = morning(day)
    RatingEdgeAgent(stake=50, margin=0.05).invoke(inv)
    want = []
    for g in sg.schedule(day, day):
        p = rating_home_prob(g.game_id)
        edges = {g.home: p - inv.case.stock_data[f"{g.home}-{day}"].current_price,
                 g.away: (1 - p) - inv.case.stock_data[f"{g.away}-{day}"].current_price}
        team = max(edges, key=edges.get)
        if edges[team] >= 0.05:
            want.append(f"{team}-{day}")
    assert sorted(o["ticker"] for o in inv.tool_calls[0]["orders"]) == sorted(want)


def test_rating_edge_finds_edges_somewhere_in_the_week():
    assert any(RatingEdgeAgent().invoke(morning(d)).decision.orders for d in DAYS)


def test_random_is_always_valid_and_seeded():
    held = {}
    seen = {}
    for seed in (1, 2):
        cash, positions, runs = 200.0, {}, []
        for idx, day in enumerate(DAYS * 3):
            inv = morning(day, cash=cash, positions={t: q for t, q in positions.items() if t.endswith(
                tuple(str(d) for d in (day, day + dt.timedelta(days=1))))}, idx=idx)
            RandomValidAgent(seed=seed).invoke(inv)
            r = inv.submissions[-1][1]
            assert r.status == "accepted", r.message
            cash, positions = r.portfolio.cash, dict(r.portfolio.positions)
            runs.append(inv.tool_calls[-1])
        seen[seed] = runs
        held[seed] = positions
    again = [RandomValidAgent(seed=1).invoke(morning(DAYS[0], cash=200.0)).tool_calls[0]]
    assert again[0] == seen[1][0]
    assert seen[1] != seen[2]
    assert sum(len(c["orders"]) for c in seen[1]) >= 5  # it does trade



def test_random_sells_only_what_it_holds():
    t = f"BOS-{DAYS[2]}"
    sells = []
    for idx in range(20):
        inv = morning(DAYS[2], cash=0.0, positions={t: 5}, idx=idx)
        RandomValidAgent(seed=3).invoke(inv)
        assert inv.submissions[0][1].status == "accepted"
        sells += [o for o in inv.tool_calls[0]["orders"] if o["side"] == "sell"]
    assert sells and all(o["ticker"] == t and 1 <= o["quantity"] <= 5 for o in sells)


def test_kelly_fraction():
    assert kelly_fraction(0.6, 0.5) == pytest.approx(0.2)
    assert kelly_fraction(0.5, 0.5) == 0 and kelly_fraction(0.4, 0.5) == 0
    assert kelly_fraction(0.9, 0.8) == pytest.approx(0.5)


def test_estimator_kelly_sizes_each_edge_with_a_capped_quarter_kelly():
    day = DAYS[2]
    inv = morning(day, cash=1000.0)
    EstimatorKellyAgent(kelly=0.25, cap=0.10, min_edge=0.02).invoke(inv)
    at = inv.case.information_cutoff_timestamp
    want = {}
    for g in sg.schedule(day, day):
        p_home = estimate(g.game_id, at=at, mode="blind").probability
        for team, p in ((g.home, p_home), (g.away, 1 - p_home)):
            q = inv.case.stock_data[f"{team}-{day}"].current_price
            if p - q >= 0.02:
                want[f"{team}-{day}"] = math.floor(min(0.25 * (p - q) / (1 - q), 0.10) * 1000 / q)
    got = {o["ticker"]: o["quantity"] for o in inv.tool_calls[0]["orders"]}
    assert got == {t: q for t, q in want.items() if q > 0}
    assert execute_decision(inv.submissions[0][0], inv.case).status == "accepted"
