"""Exactness checks of the fast scan, shared by the tests and the benchmark.

`synthetic_inputs(seed)` builds a small random week from a seed (a seeded generator made here,
for checking only: the optimizer itself takes no randomness). `brute_force_scan` re-derives
every pair's linear gain by trying every assignment on every day.
"""
from __future__ import annotations

import datetime as dt

import numpy as np

from services.optimizer.assign import brute_force
from services.optimizer.models import STATS, OptimizerInputs, PlayerInput
from services.optimizer.reference import reference_scan
from services.optimizer.scan import scan_table
from services.optimizer.weekly import Prepared, Table, prepare
from services.league.slots import eligible_slots

POSITIONS = ("PG", "SG", "SF", "PF", "C")
MONDAY = dt.date(2025, 1, 27)
STAT_SCALE = {"pts": 18, "reb": 6, "ast": 4, "stl": 1, "blk": 0.8, "tov": 2, "fg3m": 1.8,
              "fgm": 6.5, "fga": 14, "ftm": 3, "fta": 4}


def _player(rng: np.random.Generator, pid: str, days: tuple[dt.date, ...]) -> PlayerInput:
    pos = POSITIONS[rng.integers(5)]
    second = POSITIONS[rng.integers(5)] if rng.random() < 0.4 else None
    scale = rng.uniform(0.3, 1.8)
    exp = {s: float(STAT_SCALE[s] * scale * rng.uniform(0.5, 1.5)) for s in STATS}
    exp["fgm"] = min(exp["fgm"], exp["fga"] * 0.7)
    exp["ftm"] = min(exp["ftm"], exp["fta"] * 0.95)
    sd = {s: float(0.3 * v + 0.5) for s, v in exp.items()} | {"fpts": float(8 + 4 * scale)}
    q = (1.0, 1.0, 1.0, 0.6, 0.0)[rng.integers(5)]
    games = frozenset(d for d in days if rng.random() < 0.55)
    return PlayerInput(pid, tuple(eligible_slots(pos, second)), exp, games, q, sd, name=pid.upper(),
                       status={1.0: "ACTIVE", 0.6: "DTD", 0.0: "OUT"}[q])


def synthetic_inputs(seed: int, scoring: str = "points", n_roster: int = 6, n_fa: int = 5,
                     n_days: int = 4, slots: dict[str, int] | None = None) -> OptimizerInputs:
    """A small random week (deterministic for the seed)."""
    rng = np.random.default_rng(seed)
    days = tuple(MONDAY + dt.timedelta(days=i) for i in range(n_days))
    slots = slots or {"PG": 1, "SG": 1, "SF": 1, "C": 1, "G": 1, "F": 1, "UTIL": 1}
    make = lambda prefix, n: tuple(_player(rng, f"{prefix}{i}", days) for i in range(n))  # noqa: E731
    so_far = lambda: {s: float(STAT_SCALE[s] * rng.uniform(5, 15)) for s in STATS}  # noqa: E731
    return OptimizerInputs(scoring, days, make("r", n_roster), make("f", n_fa), make("o", n_roster),
                           slots, so_far(), so_far())


def _brute_week(prep: Prepared, table: Table, rows: list[int]) -> float:
    counts = [int(prep.inputs.slots[s]) for s in prep.slot_names]
    total = 0.0
    for d in range(len(prep.days)):
        values = table.values_on(d)
        live = [i for i in rows if table.plays[i, d] and values[i] > 0]
        total += brute_force([float(values[i]) for i in live],
                             [list(table.elig[i]) for i in live], counts)
    return total


def brute_force_scan(prep: Prepared, drops: np.ndarray) -> np.ndarray:
    """Linear value gain of every (drops[i], free agent j) by exhaustive daily assignments."""
    from services.optimizer.weekly import make_table

    n = len(prep.roster.players)
    base = _brute_week(prep, prep.roster, list(range(n)))
    out = np.zeros((len(drops), len(prep.free_agents.players)))
    for r, k in enumerate(drops):
        for a, fa in enumerate(prep.free_agents.players):
            players = tuple(p for i, p in enumerate(prep.roster.players) if i != k) + (fa,)
            table = make_table(players, prep.coef, prep.points, prep.slot_names, prep.days, prep.fpts_coef)
            out[r, a] = _brute_week(prep, table, list(range(len(players)))) - base
    return out


def check_exact(inputs: OptimizerInputs, brute: bool = True, tol: float = 1e-6) -> bool:
    """True when the fast scan equals the reference scan (and brute force when asked)."""
    prep = prepare(inputs)
    drops = np.arange(len(prep.roster.players))
    fast = scan_table(prep, drops)
    gain, value_gain = reference_scan(prep, drops)
    ok = np.allclose(fast.gain, gain, atol=tol) and np.allclose(fast.value_gain, value_gain, atol=tol)
    if brute:
        ok = ok and np.allclose(fast.value_gain, brute_force_scan(prep, drops), atol=tol)
    return bool(ok)
