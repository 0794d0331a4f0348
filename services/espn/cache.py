"""In-memory read-through cache with a time-to-live per kind of ESPN data.

One cache per process (`PROCESS_CACHE`) so every `EspnLeague` built on a Streamlit rerun shares
what was already fetched. The clock is injected so tests can step past a TTL without sleeping.
Thread-safe: a short global lock guards the table and a per-key lock stops two threads from
fetching the same thing at once (the second waits and reads the first one's result).
"""
from __future__ import annotations

import threading
import time
from typing import Callable, Hashable, TypeVar

T = TypeVar("T")

# Seconds each kind stays fresh; None = forever (a finished game never changes).
TTL_SECONDS: dict[str, float | None] = {
    "roster": 45.0,          # league snapshot: rosters, lineup slots, live schedule scores
    "matchup": 45.0,         # the live box score of the current matchup
    "player_status": 15 * 60.0,  # a player card: injury status and game splits
    "free_agents": 5 * 60.0,
    "schedule": 60 * 60.0,   # NBA team schedules
    "game_log_final": None,  # game logs that end before today
}


class TTLCache:
    """`get_or_load(kind, key, loader)`: a fresh cached value, or the loader's (then stored)."""

    def __init__(self, ttls: dict[str, float | None] | None = None,
                 clock: Callable[[], float] = time.time):
        self.ttls = dict(TTL_SECONDS if ttls is None else ttls)
        self.clock = clock
        self._lock = threading.Lock()
        self._entries: dict[tuple[str, Hashable], tuple[float, object]] = {}
        self._key_locks: dict[tuple[str, Hashable], threading.Lock] = {}

    def _fresh(self, kind: str, stored_at: float) -> bool:
        if kind not in self.ttls:
            raise KeyError(f"unknown cache kind {kind!r}")
        ttl = self.ttls[kind]
        return ttl is None or self.clock() - stored_at < ttl

    def get(self, kind: str, key: Hashable) -> object | None:
        """The fresh value, or None (expired entries are dropped)."""
        with self._lock:
            hit = self._entries.get((kind, key))
            if hit is None:
                return None
            if self._fresh(kind, hit[0]):
                return hit[1]
            del self._entries[(kind, key)]
            return None

    def put(self, kind: str, key: Hashable, value: object) -> None:
        self._fresh(kind, 0.0)  # validates the kind
        with self._lock:
            self._entries[(kind, key)] = (self.clock(), value)

    def get_or_load(self, kind: str, key: Hashable, loader: Callable[[], T]) -> T:
        value = self.get(kind, key)
        if value is not None:
            return value  # type: ignore[return-value]
        with self._lock:
            key_lock = self._key_locks.setdefault((kind, key), threading.Lock())
        with key_lock:
            value = self.get(kind, key)  # another thread may have loaded it meanwhile
            if value is not None:
                return value  # type: ignore[return-value]
            value = loader()
            self.put(kind, key, value)
            return value

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)


PROCESS_CACHE = TTLCache()
