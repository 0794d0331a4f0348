"""The desk clock: a running clock anchored in the state store (desk time + the wall time it was
set), so a counter's TTL counts down in real seconds across pages and CLI calls. The demo control
moves it (labelled simulated). The wall clock is injectable for tests.

It is the time of day of the one league clock (issue #21, defect 4): the session's league date
(the as-of date every page, the chat and the signals pod read) is the day; `on_league_day` keeps
the desk on that day (the desk's noon when it stood on another), and a desk step that crosses
midnight moves the league date (`league_day_of`), so the desk, the chat and the pod never
disagree on the date.
"""
from __future__ import annotations

import datetime as dt
import time
from typing import Callable

from services.desk.book import DeskBook

UTC = dt.timezone.utc
ET = dt.timezone(dt.timedelta(hours=-5))  # the desk's day is the US Eastern (standard time) date
NOON_ET = dt.time(17, 0)  # in UTC


def league_noon(day: dt.date) -> dt.datetime:
    """Noon ET of a league day, as an aware UTC time: where the desk stands on a new day."""
    return dt.datetime.combine(day, NOON_ET, tzinfo=UTC)


DEFAULT_DESK_TIME = league_noon(dt.date(2025, 1, 29))  # the demo's as-of date


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


def league_day_of(at: dt.datetime) -> dt.date:
    """The league date a desk time falls on (its US Eastern date)."""
    return at.astimezone(ET).date()


def on_league_day(clock: DeskClock, day: dt.date) -> dt.datetime:
    """The desk time on the league's day: the running desk clock while it stands on that day,
    else the day's noon ET (the desk clock is moved there, so every reader agrees). Records the day
    the desk was last put on (`aligned_day`)."""
    now = clock.now()
    if clock.book.meta("clock_league_day") != day.isoformat():
        clock.book.set_meta("clock_league_day", day.isoformat())
    return now if league_day_of(now) == day else clock.set(league_noon(day))


def aligned_day(clock: DeskClock) -> dt.date | None:
    """The league day the desk was last put on (None before the first time)."""
    day = clock.book.meta("clock_league_day")
    return dt.date.fromisoformat(day) if day else None
