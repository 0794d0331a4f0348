"""Categories won per unit of category value, measured on the league's own finished weeks.

The categories season value counts z-score-games (a player's per-game nine-category z-sum above
a deep-bench player's, times his games). To rank it against this week's categories won, and to
say what it is worth, it needs a rate: categories won per z-score-game. It was a fixed 0.03 (from
a normal approximation, never tested; the backtest realized 0.24 of the claims it made).

Here the rate is measured on the matchup weeks of the league that ended before the as-of date, as
the product would have known them: for every team each day, its starters (the rostered players
who played that day, best by per-game value first, up to the starting slots) give the team's
week of real box-score totals and its z-score-games (each starter's per-game value as of the
as-of date above the floor, summed over his games). Every matchup is a row: categories won minus
half the nine (a tie counts half) against the difference of the two teams' z-score-games. The rate
is the least-squares slope through the origin. Before `MIN_ROWS` matchups (weeks 1-2) there is
nothing to measure and the prior of before holds.

    per_value, rows = categories_per_value(lg)
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

import numpy as np

PRIOR = 0.03  # the untested normal approximation of before (services.optimizer.moves.KAPPA)
MIN_ROWS = 20  # matchups (10 teams: 10 per week, each counted from both sides)
FLOOR_RANK = 300  # the season value's floor: about the 23rd man of every NBA team (services.optimizer.season)


def _week_rows(lg, value: dict[str, float], start: dt.date, end: dt.date, week: int) -> list[tuple[float, float]]:
    from services.optimizer import projection as pj
    from services.optimizer.projection import categories_won
    from services.league.slots import STARTING_SLOTS

    n_start = sum(STARTING_SLOTS.values())
    lines: dict[tuple[str, dt.date], np.ndarray] = {}
    for pid, ps in lg.snapshot.players.items():
        for g in ps.games:
            if start <= g["game_date"] <= end:
                lines[pid, g["game_date"]] = np.array([float(g[c]) for c in pj.STATS])
    totals = {t: np.zeros(len(pj.STATS)) for t in lg.team_ids}
    zgames = dict.fromkeys(lg.team_ids, 0.0)
    for i in range((end - start).days + 1):
        day = start + dt.timedelta(days=i)
        for t in lg.team_ids:
            played = sorted((p for p in lg.roster_on(t, day) if (p, day) in lines),
                            key=lambda p: (-value.get(p, 0.0), p))[:n_start]
            for p in played:
                totals[t] += lines[p, day]
                zgames[t] += value.get(p, 0.0)
    rows = []
    for t in lg.team_ids:
        o = lg.opponent_of(t, week)
        rows.append((zgames[t] - zgames[o], categories_won(totals[t], totals[o]) - 4.5))
    return rows


@lru_cache(maxsize=32)
def categories_per_value(lg) -> tuple[float, int]:
    """(categories won per z-score-game, matchups measured) on the league's weeks ended before
    its as-of date; the prior with fewer than MIN_ROWS matchups. A z-score-game is counted in the
    units the season claims count it: each player's season category value (regressed, all nine
    categories) above the season value's floor. Measured on the week's category value instead
    (before session 12), whose spread is wider, the rate came out lower than a unit of the
    claims' is worth, and the claims realized 1.36-1.50 of themselves (docs/season-value.md 1b)."""
    from services.league.calibration_value import season_category_floor, season_category_value

    snap = lg.snapshot
    floor = season_category_floor(snap, FLOOR_RANK)
    value = {pid: season_category_value(snap, pid) - floor for pid in snap.players}
    rows: list[tuple[float, float]] = []
    for week, start, end in snap.db.query("SELECT week, start_date, end_date FROM weeks ORDER BY week"):
        if end < lg.as_of:
            rows += _week_rows(lg, value, start, end, week)
    if len(rows) < MIN_ROWS:
        return PRIOR, len(rows)
    x, y = np.array(rows).T
    return round(float(x @ y / (x @ x)), 5), len(rows)
