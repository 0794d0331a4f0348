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


class Database:
    """A read-only analytics database in the demo's schema: the process's own (`DEMO`, the file
    `build` makes under COURTSIDE_HOME) or another file (an ESPN league's box-score history,
    services/espn/history.py). A `Snapshot` reads one and keeps it (`snapshot.db`), so whatever
    reads the snapshot's tables later (priors, weeks, names) reads the same database."""

    def __init__(self, path: Path | None = None, key: str | None = None):
        self.path, self._key = path, key
        self._local = threading.local()
        self._con: duckdb.DuckDBPyConnection | None = None
        self._lock = threading.Lock()

    @property
    def key(self) -> str:
        """What the database holds (caches of its tables key on this)."""
        if self.path is None:
            from services.league.snapshot_cache import content_key

            return content_key()
        return self._key or str(self.path)

    def query(self, sql: str, params: list | None = None) -> list[tuple]:
        if self.path is None:
            return query(sql, params)
        with self._lock:
            if self._con is None:
                con = duckdb.connect(str(self.path), read_only=True)
                con.execute("SET enable_progress_bar = false")
                self._con = con
        cur = getattr(self._local, "cursor", None)
        if cur is None:
            cur = self._local.cursor = self._con.cursor()
        return cur.execute(sql, params or []).fetchall()

    def has_table(self, name: str) -> bool:
        return bool(self.query("SELECT 1 FROM information_schema.tables WHERE table_name = ?", [name]))

    def close(self) -> None:
        with self._lock:
            if self._con is not None:
                self._con.close()
            self._con = None
            self._local = threading.local()

    def __reduce__(self):  # a pickled snapshot (the disk cache) keeps the process's own database by name
        if self.path is None:
            return (_demo, ())
        return (Database, (self.path, self._key))

    def __repr__(self) -> str:
        return f"Database({self.path or 'the demo'})"


def _demo() -> Database:
    return DEMO


DEMO = Database()
