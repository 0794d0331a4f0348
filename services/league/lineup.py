"""The one daily lineup solver, over index arrays (`solve`) and for string-keyed players
(`best_lineup`, a thin adapter over it).

`solve` is a rectangular assignment solved with the Hungarian method (greedy fills lose starts
when a flexible player takes the slot a rigid one needed).
Everything that sets a lineup (the scoreboard's past days, the optimizer, its reference scan)
goes through it.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from services.league.slots import STARTING_SLOTS

BENCH = "BE"


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




def best_lineup(players: Sequence[tuple[str, Sequence[str], float]],
                slots: Mapping[str, int] = STARTING_SLOTS) -> tuple[dict[str, str], float]:
    """Assigns (player_id, eligible slots, value) to slots maximizing total value.

    Returns ({player_id: slot or 'BE'}, total value of starters). A player with a non-positive
    value never starts (sitting is worth 0).
    """
    names = list(slots)
    counts = np.array([int(slots[s]) for s in names])
    out = {pid: BENCH for pid, _, _ in players}
    keep = [i for i, (_, _, v) in enumerate(players) if v > 0]
    if not keep:
        return out, 0.0
    values = np.array([float(players[i][2]) for i in keep])
    elig = np.array([[s in players[i][1] for s in names] for i in keep], dtype=bool).reshape(len(keep), len(names))
    total, rows, types = solve(values, elig, counts)
    for r, t in zip(rows, types, strict=True):
        out[players[keep[r]][0]] = names[t]
    return out, total
