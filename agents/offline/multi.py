"""Several requests in one message: "is Embiid playing tonight? also who's the best C on waivers".

The message is cut at request boundaries (a question mark followed by more text, ";", " + ",
" & ", "also", "then", ", and", or "and" opening a new question: "... and is Mobley ok"). A cut
stands only when every piece is, on its own, a request the planner can act on (not vague, small
talk or nonsense, understood with the usual confidence) and the pieces are different acts; a
later piece reads the earlier ones as its thread ("... + when does he play next" is about the
first piece's player). Each piece is then planned and answered in turn within one turn.
"""
from __future__ import annotations

import re

BOUNDARY = re.compile(
    r"\?+\s+(?=\S)|\s*;\s*|\s+\+\s+|\s+&\s+|\s*,?\s+(?:and\s+)?also\b[\s,]*|\s*,\s*(?:and\s+)?then\b[\s,]*|"
    r"\s+and then\b\s*|\s*,\s+and\s+|"
    r"\s+and\s+(?=(?:is|are|who|whos|who s|what|whats|what s|how|hows|how s|when|whens|does|do|did|will|can|"
    r"should|set|show|find|give|tell|any|which|where)\b)", re.I)
LEAD = re.compile(r"^(?:(?:and|also|plus|then|oh|btw|ok|so)\b[\s,]*)+", re.I)  # "... ? also who's ...": not a follow-up cue
UNSPLIT_ACTS = ("vague", "nonsense", "general_smalltalk", "clarify", "general_why")
ROUTED = ("market_desk", "market_edges")  # answered by their own node, not the planner's tool loop


def pieces(text: str) -> list[str]:
    """The message cut at every request boundary (one piece when there is none)."""
    out = [LEAD.sub("", p.strip(" ,.")) if i else p.strip(" ,.") for i, p in enumerate(BOUNDARY.split(text))]
    return [p for p in out if p and re.search(r"[a-zA-Z]", p)]


def split_requests(text: str, as_of, previous, parse, clarify_below: float) -> list:
    """The parsed requests of a message with several (each read with the earlier ones as its thread),
    or [] when it is one request. `parse` and `clarify_below` are the reader's (agents.offline.nlu,
    passed in: this module is the reader's helper, never its caller)."""
    parts = pieces(text)
    if len(parts) < 2 or len(parts) > 3:
        return []
    parsed, prev = [], previous
    for piece in parts:
        p = parse(piece, as_of, prev, split=False)
        if p.act in UNSPLIT_ACTS or p.act in ROUTED or p.wants_moves or p.unknown or p.confidence < clarify_below \
                or len(piece.split()) < 2:
            return []
        parsed.append(p)
        prev = p
    # two pieces with one act are one request said twice or with its details after it ("who should I
    # stream? I'm down in assists"): the whole message reads better as one
    return parsed if len({p.act for p in parsed}) == len(parsed) else []
