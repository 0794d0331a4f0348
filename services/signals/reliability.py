"""Confidence from measured hit rates, not from the size of the disagreement (issue #41).

A signal's |ev| band (low .05-.08, medium .08-.15, high .15+, the seed's cut points) is where it
sits; what that band has *done* on settled games decides the label: the band's hit rate against
its break-even (the mean price paid for the side bought), with a 95% Wilson interval, and its
realized EV per contract with a 95% interval. A band whose hit rate's lower bound clears the
break-even is "high"; above break-even but not clear of it, "medium"; at or under it, "low".
Where the pod's Brier skill against the market is negative (or unmeasured), no label is earned:
the signal says "no established edge". Pure functions; the caller chooses a window of games that
settled before the signals it labels (out of sample).
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from services.signals.divergence import HIGH, MEDIUM, paper_pnl

NO_EDGE = "no established edge"
NOT_MEASURED = "not measured yet"
BANDS = (("low", 0.0, MEDIUM), ("medium", MEDIUM, HIGH), ("high", HIGH, math.inf))
MIN_SIGNALS = 10  # a band with fewer settled signals has no measured label
Z = 1.959964


def band_of(ev: float) -> str:
    a = abs(ev)
    return next(name for name, lo, hi in BANDS if lo - 1e-12 <= a < hi - 1e-12)


def wilson(k: int, n: int) -> list[float] | None:
    if not n:
        return None
    p, z2 = k / n, Z * Z
    mid, half = (p + z2 / (2 * n)) / (1 + z2 / n), Z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return [round(mid - half, 4), round(mid + half, 4)]


def mean_ci(xs: Sequence[float]) -> list[float] | None:
    if len(xs) < 2:
        return None
    m = sum(xs) / len(xs)
    se = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1) / len(xs))
    return [round(m - Z * se, 4), round(m + Z * se, 4)]


def measured_confidence(row: dict) -> str | None:
    """The band's label from its hit rate against break-even (None: too few settled signals)."""
    if row["n"] < MIN_SIGNALS:
        return None
    if row["hit_ci95"][0] > row["break_even"]:
        return "high"
    return "medium" if row["hit_rate"] > row["break_even"] else "low"


def band_row(rows: list[dict]) -> dict:
    n = len(rows)
    hits = sum((r["direction"] == "yes") == bool(r["home_won"]) for r in rows)
    cost = [r["price"] if r["direction"] == "yes" else 1.0 - r["price"] for r in rows]
    pnl = [paper_pnl(r["direction"], r["price"], r["home_won"]) for r in rows]
    row = {"n": n, "claimed_ev": round(sum(abs(r["ev"]) for r in rows) / n, 4) if n else None,
           "hit_rate": round(hits / n, 4) if n else None, "hit_ci95": wilson(hits, n),
           "break_even": round(sum(cost) / n, 4) if n else None,
           "realized_ev": round(sum(pnl) / n, 4) if n else None, "realized_ev_ci95": mean_ci(pnl)}
    return row | {"measured_confidence": measured_confidence(row) if n else None}


def band_table(rows: Iterable[dict]) -> dict[str, dict]:
    """rows: {'price', 'ev', 'direction', 'home_won'} of signals: the reliability table per band."""
    rows = list(rows)
    return {name: band_row([r for r in rows if band_of(r["ev"]) == name]) for name, _, _ in BANDS}


def label(ev: float, skill_bss: float | None, table: dict[str, dict] | None) -> str:
    """What a signal at `ev` may be called, given the pod's measured skill and band table."""
    if skill_bss is None or table is None:
        return NOT_MEASURED
    if skill_bss < 0:
        return NO_EDGE
    measured = table[band_of(ev)]["measured_confidence"]
    return NO_EDGE if measured in (None, "low") else f"{measured} confidence (measured)"


def brier_diff(ps: Sequence[float], market: Sequence[float], ys: Sequence[bool]) -> dict:
    """Paired per-game Brier difference pod - market with a 95% interval: the market prices the same
    games, so its Brier is each game's difficulty (ForecastBench's adjustment, on shared questions)."""
    d = [(p - float(y)) ** 2 - (m - float(y)) ** 2 for p, m, y in zip(ps, market, ys, strict=True)]
    return {"n": len(d), "mean": round(sum(d) / len(d), 5) if d else None, "ci95": mean_ci(d)}
