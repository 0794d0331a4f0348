"""The category slots of a message: "boards", "dimes", "FT%", a role ("shot blockers", "passer"), a
manager's plural shorthand ("blks") and a misspelt category word ("rebouns", "asists"), each read as
one of the nine categories (`find_categories`). Part of the slot extraction of agents/offline/slots.py.
"""
from __future__ import annotations

import re

from agents.offline.common_words import COMMON_WORDS
from services.league.lookup import fold, index
from services.league.scoring import CATEGORY_ALIASES

EXTRA_CATEGORIES = {"rebound": "REB", "three pointer": "3PM", "boards": "REB", "dimes": "AST", "treys": "3PM", "trey": "3PM", "swipes": "STL",
                    "rejections": "BLK", "threes": "3PM", "3 pointers": "3PM", "three pointers": "3PM",
                    # a manager's plural shorthand ("trade for blks", "make it asts")
                    "asts": "AST", "blks": "BLK", "stls": "STL", "rebs": "REB", "tos": "TO", "3pm": "3PM",
                    # the players' roles managers name a category by ("shot blockers", "rim protection", "shooters")
                    "shot blockers": "BLK", "shot blocker": "BLK", "shot blocking": "BLK", "rim protection": "BLK",
                    "rim protectors": "BLK", "rim protector": "BLK", "rebounders": "REB", "rebounder": "REB",
                    "glass cleaners": "REB", "playmakers": "AST", "playmaking": "AST", "passers": "AST",
                    "distributors": "AST", "ball hawks": "STL", "pickpockets": "STL", "3 point shooters": "3PM",
                    "three point shooters": "3PM", "sharpshooters": "3PM", "snipers": "3PM", "shooters": "3PM",
                    "scorers": "PTS", "bucket getters": "PTS",
                    # ... and one player's role ("who's the best passer of the three")
                    "passer": "AST", "playmaker": "AST", "distributor": "AST", "scorer": "PTS",
                    "shooter": "3PM", "sharpshooter": "3PM", "ball hawk": "STL", "rebounding": "REB",
                    # roles that say a category: spacing is threes, a stretch four shoots them, a floor general passes
                    "spaces the floor": "3PM", "space the floor": "3PM", "floor spacer": "3PM", "floor spacing": "3PM",
                    "floor spacers": "3PM", "stretch four": "3PM", "stretch 4": "3PM", "stretch big": "3PM",
                    "floor general": "AST",
                    # run together ("3pointers", "3ptrs"): a space managers leave out
                    "3pointers": "3PM", "3pointer": "3PM", "3ptrs": "3PM", "3ptr": "3PM", "threepointers": "3PM"}
# the category words a misspelling is matched against ("rebouns", "asists", "stealz", "blokcs", "3pointrs"):
# only long ones, so a short word is never one letter from a category ("steal"/"steel", "block"/"black")
TYPO_TARGETS = {"rebounds": "REB", "rebound": "REB", "rebounding": "REB", "assists": "AST", "assist": "AST",
                "steals": "STL", "blocks": "BLK", "turnovers": "TO", "turnover": "TO", "threes": "3PM",
                "3pointers": "3PM", "rebounders": "REB", "playmaking": "AST"}
# English words one edit from a target: a word, never a misspelt category
NOT_A_TYPO = set("""steels steams steaks steady sneals blacks blocky blocks' resound resounds resounding redound
redounds redounding rebounded assisted blocker theres throes threads threat assisi turnout turnouts""".split())


def misspelt_category(word: str) -> str | None:
    """The category a misspelt word means ("rebouns", "asists", "stealz", "blokcs", "3pointrs"): one
    edit (a letter added, dropped, changed or two swapped) from a category word of six letters or
    more, two from one of eight or more about as long, with the same first letter; never a common word, a player's
    name, an English word one edit away ("steels", "theres") or a word as near two categories."""
    from rapidfuzz.distance import OSA

    if len(word) < 6 or word in TYPO_TARGETS or word in COMMON_WORDS or word in NOT_A_TYPO or \
            not re.fullmatch(r"[a-z0-9]+", word):
        return None
    names, aliases, _ = index()
    if word in aliases:
        return None
    near = {cat for target, cat in TYPO_TARGETS.items()
            if target[0] == word[0] and OSA.distance(word, target) <= (
                2 if min(len(target), len(word)) >= 8 and abs(len(target) - len(word)) <= 1 else 1)}
    return near.pop() if len(near) == 1 else None


def find_categories(text: str) -> list[str]:
    t = fold(text.replace("%", " pct"))
    cats: list[str] = []
    aliases = {**CATEGORY_ALIASES, **EXTRA_CATEGORIES}
    for alias, cat in sorted(aliases.items(), key=lambda kv: -len(kv[0])):
        a = fold(alias.replace("%", " pct"))
        if len(a) <= 2 and a not in ("3s",):
            continue  # "to", "ft", "fg" alone are too ambiguous in prose
        if re.search(rf"\b{re.escape(a)}\b", t) and cat not in cats:
            if cat == "PTS" and not re.search(r"\b(pts|scoring|scorers?|bucket getters)\b|\bpoints category\b|\bin points\b", t):
                continue  # "points" usually means fantasy points, not the category
            if a == "three" and not re.search(r"\bthree (point|pointer)", t):
                continue  # "his last three" is a count
            cats.append(cat)
    for w in t.split():  # "find me a trade for rebouns": a misspelt category is still that category
        cat = misspelt_category(w)
        if cat and cat not in cats:
            cats.append(cat)
    low = text.lower()
    if re.search(r"\bfg ?%|\bfg pct\b|field goal", low) and "FG%" not in cats:
        cats.append("FG%")
    if re.search(r"\bft ?%|\bft pct\b|free throw", low) and "FT%" not in cats:
        cats.append("FT%")
    if SHOTS_MADE.search(low) and "FG%" not in cats:  # "what % of his shots does he make"
        cats.append("FG%")
    if FROM_THE_LINE.search(low) and "FT%" not in cats:  # "and from the line?"
        cats.append("FT%")
    return cats


SHOTS_MADE = re.compile(r"(?:%|\bpct\b|\bpercent(?:age)?\b) of (?:his|their|her|the|my|your) (?:shots|attempts|fgas?)\b|"
                        r"\bshooting (?:%|pct\b|percent(?:age)?\b|efficiency\b)|\bshot (?:%|pct\b|percent(?:age)?\b)|"
                        r"\b(?:make|makes|hit|hits|sink|sinks) (?:of )?(?:his|their|her) shots\b")
FROM_THE_LINE = re.compile(r"\b(?:from|at|on) the (?:free throw |charity )?(?:line|stripe)\b|\bcharity stripe\b")
