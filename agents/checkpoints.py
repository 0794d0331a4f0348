"""The checkpointer: SQLite under COURTSIDE_HOME by default, PostgreSQL when a URL is set."""
from __future__ import annotations

import sqlite3

from services.config import courtside_home, get_settings


def build_checkpointer():
    url = get_settings().state_url
    if url and url.startswith("postgres"):
        from langgraph.checkpoint.postgres import PostgresSaver  # optional extra
        from psycopg import Connection

        conn = Connection.connect(url, autocommit=True, prepare_threshold=0)
        saver = PostgresSaver(conn)
        saver.setup()
        return saver
    from langgraph.checkpoint.sqlite import SqliteSaver

    conn = sqlite3.connect(str(courtside_home() / "checkpoints.sqlite"), check_same_thread=False, timeout=30)
    conn.execute("PRAGMA journal_mode=WAL")
    return SqliteSaver(conn)
