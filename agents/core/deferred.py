"""Card sets set aside by a new question: they stay pending and decidable, on their card and in Approvals.

A thread's cards wait at the approval gate's `interrupt()`. A new message does not throw them away
and is not refused: the runtime first resumes the gate with `DEFER`, which moves the set (its id
and cards, unchanged) to the state's `deferred` list, then runs the question. A decision on a
deferred set starts a run with `deferred_decision` in its input; the graph routes it from START
to `decide_deferred`, which settles the set exactly like the gate would (the same claim on the
same set id, so the first decision wins across processes) and records the outcome in the thread.
"""
from __future__ import annotations

from typing import Callable, Literal

from langchain_core.messages import AIMessage

from agents.core.approvals import Clock, card_set_id, default_clock, normalize_decisions, settle
from agents.core.contracts import card_dicts, cards_of
from agents.core.stale import withdraw_stale


def route_from_start(state) -> Literal["classify_intent", "decide_deferred"]:
    """A decision on a deferred set goes to its node; every question to the classifier."""
    return "decide_deferred" if state.get("deferred_decision") else "classify_intent"


def card_sets(values: dict, interrupts) -> list[tuple[str | None, list[dict]]]:
    """Every set of cards waiting in a thread, newest first: the one at the gate (if any), then the
    deferred ones (newest first), as (set id, card dicts)."""
    live = [i.value or {} for i in interrupts]
    gate = [(next((v.get("set_id") for v in live if v.get("set_id")), None), [c for v in live for c in v.get("cards", [])])]
    deferred = [(d.get("set_id"), list(d.get("cards") or [])) for d in values.get("deferred") or []]
    return [s for s in gate + deferred if s[1]]


def waiting_cards(sets: list[tuple[str | None, list[dict]]]) -> list[dict]:
    """The waiting cards of `sets` (newest first), a move offered again in a later set listed once, as
    its newest card (the older one stays decidable by its id)."""
    out, seen = [], set()
    for _, cards in sets:
        for raw, c in zip(cards, cards_of(cards), strict=True):
            key = (c.kind, c.drop_id, c.add_id, c.title if c.kind == "trade" else "")
            if key not in seen:
                seen.add(key)
                out.append(raw)
    return out


def set_of(sets: list[tuple[str | None, list[dict]]], move_ids) -> tuple[int, str | None, list[dict]]:
    """(index, id, cards) of the set holding the first of `move_ids`; (-1, None, []) when none does."""
    wanted = set(move_ids)
    for i, (set_id, cards) in enumerate(sets):
        if any(c.move_id in wanted for c in cards_of(cards)):
            return i, set_id, cards
    return -1, None, []


def make_decide_deferred(source, after_decision: Callable[[list[dict], dict], str] | None = None,
                         clock: Clock = default_clock):
    """The node deciding a deferred set; a declined card's siblings stay deferred as a new set."""

    def decide_deferred(state: dict, config) -> dict:
        request = state.get("deferred_decision") or {}
        thread_id = config.get("configurable", {}).get("thread_id", "")
        sets = list(state.get("deferred") or [])
        entry = next((d for d in sets if d.get("set_id") == request.get("set_id")), None)
        if entry is None:  # the runtime checks first; a stale request changes nothing
            text = "Those cards are no longer waiting in this conversation; nothing changed."
            return {"deferred_decision": None, "answer": text, "transactions": [], "pending_cards": [],
                    "messages": [AIMessage(content=text)]}
        cards = cards_of(entry["cards"])
        update = settle(source, cards, normalize_decisions(request.get("decisions") or {}, cards), thread_id,
                        entry["set_id"], after_decision, clock, state=state)
        left = cards_of(update["pending_cards"])
        rest = [d for d in sets if d is not entry]
        if left:  # the same cards again, as a new set: the decided one's claim is closed
            turn = len(state.get("messages") or []) + 1
            rest.insert(0, {"set_id": card_set_id(thread_id, left, turn), "cards": card_dicts(left)})
        return withdraw_stale(update | {"pending_cards": [], "deferred": rest, "deferred_decision": None}, cards, rest)

    return decide_deferred
