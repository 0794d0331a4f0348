"""Whose conversations are whose: `owner`'s threads (labelled with their league and counted pending
cards), their pending cards in every league or one, the audit records of their threads, and the
league a card of one of their threads is decided in. Re-exported by the supervisor's facade
(agents/supervisor/facade.py), which the door hands out.
"""
from __future__ import annotations

from agents.core import threads
from agents.core.contracts import Card, cards_of
from agents.core.failures import store_errors
from agents.core.threads import LeagueChoice
from agents.facades.models import AuditRecord, PendingCard, ThreadSummary


# --- ownership and the thread list ---------------------------------------------------------------
def my_threads(built, owner: str, limit: int = 12) -> list[ThreadSummary]:
    """Recent threads of `owner`, newest first, each labelled with its league."""
    listed = built.list_threads(limit=max(limit * 3, 30), pending=False)
    try:
        bound = threads.bindings([t["thread_id"] for t in listed])
    except store_errors():  # unreadable bindings: list as before
        bound = {}
    kept = [t for t in listed if threads.owns(bound.get(t["thread_id"]), owner)][:limit]
    return [thread_summary(t, league=threads.league_label(b.league_id, b.league_kind) if (b := bound.get(t["thread_id"])) else "",
                     pending=_pending_count(built, t["thread_id"], f"{t['updated_at']}|{t.get('last_record')}"))
            for t in kept]


def thread_summary(t: dict, **extra) -> ThreadSummary:
    """A thread-list row as the model, without `last_record` (the list's own cache key, not a field)."""
    return ThreadSummary.model_validate({k: v for k, v in t.items() if k != "last_record"} | extra)


_PENDING: dict[tuple, int] = {}


def _pending_count(built, thread_id: str, version: str) -> int:
    """A listed thread's pending cards, remembered until its next turn or decision (each writes a
    turn record: `version` is its time and id; the time alone has whole seconds, and a decision in
    the second of the turn before it read the old count): every page run draws the sidebar, which
    loaded a checkpoint for each of 36 threads before."""
    import os

    key = (os.environ.get("COURTSIDE_HOME", ""), thread_id, version)
    if key not in _PENDING:
        if len(_PENDING) > 4096:
            _PENDING.clear()
        _PENDING[key] = len(built.pending_approvals(thread_id))
    return _PENDING[key]


def pending_cards(built, owner: str, league: str | None = None) -> list[PendingCard]:
    """Pending cards of `owner`'s threads in every league (or the one `league` names: its label, its
    id scoped or not: `threads.names_league`; never a card of another owner's ledger)."""
    out = []
    for t in my_threads(built, owner, limit=100):
        for c in cards_of(built.pending_approvals(t.thread_id)):
            label = threads.league_label(c.league_id, c.league_kind)
            if threads.names_league(league, c.league_id, c.league_kind, owner):
                out.append(PendingCard(thread_id=t.thread_id, league=label, card=c))
    return out


def mine(records: list[AuditRecord], owner: str) -> list[AuditRecord]:
    """Records of `owner`'s threads only."""
    try:
        bound = threads.bindings(sorted({r.thread_id for r in records}))
    except store_errors():  # an unreadable store: as if unbound
        bound = {}
    return [r for r in records if threads.owns(bound.get(r.thread_id), owner)]


def card_choice(card: Card, thread_id: str, owner: str) -> tuple[LeagueChoice | None, str | None]:
    """The league choice that decides `card` of `thread_id` for `owner`, or (None, why)."""
    bound = threads.binding(thread_id)
    if not threads.owns(bound, owner):
        return None, "this conversation belongs to another user"
    return threads.choice_for_card(card, bound)
