"""The time slots of a message: the day it names ("tmrw", "thurs", "the day after tomorrow", "in 3
days", "jan 30", "1/30", "thursday the 6th": a written date wins over the weekday beside it), whether it means the rest of the week ("between now and Sunday"), the
thread's day again or the day after it ("that day", "the day after that": read by
agents/offline/nlu.py), and "last N" games ("past eight", "last night"). Part of the slot extraction
of agents/offline/slots.py.
"""
from __future__ import annotations

import datetime as dt
import re

from services.league.lookup import fold

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "couple": 2}
DAY_WORDS = {"today": 0, "tonight": 0, "tonite": 0, "2nite": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tmrow": 1,
             "tomorow": 1, "tommorow": 1, "2morrow": 1}
NUMBERS = {"one": 1, "a": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "couple of": 2, "couple": 2}
AHEAD = re.compile(r"\b(?:the )?day after (?:tomorrow|tmrw|tmr|tomorow|tommorow|2morrow)\b|"
                   r"\bin (?P<n>[1-6]|one|a|two|three|four|five|six|(?:a )?couple(?: of)?) days?\b")
# "the day after that": a day after the thread's day (agents/offline/nlu.py)
THAT_DAY = re.compile(r"\b(?:that|the same|same|this) (?:day|night|date)\b|\bthen\W*$")  # the thread's day again
DAY_AFTER_THAT = re.compile(r"\b(?:the )?(?:day|night) after (?:that|it|then)\b|\bthe next day\b|\bday after\W*$")


def find_day(text: str, as_of: dt.date) -> tuple[dt.date | None, bool]:
    """A named day (next occurrence on or after the as-of date) and whether 'rest of the week'."""
    t = fold(text)
    rest = bool(re.search(r"rest of (the |this )?week|remaining (days|games)|this week|for the week|"
                          r"days\s+(that\s+)?(are\s+)?left|what s left of|til sunday|through sunday|thru sunday|"
                          r"next (few|couple) days|before (the week|sunday)|until sunday|till sunday|now and sunday|matchup week", t))
    ahead = AHEAD.search(t)  # "the day after tomorrow", "in 3 days"
    if ahead:
        n = ahead.group("n")
        return as_of + dt.timedelta(days=2 if not n else int(NUMBERS.get(n, n))), rest
    for word, delta in DAY_WORDS.items():
        if re.search(rf"\b{word}\b", t):
            return as_of + dt.timedelta(days=delta), rest
    named = _calendar_date(text.lower(), as_of)
    if named:  # "saturday 2/8", "thursday the 6th": the date decides, the weekday only names it
        return named, rest
    for i, name in enumerate(WEEKDAYS):
        short = {"thursday": "thu|thurs|thur", "tuesday": "tue|tues", "wednesday": "wed|weds"}.get(name, name[:3])
        if re.search(rf"\b{name}\b|\b({short})\b(?!\w)", t) and not (name == "saturday" and "saturday" not in t
                                                                    and " sat " not in f" {t} "):
            if name == "sunday" and re.search(r"\b(til|till|thru|through|until|before|by|now and|from now to) sunday\b", t):
                continue  # "through Sunday": the rest of the week, not Sunday alone
            return as_of + dt.timedelta(days=(i - as_of.weekday()) % 7), rest
    m = re.search(r"\b(20\d\d-\d\d-\d\d)\b", text)
    if m:
        try:
            return dt.date.fromisoformat(m.group(1)), rest
        except ValueError:  # "2025-02-30" names no day: the question is read without one
            pass
    return None, rest


def weekdays_named(text: str, as_of: dt.date) -> list[dt.date]:
    """Every weekday a message names ("games fri AND sat": Friday and Saturday), each its next date on or after
    the as-of date, in date order, at most a week."""
    t = fold(text)
    out = set()
    for i, name in enumerate(WEEKDAYS):
        short = {"thursday": "thu|thurs|thur", "tuesday": "tue|tues", "wednesday": "wed|weds"}.get(name, name[:3])
        if re.search(rf"\b{name}s?\b|\b({short})\b(?!\w)", t) and not (name == "saturday" and "saturday" not in t
                                                                      and " sat " not in f" {t} "):
            out.add(as_of + dt.timedelta(days=(i - as_of.weekday()) % 7))
    return sorted(out)


MONTHS = {m: i for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                      "dec"], 1)}


def _calendar_date(t: str, as_of: dt.date) -> dt.date | None:
    """'jan 30', 'January 30th', '30 jan', '1/30': the date of that day nearest the as-of date."""
    m = re.search(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b", t)
    month, day = (MONTHS[m.group(1)], int(m.group(2))) if m else (None, None)
    if not m:
        m = re.search(r"\b(\d{1,2}) (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b", t)
        month, day = (MONTHS[m.group(2)], int(m.group(1))) if m else (None, None)
    if not m:
        m = re.search(r"(?<![\d.])(\d{1,2})/(\d{1,2})(?![\d/])", t)
        month, day = (int(m.group(1)), int(m.group(2))) if m else (None, None)
    if not m:  # "the 6th", "monday the 3rd": a day of the month, the nearest month that has it
        m = re.search(r"\bthe (\d{1,2})(?:st|nd|rd|th)\b(?! (?:quarter|qtr|pick|round|seed|best|most|man|option|place|"
                      r"spot|year|game|overall|slot|team|guy|one|player|straight|time))", t)
        if m and 1 <= int(m.group(1)) <= 31:
            day = int(m.group(1))
            options = []
            for shift in (-1, 0, 1):
                y, mo = as_of.year + (as_of.month + shift - 1) // 12, (as_of.month + shift - 1) % 12 + 1
                try:
                    options.append(dt.date(y, mo, day))
                except ValueError:
                    continue
            return min(options, key=lambda d: abs((d - as_of).days)) if options else None
        return None
    options = []
    for year in (as_of.year - 1, as_of.year, as_of.year + 1):
        try:
            options.append(dt.date(year, month, day))
        except ValueError:
            continue
    return min(options, key=lambda d: abs((d - as_of).days)) if options else None


def find_last_n(text: str) -> int | None:
    t = fold(text)
    if re.search(r"\b(?:last night|yesterday|last game|(?:his|their|her) last (?:game|outing)|previous game|"
                 r"most recent game|latest game)\b", t):
        return 1  # "how many points did SGA score last night?": his last game (the answer says its date)
    nums = r"(\d{1,2}|" + "|".join(WORD_NUMBERS) + r")"
    m = re.search(rf"(?:last|previous|past|most recent|latest) {nums}\b(?! (?:weeks?|days?|months?)\b)", t)
    if not m and re.search(r"\b(last|past|recent|lately|previous)\b", t):
        m = re.search(rf"\b{nums} (?:games|gms|outings|nights|contests)\b", t)
    if not m:
        return None
    v = m.group(1)
    return int(v) if v.isdigit() else WORD_NUMBERS[v]
