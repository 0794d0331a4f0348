"""The straightforward scan, for checking and timing the fast one: re-solve every pair, every day.

Uses the general string-keyed `services.league.lineup.best_lineup` on the roster with the drop
removed and the add appended, for each remaining day, then scores the summed rows with the
same objective as the fast scan.
"""
from __future__ import annotations

import numpy as np

from services.league.lineup import BENCH, best_lineup
from services.optimizer import projection as pj
from services.optimizer.weekly import Prepared, Table, score_rows


def _players_on(table: Table, rows: list[int], day: int) -> list[tuple[str, list[str], float, np.ndarray]]:
    out, day_rows = [], table.rows_on(day)
    for i in rows:
        p = table.players[i]
        if table.plays[i, day] and day_rows[i, pj.VALUE] > 0:
            out.append((p.player_id, list(p.eligible), float(day_rows[i, pj.VALUE]), day_rows[i]))
    return out


def _week(prep: Prepared, players_by_day) -> tuple[np.ndarray, float]:
    """Summed rows of the starters and the linear objective over the remaining days."""
    total, value = np.zeros(pj.WIDTH), 0.0
    for players in players_by_day:
        assignment, v = best_lineup([(pid, el, val) for pid, el, val, _ in players], prep.inputs.slots)
        value += v
        for pid, _, _, row in players:
            if assignment.get(pid, BENCH) != BENCH:
                total += row
    return total, value


def reference_scan(prep: Prepared, drops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(gain, linear value gain) for every (drops[i], free agent j), shape (drops, free agents)."""
    n_days = len(prep.days)
    roster = list(range(len(prep.roster.players)))
    base_days = [_players_on(prep.roster, roster, d) for d in range(n_days)]
    base_rows, base_value = _week(prep, base_days)
    base_score = float(score_rows(prep, base_rows))
    n_fa = len(prep.free_agents.players)
    gain = np.zeros((len(drops), n_fa))
    value_gain = np.zeros((len(drops), n_fa))
    for r, k in enumerate(drops):
        kept = [i for i in roster if i != k]
        kept_days = [_players_on(prep.roster, kept, d) for d in range(n_days)]
        for a in range(n_fa):
            days = [kept_days[d] + _players_on(prep.free_agents, [a], d) for d in range(n_days)]
            rows, value = _week(prep, days)
            gain[r, a] = float(score_rows(prep, rows)) - base_score
            value_gain[r, a] = value - base_value
    return gain, value_gain


def reference_scan_skip_days(prep: Prepared, drops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The fair straightforward scan: like `reference_scan`, but a pair re-solves only the days the
    added player can start (on the other days the roster without the drop is solved once per drop)."""
    n_days = len(prep.days)
    roster = list(range(len(prep.roster.players)))
    base_rows, base_value = _week(prep, [_players_on(prep.roster, roster, d) for d in range(n_days)])
    base_score = float(score_rows(prep, base_rows))
    n_fa = len(prep.free_agents.players)
    gain, value_gain = np.zeros((len(drops), n_fa)), np.zeros((len(drops), n_fa))
    fa_days = [[d for d in range(n_days) if _players_on(prep.free_agents, [a], d)] for a in range(n_fa)]
    for r, k in enumerate(drops):
        kept = [i for i in roster if i != k]
        kept_days = [_players_on(prep.roster, kept, d) for d in range(n_days)]
        per_day = [_week(prep, [players]) for players in kept_days]  # (rows, value) of each day
        kept_rows = sum((rows for rows, _ in per_day), np.zeros(pj.WIDTH))
        kept_value = sum(v for _, v in per_day)
        for a in range(n_fa):
            rows, value = kept_rows.copy(), kept_value
            for d in fa_days[a]:
                day_rows, day_value = _week(prep, [kept_days[d] + _players_on(prep.free_agents, [a], d)])
                rows += day_rows - per_day[d][0]
                value += day_value - per_day[d][1]
            gain[r, a] = float(score_rows(prep, rows)) - base_score
            value_gain[r, a] = value - base_value
    return gain, value_gain
