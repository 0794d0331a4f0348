"""What an ESPN league answers about players and moves: ids, owners, the optimizer's inputs, and
an approved move recorded with manual steps (nothing is ever sent to ESPN).

A mixin of `EspnLeague` (kept apart so the league module stays small); every method reads
through the league's cached client.
"""
from __future__ import annotations

import datetime as dt
from typing import Iterable

from services.espn.moves import activation_ir_steps, activation_steps, approved_move_steps, ir_steps
from services.league.ledger import espn_number
from services.models import Roster, ServiceError
from services.store.state import MoveConflict, StateStore


class EspnMoves:
    """Players, moves and optimizer inputs of an `EspnLeague` (see services.league.source.LeagueSource)."""

    status_note = "ESPN"

    def _rosters(self) -> dict[int, Roster]:
        """Every team's roster as ESPN lists it (ids, IR slot, ESPN's status and season splits):
        what a move is checked against (the measured view is `roster()`, on the history)."""
        from services.espn.entries import roster_entry

        snap = self._snap()
        window = self._window(snap, self._calendar())
        return {t.team_id: Roster(team_id=t.team_id, team_name=t.team_name, manager=self._manager(t),
                                  as_of=self.as_of, entries=[roster_entry(p, window) for p in t.roster])
                for t in snap.teams}

    def _index(self):
        from services.espn.lookup import NameIndex

        if self._names is None:  # every player ESPN lists (free agents too), and the rostered ones
            names = self._client.player_names()
            names.update({p.playerId: p.name for t in self._snap().teams for p in t.roster})
            self._names = NameIndex(names)
        return self._names

    def resolve_id(self, name: str) -> str:
        return str(self._index().resolve(name))

    def player_name(self, player_id: str) -> str:
        try:
            return self._index().name(int(player_id))
        except (KeyError, ValueError):  # an id ESPN does not list (a stale card): the id itself
            return str(player_id)

    def owner_of(self, player_id: str) -> int | None:
        return next((t for t, r in self._rosters().items()
                     if any(e.player.player_id == player_id for e in r.entries)), None)

    def ir_ids(self) -> list[str]:
        return [e.player.player_id for e in self._rosters()[self.my_team_id].entries if e.on_ir]

    def validate_move(self, drop_id, add_id, kind="swap", *, stale=False) -> None:
        rosters = self._rosters()
        owners = {e.player.player_id: t for t, r in rosters.items() for e in r.entries}
        ir = {e.player.player_id for e in rosters[self.my_team_id].entries if e.on_ir}
        name = self.player_name
        if drop_id is not None:
            if owners.get(drop_id) != self.my_team_id:
                raise ServiceError(f"{name(drop_id)} is no longer on your ESPN roster" if stale
                                   else f"{name(drop_id)} is not on your roster")
            if drop_id in ir:
                raise ServiceError(f"{name(drop_id)} is in your IR slot: dropping him opens no roster spot")
        if kind in ("activate", "activate_ir"):  # the added player comes back from my own IR slot
            entries = {e.player.player_id: e for e in rosters[self.my_team_id].entries}
            back = entries.get(add_id)
            if back is None or not back.on_ir:
                raise ServiceError(f"{name(add_id)} is not in your IR slot")
            if back.status == "OUT":
                raise ServiceError(f"{name(add_id)} is still OUT: there is nobody to activate yet")
            if kind == "activate_ir" and entries[drop_id].status != "OUT":
                raise ServiceError(f"{name(drop_id)} is {entries[drop_id].status}: only an OUT player can take "
                                   "the IR slot")
            return
        if add_id is not None:
            owner = owners.get(add_id)
            if owner == self.my_team_id:
                raise ServiceError(f"{name(add_id)} is on your {'ESPN ' if stale else ''}roster already")
            if owner is not None:
                raise ServiceError(f"{name(add_id)} is no longer a free agent" if stale else
                                   f"{name(add_id)} is on {rosters[owner].team_name}'s roster, not a free agent")
        if kind == "ir":  # drop_id to the IR slot (ESPN lists him OUT), add_id to the spot he leaves
            slots = self.info().ir
            if len(ir) >= slots:
                raise ServiceError(f"your IR slot{'s are' if slots != 1 else ' is'} taken" if slots else
                                   "this ESPN league has no IR slot")
            status = next(e.status for e in rosters[self.my_team_id].entries if e.player.player_id == drop_id)
            if status != "OUT":
                raise ServiceError(f"{name(drop_id)} is {status} on ESPN, and only an OUT player can go to IR")

    def apply_move(self, card: dict, store: StateStore, actor: str = "user") -> dict:
        """Records the approved move once (keyed by move_id) with ESPN's manual steps.

        The roster is read before the store's write lock; a move the roster no longer allows, a
        second approval, or another card of the same day dropping or adding the same player is
        refused."""
        try:
            steps = _steps(card)
            if str(card["league_id"]) != self.league_id:
                raise ServiceError(f"the card is for ESPN league {card['league_id']}, not {self.league_id}")
            self.validate_move(card["drop_id"], card["add_id"], card.get("kind", "swap"), stale=True)
        except ServiceError as e:
            return {"move_id": card["move_id"], "outcome": "refused", "reason": str(e)}
        return record_espn_move(card, store, steps, actor)

    def optimizer_inputs(self, free_agents: Iterable[str] | None = None, season: bool = False, punt=()):
        """My remaining week from the league's box-score history under its own settings
        (services.optimizer.espn_adapter.from_espn_history: the demo's inputs, ESPN's rules)."""
        from services.optimizer.espn_adapter import from_espn_history

        return from_espn_history(self, free_agents=free_agents, season=season, punt=punt)


def _steps(card: dict) -> list[str]:
    """ESPN's manual steps for the card's kind (an activation: drop first, then out of the IR slot)."""
    if card.get("kind") == "activate":
        return activation_steps(card["drop"], card["add"], espn_number(card["league_id"]))
    if card.get("kind") == "activate_ir":
        return activation_ir_steps(card["drop"], card["add"], espn_number(card["league_id"]))
    if card.get("kind") == "ir":
        return ir_steps(card["drop"], card["add"], espn_number(card["league_id"]))
    return approved_move_steps(card["drop"], card["add"], espn_number(card["league_id"]))


def record_espn_move(card: dict, store: StateStore, steps: list[str], actor: str = "user") -> dict:
    """Records an approved ESPN card in the store's unique move table under its league id (which no
    demo league replays), refusing a second approval or a clash with a move of the same day."""
    as_of = dt.date.fromisoformat(card["as_of"])

    def no_clash() -> None:
        for m in store.moves(card["league_id"], as_of):
            if m["team_id"] == card["team_id"] and {m["drop_id"], m["add_id"]} & {card["drop_id"], card["add_id"]}:
                raise MoveConflict(f"it clashes with a move approved earlier today ({m['card'].get('title')})")

    try:
        store.apply_move(card["league_id"], card["team_id"], card["move_id"], card["drop_id"], card["add_id"],
                         as_of, actor, card | {"steps": steps}, check=no_clash)
    except MoveConflict as e:
        reason = "it was approved already (the ESPN steps were given then)" if store.move_applied(card["move_id"]) else str(e)
        return {"move_id": card["move_id"], "outcome": "refused", "reason": reason}
    return {"move_id": card["move_id"], "outcome": "approved", "applied": False, "steps": steps,
            "drop": card["drop"], "add": card["add"], "expected_gain": card["expected_gain"], "unit": card["unit"],
            "reason": "recorded; make the move in ESPN with these steps (nothing is sent to ESPN)"}


class EspnCardRecorder:
    """Records an ESPN card decided in a session of another league: no roster read (the card's own
    league is not open here), the move table's checks only."""

    def __init__(self, league_id: str):
        self.league_id = league_id

    def apply_move(self, card: dict, store: StateStore, actor: str = "user") -> dict:
        try:
            steps = _steps(card)
        except ServiceError as e:
            return {"move_id": card["move_id"], "outcome": "refused", "reason": str(e)}
        return record_espn_move(card, store, steps, actor)
