"""'What's my weakest category?' (issue #36: replies to the message): the roster's rank in each
category among the league's teams over the rest of the season (`get_team_strength`'s
`category_ranks`, the trade verdict's profile), weakest first; a follow-up "find me a trade to fix
it" targets the weakest ones the answer named (`weak_named`).
"""
from __future__ import annotations

import re

from agents.offline.text import _ok, _table
from services.league.lookup import fold

WEAK_CATS = re.compile(r"\b(?:weak\w*|worst|bad|lowest|struggl\w*|lacking|strong\w*|best)\b[^?.!]{0,25}\b(?:cats?|categor\w*)\b|"
                       r"\b(?:cats?|categor\w*)\b[^?.!]{0,25}\b(?:am i|are we|i'?m|we'?re|my team is|is my team)\b"
                       r"[^?.!]{0,15}\b(?:weak\w*|worst|bad|behind|good|strong\w*|best)\b|"
                       r"\bwhere (?:do|does) (?:i|we|my team) rank\b|\bmy category (?:ranks?|profile|strengths?)\b")
FIX_IT = re.compile(r"\b(?:fix|help|improve|boost|address|shore up|patch)\w*(?: (?:with|out with|in|on))? "
                    r"(?:it|that|them|those|this|these|my weak\w*)\b")
WEAKEST_LINE = re.compile(r"\*\*Your weakest categories over the rest of the season: ([^*]+?)\.\*\*")


def weak_cats_asked(p) -> bool:
    return bool(WEAK_CATS.search(fold(p.text))) and not p.players and not p.categories


def weak_named(previous_answer: str | None) -> list[str]:
    """The categories a weakness answer named weakest ("AST (#8 of 10), 3PM (#8 of 10)" -> AST, 3PM)."""
    m = WEAKEST_LINE.search(previous_answer or "")
    return re.findall(r"([A-Z0-9%]+) \(#", m.group(1)) if m else []


def profile_answer(p, done) -> str | None:
    if p.scoring != "categories":
        return ("**This league scores fantasy points, so no category is weak or strong on its own:** every stat "
                "counts through its points value. Ask \"is my team any good?\" for the roster's strength.")
    for r in _ok(done, "get_team_strength"):
        teams = r["data"]["teams"]
        me = next(t for t in teams if t["mine"])
        ranks = me.get("category_ranks") or {}
        if not ranks:
            return None
        n = len(teams)
        order = sorted(ranks, key=lambda c: (-ranks[c], c))
        weak = [c for c in order if ranks[c] > n / 2][:3] or order[:1]
        strong = [c for c in reversed(order) if ranks[c] <= 3][:3]
        lead = ("**Your weakest categories over the rest of the season: "
                + ", ".join(f"{c} (#{ranks[c]} of {n})" for c in weak) + ".**")
        if strong:
            lead += " Strongest: " + ", ".join(f"{c} (#{ranks[c]})" for c in strong) + "."
        rows = [[c, f"#{ranks[c]} of {n}"] for c in order]
        return "\n\n".join([lead, _table(["Category", "Your rank"], rows),
                            "Ranked by each roster's rest-of-season contributions (per-game z-score x expected games), "
                            "the profile the trade verdicts use; this week's matchup is \"how is my matchup?\". "
                            f"Ask \"find me a trade to fix it\" for trades aimed at {', '.join(weak)}."])
    return None
