"""Friction in the arena (issue #41: "fills are at the no-vig price with no spread, fee or size
limit"): a buy fills at the desk's ask, a sell at its bid, the fee comes off the cash, and the size
limit rejects the whole decision with the limit named; the simulation quotes every contract with
the desk's own margin. Prices by hand from the margin (4.5%, services/markets/pricing.DESK_MARGIN).
Broken version caught: today's execution, which fills both sides at the mid with no fee or limit.
"""
from __future__ import annotations

import datetime as dt

import pytest

from services.arena import cases
from services.arena.execution import execute_decision
from services.arena.models import Decision, MarketRules, Order, PortfolioSnapshot
from services.arena.simulation import DESK_RULES, make_config
from services.markets.state import win_prob
from tests.services.arena.helpers import make_case

BOS, NYK = "BOS-2025-01-31", "NYK-2025-01-31"
RULES = MarketRules(margin=0.045, fee_rate=0.01, max_order_notional=40.0)


def _quoted(prices, **kw):
    case = make_case(prices, **kw).model_copy(update={"market_rules": RULES})
    sd = {t: s.model_copy(update={"ask": RULES.ask(s.current_price), "bid": RULES.bid(s.current_price)})
          for t, s in case.stock_data.items()}
    return case.model_copy(update={"stock_data": sd})


def test_buy_at_the_ask_sell_at_the_bid_with_the_fee():
    case = _quoted({BOS: 0.60, NYK: 0.40}, cash=100, positions={NYK: 50})
    ask, bid = round(0.60 * 1.045, 4), round(1 - 0.60 * 1.045, 4)  # NYK's bid: 1 - BOS-side ask at 1 - 0.40
    assert (ask, bid) == (0.627, 0.373)
    r = execute_decision(Decision(orders=[Order(ticker=BOS, side="buy", quantity=50),
                                          Order(ticker=NYK, side="sell", quantity=50)]), case)
    assert r.status == "accepted"
    sell, buy = r.executed_trades  # sells run first
    assert (sell.price, sell.fee, sell.cash_delta) == (bid, pytest.approx(0.1865), pytest.approx(18.65 - 0.1865))
    assert (buy.price, buy.fee, buy.cash_delta) == (ask, pytest.approx(0.3135), pytest.approx(-(31.35 + 0.3135)))
    assert r.portfolio.cash == pytest.approx(100 + 18.65 - 0.1865 - 31.35 - 0.3135)


def test_the_size_limit_rejects_the_whole_decision_and_names_the_limit():
    case = _quoted({BOS: 0.60, NYK: 0.40}, cash=1000)
    r = execute_decision(Decision(orders=[Order(ticker=BOS, side="buy", quantity=40),   # 25.08
                                          Order(ticker=BOS, side="buy", quantity=30),   # +18.81: 43.89 > 40
                                          Order(ticker=NYK, side="buy", quantity=10)]), case)
    assert r.status == "rejected" and not r.executed_trades
    assert f"buy of {BOS} is 43.89, over the desk's size limit of 40 per contract per decision" in r.message
    assert r.portfolio == case.portfolio


def test_the_simulation_quotes_the_desks_margin_on_both_sides():
    day = dt.date(2025, 1, 29)
    cfg = make_config("x", day, day)
    assert cfg.market_rules == DESK_RULES and DESK_RULES.margin == 0.045 and DESK_RULES.max_order_notional == 100
    case = cases.build_case(day, 0, "ep", PortfolioSnapshot(cash=10), win_prob, rules=DESK_RULES)
    for sd in case.stock_data.values():
        assert sd.ask == round(min(1, sd.current_price * 1.045), 4)
        assert sd.bid == round(max(0, 1 - (1 - sd.current_price) * 1.045), 4)
        assert sd.bid < sd.current_price < sd.ask
    assert case.for_agent()["market_rules"] == DESK_RULES.model_dump()  # the agent is told the rules


def test_baselines_trade_at_the_ask_within_the_limit_and_market_kelly_never_bets():
    """The favourite's stake buys whole contracts at the ask (accepted, under the size limit); the
    market-implied Kelly baseline believes the mid, which never beats the ask: it holds."""
    from agents.arena.registry import make_agent
    from services.arena.execution import handle_submission
    from services.arena.models import AgentInvocation

    day = dt.date(2025, 1, 29)
    case = cases.build_case(day, 0, "ep", PortfolioSnapshot(cash=1000), win_prob, rules=DESK_RULES)
    inv = AgentInvocation(case=case, episode_id="ep", agent_id="favourite").bind(handle_submission)
    make_agent("favourite").invoke(inv)
    ((decision, result),) = inv.submissions
    assert result.status == "accepted" and result.executed_trades
    for t in result.executed_trades:
        sd = case.stock_data[t.ticker]
        assert t.price == sd.ask and t.quantity == int(50 // sd.ask + 1e-9) and t.quantity * t.price <= 100
    inv = AgentInvocation(case=case, episode_id="ep", agent_id="market_kelly").bind(handle_submission)
    make_agent("market_kelly").invoke(inv)
    assert inv.tool_calls == [{"orders": []}]
