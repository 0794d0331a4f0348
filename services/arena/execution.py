"""All-or-nothing execution of a Decision against a Case, and the extraction rules for tool calls.

Sells run before buys (so a sale can fund a buy). Any unknown ticker, any sale of more than is
held, any buy beyond the cash left after the sales rejects the whole decision, and the message
names every reason. Fills are at the desk's two-sided quote (`Case.market_rules`, issue #41): a
buy at the ask, a sell at the bid (the mid when the case quotes none), each charged the fee on its
notional; what one decision buys or sells of one contract is capped by the size limit (over it,
the whole decision is rejected and the message says the limit). Execution is a pure function.
"""
from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from services.arena.models import Case, Decision, DecisionResult, ExecutedTrade, PortfolioSnapshot

EPS = 1e-9


def _money(x: float) -> float:
    return round(x, 6)


def _reject(case: Case, reasons: list[str]) -> DecisionResult:
    return DecisionResult(status="rejected", message="rejected: " + "; ".join(reasons), portfolio=case.portfolio)


def execute_decision(decision: Decision, case: Case) -> DecisionResult:
    """Execute every order or none. The result carries the trades and the portfolio after them."""
    if decision.is_hold:
        return DecisionResult(status="accepted", message="hold: no orders", portfolio=case.portfolio)
    unknown = [f"order {i}: ticker {o.ticker} not in Case.tickers" for i, o in enumerate(decision.orders)
               if o.ticker not in case.stock_data]
    if unknown:
        return _reject(case, unknown)
    cash, positions = case.portfolio.cash, dict(case.portfolio.positions)
    rules = case.market_rules
    reasons = size_limit_reasons(decision, case)
    trades: list[ExecutedTrade] = []
    ordered = sorted(enumerate(decision.orders), key=lambda io: io[1].side != "sell")  # stable: sells first
    for i, o in ordered:
        price = fill_price(case, o.ticker, o.side)
        notional = _money(o.quantity * price)
        fee = _money(notional * rules.fee_rate)
        if o.side == "sell":
            held = positions.get(o.ticker, 0)
            if o.quantity > held:
                reasons.append(f"order {i}: sells {o.quantity} {o.ticker} but {held} held")
                continue
            positions[o.ticker] = held - o.quantity
            cash = _money(cash + notional - fee)
            delta = _money(notional - fee)
        else:
            if notional + fee > cash + EPS:
                reasons.append(f"order {i}: buying {o.quantity} {o.ticker} at {price:.4f} costs {notional + fee:.2f}, "
                               f"beyond the cash of {cash:.2f}")
                continue
            positions[o.ticker] = positions.get(o.ticker, 0) + o.quantity
            cash = _money(max(cash - notional - fee, 0.0))
            delta = -_money(notional + fee)
        trades.append(ExecutedTrade(case_id=case.case_id, order_index=i, ticker=o.ticker, side=o.side,
                                    quantity=o.quantity, price=price, cash_delta=delta, fee=fee))
    if reasons:
        return _reject(case, reasons)
    after = PortfolioSnapshot(cash=cash, positions={t: q for t, q in positions.items() if q > 0})
    return DecisionResult(status="accepted", message=f"accepted: {len(trades)} trade(s), cash {cash:.2f}",
                          executed_trades=trades, portfolio=after)


def fill_price(case: Case, ticker: str, side: str) -> float:
    """The desk's quote for this side of the trade: the ask to buy, the bid to sell (the mid when unquoted)."""
    sd = case.stock_data[ticker]
    quoted = sd.ask if side == "buy" else sd.bid
    return sd.current_price if quoted is None else quoted


def size_limit_reasons(decision: Decision, case: Case) -> list[str]:
    """Each contract whose buys or sells in this decision exceed the desk's size limit (notional at the fill)."""
    cap = case.market_rules.max_order_notional
    if cap is None:
        return []
    total: dict[tuple[str, str], float] = {}
    for o in decision.orders:
        key = (o.ticker, o.side)
        total[key] = total.get(key, 0.0) + o.quantity * fill_price(case, o.ticker, o.side)
    return [f"{side} of {t} is {n:.2f}, over the desk's size limit of {cap:g} per contract per decision"
            for (t, side), n in total.items() if n > cap + EPS]


def parse_decision(raw: Any) -> Decision:
    """A Decision from a tool call's arguments ({"orders": [...]} or {"decision": {...}})."""
    if isinstance(raw, Decision):
        return raw
    if isinstance(raw, dict) and set(raw) == {"decision"}:
        raw = raw["decision"]
    return Decision.model_validate(raw)


def handle_submission(case: Case, raw: Any) -> tuple[Decision | None, DecisionResult]:
    """The `submit_decision` tool handler: parse, then execute; invalid arguments are a rejection."""
    try:
        decision = parse_decision(raw)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "decision"
        return None, _reject(case, [f"invalid decision: {where}: {first.get('msg')}"])
    return decision, execute_decision(decision, case)


def extract_call(tool_calls: list[Any]) -> tuple[Any | None, str]:
    """Which submission counts: none -> hold, several -> the last. Returns (raw args or None, rule)."""
    if not tool_calls:
        return None, "no tool call: hold"
    if len(tool_calls) == 1:
        return tool_calls[0], "one tool call"
    return tool_calls[-1], f"last of {len(tool_calls)} tool calls"
