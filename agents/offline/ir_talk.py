"""A question about what sits in my IR slots ("who's on my IR?", "is my IR spot open?"), issue #36:
who is there (get_my_roster's `on_ir`), or that the slot is empty, and my OUT players who could go
there; not the optimizer's moves.
"""
from __future__ import annotations

import re

from agents.offline.text import _ok

IR_ASKED = re.compile(
    r"\b(?:who(?:'s| is| s| do i have| have i got| have i| am i holding)?|anyone|anybody|what(?:'s| is| s)?|is there \w+)"
    r"\b[^?.!]{0,20}\b(?:on|in) (?:my |the )?ir\b(?! (?:and|then|to|for|now and))|"
    r"\b(?:my |the )?ir (?:slots?|spots?)\b[^?.!]{0,12}\b(?:empty|open|free|full|taken|used|filled|available)\b|"
    r"\b(?:is|are) (?:my |the )?ir (?:slots?|spots?)\b", re.I)


def ir_asked(p) -> bool:
    """'Who's on my IR?', 'so who's sitting in my IR slot now' (players a follow-up took from the thread
    do not make it a move)."""
    from agents.offline.carry import named_here

    return bool(IR_ASKED.search(p.text)) and not named_here(p) and not (p.move and named_here(p))


# "can I stash both of them?", "IR both Collins and Ivey", "put them all on IR": more IR moves than one
IR_BOTH = re.compile(r"\b(?:stash|ir|put|move|place|throw|stick)\b[^?.!]{0,30}\b(?:both|all|the two|each|the pair)\b|"
                     r"\bboth\b[^?.!]{0,30}\b(?:on|to|in|into) (?:the |my )?ir\b|\b(?:ir|stash) (?:them|both) (?:both|all)\b",
                     re.I)


def ir_both_asked(p) -> bool:
    return bool(IR_BOTH.search(p.text)) and not p.move and (len(p.players) != 1)


def ir_both_answer(p, done) -> str | None:
    """How many of the players asked about can go to IR: the league's IR slots, who holds them, and the
    players (the ones named, else my OUT players) beyond what the free slots take."""
    for r in _ok(done, "get_my_roster"):
        d = r["data"]
        slots, on_ir = d.get("ir_slots", 1), d.get("on_ir") or []
        free = max(slots - len(on_ir), 0)
        out = [x["name"] for x in d.get("players", []) if x["status"] == "OUT"]
        who = [n for n in p.players if n not in on_ir] if len(p.players) >= 2 else out
        if not who:
            return (f"**Nobody on your active roster is OUT, so nobody can go to IR now** (your league has {slots} IR "
                    f"slot{'s' * (slots != 1)}, {free} free).")
        names = " and ".join(who) if len(who) <= 2 else ", ".join(who[:-1]) + " and " + who[-1]
        held = f"; {', '.join(on_ir)} holds {'it' if slots == 1 else 'one'}" if on_ir else ""
        plural = "s" if slots != 1 else ""
        if len(who) <= free:
            return (f"**Yes: your league has {slots} IR slot{plural} ({free} free{held}), enough for {names}.** "
                    "Ask \"IR them\" one at a time for each move's card.")
        can = "none of them" if free == 0 else "only one of them" if free == 1 else f"only {free} of them"
        return (f"**No: your league has {slots} IR slot{plural} ({free} free{held}), so {can} can go to IR"
                f"{': not both' if len(who) == 2 and free < 2 else ''}.** {names} are OUT; the other stays on your "
                f"roster (or is dropped). Ask \"IR {who[0].split()[-1]}\" (or another) for that move and its card.")
    return None


def ir_answer(done) -> str | None:
    for r in _ok(done, "get_my_roster"):
        d = r["data"]
        on_ir = d.get("on_ir") or []
        out = [x["name"] for x in d.get("players", []) if x["status"] == "OUT"]
        head = (f"**On IR: {', '.join(on_ir)}.**" if on_ir else "**Your IR slot is empty: nobody is on IR.**")
        could = (f" OUT on your active roster (could go to IR): {', '.join(out)}." if out else
                 " Nobody on your active roster is OUT, so nobody can go there now.")
        return head + could + " Ask \"should I IR one of them?\" for the move and its card."
    return None
