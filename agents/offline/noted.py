"""A constraint said on its own, before any request (issue #36: every stated constraint honoured):
"Shai's not going anywhere. ever. just so you know", "heads up, I'm never trading Mobley". The turn
says it is noted; every later request in the thread that can leave players out (trades, move cards,
pickups, rankings) keeps them out (`thread_keep`, read by the planner from the thread's earlier
messages), until the user names one of them to move ("ok, shop Shai").
"""
from __future__ import annotations

import re

from services.league.lookup import fold

REQUEST = re.compile(r"\b(?:find|show|give|gimme|get me|who|whos|what|whats|which|should|any|best|rank\w*|how|"
                     r"trade for|looking|need|help|can you|could you|would you|trades?|trading|deals?|ideas?|options?|"
                     r"upgrade\w*|fix|improve|pick ?ups?|adds?|waivers?|free agents?|moves?|streamers?|stream\w*|lineup|"
                     r"start|sit|swaps?|flip|targets?|offers?|consolidate|package|via|can i|could i|should i|do i|"
                     r"will i|until|till|through|worth|or)\b")


def stated_keep(p) -> list[str]:
    """The players a message that only states a constraint keeps; [] when it asks for something."""
    from agents.offline.constraints import exclusions

    if not p.players or len(fold(p.text).split()) > 16 or REQUEST.search(fold(p.text)) or "?" in p.text or \
            p.categories:  # a category named is something asked for ("... for rebounds, don't touch Barnes")
        return []
    kept = exclusions(p.text, p.players)
    return kept if set(kept) >= set(p.players) else []


def noted_answer(p, done) -> str:
    kept = p.frame.exclude
    who = " and ".join(kept)
    verb = "stays" if len(kept) == 1 else "stay"
    return (f"**Noted: {who} {verb}.** In this conversation, trade searches never give "
            f"{'him' if len(kept) == 1 else 'them'}, move cards never drop {'him' if len(kept) == 1 else 'them'}, "
            f"and I say so in the answer. Name {'him' if len(kept) == 1 else 'one of them'} in a trade or a drop to "
            "change that.")


def thread_keep(earlier: list) -> list[str]:
    """The players the thread's earlier constraint-only messages keep, less any a later request moved
    (named in a trade's give or a drop)."""
    kept: list[str] = []
    for p in earlier:
        if p.act == "noted":
            kept += [n for n in p.frame.exclude if n not in kept]
        elif p.act.startswith("trade") or p.move:
            moved = set(getattr(p.frame, "give", []) or []) | ({p.move[0]} if p.move else set())
            kept = [n for n in kept if n not in moved]
    return kept
