"""agents.core.checkpoints with COURTSIDE_STATE_URL set: PostgresSaver on a real PostgreSQL
(tests/pg_cluster.py), and a pending approval that survives a restart of the assistant.
"""
from __future__ import annotations

import psycopg
import pytest
from langgraph.checkpoint.postgres import PostgresSaver
from langgraph.checkpoint.sqlite import SqliteSaver

from agents.core.checkpoints import build_checkpointer
from services.config import reset_settings_cache
from services.store.state import state_store

pytest_plugins = ["pg_cluster"]

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


@pytest.fixture
def pg_state(fresh_state, pg_url, monkeypatch):
    """Points the state store and the checkpoints of this test at a fresh PostgreSQL database."""
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


def _count(url: str, table: str, thread_id: str) -> int:
    with psycopg.connect(url) as con:
        return con.execute(f"SELECT count(*) FROM {table} WHERE thread_id=%s", (thread_id,)).fetchone()[0]


def test_sqlite_without_a_url(fresh_state):
    saver = build_checkpointer()
    assert isinstance(saver, SqliteSaver)
    assert (fresh_state.home / "checkpoints.sqlite").exists()


def test_postgres_saver_round_trip(pg_state, fresh_state):
    saver = build_checkpointer()
    assert isinstance(saver, PostgresSaver)
    build_checkpointer().conn.close()  # setup() a second time is a no-op, not an error
    cfg = {"configurable": {"thread_id": "t1", "checkpoint_ns": ""}}
    checkpoint = {"v": 4, "id": "1f0", "ts": "2025-01-29T12:00:00+00:00", "channel_values": {"x": [1, 2]},
                  "channel_versions": {"x": 1}, "versions_seen": {}, "updated_channels": ["x"]}
    saver.put(cfg, checkpoint, {"source": "input", "step": 0}, {"x": 1})
    saver.conn.close()
    again = build_checkpointer().get_tuple({"configurable": {"thread_id": "t1", "checkpoint_ns": ""}})
    assert again.checkpoint["id"] == "1f0" and again.checkpoint["channel_values"] == {"x": [1, 2]}
    assert again.metadata["step"] == 0
    assert not (fresh_state.home / "checkpoints.sqlite").exists()


def test_a_pending_card_survives_a_restart_and_applies_once(pg_state, make_assistant, fresh_state):
    first = make_assistant()
    assert isinstance(first.checkpointer, PostgresSaver) and state_store().is_pg
    cards = first.ask(REVIEW, "pg-restart")["pending_approvals"]
    assert 1 <= len(cards) <= 3
    card = cards[0]
    assert _count(pg_state, "checkpoints", "pg-restart") > 0
    first.checkpointer.conn.close()  # the process goes away

    second = make_assistant()  # a restart: new checkpointer, new connection
    assert second.checkpointer is not first.checkpointer
    assert second.pending_approvals("pg-restart") == cards
    before = second.source.league.roster_ids()
    r = second.resume("pg-restart", "approve", card["move_id"])
    assert [t["move_id"] for t in r["transactions"]] == [card["move_id"]]
    assert r["transactions"][0]["outcome"] == "applied"
    after = second.source.league.roster_ids()
    assert card["drop_id"] in before and card["drop_id"] not in after and card["add_id"] in after
    assert second.pending_approvals("pg-restart") == []

    third = make_assistant()
    again = third.resume("pg-restart", "approve", card["move_id"])
    # a retry after the restart reports the first outcome (issue #20) and applies nothing again
    assert [t["move_id"] for t in again["transactions"]] == [card["move_id"]]
    assert all(t["already"] for t in again["transactions"]) and again["error"] is None
    moves = state_store().moves(second.source.league.league_id)
    assert [m["move_id"] for m in moves] == [card["move_id"]]
    assert [(d["decision"], d["outcome"]) for d in state_store().decisions("pg-restart")][0] == ("approve", "applied")
    assert not (fresh_state.home / "checkpoints.sqlite").exists()
    assert not (fresh_state.home / "state.sqlite").exists() or fresh_state.store.moves(
        second.source.league.league_id) == []  # nothing went to the SQLite store
