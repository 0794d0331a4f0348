"""Fast exact scan of every (drop, add) pair: a few small assignments per day, then numpy.

For a day and a candidate drop k, solve the roster without k once per slot type s with one
slot of type s removed (`best_without[k, s]`), and once with all slots (`keep[k]`). An added
player with eligibility E and value v then yields max(keep[k], v + max_{s in E}
best_without[k, s]): either he sits, or he takes some slot s and the rest is the best lineup
without that slot. That is exact, and it is vectorized over every free agent. Each option's
summary row is kept too, so categories (non-linear in the totals) are scored exactly as well.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from services.optimizer import projection as pj
from services.optimizer.weekly import Prepared, plan_day, plan_without_each, score_rows

TOL = 1e-9  # an added player must beat sitting by more than this to start (ties: he sits)


@dataclasses.dataclass
class MoveTable:
    """Every evaluated pair as arrays: drops on axis 0, free agents on axis 1."""

    drops: np.ndarray  # roster row index of each candidate drop
    gain: np.ndarray  # (drops, adds) in the objective's unit (points, or categories won)
    value_gain: np.ndarray  # (drops, adds) change of the linear objective
    after: np.ndarray  # (drops, adds, WIDTH) rest-of-week summary after the move
    base: np.ndarray  # (WIDTH,) rest-of-week summary standing pat
    add_start_days: np.ndarray  # (drops, adds, days) bool: the added player starts that day
    starts_delta: np.ndarray  # (drops, adds, days) net change of starts that day
    drop_starts: np.ndarray  # (drops,) starts the dropped player had


def _day_options(prep: Prepared, day: int, drops: np.ndarray):
    """Values (len(drops)+1, S+1) and summary rows (len(drops)+1, S+1, WIDTH) for one day.

    Row r < len(drops) removes drops[r]; the last row removes nobody. Column s < S removes one
    slot of type s (the added player's slot); column S keeps every slot (he sits).
    """
    table, counts = prep.roster, prep.counts
    n_types = len(counts)
    values = np.full((len(drops) + 1, n_types + 1), -np.inf)
    rows = np.zeros((len(drops) + 1, n_types + 1, pj.WIDTH))
    for s in range(n_types + 1):
        c = counts
        if s < n_types:
            if counts[s] == 0:
                continue
            c = counts.copy()
            c[s] -= 1
        values[:, s], rows[:, s] = plan_without_each(table, day, c, drops, rows=True)
    return values, rows


def scan_table(prep: Prepared, drops: np.ndarray) -> MoveTable:
    """Evaluates every (drops[i], free agent j) pair over the remaining days."""
    fas = prep.free_agents
    n_days, n_fa, n_types = len(prep.days), len(fas.players), len(prep.counts)
    n_drop = len(drops)
    opt_val = np.zeros((n_drop + 1, n_days, n_types + 1))
    opt_rows = np.zeros((n_drop + 1, n_days, n_types + 1, pj.WIDTH))
    for d in range(n_days):
        opt_val[:, d], opt_rows[:, d] = _day_options(prep, d, drops)
    base_rows = opt_rows[-1, :, n_types].sum(axis=0)
    drop_starts = np.zeros(n_drop, dtype=int)
    for d in range(n_days):
        _, starters, _ = plan_day(prep.roster, d, prep.counts)
        drop_starts += np.isin(drops, starters)

    # (drop, day, fa, slot type): value of the rest when the added player takes that slot.
    slot_val = np.where(fas.elig[None, None, :, :], opt_val[:-1, :, None, :n_types], -np.inf)
    best_slot = slot_val.argmax(axis=-1)
    fa_values = fas.day_values().T  # (day, fa): a game's value that day
    with_add = np.take_along_axis(slot_val, best_slot[..., None], axis=-1)[..., 0] + fa_values[None, :, :]
    sit = opt_val[:-1, :, n_types][:, :, None]
    fa_active = fas.plays.T & (fa_values > 0)  # (day, fa)
    starts = fa_active[None, :, :] & (with_add > sit + TOL)
    day_val = np.where(starts, with_add, sit)
    choice = np.where(starts, best_slot, n_types)  # (drop, day, fa)

    k_idx = np.arange(n_drop)[:, None, None]
    d_idx = np.arange(n_days)[None, :, None]
    chosen = opt_rows[k_idx, d_idx, choice]  # (drop, day, fa, WIDTH)
    n_starts = starts.sum(axis=1)  # (drop, fa)
    if fas.by_day is None:
        added = n_starts[..., None] * fas.rows[None, :, :]
    else:  # each start at that day's rows
        added = np.einsum("kdf,fdw->kfw", starts.astype(float), fas.by_day)
    after = chosen.sum(axis=1) + added
    base_val = opt_val[-1, :, n_types].sum()
    value_gain = day_val.sum(axis=1) - base_val
    gain = value_gain if prep.points else score_rows(prep, after) - score_rows(prep, base_rows)
    base_count = opt_rows[-1, :, n_types, pj.COUNT]  # (day,)
    starts_delta = chosen[..., pj.COUNT] + starts - base_count[None, :, None]
    return MoveTable(drops, gain, value_gain, after, base_rows, starts.transpose(0, 2, 1),
                     np.rint(starts_delta).astype(int).transpose(0, 2, 1), drop_starts)
