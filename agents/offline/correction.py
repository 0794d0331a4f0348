"""A correction inside one message ("give me 8, no wait, make it 6", "for tomorrow, wait no, friday",
"top 5 -- actually 3"): what follows the last correction marker replaces what came before it, for the
slot it names again (a count, a day). The rest of the message stands.
"""
from __future__ import annotations

import re

MARKER = re.compile(r"\b(?:no,? wait|wait,? no|wait,? actually|nah,? wait|actually,? no|scratch that|strike that|i mean|"
                    r"or rather|sorry,? i meant|i meant|correction|make (?:it|that))\b|\bactually\b(?=[^.?!]{0,12}\d)", re.I)


def corrected_tail(text: str) -> str | None:
    """The words after the message's last correction marker, None when it has none (or nothing follows)."""
    last = None
    for m in MARKER.finditer(text or ""):
        last = m
    if last is None:
        return None
    tail = text[last.end():].strip(" ,.;:-")
    return tail or None
