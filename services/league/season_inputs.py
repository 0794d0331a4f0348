"""What every manager knew on each morning of the season: one row per (day, known player).

For each day D from opening night to the day after the last box score, each player with a game
before D gets his games so far, his status (`snapshot.infer_status` on his last game and his
team's game dates before D), his team, and his per-game value in both scorings: the snapshot's
projection (`snapshot.expectation` of the season and last-10 `averages_of`) in fantasy points,
and the nine-category z-sum on that morning's `values.CategoryScale`. The same numbers a
`Snapshot` of D gives (tests/services/test_season_league.py checks it), computed from running
totals kept game by game, so the whole season takes seconds instead of a snapshot per day.

Pure: it reads rows passed in (`build.py` hands it the tables it is writing), never a box
score on or after the morning it describes.
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from dataclasses import dataclass
from operator import add, sub
from types import SimpleNamespace

from services.league.scoring import CATEGORIES
from services.league.snapshot import _AVG_COLUMNS, RECENT_WINDOW, averages_of, expectation, infer_status

OPENING_NIGHT = dt.date(2024, 10, 22)


@dataclass(frozen=True)
class Morning:
    """A player's facts on a morning."""
    games: int
    status: str  # ACTIVE, DTD or OUT
    points: float  # expected fantasy points per game
    categories: float  # z-sum per game over the nine categories
    team: str


class _Pool:
    """What values.CategoryScale reads of a player: his games (count) and expectation."""

    def __init__(self, games: int, expected: dict[str, float]):
        self.games, self.expected = range(games), expected

    @property
    def expected_fpts(self) -> float:
        return self.expected.get("fpts", 0.0)


def season_days(first: dt.date, last: dt.date) -> list[dt.date]:
    """Every morning of the season: opening night to the day after the last box score."""
    return [first + dt.timedelta(days=i) for i in range((last - first).days + 2)]


def _expectations(games: list[dict]) -> list[dict[str, float]]:
    """The projection after each of a player's games (index k: after his first k+1 games)."""
    totals, out = [], []
    run = None
    for g in games:
        row = _AVG_COLUMNS(g)
        run = row if run is None else tuple(map(add, run, row))
        totals.append(run)
        k = len(totals)
        if k > RECENT_WINDOW:
            recent = tuple(map(sub, run, totals[k - 1 - RECENT_WINDOW]))
            n_recent = RECENT_WINDOW
        else:
            recent, n_recent = run, k
        out.append(expectation(averages_of(run, k), averages_of(recent, n_recent)))
    return out


def mornings(games: list[dict], schedule: list[tuple[dt.date, str]], days: list[dt.date]) -> dict[dt.date, dict[str, Morning]]:
    """Every morning's facts for every known player. `games`: box-score dicts (snapshot.GAME_COLS)
    ordered by date; `schedule`: (date, team) of every game."""
    from services.league.values import CategoryScale

    by_player: dict[str, list[dict]] = {}
    for g in games:
        by_player.setdefault(g["player_id"], []).append(g)
    team_dates: dict[str, list[dt.date]] = {}
    for d, team in sorted(schedule):
        team_dates.setdefault(team, []).append(d)
    exp = {pid: _expectations(gs) for pid, gs in by_player.items()}
    dates = {pid: [g["game_date"] for g in gs] for pid, gs in by_player.items()}
    out: dict[dt.date, dict[str, Morning]] = {}
    for day in days:
        pool, rows = {}, {}
        for pid, ds in dates.items():
            k = bisect_left(ds, day)
            if k:
                pool[pid] = _Pool(k, exp[pid][k - 1])
        scale = CategoryScale(SimpleNamespace(players=pool)) if pool else None
        for pid, p in pool.items():
            last = by_player[pid][len(p.games) - 1]
            tdates = team_dates.get(last["team"], [])
            status = infer_status([last], tdates[:bisect_left(tdates, day)])[0]
            cats = sum(scale.z(p, c) for c in CATEGORIES)
            rows[pid] = Morning(len(p.games), status, p.expected_fpts, cats, last["team"])
        out[day] = rows
    return out
