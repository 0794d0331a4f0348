"""Filters a manager puts on a list or a search (issue #36): the position a trade should bring back ("for
two better guards"), a position ruled out ("anyone but centers", "not bigs, not injured"), positions of
mine kept ("keep my guards"), teams ruled out ("nobody from phoenix either"), a minutes ceiling ("under 30
mpg", cleared by "any minutes is fine"), the days a pickup must play on ("weekend streamers") and a health
filter on the last list ("which of those are healthy"). Read into the request frame by
agents/offline/constraints.py.
"""
from __future__ import annotations

import datetime as dt
import re

from agents.offline.slots import POSITION_WORDS
from services.league.lookup import fold

# "the most games", "max gms", "games volume": a list ranked by games (on folded text)
MOST_GAMES = re.compile(r"\b(?:most|more|max(?:imum)?) (?:games|gms)\b|\bgames? (?:count|volume)\b|\bcounting games\b")

# "don't drop anybody healthy", "without cutting a healthy guy", "only drop hurt guys", "no healthy drops": every
# move's drop is OUT or day-to-day (on folded text)
KEEP_HEALTHY = re.compile(
    r"\b(?:don t|dont|do not|never|no|without|not|won t|wont)\s+(?:\w+\s+){0,2}?(?:drop|cut|release|waive|lose|losing)\w*\s+"
    r"(?:any ?(?:body|one)|a|any|any of my|one of my|my|a single)?\s*(?:healthy|active|healthy (?:guy|player|dude)s?)\b|"
    r"\bno healthy (?:drops?|cuts?|guys? (?:dropped|cut))\b|"
    r"\b(?:only|just)\s+(?:drop|cut|release|waive)\w*\s+(?:the\s+|my\s+)?(?:hurt|injured|out|banged up|dtd|sidelined)\b|"
    r"\b(?:drop|cut)\w*\s+only\s+(?:the\s+|my\s+)?(?:hurt|injured|out|banged up|dtd|sidelined)\b|"
    r"\b(?:keep|spare)\s+(?:all\s+)?(?:of\s+)?my\s+healthy\b")


def keep_healthy_of(t: str) -> bool:
    """Whether the message (folded) keeps every healthy player of mine ("don't drop anybody healthy")."""
    return bool(KEEP_HEALTHY.search(t))


GAMES_ASK = re.compile(r"\b([1-7]|two|three|four|five)\+?(?: or more)?[- ]games?\b")  # "who has 3 games left"
HEALTH_ASK = re.compile(r"\b(?:healthy|injured|hurt|banged up|out|active|available|good to go|fit|dtd|questionable|iffy|"
                        r"doubtful|shaky|uncertain|gtd|game time decisions?|day to day|probable|risky|dicey)\b")

# every position word and role ("guards", "a stretch four", "a floor general"), longest first, plurals allowed
POSITIONS = "|".join(rf"{re.escape(w)}(?:s|es)?" for w in sorted((w for w, pos in POSITION_WORDS.items() if pos and len(w) > 1),
                                                               key=len, reverse=True))
GET_POSITION = re.compile(r"\b(?:for|into|to get|get|get back|getting|fetch(?: me| us)?|bring(?: me)? back|land(?: me)?|"
                          r"in exchange for|in return for)\s+(?:me\s+|us\s+)?(?:like\s+|just\s+|only\s+)?"
                          r"(?:a|an|one|1|two|2|some|a couple of|a pair of|couple|any)?\s*(?:(?!my\b|your\b)[a-z]+\s+){0,2}?"
                          rf"(?P<pos>{POSITIONS})\b|"
                          # the position said before the way back ("i want a center coming back", "a guard in return")
                          r"\b(?:a|an|one|1|some|two|2)\s+(?:\w+\s+)?"
                          rf"(?P<pos2>{POSITIONS})\s+(?:coming back|back|in return|in the deal|coming (?:my|our) way|"
                          r"headed (?:my|our) way)\b")


# the players a shaped trade sends or brings: "for two better guards", "fetch me 2 wings" (how many come back)
SIDE_COUNT = re.compile(r"\b(?:one|1|two|2|three|3|a pair of|a couple of)\s+(?:\w+\s+)?(?:guards?|forwards?|wings?|centers?|"
                        r"centres?|bigs?|guys?|players?|pieces?|starters?)\b", re.I)


def get_position_of(text: str) -> str | None:
    """The position of the players a trade brings ("Beal and Bogdan for two better guards": G; "flip
    Conley for a center": C; "trade me into a floor general": PG); never my own players ("for my guards")."""
    m = GET_POSITION.search(fold(text))
    if not m:
        return None
    word = m.group("pos") or m.group("pos2")
    for phrase, pos in sorted(POSITION_WORDS.items(), key=lambda kv: -len(kv[0])):
        if pos and re.fullmatch(rf"{re.escape(phrase)}(?:s|es)?", word):
            return pos
    return None


NOT_POSITION = re.compile(r"\b(?:any(?:one|body)|every(?:one|body)|all|anything|someone|somebody) but (?:the |a )?"
                          r"(?P<a>[a-z ]+?)s?\b|\b(?:no|not|except|excluding|other than|apart from|besides|without|skip|skipping|minus|sans|w o) "
                          r"(?:any |the |a |more )?(?P<b>[a-z ]+?)s?\b(?: please| pls|[,.!?]|$| (?=(?:not|no|nobody|noone|none|nothing|and|or|but|nor|either|only|just|"
                          r"healthy|this|next|who|that|with|w|though|tho|thanks|thx|too|for now|i|im|we|got|have|already|enough|plenty)\b))")


# a list edit: "drop the centers", "take out the bigs", "get rid of any guards" (the article is required:
# "add a guard, drop a center" is a move, not a filter on a list)
REMOVE = (r"(?:drop|remove|lose|cut|scratch|nix|toss|ditch|take out|get rid of|leave out|skip|minus|filter out|"
          r"exclude|no more)")
REMOVE_POSITION = re.compile(rf"\b{REMOVE}\s+(?:the|any|all|all the|all of the)\s+(?P<c>[a-z ]+?)s?\b"
                             r"(?: please| pls|[,.!?]|$| (?=(?:and|or|from|off|too|then|please|from the list)\b))")


def not_position_of(text: str) -> str | None:
    """The position a message rules out: "anyone but centers", "no bigs please", "not a center"."""
    for m in [*NOT_POSITION.finditer(fold(text)), *REMOVE_POSITION.finditer(fold(text))]:
        words = (m.groupdict().get("a") or m.groupdict().get("b") or m.groupdict().get("c") or "").strip()
        for phrase, pos in sorted(POSITION_WORDS.items(), key=lambda kv: -len(kv[0])):
            if pos and re.fullmatch(rf"(?:\w+ )?{re.escape(phrase)}(?:s|es)?", words):
                return pos
    return None


MAX_MINUTES = re.compile(r"\b(?:under|below|less than|fewer than|at most|max(?:imum)?|no more than|sub)\s*(\d{1,2}(?:\.\d)?)\s*"
                         r"(?:mpg|min\w*|mins)\b|\b(\d{1,2}) ?(?:mpg|min\w*) (?:or (?:less|under|fewer)|max)\b|"
                         # "nobody playing more than 30 min a night": the same ceiling, said as who is left out
                         r"\b(?:nobody|no ?one|none|no guys?|not anyone|no players?)\s+(?:\w+\s+){0,2}?(?:more than|over|above|"
                         r"north of)\s*(\d{1,2})\s*(?:mpg|min\w*|mins)\b")
ANY_MINUTES = re.compile(r"\bany (?:minutes|mpg|min)\b|\b(?:minutes|mpg) (?:don t|doesn t|do not|does not|dont) matter\b|"
                         r"\bforget (?:the |about )?(?:minutes|mpg)\b|\bno (?:minutes|mpg) (?:filter|limit|cap)\b|"
                         r"\b(?:minutes|mpg) (?:is|are) fine\b")
TEAM_OUT = re.compile(r"\b(?:nobody|no one|noone|none|no|not|except|excluding|without|other than|but)\s+(?:guys\s+|players\s+|"
                      r"one\s+|of\s+|anyone\s+|anybody\s+|any\s+(?:guys?\s+|players?\s+)?)?(?:from|on|of|off)?\s*(?:the\s+)?(?P<team>[a-z0-9 ]{2,30}?)(?:\s+(?:guys|players|either|"
                      r"too|please|pls))*\s*(?:$|(?=[,.;!?]|\s+(?:i|im|i'm|cause|cuz|because|since|as|we|my)\b))|\b(?:nobody|no one|none|no|not|except|excluding|without)\s+(?:guys\s+|players\s+|"
                      r"one\s+|anyone\s+|anybody\s+)?(?:from|on|off)\s+(?:the\s+)?(?P<team2>[a-z0-9 ]{2,20}?)\b(?=\s|$)")


KEEP_POSITION = re.compile(r"\b(?:keep|keeping|hold on to|holding on to|protect|protecting|not (?:dropping|cutting|trading|"
                           r"moving|losing|costing me)|don t (?:drop|cut|trade|move|touch|lose|cost me)|won t (?:drop|cut|trade|"
                           r"cost me)|doesn t (?:cost me|drop|cut|lose|touch)|does not (?:cost me|drop|cut|lose)|without "
                           r"(?:dropping|cutting|losing|touching|costing me))\s+(?:any of\s+)?(?:my|all my|all of my|the|our|a|an|"
                           r"any|one of my)\s+"
                           r"(?P<pos>point guards?|shooting guards?|small forwards?|power forwards?|guards?|forwards?|wings?|"
                           r"centers?|centres?|bigs?|big men|big man)\b")


# said after the position: "my guards aren't going anywhere", "our bigs stay put", "my centers are off limits"
KEPT_POSITION = re.compile(r"\b(?:my|our)\s+(?P<pos>point guards?|shooting guards?|small forwards?|power forwards?|guards?|"
                           r"forwards?|wings?|centers?|centres?|bigs?|big men)\s+(?:aren t|are not|arent|ain t|r not|are n t)\s+"
                           r"(?:going|goin)\s+anywhere\b|\b(?:my|our)\s+(?P<pos2>guards?|forwards?|wings?|centers?|centres?|bigs?|"
                           r"big men)\s+(?:stay(?: put)?|are staying|are off limits|are untouchable|are locked(?: in)?|are safe|"
                           r"are not for sale|aren t for sale)\b")


def kept_positions(t: str) -> list[str]:
    """The positions of my players a message keeps ("I'd rather keep my guards", "my guards aren't going
    anywhere": ["G"])."""
    out = []
    for m in [*KEEP_POSITION.finditer(t), *KEPT_POSITION.finditer(t)]:
        w = m.groupdict().get("pos") or m.groupdict().get("pos2")
        pos = POSITION_WORDS.get(w) or POSITION_WORDS.get(w.rstrip("s")) or POSITION_WORDS.get(w[:-1] if w.endswith("s") else w)
        if w in ("big men", "big man"):
            pos = "C"
        if pos and pos not in out:
            out.append(pos)
    return out


def not_teams_of(t: str) -> list[str]:
    """The NBA teams a message rules out of a list ("nobody from phoenix either", "no suns guys", "not
    the lakers"), as codes."""
    from agents.core.normalize import normalize
    from agents.desk.ask import team_code

    t = fold(normalize(t))  # "excl PHO": the shorthand spelled out first
    t = re.sub(r"\b(?:minus|sans|w o)\b(?=\s+[a-z])", "without", t)  # "minus anyone on the suns", "sans the lakers"
    out = []
    # each negation read on its own ("no guards, nobody hurt, nobody from the wizards": the last is the team's)
    clauses = re.split(r"\s+(?=(?:nobody|no one|noone|none|no|not|except|excluding|without)\b)", t)
    for m in (m for c in clauses for m in TEAM_OUT.finditer(c)):
        for words in re.split(r"\s+(?:or|and|nor|n)\s+|\s*,\s*", (m.group("team") or m.group("team2") or "").strip()):
            code = _team_in(re.sub(r"^(?:the|from|on) ", "", words), team_code)
            if code and code not in out:
                out.append(code)
    return out


def _team_in(words: str, team_code) -> str | None:
    """The team the words start with ("lakers thanks": LAL): the longest leading run of words that names one."""
    parts = words.split()
    for n in range(len(parts), 0, -1):
        code = team_code(" ".join(parts[:n]))
        if code:
            return code
    return None


def max_minutes_of(t: str) -> float | None:
    """'only guys under 30 mpg': 30 (None when no ceiling is named)."""
    m = MAX_MINUTES.search(t)
    v = float(m.group(1) or m.group(2) or m.group(3)) if m else None
    return v if v and 0 < v <= 48 else None


WEEKEND = re.compile(r"\b(?:this |the |over the |for the )?week ?ends?\b|\bsat(?:urday)? (?:and|&|n|\+) sun(?:day)?\b")


# every one of the days, not any one of them: "only guys with games both days", "plays each night"
ALL_DAYS = re.compile(r"\b(?:both|each|every|all (?:two|three|four|2|3|4|of (?:those|the|them)|those|the)) (?:days|nights|of "
                      r"(?:those|them|the) days|of them|dates)\b|\bgames? (?:on )?both\b|\bplays? both\b|"
                      r"\bboth (?:sat(?:urday)?|sun(?:day)?)\b")


def play_on_of(p, horizon: str | None) -> list[dt.date]:
    """The dates a pickup must play on: the day asked about ("pick up for tomorrow", "tonight"), the
    weekend's days from the as-of date ("weekend streamers"); none for the rest of the week."""
    if p.act != "fa_scan" and not (p.act in ("fa_fit", "fa_replace") and getattr(p, "replacing", None)):
        return []  # a scan, or the scan for someone to take a named player's spot ("... for bol tonight")
    from agents.core.dates import named_range

    span = named_range(p.text, p.as_of)
    if span:  # "who should I stream from Feb 3 to Feb 9": the span's days from today on (at most a week)
        first = max(span[0], p.as_of)
        return [first + dt.timedelta(days=i) for i in range((span[1] - first).days + 1)][:7]
    if WEEKEND.search(fold(p.text)):
        sat = p.as_of + dt.timedelta(days=(5 - p.as_of.weekday()) % 7) if p.as_of.weekday() != 6 else p.as_of
        return [d for d in (sat, sat + dt.timedelta(days=1)) if d.weekday() in (5, 6)]
    if p.day and horizon in ("tonight", "day") and not p.rest_of_week:
        from agents.offline.day_slots import weekdays_named

        named = weekdays_named(p.text, p.as_of)  # "games fri AND sat": both days, not the first alone
        return named if len(named) >= 2 and p.day in named else [p.day]
    return []


LEAST = (re.compile(r"(\d)\+? games? (?:left|remaining)"),  # "someone w 3 games left"
         re.compile(r"\b(?:with|w|has|having|got|gets|getting|playing|plays)\s+(?:at least\s+)?(\d)\+?\s*(?:games?|gamers?)\b"),
         re.compile(r"\b(\d)\+\s*(?:games?|gamers?)\b"),  # "3+ games": at least three
         re.compile(r"\b(\d)[- ]game (?:schedules?|weeks?|slates?|guys?|players?|streamers?|options?)\b"))  # "a 4-game schedule"
NUMBER_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5"}


def least_games(text: str, horizon: str | None) -> int:
    """The fewest games left a wanted free agent must have: "w 3 games left", "a guy with 4 games",
    "3+ games"; next week's "4 game guys" too. One otherwise."""
    t = re.sub(r"\b(two|three|four|five)\b", lambda w: NUMBER_WORDS[w.group(1)], text.lower())  # "a four-game schedule"
    m = next((m for r in LEAST if (m := r.search(t))), None) or (
        re.search(r"\b(\d)\+?[- ]?(?:games?|gamers?|times)\b", t) if horizon == "next_week" else None)
    return int(m.group(1)) if m and 1 <= int(m.group(1)) <= 7 else 1
