"""Sends a queued card decision to the paused run and writes the outcome back onto the card."""
from __future__ import annotations

import streamlit as st

from agents.door import Card, cards_of
from pages.components import backend, ownership, session
from pages.components import cards as card_ui
from pages.components.turn import TurnView


CLOSED = "chat_closed_cards"  # thread -> (messages when read, {move id: card}) of this session


def closed_cards(assistant, thread_id: str, n_messages: int) -> dict[str, Card]:
    """Every card the thread offered (closed ones too), read from its checkpoints once per new
    message: the only copy of a card its approved sibling closed, so a reload keeps it."""
    cache = st.session_state.setdefault(CLOSED, {})
    seen = cache.get(thread_id)
    if seen is None or seen[0] != n_messages:
        seen = cache[thread_id] = (n_messages, assistant.closed_cards(thread_id))
    return seen[1]


def offered_by_question(assistant, thread_id: str, n_messages: int | None = None) -> dict[int, list[Card]]:
    """The cards each question offered, decided ones with their outcome (from the store), closed
    ones marked `closed` (from the checkpoints, when `n_messages` is given)."""
    from agents import door

    try:
        closed = (lambda: closed_cards(assistant, thread_id, n_messages)) if n_messages is not None else None
        return door.offered_by_question(thread_id, assistant.pending_approvals(thread_id), closed)
    except door.store_errors():  # the chat still draws without the decided cards
        return {}


def with_blockers(cards: list[Card | dict], thread_id: str) -> list[Card]:
    """The cards typed (the runtime hands their JSON); those that cannot be decided here carry
    `blocked` (why), drawn before any click."""
    out = []
    for card in cards_of(cards):
        why = None if card_ui.note(card, "decided") else ownership.card_blocker(card, thread_id)
        out.append(card.model_copy(update={"blocked": why}) if why else card)
    return out


def take_queued(thread_id: str | None = None) -> tuple[str, str, str] | None:
    """The decision a button queued (for this thread, when given), removed from the queue."""
    queued = st.session_state["chat_queued_decision"]
    if not queued or (thread_id is not None and queued[0] != thread_id):
        return None
    st.session_state["chat_queued_decision"] = None
    return queued


def send_decision(assistant, queued: tuple[str, str, str], key_prefix: str, shown: set[str],
                  slot=None) -> TurnView:
    """Streams the resume into an assistant message; records applied / declined / refused."""
    from agents import door

    thread_id, move_id, decision = queued
    try:  # the door finds the card and decides it in the card's own league, whatever the page shows
        events = door.supervisor.stream_decide(move_id, decision, session.identity(), thread_id, backend.secrets())
    except (door.supervisor.NotYours, door.supervisor.LeagueUnavailable) as e:
        card_ui.record_outcome(thread_id, move_id, str(e) or "its league cannot be opened", True, slot)
        return TurnView(thread_id, key_prefix, set(), shown)
    except door.supervisor.ServiceError:  # no such card here: the runtime's own refusal says why
        events = assistant.stream_resume(thread_id, {move_id: decision})
    with st.chat_message("assistant"):
        view = TurnView(thread_id, key_prefix, set(), shown, card_prefix=f"{key_prefix}_card")
        view.consume(events)
    mine = next((d for d in view.decisions if d.move_id == move_id), None)
    refused = (mine.outcome == "refused") if mine else bool(view.errors)
    if refused:
        text = (mine.reason if mine else None) or (view.errors[-1] if view.errors else view.answer)
    elif mine is not None and mine.outcome == "applied" and _card_of(thread_id, move_id):
        text = card_ui.approved_line(_card_of(thread_id, move_id))  # the words every page uses for this move
    else:
        text = view.answer.split("\n\n")[0] if view.answer else ("Declined." if decision == "decline" else "")
    card_ui.record_outcome(thread_id, move_id, text, refused, slot)
    return view


def _card_of(thread_id: str, move_id: str) -> Card | None:
    """The card a button decided (its `cards_decided` entry keeps it)."""
    return (card_ui.decided_entry(thread_id, move_id) or {}).get("card")


def close_stale(assistant, thread_id: str, slots: dict[str, object], queued: tuple[str, str, str] | None = None) -> None:
    """After a decision, cards of the thread that are no longer pending lose their buttons.

    Approving one card (`queued`: the decision just sent) closes the whole set offered with it; the
    page was drawn before that, so each closed card says which approval closed it.
    """
    approved = _card_of(thread_id, queued[1]) if queued and queued[2] == "approve" else None
    still = {c.move_id for c in cards_of(assistant.pending_approvals(thread_id))}
    for move_id, slot in slots.items():
        if slot is not None and move_id not in still and not card_ui.decided_entry(thread_id, move_id):
            slot.info(card_ui.closed_text(approved), icon=":material/block:")
