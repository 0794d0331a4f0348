"""The time and the measure a request is about, read from its words: the horizon (tonight, a day, this
week, next week, the rest of the season, the last N games), a ranking's window (the season or the last
7, 14 or 30 days), per game or totals or per 36, and the pool (free agents, rostered, everyone).
"""
from __future__ import annotations

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
                         r"\bmore than (?:just |only )?this week\b", re.I)


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
