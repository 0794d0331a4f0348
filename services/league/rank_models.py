"""The rankings' result models (services/league/rankings.py): a ranked player's row
(`RankedPlayer`: his window stats, z-scores, projections and rest-of-season value), a player the
sample filter leaves out (`FilteredPlayer`, with where he would have ranked), and the table
(`Rankings`: the filters it was ranked with, the ranked rows and the filtered ones).
"""
from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel

from services.models import PlayerRef, Status


class RankedPlayer(BaseModel):
    rank: int
    player: PlayerRef
    status: Status
    owner_team_id: int | None  # None: a free agent
    owner: str  # "Free agent" or the fantasy team's name
    games: int  # games played in the window
    team_games: int  # games his NBA team played in the window
    flags: list[str]  # "OUT" (inferred from missed games), "short minutes" (under SHORT_MINUTES a game)
    per_game: dict[str, float]  # window averages (fg_pct/ft_pct as ratios)
    per_36: dict[str, float] = {}  # the window's rates per 36 minutes (services/league/rank_rates.py)
    z36: dict[str, float] = {}  # each category's z of the per-36 line (a percentage weighted by 36 minutes' shots)
    z36_sum: float = 0.0  # over the counted categories
    season_mpg: float = 0.0  # minutes a game over his season
    minutes_change: float = 0.0  # minutes a game in the window minus the season's (0 over the season)
    totals: dict[str, float]  # window sums
    fpts: float  # fantasy points per game in the window
    fpts_total: float
    z: dict[str, float]  # per-game z-score of each of the nine categories over the window
    z_sum: float  # sum over the counted categories (punted ones dropped)
    proj_fpts: float  # the optimizer's per-game projection of fantasy points
    proj_value: float  # the tools' per-game value in this league's scoring (free agents, optimizer)
    availability: float  # calibrated chance he plays his next game
    games_left_week: int
    games_left_season: int
    ros_value: float  # rest-of-season value: per-game value x games-weighted availability x games left


class FilteredPlayer(BaseModel):
    """A player left out of the ranks for his sample: too few of his team's games in the window."""
    player: PlayerRef
    status: Status
    owner: str
    games: int
    team_games: int
    would_rank: int  # where his window stats alone would have put him among the ranked
    reason: str


class Rankings(BaseModel):
    as_of: dt.date
    window: str
    window_start: dt.date | None  # first day of the window (None: the whole season)
    scoring: str
    punt: list[str]
    counted: list[str]  # the categories in z_sum
    sort: str
    per: Literal["game", "total", "36"]
    ros_unit: str
    min_share: float  # the sample filter: share of the team's games a ranked player played (at most ENOUGH_GAMES)
    z_scale: str  # which spreads the z-scores use: the league's (season) or the window's own
    total: int  # players matching the filters, before the limit
    players: list[RankedPlayer]
    filtered: list[FilteredPlayer]  # matching the filters but short of games_needed, best first
