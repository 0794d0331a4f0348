"""The embedded demo league as a `LeagueSource` (the default source)."""
from __future__ import annotations

import datetime as dt

from services import free_agents as fa
from services import matchup as mu
from services import news as nw
from services import players as pl
from services import rosters as ro
from services.league import DemoLeague, demo_league
from services.lookup import resolve_player
from services.models import (FreeAgent, GameLog, LeagueInfo, MatchupDetails, NewsNote, Roster,
                             ScheduleReport, ServiceError, StatusReport)
from services.snapshot import data_dates
from services.source import LeagueSource


def check_as_of(as_of: dt.date) -> None:
    first, last = data_dates()
    if not first < as_of <= last + dt.timedelta(days=1):
        raise ServiceError(f"As-of date {as_of} is outside the data ({first + dt.timedelta(days=1)} to "
                           f"{last + dt.timedelta(days=1)}).")


class DemoSource(LeagueSource):
    kind = "demo"

    def __init__(self, as_of: dt.date, scoring: str = "points", advice_mode: str = "balanced"):
        from services.optimizer.moves import MODES

        check_as_of(as_of)
        if advice_mode not in MODES:
            raise ServiceError(f"Unknown advice mode {advice_mode!r}; use one of: {', '.join(MODES)}.")
        self.as_of = as_of
        self.advice_mode = advice_mode
        self.league: DemoLeague = demo_league(as_of, scoring)

    def resolve(self, name: str) -> str:
        return resolve_player(name, prefer=set(self.league.roster_ids()), among=self.league.snapshot.known)

    def info(self) -> LeagueInfo:
        return self.league.info()

    def roster(self, team_id: int | None = None) -> Roster:
        return ro.roster(self.league, team_id)

    def opponent_roster(self) -> Roster:
        return ro.roster(self.league, self.league.opponent_id)

    def matchup(self) -> MatchupDetails:
        return mu.matchup(self.league)

    def free_agents(self, position=None, healthy_only=False, min_games_remaining=0,
                    target_categories=None, limit=15) -> list[FreeAgent]:
        return fa.free_agents(self.league, position, healthy_only, min_games_remaining, target_categories, limit)

    def player_status(self, name: str) -> StatusReport:
        return pl.player_status(self.league.snapshot, self.resolve(name))

    def game_log(self, name: str, last_n: int = 5) -> GameLog:
        return pl.game_log(self.league.snapshot, self.resolve(name), last_n, self.league.scoring)

    def schedule(self, names=None, start=None, end=None) -> ScheduleReport:
        ids = [self.resolve(n) for n in names] if names else self.league.roster_ids()
        return ro.schedule(self.league, ids, start, end)

    def news(self, name: str | None = None, topic: str | None = None, limit: int = 10) -> list[NewsNote]:
        pid = self.resolve(name) if name else None
        return nw.search_news(self.league.snapshot, player_id=pid, topic=topic, limit=limit)


def open_source(as_of: dt.date | None = None, scoring: str | None = None, league: str | None = None) -> LeagueSource:
    """The configured league source: the demo by default, ESPN when settings ask for it."""
    from services.config import get_settings

    s = get_settings()
    kind = league or s.league
    if kind == "espn":
        from services.espn import EspnLeague  # optional source

        return EspnLeague.from_settings(s, as_of=as_of)
    return DemoSource(as_of or s.as_of, scoring or s.scoring, s.advice_mode)
