"""The embedded demo league on an as-of date: one league through the season.

Drafted once before opening night and managed day by day by nine AI managers (services/league/season.py,
precomputed at build by services/league/season_tables.py); an as-of date shows that league's state on
that morning. The user's approved moves live in the writable state store; every move of the same
scoring dated on or before the as-of date counts (moving the league clock keeps them), and the
managers' later mornings are re-simulated around them. `league_id` still names the scoring and
the as-of date a card was made on.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from services.league.ledger import demo_league_id, demo_prefix
from services.league.setup import LEAGUE_NAME, MY_TEAM_ID, N_TEAMS, round_robin
from services.models import LeagueInfo, LeagueTeam
from services.league.scoring import CATEGORIES, ScoringMode
from services.league.slots import BENCH_SLOTS, IR_SLOTS, STARTING_SLOTS
from services.league.snapshot import Snapshot, snapshot, week_of
from services.store.state import StateStore
from services.league.season import UserMove
from services.league.season_tables import drafted as draft_rosters
from services.league.season_tables import season_state

__all__ = ["DemoLeague", "demo_league", "round_robin", "N_TEAMS", "MY_TEAM_ID"]


@lru_cache(maxsize=4)
def _teams_for(db_key: str) -> dict[int, tuple[str, str, bool]]:
    from services.store import db

    return {t: (n, m, me) for t, n, m, me in db.query("SELECT team_id, name, manager, is_me FROM league_teams ORDER BY team_id")}


@lru_cache(maxsize=4)
def _calendar_for(db_key: str) -> dict[tuple[int, int], int]:
    from services.store import db

    return {(w, t): o for w, t, o in db.query("SELECT week, team_id, opponent_id FROM league_matchups")}


def _teams() -> dict[int, tuple[str, str, bool]]:
    from services.league.snapshot_cache import content_key

    return _teams_for(content_key())


def _calendar() -> dict[tuple[int, int], int]:
    from services.league.snapshot_cache import content_key

    return _calendar_for(content_key())


class DemoLeague:
    """Rosters, opponents and the matchup week of the demo league on an as-of date."""

    kind = "demo"
    needs_demo: dict[str, str] = {}  # the demo league has everything (see services/league/history.py)
    categories: tuple[str, ...] = tuple(CATEGORIES)  # the demo's categories league counts all nine

    def __init__(self, as_of: dt.date, scoring: str, store: StateStore, team_id: int = MY_TEAM_ID, ledger: str = ""):
        """`store` holds the approved moves replayed over the draft (passed in, never looked up);
        `team_id` is the team the user manages (every team of the league is someone's); `ledger`
        names whose copy of the league this is (services/league/ledger.py: "" is the local user's)."""
        from services.models import ServiceError

        if not 1 <= int(team_id) <= N_TEAMS:
            raise ServiceError(f"Team {team_id} is not in the demo league; its teams are 1 to {N_TEAMS}.")

        self.store = store
        self.as_of = as_of
        self.scoring = ScoringMode(scoring).value
        self.ledger = ledger
        self.league_id = demo_league_id(self.scoring, as_of, ledger)
        self.snapshot = snapshot(as_of)
        self.week = week_of(as_of)
        self.my_team_id = int(team_id)
        self.team_ids = list(range(1, N_TEAMS + 1))
        self.opponent_id = self.opponent_of(self.my_team_id, self.week[0])
        self.draft = draft_rosters()  # the one draft, before opening night
        base = season_state(self.scoring).state_on(as_of)
        self.drafted = {t: list(ids) for t, ids in base[0].items()}  # the league that morning before any user move

    def snapshot_on(self, day: dt.date) -> Snapshot:
        """The snapshot of another morning (a past day of the week, for its lineups)."""
        return snapshot(day)

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

    def user_moves(self) -> tuple[UserMove, ...]:
        """The user's approved moves of this scoring and ledger dated on or before the as-of date (a
        league on an earlier clock knows no later move), in the order they were applied."""
        out = []
        for m in self.store.moves_in(demo_prefix(self.scoring, self.ledger)):
            day = dt.date.fromisoformat(m["as_of"])
            if day > self.as_of:
                continue
            card = m.get("card") or {}
            kind = card.get("kind") or "swap"
            trade = card.get("trade") if kind == "trade" else None
            out.append(UserMove(day, int(m["team_id"]), kind, m["drop_id"], m["add_id"],
                                _frozen(trade) if trade else None))
        return tuple(out)

    def _replay(self, before: dt.date | None = None) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
        """(active rosters, IR lists) of every team on a morning (the as-of date unless `before`
        names an earlier day: the roster history): the season with the user's moves applied.

        Players with no game before the as-of date are left out (nothing about them is known
        on that date; see docs/league.md)."""
        season = season_state(self.scoring, self.user_moves(), self.as_of)
        active, ir = season.state_on(min(before, self.as_of) if before else self.as_of)
        known = self.snapshot.known
        return ({t: [p for p in ids if p in known] for t, ids in active.items()},
                {t: [p for p in ids if p in known] for t, ids in ir.items()})

    def transactions(self, start: dt.date, end: dt.date) -> list:
        """The league's transactions (the managers' and the user's) dated in [start, end], up to
        the as-of date."""
        season = season_state(self.scoring, self.user_moves(), self.as_of)
        return [x for x in season.log if start <= x.day <= min(end, self.as_of)]

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


class _frozen(dict):
    """A trade's JSON as a hashable dict (the season cache is keyed by the moves)."""

    def __hash__(self) -> int:  # type: ignore[override]
        import json

        return hash(json.dumps(self, sort_keys=True, default=str))


@lru_cache(maxsize=32)
def _demo_league(as_of: dt.date, scoring: str, db_key: str, store: StateStore, team_id: int, ledger: str) -> DemoLeague:
    return DemoLeague(as_of, scoring, store, team_id, ledger)


def demo_league(as_of: dt.date, scoring: str = "points", *, store: StateStore, team_id: int = MY_TEAM_ID,
                ledger: str = "") -> DemoLeague:
    """The cached demo league for this database, as-of date, scoring mode, state store and ledger.

    The store is passed in (the runtime, the CLIs, benches and tests open it); a service never
    fetches the process-wide one."""
    from services.store.db import db_path

    return _demo_league(as_of, ScoringMode(scoring).value, str(db_path()), store, int(team_id), ledger)
