"""What the thread's earlier answers offered, read back from their text: the move cards (their heads,
players and lines, in order) and the tables' cells. The conversation acts (agents/offline/acts.py,
why_not.py) answer from these, so they use the same numbers the cards showed."""
from __future__ import annotations

import re

CARD_HEAD = re.compile(r"(Move (?P<ird>[^,|*]+?) to IR, add (?P<ira>[^,|*]+?)|Drop (?P<d>[^|*]+?) -> Add (?P<a>[^,|*]+?))"
                       r"(?=,|\s*\||\*|\s[+-]\d|\.\s|$)", re.M)


def cards_in(answer: str | None) -> list[tuple[str, str, str, str]]:
    """(head, drop, add, the line it is on) of each move the answer offered, in order, once each."""
    out, seen = [], set()
    for line in (answer or "").splitlines():
        for m in CARD_HEAD.finditer(line):
            drop, add = (m.group("ird"), m.group("ira")) if m.group("ird") else (m.group("d"), m.group("a"))
            head = m.group(1).strip().rstrip(":")
            if head not in seen:
                seen.add(head)
                out.append((head, drop.strip(), add.strip().rstrip(":"), line.strip()))
    return out


def _table_cells(answer: str) -> list[list[str]]:
    rows = []
    for line in (answer or "").splitlines():
        s = line.strip()
        if s.startswith("|") and s.endswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                rows.append(cells)
    return rows


def offered_cards(p) -> list[tuple[str, str, str, str]]:
    """The cards the thread last offered as a list: the latest answer with cards that is not itself an
    affirmation's answer (after "yes the 1st one", "no, the second" counts in the same list)."""
    for answer in [p.previous_answer, *getattr(p, "thread_answers", [])]:
        if answer and not answer.startswith(AFFIRMED) and cards_in(answer):
            return cards_in(answer)
    return cards_in(p.previous_answer)


AFFIRMED = "**Card "




def lead_player(answer: str | None) -> str | None:
    """The player a list answer leads with: its first card's add (the recommended pickup), else the
    first row of its 'Player' column ("is he injured?" after "best free agent center?")."""
    cards = cards_in(answer)
    if cards:
        return cards[0][2]
    for cells in _table_cells(answer or ""):
        if "Player" in cells:
            col = cells.index("Player")
            continue
        if "col" in locals() and len(cells) > col:
            return re.sub(r"\s*\([^)]*\)$", "", cells[col])
    return None
