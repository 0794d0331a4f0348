"""Exact one-day slot assignment over index arrays, and a brute-force checker for tiny cases.

Only players with a game and a positive value are passed in, so a maximum-weight bipartite
matching is the same as a rectangular assignment where ineligible pairs are worth 0 (an
assignment on a 0 edge just means "benched" / "slot left empty").
"""
from __future__ import annotations

import itertools
from typing import Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment


def slot_columns(counts: np.ndarray) -> np.ndarray:
    """Slot type of every starting-slot instance: counts [1, 2] -> [0, 1, 1]."""
    return np.repeat(np.arange(len(counts)), counts)


def solve(values: np.ndarray, elig: np.ndarray, counts: np.ndarray) -> tuple[float, np.ndarray, np.ndarray]:
    """Best assignment of players (positive `values`, `elig[i, s]`) to `counts[s]` slots of type s.

    Returns (total value, row indices of starters, slot type of each starter).
    """
    cols = slot_columns(counts)
    if len(values) == 0 or len(cols) == 0:
        return 0.0, np.empty(0, dtype=int), np.empty(0, dtype=int)
    weight = np.where(elig[:, cols], values[:, None], 0.0)
    rows, picked = linear_sum_assignment(weight, maximize=True)
    keep = weight[rows, picked] > 0.0
    rows, types = rows[keep], cols[picked[keep]]
    return float(values[rows].sum()), rows, types


def brute_force(values: Sequence[float], elig: Sequence[Sequence[bool]],
                counts: Sequence[int]) -> float:
    """The best total by trying every assignment (each player benched or in a free eligible slot).

    Exponential: for checking `solve` on instances of a handful of players only.
    """
    n, n_types = len(values), len(counts)
    options = [[-1] + [s for s in range(n_types) if elig[i][s]] for i in range(n)]
    best = 0.0
    for choice in itertools.product(*options):
        used = [0] * n_types
        total, ok = 0.0, True
        for i, s in enumerate(choice):
            if s < 0:
                continue
            used[s] += 1
            if used[s] > counts[s]:
                ok = False
                break
            total += values[i]
        if ok and total > best:
            best = total
    return best
