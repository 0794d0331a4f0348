"""Deciding a waiting card set: which decisions a request means, why one cannot go to the graph,
and what a decision reports when another process decided the set first.

The runtime calls these before and after resuming a thread; the approval gate itself
(`agents.core.approvals`) claims the set and applies the moves.
"""
from __future__ import annotations

from agents.core.approvals import refusal_text
from agents.core.contracts import cards_of
from agents.core.failures import clip


def requested_decisions(pending: list[dict], decision: str, move_id: str | None = None) -> dict[str, str]:
    """The decisions a CLI-style request means. An explicit `move_id` is taken as given, even
    empty (then refused); without one, approve means the top card and decline every card."""
    if move_id is not None:
        return {move_id: decision}
    chosen = pending[:1] if decision == "approve" else pending
    return {c.move_id: decision for c in cards_of(chosen)} or {"(no pending card)": decision}


def applied_already(store, thread_id: str, pending: list[dict], decisions: dict[str, str]) -> dict | None:
    """The recorded claim when this request repeats a decision that was made already (a retry after
    a timeout, a second click): every named card is no longer pending and its set decided it the
    same way. Such a retry reports the first outcome and succeeds; it is not refused."""
    ids = {c.move_id for c in cards_of(pending)}
    if not decisions or any(not m or not str(m).strip() or m in ids for m in decisions):
        return None
    claims = [store.last_set_with(thread_id, str(m)) for m in decisions]
    if any(c is None or c["decisions"].get(m) != d for c, (m, d) in zip(claims, decisions.items())):
        return None
    return claims[0] if all(c["set_id"] == claims[0]["set_id"] for c in claims) else None


def replay_events(thread_id: str, claim: dict, decisions: dict, pending: list[dict]):
    """The events of a retried decision: its first outcome (the moves marked `already`), no refusal."""
    from agents.core.contracts import DoneEvent, TextEvent, TurnResult

    results = claim["outcomes"].get("results", {})
    moves = [r | {"already": True} for m, r in results.items()
             if m in decisions and r.get("outcome") in ("applied", "approved")]
    text = f"Applied already: {claim['summary']} (at {claim['decided_at']}); this retry changed nothing."
    yield TextEvent(type="answer", text=text)
    yield DoneEvent(result=TurnResult(thread_id=thread_id, answer=text, pending_approvals=cards_of(pending),
                                      transactions=moves))


def resume_problem(store, thread_id: str, set_id: str | None, pending: list[dict],
                   decisions: dict[str, str]) -> str | None:
    """Why these decisions cannot go to the graph (None when they can). `store` is the state store
    holding the card sets' claims."""
    ids = {c.move_id for c in cards_of(pending)}
    if not decisions or any(not m or not str(m).strip() for m in decisions):
        return "Name the card to decide (a move id); an empty id is not a card."
    unknown = [m for m in decisions if m not in ids]
    if not pending or unknown:
        claim = next((c for m in decisions if (c := store.last_set_with(thread_id, str(m)))), None)
        if claim:
            return refusal_text(claim)
        if not pending:
            return ("Nothing is waiting for a decision in this conversation: its cards were decided already, "
                    "or there is no such conversation.")
        return f"No pending card {clip(', '.join(map(str, unknown)))} in this conversation (decided already or never offered)."
    if any(v not in ("approve", "decline") for v in decisions.values()):
        return "A decision must be 'approve' or 'decline'."
    claim = store.card_set(set_id) if set_id else None
    if claim and claim["decisions"] != decisions:  # decided in another process, not checkpointed yet
        return refusal_text(claim)
    return None


def outcome_of_claim(claim: dict | None, decisions: dict) -> tuple[dict | None, str | None]:
    """(node-like update, failure) for a set someone else decided: the same decision reports the
    recorded outcome, another one is refused naming the winner."""
    if claim is None:
        return None, "The decision was not recorded: the conversation moved on meanwhile. Reload it and try again."
    if claim["decisions"] != decisions:
        return None, refusal_text(claim)
    results = claim["outcomes"].get("results", {}).values()
    moves = [r | {"already": True} for r in results if r.get("outcome") in ("applied", "approved")]
    text = f"Already decided ({claim['summary']}, at {claim['decided_at']}); this request changed nothing."
    return {"answer": text, "transactions": moves, "pending_cards": []}, None
