"""Idempotency keys for the desk's quote and accept requests: a retry with the same key returns the
first outcome instead of booking again.

A key is claimed (`pending`) before the work starts and finished (`done`, with the result) in the
SAME transaction that books the outcome, so a crash before that commit leaves nothing booked and
the key claimed by a dead process: the next retry takes the claim over (same host and the claimer
is gone, or the claim is older than `STALE_AFTER_S`) and does the work once. A concurrent retry
waits for the first one's outcome. A key reused for a different request is refused.
"""
from __future__ import annotations

import hashlib
import json
import os
import socket
import threading
import time
from typing import Any

from services.desk.book import DeskBook
from services.store.holders import holder_gone

STALE_AFTER_S = 300.0  # longer than any evaluation (8 model calls at the 20 s model timeout, and more)
WAIT_S = 120.0  # how long a concurrent retry waits for the first request's outcome
POLL_S = 0.05
MAX_KEY_CHARS = 200


class KeyConflict(ValueError):
    """The key was used for a different request."""


class StillRunning(RuntimeError):
    """Another process holds the key and has not finished within the wait."""


def fingerprint(kind: str, request: Any) -> str:
    return hashlib.sha256(json.dumps([kind, request], sort_keys=True, default=str).encode()).hexdigest()


def check_key(key: str) -> str:
    if not key or not key.strip() or len(key) > MAX_KEY_CHARS or not key.isprintable():
        raise ValueError(f"an idempotency key is 1-{MAX_KEY_CHARS} printable characters")
    return key


def _me() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"


def _gone(claimed_by: str, claimed_wall: float) -> bool:
    """The claimer can no longer finish: dead on this host, or the claim is stale."""
    return time.time() - claimed_wall > STALE_AFTER_S or holder_gone(claimed_by)
    return False


def claim_once(book: DeskBook, key: str, kind: str, fp: str | None) -> tuple[str, dict | None]:
    """One attempt, in one transaction: ("claimed", None) when this call owns the key now,
    ("done", result) when it was finished, ("pending", None) when another live request holds it.
    `fp` None: any request may wait on the key (the accept's fresh evaluation)."""
    with book.store.transaction() as cur:
        cur.execute("INSERT INTO desk_requests (key, kind, fingerprint, state, claimed_by, claimed_wall)"
                    " VALUES (?,?,?,?,?,?) ON CONFLICT (key) DO NOTHING",
                    (key, kind, fp or "", "pending", _me(), time.time()))
        cur.execute("SELECT kind, fingerprint, state, result, claimed_by, claimed_wall FROM desk_requests"
                    " WHERE key=?" + (" FOR UPDATE" if book.store.is_pg else ""), (key,))
        r_kind, r_fp, state, result, by, wall = cur.fetchone()
        if fp is not None and (r_kind, r_fp) != (kind, fp):
            raise KeyConflict(f"idempotency key {key[:60]!r} was used for a different {r_kind} request")
        if state == "done":
            return "done", json.loads(result)
        if by == _me():
            return "claimed", None
        if _gone(by, wall):
            cur.execute("UPDATE desk_requests SET claimed_by=?, claimed_wall=? WHERE key=?", (_me(), time.time(), key))
            return "claimed", None
        return "pending", None


def claim(book: DeskBook, key: str, kind: str, fp: str | None, wait_s: float = WAIT_S) -> dict | None:
    """None when this request owns the key (do the work, then `finish` in the booking transaction);
    the first outcome when the key was finished. Waits while another live request holds it."""
    deadline = time.monotonic() + wait_s
    while True:
        state, result = claim_once(book, key, kind, fp)
        if state == "done":
            return result
        if state == "claimed":
            return None
        if time.monotonic() > deadline:
            raise StillRunning(f"another request with key {key[:60]!r} is still running; retry with the same key "
                               f"to get its outcome")
        time.sleep(POLL_S)


def finish(book: DeskBook, key: str, result: dict) -> None:
    """Records the outcome (call inside the transaction that books it)."""
    with book.store.transaction() as cur:
        cur.execute("UPDATE desk_requests SET state='done', result=?, done_wall=? WHERE key=?",
                    (json.dumps(result, default=str, sort_keys=True), time.time(), key))


def release(book: DeskBook, key: str) -> None:
    """Gives a claim back after a failure that booked nothing (bad input, a closed market), so a
    corrected retry is not refused; a finished key is kept."""
    with book.store.transaction() as cur:
        cur.execute("DELETE FROM desk_requests WHERE key=? AND state='pending' AND claimed_by=?", (key, _me()))
