"""Typed results of the league services (pydantic), shared by every source and the agents."""
from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, Field

Status = Literal["ACTIVE", "DTD", "OUT"]


class ServiceError(Exception):
    """Bad input a person can fix; the message is one readable line."""


class PlayerNotFound(ServiceError):
    def __init__(self, query: str, suggestions: list[str]):
        self.query, self.suggestions = query, suggestions
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        shown = query if len(query) <= 200 else query[:200] + f"… ({len(query)} characters)"
        super().__init__(f"No player matches {shown!r}.{hint}")


class AmbiguousPlayer(ServiceError):
    def __init__(self, query: str, candidates: list[str]):
        self.query, self.candidates = query, candidates
        super().__init__(f"{query!r} could be {', '.join(candidates)}; which one?")


class PlayerRef(BaseModel):
    player_id: str
    name: str
    team: str | None = None
    pos: str
    eligible: list[str]


class StatusReport(BaseModel):
    player: PlayerRef
    status: Status
    inferred: bool = True
    evidence: str
    last_played: dt.date | None = None
    missed_in_row: int = 0
    as_of: dt.date
    source: str = "inferred from missed team games in the box scores (no injury reports in the data)"
    # an absent player's return model (services/league/returns.py): the chance he has played by each of
    # his team's next games (cumulative), and the days until that passes one half (None: not within them)
    return_by_game: list[tuple[dt.date, float]] = Field(default_factory=list)
    back_in_days: int | None = None


class GameLine(BaseModel):
    date: dt.date
    team: str
    opp: str
    result: str
    min: float
    pts: int
    reb: int
    ast: int
    stl: int
    blk: int
    tov: int
    fg3m: int
    fgm: int
    fga: int
    ftm: int
    fta: int
    fantasy_pts: float


class GameLog(BaseModel):
    player: PlayerRef
    as_of: dt.date
    last_n: int
    scoring: str
    games: list[GameLine]
    averages: dict[str, float]  # per-game averages over the window (fg_pct, ft_pct as ratios)
    fantasy_avg: float
    season_fantasy_avg: float
    season_averages: dict[str, float] = {}  # per-game averages over every game before the as-of date


class PlayerSchedule(BaseModel):
    player: PlayerRef
    dates: list[dt.date]


class ScheduleReport(BaseModel):
    start: dt.date
    end: dt.date
    as_of: dt.date
    week_start: dt.date
    week_end: dt.date
    days_remaining: list[dt.date]
    players: list[PlayerSchedule]
    total_games: int
    # the last day the source's schedule holds when the window runs past it (the demo data ends Feb 7):
    # a week counted to here is a short week, said so; None when the whole window is known
    known_through: dt.date | None = None


class RosterEntry(BaseModel):
    player: PlayerRef
    status: Status
    status_evidence: str
    games_remaining: int
    remaining_dates: list[dt.date]
    season_avg: dict[str, float]
    recent_avg: dict[str, float]  # last 5 games before the as-of date
    fantasy_avg: float
    recent_fantasy_avg: float
    expected_per_game: float  # projection used by the optimizer (points)
    games_played: int
    on_ir: bool = False


class Roster(BaseModel):
    team_id: int
    team_name: str
    manager: str
    as_of: dt.date
    entries: list[RosterEntry]


class CategoryLine(BaseModel):
    category: str
    mine: float
    theirs: float
    projected_mine: float
    projected_theirs: float
    leader: Literal["me", "opponent", "tied"]
    win_probability: float


class MatchupDetails(BaseModel):
    week: int
    start: dt.date
    end: dt.date
    as_of: dt.date
    scoring: str
    my_team: str
    opponent: str
    opponent_team_id: int
    days_played: list[dt.date]
    days_remaining: list[dt.date]
    my_points: float = 0.0
    opponent_points: float = 0.0
    my_projected_rest: float = 0.0
    opponent_projected_rest: float = 0.0
    my_games_remaining: int = 0
    opponent_games_remaining: int = 0
    categories: list[CategoryLine] = Field(default_factory=list)
    expected_categories_won: float | None = None  # categories: the optimizer's standing-pat figure
    summary: str


class FreeAgent(BaseModel):
    player: PlayerRef
    status: Status
    games_remaining: int
    remaining_dates: list[dt.date]
    fantasy_avg: float
    recent_fantasy_avg: float
    expected_per_game: float
    season_avg: dict[str, float]
    value: float  # per-game value (points, or z-score over the target categories)
    score: float  # value x games remaining: the ranking key
    games_played: int


class NewsNote(BaseModel):
    date: dt.date
    player: PlayerRef
    topic: str  # absence | big_game | minutes_up | minutes_down | return | slump
    text: str
    source: str = "generated from box scores (the data holds no news text)"


class LeagueTeam(BaseModel):
    team_id: int
    name: str
    manager: str
    is_me: bool = False


class LeagueInfo(BaseModel):
    league_id: str
    kind: Literal["demo", "espn"]
    name: str
    scoring: str
    as_of: dt.date
    slots: dict[str, int]
    bench: int
    ir: int
    teams: list[LeagueTeam]
    my_team_id: int
