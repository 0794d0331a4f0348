"""The thread lease and deferred cards on PostgreSQL (COURTSIDE_STATE_URL; tests/pg_cluster.py):
the same SQL as on SQLite, so concurrent turns of one thread in separate assistants (separate
checkpointer connections, as in separate processes) all land, and a deferred card stays decidable.

Fails on the code before issue #18 part 2: the second question was refused while a card waited,
and unserialized turns read the same checkpoint (the later write dropped a turn).
"""
from __future__ import annotations

import threading

import pytest

from services.store import thread_locks
from services.config import reset_settings_cache
from services.store.state import state_store

pytest_plugins = ["pg_cluster"]

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


@pytest.fixture
def pg_state(fresh_state, pg_url, monkeypatch):
    from services.store import state as store_mod

    monkeypatch.setenv("COURTSIDE_STATE_URL", pg_url)
    reset_settings_cache()
    yield pg_url
    with store_mod._stores_lock:
        store = store_mod._stores.pop((str(fresh_state.home), pg_url), None)
    if store is not None:
        store.close()
    monkeypatch.delenv("COURTSIDE_STATE_URL")
    reset_settings_cache()


def test_lease_semantics_on_postgres(pg_state):
    store = state_store()
    assert store.is_pg
    assert thread_locks.try_acquire(store, "t", "a") and not thread_locks.try_acquire(store, "t", "b")
    assert thread_locks.renew(store, "t", "a") and not thread_locks.renew(store, "t", "b")
    with pytest.raises(thread_locks.TurnBusy):
        thread_locks.acquire(store, "t", wait_s=0.05)
    thread_locks.release(store, "t", "a")
    assert thread_locks.try_acquire(store, "t", "b")


def test_concurrent_turns_and_a_deferred_card_on_postgres(pg_state, make_assistant):
    first = make_assistant()
    cards = first.ask(REVIEW, "pg")["pending_approvals"]
    assert cards
    questions = [f"How has {n} played lately?" for n in ("Tyrese Haliburton", "Jalen Williams", "Paul George")]
    assistants = [make_assistant() for _ in questions]  # each its own checkpointer connection
    results: list[dict] = []
    workers = [threading.Thread(target=lambda a=a, q=q: results.append(a.ask(q, "pg")))
               for a, q in zip(assistants, questions)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(180)
    assert sorted(r["error"] or "" for r in results) == ["", "", ""]
    asked = [t["content"] for t in first.history("pg") if t["role"] == "user"]
    assert asked[0] == REVIEW and sorted(asked[1:]) == sorted(questions)
    assert [c["move_id"] for c in first.pending_approvals("pg")] == [c["move_id"] for c in cards]
    r = assistants[0].resume("pg", "approve", cards[0]["move_id"])
    assert [t["move_id"] for t in r["transactions"]] == [cards[0]["move_id"]]
    assert [m["move_id"] for m in state_store().moves(first.source.league_id)] == [cards[0]["move_id"]]
    assert first.pending_approvals("pg") == []
