"""The embedded demo league: 10 teams drafted from what was known on the as-of date.

Each (scoring, as-of) pair is its own league universe (`league_id` names both), so a move
approved in one never leaks into another. Approved moves live in the writable state store and
are replayed over the drafted rosters on every read.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from services.draft import Candidate, run_draft
from services.league_setup import LEAGUE_NAME, MY_TEAM_ID, N_TEAMS, round_robin
from services.models import LeagueInfo, LeagueTeam
from services.scoring import ScoringMode
from services.slots import BENCH_SLOTS, IR_SLOTS, STARTING_SLOTS
from services.snapshot import Snapshot, snapshot, week_of
from services.store import StateStore
from services.values import player_value

DRAFT_SEED = 2024
__all__ = ["DemoLeague", "demo_league", "round_robin", "N_TEAMS", "MY_TEAM_ID"]


def _draft(snap: Snapshot, scoring: str) -> dict[int, list[str]]:
    cands = []
    for pid, ps in snap.players.items():
        if not ps.games:
            continue
        positions = frozenset(p for p in ps.ref.eligible if p in {"PG", "SG", "SF", "PF", "C"})
        cands.append(Candidate(pid, player_value(snap, ps, scoring), len(ps.games),
                               0, positions))
    ages = dict(_ages())
    cands = [Candidate(c.player_id, c.value, c.games, ages.get(c.player_id, 27), c.positions) for c in cands]
    return run_draft(cands, N_TEAMS, DRAFT_SEED)


@lru_cache(maxsize=4)
def _teams_for(db_key: str) -> dict[int, tuple[str, str, bool]]:
    from services import db

    return {t: (n, m, me) for t, n, m, me in db.query("SELECT team_id, name, manager, is_me FROM league_teams ORDER BY team_id")}


@lru_cache(maxsize=4)
def _calendar_for(db_key: str) -> dict[tuple[int, int], int]:
    from services import db

    return {(w, t): o for w, t, o in db.query("SELECT week, team_id, opponent_id FROM league_matchups")}


def _teams() -> dict[int, tuple[str, str, bool]]:
    from services.build import db_path

    return _teams_for(str(db_path()))


def _calendar() -> dict[tuple[int, int], int]:
    from services.build import db_path

    return _calendar_for(str(db_path()))


@lru_cache(maxsize=16)
def _drafted(as_of: dt.date, scoring: str, db_key: str) -> dict[int, tuple[str, ...]]:
    return {t: tuple(ids) for t, ids in _draft(snapshot(as_of), scoring).items()}


@lru_cache(maxsize=1)
def _ages() -> tuple[tuple[str, int], ...]:
    from services import db

    return tuple(db.query("SELECT player_id, age FROM players"))


class DemoLeague:
    """Rosters, opponents and the matchup week of the demo league on an as-of date."""

    kind = "demo"

    def __init__(self, as_of: dt.date, scoring: str, store: StateStore, team_id: int = MY_TEAM_ID):
        """`store` holds the approved moves replayed over the draft (passed in, never looked up);
        `team_id` is the team the user manages (every team of the league is someone's)."""
        from services.build import db_path
        from services.models import ServiceError

        if not 1 <= int(team_id) <= N_TEAMS:
            raise ServiceError(f"Team {team_id} is not in the demo league; its teams are 1 to {N_TEAMS}.")

        self.store = store
        self.as_of = as_of
        self.scoring = ScoringMode(scoring).value
        self.league_id = f"demo-{self.scoring}-{as_of.isoformat()}"
        self.snapshot = snapshot(as_of)
        self.week = week_of(as_of)
        self.my_team_id = int(team_id)
        self.team_ids = list(range(1, N_TEAMS + 1))
        self.opponent_id = self.opponent_of(self.my_team_id, self.week[0])
        self.drafted = {t: list(ids) for t, ids in _drafted(as_of, self.scoring, str(db_path())).items()}

    def opponent_of(self, team_id: int, week: int) -> int:
        return _calendar()[(week, team_id)]

    @property
    def days_remaining(self) -> list[dt.date]:
        _, _, end = self.week
        n = (end - self.as_of).days + 1
        return [self.as_of + dt.timedelta(days=i) for i in range(max(0, n))]

    @property
    def days_played(self) -> list[dt.date]:
        _, start, _ = self.week
        return [start + dt.timedelta(days=i) for i in range((self.as_of - start).days)]

    def _replay(self, before: dt.date | None = None) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
        """(active rosters, IR lists) of every team: the draft with the approved moves replayed in
        order (only moves applied on or before `before` when given: the roster history).

        A swap puts the added player in the dropped one's place; an IR move (`kind: "ir"` on its
        card) moves an OUT player to the team's IR slot and the added player takes his place; an
        activation (`kind: "activate"`) brings the IR player back in the dropped one's place."""
        out = {t: list(ids) for t, ids in self.drafted.items()}
        ir: dict[int, list[str]] = {t: [] for t in out}
        for m in self.store.moves(self.league_id):
            if before is not None and dt.date.fromisoformat(m["as_of"]) > before:
                continue
            roster, kind = out[m["team_id"]], (m.get("card") or {}).get("kind")
            if kind == "activate" and m["add_id"] not in ir[m["team_id"]]:
                continue
            if m["drop_id"] in roster:
                roster[roster.index(m["drop_id"])] = m["add_id"]
                if kind == "ir":
                    ir[m["team_id"]].append(m["drop_id"])
                elif kind == "activate":
                    ir[m["team_id"]].remove(m["add_id"])
        return out, ir

    def rosters(self) -> dict[int, list[str]]:
        """Every team's current active roster (IR players are not on it)."""
        return self._replay()[0]

    def ir_ids(self, team_id: int | None = None) -> list[str]:
        """Players in a team's IR slot (they do not count against the 13 and cannot start)."""
        return self._replay()[1][team_id or self.my_team_id]

    def roster_on(self, team_id: int, day: dt.date) -> list[str]:
        """The active roster the team had on a day (moves applied up to that day)."""
        return self._replay(before=day)[0][team_id]

    def roster_ids(self, team_id: int | None = None) -> list[str]:
        return self.rosters()[team_id or self.my_team_id]

    def free_agent_ids(self) -> list[str]:
        active, ir = self._replay()
        rostered = {pid for ids in [*active.values(), *ir.values()] for pid in ids}
        return sorted(pid for pid, ps in self.snapshot.players.items() if pid not in rostered and ps.ref.team)

    def owner_of(self, player_id: str) -> int | None:
        active, ir = self._replay()
        for team in self.team_ids:
            if player_id in active[team] or player_id in ir[team]:
                return team
        return None

    def info(self) -> LeagueInfo:
        teams = [LeagueTeam(team_id=i, name=n, manager=m, is_me=i == self.my_team_id) for i, (n, m, _) in _teams().items()]
        return LeagueInfo(league_id=self.league_id, kind="demo", name=LEAGUE_NAME,
                          scoring=self.scoring, as_of=self.as_of, slots=dict(STARTING_SLOTS),
                          bench=BENCH_SLOTS, ir=IR_SLOTS, teams=teams, my_team_id=self.my_team_id)

    def team_name(self, team_id: int) -> tuple[str, str]:
        name, manager, _ = _teams()[team_id]
        return name, manager


@lru_cache(maxsize=32)
def _demo_league(as_of: dt.date, scoring: str, db_key: str, store: StateStore, team_id: int) -> DemoLeague:
    return DemoLeague(as_of, scoring, store, team_id)


def demo_league(as_of: dt.date, scoring: str = "points", *, store: StateStore, team_id: int = MY_TEAM_ID) -> DemoLeague:
    """The cached demo league for this database, as-of date, scoring mode and state store.

    The store is passed in (the runtime, the CLIs, benches and tests open it); a service never
    fetches the process-wide one."""
    from services.build import db_path

    return _demo_league(as_of, ScoringMode(scoring).value, str(db_path()), store, int(team_id))
