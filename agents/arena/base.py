"""What every rule agent shares: the contracts of the next game day, and submitting through the tool."""
from __future__ import annotations

import math

from services.arena.models import AgentInvocation, AgentInvocationResult, Case, Decision, Order, StockData


def next_day(case: Case) -> list[StockData]:
    """Contracts of the earliest listed game day (the games of this matchday), in ticker order."""
    if not case.stock_data:
        return []
    first = min(sd.game_date for sd in case.stock_data.values())
    return [case.stock_data[t] for t in sorted(case.stock_data) if case.stock_data[t].game_date == first]


def by_game(contracts: list[StockData]) -> dict[str, list[StockData]]:
    out: dict[str, list[StockData]] = {}
    for sd in contracts:
        out.setdefault(sd.game_id, []).append(sd)
    return out


def buy_price(sd: StockData) -> float:
    """What one contract costs: the desk's ask (the mid when the case quotes none)."""
    return sd.current_price if sd.ask is None else sd.ask


def sell_price(sd: StockData) -> float:
    return sd.current_price if sd.bid is None else sd.bid


def affordable(stake: float, price: float, cash: float, case: Case | None = None) -> int:
    """Whole contracts a stake buys at `price` without passing the cash left (fee included) or,
    given the case, the desk's size limit per contract."""
    if price <= 0:
        return 0
    rules = case.market_rules if case is not None else None
    unit = price * (1.0 + (rules.fee_rate if rules else 0.0))
    if rules and rules.max_order_notional is not None:
        stake = min(stake, rules.max_order_notional)
    return max(0, min(math.floor(stake / price + 1e-9), math.floor(cash / unit + 1e-9)))


def submit(inv: AgentInvocation, orders: list[Order], note: str) -> AgentInvocationResult:
    """Call the one tool and report what was submitted and what came back."""
    decision = Decision(orders=orders)
    result = inv.submit_decision(decision)
    return AgentInvocationResult(decision=decision, tool_calls=inv.tool_calls,
                                 output=f"{note} -> {result.status}: {result.message}")
