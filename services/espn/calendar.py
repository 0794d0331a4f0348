"""ESPN scoring periods (one per day) as dates, and NBA team schedules from `proTeamSchedules_wl`.

ESPN numbers the days of a season 1, 2, ...; game times are epoch milliseconds. A game's date
is its US Eastern date, which is how the NBA and ESPN name game days.
"""
from __future__ import annotations

import datetime as dt

from espn_api.basketball.constant import PRO_TEAM_MAP

from services.models import ServiceError

try:
    from zoneinfo import ZoneInfo
    EASTERN: dt.tzinfo = ZoneInfo("America/New_York")
except (ImportError, KeyError):  # no tz database (ZoneInfoNotFoundError is a KeyError): UTC-5
    EASTERN = dt.timezone(dt.timedelta(hours=-5))

PRO_TEAM_IDS: dict[str, int] = {abbrev: tid for tid, abbrev in PRO_TEAM_MAP.items()}

# espn-api's League.pro_schedule: pro team id -> {scoring period (str) -> [game, ...]}
ProSchedule = dict[int, dict[str, list[dict]]]


def game_date(epoch_ms: int) -> dt.date:
    return dt.datetime.fromtimestamp(epoch_ms / 1000.0, EASTERN).date()


def today_eastern(epoch_s: float) -> dt.date:
    return dt.datetime.fromtimestamp(epoch_s, EASTERN).date()


def week_end(start: dt.date, weeks: int = 1) -> dt.date:
    """The Sunday that closes a matchup starting on `start` and lasting `weeks` ESPN weeks."""
    return start + dt.timedelta(days=6 - start.weekday() + 7 * (max(weeks, 1) - 1))


class ProCalendar:
    """Scoring period <-> date, and which days a pro team plays."""

    def __init__(self, pro_schedule: ProSchedule):
        self._schedule = pro_schedule
        self._first_day = self._day_one(pro_schedule)

    @staticmethod
    def _day_one(pro_schedule: ProSchedule) -> dt.date:
        for games in pro_schedule.values():
            for period, day_games in (games or {}).items():
                if day_games:
                    return game_date(day_games[0]["date"]) - dt.timedelta(days=int(period) - 1)
        raise ServiceError("ESPN sent no NBA schedule, so game days are unknown.")

    def date_of(self, period: int) -> dt.date:
        return self._first_day + dt.timedelta(days=int(period) - 1)

    def period_of(self, day: dt.date) -> int:
        return (day - self._first_day).days + 1

    def _game(self, pro_team_id: int, period: int) -> dict | None:
        games = (self._schedule.get(pro_team_id) or {}).get(str(period)) or []
        return games[0] if games else None

    def team_dates(self, pro_team: int | str | None, start: dt.date, end: dt.date) -> list[dt.date]:
        """Days in [start, end] on which the team plays."""
        team_id = PRO_TEAM_IDS.get(pro_team) if isinstance(pro_team, str) else pro_team
        if not team_id:
            return []
        days = (self.date_of(int(p)) for p, g in (self._schedule.get(team_id) or {}).items() if g)
        return sorted(d for d in days if start <= d <= end)

    def opponent(self, pro_team: str | None, period: int) -> str:
        """'LAL' or '@LAL' (away), '' when the team had no game that day."""
        team_id = PRO_TEAM_IDS.get(pro_team or "")
        game = self._game(team_id, period) if team_id else None
        if game is None:
            return ""
        if game["homeProTeamId"] == team_id:
            return PRO_TEAM_MAP.get(game["awayProTeamId"], "?")
        return "@" + PRO_TEAM_MAP.get(game["homeProTeamId"], "?")
