"""The ranges every number, date and time a user types must be in, in one place: the CLIs'
argument parsers (`services.cli`, `agents.desk.cli`) and the HTTP API's request models (`api.models`)
check them through this module, so a value one refuses the other refuses with the same words.

- a date or a time: years 1900-2100 (a time's year read before any time-zone shift, so year 9999
  with an offset never overflows);
- a number: finite (no nan, no inf, no float overflow to inf).

The `Day`, `Moment` and `Finite` types carry the same rules for pydantic models.
"""
from __future__ import annotations

import datetime as dt
import math
from typing import Annotated

from pydantic import AfterValidator, Field

YEAR_MIN, YEAR_MAX = 1900, 2100


def date_problem(day: dt.date) -> str | None:
    """Why `day` is not a date Courtside takes (None: it is)."""
    if not YEAR_MIN <= day.year <= YEAR_MAX:
        return f"the date {day.isoformat()} is outside {YEAR_MIN}-{YEAR_MAX}"
    return None


def time_problem(t: dt.datetime) -> str | None:
    """Why `t` is not a time Courtside takes (None: it is). The wall year is read first: a time
    zone's shift of a year-9999 time would overflow."""
    if not YEAR_MIN <= t.year <= YEAR_MAX:
        return f"the time {t.isoformat()[:40]} is outside {YEAR_MIN}-{YEAR_MAX}"
    return None


def number_problem(x: float) -> str | None:
    """Why `x` is not a number Courtside takes (None: it is)."""
    if not math.isfinite(x):
        return f"must be a finite number, not {x}"
    return None


def aware(t: dt.datetime) -> dt.datetime:
    """A time with its zone (a naive one is UTC), as the desk reads every time."""
    return t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)


def _day(day: dt.date) -> dt.date:
    if (problem := date_problem(day)) is not None:
        raise ValueError(problem)
    return day


def _moment(t: dt.datetime) -> dt.datetime:
    if (problem := time_problem(t)) is not None:
        raise ValueError(problem)
    return aware(t)


Day = Annotated[dt.date, AfterValidator(_day)]
Moment = Annotated[dt.datetime, AfterValidator(_moment)]  # in range, and zone-aware (naive: UTC)
Finite = Annotated[float, Field(allow_inf_nan=False)]
