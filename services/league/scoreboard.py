"""The one scoreboard: what each team has banked on the days already played this matchup week.

A past day scores the lineup its manager would have set that morning (the best lineup by what
was known then: that day's snapshot, status included) from the roster the team really had that
day (the draft with the moves applied before it, read from the move log), counting the real box
scores of the starters who played. A move approved today never changes a past day.

The matchup, the optimizer's inputs, the League page and the backtest all read these totals.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from services.league.lineup import BENCH, best_lineup
from services.league.scoring import COUNTING_STATS
from services.league.snapshot import snapshot
from services.league.values import player_value

START_BONUS = 100.0  # filling a slot beats leaving it empty (z-sums can be negative)
TOTAL_KEYS = (*COUNTING_STATS, "fpts", "games")


def _morning(lg, day: dt.date):
    """The snapshot of an earlier morning of the league's own history (the demo's by default)."""
    return lg.snapshot_on(day) if lg is not None else snapshot(day)


def morning_value(day: dt.date, pid: str, scoring: str, lg=None) -> float:
    """The value a manager saw for a player on the morning of `day` (availability included),
    offset so that any player with a game fills a free slot; unknown then: the offset only.
    `lg`: the league whose history holds that morning (default: the demo's)."""
    snap = _morning(lg, day)
    ps = snap.players.get(pid)
    if ps is None:
        return START_BONUS
    return player_value(snap, ps, scoring) * ps.availability + START_BONUS


def day_starters(lg, ids: list[str] | tuple[str, ...], day: dt.date) -> list[str]:
    """Who that roster started on a past day: best lineup by the morning's values and positions
    among the players whose team played (so a later as-of date, whose box scores can add a
    second position, never re-sets a past day)."""
    morning = _morning(lg, day).players  # eligibility as that morning read it, not as the as-of date does
    playing = [(pid, (morning.get(pid) or lg.snapshot.players[pid]).ref.eligible, morning_value(day, pid, lg.scoring, lg))
               for pid in ids if day in lg.snapshot.games_remaining(pid, day, day)]
    assign, _ = best_lineup(playing)
    return [pid for pid, _, _ in playing if assign[pid] != BENCH]


@lru_cache(maxsize=4096)
def _day_totals(lg, ids: tuple[str, ...], day: dt.date, db_key: str) -> tuple[tuple[str, float], ...]:
    totals = dict.fromkeys(TOTAL_KEYS, 0.0)
    for pid in day_starters(lg, ids, day):
        line = lg.snapshot.line(pid, day)
        if line is None:
            continue  # started but did not play
        for k in COUNTING_STATS:
            totals[k] += float(line[k])
        totals["fpts"] += float(line["fpts"])
        totals["games"] += 1.0
    return tuple(totals.items())


def banked_totals(lg, team_id: int) -> dict[str, float]:
    """A team's real totals over the days of this matchup week before the as-of date
    (counting stats, fantasy points, games started), each day from the roster it had then."""
    totals = dict.fromkeys(TOTAL_KEYS, 0.0)
    for day in lg.days_played:
        if day >= lg.as_of:
            continue
        ids = tuple(lg.roster_on(team_id, day))
        for k, v in _day_totals(lg, ids, day, lg.snapshot.db.key):
            totals[k] += v
    return totals
