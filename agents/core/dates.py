"""Dates a question names ("Jan 30", "January 30th", "1/30", "2025-01-30", "30 Jan"), and offers of
another view ("which categories am I winning?" in a points league): what every answer path reads
the same way, so a named date is honoured or the answer says which date it used.
"""
from __future__ import annotations

import datetime as dt
import re

MONTHS = {m: i for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                      "dec"], start=1)}
_MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_PATTERNS = [
    (re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b"), lambda m: (int(m[1]), int(m[2]), int(m[3]))),
    (re.compile(rf"\b{_MONTH}\s+{_DAY}\b"), lambda m: (None, MONTHS[m[1][:3]], int(m[2]))),
    (re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH}"), lambda m: (None, MONTHS[m[2][:3]], int(m[1]))),
    (re.compile(r"\b(?:on|for)\s+(\d{1,2})/(\d{1,2})(?![\d/])"), lambda m: (None, int(m[1]), int(m[2]))),
]


def named_date(text: str, today: dt.date) -> dt.date | None:
    """The calendar date the text names, in the year that puts it nearest `today` (a season spans
    New Year); None when it names none (weekdays and "tomorrow" are the planner's)."""
    t = (text or "").lower()
    for pattern, parts in _PATTERNS:
        for m in pattern.finditer(t):
            year, month, day = parts(m)
            years = [year] if year else [today.year - 1, today.year, today.year + 1]
            options = []
            for y in years:
                try:
                    options.append(dt.date(y, month, day))
                except ValueError:
                    continue
            if options:
                return min(options, key=lambda d: abs((d - today).days))
    return None


_RANGE = [
    re.compile(rf"\b{_MONTH}\s+{_DAY}\s*(?:-|–|to|through|thru|until|till|and)\s*(?:{_MONTH}\s+)?{_DAY}\b"),
    re.compile(r"\b(\d{4}-\d{2}-\d{2})\s*(?:to|through|thru|until|till|and|-|–)\s*(\d{4}-\d{2}-\d{2})\b"),
]


def named_range(text: str, today: dt.date) -> tuple[dt.date, dt.date] | None:
    """The span a question names ("from Feb 3 to Feb 9", "feb 3-9", "between Feb 3 and Feb 9",
    "2025-02-03 to 2025-02-09"), its first day in the year nearest `today`; None when it names none or
    its end comes before its start."""
    t = (text or "").lower()
    m = _RANGE[1].search(t)
    if m:
        start, end = dt.date.fromisoformat(m[1]), dt.date.fromisoformat(m[2])
        return (start, end) if end >= start else None
    m = _RANGE[0].search(t)
    if not m:
        return None
    start = named_date(f"{m[1]} {m[2]}", today)
    if start is None:
        return None
    month = MONTHS[m[3][:3]] if m[3] else start.month
    year = start.year + (month < start.month)
    try:
        end = dt.date(year, month, int(m[4]))
    except ValueError:
        return None
    return (start, end) if end >= start else None


def asks_categories(text: str) -> bool:
    """Whether the question is about categories ("which categories am I winning", "my cats")."""
    return re.search(r"categor|\bcats\b", (text or "").lower()) is not None


def day_label(day: dt.date) -> str:
    return f"{day:%a %b} {day.day}"
