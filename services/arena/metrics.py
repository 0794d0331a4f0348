"""Episode metrics (final value, return, Sharpe per matchday, max drawdown, turnover, decision counts)
and their mean and band across seeds. Pure functions of the equity curve and the trades.
"""
from __future__ import annotations

import math
import statistics

from services.arena.models import EpisodeMetrics, EquityPoint, ExecutedTrade

EVALUATION_VERSION = "arena-metrics/2"  # 2: intervals over game days (and seeds), the ranked leaderboard


def step_returns(values: list[float]) -> list[float]:
    return [b / a - 1.0 for a, b in zip(values, values[1:]) if a > 0]


def sharpe(values: list[float]) -> float:
    """Mean over sample standard deviation of the step returns (0 when flat or too short)."""
    r = step_returns(values)
    if len(r) < 2:
        return 0.0
    sd = statistics.stdev(r)
    return 0.0 if sd == 0 else statistics.fmean(r) / sd


def max_drawdown(values: list[float]) -> float:
    """Largest fall from a running peak, as a fraction of that peak."""
    peak, worst = -math.inf, 0.0
    for v in values:
        peak = max(peak, v)
        if peak > 0:
            worst = max(worst, (peak - v) / peak)
    return worst


def episode_metrics(initial_cash: float, curve: list[EquityPoint], trades: list[ExecutedTrade],
                    outcomes: list[str]) -> EpisodeMetrics:
    """`outcomes` has one of "accepted", "rejected", "hold" per decision point."""
    values = [initial_cash] + [p.value for p in curve]
    final = curve[-1].value if curve else initial_cash
    r = lambda x: round(x, 6)  # noqa: E731 - a stable number of digits keeps the logs byte-identical
    return EpisodeMetrics(initial_cash=initial_cash, final_value=r(final), total_return=r(final / initial_cash - 1),
                          sharpe_per_matchday=r(sharpe(values)), max_drawdown=r(max_drawdown(values)),
                          turnover=r(sum(abs(t.cash_delta) for t in trades) / initial_cash),
                          decisions=len(outcomes), accepted=outcomes.count("accepted"),
                          rejected=outcomes.count("rejected"), holds=outcomes.count("hold"), trades=len(trades))


def across_seeds(rows: list[EpisodeMetrics]) -> dict[str, dict[str, float]]:
    """For each numeric metric: mean, min and max over the episodes (the band), and n."""
    out = {}
    for name in ("final_value", "total_return", "sharpe_per_matchday", "max_drawdown", "turnover",
                 "accepted", "rejected", "holds", "trades"):
        xs = [float(getattr(m, name)) for m in rows]
        out[name] = {"mean": round(statistics.fmean(xs), 6) if xs else 0.0, "min": min(xs, default=0.0),
                     "max": max(xs, default=0.0), "n": len(xs)}
    return out
