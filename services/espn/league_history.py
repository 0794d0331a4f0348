"""`EspnHistory`: the `LeagueHistory` (services/league/history.py) of an `EspnLeague` on its as-of
morning: the box-score snapshot of its cached history (services/espn/history.py) plus the
league's rosters, IR, week and opponents read from ESPN.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from services.espn.mapping import league_categories
from services.league.history import DEMO_ONLY
from services.store.db import Database


@lru_cache(maxsize=32)
def _snapshot(as_of: dt.date, database: Database):
    """One snapshot per morning of a history file (a file is never rewritten: a refresh writes a
    new one), shared by every league object reading it."""
    from services.league.snapshot import Snapshot

    return Snapshot(as_of, database)


class EspnHistory:
    """The `LeagueHistory` of an ESPN league on its as-of morning (services/league/history.py)."""

    kind = "espn"
    needs_demo = DEMO_ONLY

    def __init__(self, source, database: Database, store=None):
        self.source, self.store = source, store
        self.as_of, self.my_team_id = source.as_of, source.my_team_id
        self.league_id = source.league_id
        self._snap = source._snap()
        self.scoring = source._scoring(self._snap)
        self.categories = tuple(league_categories(self._snap.settings))  # ESPN's scoringItems (the nine if none)
        self.db = database
        self.snapshot = _snapshot(self.as_of, database)
        self.team_ids = [t.team_id for t in self._snap.teams]
        self._calendar = source._calendar()
        start, end = source._week(self._snap, self._calendar)
        self.week = (int(self._snap.matchup_period), start, end)
        self.opponent_id = self.opponent_of(self.my_team_id, self.week[0])

    def snapshot_on(self, day: dt.date):
        return self.snapshot if day == self.as_of else _snapshot(day, self.db)

    @property
    def days_remaining(self) -> list[dt.date]:
        n = (self.week[2] - self.as_of).days + 1
        return [self.as_of + dt.timedelta(days=i) for i in range(max(0, n))]

    @property
    def days_played(self) -> list[dt.date]:
        return [self.week[1] + dt.timedelta(days=i) for i in range((self.as_of - self.week[1]).days)]

    def opponent_of(self, team_id: int, week: int) -> int:
        for match in self._snap.raw.get("schedule", []):
            if match.get("matchupPeriodId") != week:
                continue
            ids = [(match.get(s) or {}).get("teamId") for s in ("home", "away")]
            if team_id in ids:
                return next((i for i in ids if i and i != team_id), team_id)
        from services.models import ServiceError

        raise ServiceError(f"Team {team_id} has no opponent in matchup period {week}.")

    def _entries(self, raw_teams) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
        known = self.snapshot.known
        active: dict[int, list[str]] = {t: [] for t in self.team_ids}
        ir: dict[int, list[str]] = {t: [] for t in self.team_ids}
        for team in raw_teams:
            for e in (team.get("roster") or {}).get("entries", []):
                pid = str(e.get("playerId"))
                if pid in known:
                    (ir if e.get("lineupSlotId") == 13 else active).setdefault(team["id"], []).append(pid)
        return active, ir

    def _state(self):
        if not hasattr(self, "_now"):
            self._now = self._entries(self._snap.raw.get("teams", []))
        return self._now

    def rosters(self) -> dict[int, list[str]]:
        return self._state()[0]

    def roster_ids(self, team_id: int | None = None) -> list[str]:
        return self._state()[0].get(team_id or self.my_team_id, [])

    def ir_ids(self, team_id: int | None = None) -> list[str]:
        return self._state()[1].get(team_id or self.my_team_id, [])

    def roster_on(self, team_id: int, day: dt.date) -> list[str]:
        if day >= self.as_of:
            return self.roster_ids(team_id)
        raw = self.source._client.rosters_on(self._calendar.period_of(day))
        return self._entries(raw.get("teams", []))[0].get(team_id, [])

    def free_agent_ids(self) -> list[str]:
        active, ir = self._state()
        rostered = {p for ids in [*active.values(), *ir.values()] for p in ids}
        return sorted(pid for pid, ps in self.snapshot.players.items() if pid not in rostered and ps.ref.team)

    def owner_of(self, player_id: str) -> int | None:
        active, ir = self._state()
        return next((t for t in self.team_ids if player_id in active.get(t, []) or player_id in ir.get(t, [])), None)

    def eligible_slots(self) -> dict[str, list[str]]:
        """Each player's ESPN eligibleSlots (espn-api names; a history built before this table
        was kept: none, and the box-score rule stands)."""
        if not self.db.has_table("player_slots"):
            return {}
        return {pid: list(slots) for pid, slots in self.db.query("SELECT player_id, slots FROM player_slots")}

    def team_name(self, team_id: int) -> tuple[str, str]:
        team = self.source._team(self._snap, team_id)
        return team.team_name, self.source._manager(team)

    def info(self):
        return self.source.info()

    def user_moves(self) -> tuple:
        return ()  # ESPN's rosters already hold the user's moves (Courtside never writes to ESPN)
