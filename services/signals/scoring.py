"""Scoring the pod on the real finals: Brier, log loss, Brier skill score against the market's own
probabilities, reliability bins, hit rate and realized EV of signals (paper position at the price),
per confidence bucket, approved vs declined, and a threshold sweep (.02 to .15). Pure functions.
"""
from __future__ import annotations

import math
from typing import Iterable, Sequence

from services.signals.divergence import SWEEP, paper_pnl, signal_confidence
from services.signals.reliability import band_table, brier_diff

EPS = 1e-6


def brier(ps: Sequence[float], ys: Sequence[bool]) -> float | None:
    if not ps:
        return None
    return sum((p - float(y)) ** 2 for p, y in zip(ps, ys, strict=True)) / len(ps)


def log_loss(ps: Sequence[float], ys: Sequence[bool]) -> float | None:
    if not ps:
        return None
    return -sum(math.log(min(max(p, EPS), 1 - EPS)) if y else math.log(1 - min(max(p, EPS), 1 - EPS))
                for p, y in zip(ps, ys, strict=True)) / len(ps)


def skill(model: float | None, reference: float | None) -> float | None:
    """1 - model / reference (Brier skill score when given Briers); negative = worse than the reference."""
    if model is None or not reference:
        return None
    return 1.0 - model / reference


def reliability(ps: Sequence[float], ys: Sequence[bool], bins: int = 10) -> list[dict]:
    """Equal-width bins of the forecast: count, mean forecast and observed frequency (non-empty bins)."""
    out = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        idx = [i for i, p in enumerate(ps) if lo <= p < hi or (b == bins - 1 and p == 1.0)]
        if idx:
            out.append({"lo": lo, "hi": hi, "n": len(idx), "mean_forecast": sum(ps[i] for i in idx) / len(idx),
                        "observed": sum(float(ys[i]) for i in idx) / len(idx)})
    return out


def _r(x: float | None, nd: int = 4) -> float | None:
    return None if x is None else round(x, nd)


def forecast_block(ps: Sequence[float], market: Sequence[float], ys: Sequence[bool]) -> dict:
    b, bm = brier(ps, ys), brier(market, ys)
    return {"n": len(ps), "brier": _r(b), "log_loss": _r(log_loss(ps, ys)), "market_brier": _r(bm),
            "market_log_loss": _r(log_loss(market, ys)), "bss_vs_market": _r(skill(b, bm))}


def signal_block(rows: Iterable[dict]) -> dict:
    """rows: {'estimate', 'price', 'ev', 'direction', 'home_won'}: forecast scores plus hit rate and
    realized EV (mean paper P&L per contract) of taking every signal at its price."""
    rows = list(rows)
    ps, ms, ys = [r["estimate"] for r in rows], [r["price"] for r in rows], [r["home_won"] for r in rows]
    pnl = [paper_pnl(r["direction"], r["price"], r["home_won"]) for r in rows]
    hits = [(r["direction"] == "yes") == bool(r["home_won"]) for r in rows]
    return forecast_block(ps, ms, ys) | {
        "hit_rate": _r(sum(hits) / len(hits)) if rows else None,
        "realized_ev": _r(sum(pnl) / len(pnl)) if rows else None,
        "expected_ev": _r(sum(abs(r["ev"]) for r in rows) / len(rows)) if rows else None,
        "total_pnl": _r(sum(pnl))}


def scoreboard(evals: Sequence, threshold: float, decided: Sequence[dict] = ()) -> dict:
    """The page's and CLI's scoreboard. `evals` are `GameEval`s; `decided` are stored signals as
    dicts with 'status' and the signal_block keys."""
    est = [e for e in evals if e.estimate is not None]
    ys = [e.home_won for e in est]
    sig = [{"estimate": e.estimate, "price": e.price, "ev": e.ev, "direction": e.direction, "home_won": e.home_won,
            "confidence": e.confidence} for e in est if e.signal_at(threshold)]
    by_conf = {c: signal_block(r for r in sig if signal_confidence(r["ev"]) == c) for c in ("low", "medium", "high")}
    sweep = []
    for t in SWEEP:
        rows = [{"estimate": e.estimate, "price": e.price, "ev": e.ev, "direction": e.direction, "home_won": e.home_won}
                for e in est if e.signal_at(t)]
        sweep.append({"threshold": t} | signal_block(rows))
    return {
        "games": len(evals), "games_with_news": len(est), "threshold": threshold,
        "estimates": forecast_block([e.estimate for e in est], [e.price for e in est], ys),
        "elo_same_games": forecast_block([e.elo for e in est], [e.price for e in est], ys),
        "signals": signal_block(sig),
        "by_confidence": by_conf,
        "reliability_by_band": band_table(sig),
        "absences": absences_block(est),
        "decisions": {s: signal_block(d for d in decided if d["status"] == s) for s in ("approved", "declined", "pending")},
        "reliability": {"estimate": reliability([e.estimate for e in est], ys),
                        "market": reliability([e.price for e in est], ys)},
        "sweep": sweep,
        "by_urgency": by_urgency(evals, threshold),
    }


def absences_block(est: Sequence) -> dict:
    """Skill with and without the absence signal on the same games (the weight is fit before the
    scored window, so both are out of sample), each with the paired Brier difference to the market."""
    from services.signals.estimator import COEFS

    ys, ms = [e.home_won for e in est], [e.price for e in est]
    with_ = [e.estimate for e in est]
    without = [e.estimate if e.estimate_without_absences is None else e.estimate_without_absences for e in est]
    return {"weight_points_per_player_game": COEFS["absence_edge"],
            "games_with_an_absence": sum(1 for a, b in zip(with_, without, strict=True) if abs(a - b) > 1e-9),
            "with": forecast_block(with_, ms, ys) | {"brier_minus_market": brier_diff(with_, ms, ys)},
            "without": forecast_block(without, ms, ys) | {"brier_minus_market": brier_diff(without, ms, ys)}}


def by_urgency(evals: Sequence, threshold: float) -> dict:
    """Skill per urgency band of the decision (services.signals.timeline): the estimates against the
    price, and the signals at the threshold plus the band's addition. Bands without games are left out."""
    out = {}
    for band in ("early", "day_of", "imminent"):
        est = [e for e in evals if e.estimate is not None and getattr(e, "urgency", "day_of") == band]
        if not est:
            continue
        sig = [{"estimate": e.estimate, "price": e.price, "ev": e.ev, "direction": e.direction,
                "home_won": e.home_won} for e in est if e.signal_at(threshold)]
        out[band] = {"estimates": forecast_block([e.estimate for e in est], [e.price for e in est],
                                                 [e.home_won for e in est]),
                     "signals": signal_block(sig), "threshold": round(threshold + est[0].threshold_add, 4)}
    return out
