"""Per-36 and minutes-trend rankings of a pool of players (issue #36): "best per 36 guys on waivers",
"top per-36 rebounders available", "which free agents are getting more minutes lately", "who's seen
the biggest jump in playing time across the league".

A ranking, not a player's own figures: `get_player_rankings` with `per="36"` (players under 12 minutes
a game filtered, said in the answer) or `sort="minutes_trend"` (minutes a game over a 7, 14 or 30-day
window against the season's; 14 days unless the message names a window). The act is the rankings'
own (`research_rankings`), so "only guards" or "top 5" after it narrows the same ranking. A named
player's per 36 is agents/offline/per36_talk.py; my roster's minutes agents/offline/minutes_talk.py.
Read before both (agents/offline/player_acts.py).
"""
from __future__ import annotations

import re

from agents.offline import minutes_talk, per36_talk
from services.league.lookup import fold

ACT = "research_rankings"
POOL = re.compile(r"\b(?:free agents?|fas?|waivers?|wire|pick ?ups?|available|unowned|streamers?|league|league wide|"
                  r"anyone|anybody|who|whos|which|best|top|rank\w*|guys|players|bench guys|sleepers?)\b")
# "who's better per 36?" after two players: their figures (per36_talk), not a pool
REFERS = re.compile(r"\b(?:him|his|he|hes|them|they|their|those|these|the two|both|either|of the (?:two|three))\b")
WINDOW = "14"  # a minutes trend needs a window shorter than the season
# rising minutes (the ranking's key ranks rises); "under 25 minutes" is a ceiling (max_minutes), not a trend
RISE = re.compile(r"\b(?:trend\w* up|trending|rising|rise|rose|climb\w*|increas\w*|jump\w*|spik\w*|uptick|bump\w*|"
                  r"more|bigger|gaining|gained|going up|up)\b")
BIGGER_ROLE = re.compile(r"\b(?:more|bigger|larger|extra|increased|expanded|expanding|growing|new|heavier)\s+(?:run|role|burn)\b|"
                         r"\b(?:gaining|gained|earning|earned)\s+(?:\w+\s+)?(?:role|run|burn)\b")


def minutes_asked(t: str) -> bool:
    from agents.offline.list_filters import max_minutes_of

    if max_minutes_of(t):
        return False
    return bool((minutes_talk.MINUTES.search(t) and RISE.search(t)) or BIGGER_ROLE.search(t))


def read(p, prev) -> bool:
    """Whether the message asks for a pool ranked per 36 or by rising minutes (in place: the act and
    a rankings frame with `per` or `sort` set)."""
    t = fold(p.text)
    if p.players or not POOL.search(t):
        return False
    if prev is not None and getattr(prev, "players", None) and REFERS.search(t):
        return False
    per36 = per36_talk.asked(p.text)
    rising = not per36 and minutes_asked(t) and not minutes_talk.MINE.search(t)
    if not (per36 or rising):
        return False
    from agents.offline.carry import frame_of, take

    take(p, ACT)
    p.follow_up, p.unknown, p.greeting, p.day, p.rest_of_week = False, False, False, None, False
    f = frame_of(p, None, None)  # the window, availability, count and exclusions the message states
    if per36:
        from agents.offline.constraints import count_of

        f.per, f.count = "36", count_of(per36_talk.ASKED.sub(" ", t))  # "per 36" is no count of 36
    else:
        f.sort, f.per = "minutes_trend", None
        f.window = f.window if f.window not in (None, "season") else WINDOW
        p.categories = []
    p.frame = f
    return True
