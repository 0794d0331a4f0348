"""The writable state store: roster moves, approvals and the audit trail.

SQLite in WAL mode under COURTSIDE_HOME by default (several processes may write), PostgreSQL
when `COURTSIDE_STATE_URL` is a postgres URL. A move is keyed by `move_id` with a unique
constraint, so the same card can be applied once only, across threads and processes.
"""
from __future__ import annotations

import datetime as dt
import json
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from services.config import courtside_home, get_settings

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS roster_moves (
        move_id TEXT PRIMARY KEY, league_id TEXT NOT NULL, team_id INTEGER NOT NULL,
        drop_id TEXT NOT NULL, add_id TEXT NOT NULL, as_of TEXT NOT NULL,
        applied_at TEXT NOT NULL, actor TEXT NOT NULL, card TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS decisions (
        move_id TEXT NOT NULL, thread_id TEXT NOT NULL, decision TEXT NOT NULL,
        outcome TEXT NOT NULL, reason TEXT, actor TEXT NOT NULL, decided_at TEXT NOT NULL, card TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS audit_turns (
        turn_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, created_at TEXT NOT NULL,
        record TEXT NOT NULL)""",
]


class MoveConflict(Exception):
    """The move was applied already, or the roster no longer allows it."""


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


class StateStore:
    """A small facade over SQLite (default) or PostgreSQL."""

    def __init__(self, url: str | None = None):
        self.url = url or get_settings().state_url
        self.is_pg = bool(self.url and self.url.startswith("postgres"))
        self._local = threading.local()
        self.path: Path | None = None if self.is_pg else courtside_home() / "state.sqlite"
        with self.transaction() as cur:
            for stmt in SCHEMA:
                cur.execute(stmt)

    def _connect(self):
        if self.is_pg:
            import psycopg  # optional: only when a PostgreSQL URL is configured

            return psycopg.connect(self.url, autocommit=False)
        con = sqlite3.connect(str(self.path), timeout=30, isolation_level=None, check_same_thread=False)
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA busy_timeout=30000")
        return con

    def _con(self):
        con = getattr(self._local, "con", None)
        if con is None:
            con = self._local.con = self._connect()
        return con

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.is_pg else sql

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        con = self._con()
        cur = con.cursor()
        if not self.is_pg:
            cur.execute("BEGIN IMMEDIATE")
        try:
            yield _Cursor(cur, self._sql)
            con.commit() if self.is_pg else cur.execute("COMMIT")
        except BaseException:
            con.rollback() if self.is_pg else cur.execute("ROLLBACK")
            raise

    def fetch(self, sql: str, params: tuple = ()) -> list[tuple]:
        cur = self._con().cursor()
        cur.execute(self._sql(sql), params)
        rows = cur.fetchall()
        if self.is_pg:
            self._con().commit()
        return rows

    # --- roster moves -------------------------------------------------------------------
    def moves(self, league_id: str, as_of: dt.date | None = None) -> list[dict]:
        sql = "SELECT move_id, team_id, drop_id, add_id, as_of, applied_at, actor, card FROM roster_moves WHERE league_id=?"
        params: tuple = (league_id,)
        if as_of is not None:
            sql += " AND as_of=?"
            params += (as_of.isoformat(),)
        rows = self.fetch(sql + " ORDER BY applied_at, rowid" if not self.is_pg else sql + " ORDER BY applied_at", params)
        keys = ["move_id", "team_id", "drop_id", "add_id", "as_of", "applied_at", "actor", "card"]
        out = [dict(zip(keys, r, strict=True)) for r in rows]
        for m in out:
            m["card"] = json.loads(m["card"])
        return out

    def apply_move(self, league_id: str, team_id: int, move_id: str, drop_id: str, add_id: str,
                   as_of: dt.date, actor: str, card: dict, check=None) -> dict:
        """Records the move once; `check(cur)` may raise MoveConflict inside the transaction."""
        with self.transaction() as cur:
            cur.execute("SELECT applied_at FROM roster_moves WHERE move_id=?", (move_id,))
            if cur.fetchone():
                raise MoveConflict(f"move {move_id} was applied already")
            if check is not None:
                check()
            cur.execute(
                "INSERT INTO roster_moves VALUES (?,?,?,?,?,?,?,?,?)",
                (move_id, league_id, team_id, drop_id, add_id, as_of.isoformat(), _now(), actor,
                 json.dumps(card, default=str)),
            )
        return {"move_id": move_id, "drop_id": drop_id, "add_id": add_id, "applied": True}

    def move_applied(self, move_id: str) -> bool:
        return bool(self.fetch("SELECT 1 FROM roster_moves WHERE move_id=?", (move_id,)))

    # --- decisions and audit ------------------------------------------------------------
    def record_decision(self, move_id: str, thread_id: str, decision: str, outcome: str,
                        reason: str | None, actor: str, card: dict) -> None:
        with self.transaction() as cur:
            cur.execute("INSERT INTO decisions VALUES (?,?,?,?,?,?,?,?)",
                        (move_id, thread_id, decision, outcome, reason, actor, _now(), json.dumps(card, default=str)))

    def decisions(self, thread_id: str | None = None) -> list[dict]:
        sql = "SELECT move_id, thread_id, decision, outcome, reason, actor, decided_at, card FROM decisions"
        rows = self.fetch(sql + (" WHERE thread_id=?" if thread_id else "") + " ORDER BY decided_at",
                          (thread_id,) if thread_id else ())
        keys = ["move_id", "thread_id", "decision", "outcome", "reason", "actor", "decided_at", "card"]
        return [dict(zip(keys, r, strict=True)) | {"card": json.loads(r[7])} for r in rows]

    def record_turn(self, turn_id: str, thread_id: str, record: dict) -> None:
        with self.transaction() as cur:
            cur.execute("INSERT INTO audit_turns VALUES (?,?,?,?) ON CONFLICT(turn_id) DO NOTHING",
                        (turn_id, thread_id, _now(), json.dumps(record, default=str)))

    def turns(self, thread_id: str | None = None, limit: int = 500) -> list[dict]:
        sql = "SELECT turn_id, thread_id, created_at, record FROM audit_turns"
        params: tuple = ()
        if thread_id:
            sql, params = sql + " WHERE thread_id=?", (thread_id,)
        rows = self.fetch(sql + f" ORDER BY created_at DESC LIMIT {int(limit)}", params)
        return [{"turn_id": a, "thread_id": b, "created_at": c, **json.loads(d)} for a, b, c, d in rows]


class _Cursor:
    """Rewrites placeholders for PostgreSQL so one SQL text serves both stores."""

    def __init__(self, cur, rewrite):
        self._cur, self._rewrite = cur, rewrite

    def execute(self, sql: str, params: tuple = ()):
        return self._cur.execute(self._rewrite(sql), params)

    def fetchone(self):
        return self._cur.fetchone()


_stores: dict[tuple, StateStore] = {}
_stores_lock = threading.Lock()


def state_store() -> StateStore:
    """One store per process and COURTSIDE_HOME (tests move the home between cases)."""
    key = (str(courtside_home()), get_settings().state_url)
    with _stores_lock:
        if key not in _stores:
            _stores[key] = StateStore()
        return _stores[key]
