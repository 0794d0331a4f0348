"""The cards each question of a thread offered, with their outcome, read back from the store.

Checkpoints drop a card once it is decided, so a refreshed chat would lose it. The audit records
which cards each turn left pending, and the decisions table keeps every decided card whole: together
they put each decided card back under the question that offered it, with what happened to it.
"""
from __future__ import annotations

from typing import Callable

from agents.core.contracts import Card, cards_of
from services.store.state import state_store


def offered_by_question(thread_id: str, pending: list[dict],
                        closed: Callable[[], dict[str, Card]] | None = None) -> dict[int, list[Card]]:
    """{index of the question in the thread: [card, ...]}, typed; a decided card carries `decided`
    ({decision, outcome, reason}) in its extra fields. A card closed undecided (a sibling was
    approved) is kept when `closed()` has it (`closed_cards`: read from the checkpoints, called only
    when such a card is met), with `closed` set in its extra fields; else it is left out. A deferred card stays pending through
    later turns: it belongs to the first; a move that stopped being pending (its set was decided)
    and is offered again belongs to the question that offered it again, not to both."""
    store = state_store()
    records = list(reversed(store.turns(thread_id)))  # oldest first
    decided = {d["move_id"]: d for d in store.decisions(thread_id)}  # the latest decision wins
    waiting = {c.move_id: c for c in cards_of(pending)}
    out: dict[int, list[Card]] = {}
    placed: dict[str, int] = {}  # move id -> the question it belongs to
    before: set[str] = set()  # pending after the previous record
    question = -1
    found: dict[str, Card] | None = None
    for rec in records:
        if not str(rec.get("question", "")).startswith("[decision]"):
            question += 1
        cards = out.setdefault(max(question, 0), [])
        now = list(rec.get("pending") or [])
        for move_id in now:
            if move_id in placed and move_id in before:
                continue  # still pending since it was offered (deferred)
            if move_id in placed:  # offered again after its set closed: it moves here
                out[placed[move_id]] = [c for c in out[placed[move_id]] if c.move_id != move_id]
            placed[move_id] = max(question, 0)
            if move_id in decided:
                d = decided[move_id]  # the decisions row keeps the card's JSON whole
                cards.append(Card.model_validate(d["card"] | {"decided": {k: d[k] for k in ("decision", "outcome",
                                                                                               "reason")}}))
            elif move_id in waiting:
                cards.append(waiting[move_id])
            elif closed is not None:
                if found is None:
                    found = closed()  # walks the checkpoints: once, and only for a closed card
                if move_id in found:
                    cards.append(found[move_id].model_copy(update={"closed": True}))
        before = set(now)
    return {q: cards for q, cards in out.items() if cards}


def closed_cards(graph, config: dict) -> dict[str, Card]:
    """Every card the thread's checkpoints ever held waiting (at the gate or deferred), by move id:
    the only copy of a card closed undecided when a sibling was approved (the decisions table keeps
    decided cards only)."""
    from agents.core.deferred import card_sets

    found: dict[str, Card] = {}
    for snapshot in graph.get_state_history(config):
        for _, cards in card_sets(snapshot.values or {}, snapshot.interrupts or ()):
            for card in cards_of(cards):
                found.setdefault(card.move_id, card)
    return found


def decided_cards() -> dict[str, dict]:
    """Every decided card by move id (the latest decision's copy)."""
    return {d["move_id"]: d["card"] for d in state_store().decisions()}
