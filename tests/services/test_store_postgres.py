"""services.store on both backends: the behaviours of test_store.py, run against SQLite and a real
PostgreSQL (tests/pg_cluster.py), plus what only PostgreSQL needs (placeholders, no rowid,
per-thread connections, a `check` that reads through the store inside the transaction).
"""
from __future__ import annotations

import datetime as dt
import threading

import pytest

from services.store.connections import pg_placeholders
from services.store.state import MoveConflict, StateStore, state_store

pytest_plugins = ["pg_cluster"]

AS_OF = dt.date(2025, 1, 29)
LEAGUE = "demo-points-2025-01-29"


def _apply(store, move_id="m-1", drop="embiijo01", add="horfoal01", check=None, league=LEAGUE):
    return store.apply_move(league, 1, move_id, drop, add, AS_OF, "tester", {"drop": drop, "add": add},
                            check=check)


def _race(n_threads: int, action) -> list[str]:
    """Runs `action()` in n threads released at once; returns 'applied'/'conflict' per thread."""
    barrier, lock, outcomes = threading.Barrier(n_threads), threading.Lock(), []

    def worker():
        barrier.wait()
        try:
            action()
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
    return sorted(outcomes)


@pytest.mark.parametrize(("sql", "expected"), [
    ("SELECT 1 FROM t WHERE a=? AND b=?", "SELECT 1 FROM t WHERE a=%s AND b=%s"),
    ("SELECT '?' , x LIKE 'a%' FROM t WHERE a=?", "SELECT '?' , x LIKE 'a%%' FROM t WHERE a=%s"),
    ("SELECT 'it''s ?', ? ", "SELECT 'it''s ?', %s "),
    ("SELECT 5 % 2", "SELECT 5 %% 2"),
])
def test_pg_placeholders(sql, expected):
    assert pg_placeholders(sql) == expected


def test_the_backend_follows_the_url(store, fresh_state):
    assert state_store() is store
    if store.is_pg:
        assert store.path is None and store.url.startswith("postgresql://")
        assert store.fetch("SELECT current_setting('server_version_num')::int >= ?", (130000,)) == [(True,)]
    else:
        assert store.path == fresh_state.home / "state.sqlite"


def test_apply_move_once(store):
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
    assert [m["move_id"] for m in store.moves(LEAGUE, as_of=AS_OF)] == ["m-1"]


def test_the_same_move_id_in_another_league_conflicts(store):
    _apply(store, move_id="shared")
    with pytest.raises(MoveConflict, match="shared was applied already"):
        _apply(store, move_id="shared", league="demo-categories-2025-01-29")


def test_moves_written_in_one_second_keep_their_order(store):
    ids = [f"m-{i}" for i in (3, 1, 4, 5, 9, 2, 6)]  # not sorted, so only insertion order explains the result
    for i, move_id in enumerate(ids):
        _apply(store, move_id=move_id, drop=f"d{i}", add=f"a{i}")
    assert [m["move_id"] for m in store.moves(LEAGUE)] == ids


def test_a_failed_check_applies_nothing(store):
    def refuse():
        raise MoveConflict("roster changed")

    with pytest.raises(MoveConflict, match="roster changed"):
        _apply(store, check=refuse)
    assert store.moves(LEAGUE) == []
    _apply(store)  # the id is still free
    assert len(store.moves(LEAGUE)) == 1


def test_a_check_reads_through_the_store_inside_the_transaction(store):
    """approvals.still_valid reads the roster through state_store(): that read must neither commit
    the open transaction (PostgreSQL) nor fail on a nested BEGIN (SQLite)."""
    seen = []

    def check():
        seen.append([m["move_id"] for m in state_store().moves(LEAGUE)])
        assert store.move_applied("first")

    _apply(store, move_id="first")
    _apply(store, move_id="second", drop="d2", add="a2", check=check)
    assert seen == [["first"]]
    with pytest.raises(MoveConflict, match="nope"):
        _apply(store, move_id="third", drop="d3", add="a3",
               check=lambda: (state_store().moves(LEAGUE), (_ for _ in ()).throw(MoveConflict("nope"))))
    assert [m["move_id"] for m in store.moves(LEAGUE)] == ["first", "second"]


@pytest.mark.parametrize("n_threads", [2, 4])
def test_concurrent_apply_from_threads_applies_once(store, n_threads):
    for round_no in range(5):
        outcomes = _race(n_threads, lambda: _apply(store, move_id=f"race-{round_no}"))
        assert outcomes == ["applied"] + ["conflict"] * (n_threads - 1)
    assert [m["move_id"] for m in store.moves(LEAGUE)] == [f"race-{i}" for i in range(5)]


def test_racing_cards_for_one_player_apply_one(store):
    """Different cards that drop the same player: each check sees the moves committed before it."""
    for round_no in range(3):
        player, ids, lock = f"player-{round_no}", iter(range(4)), threading.Lock()

        def check():
            if any(m["drop_id"] == player for m in state_store().moves(LEAGUE)):
                raise MoveConflict(f"{player} is no longer on your roster")

        def action():
            with lock:
                i = next(ids)
            _apply(store, move_id=f"r{round_no}-{i}", drop=player, add=f"add-{i}", check=check)

        assert _race(4, action) == ["applied", "conflict", "conflict", "conflict"]
        assert [m["drop_id"] for m in store.moves(LEAGUE)].count(player) == 1
    assert len(store.moves(LEAGUE)) == 3


def test_two_store_objects_share_the_unique_move(store):
    """A second process opens its own store on the same file or database; the id is still unique."""
    other = StateStore(store.url)
    assert other is not store and other.is_pg == store.is_pg and other.path == store.path
    _apply(store, move_id="shared")
    with pytest.raises(MoveConflict):
        _apply(other, move_id="shared")
    outcomes = _race(4, lambda: _apply(other if threading.current_thread().name[-1] in "13" else store,
                                       move_id="shared-2"))
    assert outcomes == ["applied", "conflict", "conflict", "conflict"]
    other.close()


def test_decisions_and_audit_turns(store):
    store.record_decision("m-1", "thread-a", "approve", "applied", None, "you", {"x": 1})
    store.record_decision("m-2", "thread-b", "reject", "rejected", "too risky", "you", {"x": 2})
    store.record_decision("m-3", "thread-b", "approve", "refused", "applied already", "you", {"x": 3})
    assert [(d["move_id"], d["decision"], d["reason"], d["card"]) for d in store.decisions("thread-b")] == [
        ("m-2", "reject", "too risky", {"x": 2}), ("m-3", "approve", "applied already", {"x": 3})]
    assert [d["move_id"] for d in store.decisions()] == ["m-1", "m-2", "m-3"]
    store.record_turn("t-1", "thread-a", {"question": "who to start?"})
    store.record_turn("t-1", "thread-a", {"question": "duplicate ignored"})
    store.record_turn("t-2", "thread-a", {"question": "100% sure?"})
    store.record_turn("t-3", "thread-b", {"question": "other thread"})
    assert [(t["turn_id"], t["question"]) for t in store.turns("thread-a")] == [
        ("t-2", "100% sure?"), ("t-1", "who to start?")]  # newest first
    assert [t["turn_id"] for t in store.turns()] == ["t-3", "t-2", "t-1"]
    assert [t["turn_id"] for t in store.turns(limit=1)] == ["t-3"]


def test_racing_turn_records_keep_the_first(store):
    outcomes = _race(4, lambda: store.record_turn("t-race", "thread-r", {"question": "q"}))
    assert outcomes == ["applied"] * 4
    assert [t["turn_id"] for t in store.turns("thread-r")] == ["t-race"]


def test_every_thread_has_its_own_connection(store):
    cons = {}

    def grab():
        cons[threading.current_thread().name] = store._con()

    threads = [threading.Thread(target=grab, name=f"t{i}") for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert len({id(c) for c in cons.values()}) == 3 and store._con() not in cons.values()


def test_close_drops_the_connections_and_the_store_reconnects(store):
    _apply(store)
    store.close()
    assert store.move_applied("m-1")
