"""A manager correcting himself (issue #36: replies to what was said): "compare beal and conley.
wait I meant bogdanovic not conley" is the comparison of Beal and Bogdanovic; "show me trades,
actually forget trades, just give me a pickup" is the pickup. `rewrite` turns such a message into
the request it ends up making, before anything else reads it; `swap_only` reads a message that is
only a correction ("sorry, I meant Mobley not Mitchell"), for the previous request with the name
swapped.
"""
from __future__ import annotations

import re

_MEANT = (r"(?:(?:wait|sorry|oops|no|sry|whoops|my bad|correction)\W*)*(?:i\s+meant|i\s+mean|meant|make\s+(?:it|that))\s+"
          r"(?P<new>[\w .'\-]+?)\s*,?\s+(?:not|instead of|rather than)\s+(?P<old>[\w .'\-]+?)")
MEANT = re.compile(rf"(?:^|[.,;!?]\s*|\s+){_MEANT}\s*[.!?]*\s*$", re.I)
SWAP_ONLY = re.compile(rf"^\s*{_MEANT}\s*[.!?]*\s*$", re.I)
CANCEL = re.compile(r"(?:^|[.,;!?]\s*|\s)(?:actually|scratch that|never ?mind|nvm|on second thought|wait)(?:,?\s+no)?"
                    r"\s*(?:[,.;!\-]+\s*|\s+(?=forget\b)|\s+(?=never ?mind\b))"
                    r"(?:forget (?:about )?(?:the |that |those |it|this)?[\w ]*?[,.;!]\s*)?(?:just\s+)?(?P<rest>[^.,;!?].*)$",
                    re.I)
FORGET_OPENING = re.compile(r"^\s*(?:actually|scratch that|never ?mind|nvm|on second thought|wait)\W+(?:no\W+)?forget\b",
                            re.I)
FORGET_HEAD = re.compile(r"^\s*forget (?:about )?(?:the |that |those |it|this)?[\w ]*?[,.;!]\s*(?:just\s+)?", re.I)


def _replace_name(text: str, old: str, new: str) -> str | None:
    """`text` with the player called `old` (his whole name, or its last word) written as `new`."""
    for form in (old, old.split()[-1]):
        pattern = re.compile(rf"\b{re.escape(form)}\b", re.I)
        if pattern.search(text):
            return pattern.sub(new, text, count=1)
    return None


def rewrite(text: str) -> str:
    """The request the message ends up making (itself when it corrects nothing)."""
    m = MEANT.search(text)
    if m and m.start() > 0:
        head = text[:m.start()].rstrip(" ,;")
        swapped = _replace_name(head, m.group("old").strip(), m.group("new").strip())
        if swapped:
            return swapped
    m = CANCEL.search(text)
    opening = bool(m) and m.start() == 0 and bool(FORGET_OPENING.match(text))  # "actually forget trades, just ..."
    if m and (m.start() > 0 or opening) and len(m.group("rest").split()) >= 2:
        rest = m.group("rest")
        while True:
            cut = re.sub(r"^\s*(?:never ?mind|nvm|scratch that|actually|wait|on second thought)\W+", "", FORGET_HEAD.sub("", rest))
            if cut == rest:
                return rest.strip()
            rest = cut
    return text


def swap_only(text: str) -> tuple[str, str] | None:
    """(new, old) when the whole message is a correction of a name ("sorry, I meant Mobley not Mitchell")."""
    m = SWAP_ONLY.match(text)
    return (m.group("new").strip(), m.group("old").strip()) if m else None
