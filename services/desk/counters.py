"""The counter-offer lifecycle checks: is the counter still within its TTL, and has the desk's
price for the countered bet moved less than `max_market_move_pct` since the counter?"""
from __future__ import annotations

import datetime as dt

from pydantic import BaseModel


class CounterCheck(BaseModel):
    valid: bool
    status: str  # "valid" | "expired" | "moved"
    elapsed_seconds: float
    move_pct: float
    reason: str


def market_move_pct(odds_then: float, odds_now: float) -> float:
    return round(abs(odds_now - odds_then) / odds_then * 100.0, 4)


def check_counter(countered_at: dt.datetime, ttl_seconds: int, max_market_move_pct: float,
                  odds_then: float, odds_now: float, now: dt.datetime) -> CounterCheck:
    """TTL first (an expired counter is void whatever the market did), then the market move."""
    elapsed = (now - countered_at).total_seconds()
    move = market_move_pct(odds_then, odds_now)
    if elapsed > ttl_seconds:
        return CounterCheck(valid=False, status="expired", elapsed_seconds=elapsed, move_pct=move,
                            reason=f"counter expired ({elapsed:.0f} s > {ttl_seconds} s)")
    if move > max_market_move_pct:
        return CounterCheck(valid=False, status="moved", elapsed_seconds=elapsed, move_pct=move,
                            reason=f"market moved {move:.2f}% (> {max_market_move_pct}%) since the counter")
    return CounterCheck(valid=True, status="valid", elapsed_seconds=elapsed, move_pct=move,
                        reason=f"within {ttl_seconds} s and {max_market_move_pct}% market move")
