"""The figures of bench/backtest.py: means per team-week with 95% block-bootstrap intervals over
weeks (the weeks are the blocks: team-weeks of one week share its games, its injuries and its
waiver wire, so they are not independent), paired differences, and realized-to-claimed ratios.
"""
from __future__ import annotations

import numpy as np

BOOTSTRAP = 4000
SEED = 19  # fixed: the same rows give the same intervals
RATIO_TARGET = (0.8, 1.2)


def _resample(n_weeks: int) -> np.ndarray:
    return np.random.default_rng(SEED).integers(0, n_weeks, size=(BOOTSTRAP, n_weeks))


def interval(by_week: list[list[float]]) -> dict:
    """Mean per team-week and its 95% interval, resampling whole weeks."""
    sums = np.array([sum(v) for v in by_week])
    counts = np.array([len(v) for v in by_week])
    mean = float(sums.sum() / counts.sum()) if counts.sum() else 0.0
    idx = _resample(len(by_week))
    boot = sums[idx].sum(axis=1) / np.maximum(counts[idx].sum(axis=1), 1)
    lo, hi = np.percentile(boot, [2.5, 97.5])
    return {"mean": round(mean, 3), "ci95": [round(float(lo), 3), round(float(hi), 3)],
            "established": bool(lo > 0 or hi < 0)}


def ratio_interval(realized: list[float], claimed: list[float], moves: int) -> dict:
    """Sum realized / sum claimed (weeks as blocks), its 95% interval and the 0.8-1.2 target."""
    r, c = np.array(realized), np.array(claimed)
    ratio = float(r.sum() / c.sum()) if c.sum() else None
    out = {"moves": moves, "realized": round(float(r.sum()), 1), "claimed": round(float(c.sum()), 1),
           "ratio": None if ratio is None else round(ratio, 3), "ci95": None, "within_target": False}
    if ratio is None or not len(r):
        return out
    idx = _resample(len(r))
    cs = c[idx].sum(axis=1)
    boot = np.where(cs != 0, r[idx].sum(axis=1) / np.where(cs != 0, cs, 1), np.nan)
    lo, hi = np.nanpercentile(boot, [2.5, 97.5])
    out["ci95"] = [round(float(lo), 3), round(float(hi), 3)]
    out["within_target"] = RATIO_TARGET[0] <= ratio <= RATIO_TARGET[1]
    return out


def _by_week(rows: list[dict], weeks: list[int], key: str) -> list[list[float]]:
    return [[r[key] for r in rows if r["week"] == w] for w in weeks]


def summarize(rows: dict[str, list[dict]], scoring: str, end, skipped: int) -> dict:
    from services.optimizer.moves import KAPPA

    weeks = sorted({r["week"] for r in rows["balanced"]})
    strategies = {}
    for s, rs in rows.items():
        strategies[s] = {"moves": sum(r["kind"] is not None for r in rs), "ir_moves": sum(r["kind"] == "ir" for r in rs),
                         "distinct_adds": len({r.get("add") for r in rs if r["kind"]}),
                         "week": interval(_by_week(rs, weeks, "week_gain")),
                         "rest": interval(_by_week(rs, weeks, "rest_gain"))}
    diffs = {}
    for s in rows:
        if s == "balanced":
            continue
        pair = {(r["week"], r["team_id"]): r for r in rows[s]}
        d = [{"week": r["week"], **{k: r[k] - pair[(r["week"], r["team_id"])][k] for k in ("week_gain", "rest_gain")}}
             for r in rows["balanced"]]
        diffs[s] = {"week": interval(_by_week(d, weeks, "week_gain")), "rest": interval(_by_week(d, weeks, "rest_gain"))}
    kappa = KAPPA.get(scoring, 1.0)  # claims in category value -> categories won: each card's own rate
    # (`claim_per_value`: measured on the league's finished weeks, services.optimizer.calibration_cats), this prior without
    ratios = {}
    for s in ("balanced", "this_week"):
        for kind in ("ir", "swap", "all"):
            moved = [r for r in rows[s] if r["kind"] and (kind == "all" or r["kind"] == kind) and "claim_horizon" in r]
            ratios[f"{s}_{kind}" if s != "balanced" else kind] = ratio_interval(
                [sum(r["rest_gain"] for r in moved if r["week"] == w) for w in weeks],
                [sum(r.get("claim_per_value", kappa) * r["claim_horizon"] for r in moved if r["week"] == w)
                 for w in weeks], len(moved))
    # every IR card either card strategy made: the same claim model, more moves than balanced alone
    cards_ir = [r for s in ("balanced", "this_week") for r in rows[s] if r["kind"] == "ir" and "claim_horizon" in r]
    ratios["cards_ir"] = ratio_interval([sum(r["rest_gain"] for r in cards_ir if r["week"] == w) for w in weeks],
                                        [sum(r.get("claim_per_value", kappa) * r["claim_horizon"] for r in cards_ir
                                             if r["week"] == w) for w in weeks], len(cards_ir))
    bal = rows["balanced"]
    return {
        "unit": "fantasy points" if scoring == "points" else "categories won",
        "claim_unit": "fantasy points" if scoring == "points" else
        "category value x the card's categories won per z-score-game (measured on the league's finished weeks)",
        "team_weeks": len(bal), "weeks": len(weeks), "excluded_week1_team_weeks": skipped,
        "rest_of_data_end": end.isoformat(), "bootstrap": {"resamples": BOOTSTRAP, "block": "week", "seed": SEED},
        "strategies": strategies,
        "balanced_minus": diffs,
        "realized_to_claimed": ratios,
        "targets": {"ratio_ir_within_0.8_1.2": ratios["ir"]["within_target"],
                    "ratio_swap_within_0.8_1.2": ratios["swap"]["within_target"],
                    "balanced_rest_above_every_baseline": {s: d["rest"]["ci95"][0] > 0 for s, d in diffs.items()}},
        "moves": [r for s in ("balanced", "this_week") for r in ({"strategy": s, **x} for x in rows[s]) if r["kind"]],
    }


Z95 = 1.959964


def wilson(k: int, n: int, z: float = Z95) -> list[float] | None:
    """Wilson's 95% interval for a share of k in n (None with n = 0): a share of 1 in 6 is [0.03, 0.56],
    so a handful of cards cannot tell 10% from 17%."""
    if n <= 0:
        return None
    p, z2 = k / n, z * z
    centre, half = (p + z2 / (2 * n)) / (1 + z2 / n), z / (1 + z2 / n) * (p * (1 - p) / n + z2 / (4 * n * n)) ** 0.5
    return [round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3)]
