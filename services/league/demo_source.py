"""The embedded demo league as a `LeagueSource` (the default source)."""
from __future__ import annotations

import datetime as dt
from typing import Iterable

from services.league import free_agents as fa
from services.league import matchup as mu
from services.league import news as nw
from services.league import players as pl
from services.league import rosters as ro
from services.league.demo import DemoLeague, demo_league
from services.league.lookup import resolve_player
from services.models import (FreeAgent, GameLog, LeagueInfo, MatchupDetails, NewsNote, Roster,
                             ScheduleReport, ServiceError, StatusReport)
from services.league.snapshot import data_dates
from services.league.source import LeagueSource
from services.store.state import MoveConflict, StateStore


def check_as_of(as_of: dt.date) -> None:
    first, last = data_dates()
    if not first < as_of <= last + dt.timedelta(days=1):
        raise ServiceError(f"As-of date {as_of} is outside the data ({first + dt.timedelta(days=1)} to "
                           f"{last + dt.timedelta(days=1)}).")


class DemoSource(LeagueSource):
    kind = "demo"
    scorings = ("points", "categories")  # the demo league is drafted in both scorings

    def __init__(self, as_of: dt.date, scoring: str = "points", advice_mode: str = "balanced",
                 *, store: StateStore, team_id: int = 1, ledger: str = ""):
        """`store`: where approved moves live (passed in by the caller; never looked up here);
        `team_id`: the team the user manages (1-10); `ledger`: whose copy of the league's moves
        (services/league/ledger.py; "" the local user's)."""
        from services.optimizer.moves import MODES

        check_as_of(as_of)
        if advice_mode not in MODES:
            raise ServiceError(f"Unknown advice mode {advice_mode!r}; use one of: {', '.join(MODES)}.")
        self.as_of = as_of
        self.advice_mode = advice_mode
        self.league: DemoLeague = demo_league(as_of, scoring, store=store, team_id=team_id, ledger=ledger)
        self.my_team_id = self.league.my_team_id

    @property
    def league_id(self) -> str:
        return self.league.league_id

    @property
    def scoring(self) -> str:
        return self.league.scoring

    def resolve(self, name: str) -> str:
        return resolve_player(name, prefer=set(self.league.roster_ids()), among=self.league.snapshot.known)

    resolve_id = resolve

    def player_name(self, player_id: str) -> str:
        return self.league.snapshot.players[player_id].ref.name

    def owner_of(self, player_id: str) -> int | None:
        return self.league.owner_of(player_id)

    def ir_ids(self) -> list[str]:
        return self.league.ir_ids()

    def validate_move(self, drop_id, add_id, kind="swap", *, stale=False) -> None:
        lg, name = self.league, self.player_name
        if drop_id is not None and drop_id not in lg.roster_ids():
            raise ServiceError(f"{name(drop_id)} is {'no longer' if stale else 'not'} on your roster")
        if kind in ("activate", "activate_ir"):
            if add_id not in lg.ir_ids():
                raise ServiceError(f"{name(add_id)} is {'no longer' if stale else 'not'} in your IR slot")
            if lg.snapshot.players[add_id].status == "OUT":
                raise ServiceError(f"{name(add_id)} is still OUT: he stays on IR")
            status = lg.snapshot.players[drop_id].status
            if kind == "activate_ir" and status != "OUT":
                raise ServiceError(f"{name(drop_id)} is {status}, and only an OUT player can take the IR slot")
            return
        if add_id is not None:
            owner = lg.owner_of(add_id)
            if stale and owner is not None:
                raise ServiceError(f"{name(add_id)} is no longer a free agent")
            if owner == lg.my_team_id:
                raise ServiceError(f"{name(add_id)} is on your roster already")
            if owner is not None:
                raise ServiceError(f"{name(add_id)} is on {lg.team_name(owner)[0]}'s roster, not a free agent")
        if kind == "ir":
            from services.league.slots import IR_SLOTS

            if len(lg.ir_ids()) >= IR_SLOTS:
                raise ServiceError("your IR slot is taken")
            status = lg.snapshot.players[drop_id].status
            if status != "OUT":
                raise ServiceError(f"{name(drop_id)} is {status}, and only an OUT player can go to IR")

    def apply_move(self, card: dict, store: StateStore, actor: str = "user") -> dict:
        if card.get("kind") == "trade":  # a proposal: the other manager answers first
            from services.trades.propose import apply_trade

            return apply_trade(self, card, store, actor)
        def still_valid() -> None:
            try:
                self.validate_move(card["drop_id"], card["add_id"], card.get("kind", "swap"), stale=True)
            except ServiceError as e:
                raise MoveConflict(str(e)) from None

        try:
            store.apply_move(card["league_id"], card["team_id"], card["move_id"], card["drop_id"], card["add_id"],
                             dt.date.fromisoformat(card["as_of"]), actor, card, check=still_valid)
        except MoveConflict as e:
            return {"move_id": card["move_id"], "outcome": "refused", "reason": str(e)}
        return {"move_id": card["move_id"], "outcome": "applied", "drop": card["drop"], "add": card["add"],
                "expected_gain": card["expected_gain"], "unit": card["unit"], "kind": card.get("kind", "swap"),
                "season_gain": card.get("season_gain")}

    def history(self) -> DemoLeague:
        return self.league

    def optimizer_inputs(self, free_agents: Iterable[str] | None = None, season: bool = False, punt=()):
        from services.optimizer.adapter import from_demo_league

        return from_demo_league(self.league, free_agents=free_agents, season=season, punt=punt)

    def banked(self) -> tuple[dict[str, float], dict[str, float]]:
        from services.league.scoreboard import banked_totals

        lg = self.league
        return banked_totals(lg, lg.my_team_id), banked_totals(lg, lg.opponent_id)

    def day_inputs(self, day: dt.date):
        """A remaining day of the matchup week, or a day of next week (within 7 days): the same
        roster with that day's schedule (projections as of today)."""
        import dataclasses

        from services.optimizer.adapter import player_input

        lg = self.league
        base = self.optimizer_inputs(free_agents=[])
        if day in lg.days_remaining:
            return base
        if not lg.as_of < day <= lg.as_of + dt.timedelta(days=7):
            raise ServiceError(f"{day} is not within the next week ({lg.as_of} to {lg.as_of + dt.timedelta(days=7)}).")
        roster = tuple(player_input(lg.snapshot, p.player_id, (day,), lg.scoring) for p in base.roster)
        return dataclasses.replace(base, days=(day,), roster=roster)

    def info(self) -> LeagueInfo:
        return self.league.info()

    def roster(self, team_id: int | None = None) -> Roster:
        return ro.roster(self.league, team_id)

    def opponent_roster(self) -> Roster:
        return ro.roster(self.league, self.league.opponent_id)

    def matchup(self) -> MatchupDetails:
        return mu.matchup(self.league)

    def free_agents(self, position=None, healthy_only=False, min_games_remaining=0,
                    target_categories=None, limit=15, punt=None) -> list[FreeAgent]:
        return fa.free_agents(self.league, position, healthy_only, min_games_remaining, target_categories, limit, punt)

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


def open_source(as_of: dt.date | None = None, scoring: str | None = None, league: str | None = None,
                *, store: StateStore) -> LeagueSource:
    """The configured league source: the demo by default, ESPN when settings ask for it. `store`
    (where approved moves live) is passed in by the entry point."""
    from services.config import get_settings

    s = get_settings()
    kind = league or s.league
    if kind == "espn":
        from services.espn import EspnLeague  # optional source

        return EspnLeague.from_settings(s, as_of=as_of, store=store)
    return DemoSource(as_of or s.as_of, scoring or s.scoring, s.advice_mode, store=store)


def card_league(card: dict, store: StateStore):
    """The league a card was made in, opened to decide it in a session of another league: a demo
    card's own demo league (its scoring and as-of), or for an ESPN card a recorder that checks
    the move table only (that league is not open here)."""
    if card.get("league_kind", "demo") != "demo":
        from services.espn.roster_moves import EspnCardRecorder

        return EspnCardRecorder(str(card["league_id"]))
    from services.league.ledger import parse_demo_id

    parts, own = parse_demo_id(card.get("league_id")), None
    if parts is not None:  # the card's own copy of the league: its ledger, scoring and as-of
        ledger, scoring, as_of = parts
        try:
            own = DemoSource(as_of, scoring, store=store, team_id=int(card.get("team_id") or 1), ledger=ledger)
        except (ValueError, ServiceError):
            own = None
    if own is None or own.league_id != card["league_id"] or own.as_of.isoformat() != card["as_of"]:
        raise ServiceError(f"the card's league {card['league_id']!r} cannot be opened")
    return own
