"""A card of the thread's last list recalled by its place ("remind me what the third option was", "what
was the 2nd card again") and a move asked to be weighed again ("still worth doing now that the first one
went through?"): that card's drop and add, judged again as the roster stands now (`evaluate_move`, which
also names a better move and says when the move can no longer be made), under a line that names the card
as it was offered, with its figures. Nothing executes: the move comes back as a card of its own.
"""
from __future__ import annotations

import re

from agents.offline.cards_read import RECALL
from services.league.lookup import fold

ACT = "fa_recall"

# the previous move weighed again: "still worth doing?", "does it still hold", "is that still the move now"
STILL = re.compile(r"\bstill (?:worth|good|a good|the right|the best|make sense|makes sense|hold|holds|valid|on|the move|"
                   r"the play|the call|a go|smart|wise|an upgrade|help|helps)\b|\b(?:does|is|would) (?:it|that|this)"
                   r"(?: one| move| swap)? still\b|\b(?:worth|good|smart) (?:doing|making|it) (?:now|still)\b")


def recalled(p) -> tuple[int, tuple[str, str, str, str]] | None:
    """(place, card) of the card a recall names, from the thread's latest card list; None when the message
    is no recall, names a player, or the place is past the list."""
    from agents.offline.card_words import card_ordinal, card_pair
    from agents.offline.carry import named_here
    from agents.offline.cards_read import offered_cards

    t = fold(p.text)
    if named_here(p) or not RECALL.search(t) or card_pair(p.text):  # two places weighed: frame_read's why_not
        return None
    place = card_ordinal(p.text)
    cards = offered_cards(p) if place is not None else []
    if not cards:
        return None
    i = len(cards) - 1 if place == 99 else place
    return (i, cards[i]) if i < len(cards) else None


def weighed_again(p) -> tuple[str, str, str, str] | None:
    """The card a "still worth it?" asks about: the one the previous answer named first (a recalled card,
    a user's move), when the message names nobody."""
    from agents.offline.carry import named_here
    from agents.offline.cards_read import cards_in

    if named_here(p) or not STILL.search(fold(p.text)):
        return None
    cards = cards_in(p.previous_answer)
    return cards[0] if cards else None


def read(p, prev) -> bool:
    """Whether the message recalls a card or asks the previous move weighed again (in place: the act, the
    move, the card recalled)."""
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    got = recalled(p)
    card = got[1] if got else weighed_again(p)
    if card is None:
        return False
    head, drop, add, line = card
    take(p, ACT)
    p.move, p.players, p.unknown, p.greeting, p.follow_up = (drop, add), [drop, add], False, False, True
    p.recalled = (got[0] if got else None, head, line)
    p.frame = RequestFrame(players=[drop, add], punt=list(p.punt))
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    _, head, _ = p.recalled
    kind = {"kind": "ir"} if head.startswith("Move ") else {}
    return [] if done else [("evaluate_move", {"drop": p.move[0], "add": p.move[1], **kind,
                                               **({"punt": list(p.punt)} if p.punt else {}),
                                               **({"mode": p.mode} if p.mode else {})})]


PLACES = ("first", "second", "third", "fourth", "fifth")


def answer(p, done: dict) -> str | None:
    """The card as it was offered (a recall), then the move judged again, or why it can no longer be made."""
    from agents.offline.answers import user_move

    i, head, line = p.recalled
    figures = re.findall(r"[+-]\d+(?:\.\d+)? (?:pts|cats|cat value|fantasy pts)[^|,;*()]*", line)
    figures = [x.strip().rstrip(". ") for x in figures[:2]]
    if line.startswith("|") and len(figures) == 2:  # the moves table's row: its This week and Rest of season cells
        figures = [f"{figures[0]} expected this week", f"{figures[1]} rest of season"]
    shown = f", {', '.join(figures)}" if figures else ""  # a card's own shape
    if i is not None:
        place = PLACES[i] if i < len(PLACES) else f"#{i + 1}"
        lead = (f"**The {place} option was: {head}{shown}.** Those were its figures when it was offered; "
                f"judged again as your roster stands now:")
    else:
        lead = f"**{head}, judged again as your roster stands now:**"  # (the figures shown then are not today's)
    failed = [r["data"].get("error", "") for r in done.get("evaluate_move", []) if not r["ok"]]
    if failed:
        return (f"{lead}\n\n**It can no longer be made as offered:** {failed[0]} "
                f"Ask me for moves again and I'll rank what your roster allows now.")
    parts = user_move(done)
    return "\n\n".join([lead, *parts]) if parts else None
