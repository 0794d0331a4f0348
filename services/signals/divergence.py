"""Divergence between an estimate and the market price (pure), and the confidence of a signal.

ev = estimate - price (both P(home wins)); direction `yes` buys "HOME wins" at the price, `no`
sells it (buys the away side at 1 - price). Significant when |ev| >= the threshold.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

DEFAULT_THRESHOLD = 0.05
HIGH, MEDIUM = 0.15, 0.08
SWEEP = tuple(round(0.02 + 0.01 * i, 2) for i in range(14))  # .02 .. .15


class Divergence(BaseModel):
    ev: float
    direction: Literal["yes", "no"]
    significant: bool
    threshold: float


def divergence(estimate: float, price: float, threshold: float = DEFAULT_THRESHOLD) -> Divergence:
    ev = round(estimate - price, 4)
    return Divergence(ev=ev, direction="yes" if ev >= 0 else "no", significant=abs(ev) >= threshold - 1e-12,
                      threshold=threshold)


def pick_edge(ev: float, direction: str) -> float:
    """The edge of the side a signal buys: P(pick wins) - price of the pick. `ev` is in home terms
    (estimate - price of HOME), so an away pick's edge is -ev: an away pick at 0.758 with
    P 85.7% has edge +0.100, not the home side's -0.100."""
    return round(ev if direction == "yes" else -ev, 4)


def signal_confidence(ev: float) -> Literal["low", "medium", "high"]:
    """|ev| >= .15 high, >= .08 medium, else low."""
    a = abs(ev)
    return "high" if a >= HIGH - 1e-12 else "medium" if a >= MEDIUM - 1e-12 else "low"


def paper_pnl(direction: str, price: float, home_won: bool) -> float:
    """Realized value of one paper contract bought at the price: yes pays 1 if home wins, costs the
    price; no pays 1 if home loses, costs 1 - price."""
    y = 1.0 if home_won else 0.0
    return y - price if direction == "yes" else price - y
