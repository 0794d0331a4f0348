"""One connection per thread to the state database, SQLite or PostgreSQL, and its transactions.

`StoreConnections` is what `services.store.state.StateStore` stands on: a connection per thread
(kept while the thread lives; a SQLite file replaced under its path by a restore is reopened before
the next transaction or read), `transaction()` (SQLite: BEGIN IMMEDIATE; nested calls join the outer
one, on PostgreSQL as a savepoint), `fetch`, and one SQL text for both databases (`?` placeholders,
rewritten for psycopg). Also the PostgreSQL URL's check at start and its redaction for messages.
"""
from __future__ import annotations

import sqlite3
import threading
import weakref
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from services.config import courtside_home, get_settings

# The first key of every advisory lock this store takes (the second is 0 for the schema, or
# the hash of a league id), so they cannot collide with an application's one-key locks.
PG_LOCK_SPACE = 0x43_53  # "CS"

PG_CONNECT_TIMEOUT_S = 10


def _file_identity(path: Path) -> tuple[int, int] | None:
    """Which file is at `path` (device and inode; None when there is none)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return st.st_dev, st.st_ino


def pg_placeholders(sql: str) -> str:
    """`?` placeholders to psycopg's `%s`; a literal `%` is doubled, `?` inside quotes is kept."""
    parts = sql.split("'")  # even parts are outside string literals ('' toggles twice)
    return "'".join(p.replace("%", "%%").replace("?", "%s") if i % 2 == 0 else p.replace("%", "%%")
                    for i, p in enumerate(parts))


class StoreConnections:
    """The state database's connections: one per thread (kept while the thread lives); every write
    runs in `transaction()`, and a read made inside one (by a `check`) joins it instead of committing it.
    """

    def __init__(self, url: str | None = None):
        self.url = url or get_settings().state_url
        self.is_pg = bool(self.url and self.url.startswith("postgres"))
        self.path: Path | None = None if self.is_pg else courtside_home() / "state.sqlite"
        self._seq = "seq" if self.is_pg else "rowid"
        self._local = threading.local()
        self._cons: weakref.WeakKeyDictionary[threading.Thread, Any] = weakref.WeakKeyDictionary()
        self._cons_lock = threading.Lock()

    # --- connections and transactions ---------------------------------------------------
    def _connect(self):
        if self.is_pg:
            import psycopg  # optional: only when a PostgreSQL URL is configured

            # Autocommit outside `transaction()`, so a read never leaves a transaction open.
            return psycopg.connect(self.url, autocommit=True, connect_timeout=PG_CONNECT_TIMEOUT_S)
        wait_s = get_settings().store_busy_timeout_s  # a locked store fails after this, with a message
        con = sqlite3.connect(str(self.path), timeout=wait_s, isolation_level=None, check_same_thread=False)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute(f"PRAGMA busy_timeout={int(wait_s * 1000)}")
        return con

    def _con(self):
        thread = threading.current_thread()
        with self._cons_lock:
            con = self._cons.get(thread)
        if con is None or (self.is_pg and con.closed):
            self._local.file = None if self.is_pg else _file_identity(self.path)  # read before the open
            con = self._connect()
            with self._cons_lock:
                self._cons[thread] = con
        return con

    def _current_con(self):
        """This thread's connection, reopened first when the file under the path is another one than
        it opened (a restore that had to rename a damaged file aside): checked before each
        transaction and each read, so nothing is ever read from or written to a replaced file."""
        con = self._con()
        if not self.is_pg and getattr(self._local, "file", None) != _file_identity(self.path):
            with self._cons_lock:
                self._cons.pop(threading.current_thread(), None)
            con.close()
            con = self._con()
        return con

    def close(self) -> None:
        """Closes every thread's connection (call when no thread is using the store)."""
        with self._cons_lock:
            cons, self._cons = list(self._cons.values()), weakref.WeakKeyDictionary()
        for con in cons:
            con.close()

    def _sql(self, sql: str) -> str:
        return pg_placeholders(sql) if self.is_pg else sql

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """A write transaction (SQLite: BEGIN IMMEDIATE); nested calls join the outer one."""
        nested = bool(getattr(self._local, "depth", 0))
        con = self._con() if nested else self._current_con()
        if nested:
            if self.is_pg:  # a savepoint: a failed statement inside (a unique violation) spares the outer one
                with con.transaction(), con.cursor() as cur:
                    yield _Cursor(cur, self._sql)
                return
            yield _Cursor(con.cursor(), self._sql)
            return
        self._local.depth = 1
        try:
            if self.is_pg:
                with con.transaction(), con.cursor() as cur:
                    yield _Cursor(cur, self._sql)
                return
            cur = con.cursor()
            cur.execute("BEGIN IMMEDIATE")
            try:
                yield _Cursor(cur, self._sql)
                cur.execute("COMMIT")
            except BaseException:
                cur.execute("ROLLBACK")
                raise
        finally:
            self._local.depth = 0

    def fetch(self, sql: str, params: tuple = ()) -> list[tuple]:
        cur = (self._con() if getattr(self._local, "depth", 0) else self._current_con()).cursor()
        try:
            cur.execute(self._sql(sql), params)
            return cur.fetchall()
        finally:
            cur.close()

    def _unique_violation(self) -> tuple[type[BaseException], ...]:
        if self.is_pg:
            from psycopg.errors import UniqueViolation

            return (UniqueViolation,)
        return (sqlite3.IntegrityError,)


class _Cursor:
    """Rewrites placeholders for PostgreSQL so one SQL text serves both stores."""

    def __init__(self, cur, rewrite):
        self._cur, self._rewrite = cur, rewrite

    def execute(self, sql: str, params: tuple = ()):
        return self._cur.execute(self._rewrite(sql), params)

    def fetchone(self):
        return self._cur.fetchone()

    def fetchall(self):
        return self._cur.fetchall()

    @property
    def rowcount(self) -> int:
        return self._cur.rowcount


def redact_url(url: str) -> str:
    """The URL without its password, for messages."""
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


def check_state_url(timeout_s: float = 5) -> None:
    """At start: a configured PostgreSQL must answer, else one line naming it (password hidden)."""
    from services.config import SettingsError

    url = get_settings().state_url
    if not url:
        return
    try:
        import psycopg
    except ImportError:
        raise SettingsError("COURTSIDE_STATE_URL is set but psycopg is not installed "
                            "(pip install courtside[postgres]).") from None
    try:
        psycopg.connect(url, connect_timeout=timeout_s).close()
    except psycopg.Error as e:
        first = str(e).strip().splitlines()[0].strip() if str(e).strip() else type(e).__name__
        raise SettingsError(f"COURTSIDE_STATE_URL={redact_url(url)[:200]!r} cannot be reached ({first[:160]}). "
                            f"Start that PostgreSQL or fix the URL; unset it to use SQLite.") from None

