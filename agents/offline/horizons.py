"""The time and the measure a request is about, read from its words: the horizon (tonight, a day, this
week, next week, the rest of the season, the last N games), a ranking's window (the season or the last
7, 14 or 30 days), per game or totals or per 36, and the pool (free agents, rostered, everyone).
"""
from __future__ import annotations

import datetime as dt
import re

ROS = re.compile(r"\brest of (?:the |this )?(?:season|year)\b|\blong (?:haul|run)\b|\blong[- ]term\b|\bfor the season\b|"
                 r"\bros\b|\bdynasty\b|\bdown the stretch\b|\bthe stretch run\b|\brest of the way\b|"
                 r"\bfrom here on out\b|\bthe second half\b|\b(?:for|through|into) the (?:fantasy )?playoffs\b|"
                 r"\b(?:fantasy )?playoff (?:run|push|weeks|stretch)\b|\b(?:march|april) (?:on|onward|onwards|and beyond)\b", re.I)

SEASON_OVER_WEEK = re.compile(r"\b(?:more|rather) than (?:just |only )?this week\b|\bover this week\b|\bnot (?:just |only )?"
                              r"(?:for )?this week\b|\bthis week (?:matters |counts )?less\b|\bthis week doesn'?t matter\b|"
                              r"\bnot (?:worried|bothered|fussed) about this week\b|\bdon'?t (?:care|worry) about this week\b",
                              re.I)

# this week said not to matter, with no season word ("best pickup, not worried about this week"): beyond it
BEYOND_WEEK = re.compile(r"\bnot (?:worried|bothered|fussed|focused) (?:about|on) this week\b|\bdon'?t (?:care|worry) about this "
                         r"week\b|\bthis week doesn'?t matter\b|\bforget (?:about )?this week\b|\bnot (?:just |only )?for this week\b|"
                         r"\bmore than (?:just |only )?this week\b|\bnot (?:just|only) this week\b|\b(?:beyond|past|after) this week\b|"
                         # "help thru the all star break": the weeks to it and after, the rest of the season here
                         r"\b(?:thru|through|past|beyond|until|till|til|into|to) the (?:all[- ]?star )?break\b", re.I)


def horizon_of(p) -> str | None:
    t = p.text
    if ROS.search(t) and (not re.search(r"\bthis week\b", t, re.I) or SEASON_OVER_WEEK.search(t)):
        return "rest_of_season"  # "rest of season matters more than this week btw": the season
    if BEYOND_WEEK.search(t) and not re.search(r"\bnext week\b|\btonight\b|\btomorrow\b", t, re.I):
        return "rest_of_season"  # "not worried about this week": beyond it, the season
    if re.search(r"\bnext week\b", t, re.I):
        return "next_week"
    if p.last_n:
        return "last_n"
    if re.search(r"\btonight\b", t, re.I):
        return "tonight"
    if re.search(r"\bthis week\b|\bfor the week\b|\brest of (?:the|this) week\b", t, re.I):
        return "this_week"
    return "day" if p.day else None


def window_of(t: str) -> str | None:
    if re.search(r"\b(month|30 days|last 30|30 ?d|30 day)\b", t):
        return "30"
    if re.search(r"\b(two weeks|2 weeks|14 days|fortnight|14 ?d|14 day|2 ?wks?|two wks?)\b", t):
        return "14"
    if re.search(r"\b(last week|7 days|past week|lately|7 ?d|7 day)\b", t):
        return "7"
    if re.search(r"\b(this season|on the season|season)\b", t):
        return "season"
    return None


PER_TOTAL = re.compile(r"\b(?:totals?|in all|cumulative|combined|overall (?:count|number)s?|not per game|"
                       r"not (?:the )?averages?|raw (?:count|number)s?)\b")
PER_GAME = re.compile(r"\b(?:per game|per-game|a game|averages?|averaging|per night|a night)\b")
SKILL = re.compile(r"\b(?:best|better|top|greatest|elite)\s+(?:\w+\s+){0,2}(?:passer|playmaker|distributor|"
                   r"shot[- ]?blocker|rim protector|rebounder|shooter|scorer|defender|thief|ball ?hawk)s?\b|"
                   r"\b(?:best|better) at \w+ing\b|\bwho (?:gets|grabs|averages|puts up|racks up|hits|makes|drains|knocks down|shoots|"
                   r"scores|dishes|pulls down|snags|swats|blocks|steals|generates|produces) (?:more|the most)\b")


def per_of(t: str, ranking: bool = True) -> str | None:
    """Per-game averages or the window's totals. A ranking: "total steals", "totals not per game" (the
    negated per-game is read first), "averages". Any other ask is "game" only: "per game", or who is
    better at a category ("who's the best passer of the three", "better at blocking"), not who gives
    more of it over this week's games."""
    if ranking and PER_TOTAL.search(t):
        return "total"
    return "game" if PER_GAME.search(t) or (not ranking and SKILL.search(t)) else None


def availability_of(t: str) -> str | None:
    if re.search(r"\b(free agents?|available|waivers?|unowned|on the wire|pick ?ups?)\b", t):
        return "free_agents"
    if re.search(r"\b(rostered|owned|on teams)\b", t):
        return "rostered"
    return None


# what comes back in a trade: "for two better guards", "for a center", "2 for 2 for some wings"


# "since new year's", "since jan 15", "since christmas": a past window from a date to today
SINCE = re.compile(r"\bsince (?:the )?(?P<what>new ?years?(?:'s)?(?: day| eve)?|the new year|xmas|christmas|thanksgiving|"
                   r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?|"
                   r"\d{1,2}/\d{1,2}|the (?:start|beginning) of (?:the )?(?:month|january|february|december|november))\b",
                   re.I)
WINDOWS = ((7, "7"), (14, "14"), (30, "30"))


def since_window(text: str, as_of: dt.date) -> tuple[str, str | None]:
    """(the text with "since <date>" said as the rankings' nearest window, a note saying so): "since new
    year's" on Jan 29 is 28 days, so "over the last 30 days", the note naming the window's first day. The
    rankings keep 7, 14 and 30 days and the season; a longer span is the season. A date not in the past is
    left as it was."""
    m = SINCE.search(text)
    if not m:
        return text, None
    start = _since_date(m.group("what").lower(), as_of)
    if start is None or start >= as_of:
        return text, None
    days = (as_of - start).days
    n, window = next(((k, w) for k, w in WINDOWS if days <= k), (None, "season"))
    phrase = f"over the last {n} days" if n else "this season"
    said = f"{start:%b} {start.day}"
    note = (f"since {said} ({days} days) is ranked over the last {n} days, from "
            f"{(as_of - dt.timedelta(days=n)):%b} {(as_of - dt.timedelta(days=n)).day}: the rankings keep 7, 14 and "
            f"30-day windows and the season" if n else
            f"since {said} ({days} days) is ranked over the season: the rankings' longest window short of it is 30 days")
    return text[:m.start()] + phrase + text[m.end():], note


def _since_date(what: str, as_of: dt.date) -> dt.date | None:
    from agents.core.dates import named_date

    def last(month: int, day: int) -> dt.date:
        d = dt.date(as_of.year, month, day)
        return d if d < as_of else dt.date(as_of.year - 1, month, day)

    if "new" in what:
        return last(1, 1)
    if what in ("xmas", "christmas"):
        return last(12, 25)
    if what == "thanksgiving":
        year = as_of.year if as_of > dt.date(as_of.year, 11, 28) else as_of.year - 1
        nov1 = dt.date(year, 11, 1)
        return nov1 + dt.timedelta(days=(3 - nov1.weekday()) % 7 + 21)  # the fourth Thursday
    if what.startswith("the"):
        months = {"january": 1, "february": 2, "november": 11, "december": 12}
        month = next((v for k, v in months.items() if k in what), as_of.month)
        return last(month, 1)
    if "/" in what:
        mo, day = (int(x) for x in what.split("/"))
        try:
            return last(mo, day)
        except ValueError:
            return None
    return named_date(what, as_of)
