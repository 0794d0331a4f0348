"""The model catalogue's contracts: required case_id and its format, for_agent() without the
metadata, all-or-nothing DecisionResult, positive orders and positions, JSON round trips."""
from __future__ import annotations

import datetime as dt

import pytest
from pydantic import ValidationError

from services.arena import models
from services.arena.execution import handle_submission
from services.arena.models import (AgentInvocation, AgentInvocationResult, Case, CaseData, CaseDataItem, Decision,
                                   DecisionResult, EpisodeConfig, ExecutedTrade, Order, PortfolioSnapshot,
                                   SimulationLog)
from tests.services.arena.helpers import CUTOFF, make_case, stock

REFERENCE_NAMES = ["Case", "CaseData", "CaseDataItem", "StockData", "PricePoint", "IntervalPriceSummary",
                   "PortfolioSnapshot", "Order", "Decision", "ExecutedTrade", "DecisionResult", "EpisodeConfig",
                   "EpisodeResult", "TradeHistory", "AgentInvocation", "AgentInvocationResult", "DecisionPointLog",
                   "EpisodeLog", "SimulationLog"]


def test_every_reference_model_is_exported_under_its_name():
    assert [n for n in REFERENCE_NAMES if not hasattr(models, n)] == []


def _case_kwargs(**over):
    kw = dict(case_id="ep-1:4", decision_point_idx=4, information_cutoff_timestamp=CUTOFF,
              tickers=["BOS-2025-01-31"], stock_data={"BOS-2025-01-31": stock("BOS-2025-01-31", 0.6)},
              portfolio=PortfolioSnapshot(cash=10))
    kw.update(over)
    return kw


def test_case_id_is_required():
    kw = _case_kwargs()
    del kw["case_id"]
    with pytest.raises(ValidationError, match="case_id"):
        Case(**kw)


@pytest.mark.parametrize("bad", ["ep-1:3", "ep-1", ":4", "ep-1-4", ""])
def test_case_id_must_be_episode_colon_index(bad):
    with pytest.raises(ValidationError):
        Case(**_case_kwargs(case_id=bad))


def test_case_id_keeps_colons_in_the_episode_id():
    case = Case(**_case_kwargs(case_id="run:a:4"))
    assert case.episode_id == "run:a"


def test_for_agent_leaves_out_the_metadata_and_keeps_everything_else():
    case = make_case({"BOS-2025-01-31": 0.6, "NYK-2025-01-31": 0.4}, cash=50, positions={"BOS-2025-01-31": 2})
    case = case.model_copy(update={"case_data": CaseData(items=[CaseDataItem(kind="news", content="x")])})
    payload = case.for_agent()
    assert "decision_point_idx" not in payload and "information_cutoff_timestamp" not in payload
    # market_rules: the agent is told the spread, fee and size limit it trades under (issue #41)
    assert set(payload) == {"case_id", "tickers", "stock_data", "case_data", "portfolio", "market_rules"}
    assert payload["case_id"] == "ep:3"
    assert payload["portfolio"] == {"cash": 50.0, "positions": {"BOS-2025-01-31": 2}}
    assert payload["case_data"]["items"][0]["content"] == "x"
    # compact swaps the bars for the interval summary; the full payload keeps them
    assert "daily_bars" in payload["stock_data"]["BOS-2025-01-31"]
    assert "daily_bars" not in case.for_agent(compact=True)["stock_data"]["BOS-2025-01-31"]
    assert "interval_summary" in case.for_agent(compact=True)["stock_data"]["BOS-2025-01-31"]
    # the metadata is still on the Case itself
    assert case.decision_point_idx == 3 and case.information_cutoff_timestamp == CUTOFF


def test_tickers_are_exactly_the_stock_data_keys():
    with pytest.raises(ValidationError, match="tickers"):
        Case(**_case_kwargs(tickers=["BOS-2025-01-31", "NYK-2025-01-31"]))


def test_case_data_item_kinds():
    assert {CaseDataItem(kind=k, content="c").kind for k in ("news", "result", "other")} == {"news", "result", "other"}
    with pytest.raises(ValidationError):
        CaseDataItem(kind="earnings", content="c")


def test_decision_empty_is_hold_and_orders_need_positive_whole_quantities():
    assert Decision().is_hold and Decision(orders=[]).orders == []
    assert not Decision(orders=[Order(ticker="T", side="buy", quantity=1)]).is_hold
    for bad in ({"ticker": "T", "side": "buy", "quantity": 0}, {"ticker": "T", "side": "hold", "quantity": 1},
                {"ticker": "T", "side": "buy", "quantity": 1.5}, {"ticker": "T", "side": "buy", "quantity": 1, "x": 1}):
        with pytest.raises(ValidationError):
            Order.model_validate(bad)


def test_decision_result_is_all_or_nothing_and_a_rejection_says_why():
    trade = ExecutedTrade(case_id="e:0", order_index=0, ticker="T", side="buy", quantity=1, price=0.5, cash_delta=-0.5)
    assert DecisionResult(status="accepted", message="ok", executed_trades=[trade]).executed_trades == [trade]
    with pytest.raises(ValidationError, match="no trades"):
        DecisionResult(status="rejected", message="no", executed_trades=[trade])
    with pytest.raises(ValidationError, match="say why"):
        DecisionResult(status="rejected", message="  ")
    with pytest.raises(ValidationError):
        DecisionResult(status="partial", message="x")


def test_portfolio_positions_are_positive_and_sorted():
    assert list(PortfolioSnapshot(cash=1, positions={"B": 1, "A": 2}).positions) == ["A", "B"]
    with pytest.raises(ValidationError):
        PortfolioSnapshot(cash=1, positions={"A": 0})
    with pytest.raises(ValidationError):
        PortfolioSnapshot(cash=-1)


def test_episode_config_rejects_an_end_before_the_start():
    with pytest.raises(ValidationError, match="before it starts"):
        EpisodeConfig(episode_id="e", agent_id="a", tickers=[], initial_cash=10, start=dt.date(2025, 1, 2),
                      end=dt.date(2025, 1, 1))


def test_agent_invocation_steps_remaining_is_optional_and_the_tool_records_each_call():
    case = make_case({"BOS-2025-01-31": 0.5})
    inv = AgentInvocation(case=case, episode_id="ep", agent_id="a").bind(handle_submission)
    assert inv.steps_remaining is None
    first = inv.submit_decision(Decision(orders=[Order(ticker="BOS-2025-01-31", side="buy", quantity=2)]))
    second = inv.submit_decision({"orders": [{"ticker": "ZZZ", "side": "buy", "quantity": 1}]})
    assert (first.status, second.status) == ("accepted", "rejected")
    assert inv.tool_calls == [{"orders": [{"ticker": "BOS-2025-01-31", "side": "buy", "quantity": 2}]},
                              {"orders": [{"ticker": "ZZZ", "side": "buy", "quantity": 1}]}]
    assert [r.status for _, r in inv.submissions] == ["accepted", "rejected"]
    # the tool never changes the Case: each call executes against the morning's portfolio
    assert inv.case.portfolio.cash == 100 and inv.case.portfolio.positions == {}
    assert AgentInvocation(case=case, episode_id="ep", agent_id="a", steps_remaining=0).steps_remaining == 0
    assert AgentInvocationResult().decision.is_hold


def test_simulation_log_carries_the_three_versions_and_round_trips():
    log = SimulationLog(run_id="r", simulation_version="s/1", agent_version="a/1", evaluation_version="e/1")
    assert SimulationLog.model_validate_json(log.model_dump_json()) == log
    case = make_case({"BOS-2025-01-31": 0.61})
    assert Case.model_validate_json(case.model_dump_json()) == case


def test_volume_is_removed_from_the_payload_and_the_docstring_says_why():
    """Seed (trading-simulation-models.md): "`IntervalPriceSummary` | Optional open/close/high/low/volume
    summary"; issue #23 item 5: "Fill it ... or remove it from the payload and say why in the model's
    docstring". A real Case built on the desk's market carries no volume anywhere, and a volume is
    refused (extra="forbid"). Catches: the field coming back as an always-None column."""
    import json

    from services.arena import cases
    from services.arena.models import IntervalPriceSummary, PricePoint, PortfolioSnapshot
    from services.markets.state import win_prob

    case = cases.build_case(dt.date(2025, 1, 29), 0, "ep", PortfolioSnapshot(cash=1000.0), win_prob,
                            news=lambda c: [])
    payload = json.dumps(case.for_agent())
    assert case.stock_data and "interval_summary" in payload and "volume" not in payload
    assert "no order flow" in IntervalPriceSummary.__doc__ and "volume" in PricePoint.__doc__
    with pytest.raises(ValidationError):
        IntervalPriceSummary(start="a", end="b", open=0.5, close=0.5, high=0.5, low=0.5, volume=10.0)
