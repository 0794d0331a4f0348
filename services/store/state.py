"""The writable state store: roster moves, approvals and the audit trail.

SQLite in WAL mode under COURTSIDE_HOME by default (several processes may write), PostgreSQL
when `COURTSIDE_STATE_URL` is a postgres URL (psycopg is imported only then: `pip install
courtside[postgres]`). A move is keyed by `move_id` with a unique constraint, and moves of a
league are applied one at a time, so the same card is applied once only, across threads and
processes, and a `check` sees every move committed before it.
"""
from __future__ import annotations

import datetime as dt
import json
import threading
from typing import Callable

from services.config import courtside_home, get_settings
from services.store.connections import PG_LOCK_SPACE, StoreConnections
from services.store.state_schema import (CARD_SETS_SQL, PG_SCHEMA, SET_COLUMNS, SQLITE_SCHEMA,  # noqa: F401
                                         SQLITE_SCHEMA_VERSION)  # the tables (re-exported)

MOVE_COLUMNS = ["move_id", "team_id", "drop_id", "add_id", "as_of", "applied_at", "actor", "card"]
DECISION_COLUMNS = ["move_id", "thread_id", "decision", "outcome", "reason", "actor", "decided_at", "card"]


class MoveConflict(Exception):
    """The move was applied already, or the roster no longer allows it."""


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


class StateStore(StoreConnections):
    """A small facade over SQLite (default) or PostgreSQL.

    One connection per thread (kept while the thread lives); every write runs in `transaction()`,
    and a read made inside one (by a `check`) joins it instead of committing it (the connections and
    transactions: services/store/connections.py).
    """

    def __init__(self, url: str | None = None):
        super().__init__(url)
        if not self.is_pg:
            self._open_sqlite()
            return
        with self.transaction() as cur:  # two processes creating the tables at once would collide
            cur.execute("SELECT pg_advisory_xact_lock(?, 0)", (PG_LOCK_SPACE,))
            for stmt in PG_SCHEMA:
                cur.execute(stmt)

    def _open_sqlite(self) -> None:
        """Checks the file (damaged, or emptied after holding data: refused, never overwritten),
        then migrates the schema, writing a backup first when the file already held tables."""
        from services.store import guard as store_guard

        store_guard.check(self.path, "state store")
        con = self._con()
        version = con.execute("PRAGMA user_version").fetchone()[0]
        if version < SQLITE_SCHEMA_VERSION:
            if con.execute("SELECT count(*) FROM sqlite_master WHERE type='table'").fetchone()[0]:
                store_guard.backup(self.path, f"before-schema-{SQLITE_SCHEMA_VERSION}")
            with self.transaction() as cur:
                for stmt in SQLITE_SCHEMA:
                    cur.execute(stmt)
                cur.execute(f"PRAGMA user_version={SQLITE_SCHEMA_VERSION}")
        store_guard.mark_used(self.path)

    # --- roster moves -------------------------------------------------------------------
    def moves(self, league_id: str, as_of: dt.date | None = None) -> list[dict]:
        sql = f"SELECT {', '.join(MOVE_COLUMNS)} FROM roster_moves WHERE league_id=?"
        params: tuple = (league_id,)
        if as_of is not None:
            sql += " AND as_of=?"
            params += (as_of.isoformat(),)
        rows = self.fetch(f"{sql} ORDER BY applied_at, {self._seq}", params)
        out = [dict(zip(MOVE_COLUMNS, r, strict=True)) for r in rows]
        for m in out:
            m["card"] = json.loads(m["card"])
        return out

    def moves_in(self, league_prefix: str) -> list[dict]:
        """Moves of every league whose id starts with `league_prefix` (the demo league's as-of
        dates of one scoring), in the order they were applied."""
        pattern = league_prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        rows = self.fetch(f"SELECT {', '.join(MOVE_COLUMNS)} FROM roster_moves WHERE league_id LIKE ? ESCAPE '\\' "
                          f"ORDER BY applied_at, {self._seq}", (pattern,))
        out = [dict(zip(MOVE_COLUMNS, r, strict=True)) for r in rows]
        for m in out:
            m["card"] = json.loads(m["card"])
        return out

    def apply_move(self, league_id: str, team_id: int, move_id: str, drop_id: str, add_id: str,
                   as_of: dt.date, actor: str, card: dict, check=None) -> dict:
        """Records the move once; `check()` may raise MoveConflict inside the transaction.

        Moves of one league are serialized (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory
        lock per league), so `check` sees every move committed before this one.
        """
        try:
            with self.transaction() as cur:
                if self.is_pg:
                    cur.execute("SELECT pg_advisory_xact_lock(?, hashtext(?))", (PG_LOCK_SPACE, league_id))
                cur.execute("SELECT applied_at FROM roster_moves WHERE move_id=?", (move_id,))
                if cur.fetchone():
                    raise MoveConflict(f"move {move_id} was applied already")
                if check is not None:
                    check()
                cur.execute(
                    "INSERT INTO roster_moves (move_id, league_id, team_id, drop_id, add_id, as_of, applied_at,"
                    " actor, card) VALUES (?,?,?,?,?,?,?,?,?)",
                    (move_id, league_id, team_id, drop_id, add_id, as_of.isoformat(), _now(), actor,
                     json.dumps(card, default=str)),
                )
        except self._unique_violation() as e:  # the same id applied in another league meanwhile
            raise MoveConflict(f"move {move_id} was applied already") from e
        return {"move_id": move_id, "drop_id": drop_id, "add_id": add_id, "applied": True}

    def move_applied(self, move_id: str) -> bool:
        return bool(self.fetch("SELECT 1 FROM roster_moves WHERE move_id=?", (move_id,)))

    # --- card sets: one decision per set --------------------------------------------------
    def decide_set(self, set_id: str, thread_id: str, decisions: dict[str, str], summary: str, actor: str,
                   apply: Callable[[], dict[str, dict]]) -> tuple[bool, dict]:
        """Claims the set and runs `apply()` (moves, decision records) in ONE transaction.

        Returns (True, the new claim) when this call decided the set, or (False, the claim that
        decided it first) without running `apply`. A crash inside rolls the claim back with the
        moves, so a set is never claimed without its outcome, nor applied without its claim.
        """
        with self.transaction() as cur:
            if self.is_pg:  # the set's own lock: a second decider waits, then sees the claim
                cur.execute("SELECT pg_advisory_xact_lock(?, hashtext(?))", (PG_LOCK_SPACE, "set:" + set_id))
            cur.execute(f"SELECT {', '.join(SET_COLUMNS)} FROM card_sets WHERE set_id=?", (set_id,))
            row = cur.fetchone()
            if row:
                return False, _set_row(row)
            now = _now()
            cur.execute(f"INSERT INTO card_sets ({', '.join(SET_COLUMNS)}) VALUES (?,?,?,?,?,?,?)",
                        (set_id, thread_id, json.dumps(decisions, sort_keys=True), summary, "{}", actor, now))
            outcomes = apply()
            cur.execute("UPDATE card_sets SET outcomes=? WHERE set_id=?", (json.dumps(outcomes, default=str), set_id))
        return True, {"set_id": set_id, "thread_id": thread_id, "decisions": decisions, "summary": summary,
                      "outcomes": outcomes, "actor": actor, "decided_at": now}

    def card_set(self, set_id: str) -> dict | None:
        rows = self.fetch(f"SELECT {', '.join(SET_COLUMNS)} FROM card_sets WHERE set_id=?", (set_id,))
        return _set_row(rows[0]) if rows else None

    def last_set_with(self, thread_id: str, move_id: str) -> dict | None:
        """The newest decided set of this thread that offered `move_id` (None if none did)."""
        rows = self.fetch(f"SELECT {', '.join(SET_COLUMNS)} FROM card_sets WHERE thread_id=? AND outcomes LIKE ?"
                          f" ORDER BY decided_at DESC, {self._seq} DESC", (thread_id, f'%"{move_id}"%'))
        return _set_row(rows[0]) if rows else None

    # --- decisions and audit ------------------------------------------------------------
    def record_decision(self, move_id: str, thread_id: str, decision: str, outcome: str,
                        reason: str | None, actor: str, card: dict) -> None:
        with self.transaction() as cur:
            cur.execute(f"INSERT INTO decisions ({', '.join(DECISION_COLUMNS)}) VALUES (?,?,?,?,?,?,?,?)",
                        (move_id, thread_id, decision, outcome, reason, actor, _now(), json.dumps(card, default=str)))

    def decisions(self, thread_id: str | None = None) -> list[dict]:
        sql = f"SELECT {', '.join(DECISION_COLUMNS)} FROM decisions"
        rows = self.fetch(sql + (" WHERE thread_id=?" if thread_id else "") + f" ORDER BY decided_at, {self._seq}",
                          (thread_id,) if thread_id else ())
        return [dict(zip(DECISION_COLUMNS, r, strict=True)) | {"card": json.loads(r[7])} for r in rows]

    def record_turn(self, turn_id: str, thread_id: str, record: dict) -> None:
        """Records a turn once: a second record with the same id is ignored (on both backends)."""
        with self.transaction() as cur:
            cur.execute("INSERT INTO audit_turns (turn_id, thread_id, created_at, record) VALUES (?,?,?,?)"
                        " ON CONFLICT (turn_id) DO NOTHING",
                        (turn_id, thread_id, _now(), json.dumps(record, default=str)))

    def turns(self, thread_id: str | None = None, limit: int = 500, replaced: bool = False) -> list[dict]:
        """The newest turns first; a turn replaced by an edited question (`mark_replaced`) only with
        `replaced=True`."""
        sql = "SELECT turn_id, thread_id, created_at, record FROM audit_turns"
        params: tuple = ()
        if thread_id:
            sql, params = sql + " WHERE thread_id=?", (thread_id,)
        rows = self.fetch(f"{sql} ORDER BY created_at DESC, {self._seq} DESC LIMIT ?", params + (int(limit),))
        out = [{"turn_id": a, "thread_id": b, "created_at": c, **json.loads(d)} for a, b, c, d in rows]
        return out if replaced else [r for r in out if not r.get("replaced")]

    def mark_replaced(self, turn_id: str) -> None:
        """Marks a turn's record replaced (its question was edited and asked again): kept, not read
        as one of the thread's turns."""
        with self.transaction() as cur:
            cur.execute("SELECT record FROM audit_turns WHERE turn_id=?", (turn_id,))
            row = cur.fetchone()
            if row:
                record = json.loads(row[0]) | {"replaced": True}
                cur.execute("UPDATE audit_turns SET record=? WHERE turn_id=?", (json.dumps(record, default=str), turn_id))


def _set_row(row) -> dict:
    out = dict(zip(SET_COLUMNS, row, strict=True))
    out["decisions"], out["outcomes"] = json.loads(out["decisions"]), json.loads(out["outcomes"])
    return out


_stores: dict[tuple, StateStore] = {}
_stores_lock = threading.Lock()


def state_store() -> StateStore:
    """One store per process and COURTSIDE_HOME (tests move the home between cases)."""
    key = (str(courtside_home()), get_settings().state_url)
    with _stores_lock:
        if key not in _stores:
            _stores[key] = StateStore()
        return _stores[key]
