"""A desk quote's progress record (market-maker reference design, "Progress Document Schema"):
`status` (processing, complete, error), when it started and completed, `progress[]` with one
timestamped entry per step (thinking, each tool, the guard, deciding), the `decision` and the
whole quote result. Written by the evaluation as it goes (`agents.desk.runtime.Desk.quote_tracked`),
read by `GET /api/desk/quote/{id}` (and its SSE stream) and by the Desk page, from the state store,
so any process serving the store sees the same record.
"""
from __future__ import annotations

import datetime as dt
import json
from typing import Any, Literal

from pydantic import BaseModel, Field

from services.store.state import StateStore

TABLE_SQL = ("CREATE TABLE IF NOT EXISTS desk_progress (quote_id TEXT PRIMARY KEY, status TEXT NOT NULL,"
             " started_at TEXT NOT NULL, completed_at TEXT, request TEXT NOT NULL, progress TEXT NOT NULL,"
             " decision TEXT, result TEXT, error TEXT)")
COLS = ["quote_id", "status", "started_at", "completed_at", "request", "progress", "decision", "result", "error"]


class ProgressStep(BaseModel):
    step: str  # a tool's name, "thinking", "deciding", "guard"
    message: str  # the plain step message the page shows
    ts: dt.datetime
    data: dict[str, Any] | None = None


class QuoteProgress(BaseModel):
    quote_id: str
    status: Literal["processing", "complete", "error"]
    started_at: dt.datetime
    completed_at: dt.datetime | None = None
    request: dict
    progress: list[ProgressStep] = Field(default_factory=list)
    decision: dict | None = None
    result: dict | None = None  # the QuoteResult once complete
    error: str | None = None


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat()


def ensure(store: StateStore) -> None:
    with store.transaction() as cur:
        cur.execute(TABLE_SQL)


def start(store: StateStore, quote_id: str, request: dict) -> None:
    with store.transaction() as cur:
        cur.execute("INSERT INTO desk_progress (quote_id, status, started_at, request, progress) VALUES (?,?,?,?,?)",
                    (quote_id, "processing", _now(), json.dumps(request, default=str), "[]"))


def add_step(store: StateStore, quote_id: str, step: str, message: str, data: dict | None = None) -> None:
    entry = {"step": step, "message": message, "ts": _now(), "data": data}
    with store.transaction() as cur:  # read and append under the write lock: concurrent steps keep their order
        cur.execute("SELECT progress FROM desk_progress WHERE quote_id=?", (quote_id,))
        row = cur.fetchone()
        if row is None:
            return
        cur.execute("UPDATE desk_progress SET progress=? WHERE quote_id=?",
                    (json.dumps(json.loads(row[0]) + [entry], default=str), quote_id))


def finish(store: StateStore, quote_id: str, result: dict) -> None:
    with store.transaction() as cur:
        cur.execute("UPDATE desk_progress SET status='complete', completed_at=?, decision=?, result=?, error=?"
                    " WHERE quote_id=?", (_now(), json.dumps(result.get("decision"), default=str),
                                          json.dumps(result, default=str), result.get("error"), quote_id))


def fail(store: StateStore, quote_id: str, error: str) -> None:
    with store.transaction() as cur:
        cur.execute("UPDATE desk_progress SET status='error', completed_at=?, error=? WHERE quote_id=?",
                    (_now(), error[:600], quote_id))


def get(store: StateStore, quote_id: str) -> QuoteProgress | None:
    rows = store.fetch(f"SELECT {', '.join(COLS)} FROM desk_progress WHERE quote_id=?", (quote_id,))
    if not rows:
        return None
    r = dict(zip(COLS, rows[0], strict=True))
    for k in ("request", "progress", "decision", "result"):
        r[k] = json.loads(r[k]) if r[k] is not None else None
    return QuoteProgress(**r)
