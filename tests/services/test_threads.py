"""services.store.threads on both backends (SQLite and a throwaway PostgreSQL): a thread's binding (first
wins), per-identity lookups, browser-session settings."""
from __future__ import annotations

import datetime as dt

import pytest

from services.store.threads import LeagueChoice, bind_thread, load_session, save_session, thread_binding, thread_bindings

CATS = LeagueChoice(provider="offline", league="demo", as_of=dt.date(2025, 1, 29), scoring="categories")
POINTS = LeagueChoice(provider="offline", league="demo", as_of=dt.date(2025, 1, 29), scoring="points")

pytest_plugins = ["pg_cluster"]


def test_the_first_binding_wins_and_survives_a_new_store_object(store):
    first = bind_thread(store, "t1", "local", CATS, "demo", "demo-categories-2025-01-29")
    again = bind_thread(store, "t1", "someone-else", POINTS, "demo", "demo-points-2025-01-29")
    assert again == first and again.owner == "local" and again.choice.scoring == "categories"
    from services.store.state import StateStore

    other = StateStore(store.url)  # another process's view of the same store
    try:
        rows = other.fetch("SELECT owner, league_id FROM thread_meta WHERE thread_id=?", ("t1",))
    finally:
        other.close()
    assert rows == [("local", "demo-categories-2025-01-29")]
    assert thread_binding(store, "nope") is None
    assert set(thread_bindings(store, ["t1", "nope"])) == {"t1"}


def test_session_settings_are_kept_per_session_and_per_identity(store):
    save_session(store, "sess-aaaaaaaa", "local", CATS)
    save_session(store, "sess-aaaaaaaa", "local", POINTS)  # the latest wins
    assert load_session(store, "sess-aaaaaaaa", "local") == POINTS
    assert load_session(store, "sess-aaaaaaaa", "mallory") is None  # another identity gets nothing
    assert load_session(store, "sess-unknown1", "local") is None
