"""The checkpointer: SQLite under COURTSIDE_HOME by default, PostgreSQL when a URL is set.

A new checkpointer over the same store sees every earlier thread, so an interrupt (a pending
approval card) survives a restart of the process.
"""
from __future__ import annotations

import sqlite3

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
    store_guard.check(path, "checkpoint store")  # damaged or emptied: one line, the file untouched
    wait_s = get_settings().store_busy_timeout_s
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=wait_s)
    conn.execute("PRAGMA journal_mode=WAL")
    store_guard.mark_used(path)
    return SqliteSaver(conn)


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
