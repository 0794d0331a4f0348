"""The ranked leaderboard with intervals (issue #41), in the shape KellyBench and StockBench report:
return, drawdown and ruin beside the baselines, every figure with its uncertainty.

- An agent's return has a 95% interval from a bootstrap over **game days**: the matchday steps of
  its equity curve are resampled with replacement and compounded. An agent with several seeds
  (random) also resamples the seed, so the interval covers both sources of noise.
- Differences are **paired**: the same resampled days for both agents (they traded the same
  games), so a difference is established when its 95% interval excludes 0.
- Ruin: the bankroll fell to `RUIN_SHARE` of the starting cash or less at some mark.

Pure and deterministic (a fixed seed for the bootstrap).
"""
from __future__ import annotations

import itertools

import numpy as np

BOOT_REPS = 2000
BOOT_SEED = 41
RUIN_SHARE = 0.05


def curve_values(initial_cash: float, curve: list[dict]) -> list[float]:
    return [initial_cash] + [float(p["value"]) for p in curve]


def step_log_returns(values: list[float]) -> np.ndarray:
    v = np.maximum(np.asarray(values, dtype=float), 1e-9)
    return np.log(v[1:] / v[:-1])


def _draws(n_steps: int, reps: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, n_steps, size=(reps, n_steps))


def bootstrap_totals(runs: list[np.ndarray], idx: np.ndarray, seed_pick: np.ndarray) -> np.ndarray:
    """Total returns of each bootstrap draw: day indices `idx` (reps x steps) in the seed `seed_pick`."""
    mat = np.stack(runs)  # seeds x steps
    return np.expm1(mat[seed_pick[:, None], idx].sum(axis=1))


def _ci(x: np.ndarray) -> list[float]:
    lo, hi = np.percentile(x, [2.5, 97.5])
    return [round(float(lo), 4), round(float(hi), 4)]


def leaderboard(episodes: dict[str, list[dict]], reps: int = BOOT_REPS, seed: int = BOOT_SEED) -> dict:
    """`episodes`: agent -> its episodes over the same window, each {"initial_cash", "equity_curve"
    (list of {"value"}), "metrics"}. Returns the agents ranked by mean return with intervals, the
    paired differences, and the line saying which are established."""
    runs = {a: [step_log_returns(curve_values(e["initial_cash"], e["equity_curve"])) for e in eps]
            for a, eps in episodes.items() if eps}
    lengths = {len(r) for rs in runs.values() for r in rs}
    if len(lengths) != 1:
        raise ValueError("every episode of a leaderboard covers the same matchdays")
    n_steps = lengths.pop()
    idx = _draws(n_steps, reps, seed)
    rng = np.random.default_rng(seed + 1)
    totals = {a: bootstrap_totals(rs, idx, rng.integers(0, len(rs), size=reps)) for a, rs in runs.items()}
    rows = []
    for a, eps in episodes.items():
        if not eps:
            continue
        m = [e["metrics"] for e in eps]
        values = [curve_values(e["initial_cash"], e["equity_curve"]) for e in eps]
        rows.append({
            "agent": a, "episodes": len(eps),
            "return_mean": round(float(np.mean([x["total_return"] for x in m])), 4),
            "return_ci95": _ci(totals[a]),
            "return_seed_band": [round(min(x["total_return"] for x in m), 4), round(max(x["total_return"] for x in m), 4)],
            "max_drawdown_mean": round(float(np.mean([x["max_drawdown"] for x in m])), 4),
            "ruin_share": round(sum(min(v) <= RUIN_SHARE * v[0] for v in values) / len(values), 4),
            "sharpe_per_matchday_mean": round(float(np.mean([x["sharpe_per_matchday"] for x in m])), 4),
            "trades_mean": round(float(np.mean([x["trades"] for x in m])), 1),
        })
    rows.sort(key=lambda r: (-r["return_mean"], r["agent"]))
    for rank, r in enumerate(rows, 1):
        r["rank"] = rank
    pairs = []
    for x, y in itertools.combinations([r["agent"] for r in rows], 2):
        d = totals[x] - totals[y]
        lo, hi = _ci(d)
        pairs.append({"better": x, "worse": y, "difference_ci95": [lo, hi], "established": lo > 0 or hi < 0})
    return {"ranked": rows, "differences": pairs, "established_line": established_line(pairs),
            "interval": (f"95% bootstrap over {n_steps} matchday steps ({reps} draws, paired across agents; "
                         "agents with several seeds also resample the seed)")}


def established_line(pairs: list[dict]) -> str:
    """One line: which ranked differences are established (interval excludes 0), which are not."""
    yes = [f"{p['better']} > {p['worse']}" if p["difference_ci95"][0] > 0 else f"{p['worse']} > {p['better']}"
           for p in pairs if p["established"]]
    no = [f"{p['better']} vs {p['worse']}" for p in pairs if not p["established"]]
    head = "Established (95% interval of the paired difference excludes 0): " + (", ".join(yes) if yes else "none")
    return head + ". Not established: " + (", ".join(no) if no else "none") + "."

