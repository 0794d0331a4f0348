"""A roster's value over a stretch of days, by the optimizer's exact daily lineup.

The per-player inputs are the optimizer's own (`services.optimizer.season.season_player`: per-game
value in the league's unit as a season regresses, the week's projection for this week's figure,
games-weighted play probability from the calibrated return curve, remaining game dates); the lineup each day is `weekly.plan_day` over `season.season_table`. So a
trade's value is what the optimizer would say a move is worth, not a second formula.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from types import SimpleNamespace

import numpy as np

from services.optimizer.models import OptimizerInputs
from services.optimizer.season import (CATS_UNIT, POINTS_UNIT, SeasonInputs, SeasonPlayer, category_floor,
                                       season_player, season_table)
from services.optimizer.weekly import plan_day
from services.league.slots import STARTING_SLOTS

PLAYOFF_WEEKS = 3  # the demo league's fantasy playoffs: the last three Monday-Sunday weeks of the NBA season


@dataclasses.dataclass(frozen=True)
class Horizon:
    as_of: dt.date
    week_end: dt.date  # last day of the current matchup week
    season_end: dt.date  # last regular-season game day
    playoff_start: dt.date  # first day of the fantasy playoffs

    @property
    def playoff_weeks(self) -> list[tuple[dt.date, dt.date]]:
        return [(self.playoff_start + dt.timedelta(days=7 * i), self.playoff_start + dt.timedelta(days=7 * i + 6))
                for i in range(PLAYOFF_WEEKS)]


def horizon(lg) -> Horizon:
    from services.optimizer.season import team_dates

    end = max(d for dates in team_dates(lg.as_of, lg.snapshot.db).values() for d in dates)
    monday = end - dt.timedelta(days=end.weekday())
    return Horizon(lg.as_of, lg.week[2], end, monday - dt.timedelta(days=7 * (PLAYOFF_WEEKS - 1)))


def unit(scoring: str) -> str:
    return POINTS_UNIT if scoring == "points" else CATS_UNIT


class Valuer:
    """Season players of one league (cached per player) and roster values over day ranges."""

    def __init__(self, lg, punt=()):
        """`punt`: categories the manager punts (categories leagues): a player's season value counts
        only the other categories the league counts (`LeagueHistory.categories`) (`season_player(cats=...)`, the optimizer's punt), so a punt changes
        every lineup value, not only the category profile."""
        from services.league.scoring import CATEGORIES, not_counted

        self.lg, self.h = lg, horizon(lg)
        punted = set(punt) if lg.scoring != "points" else set()
        self.punt = tuple(c for c in CATEGORIES if c in punted)  # the manager's own (not the league's rules)
        left_out = punted | set(not_counted(lg))  # and what the league never counts, for every manager
        self.cats = tuple(c for c in CATEGORIES if c not in left_out) if left_out else ()
        self.floor = category_floor(lg.snapshot, lg.scoring, self.cats) if lg.scoring != "points" else 0.0
        self._players: dict = {}  # pid -> season inputs; ("week", pid) -> this week's
        self._days: dict[tuple, tuple[float, int]] = {}  # (who can start, horizon) -> (lineup value, starts)
        self._slots = list(STARTING_SLOTS)
        self._counts = np.array([STARTING_SLOTS[s] for s in self._slots])

    def player(self, pid: str) -> SeasonPlayer:
        """His rest-of-season inputs with the per-game value as a season regresses: the value a
        card's season claim reads (`season_player(regressed=True)`, docs/season-value.md)."""
        if pid not in self._players:
            self._players[pid] = season_player(self.lg, pid, self.h.week_end, self.lg.scoring, self.floor,
                                               self.cats, regressed=True)
        return self._players[pid]

    def week_player(self, pid: str) -> SeasonPlayer:
        """This matchup week only: his games through the week's end with the week's projection (at
        the next-game play probability), as a card's week figure reads them."""
        key = ("week", pid)
        if key not in self._players:
            sp = season_player(self.lg, pid, self.h.week_end, self.lg.scoring, self.floor, self.cats)
            self._players[key] = sp.within(None, self.h.week_end + dt.timedelta(days=1))
        return self._players[key]

    def ros_total(self, pid: str) -> float:
        sp = self.player(pid)
        return sp.value * sp.availability * len(sp.games)  # = value x the sum of his games' play probabilities

    def total(self, ids) -> float:
        """A roster's rest-of-season lineup value (the sum of its days' best lineups)."""
        return sum(x for x, _ in self.lineup(tuple(self.player(p) for p in ids)).values())

    def lineup(self, players: tuple[SeasonPlayer, ...], horizon: str = "season") -> dict[dt.date, tuple[float, int]]:
        """Each remaining day: (value of the best lineup, starters with a game). `horizon` names the
        players' rating ("season" or "week"): a day's lineup is cached by it and who can start."""
        days = tuple(sorted({d for p in players for d in p.games}))
        if not days:
            return {}
        from services.optimizer.projection import POINTS_COEF

        stub = SimpleNamespace(slot_names=self._slots, counts=self._counts, fpts_coef=POINTS_COEF,  # values are per game already
                               inputs=OptimizerInputs(scoring="points", days=days, roster=()))
        prep = season_table(stub, SeasonInputs(unit(self.lg.scoring), days, players, ()))
        table, out, ids = prep.roster, {}, [p.player_id for p in players]
        for j, day in enumerate(days):
            # the day's best lineup depends only on who can start: shared across every roster valued
            key = (tuple(sorted(ids[i] for i in table.active(j).nonzero()[0])), horizon)
            if key not in self._days:
                value, rows, _ = plan_day(table, j, self._counts)
                self._days[key] = (float(value), len(rows))
            out[day] = self._days[key]
        return out

    def roster_value(self, ids: list[str]) -> "RosterValue":
        season = self.lineup(tuple(self.player(p) for p in ids))
        week = self.lineup(tuple(self.week_player(p) for p in ids), "week")
        return RosterValue(season, sum(v for v, _ in week.values()), self.h)


@dataclasses.dataclass
class RosterValue:
    days: dict[dt.date, tuple[float, int]]
    week: float  # this matchup week's lineup value (next-game availability)

    h: Horizon

    @property
    def season(self) -> float:
        return sum(v for v, _ in self.days.values())

    @property
    def playoffs(self) -> float:
        return sum(v for d, (v, _) in self.days.items() if d >= self.h.playoff_start)

    def starts_by_week(self) -> dict[dt.date, int]:
        """Monday of each remaining week -> starts with a game (the lineup's filled slots)."""
        out: dict[dt.date, int] = {}
        for d, (_, n) in sorted(self.days.items()):
            monday = d - dt.timedelta(days=d.weekday())
            out[monday] = out.get(monday, 0) + n
        return out
