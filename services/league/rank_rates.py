"""Per-36 and minutes-trend figures of a rankings row (services/league/rankings.py).

- `per_36_line`: a window's averages scaled to 36 of its minutes: the counting stats, the shot
  volumes behind FG% and FT% (so a percentage weighs as it would over 36 minutes) and fantasy
  points; the percentages themselves are unchanged. The same rates as `services.league.rates.per_36`
  (a window's totals x 36 / its minutes), for every player of a ranking at once.
- `PER36_MIN_MPG`: a per-36 ranking leaves out players under this many minutes a game in the window
  (a 6-minute player's per-36 is three good possessions blown up), listed as filtered with the reason.
- `minutes_change`: his minutes a game in the window against his season's ("who's getting more run
  on waivers?"), the key of `sort="minutes_trend"`; it needs a window shorter than the season.
"""
from __future__ import annotations

from services.league.scoring import COUNTING_STATS

PER36_MIN_MPG = 12.0
SCALED = (*COUNTING_STATS, "fpts")


def per_36_line(avg: dict[str, float]) -> dict[str, float]:
    """The window's per-game averages as rates per 36 minutes ({} when he played no minutes)."""
    if avg.get("min", 0.0) <= 0:
        return {}
    k = 36.0 / avg["min"]
    return {**avg, **{s: avg[s] * k for s in SCALED}, "min": 36.0}


def season_mpg(games: list[dict]) -> float:
    return sum(g["min"] for g in games) / len(games) if games else 0.0


def minutes_change(window_avg: dict[str, float], season_games: list[dict]) -> float:
    """Minutes a game in the window minus minutes a game over his season (0 over the season itself)."""
    return window_avg["min"] - season_mpg(season_games)


def per36_reason(mpg: float) -> str:
    return (f"plays {mpg:.1f} min a game in the window; a per-36 ranking needs {PER36_MIN_MPG:g} (fewer minutes "
            "make the rates noise)")
