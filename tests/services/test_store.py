"""services.store: the SQLite (WAL) state store; a move is applied once, across threads too."""
from __future__ import annotations

import datetime as dt
import sqlite3
import threading

import pytest

from services.store import MoveConflict, StateStore, state_store

AS_OF = dt.date(2025, 1, 29)
LEAGUE = "demo-points-2025-01-29"


def _apply(store, move_id="m-1", drop="embiijo01", add="horfoal01", check=None):
    return store.apply_move(LEAGUE, 1, move_id, drop, add, AS_OF, "tester", {"drop": drop, "add": add},
                            check=check)


def test_the_store_lives_under_courtside_home(fresh_state):
    assert fresh_state.store.path == fresh_state.home / "state.sqlite"
    assert state_store() is fresh_state.store
    assert not fresh_state.store.is_pg


def test_wal_mode(fresh_state):
    assert fresh_state.store.fetch("PRAGMA journal_mode") == [("wal",)]
    con = sqlite3.connect(fresh_state.store.path)
    try:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)  # persistent in the file
    finally:
        con.close()


def test_apply_move_once(fresh_state):
    store = fresh_state.store
    assert _apply(store) == {"move_id": "m-1", "drop_id": "embiijo01", "add_id": "horfoal01", "applied": True}
    with pytest.raises(MoveConflict, match="m-1 was applied already"):
        _apply(store)
    moves = store.moves(LEAGUE)
    assert [(m["move_id"], m["team_id"], m["drop_id"], m["add_id"], m["as_of"], m["actor"]) for m in moves] == [
        ("m-1", 1, "embiijo01", "horfoal01", "2025-01-29", "tester")]
    assert moves[0]["card"] == {"drop": "embiijo01", "add": "horfoal01"}
    assert store.move_applied("m-1") and not store.move_applied("m-2")
    assert store.moves("demo-categories-2025-01-29") == []
    assert store.moves(LEAGUE, as_of=dt.date(2025, 1, 28)) == []


def test_a_failed_check_applies_nothing(fresh_state):
    def refuse():
        raise MoveConflict("roster changed")

    with pytest.raises(MoveConflict, match="roster changed"):
        _apply(fresh_state.store, check=refuse)
    assert fresh_state.store.moves(LEAGUE) == []
    _apply(fresh_state.store)  # the id is still free
    assert len(fresh_state.store.moves(LEAGUE)) == 1


@pytest.mark.parametrize("n_threads", [2, 4])
def test_concurrent_apply_from_threads_applies_once(fresh_state, n_threads):
    store = fresh_state.store
    for round_no in range(5):
        barrier = threading.Barrier(n_threads)
        outcomes: list[str] = []
        lock = threading.Lock()

        def worker():
            barrier.wait()
            try:
                _apply(store, move_id=f"race-{round_no}")
                result = "applied"
            except MoveConflict:
                result = "conflict"
            with lock:
                outcomes.append(result)

        threads = [threading.Thread(target=worker) for _ in range(n_threads)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(outcomes) == ["applied"] + ["conflict"] * (n_threads - 1)
    assert [m["move_id"] for m in store.moves(LEAGUE)] == [f"race-{i}" for i in range(5)]


def test_two_store_objects_on_one_file_share_the_unique_move(fresh_state):
    """A second process opens its own store on the same file; the move id is still unique."""
    other = StateStore()
    assert other.path == fresh_state.store.path and other is not fresh_state.store
    _apply(fresh_state.store, move_id="shared")
    with pytest.raises(MoveConflict):
        _apply(other, move_id="shared")


def test_decisions_and_audit_turns(fresh_state):
    store = fresh_state.store
    store.record_decision("m-1", "thread-a", "approve", "applied", None, "you", {"x": 1})
    store.record_decision("m-2", "thread-b", "reject", "rejected", "too risky", "you", {"x": 2})
    assert [(d["move_id"], d["decision"], d["reason"], d["card"]) for d in store.decisions("thread-b")] == [
        ("m-2", "reject", "too risky", {"x": 2})]
    assert len(store.decisions()) == 2
    store.record_turn("t-1", "thread-a", {"question": "who to start?"})
    store.record_turn("t-1", "thread-a", {"question": "duplicate ignored"})
    turns = store.turns("thread-a")
    assert [(t["turn_id"], t["question"]) for t in turns] == [("t-1", "who to start?")]


def test_stores_are_per_home(fresh_state, tmp_path, monkeypatch):
    from services import store as store_mod

    monkeypatch.setattr(store_mod, "_stores", dict(store_mod._stores))  # drop the extra store after
    monkeypatch.setenv("COURTSIDE_HOME", str(tmp_path / "elsewhere"))
    assert state_store() is not fresh_state.store
    assert state_store().path == tmp_path / "elsewhere" / "state.sqlite"
