"""Per-minute rates and minutes trends from a player's box-score lines (`GameLine`s, any source).

- `per_36`: a window's totals scaled to 36 of its minutes (points, the counting categories and
  fantasy points), the way managers read a bench player's upside ("what's he per 36?");
- `minutes_trend`: his minutes per game over his last N games against the season's, for "whose
  minutes are trending up?" (one number per player, rising or falling by `MOVED` or more).

Pure functions over the lines a game log returns, so the demo and an ESPN league read the same
figures the same way.
"""
from __future__ import annotations

from typing import Literal, Sequence

from pydantic import BaseModel

from services.models import GameLine

PER36_STATS = ("pts", "reb", "ast", "stl", "blk", "fg3m", "tov")
MOVED = 1.0  # minutes per game: a smaller change is steady (one game's garbage time moves a 5-game mean by that)


class Per36(BaseModel):
    """A window's rates per 36 minutes: `games` played, `mpg` (his real minutes per game), and each
    stat's total x 36 / the window's minutes (`fpts`: fantasy points as the log scores them)."""

    games: int
    mpg: float
    pts: float
    reb: float
    ast: float
    stl: float
    blk: float
    fg3m: float
    tov: float
    fpts: float


class MinutesTrend(BaseModel):
    """One player's recent minutes against his season's."""

    name: str
    team: str | None = None
    status: str | None = None
    last_n: int  # the window asked for
    games: int  # games in it (fewer when he has played fewer)
    recent_mpg: float
    season_mpg: float
    season_games: int
    change: float  # recent_mpg - season_mpg
    direction: Literal["up", "down", "steady"]


def per_36(lines: Sequence[GameLine]) -> Per36 | None:
    """The lines' per-36 rates; None when they hold no minutes."""
    minutes = sum(g.min for g in lines)
    if minutes <= 0:
        return None
    rate = {k: round(36 * sum(getattr(g, k) for g in lines) / minutes, 2) for k in PER36_STATS}
    return Per36(games=len(lines), mpg=round(minutes / len(lines), 2),
                 fpts=round(36 * sum(g.fantasy_pts for g in lines) / minutes, 2), **rate)


def _mpg(lines: Sequence[GameLine]) -> float:
    return sum(g.min for g in lines) / len(lines) if lines else 0.0


def minutes_trend(name: str, season: Sequence[GameLine], last_n: int, team: str | None = None,
                  status: str | None = None) -> MinutesTrend | None:
    """His last `last_n` games' minutes per game against all of `season`'s (his games before the
    as-of date, oldest first); None when he has not played."""
    if not season:
        return None
    recent = list(season)[-last_n:]
    now, whole = _mpg(recent), _mpg(season)
    change = round(now - whole, 2)
    direction = "up" if change >= MOVED else "down" if change <= -MOVED else "steady"
    return MinutesTrend(name=name, team=team, status=status, last_n=last_n, games=len(recent),
                        recent_mpg=round(now, 2), season_mpg=round(whole, 2), season_games=len(season),
                        change=change, direction=direction)


def by_change(trends: Sequence[MinutesTrend]) -> list[MinutesTrend]:
    """Rising first (the biggest rise on top), then steady, then falling (the biggest fall last)."""
    return sorted(trends, key=lambda t: (-t.change, t.name))
