"""The league's own rules in a manager's words: "are blocks worth more than assists here?",
"do turnovers cost me?", "what's our scoring?". Answered from the league's scoring weights
(services.league.scoring: the points league's weight per box-score stat; a categories league counts
each of its nine categories once, turnovers lower-is-better), with no tool call.
"""
from __future__ import annotations

import re

from services.league.lookup import fold
from services.league.scoring import CATEGORIES, POINTS_WEIGHTS

# a category's box-score stats in the points weights, and how a manager names it
STAT_OF = {"PTS": ["pts"], "3PM": ["fg3m"], "REB": ["reb"], "AST": ["ast"], "STL": ["stl"], "BLK": ["blk"],
           "TO": ["tov"], "FG%": ["fgm", "fga"], "FT%": ["ftm", "fta"]}
NAME = {"PTS": "a point", "3PM": "a made three", "REB": "a rebound", "AST": "an assist", "STL": "a steal",
        "BLK": "a block", "TO": "a turnover", "FG%": "a field goal", "FT%": "a free throw"}
STAT_NAME = {"pts": "point scored", "fg3m": "three made", "fgm": "field goal made", "fga": "field goal attempted",
             "ftm": "free throw made", "fta": "free throw attempted", "reb": "rebound", "ast": "assist",
             "stl": "steal", "blk": "block", "tov": "turnover"}
VALUE = re.compile(r"\b(worth|count|counts|counted|value|values|cost|costs|penali[sz]\w*|negative|minus|"
                   r"scoring (system|settings|rules|format)|point values|how many points|how much|weights?|"
                   r"scored|score(s)? for)\b")
HERE = re.compile(r"\b(here|this league|our league|my league|the league|league s|in this format|our scoring|"
                  r"scoring system|scoring settings|point values|scoring weights)\b")
NOT_RULES = re.compile(r"\b(trade|drop|add|pick ?up|start|sit|lineup|waivers?|free agents?|matchup|last \d+|"
                       r"lately|tonight|playing|averag\w*)\b")


def rules_question(text: str, categories: list[str], players: list[str]) -> bool:
    """A question about what stats are worth in this league: a value word ("worth", "count",
    "cost", "negative", "scoring system") about stats or the league, no player and no request
    for a move, a lineup or a player's numbers."""
    t = fold(text)
    if players or NOT_RULES.search(t) or not VALUE.search(t):
        return False
    return bool(categories or HERE.search(t) or re.search(r"\b(missed|misses|miss)\b", t))


def _weights(cat: str) -> str:
    return ", ".join(f"{POINTS_WEIGHTS[s]:+g} a {STAT_NAME[s]}" for s in STAT_OF[cat] if s in POINTS_WEIGHTS)


def rules_answer(categories: list[str], scoring: str, text: str = "") -> str:
    """The answer from the scoring weights: the asked categories first, then the whole table."""
    if scoring == "categories":
        cats = ", ".join(CATEGORIES)
        head = (f"This is a categories league: each of the nine categories ({cats}) is won or lost once a week, "
                "whatever the margin, so no stat is worth more than another; turnovers count as lower-is-better "
                "and FG%/FT% are ratios of makes to attempts.")
        return head
    lines = []
    asked = [c for c in categories if c in STAT_OF]
    t = fold(text)
    if "PTS" in asked and len(asked) > 1 and re.search(r"\bhow many (points|pts)\b|\bpoints? for\b", t):
        asked.remove("PTS")  # "how many points for a three": points are the unit, not the stat asked about
    for c in asked:
        lines.append(f"- {NAME[c][0].upper()}{NAME[c][1:]}: {_weights(c)} fantasy point(s).")
    if len(asked) == 2 and all(len(STAT_OF[c]) == 1 for c in asked):
        (a, wa), (b, wb) = [(c, POINTS_WEIGHTS[STAT_OF[c][0]]) for c in asked]
        if wa == wb:
            lines.append(f"So {NAME[a]} and {NAME[b]} are worth the same here ({wa:g}).")
        else:
            hi, lo = ((a, wa), (b, wb)) if abs(wa) > abs(wb) else ((b, wb), (a, wa))
            lines.append(f"So {NAME[hi[0]]} moves your score more than {NAME[lo[0]]} here ({hi[1]:+g} vs {lo[1]:+g}).")
    table = ", ".join(f"{STAT_NAME[s]} {w:+g}" for s, w in POINTS_WEIGHTS.items())
    head = "In this points league each box-score stat has a fixed weight:"
    return "\n".join([head, *lines, "", f"The full scoring: {table}."]) if lines else f"{head} {table}."
