"""What this identity sees: its threads (each labelled with its league), their pending cards in
every league, its audit records, decided cards, and why a card cannot be decided here.

Threads belong to the identity that started them (`session.identity()`); threads never bound
(started from the CLI) belong to the local user.
"""
from __future__ import annotations

from agents.contracts import Card, cards_of
from agents.failures import store_errors
from pages.components import session


def my_threads(built, limit: int = 12) -> list[dict]:
    """Recent threads of this identity, newest first, each with `league` (league and scoring)."""
    from agents import threads

    listed = built.list_threads(limit=max(limit * 3, 30), pending=False)
    try:
        bound = threads.bindings([t["thread_id"] for t in listed])
    except store_errors():  # unreadable bindings: list as before
        bound = {}
    me = session.identity()
    out = [t | {"league": threads.league_label(b.league_id, b.league_kind) if (b := bound.get(t["thread_id"])) else ""}
           for t in listed if threads.owns(bound.get(t["thread_id"]), me)][:limit]
    for t in out:  # only the listed ones, each read once per change of the thread (every page run draws them)
        t["pending"] = _pending_count(built, t["thread_id"], str(t["updated_at"]))
    return out


_PENDING: dict[tuple, int] = {}


def _pending_count(built, thread_id: str, updated_at: str) -> int:
    """A thread's pending cards, remembered until its next turn or decision (each writes a turn
    record, so `updated_at` moves): the sidebar no longer loads a dozen checkpoints on every run."""
    import os

    key = (os.environ.get("COURTSIDE_HOME", ""), thread_id, updated_at)
    if key not in _PENDING:
        if len(_PENDING) > 4096:
            _PENDING.clear()
        _PENDING[key] = len(built.pending_approvals(thread_id))
    return _PENDING[key]


def all_pending(built) -> list[Card]:
    """Pending cards of this identity's threads in every league, typed, each noting its `thread_id`
    and `league` (read with `pages.components.cards.note`)."""
    from agents import threads

    return [c.model_copy(update={"thread_id": t["thread_id"],
                                 "league": threads.league_label(c.league_id, c.league_kind)})
            for t in my_threads(built, limit=100) for c in cards_of(built.pending_approvals(t["thread_id"]))]


def decided_cards() -> dict[str, dict]:
    """Every decided card by move id (the Audit page names both moves of a decision)."""
    from agents.offered import decided_cards as read

    try:
        return read()
    except store_errors():  # the audit still lists the turns
        return {}


def mine(records: list[dict]) -> list[dict]:
    """Records (with `thread_id`) of this identity's threads only."""
    from agents import threads

    try:
        bound = threads.bindings(sorted({r["thread_id"] for r in records}))
    except store_errors():  # an unreadable store: as if unbound
        bound = {}
    me = session.identity()
    return [r for r in records if threads.owns(bound.get(r["thread_id"]), me)]


def card_blocker(card: Card, thread_id: str) -> str | None:
    """Why `card` cannot be decided in this session (None when it can), without opening a league."""
    from agents import threads

    bound = session.binding(thread_id)
    if not threads.owns(bound, session.identity()):
        return "this conversation belongs to another user"
    return threads.choice_for_card(card, bound)[1]
