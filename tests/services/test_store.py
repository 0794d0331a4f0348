"""services.store: what only the SQLite default needs (its place, WAL, one store per home).

The behaviours shared with PostgreSQL (a move applied once, across threads and store objects,
decisions and audit) run on both backends in test_store_postgres.py.
"""
from __future__ import annotations

import sqlite3

from services.store.state import state_store


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


def test_stores_are_per_home(fresh_state, tmp_path, monkeypatch):
    from services.store import state as store_mod

    monkeypatch.setattr(store_mod, "_stores", dict(store_mod._stores))  # drop the extra store after
    monkeypatch.setenv("COURTSIDE_HOME", str(tmp_path / "elsewhere"))
    assert state_store() is not fresh_state.store
    assert state_store().path == tmp_path / "elsewhere" / "state.sqlite"
