"""The read-only DuckDB analytics store: one connection per process, a cursor per thread."""
from __future__ import annotations

import threading
from pathlib import Path

import duckdb

from services.store.build import ensure_built

_lock = threading.RLock()
_con: duckdb.DuckDBPyConnection | None = None
_con_path: Path | None = None
_local = threading.local()


def connection() -> duckdb.DuckDBPyConnection:
    """The process's read-only connection (built on first use, reopened when COURTSIDE_HOME moves).

    Checked and opened under one lock: two threads meeting a moved home at once used to both
    close the old connection, the second closing the one the first had just opened."""
    global _con, _con_path
    from services.store.build import db_path

    current = db_path()
    with _lock:
        if _con is not None and _con_path == current:
            return _con
        path = ensure_built()
        if _con is not None:
            _con.close()
        _con, _con_path = None, None
        con = duckdb.connect(str(path), read_only=True)
        # DuckDB draws a progress bar on stdout for a query over 2 s (a loaded machine): it
        # corrupted `--json` output. Cursors inherit the setting.
        con.execute("SET enable_progress_bar = false")
        _con, _con_path = con, path
        return con


def cursor() -> duckdb.DuckDBPyConnection:
    """A cursor for the calling thread (DuckDB connections are not shared across threads)."""
    con = connection()
    cur = getattr(_local, "cursor", None)
    if cur is None or getattr(_local, "owner", None) is not con:
        cur = con.cursor()
        _local.cursor, _local.owner = cur, con
    return cur


def query(sql: str, params: list | None = None) -> list[tuple]:
    return cursor().execute(sql, params or []).fetchall()


def close() -> None:
    global _con, _con_path
    with _lock:
        if _con is not None:
            _con.close()
        _con, _con_path = None, None
