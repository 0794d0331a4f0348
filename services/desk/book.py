"""The desk's book in the state store (SQLite or PostgreSQL through `StateStore.transaction()`):
quotes and their decisions, positions, exposure per side and per game, and the calculation log.

Exposure is the desk's worst-case loss: for each open position, what it pays if the bettor wins
(amount x (odds - 1)), summed per side (game + market + side) and per game without netting
(conservative). `book_position` checks the limits and inserts in ONE transaction, with the game
locked (SQLite: BEGIN IMMEDIATE; PostgreSQL: an advisory lock per game), so concurrent accepts
never breach a limit. `game_lock(game_id)` opens that transaction for a caller that writes the
quote, its status and its position together (every write method here joins it).

Rows carry wall-clock nanoseconds (`booked_ns`, `settled_ns`, `logged_ns`) so the audit can
re-derive the exposure the book held when a calculation was logged (services/desk/audit.py).
"""
from __future__ import annotations

import datetime as dt
import json
import time
import uuid
from contextlib import contextmanager
from typing import Any, Iterator

from services.league import season_games
from services.desk.calc import TOL, liability
from services.desk.models import DeskLimits
from services.markets.settle import payout, settle
from services.store.connections import PG_LOCK_SPACE
from services.store.state import StateStore

_COLS = {
    "desk_quotes": "quote_id TEXT PRIMARY KEY, game_id TEXT NOT NULL, at TEXT NOT NULL, status TEXT NOT NULL,"
                   " request TEXT NOT NULL, decision TEXT NOT NULL, record TEXT NOT NULL",
    "desk_positions": "position_id TEXT PRIMARY KEY, quote_id TEXT NOT NULL UNIQUE, game_id TEXT NOT NULL,"
                      " market TEXT NOT NULL, side TEXT NOT NULL, line DOUBLE PRECISION, odds DOUBLE PRECISION NOT NULL,"
                      " amount DOUBLE PRECISION NOT NULL, liability DOUBLE PRECISION NOT NULL, side_key TEXT NOT NULL,"
                      " booked_at TEXT NOT NULL, outcome TEXT, pnl DOUBLE PRECISION, booked_ns BIGINT, settled_ns BIGINT",
    "desk_calcs": "calc_id TEXT PRIMARY KEY, quote_id TEXT, tool TEXT NOT NULL, inputs TEXT NOT NULL,"
                  " outputs TEXT NOT NULL, at TEXT NOT NULL, verified INTEGER NOT NULL DEFAULT 0,"
                  " verified_by TEXT, verified_at TEXT, logged_ns BIGINT",
    "desk_meta": "key TEXT PRIMARY KEY, value TEXT NOT NULL",
    # idempotency keys of quote and accept requests (services/desk/idempotency.py)
    "desk_requests": "key TEXT PRIMARY KEY, kind TEXT NOT NULL, fingerprint TEXT NOT NULL, state TEXT NOT NULL,"
                     " result TEXT, claimed_by TEXT NOT NULL, claimed_wall DOUBLE PRECISION NOT NULL,"
                     " done_wall DOUBLE PRECISION",
}
# columns added after the first release: (table, column, type), added to an older store on open
_ADDED = [("desk_positions", "booked_ns", "BIGINT"), ("desk_positions", "settled_ns", "BIGINT"),
          ("desk_calcs", "logged_ns", "BIGINT")]
POSITION_COLS = ["position_id", "quote_id", "game_id", "market", "side", "line", "odds", "amount", "liability",
                 "side_key", "booked_at", "outcome", "pnl", "booked_ns", "settled_ns"]
CALC_COLS = ["calc_id", "quote_id", "tool", "inputs", "outputs", "at", "verified", "verified_by", "verified_at",
             "logged_ns"]
QUOTE_COLS = ["quote_id", "game_id", "at", "status", "request", "decision", "record"]


class LimitBreach(Exception):
    """Booking this bet would take the desk over a limit."""


class AlreadyBooked(Exception):
    """The quote was booked already."""


def side_key(game_id: str, market: str, side: str) -> str:
    return f"{game_id}:{market}:{side}"


def new_id(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:12]}"


class DeskBook:
    """The desk's tables over one StateStore."""

    def __init__(self, store: StateStore):
        self.store = store
        self._order = "seq" if store.is_pg else "rowid"
        with store.transaction() as cur:
            if store.is_pg:
                cur.execute("SELECT pg_advisory_xact_lock(?, 1)", (PG_LOCK_SPACE,))
            for table, cols in _COLS.items():
                seq = "seq BIGINT GENERATED ALWAYS AS IDENTITY, " if store.is_pg else ""
                cur.execute(f"CREATE TABLE IF NOT EXISTS {table} ({seq}{cols})")
            for table, col, typ in _ADDED:
                if store.is_pg:
                    cur.execute(f"ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {col} {typ}")
                else:
                    cur.execute(f"PRAGMA table_info({table})")
                    if col not in {r[1] for r in cur.fetchall()}:
                        cur.execute(f"ALTER TABLE {table} ADD COLUMN {col} {typ}")

    @contextmanager
    def game_lock(self, game_id: str) -> Iterator[Any]:
        """One write transaction with the game locked: every write of this book made inside joins it,
        so a quote, its status and its position commit together or not at all."""
        with self.store.transaction() as cur:
            if self.store.is_pg:
                cur.execute("SELECT pg_advisory_xact_lock(?, hashtext(?))", (PG_LOCK_SPACE, "desk:" + game_id))
            yield cur

    # --- quotes ---------------------------------------------------------------------------
    def save_quote(self, quote_id: str, game_id: str, at: dt.datetime, status: str, request: dict,
                   decision: dict, record: dict) -> None:
        with self.store.transaction() as cur:
            cur.execute("INSERT INTO desk_quotes (quote_id, game_id, at, status, request, decision, record)"
                        " VALUES (?,?,?,?,?,?,?)", (quote_id, game_id, at.isoformat(), status, _j(request),
                                                    _j(decision), _j(record)))

    def set_status(self, quote_id: str, status: str, **record_updates: Any) -> None:
        with self.store.transaction() as cur:
            q = self.quote(quote_id)  # read inside the transaction: the caller's lock covers it
            if q is None:
                raise KeyError(f"no quote with id {quote_id!r}")
            cur.execute("UPDATE desk_quotes SET status=?, record=? WHERE quote_id=?",
                        (status, _j(q["record"] | record_updates), quote_id))

    def quote(self, quote_id: str) -> dict | None:
        rows = self.store.fetch(f"SELECT {', '.join(QUOTE_COLS)} FROM desk_quotes WHERE quote_id=?", (quote_id,))
        return _quote(rows[0]) if rows else None

    def quotes(self, game_id: str | None = None, limit: int = 200) -> list[dict]:
        """Newest first."""
        where, params = (" WHERE game_id=?", (game_id,)) if game_id else ("", ())
        rows = self.store.fetch(f"SELECT {', '.join(QUOTE_COLS)} FROM desk_quotes{where}"
                                f" ORDER BY at DESC, {self._order} DESC LIMIT ?", params + (int(limit),))
        return [_quote(r) for r in rows]

    # --- positions and exposure -------------------------------------------------------------
    def exposure(self, game_id: str, market: str | None = None, side: str | None = None) -> dict:
        """Open worst-case loss on the game and (when given) on one side of one market."""
        rows = self.store.fetch("SELECT side_key, liability FROM desk_positions WHERE game_id=? AND outcome IS NULL",
                                (game_id,))
        game = round(sum(r[1] for r in rows), 2)
        key = side_key(game_id, market, side) if market and side else None
        side_total = round(sum(r[1] for r in rows if r[0] == key), 2) if key else None
        return {"game_id": game_id, "game_exposure": game, "side_exposure": side_total, "side": key}

    def total_exposure(self) -> float:
        """Open worst-case loss over every game (the reference design's `totalExposure`)."""
        rows = self.store.fetch("SELECT COALESCE(SUM(liability), 0) FROM desk_positions WHERE outcome IS NULL")
        return round(float(rows[0][0]), 2)

    def book_position(self, quote_id: str, game_id: str, market: str, side: str, line: float | None,
                      odds: float, amount: float, limits: DeskLimits, at: dt.datetime) -> dict:
        """Check both limits and book, in one transaction with the game locked."""
        loss, key = liability(amount, odds), side_key(game_id, market, side)
        with self.game_lock(game_id) as cur:
            cur.execute("SELECT 1 FROM desk_positions WHERE quote_id=?", (quote_id,))
            if cur.fetchone():
                raise AlreadyBooked(f"quote {quote_id} is booked already")
            cur.execute("SELECT COALESCE(SUM(liability), 0) FROM desk_positions WHERE side_key=? AND outcome IS NULL",
                        (key,))
            side_now = float(cur.fetchone()[0])
            cur.execute("SELECT COALESCE(SUM(liability), 0) FROM desk_positions WHERE game_id=? AND outcome IS NULL",
                        (game_id,))
            game_now = float(cur.fetchone()[0])
            if side_now + loss > limits.max_per_side + TOL:
                raise LimitBreach(f"side limit: {side_now:.2f} + {loss:.2f} > {limits.max_per_side:.2f}")
            if game_now + loss > limits.max_per_game + TOL:
                raise LimitBreach(f"game limit: {game_now:.2f} + {loss:.2f} > {limits.max_per_game:.2f}")
            pid = new_id("pos")
            cols = POSITION_COLS[:11] + ["booked_ns"]
            cur.execute(f"INSERT INTO desk_positions ({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})",
                        (pid, quote_id, game_id, market, side, line, odds, amount, loss, key, at.isoformat(),
                         time.time_ns()))
        return {"position_id": pid, "quote_id": quote_id, "liability": loss,
                "side_exposure": round(side_now + loss, 2), "game_exposure": round(game_now + loss, 2)}

    def positions(self, open_only: bool = False, game_id: str | None = None) -> list[dict]:
        sql, params = f"SELECT {', '.join(POSITION_COLS)} FROM desk_positions WHERE 1=1", ()
        if open_only:
            sql += " AND outcome IS NULL"
        if game_id:
            sql, params = sql + " AND game_id=?", (game_id,)
        return [dict(zip(POSITION_COLS, r, strict=True)) for r in self.store.fetch(sql + f" ORDER BY {self._order}", params)]

    def settle_through(self, through: dt.date) -> list[dict]:
        """Grade every open position on a game dated on or before `through` on the real final;
        the desk's P&L is minus the bettor's profit."""
        done = []
        for p in self.positions(open_only=True):
            if season_games.get_game(p["game_id"]).date > through:
                continue
            outcome = settle(p["game_id"], p["market"], p["side"], p["line"])
            pnl = -payout(outcome, p["amount"], p["odds"])
            with self.store.transaction() as cur:
                cur.execute("UPDATE desk_positions SET outcome=?, pnl=?, settled_ns=? WHERE position_id=?"
                            " AND outcome IS NULL", (outcome, pnl, time.time_ns(), p["position_id"]))
            done.append(p | {"outcome": outcome, "pnl": pnl})
        return done

    # --- calculation log ----------------------------------------------------------------------
    def log_calc(self, tool: str, inputs: dict, outputs: dict, quote_id: str | None, at: dt.datetime) -> str:
        cid = new_id("calc")
        with self.store.transaction() as cur:
            cur.execute("INSERT INTO desk_calcs (calc_id, quote_id, tool, inputs, outputs, at, logged_ns)"
                        " VALUES (?,?,?,?,?,?,?)", (cid, quote_id, tool, _j(inputs), _j(outputs), at.isoformat(),
                                                    time.time_ns()))
        return cid

    def calcs(self, tool: str | None = None, verified: bool | None = None, quote_id: str | None = None,
              limit: int = 500) -> list[dict]:
        """Newest first."""
        sql, params = f"SELECT {', '.join(CALC_COLS)} FROM desk_calcs WHERE 1=1", ()
        if tool:
            sql, params = sql + " AND tool=?", params + (tool,)
        if verified is not None:
            sql, params = sql + " AND verified=?", params + (int(verified),)
        if quote_id:
            sql, params = sql + " AND quote_id=?", params + (quote_id,)
        rows = self.store.fetch(sql + f" ORDER BY {self._order} DESC LIMIT ?", params + (int(limit),))
        out = []
        for r in rows:
            c = dict(zip(CALC_COLS, r, strict=True))
            c["inputs"], c["outputs"], c["verified"] = json.loads(c["inputs"]), json.loads(c["outputs"]), bool(c["verified"])
            out.append(c)
        return out

    def mark_verified(self, calc_ids: list[str], by: str, at: dt.datetime) -> int:
        n = 0
        with self.store.transaction() as cur:
            for cid in calc_ids:
                cur.execute("UPDATE desk_calcs SET verified=1, verified_by=?, verified_at=? WHERE calc_id=?",
                            (by, at.isoformat(), cid))
                n += 1
        return n

    # --- small settings (the desk clock) --------------------------------------------------------
    def meta(self, key: str) -> str | None:
        rows = self.store.fetch("SELECT value FROM desk_meta WHERE key=?", (key,))
        return rows[0][0] if rows else None

    def set_meta(self, key: str, value: str) -> None:
        with self.store.transaction() as cur:
            cur.execute("INSERT INTO desk_meta (key, value) VALUES (?, ?)"
                        " ON CONFLICT (key) DO UPDATE SET value=excluded.value", (key, value))


def _j(x: Any) -> str:
    return json.dumps(x, default=str, sort_keys=True)


def _quote(row: tuple) -> dict:
    q = dict(zip(QUOTE_COLS, row, strict=True))
    for k in ("request", "decision", "record"):
        q[k] = json.loads(q[k])
    return q


def calcs_jsonl(calcs: list[dict]) -> str:
    """The calculation log as JSON Lines (one calculation per line), for the audit export."""
    return "".join(json.dumps(c, default=str, sort_keys=True) + "\n" for c in calcs)
