"""The desk clock: a running clock anchored in the state store (desk time + the wall time it was
set), so a counter's TTL counts down in real seconds across pages and CLI calls. The demo control
moves it (labelled simulated). The wall clock is injectable for tests.
"""
from __future__ import annotations

import datetime as dt
import time
from typing import Callable

from services.desk.book import DeskBook

UTC = dt.timezone.utc
DEFAULT_DESK_TIME = dt.datetime(2025, 1, 29, 17, 0, tzinfo=UTC)  # noon ET on the demo's as-of date


class DeskClock:
    def __init__(self, book: DeskBook, wall: Callable[[], float] = time.time):
        self.book, self.wall = book, wall

    def now(self) -> dt.datetime:
        anchor, wall_at = self.book.meta("clock_anchor"), self.book.meta("clock_wall")
        if anchor is None or wall_at is None:
            self.set(DEFAULT_DESK_TIME)
            return DEFAULT_DESK_TIME
        return dt.datetime.fromisoformat(anchor) + dt.timedelta(seconds=self.wall() - float(wall_at))

    def set(self, at: dt.datetime) -> dt.datetime:
        if at.tzinfo is None:
            raise ValueError("desk times must be timezone-aware (UTC)")
        self.book.set_meta("clock_anchor", at.astimezone(UTC).isoformat())
        self.book.set_meta("clock_wall", repr(self.wall()))
        return at

    def advance(self, seconds: float) -> dt.datetime:
        return self.set(self.now() + dt.timedelta(seconds=seconds))
