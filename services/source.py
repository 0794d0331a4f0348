"""One interface for a fantasy league, whatever holds it (the embedded demo or ESPN)."""
from __future__ import annotations

import abc
import datetime as dt

from services.models import (FreeAgent, GameLog, LeagueInfo, MatchupDetails, NewsNote, Roster,
                             ScheduleReport, StatusReport)


class LeagueSource(abc.ABC):
    """What the agents and pages read. Every method returns typed results or raises ServiceError."""

    kind: str
    as_of: dt.date
    advice_mode: str = "balanced"  # how moves are ranked: "balanced" or "this_week" (streaming)

    @property
    def today(self) -> dt.date:
        """The league clock: the day the league is viewed on (the demo's as-of, ESPN's as-of).

        Graphs and tools take the date from here, never from the wall clock."""
        return self.as_of

    @abc.abstractmethod
    def info(self) -> LeagueInfo: ...

    @abc.abstractmethod
    def roster(self, team_id: int | None = None) -> Roster:
        """A team's roster (default: mine) with status, recent form and games remaining."""

    @abc.abstractmethod
    def opponent_roster(self) -> Roster: ...

    @abc.abstractmethod
    def matchup(self) -> MatchupDetails: ...

    @abc.abstractmethod
    def free_agents(self, position: str | None = None, healthy_only: bool = False,
                    min_games_remaining: int = 0, target_categories: list[str] | None = None,
                    limit: int = 15) -> list[FreeAgent]: ...

    @abc.abstractmethod
    def player_status(self, name: str) -> StatusReport: ...

    @abc.abstractmethod
    def game_log(self, name: str, last_n: int = 5) -> GameLog: ...

    @abc.abstractmethod
    def schedule(self, names: list[str] | None = None, start: dt.date | None = None,
                 end: dt.date | None = None) -> ScheduleReport:
        """Games per player in a date window (default: my roster, rest of the matchup week)."""

    @abc.abstractmethod
    def news(self, name: str | None = None, topic: str | None = None, limit: int = 10) -> list[NewsNote]: ...
