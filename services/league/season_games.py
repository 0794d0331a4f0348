"""Every 2024-25 NBA game (regular season and playoffs) with home/away, final score and the real
market line, read from `data/nba-2024-25/games.csv`. One loader for the league's remaining
schedule, the market desk, the signals pod and the arena.

What may be seen when: the schedule (date, teams) is published before the season, so it is never
look-ahead. The final score is known only after the game, and the line (`home_spread`, `total`)
is the market's closing line, known at tip. Callers that build an as-of view must use
`known_results(before=...)` or check `SeasonGame.tip` themselves; `schedule()` returns no results.

The data has no tip times; every game gets a nominal tip of 7 pm US Eastern (00:00 UTC the next
day), labelled as nominal wherever a time is shown.
"""
from __future__ import annotations

import csv
import datetime as dt
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from services.config import DATA_DIR

GAMES_CSV = DATA_DIR / "games.csv"
NOMINAL_TIP_UTC = dt.time(0, 0, tzinfo=dt.timezone.utc)  # 7 pm ET (EST), on the next UTC day
TIP_LABEL = "nominal 7 pm ET tip (the data has no tip times)"


class ScheduledGame(BaseModel):
    """A game as the published schedule knows it: no score, no line."""
    model_config = ConfigDict(frozen=True)

    game_id: str  # f"{date}-{away}-{home}", e.g. "2025-01-31-NYK-BOS"
    date: dt.date
    season_type: str  # "regular" | "playoff"
    away: str
    home: str

    @property
    def tip(self) -> dt.datetime:
        """Nominal tip-off (timezone-aware, UTC)."""
        return dt.datetime.combine(self.date + dt.timedelta(days=1), NOMINAL_TIP_UTC)


class SeasonGame(ScheduledGame):
    """A game with its real final score and the market's closing line (known only at/after tip)."""

    away_pts: int
    home_pts: int
    home_spread: float  # the home team's spread: -5.5 means home favoured by 5.5
    total: float

    @property
    def home_won(self) -> bool:
        return self.home_pts > self.away_pts

    @property
    def margin(self) -> int:
        """Home points minus away points."""
        return self.home_pts - self.away_pts

    def scheduled(self) -> ScheduledGame:
        return ScheduledGame(game_id=self.game_id, date=self.date, season_type=self.season_type,
                             away=self.away, home=self.home)


def game_id(date: dt.date, away: str, home: str) -> str:
    return f"{date.isoformat()}-{away}-{home}"


@lru_cache(maxsize=1)
def all_games() -> tuple[SeasonGame, ...]:
    """Every game of the season in date order (then home team), results and lines included.

    Callers building an as-of view should prefer `schedule()` / `known_results()`.
    """
    out = []
    with open(GAMES_CSV, newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            d = dt.date.fromisoformat(r["game_date"])
            out.append(SeasonGame(game_id=game_id(d, r["away"], r["home"]), date=d, season_type=r["season_type"],
                                  away=r["away"], home=r["home"], away_pts=int(r["away_pts"]),
                                  home_pts=int(r["home_pts"]), home_spread=float(r["home_spread"]),
                                  total=float(r["total"])))
    out.sort(key=lambda g: (g.date, g.home))
    return tuple(out)


@lru_cache(maxsize=1)
def _by_id() -> dict[str, SeasonGame]:
    return {g.game_id: g for g in all_games()}


def get_game(gid: str) -> SeasonGame:
    """The game with this id; KeyError names the id when there is none."""
    try:
        return _by_id()[gid]
    except KeyError:
        raise KeyError(f"no game with id {gid!r}") from None


def schedule(start: dt.date | None = None, end: dt.date | None = None,
             season_type: str | None = "regular") -> list[ScheduledGame]:
    """Published schedule between start and end inclusive (no scores, no lines)."""
    return [g.scheduled() for g in all_games()
            if (start is None or g.date >= start) and (end is None or g.date <= end)
            and (season_type is None or g.season_type == season_type)]


def known_results(before: dt.date, season_type: str | None = None) -> list[SeasonGame]:
    """Games played strictly before `before` (finals known on that morning)."""
    return [g for g in all_games() if g.date < before and (season_type is None or g.season_type == season_type)]


def regular_season_end() -> dt.date:
    return max(g.date for g in all_games() if g.season_type == "regular")
