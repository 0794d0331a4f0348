"""The signals pod's estimator with Kelly sizing.

For each game of the day the pod's offline estimator (`services.signals.estimator.estimate`,
blind mode: it never sees the price) gives P(home wins) from what was known that morning. A side
whose estimate p beats its price q by at least `min_edge` is bought with a fraction of Kelly:
f* = (p - q) / (1 - q) of the cash, capped per game.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from agents.arena.base import affordable, buy_price, by_game, next_day, submit
from services.arena.models import AgentInvocation, AgentInvocationResult, Order


def kelly_fraction(p: float, q: float) -> float:
    """Kelly's fraction of bankroll for a contract paying 1 bought at q, believed to win with p."""
    if not 0 < q < 1 or p <= q:
        return 0.0
    return (p - q) / (1 - q)


@lru_cache(maxsize=4096)
def home_prob(game_id: str, at: dt.datetime) -> float:
    """The pod's blind estimate of P(home wins) at `at` (pure, so cached across seeds and episodes)."""
    from services.signals.estimator import estimate

    return estimate(game_id, at=at, mode="blind").probability


class EstimatorKellyAgent:
    agent_id = "estimator_kelly"
    version = "1"

    def __init__(self, kelly: float = 0.25, cap: float = 0.10, min_edge: float = 0.02):
        self.kelly, self.cap, self.min_edge = kelly, cap, min_edge

    def invoke(self, inv: AgentInvocation) -> AgentInvocationResult:
        case = inv.case
        # the estimator's news cutoff is the arena's "now": rule code reads the Case's clock, the
        # model agent's payload (for_agent) does not carry it
        at = case.information_cutoff_timestamp
        bankroll = cash = case.portfolio.cash
        orders, notes = [], []
        for gid, sides in by_game(next_day(case)).items():
            p_home = home_prob(gid, at)
            best = max(sides, key=lambda sd: ((p_home if sd.home else 1 - p_home) - buy_price(sd), sd.home))
            p, price = (p_home if best.home else 1 - p_home), buy_price(best)
            if p - price < self.min_edge or best.ticker in case.portfolio.positions:
                continue
            stake = min(self.kelly * kelly_fraction(p, price), self.cap) * bankroll  # Kelly at the price it pays
            q = affordable(stake, price, cash, case)
            if q <= 0:
                continue
            orders.append(Order(ticker=best.ticker, side="buy", quantity=q))
            cash -= q * price * (1 + case.market_rules.fee_rate)
            notes.append(f"{best.ticker} p={p:.3f} ask={price:.3f}")
        return submit(inv, orders, "; ".join(notes) or "no edge")


class MarketKellyAgent:
    """Market-implied Kelly (a baseline): believes the market's own no-vig price and sizes by Kelly
    against the price it would pay. At the desk's quote (ask above the mid) Kelly's fraction is
    negative, so it never bets: the return of trusting the market, net of friction, which an agent
    must beat to claim an edge. Without friction it is zero as well (belief = price)."""
    agent_id = "market_kelly"
    version = "1"

    def __init__(self, kelly: float = 0.25, cap: float = 0.10):
        self.kelly, self.cap = kelly, cap

    def invoke(self, inv: AgentInvocation) -> AgentInvocationResult:
        case = inv.case
        cash, orders = case.portfolio.cash, []
        for sd in next_day(case):
            f = kelly_fraction(sd.current_price, buy_price(sd))
            q = affordable(min(self.kelly * f, self.cap) * case.portfolio.cash, buy_price(sd), cash, case) if f else 0
            if q > 0 and sd.ticker not in case.portfolio.positions:
                orders.append(Order(ticker=sd.ticker, side="buy", quantity=q))
                cash -= q * buy_price(sd) * (1 + case.market_rules.fee_rate)
        return submit(inv, orders, f"market-implied Kelly: {len(orders)} bet(s) (the mid never beats the ask)")
