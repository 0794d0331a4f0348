"""`EspnLeague`: the LeagueSource over a real ESPN fantasy basketball league (read-only).

We never write to ESPN: an approved move becomes manual steps (see `services.espn.moves`).
"""
from __future__ import annotations

import datetime as dt

from pydantic import SecretStr

from services.espn.cache import PROCESS_CACHE, TTLCache
from services.espn.calendar import ProCalendar, today_eastern, week_end
from services.espn.client import EspnClient, LeagueSnapshot
from services.espn.entries import Window
from services.espn.gamelog import build_game_log, last_played
from services.espn.lookup import NameIndex
from services.espn.mapping import (STATUS_SOURCE, map_status, player_ref,
                                   points_weights, scoring_mode, slot_counts, status_evidence)
from services.espn.matchup import live_totals
from services.espn.roster_moves import EspnMoves
from services.models import (FreeAgent, GameLog, LeagueInfo, LeagueTeam, MatchupDetails, NewsNote,
                             PlayerSchedule, Roster, ScheduleReport, ServiceError, StatusReport)
from services.league.scoring import POINTS_WEIGHTS
from services.league.source import LeagueSource



def _secret(value: SecretStr | str | None) -> SecretStr | None:
    return SecretStr(value) if isinstance(value, str) and value else value or None


class EspnLeague(EspnMoves, LeagueSource):
    """A real ESPN league, read through espn-api with a per-kind TTL cache."""

    kind = "espn"

    def __init__(self, league_id: int, season: int, espn_s2: SecretStr | str | None = None,
                 swid: SecretStr | str | None = None, my_team_id: int = 1,
                 as_of: dt.date | None = None, cache: TTLCache | None = None, store=None, ledger: str = ""):
        """`store`: the state store (where approved ESPN moves are recorded), for the history;
        `ledger`: whose view of the league (services/league/ledger.py: "" the local user)."""
        self.store, self.ledger = store, ledger
        self._history = None
        self.cache = cache if cache is not None else PROCESS_CACHE
        self.espn_id, self.season, self.my_team_id = int(league_id), int(season), int(my_team_id)
        self._as_of = as_of
        self._client = EspnClient(self.espn_id, self.season, _secret(espn_s2), _secret(swid), self.cache)
        self._names: NameIndex | None = None

    @classmethod
    def from_settings(cls, settings, as_of: dt.date | None = None,
                      cache: TTLCache | None = None, store=None, ledger: str = "") -> "EspnLeague":
        """From `services.config.Settings` (as_of defaults to today: an ESPN league is live)."""
        if not settings.espn_league_id:
            raise ServiceError("Set COURTSIDE_ESPN_LEAGUE_ID to use an ESPN league.")
        return cls(settings.espn_league_id, settings.espn_season, settings.espn_s2,
                   settings.espn_swid, my_team_id=settings.my_team_id, as_of=as_of, cache=cache, store=store,
                   ledger=ledger)

    @property
    def as_of(self) -> dt.date:
        """The league's day: the one asked for, else ESPN's current scoring period (a live league's
        today; the mirror's as-of morning). Read once, on first use."""
        if self._as_of is None:
            snap = self._client.snapshot()
            self._as_of = self._calendar().date_of(snap.scoring_period)
        return self._as_of

    @as_of.setter
    def as_of(self, value: dt.date) -> None:
        self._as_of = value

    def __repr__(self) -> str:
        return (f"EspnLeague(league_id={self.espn_id}, season={self.season}, "
                f"my_team_id={self.my_team_id}, as_of={self._as_of.isoformat() if self._as_of else 'ESPN today'})")

    @property
    def league_id(self) -> str:
        """The owner's view of the league: ESPN's id, scoped by the ledger for any owner but the
        local user, so card ids, recorded approvals and decisions are the owner's own."""
        from services.league.ledger import espn_league_id

        return espn_league_id(self.espn_id, self.ledger)

    @property
    def scoring(self) -> str:
        return self._scoring(self._snap())

    def history(self):
        """The league's box-score history from ESPN (services/espn/history.py: cache-on-read,
        past scoring periods kept for good, the current one refreshed after 15 minutes)."""
        from services.espn.history import HistoryStore
        from services.espn.league_history import EspnHistory

        period = self._calendar().period_of(self.as_of)
        database = HistoryStore(self._client, self.cache.clock).database(period)
        if self._history is None or self._history.db is not database or self._history._snap is not self._snap():
            self._history = EspnHistory(self, database, self.store)
        return self._history

    # -- shared pieces -------------------------------------------------------------------
    def _snap(self) -> LeagueSnapshot:
        return self._client.snapshot()

    def _calendar(self) -> ProCalendar:
        return ProCalendar(self._client.pro_schedule())

    def _scoring(self, snap: LeagueSnapshot) -> str:
        return scoring_mode((snap.settings.get("scoringSettings") or {}).get("scoringType"))

    def _week(self, snap: LeagueSnapshot, cal: ProCalendar) -> tuple[dt.date, dt.date]:
        """The current matchup's first and last day (ESPN weeks close on Sunday)."""
        periods = snap.matchup_periods.get(snap.matchup_period) or [cal.period_of(self.as_of)]
        start = cal.date_of(min(periods))
        spans = (snap.settings.get("scheduleSettings") or {}).get("matchupPeriods") or {}
        return start, week_end(start, len(spans.get(str(snap.matchup_period)) or [1]))

    def _window(self, snap: LeagueSnapshot, cal: ProCalendar, start=None, end=None) -> Window:
        scoring = self._scoring(snap)
        weights = points_weights(snap.settings) if scoring == "points" else dict(POINTS_WEIGHTS)
        return Window(cal, start or self.as_of, end or self._week(snap, cal)[1], scoring, weights)

    def _team(self, snap: LeagueSnapshot, team_id: int):
        team = snap.team(team_id)
        if team is None:
            known = ", ".join(str(t.team_id) for t in snap.teams)
            raise ServiceError(f"No team {team_id} in ESPN league {self.espn_id}; teams are {known}.")
        return team

    def _opponent_id(self, snap: LeagueSnapshot) -> int:
        for match in snap.raw.get("schedule", []):
            if match.get("matchupPeriodId") != snap.matchup_period:
                continue
            ids = [(match.get(s) or {}).get("teamId") for s in ("home", "away")]
            if self.my_team_id in ids:
                other = [i for i in ids if i and i != self.my_team_id]
                if other:
                    return other[0]
        raise ServiceError(f"Team {self.my_team_id} has no opponent in matchup {snap.matchup_period}.")

    @staticmethod
    def _manager(team) -> str:
        owner = (team.owners or [{}])[0]
        full = f"{owner.get('firstName', '')} {owner.get('lastName', '')}".strip()
        return full or owner.get("displayName") or "unknown"

    def _resolve(self, name: str):
        """The espn-api Player a name means: rostered (any team) or from his player card."""
        player_id = self._index().resolve(name)
        for team in self._snap().teams:
            for p in team.roster:
                if p.playerId == player_id:
                    return p
        card = self._client.player_card(player_id)
        if card is None:
            raise ServiceError(f"ESPN returned no player card for {self._names.name(player_id)}.")
        return card

    # -- the interface ------------------------------------------------------------------
    def info(self) -> LeagueInfo:
        snap = self._snap()
        slots, bench, ir = slot_counts(snap.settings)
        teams = [LeagueTeam(team_id=t.team_id, name=t.team_name, manager=self._manager(t),
                            is_me=t.team_id == self.my_team_id) for t in snap.teams]
        return LeagueInfo(league_id=self.league_id, kind="espn",
                          name=snap.settings.get("name", f"ESPN league {self.espn_id}"),
                          scoring=self._scoring(snap), as_of=self.as_of, slots=slots, bench=bench,
                          ir=ir, teams=teams, my_team_id=self.my_team_id)

    def roster(self, team_id: int | None = None) -> Roster:
        """A team's roster from ESPN (who, which slot) measured on the league's box-score history
        (averages, form, expectation as the demo's roster shows them), with ESPN's status and
        each player's ESPN eligibility."""
        from services.league.rosters import roster

        lg = self.history()
        team_id = self.my_team_id if team_id is None else team_id
        self._team(lg._snap, team_id)  # an unknown team: the one-line error naming ESPN's teams
        view = roster(lg, team_id)
        rules = self._rules(lg)
        for e in view.entries:
            e.player = e.player.model_copy(update={"eligible": list(rules.eligible_for(e.player.player_id, e.player.eligible))})
        return view

    def _rules(self, lg):
        from services.optimizer.espn_adapter import league_rules

        return league_rules(self, lg)

    def opponent_roster(self) -> Roster:
        return self.roster(self._opponent_id(self._snap()))

    def _box(self):
        """This week's live box score of my matchup (ESPN's own totals so far)."""
        snap = self._snap()
        boxes = self._client.box_scores(snap.matchup_period, snap.scoring_period)
        team_id = lambda t: getattr(t, "team_id", t)  # noqa: E731
        box = next((b for b in boxes if self.my_team_id in (team_id(b.home_team), team_id(b.away_team))), None)
        if box is None:
            raise ServiceError(f"ESPN has no box score for team {self.my_team_id} "
                               f"in matchup {snap.matchup_period}.")
        return box

    def banked(self) -> tuple[dict[str, float], dict[str, float]]:
        """(mine, theirs): ESPN's live totals so far this matchup week."""
        return live_totals(self._box(), self.my_team_id, self.scoring)

    def matchup(self) -> MatchupDetails:
        """ESPN's live score so far, and the rest of the week projected from the league's
        box-score history under its own settings (the demo's matchup, services.league.matchup)."""
        from services.league.matchup import matchup

        lg = self.history()
        return matchup(lg, rules=self._rules(lg), banked=self.banked(), score_note=" (ESPN live score)")

    def free_agents(self, position: str | None = None, healthy_only: bool = False,
                    min_games_remaining: int = 0, target_categories: list[str] | None = None,
                    limit: int = 15, punt: list[str] | None = None) -> list[FreeAgent]:
        """The league's free agents measured on its box-score history (the demo's ranking: value
        above replacement x availability x games left), eligible at ESPN's slots."""
        from services.league.free_agents import free_agents

        lg = self.history()
        return free_agents(lg, position, healthy_only, min_games_remaining, target_categories, limit, punt,
                           eligible=self._rules(lg).eligible_for)

    def player_status(self, name: str) -> StatusReport:
        player = self._resolve(name)
        card = self._client.player_card(player.playerId) or player
        cal = self._calendar()
        last = last_played(card, cal, self.as_of)
        missed = len(cal.team_dates(card.proTeam, last + dt.timedelta(days=1),
                                    self.as_of - dt.timedelta(days=1))) if last else 0
        return StatusReport(player=player_ref(card), status=map_status(card.injuryStatus), inferred=False,
                            evidence=status_evidence(card.injuryStatus, card.expected_return_date),
                            last_played=last, missed_in_row=missed, as_of=self.as_of,
                            source=STATUS_SOURCE)

    def game_log(self, name: str, last_n: int = 5) -> GameLog:
        player = self._resolve(name)
        today = today_eastern(self.cache.clock())

        def load() -> GameLog:
            card = self._client.player_card(player.playerId)
            if card is None:
                raise ServiceError(f"ESPN gave no game log for {player.name}: no player card.")
            window = self._window(self._snap(), self._calendar())
            return build_game_log(card, window.calendar, self.as_of, last_n, window.scoring, window.weights)

        if self.as_of < today:  # every game in the window is final: keep it for good
            key = (self.espn_id, self.season, player.playerId, self.as_of, last_n)
            return self.cache.get_or_load("game_log_final", key, load)
        return load()

    def schedule(self, names: list[str] | None = None, start: dt.date | None = None,
                 end: dt.date | None = None) -> ScheduleReport:
        snap, cal = self._snap(), self._calendar()
        week_start, last_day = self._week(snap, cal)
        start, end = start or self.as_of, end or last_day
        if end < start:
            raise ServiceError(f"The window ends ({end}) before it starts ({start}).")
        players = ([self._resolve(n) for n in names] if names
                   else list(self._team(snap, self.my_team_id).roster))
        rows = [PlayerSchedule(player=player_ref(p), dates=cal.team_dates(p.proTeam, start, end))
                for p in players]
        days = [self.as_of + dt.timedelta(days=i) for i in range((last_day - self.as_of).days + 1)]
        return ScheduleReport(start=start, end=end, as_of=self.as_of, week_start=week_start,
                              week_end=last_day, days_remaining=days, players=rows,
                              total_games=sum(len(r.dates) for r in rows))

    def news(self, name: str | None = None, topic: str | None = None, limit: int = 10) -> list[NewsNote]:
        raise ServiceError("The ESPN league source has no news text; ask for a player's status "
                           "(ESPN's injury report) or his game log instead.")
