"""Exact daily lineup: the best assignment of players to starting slots under eligibility.

A rectangular assignment problem (players x slots, plus one bench column per player) solved
with the Hungarian method (scipy's linear_sum_assignment): greedy fills lose starts when a
flexible player takes the slot a rigid one needed.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
from scipy.optimize import linear_sum_assignment

from services.slots import STARTING_SLOTS, slot_list

BENCH = "BE"


def best_lineup(players: Sequence[tuple[str, Sequence[str], float]],
                slots: Mapping[str, int] = STARTING_SLOTS) -> tuple[dict[str, str], float]:
    """Assigns (player_id, eligible slots, value) to slots maximizing total value.

    Returns ({player_id: slot or 'BE'}, total value of starters). Players with a non-positive
    value may still start when nobody else can fill the slot (a start never costs points in
    our scoring of a missed slot, and ties go to the listed order).
    """
    slot_names = slot_list(slots)
    n, m = len(players), len(slot_names)
    if n == 0:
        return {}, 0.0
    # Columns: the starting slots, then one bench column per player (value 0).
    value = np.full((n, m + n), -1e9)
    for i, (_, eligible, v) in enumerate(players):
        elig = set(eligible)
        for j, s in enumerate(slot_names):
            if s in elig:
                value[i, j] = v + 1e-9 * (n - i)  # tiny tie-break keeps results deterministic
        value[i, m:] = 0.0
    rows, cols = linear_sum_assignment(value, maximize=True)
    out: dict[str, str] = {}
    total = 0.0
    for i, j in zip(rows, cols, strict=True):
        pid, _, v = players[i]
        if j < m and value[i, j] > -1e8:
            out[pid] = slot_names[j]
            total += v
        else:
            out[pid] = BENCH
    return out, total
