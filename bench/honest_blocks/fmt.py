"""The formatting every "Honest limits" block shares: ratios and means with their intervals, a run's
date and load, a player's name (bench/honest_blocks)."""
from __future__ import annotations

import datetime as dt


def ratio_text(x: dict) -> str:
    """A ratio with its interval: 1.08 [0.84, 1.43]."""
    if x.get("ratio") is None:
        return "n/a"
    lo, hi = x["ci95"] or (None, None)
    return f"{x['ratio']:.2f} [{lo:.2f}, {hi:.2f}]" if lo is not None else f"{x['ratio']:.2f}"


def interval_text(x: dict, digits: int = 1, sign: bool = True) -> str:
    """A mean with its interval: +73.0 [25.2, 118.6]."""
    f = f"{{:{'+' if sign else ''}.{digits}f}}"
    return f"{f.format(x['mean'])} [{x['ci95'][0]:.{digits}f}, {x['ci95'][1]:.{digits}f}]"


def negated(x: dict) -> dict:
    return {"mean": -x["mean"], "ci95": [-x["ci95"][1], -x["ci95"][0]]}


def in_target(x: dict) -> tuple[bool, bool]:
    """(point estimate in 0.8-1.2, whole interval in it)."""
    r, ci = x.get("ratio"), x.get("ci95")
    point = r is not None and 0.8 <= r <= 1.2
    return point, bool(point and ci and 0.8 <= ci[0] and ci[1] <= 1.2)


def run_of(saved: dict, name: str) -> str:
    return dt.date.fromisoformat(saved[name]["run_at"][:10]).strftime("%b %-d")


def load_text(saved: dict, name: str) -> str:
    """The run's load average (start-end, 1 minute), which a timing figure moves with."""
    la, own = saved[name].get("load_average"), saved[name]["json"]
    if la:
        return f", load {la[0]:.1f}-{la[3]:.1f}"
    if own.get("load_average_at_start") and own.get("load_average"):  # the benchmark's own (bench/ui.py)
        return f", load {own['load_average_at_start'][0]:.1f}-{own['load_average'][0]:.1f}"
    if own.get("load_average_start") and own.get("load_average_end"):  # bench/backtest_ir_audit.py's own
        return f", load {own['load_average_start'][0]:.1f}-{own['load_average_end'][0]:.1f}"
    return ", load not recorded (taken from a file)"


def player_name(pid: str) -> str:
    from services.store import db

    rows = db.query("SELECT name FROM players WHERE player_id = ?", [pid])
    return rows[0][0] if rows else pid
