"""Where a player stands in a ranking (services/league/rankings.py): the sample filter (`games_needed`:
a share of his team's games in the window, at most ENOUGH_GAMES), the key each sort ranks by
(`sort_key`: value, fantasy points, the z-sum or a category, per game, in total or per 36 minutes,
or the rise of his minutes), and where a player the filter leaves out would have ranked
(`filtered_player`).
"""
from __future__ import annotations

import math
from types import SimpleNamespace

from services.league.rank_models import FilteredPlayer, RankedPlayer
from services.league.scoring import CATEGORIES

ENOUGH_GAMES = 10  # the most games the sample filter asks: ten games are a sample (Luka's 22 of 47 count)


def games_needed(team_games: int, min_share: float) -> int:
    """Games a player must have in the window to be ranked: min_share of his team's, at most ENOUGH_GAMES."""
    return min(math.ceil(min_share * team_games - 1e-9), ENOUGH_GAMES)


def filtered_player(line: dict, keys: list[float], sort: str, per: str, scoring: str, min_share: float,
                    why: str | None = None) -> FilteredPlayer:
    probe = SimpleNamespace(**line, per_game={}, ros_value=0.0, proj_value=0.0, games_left_week=0,
                            games_left_season=0)
    key = (sort_key(probe, sort, per, scoring) if sort in ("value", "fpts", "z_sum", "minutes_trend", *CATEGORIES)
           else float("-inf"))
    would = 1 + sum(1 for k in keys if k > key)
    reason = why or (f"played {line['games']} of his team's {line['team_games']} games in the window; ranking needs "
                     f"{games_needed(line['team_games'], min_share)} ({min_share:.0%} of his team's, at most {ENOUGH_GAMES})")
    return FilteredPlayer(player=line["player"], status=line["status"], owner=line["owner"], games=line["games"],
                          team_games=line["team_games"], would_rank=would, reason=reason)


def sort_key(r: RankedPlayer, sort: str, per: str, scoring: str) -> float:
    n = r.games if per == "total" else 1
    if sort == "minutes_trend":
        return r.minutes_change
    if sort == "value":
        sort = "fpts" if scoring == "points" else "z_sum"
    if per == "36" and sort in ("fpts", "z_sum", *CATEGORIES):
        return _key36(r, sort)
    if sort == "fpts":
        return r.fpts * n
    if sort == "z_sum":
        return r.z_sum * n
    if sort in CATEGORIES:
        stat, higher = CATEGORIES[sort]
        if per == "total" and higher and "/" not in stat:  # "total steals": the steals, not z x games
            return r.totals[stat]
        return r.z[sort] * n  # a percentage's or turnovers' total: its per-game z weighted by games
    return float(getattr(r, sort))


def _key36(r: RankedPlayer, sort: str) -> float:
    """A per-36 ranking's key: fantasy points or the z-sum of the per-36 line, a counting category's
    rate per 36 (turnovers: fewer first), a percentage's z over 36 minutes' shots."""
    if sort == "fpts":
        return r.per_36.get("fpts", 0.0)
    if sort == "z_sum":
        return r.z36_sum
    stat, higher = CATEGORIES[sort]
    if "/" in stat:
        return r.z36[sort]
    rate = r.per_36.get(stat, 0.0)
    return rate if higher else -rate
