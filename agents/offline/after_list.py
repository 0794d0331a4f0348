"""Reads of a message that follows a list the previous answer showed (read by
agents/offline/understand.py before the rest): "give me 2 more" / "too many, fewer" (the same list,
new names or fewer rows), "the top guy's hurt though" (that list again without him), and a pick from
a next-week list ("ok add the top one": its card says it counts from today).
"""
from __future__ import annotations

import re

from agents.offline.carry import frame_of, take
from agents.offline.pool import hurt_pushback
from services.league.lookup import fold


def for_next_week(p, prev, previous_answer: str | None) -> bool:
    """The request, or a pick from the next-week list just shown ("ok add the top one"), is about next
    week: a card for it says it counts from today (agents/offline/writer.py)."""
    from agents.offline.cards_read import list_players

    if getattr(getattr(p, "frame", None), "horizon", None) == "next_week":
        return True
    if prev is None or getattr(getattr(prev, "frame", None), "horizon", None) != "next_week" or not p.players:
        return False
    return set(p.players) <= set(list_players(previous_answer))


def pushed_back(p, prev, previous_answer: str | None) -> bool:
    """A listed player said to be hurt, or healthy players only, after a list (agents/offline/pool.py)."""
    from agents.offline.cards_read import list_players

    hurt = hurt_pushback(p, prev, list_players(previous_answer) if prev is not None else [])
    if hurt is None:
        return False
    p.frame = frame_of(p, getattr(prev, "frame", None), previous_answer)
    if hurt:
        p.frame.exclude = list(dict.fromkeys([*p.frame.exclude, hurt]))
        p.hurt_named = hurt
    return True


MORE = re.compile(r"^(?:\w+\W+){0,3}?(?:give me |show me |gimme |list |got |any )?(?P<n>\d{1,2}|a few|a couple|two|three|"
                  r"four|five)? ?more(?: names| guys| players| options| of them| like that)?(?: please| pls)?\W*$")
FEWER = re.compile(r"\b(?:fewer|less|too many|shorter|cut it down|trim it)\b")
WORD_N = {"a few": 3, "a couple": 2, "two": 2, "three": 3, "four": 4, "five": 5}
LISTS = ("fa_scan", "fa_hot", "research_rankings")


def more_or_fewer(p, prev) -> None:
    """"give me 2 more" / "too many, fewer" after a list: the same list, with that many new names (the
    ones shown left out) or fewer rows; read before the rest (in place)."""
    t = fold(p.text)
    if prev is None or prev.act not in LISTS or len(t.split()) > 7 or p.players:
        return
    more, fewer = MORE.match(t), FEWER.search(t)
    if not (more or fewer):
        return
    take(p, prev.act)
    p.follow_up, p.unknown, p.greeting = True, False, False
    p.categories, p.position = p.categories or list(prev.categories), p.position or prev.position
    before = getattr(getattr(prev, "frame", None), "count", None) or (10 if prev.act == "research_rankings" else 5)
    if more:
        n = more.group("n")
        p.list_size = ("more", int(n) if n and n.isdigit() else WORD_N.get(n or "", 3), before)
    else:
        p.list_size = ("fewer", max(1, before // 2), before)


def with_list_size(p, previous_answer: str | None):
    """The count "more" / "fewer" set: a free-agent list leaves out who was shown; a ranking shows
    its next rows."""
    size = getattr(p, "list_size", None)
    if not size:
        return p
    from agents.offline.cards_read import list_players

    kind, n, before = size
    if kind == "more" and p.act == "research_rankings":
        p.frame.count = min(50, before + n)
    elif kind == "more":
        shown = list_players(previous_answer)
        p.frame.exclude = list(dict.fromkeys([*p.frame.exclude, *shown]))
        p.frame.count = n
    else:
        p.frame.count = n
    return p
