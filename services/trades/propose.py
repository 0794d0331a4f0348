"""Sending an approved trade proposal: the partner answers (services.trades.respond); an accepted
trade is recorded as ONE roster move that replays on both teams (services.league.demo), in one
state-store transaction that re-checks both rosters inside it."""
from __future__ import annotations

import datetime as dt

from services.models import ServiceError
from services.store.state import MoveConflict, StateStore
from services.trades.respond import TradeTerms, respond, settle
from services.trades.value import Valuer


def check_terms(lg, terms: TradeTerms, stale: bool = False) -> None:
    """Every player is still where the trade says (a ServiceError naming the first who is not)."""
    name = lambda p: lg.snapshot.players[p].ref.name  # noqa: E731
    word = "no longer" if stale else "not"
    for team, ids in ((terms.team_id, terms.give_ids), (terms.partner_id, terms.get_ids)):
        held = set(lg.roster_ids(team)) | set(lg.ir_ids(team))
        for p in ids:
            if p not in held:
                raise ServiceError(f"{name(p)} is {word} on {lg.team_name(team)[0]}'s roster")


def apply_trade(src, card: dict, store: StateStore, actor: str = "user") -> dict:
    lg = src.league
    t = card["trade"]
    terms = TradeTerms.model_validate(t["terms"])
    base = {"move_id": card["move_id"], "kind": "trade", "drop": card["drop"], "add": card["add"]}
    try:
        check_terms(lg, terms, stale=True)
    except ServiceError as e:
        return {**base, "outcome": "refused", "reason": str(e)}
    answer = respond(lg, terms)
    if answer.decision != "accept":
        out = {**base, "outcome": "countered" if answer.decision == "counter" else "rejected", "reason": answer.reason}
        if answer.counter is not None:
            out["counter"] = answer.counter.model_dump()
        return out
    settled = settle(Valuer(lg), terms, t.get("cut_choice") or [])
    recorded = {**card, "trade": {**settled.model_dump(), "response": answer.reason}}

    def still_valid() -> None:
        try:
            check_terms(lg, terms, stale=True)
        except ServiceError as e:
            raise MoveConflict(str(e)) from None

    try:
        store.apply_move(card["league_id"], terms.team_id, card["move_id"], terms.give_ids[0], terms.get_ids[0],
                         dt.date.fromisoformat(card["as_of"]), actor, recorded, check=still_valid)
    except MoveConflict as e:
        return {**base, "outcome": "refused", "reason": str(e)}
    return {**base, "outcome": "applied", "reason": answer.reason, "expected_gain": card["expected_gain"],
            "unit": card["unit"], "season_gain": card.get("season_gain")}
