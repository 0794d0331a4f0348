"""The loop against the real schedule and finals: listing, prices from the desk, settlement and
marks checked against games.csv read here, extraction rules end to end, metrics, replay bytes."""
from __future__ import annotations

import csv
import datetime as dt
import random

import pytest

from services.arena import cases, experiments
from services.arena.instruments import contracts_on, listed_contracts
from services.arena.metrics import max_drawdown, sharpe
from services.arena.models import AgentInvocationResult, Order, PortfolioSnapshot
from services.arena.simulation import NO_FRICTION, make_config, run_episode
from services.config import DATA_DIR
from services.markets.state import win_prob

UTC = dt.timezone.utc
HALF = lambda gid, team, at: 0.5  # noqa: E731 - a flat price keeps the arithmetic checkable


def csv_games() -> list[dict]:
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if r["season_type"] == "regular"]


class Script:
    """An agent that submits what `plan(case)` returns, one tool call per entry (or raises)."""
    agent_id, version = "script", "1"

    def __init__(self, plan):
        self.plan = plan

    def invoke(self, inv):
        for raw in self.plan(inv.case):
            if isinstance(raw, BaseException):
                raise raw
            inv.submit_decision(raw)
        return AgentInvocationResult(tool_calls=inv.tool_calls)


def day_games(case):
    first = min(sd.game_date for sd in case.stock_data.values())
    return sorted({sd.game_id for sd in case.stock_data.values() if sd.game_date == first})


def test_morning_lists_both_sides_of_that_day_and_the_next_day_only():
    cutoff = dt.datetime(2025, 1, 29, 15, tzinfo=UTC)
    rows = csv_games()
    want = sorted(f"{r[side]}-{r['game_date']}" for r in rows if r["game_date"] in ("2025-01-29", "2025-01-30")
                  for side in ("home", "away"))
    assert sorted(c.ticker for c in listed_contracts(cutoff)) == want
    assert not any(c.date == dt.date(2025, 1, 31) for c in listed_contracts(cutoff))
    # a contract lists exactly 48 h before the nominal tip and stops trading at tip
    c = contracts_on(dt.date(2025, 1, 31))[0]
    assert c.listed_at == dt.datetime(2025, 1, 30, 0, tzinfo=UTC)
    assert c in listed_contracts(c.listed_at) and c not in listed_contracts(c.listed_at - dt.timedelta(seconds=1))
    assert c not in listed_contracts(c.tip)


def test_case_prices_are_the_desk_no_vig_probability_at_the_cutoff():
    day = dt.date(2025, 1, 29)
    case = cases.build_case(day, 0, "ep", PortfolioSnapshot(cash=10), win_prob)
    cutoff = case.information_cutoff_timestamp
    assert cutoff == dt.datetime(2025, 1, 29, 15, tzinfo=UTC)
    for t, sd in case.stock_data.items():
        assert t == f"{sd.team}-{sd.game_date}"
        assert sd.current_price == round(win_prob(sd.game_id, sd.team, cutoff), 4)
        other = case.stock_data[f"{sd.opponent}-{sd.game_date}"]
        assert sd.current_price + other.current_price == pytest.approx(1, abs=2e-4)
        assert sd.daily_bars[-1].close == sd.current_price and sd.daily_bars[-1].timestamp == "2025-01-29"
        assert all(b.low <= min(b.open, b.close) <= max(b.open, b.close) <= b.high for b in sd.daily_bars)
        assert sd.interval_summary.close == sd.current_price


def test_settlement_pays_one_per_contract_of_the_winner_against_the_csv():
    """Buy 3 home and 2 away contracts at 0.5 in every game; finals from the CSV decide the cash."""
    start, end = dt.date(2025, 1, 27), dt.date(2025, 1, 31)

    def plan(case):
        orders = []
        for gid in day_games(case):
            for sd in case.stock_data.values():
                if sd.game_id == gid:
                    orders.append(Order(ticker=sd.ticker, side="buy", quantity=3 if sd.home else 2))
        return [{"orders": [o.model_dump() for o in orders]}]

    # fills at the mid (no friction): this test is the settlement arithmetic; the spread has its own test
    log = run_episode(make_config("script", start, end, initial_cash=1000, news="results", rules=NO_FRICTION),
                      Script(plan), price=HALF)
    rows = [r for r in csv_games() if start.isoformat() <= r["game_date"] <= end.isoformat()]
    expected = 1000 + sum((3 if int(r["home_pts"]) > int(r["away_pts"]) else 2) - 2.5 for r in rows)
    res = log.episode_result
    assert res.metrics.final_value == pytest.approx(expected)
    assert res.final_portfolio.cash == pytest.approx(expected) and res.final_portfolio.positions == {}
    assert len(res.settlements) == 2 * len(rows)
    finals = {f"{r['away']} {r['away_pts']} - {r['home_pts']} {r['home']}" for r in rows}
    assert {s.final for s in res.settlements} == finals
    for s in res.settlements:
        team = s.ticker.split("-")[0]
        r = next(r for r in rows if s.final == f"{r['away']} {r['away_pts']} - {r['home_pts']} {r['home']}")
        winner = r["home"] if int(r["home_pts"]) > int(r["away_pts"]) else r["away"]
        assert s.payout == (1.0 if team == winner else 0.0)
    # positions of day D settle before the morning of D+1: each morning's mark starts flat
    assert all(p.equity.positions_value == 0 for p in log.decision_point_logs)


def test_marks_value_open_positions_at_the_case_price():
    """Contracts of tomorrow's games bought this morning are still open the next morning."""
    def plan(case):
        last = max(sd.game_date for sd in case.stock_data.values())
        t = sorted(sd.ticker for sd in case.stock_data.values() if sd.game_date == last)[0]
        return [{"orders": [{"ticker": t, "side": "buy", "quantity": 10}]}]

    log = run_episode(make_config("script", dt.date(2025, 1, 28), dt.date(2025, 1, 30), news="results"),
                      Script(plan), price=win_prob)
    p1 = log.decision_point_logs[1]
    held = p1.agent_payload["portfolio"]["positions"]
    assert len(held) == 1
    (t, q), = held.items()
    price = p1.agent_payload["stock_data"][t]["current_price"]
    assert p1.equity.positions_value == pytest.approx(q * price)
    assert p1.equity.value == pytest.approx(p1.equity.cash + q * price)


def test_extraction_rules_end_to_end():
    flat = {"orders": []}

    def plan(case):
        idx = int(case.case_id.rsplit(":", 1)[1])
        t = sorted(case.tickers)[0]
        buy = lambda q: {"orders": [{"ticker": t, "side": "buy", "quantity": q}]}  # noqa: E731
        return [[], [buy(1)], [buy(1), buy(2), buy(3)], [{"orders": [{"ticker": t, "side": "buy", "quantity": -1}]}],
                [buy(1), {"orders": [{"ticker": "NOPE-2025-01-01", "side": "buy", "quantity": 1}]}],
                [buy(1), RuntimeError("model crashed")], [flat]][idx]

    log = run_episode(make_config("script", dt.date(2025, 1, 24), dt.date(2025, 1, 31), news="results"),
                      Script(plan), price=HALF)
    pts = log.decision_point_logs
    assert len(pts) == 8  # Jan 24..31 all have games
    assert [p.extraction for p in pts[:3]] == ["no tool call: hold", "one tool call", "last of 3 tool calls"]
    assert [len(p.execution_result.executed_trades) for p in pts[:3]] == [0, 1, 1]
    assert pts[2].extracted_decision.orders[0].quantity == 3  # the last call counts, once
    assert pts[3].extracted_decision is None and pts[3].execution_result.status == "rejected"
    assert pts[3].extraction.startswith("invalid: rejected: invalid decision: orders.0.quantity")
    assert pts[4].execution_result.status == "rejected" and "NOPE-2025-01-01 not in Case.tickers" in pts[4].execution_result.message
    # an agent that raises after a submission: the error is logged and the submission still counts
    assert pts[5].agent_output["error"] == "RuntimeError: model crashed" and pts[5].extraction == "one tool call"
    m = log.episode_result.metrics
    assert (m.decisions, m.accepted, m.rejected, m.holds) == (8, 3, 2, 3)
    assert [t.quantity for t in log.episode_result.trade_history.trades] == [1, 3, 1]
    # a rejection changes nothing: the portfolio after it is the morning's portfolio
    assert pts[3].execution_result.portfolio.model_dump() == pts[3].agent_payload["portfolio"]
    assert pts[4].execution_result.portfolio.model_dump() == pts[4].agent_payload["portfolio"]


def test_metrics_formulas():
    assert max_drawdown([100, 120, 90, 130, 65]) == pytest.approx(0.5)
    assert max_drawdown([1, 2, 3]) == 0
    r = [0.1, -0.5, 1.0]
    mean = sum(r) / 3
    sd = (sum((x - mean) ** 2 for x in r) / 2) ** 0.5
    assert sharpe([100, 110, 55, 110]) == pytest.approx(mean / sd)
    assert sharpe([100, 100, 100]) == 0 and sharpe([100]) == 0


def test_turnover_is_traded_notional_over_initial_cash():
    def plan(case):
        t = sorted(case.tickers)[0]
        held = case.portfolio.positions
        orders = [{"ticker": h, "side": "sell", "quantity": q} for h, q in held.items() if h in case.stock_data]
        return [{"orders": orders + [{"ticker": t, "side": "buy", "quantity": 20}]}]

    log = run_episode(make_config("script", dt.date(2025, 1, 27), dt.date(2025, 1, 29), initial_cash=100,
                                  news="results"), Script(plan), price=HALF)
    trades = log.episode_result.trade_history.trades
    assert log.episode_result.metrics.turnover == pytest.approx(sum(abs(t.quantity * t.price) for t in trades) / 100)


def test_same_config_and_seed_give_byte_identical_files(monkeypatch, tmp_path):
    monkeypatch.setenv("COURTSIDE_HOME", str(tmp_path))

    def plan(case):
        rng = random.Random(case.case_id)
        t = rng.choice(sorted(case.tickers))
        return [{"orders": [{"ticker": t, "side": "buy", "quantity": rng.randint(1, 20)}]}]

    def once() -> dict[str, bytes]:
        cfg = make_config("script", dt.date(2025, 1, 27), dt.date(2025, 1, 31), seed=7, news="wire")
        log = experiments.run_experiment(cfg, Script(plan))
        d = tmp_path / "experiments" / log.run_id
        out = {f: (d / f).read_bytes() for f in experiments.FILES}
        for f in experiments.FILES:
            (d / f).unlink()
        return out

    first, second = once(), once()
    assert first == second and all(first.values())
    assert first["episode_log.jsonl"].count(b"\n") == 1
    other = make_config("script", dt.date(2025, 1, 27), dt.date(2025, 1, 31), seed=8)
    assert experiments.run_id_for(other, "1") != experiments.run_id_for(
        make_config("script", dt.date(2025, 1, 27), dt.date(2025, 1, 31), seed=7), "1")


def test_read_run_restores_the_simulation_log(monkeypatch, tmp_path):
    monkeypatch.setenv("COURTSIDE_HOME", str(tmp_path))
    cfg = make_config("script", dt.date(2025, 1, 27), dt.date(2025, 1, 28), news="results")
    log = experiments.run_experiment(cfg, Script(lambda case: []), price=HALF)
    assert experiments.read_run(log.run_id) == log
    assert experiments.list_runs() == [log.run_id]
    with pytest.raises(experiments.RunNotFound):
        experiments.read_run("nope")
