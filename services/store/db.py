"""The read-only DuckDB analytics store: one connection per process, a cursor per thread.

The file is derived data, verified on every open (services/store/db_check.py). Building it needs
the league (its season is simulated at build: services/store/build.py imports
services.league.season_tables), so the store does not import the builder: an entry point installs
it (`services.store.build.install()`: the CLIs, the app, the API, the test session), and
`connection()` then builds a missing or damaged file, saying so once. Without one installed, a
missing or damaged file is a one-line ServiceError naming `python -m services build`.
"""
from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import Callable

import duckdb

from services.config import courtside_home
from services.store.db_check import verify

SCHEMA_VERSION = 8  # 7: the demo league's season (draft, mornings, rosters per day, transactions); 8: AI managers activate_ir
DB_NAME = "courtside.duckdb"
BUILDER: Callable[[], Path] | None = None  # services.store.build.ensure_built, once an entry point installs it


def db_path() -> Path:
    return courtside_home() / DB_NAME


def ensure() -> Path:
    """The database's path, built first by the installed builder when it is missing or fails its check."""
    if BUILDER is not None:
        return BUILDER()
    path = db_path()
    problem = verify(path, SCHEMA_VERSION)
    if problem:
        from services.models import ServiceError

        raise ServiceError(f"The analytics database {path} cannot be used ({problem}); build it with "
                           "`python -m services build`.")
    return path

_lock = threading.RLock()
_con: duckdb.DuckDBPyConnection | None = None
_con_path: Path | None = None
_local = threading.local()


def connection() -> duckdb.DuckDBPyConnection:
    """The process's read-only connection (built on first use, reopened when COURTSIDE_HOME moves).

    Checked and opened under one lock: two threads meeting a moved home at once used to both
    close the old connection, the second closing the one the first had just opened."""
    global _con, _con_path
    current = db_path()
    with _lock:
        if _con is not None and _con_path == current:
            return _con
        path = ensure()
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


_FINGERPRINTS: dict[tuple, str] = {}  # (database path, its file's identity) -> its recorded fingerprint


def fingerprint(db_path: str) -> str:
    """The fingerprint the build recorded in the process's database (`meta`), read once per
    version of the file at `db_path`: a file rewritten or replaced in place (another inode, size or
    modification time) is read again, so the caches keyed by it never outlive its rows."""
    try:
        st = os.stat(db_path)
        key: tuple = (db_path, st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        key = (db_path,)
    if key not in _FINGERPRINTS:
        rows = query("SELECT value FROM meta WHERE key = 'fingerprint'")
        _FINGERPRINTS[key] = rows[0][0] if rows else ""
    return _FINGERPRINTS[key]


def forget_fingerprints() -> None:
    _FINGERPRINTS.clear()


def content_key(db_path: str | None = None) -> str:
    """A key for what the analytics database holds rather than where it lives: its fingerprint
    recorded at build (the file is verified against it on open, so its rows cannot change under
    the key), or its path when it has none. Caches of its tables keyed by this are shared by two
    copies of one database (each test's own home, a restored backup)."""
    if db_path is None:
        db_path = str(courtside_home() / DB_NAME)
    found = fingerprint(db_path)
    return "fp:" + hashlib.sha256(found.encode()).hexdigest()[:24] if found else db_path


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
