"""The human gate: present cards with `interrupt()`, then apply exactly what a person approved.

Safe on re-runs: LangGraph re-runs this node from its top on resume, and two resumes of one
thread can both run. Nothing before `interrupt()` writes; each applied move is keyed by its
`move_id` (unique in the state store), so a card can be applied once across threads and processes.
"""
from __future__ import annotations

import datetime as dt
from typing import Callable

from langchain_core.messages import AIMessage
from langgraph.config import get_stream_writer
from langgraph.types import interrupt

from agents.cards import is_expired, league_now
from services.store import MoveConflict, state_store

Clock = Callable[[dict], dt.datetime]


def _emit(event: dict) -> None:
    try:
        get_stream_writer()(event)
    except Exception:  # outside a graph run (tests call functions directly)
        pass


def default_clock(card: dict) -> dt.datetime:
    return league_now(card.get("league_kind", "demo"), dt.date.fromisoformat(card["as_of"]))


def apply_card(source, card: dict, thread_id: str, actor: str = "user", clock: Clock = default_clock) -> dict:
    """Applies one approved card; returns the outcome (applied / refused with a reason)."""
    store = state_store()
    if is_expired(card, clock(card)):
        return {"move_id": card["move_id"], "outcome": "refused", "reason": f"the card expired at {card['expires_at']}"}
    if card.get("league_kind") == "espn":
        return approve_espn_card(source, card, actor)
    lg = source.league

    def still_valid() -> None:
        roster = lg.roster_ids(card["team_id"])
        if card["drop_id"] not in roster:
            raise MoveConflict(f"{card['drop']} is no longer on your roster")
        if lg.owner_of(card["add_id"]) is not None:
            raise MoveConflict(f"{card['add']} is no longer a free agent")
        if card.get("kind") == "ir":
            check_ir_move(lg, card)

    try:
        store.apply_move(card["league_id"], card["team_id"], card["move_id"], card["drop_id"], card["add_id"],
                         dt.date.fromisoformat(card["as_of"]), actor, card, check=still_valid)
    except MoveConflict as e:
        return {"move_id": card["move_id"], "outcome": "refused", "reason": str(e)}
    return {"move_id": card["move_id"], "outcome": "applied", "drop": card["drop"], "add": card["add"],
            "expected_gain": card["expected_gain"], "unit": card["unit"], "kind": card.get("kind", "swap"),
            "season_gain": card.get("season_gain")}


def check_ir_move(lg, card: dict) -> None:
    """An IR move needs an open IR slot and a player who is OUT (inferred) on the league's day."""
    from services.slots import IR_SLOTS

    if len(lg.ir_ids(card["team_id"])) >= IR_SLOTS:
        raise MoveConflict("your IR slot is taken")
    status = lg.snapshot.players[card["drop_id"]].status
    if status != "OUT":
        raise MoveConflict(f"{card['drop']} is {status}, and only an OUT player can go to IR")


def decision_line(card: dict) -> str:
    """What an applied card did, in words."""
    gain = f"{card['expected_gain']:+} {card['unit']} expected this week"
    if card.get("season_gain") is not None:
        from agents.cards import season_label

        gain += f", {card['season_gain']:+} {season_label(card.get('season_unit'))} rest of season"
    if card.get("kind") == "ir":
        return f"Done: moved {card['drop']} to IR and added {card['add']} ({gain}); nobody was dropped."
    return f"Done: dropped {card['drop']} and added {card['add']} ({gain})."


def _espn_roster(source, card: dict) -> set[str] | None:
    """Player ids on the card's team as ESPN shows them now (a read), when `source` is that league."""
    if getattr(source, "kind", None) != "espn" or str(getattr(source, "league_id", "")) != card["league_id"]:
        return None
    return {e.player.player_id for e in source.roster(card["team_id"]).entries}


def approve_espn_card(source, card: dict, actor: str = "user") -> dict:
    """Records an approved ESPN move once (keyed by move_id) and returns the manual steps.

    Nothing is sent to ESPN. The move goes into the store's unique move table under the ESPN
    league id, which no demo league replays; a second approval of the card, or another card of the
    same day that drops or adds the same player, is refused.
    """
    from services.espn import approved_move_steps
    from services.models import ServiceError

    store = state_store()
    as_of = dt.date.fromisoformat(card["as_of"])
    try:
        steps = approved_move_steps(card["drop"], card["add"], card["league_id"])
        roster = _espn_roster(source, card)  # read before the write lock is taken
    except ServiceError as e:
        return {"move_id": card["move_id"], "outcome": "refused", "reason": str(e)}

    def still_valid() -> None:
        if roster is not None and card["drop_id"] not in roster:
            raise MoveConflict(f"{card['drop']} is no longer on your ESPN roster")
        if roster is not None and card["add_id"] in roster:
            raise MoveConflict(f"{card['add']} is on your ESPN roster already")
        for m in store.moves(card["league_id"], as_of):
            if m["team_id"] == card["team_id"] and {m["drop_id"], m["add_id"]} & {card["drop_id"], card["add_id"]}:
                raise MoveConflict(f"it clashes with a move approved earlier today ({m['card'].get('title')})")

    try:
        store.apply_move(card["league_id"], card["team_id"], card["move_id"], card["drop_id"], card["add_id"],
                         as_of, actor, card | {"steps": steps}, check=still_valid)
    except MoveConflict as e:
        reason = "it was approved already (the ESPN steps were given then)" if store.move_applied(card["move_id"]) else str(e)
        return {"move_id": card["move_id"], "outcome": "refused", "reason": reason}
    return {"move_id": card["move_id"], "outcome": "approved", "applied": False, "steps": steps,
            "drop": card["drop"], "add": card["add"], "expected_gain": card["expected_gain"], "unit": card["unit"],
            "reason": "recorded; make the move in ESPN with these steps (nothing is sent to ESPN)"}


def normalize_decisions(resume, cards: list[dict]) -> dict[str, str]:
    """Resume values: {'move_id': 'approve'|'decline'} or a single 'approve'/'decline' for the first card."""
    if isinstance(resume, str):
        return {cards[0]["move_id"]: resume} if cards else {}
    if isinstance(resume, dict):
        decisions = resume.get("decisions", resume)
        return {k: str(v).lower() for k, v in decisions.items() if k in {c["move_id"] for c in cards}}
    return {}


def decide(source, cards: list[dict], decisions: dict[str, str], thread_id: str, clock: Clock = default_clock):
    """Applies approvals, records every decision; returns (transactions, outcome lines)."""
    store = state_store()
    transactions, lines = [], []
    for card in cards:
        choice = decisions.get(card["move_id"])
        if choice not in ("approve", "decline"):
            continue
        if choice == "approve":
            res = apply_card(source, card, thread_id, clock=clock)
        else:
            res = {"move_id": card["move_id"], "outcome": "declined"}
        store.record_decision(card["move_id"], thread_id, choice, res["outcome"], res.get("reason"), "user", card)
        if res["outcome"] == "applied":
            transactions.append(res)
            lines.append(decision_line(card))
        elif res["outcome"] == "approved":
            transactions.append(res)
            lines.append("Approved. Make it in ESPN:\n" + "\n".join(f"{i}. {s}" for i, s in enumerate(res["steps"], 1)))
        elif res["outcome"] == "declined":
            lines.append(f"Declined: {card['title']}. Nothing changed.")
        else:
            lines.append(f"Could not apply {card['title']}: {res['reason']}. Nothing changed.")
        _emit({"type": "decision", "move_id": card["move_id"], "outcome": res["outcome"], "reason": res.get("reason")})
    return transactions, lines


def make_present_and_confirm(source, after_decision: Callable[[list[dict]], str] | None = None, clock: Clock = default_clock):
    """The node: pause with every card of the turn, then apply the person's decisions."""

    def present_and_confirm(state: dict, config) -> dict:
        cards = state.get("pending_cards") or []
        if not cards:
            return {}
        _emit({"type": "approvals", "cards": cards})
        resume = interrupt({"cards": cards})
        thread_id = config.get("configurable", {}).get("thread_id", "")
        decisions = normalize_decisions(resume, cards)
        transactions, lines = decide(source, cards, decisions, thread_id, clock)
        declined = [c for c in cards if decisions.get(c["move_id"]) == "decline"]
        # After a decline (and no approval) the next best cards are offered again; an approval
        # closes the set, since the others were computed for the roster before the move.
        others = [c for c in cards if c["move_id"] not in decisions] if declined and not transactions else []
        if others:
            lines.append(f"Next best: {others[0]['title']}. Approve or decline it on its card.")
        elif declined and not transactions:
            lines.append("Standing pat is fine too; ask me again if a player's status changes.")
        if transactions and after_decision:
            lines.append(after_decision(transactions))
        text = "\n\n".join(lines) or "No decision was recorded."
        return {"pending_cards": others, "transactions": transactions, "answer": text,
                "decisions": [{"move_id": k, "decision": v} for k, v in decisions.items()],
                "messages": [AIMessage(content=text)]}

    return present_and_confirm


def route_after_confirm(state: dict) -> str:
    """Back to the gate while declined cards left others to decide; otherwise the turn ends."""
    return "present_and_confirm" if state.get("pending_cards") else "__end__"
