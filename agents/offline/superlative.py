"""A superlative on a category: "pick up the best shot blocker out there", "grab the top rebounder on
the wire", "who's got the most assists available".

Such an ask wants the wire's leader in that category, not any move that happens to beat the dropped
player in it: the optimizer's `target_categories` keeps a move whose add beats the drop per game in
a category (a guard at 0.1 blocks beats an injured guard at 0.0), while `leaders_in` holds every add
to the wire's top 10 in it (services.optimizer.propose.wire_leaders). "the best pickup for blocks"
ranks pickups and chases blocks: no superlative on the category, so no `leaders_in`.
"""
from __future__ import annotations

import re

from agents.offline.category_slots import EXTRA_CATEGORIES
from services.league.scoring import normalize_category

SUPER = r"(?:best|top|most|biggest|elite|leading|premier|number[- ]one|no\.? ?1|#1)"
# what may stand between the superlative and the category: "the best available shot blocker",
# "top free agent rebounder", "the most 3s-heavy" is not one
FILLER = r"(?:(?:available|free[- ]agent|fa|waiver|pure|true|real|actual|straight|legit)\s+)*"
# the category as a role ("shot blocker") or as the stat and a noun for the player ("blocks guy")
NOUN = r"(?:\s+(?:guy|guys|dude|player|option|options|pickup|pick[- ]up|add|streamer|specialist|merchant))?"
_CATEGORY_WORDS = sorted({*EXTRA_CATEGORIES, "blocks", "block", "rebounds", "assists", "steals", "threes",
                          "3s", "points", "free throw shooter", "ft shooter", "fg% guy"}, key=len, reverse=True)
_WORDS = "|".join(re.escape(w) for w in _CATEGORY_WORDS)
PATTERN = re.compile(rf"(?<!\w){SUPER}\s+{FILLER}({_WORDS}){NOUN}\b", re.I)
# "need a blocks guy", "find me a rebounds specialist": a specialist in it is asked, the wire's leaders in it
SPECIALIST = re.compile(rf"\b(?:need|needs|want|wanna|get me|find me|grab me|looking for|searching for|give me|gimme)\s+"
                        rf"(?:a|an|some|one)\s+{FILLER}({_WORDS})\s+(?:guy|dude|specialist|merchant|big|wing)\b", re.I)
_MORE = {"3s": "3PM", "free throw shooter": "FT%", "ft shooter": "FT%", "fg% guy": "FG%"}


def leader_category(text: str) -> str | None:
    """The category a superlative names in `text`, or None ("turnovers" never: no one picks up the
    most turnovers). The stat words map as the planner's own slots map them."""
    m = PATTERN.search(text or "") or SPECIALIST.search(text or "")
    if not m:
        return None
    word = m.group(1).lower()
    cat = _MORE.get(word) or EXTRA_CATEGORIES.get(word) or normalize_category(word)
    return None if cat in (None, "TO") else cat
