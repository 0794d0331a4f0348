"""What this identity sees: its threads (each labelled with its league), their pending cards in
every league, its audit records, decided cards, and why a card cannot be decided here.

Threads belong to the identity that started them (`session.identity()`); threads never bound
(started from the CLI) belong to the local user. The rules live behind the door
(`agents.door.supervisor`); this module passes it the session's identity.
"""
from __future__ import annotations

from agents.door import AuditRecord, Card, cards_of
from pages.components import session


def _door():
    from agents import door

    return door


def my_threads(built, limit: int = 12) -> list:
    """Recent threads of this identity, newest first, each with `league` (league and scoring)."""
    return _door().supervisor.my_threads(built, session.identity(), limit)


def all_pending(built) -> list[Card]:
    """Pending cards of this identity's threads in every league, typed, each noting its `thread_id`
    and `league` (read with `pages.components.cards.note`)."""
    return [p.card.model_copy(update={"thread_id": p.thread_id, "league": p.league})
            for p in _door().supervisor.pending_cards(built, session.identity())]


def decided_cards() -> dict[str, Card]:
    """Every decided card by move id (the Audit page names both moves of a decision)."""
    try:
        decided = _door().decided_cards()
    except _door().store_errors():  # the audit still lists the turns
        return {}
    return dict(zip(decided, cards_of(list(decided.values())), strict=True))


def mine(records: list[AuditRecord]) -> list[AuditRecord]:
    """Audit records of this identity's threads only."""
    return _door().supervisor.mine(records, session.identity())


def card_blocker(card: Card, thread_id: str) -> str | None:
    """Why `card` cannot be decided in this session (None when it can), without opening a league."""
    return _door().supervisor.card_choice(card, thread_id, session.identity())[1]
