"""The signals pod's estimator with Kelly sizing.

For each game of the day the pod's offline estimator (`services.signals.estimator.estimate`,
blind mode: it never sees the price) gives P(home wins) from what was known that morning. A side
whose estimate p beats its price q by at least `min_edge` is bought with a fraction of Kelly:
f* = (p - q) / (1 - q) of the cash, capped per game.
"""
from __future__ import annotations

import datetime as dt
import math
from functools import lru_cache

from agents.arena.base import by_game, next_day, submit
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
            best = max(sides, key=lambda sd: ((p_home if sd.home else 1 - p_home) - sd.current_price, sd.home))
            p = p_home if best.home else 1 - p_home
            if p - best.current_price < self.min_edge or best.ticker in case.portfolio.positions:
                continue
            stake = min(self.kelly * kelly_fraction(p, best.current_price), self.cap) * bankroll
            q = min(math.floor(stake / best.current_price), math.floor(cash / best.current_price + 1e-9))
            if q <= 0:
                continue
            orders.append(Order(ticker=best.ticker, side="buy", quantity=q))
            cash -= q * best.current_price
            notes.append(f"{best.ticker} p={p:.3f} q={best.current_price:.3f}")
        return submit(inv, orders, "; ".join(notes) or "no edge")
