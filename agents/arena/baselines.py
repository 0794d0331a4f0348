"""The baseline agents: hold, favourite, rating edge, and random valid (seeded)."""
from __future__ import annotations

import random

from agents.arena.base import affordable, buy_price, by_game, next_day, sell_price, submit
from services.arena.models import AgentInvocation, AgentInvocationResult, Order


class HoldAgent:
    """Submits an empty decision every morning."""
    agent_id = "hold"
    version = "1"

    def invoke(self, inv: AgentInvocation) -> AgentInvocationResult:
        return submit(inv, [], "hold")


class FavouriteAgent:
    """Buys the favourite (price above the other side; home on a tie) of every game of the day,
    one fixed stake per game, unless already held."""
    agent_id = "favourite"
    version = "1"

    def __init__(self, stake: float = 50.0):
        self.stake = stake

    def invoke(self, inv: AgentInvocation) -> AgentInvocationResult:
        cash, orders = inv.case.portfolio.cash, []
        for sides in by_game(next_day(inv.case)).values():
            fav = max(sides, key=lambda sd: (sd.current_price, sd.home))
            q = affordable(self.stake, buy_price(fav), cash, inv.case)
            if fav.ticker in inv.case.portfolio.positions or q == 0:
                continue
            orders.append(Order(ticker=fav.ticker, side="buy", quantity=q))
            cash -= q * buy_price(fav) * (1 + inv.case.market_rules.fee_rate)
        return submit(inv, orders, f"favourites of {len(orders)} game(s)")


class RatingEdgeAgent:
    """Buys a side when the desk's own rating (Elo + home court, results before the game) beats
    its price by at least `margin`; one fixed stake, the larger edge of each game."""
    agent_id = "rating_edge"
    version = "1"

    def __init__(self, stake: float = 50.0, margin: float = 0.05):
        self.stake, self.margin = stake, margin

    def invoke(self, inv: AgentInvocation) -> AgentInvocationResult:
        from services.markets.ratings import rating_home_prob

        cash, orders = inv.case.portfolio.cash, []
        for gid, sides in by_game(next_day(inv.case)).items():
            p_home = rating_home_prob(gid)
            edges = [((p_home if sd.home else 1 - p_home) - buy_price(sd), sd) for sd in sides]
            edge, best = max(edges, key=lambda e: (e[0], e[1].home))
            q = affordable(self.stake, buy_price(best), cash, inv.case)
            if edge < self.margin or best.ticker in inv.case.portfolio.positions or q == 0:
                continue
            orders.append(Order(ticker=best.ticker, side="buy", quantity=q))
            cash -= q * buy_price(best) * (1 + inv.case.market_rules.fee_rate)
        return submit(inv, orders, f"{len(orders)} edge(s) of at least {self.margin:.2f}")


class RandomValidAgent:
    """Random but always valid orders, seeded per (seed, case): sells part of a held position
    half the time, then buys up to three random contracts within the cash left."""
    agent_id = "random"
    version = "1"

    def __init__(self, seed: int = 0, max_buys: int = 3, max_stake: float = 60.0):
        self.seed, self.max_buys, self.max_stake = seed, max_buys, max_stake

    def invoke(self, inv: AgentInvocation) -> AgentInvocationResult:
        case = inv.case
        rng = random.Random(f"{self.seed}:{case.case_id}")
        cash, orders = case.portfolio.cash, []
        held = sorted(case.portfolio.positions)
        if held and rng.random() < 0.5:
            t = rng.choice(held)
            q = rng.randint(1, case.portfolio.positions[t])
            if sell_price(case.stock_data[t]) * q <= (case.market_rules.max_order_notional or float("inf")):
                orders.append(Order(ticker=t, side="sell", quantity=q))
                cash += q * sell_price(case.stock_data[t]) * (1 - case.market_rules.fee_rate)
        for t in rng.sample(case.tickers, k=min(len(case.tickers), rng.randint(0, self.max_buys))):
            price = buy_price(case.stock_data[t])
            q = affordable(rng.uniform(1.0, self.max_stake), price, cash - 1e-6, case)
            if q and t not in {o.ticker for o in orders}:
                orders.append(Order(ticker=t, side="buy", quantity=q))
                cash -= q * price * (1 + case.market_rules.fee_rate)
        return submit(inv, orders, f"{len(orders)} random order(s)")
