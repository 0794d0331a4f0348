"""The checkpointer: SQLite under COURTSIDE_HOME by default, PostgreSQL when a URL is set.

A new checkpointer over the same store sees every earlier thread, so an interrupt (a pending
approval card) survives a restart of the process.

SQLite: one checkpointer per process and file, opened (WAL switched on, tables created) under a
lock. Every assistant of the process shares it (one per owner and configuration since issue #37):
on a cold server two first turns at once built two assistants at once, and the second's
`PRAGMA journal_mode=WAL` waited on the first's new file past the busy timeout (a 503 "the
state store ... is locked", tests/http_api/test_api_cold_race.py).
"""
from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict

from services.config import courtside_home, get_settings

# The advisory lock that serializes `PostgresSaver.setup()` across processes (its migrations
# are not safe to run twice at once). First key as in services.store.state, second "ck".
PG_SETUP_LOCK = (0x43_53, 0x63_6B)


def build_checkpointer():
    url = get_settings().state_url
    if url and url.startswith("postgres"):
        return _postgres_saver(url)
    from langgraph.checkpoint.sqlite import SqliteSaver

    from services.store import guard as store_guard

    path = courtside_home() / "checkpoints.sqlite"
    with _savers_lock:  # one opening at a time: the first creates the file, switches WAL on, makes the tables
        store_guard.check(path, "checkpoint store")  # damaged or emptied: one line, the file untouched
        held = _savers.get(str(path))
        if held is not None and held[0] == _file_identity(path):  # the same file (a restore renamed none aside)
            _savers.move_to_end(str(path))
            return held[1]
        wait_s = get_settings().store_busy_timeout_s
        conn = sqlite3.connect(str(path), check_same_thread=False, timeout=wait_s)
        conn.execute("PRAGMA journal_mode=WAL")
        saver = SqliteSaver(conn)
        saver.setup()  # the tables now, not inside the first turn beside another's
        store_guard.mark_used(path)
        _savers[str(path)] = (_file_identity(path), saver)
        while len(_savers) > _SAVERS:
            _savers.popitem(last=False)  # an assistant still holding an evicted one keeps using it
        return saver


_SAVERS = 8  # checkpoint files a process keeps open (a test run moves COURTSIDE_HOME between cases)
_savers: OrderedDict[str, tuple] = OrderedDict()
_savers_lock = threading.Lock()


def _file_identity(path) -> tuple[int, int] | None:
    from services.store.connections import _file_identity as identity

    return identity(path)


def _postgres_saver(url: str):
    from langgraph.checkpoint.postgres import PostgresSaver  # optional extra: courtside[postgres]
    from psycopg import Connection
    from psycopg.rows import dict_row

    # PostgresSaver reads rows as dicts and runs its own transactions; it serializes use of the
    # one connection with a lock. prepare_threshold=0 keeps it working behind pgbouncer.
    conn = Connection.connect(url, autocommit=True, prepare_threshold=0, row_factory=dict_row, connect_timeout=10)
    saver = PostgresSaver(conn)
    # A session lock, not a transaction: the migrations use CREATE INDEX CONCURRENTLY.
    conn.execute("SELECT pg_advisory_lock(%s, %s)", PG_SETUP_LOCK)
    try:
        saver.setup()
    finally:
        conn.execute("SELECT pg_advisory_unlock(%s, %s)", PG_SETUP_LOCK)
    return saver
