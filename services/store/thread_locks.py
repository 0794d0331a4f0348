"""One turn at a time per conversation, across threads and processes: a leased lock per thread id.

A turn reads the thread's checkpoint, runs, and writes a new one; two turns of one thread running
at once both start from the same checkpoint and the later write loses the earlier turn. The lease
lives in the state store (SQLite or PostgreSQL, the same SQL on both), so every process that
shares a `COURTSIDE_HOME` or a `COURTSIDE_STATE_URL` takes turns. The lease is short and renewed
by the holder while its turn runs, so a holder killed mid-turn frees the thread within `LEASE_S`
(at once for a waiter on the same machine, which sees that the holder's process is gone); a
waiter that cannot get the lease in time is told so (`TurnBusy`).
"""
from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
import weakref
from contextlib import contextmanager
from typing import Iterator

from services.store.holders import holder_gone
from services.models import ServiceError
from services.store.guard import store_errors
from services.store.state import StateStore

log = logging.getLogger(__name__)

SCHEMA = """CREATE TABLE IF NOT EXISTS thread_locks (
    thread_id TEXT PRIMARY KEY, holder TEXT NOT NULL, expires_at DOUBLE PRECISION NOT NULL)"""
LEASE_S = 30.0  # renewed every LEASE_S / 3 while the turn runs: a live holder keeps it
_ready: weakref.WeakSet[StateStore] = weakref.WeakSet()


class TurnBusy(ServiceError):
    """Another turn of this conversation held the lock for longer than the caller would wait."""


def _store(store: StateStore) -> StateStore:
    if store not in _ready:
        with store.transaction() as cur:
            cur.execute(SCHEMA)
        _ready.add(store)
    return store


def new_holder() -> str:
    """host:pid:random: unique, and tells a waiter on the same host which process holds the lease."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:12]}"


    return False


def try_acquire(store: StateStore, thread_id: str, holder: str, lease_s: float = LEASE_S) -> bool:
    """Takes the lease when it is free, expired, or held by a dead process of this host; True when
    `holder` holds it now."""
    now = time.time()
    with _store(store).transaction() as cur:
        cur.execute("SELECT holder FROM thread_locks WHERE thread_id=?", (thread_id,))
        row = cur.fetchone()
        dead = row[0] if row and holder_gone(row[0]) else ""
        cur.execute("INSERT INTO thread_locks (thread_id, holder, expires_at) VALUES (?,?,?)"
                    " ON CONFLICT (thread_id) DO UPDATE SET holder=excluded.holder, expires_at=excluded.expires_at"
                    " WHERE thread_locks.expires_at < ? OR thread_locks.holder = ?",
                    (thread_id, holder, now + lease_s, now, dead))
        cur.execute("SELECT holder FROM thread_locks WHERE thread_id=?", (thread_id,))
        row = cur.fetchone()
    return bool(row) and row[0] == holder


def renew(store: StateStore, thread_id: str, holder: str, lease_s: float = LEASE_S) -> bool:
    """Extends the holder's lease; False when it is no longer the holder's."""
    with _store(store).transaction() as cur:
        cur.execute("UPDATE thread_locks SET expires_at=? WHERE thread_id=? AND holder=?",
                    (time.time() + lease_s, thread_id, holder))
        return cur.rowcount == 1


def release(store: StateStore, thread_id: str, holder: str) -> None:
    """Gives the lease back (only the holder's own: an expired lease taken over stays the new holder's)."""
    with _store(store).transaction() as cur:
        cur.execute("DELETE FROM thread_locks WHERE thread_id=? AND holder=?", (thread_id, holder))


def holder_of(store: StateStore, thread_id: str) -> str | None:
    rows = _store(store).fetch("SELECT holder, expires_at FROM thread_locks WHERE thread_id=?", (thread_id,))
    return rows[0][0] if rows and rows[0][1] >= time.time() else None


def acquire(store: StateStore, thread_id: str, wait_s: float, lease_s: float = LEASE_S) -> str:
    """Takes the thread's lease, waiting up to `wait_s` for the turn before it; returns the holder
    id to `release` with. Raises `TurnBusy` (having taken nothing) when that turn does not end in time."""
    holder = new_holder()
    deadline, delay = time.monotonic() + wait_s, 0.01
    while not try_acquire(store, thread_id, holder, lease_s):
        if time.monotonic() >= deadline:
            raise TurnBusy(f"Another turn of this conversation is still running after {wait_s:g} s; "
                           "nothing was sent. Try again when it has finished.")
        time.sleep(min(delay, max(deadline - time.monotonic(), 0.0)))
        delay = min(delay * 2, 0.2)
    return holder


class Held:
    """A taken lease, renewed in the background until `release()`."""

    def __init__(self, store: StateStore, thread_id: str, holder: str, lease_s: float = LEASE_S):
        self.store, self.thread_id, self.holder, self.lease_s = store, thread_id, holder, lease_s
        self._stop = threading.Event()
        self._renewer = threading.Thread(target=self._renew, name=f"lease-{thread_id[:12]}", daemon=True)
        self._renewer.start()

    def _renew(self) -> None:
        while not self._stop.wait(self.lease_s / 3):
            try:
                if not renew(self.store, self.thread_id, self.holder, self.lease_s):
                    return
            except store_errors() as e:  # a busy store: the next round tries again
                log.info("lease renewal of %s failed (%s); trying again", self.thread_id, e)
                continue

    def release(self) -> None:
        self._stop.set()
        release(self.store, self.thread_id, self.holder)


def hold(store: StateStore, thread_id: str, wait_s: float, lease_s: float = LEASE_S) -> Held:
    """`acquire`, then keep the lease renewed until `Held.release()`."""
    return Held(store, thread_id, acquire(store, thread_id, wait_s, lease_s), lease_s)


@contextmanager
def turn_lock(store: StateStore, thread_id: str, wait_s: float, lease_s: float = LEASE_S) -> Iterator[str]:
    """The thread's lease for the block (renewed while it runs), released after it."""
    held = hold(store, thread_id, wait_s, lease_s)
    try:
        yield held.holder
    finally:
        held.release()
