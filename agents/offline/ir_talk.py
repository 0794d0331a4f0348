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
    return bool(IR_ASKED.search(p.text)) and not p.players and not p.move


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
