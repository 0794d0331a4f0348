"""The players two earlier lists share (issue #36): "anyone on both lists?", "who shows up in both", "any overlap
between those two?" after two rankings or pickup lists.

Read from the thread's two latest answers that show a table of players (their 'Player' columns, as they were
shown); nothing is recomputed, so the overlap is of the lists the manager saw. Each shared player is said
with his place on each list; with none shared, the answer says so and names each list's top.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "research_overlap"
BOTH = re.compile(r"\b(?:on|in|across|make|made|makes|making|show(?:s|ed)? up (?:on|in)|appear(?:s|ed)? (?:on|in)) both"
                  r"(?: (?:lists?|tables?|rankings?|of (?:those|them|these|em|the lists|the tables|those lists)))?\b"
                  r"(?=\s*(?:$|too\b|as well\b|then\b|or\b|\?|!|\.))|"
                  r"\b(?:any |an |the )?overlap(?:s|ping)?\b(?! with my)|"
                  r"\b(?:names?|guys|players|anyone|anybody|who) (?:in common|that (?:are|is) (?:on|in) both)\b|"
                  r"\bin common\b(?= between| across| on| in|\s*\?|$)")


def lists_of(answers: list[str]) -> list[tuple[str, list[str]]]:
    """The two latest answers that show a table of players, latest first: (its heading, its players)."""
    from agents.offline.cards_read import table_players

    out = []
    for a in answers:
        names = table_players(a)
        if len(names) >= 2:
            out.append((_heading(a), names))
        if len(out) == 2:
            break
    return out


def _heading(answer: str) -> str:
    line = next((ln for ln in answer.splitlines() if ln.strip()), "")
    m = re.match(r"\*\*(.+?)\*\*", line.strip())
    return (m.group(1) if m else "the list").rstrip(":. ")


def read(p, prev) -> bool:
    """Whether the message asks which players two earlier lists share (in place: the act)."""
    if not BOTH.search(fold(p.text)) or len(p.text.split()) > 14:
        return False
    answers = [x for x in [getattr(p, "previous_answer", None), *(getattr(p, "thread_answers", None) or [])] if x]
    if len(lists_of(_unique(answers))) < 2:
        return False
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.follow_up, p.unknown, p.greeting = [], True, False, False
    p.frame = RequestFrame(punt=list(p.punt))
    return True


def _unique(answers: list[str]) -> list[str]:
    out: list[str] = []
    for a in answers:
        if a not in out:
            out.append(a)
    return out


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return []  # read from the lists shown, nothing recomputed


def answer(p, done: dict) -> str | None:
    answers = [x for x in [getattr(p, "previous_answer", None), *(getattr(p, "thread_answers", None) or [])] if x]
    found = lists_of(_unique(answers))
    if len(found) < 2:
        return None
    (new_head, new), (old_head, old) = found
    both = [x for x in new if x in old]
    if not both:
        return (f"**No player is on both lists.** {old_head}: {', '.join(old[:5])}. {new_head}: "
                f"{', '.join(new[:5])}.")
    names = " and ".join([", ".join(both[:-1]), both[-1]]) if len(both) > 1 else both[0]
    rows = "\n".join(f"| {x} | #{old.index(x) + 1} | #{new.index(x) + 1} |" for x in both)
    return "\n\n".join([
        f"**On both lists: {names}.**",
        f"| Player | {old_head} | {new_head} |\n|---|---|---|\n{rows}",
        f"Read from the two lists as shown ({len(old)} and {len(new)} players); a player beyond a list's "
        f"length is not on it."])
