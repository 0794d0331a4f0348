"""All-or-nothing execution: every rejection reason, sells before buys, nothing executed on a
rejection, fills at the Case's price, and the tool-call extraction rules."""
from __future__ import annotations

import pytest

from services.arena.execution import execute_decision, extract_call, handle_submission
from services.arena.models import Decision, Order
from tests.services.arena.helpers import make_case

BOS, NYK, LAL = "BOS-2025-01-31", "NYK-2025-01-31", "LAL-2025-01-31"


def d(*orders: tuple[str, str, int]) -> Decision:
    return Decision(orders=[Order(ticker=t, side=s, quantity=q) for t, s, q in orders])


def test_buy_fills_at_the_case_price_and_updates_cash_and_positions():
    case = make_case({BOS: 0.62, NYK: 0.38}, cash=100)
    r = execute_decision(d((BOS, "buy", 50), (NYK, "buy", 10)), case)
    assert r.status == "accepted"
    assert [(t.order_index, t.ticker, t.quantity, t.price, t.cash_delta) for t in r.executed_trades] == [
        (0, BOS, 50, 0.62, -31.0), (1, NYK, 10, 0.38, -3.8)]
    assert r.portfolio.cash == pytest.approx(100 - 31 - 3.8)
    assert r.portfolio.positions == {BOS: 50, NYK: 10}
    assert all(t.case_id == case.case_id for t in r.executed_trades)


def test_hold_is_accepted_and_changes_nothing():
    case = make_case({BOS: 0.6}, cash=5, positions={BOS: 3})
    r = execute_decision(Decision(), case)
    assert r.status == "accepted" and r.executed_trades == [] and r.portfolio == case.portfolio


def test_unknown_ticker_rejects_the_whole_decision_and_names_it():
    case = make_case({BOS: 0.6}, cash=100)
    r = execute_decision(d((BOS, "buy", 1), ("XYZ-2025-01-31", "buy", 1)), case)
    assert r.status == "rejected" and r.executed_trades == []
    assert "order 1: ticker XYZ-2025-01-31 not in Case.tickers" in r.message
    assert r.portfolio == case.portfolio


def test_selling_more_than_held_rejects_with_the_quantities():
    case = make_case({BOS: 0.6, NYK: 0.4}, cash=100, positions={BOS: 3})
    r = execute_decision(d((NYK, "buy", 1), (BOS, "sell", 4)), case)
    assert r.status == "rejected" and r.executed_trades == []
    assert "order 1: sells 4 BOS-2025-01-31 but 3 held" in r.message
    r = execute_decision(d((NYK, "sell", 1)), case)
    assert "sells 1 NYK-2025-01-31 but 0 held" in r.message


def test_two_sells_of_one_position_count_together():
    case = make_case({BOS: 0.6}, cash=0, positions={BOS: 3})
    r = execute_decision(d((BOS, "sell", 2), (BOS, "sell", 2)), case)
    assert r.status == "rejected" and "order 1: sells 2 BOS-2025-01-31 but 1 held" in r.message


def test_buying_beyond_cash_rejects_with_cost_and_cash():
    case = make_case({BOS: 0.5, NYK: 0.5}, cash=10)
    r = execute_decision(d((BOS, "buy", 10), (NYK, "buy", 12)), case)
    assert r.status == "rejected" and r.executed_trades == [] and r.portfolio.cash == 10
    assert "order 1: buying 12 NYK-2025-01-31 at 0.5000 costs 6.00, beyond the cash of 5.00" in r.message


def test_exactly_all_the_cash_is_accepted():
    case = make_case({BOS: 0.25}, cash=10)
    r = execute_decision(d((BOS, "buy", 40)), case)
    assert r.status == "accepted" and r.portfolio.cash == 0


def test_every_reason_is_reported_at_once():
    case = make_case({BOS: 0.5, NYK: 0.5}, cash=1, positions={BOS: 1})
    r = execute_decision(d((BOS, "sell", 5), (NYK, "buy", 100)), case)
    assert "order 0: sells 5" in r.message and "order 1: buying 100" in r.message


def test_sells_run_before_buys_so_a_sale_funds_a_buy_listed_first():
    case = make_case({BOS: 0.5, NYK: 0.4}, cash=0, positions={NYK: 10})
    r = execute_decision(d((BOS, "buy", 8), (NYK, "sell", 10)), case)  # buy 4.00 listed before the 4.00 sale
    assert r.status == "accepted"
    assert [(t.order_index, t.side) for t in r.executed_trades] == [(1, "sell"), (0, "buy")]
    assert r.portfolio.cash == pytest.approx(0.0) and r.portfolio.positions == {BOS: 8}


def test_the_same_buy_without_the_sale_is_rejected():
    case = make_case({BOS: 0.5, NYK: 0.4}, cash=0, positions={NYK: 10})
    assert execute_decision(d((BOS, "buy", 8)), case).status == "rejected"


def test_selling_everything_drops_the_position():
    case = make_case({BOS: 0.7}, cash=0, positions={BOS: 10})
    r = execute_decision(d((BOS, "sell", 10)), case)
    assert r.portfolio.positions == {} and r.portfolio.cash == pytest.approx(7.0)
    assert r.executed_trades[0].cash_delta == pytest.approx(7.0)


@pytest.mark.parametrize("raw, where", [
    ({"orders": [{"ticker": BOS, "side": "buy", "quantity": 0}]}, "orders.0.quantity"),
    ({"orders": [{"ticker": BOS, "side": "short", "quantity": 1}]}, "orders.0.side"),
    ({"orders": [{"ticker": BOS, "side": "buy"}]}, "orders.0.quantity"),
    ({"orders": "buy everything"}, "orders"),
    ({"orders": [], "note": "x"}, "note"),
    ("hold", "decision"),
])
def test_invalid_arguments_are_a_rejection_not_a_crash(raw, where):
    case = make_case({BOS: 0.5}, cash=10)
    decision, r = handle_submission(case, raw)
    assert decision is None and r.status == "rejected" and r.executed_trades == []
    assert r.message.startswith(f"rejected: invalid decision: {where}")


def test_handler_accepts_the_decision_wrapped_or_bare():
    case = make_case({BOS: 0.5}, cash=10)
    bare = {"orders": [{"ticker": BOS, "side": "buy", "quantity": 2}]}
    assert handle_submission(case, bare)[1] == handle_submission(case, {"decision": bare})[1]
    assert handle_submission(case, bare)[0] == d((BOS, "buy", 2))


def test_extraction_rules():
    assert extract_call([]) == (None, "no tool call: hold")
    assert extract_call([{"orders": []}]) == ({"orders": []}, "one tool call")
    a, b, c = {"orders": [1]}, {"orders": [2]}, {"orders": [3]}
    assert extract_call([a, b, c]) == (c, "last of 3 tool calls")
