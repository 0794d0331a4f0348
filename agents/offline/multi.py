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


PLUS = re.compile(r"\s+\+\s+")


def packaged(text: str) -> str:
    """"claxton + bol bol for sengun": a plus between two players is a package ("and"), not two requests
    ("who's hot + should I drop bol" still splits)."""
    from agents.offline.slots import find_players

    out, rest = [], text
    for m in list(PLUS.finditer(text))[::-1]:
        before, after = text[:m.start()].split()[-3:], text[m.end():].split()[:3]
        left = any(find_players(" ".join(before[-k:])) for k in (1, 2, 3))
        right = any(find_players(" ".join(after[:k])) for k in (1, 2, 3))
        if left and right:
            text = text[:m.start()] + " and " + text[m.end():]
    return text


# numbered asks ("3 qs: 1) who's hot 2) is bol worth it 3) ..."): each number a boundary, the count before them dropped
NUMBERED = re.compile(r"(?:^|\s)\(?[1-5][).:]\s+")
ASKS_COUNT = re.compile(r"^\s*(?:ok |so |quick |a few |couple )?(?:\d|two|three|four|five)?\s*(?:quick )?(?:qs?|questions?|"
                        r"things?|asks?)\s*[:\-]?\s*$", re.I)


def pieces(text: str) -> list[str]:
    """The message cut at every request boundary (one piece when there is none)."""
    if len(NUMBERED.findall(text)) >= 2:
        cut = [c for c in NUMBERED.split(text) if c.strip() and not ASKS_COUNT.match(c)]
        text = " ; ".join(c.strip(" ,.;") for c in cut)
    out = [LEAD.sub("", p.strip(" ,.")) if i else p.strip(" ,.") for i, p in enumerate(BOUNDARY.split(text))]
    return [p for p in out if p and re.search(r"[a-zA-Z]", p)]


# "gimme the hot take", "be honest": how to answer, not a request of its own
OPINION = re.compile(r"(?:gimme|give me|what s|whats|what is|your|just)?\s*(?:the |your |an? )?(?:hot take|honest take|take|"
                     r"honest opinion|opinion|thoughts|verdict|be honest|be real|no bs|keep it real|straight answer)"
                     r"(?: please| pls)?")

# "show me what's out there", "what are my options", "whatcha got": asks to see the answer, not a request of its own
SHOW_ME = re.compile(r"(?:(?:ok|so|just|pls|please|and|go ahead and|come on)\s+)*(?:show me|tell me|gimme|give me|let me see|"
                     r"lemme see|lets see|let s see|what s|whats|what is|what are|what have you got|whatcha got|what do you have|"
                     r"what d you have|hit me with|lay out|list)\s*(?:what s|whats|what is|what you ve got|what you have|what you got|"
                     r"the|my|your|some|all the)?\s*(?:out there|available|options?|choices|possibilities|ideas|results?|"
                     r"list|it|them|em|everything|the goods|what you got|what you ve got|what you have)?(?:\s+(?:please|pls|out there))?|"
                     r"(?:whatcha got|what you got|hit me|let s see it|lets see it|let s hear it|go for it|go)")


# a piece that is only the request's count: "who should i pick up for friday? top 4", "... just 5 pls"
COUNT_ONLY = re.compile(r"(?:(?:top|just|only|max|first|best|gimme|give me|show me)\s+)?(?:\d{1,2}|three|four|five|six|seven|"
                        r"eight|nine|ten|twelve|a dozen|a half dozen)(?:\s+(?:please|pls|max|only|guys|players|names|"
                        r"is plenty|is enough|of them|or so|tops))?")


def constraint_only(piece: str) -> bool:
    """A piece that only states a constraint on the request before it ("keeping JJJ", "Shai stays",
    "not Collins", "without giving up Mobley"): every player it names is kept or ruled out; or it
    names nobody and keeps a position of mine ("not trading my centers") or rules out a team
    ("nobody from phoenix")."""
    from agents.offline.constraints import exclusions
    from agents.offline.list_filters import kept_positions, not_teams_of
    from agents.offline.slots import find_players
    from services.league.lookup import fold

    if len(piece.split()) > 14 or "?" in piece or ASKS.match(piece.strip()):
        return False
    named = find_players(piece)
    if not named:
        folded = fold(piece)
        return bool(kept_positions(folded) or not_teams_of(folded) or COUNT_ONLY.fullmatch(folded))
    return set(exclusions(piece, named)) >= set(named)


# "want someone w 3 games left", "ideally a center who plays friday", "needs to be healthy": the kind of
# player the request before it is after, said after it
PREFERENCE = re.compile(r"^(?:(?:but|and|ok|oh|pls|please)\s+)?(?:i\s+|i d\s+|id\s+|we\s+)?(?:(?:would\s+)?(?:want|wants|need|needs|"
                        r"prefer|like)|looking for|lookin for|ideally|preferably|hopefully|gotta be|got to be|has to be|have to be|"
                        r"must be|must have|should be|needs to|has to|only)\b", re.I)


def preference_only(piece: str) -> bool:
    """A piece that only describes the player the request before it wants ("want someone w 3 games
    left this week"): it opens with a wish and names nobody and asks nothing of its own."""
    from agents.offline.slots import find_players

    p = piece.strip()
    return bool(PREFERENCE.match(p)) and not ASKS.match(p) and "?" not in p.rstrip("?") and not find_players(p) \
        and len(p.split()) <= 14


def without_preferences(text: str) -> str:
    """The message less the pieces that only describe the wanted player ("who do i grab for him? want
    someone w 3 games left": "who do i grab for him"): the act is read from what is asked, the slots
    (games, day, position) from the whole message."""
    parts = pieces(text)
    if len(parts) < 2 or not any(preference_only(p) for p in parts[1:]):
        return text
    return " ".join(p if p.endswith("?") else p + "?" for p in [parts[0]] + [p for p in parts[1:] if not preference_only(p)])


# a day's empty starting spots asked with who fills them ("how many empty spots friday, and who off waivers plays that
# day to fill em"): one ask (agents/offline/open_slots.py), its fill on the same day
OPEN_SLOTS = re.compile(r"\b(?:empty|open|unfilled|free|unused|dead|vacant)\s+(?:starting\s+|lineup\s+|roster\s+)?"
                  r"(?:spots?|slots?|spaces?|places?)\b|\bempties\b|\bholes? in (?:my|the) lineup\b|"
                  r"\bhow many (?:spots|slots) (?:will |do i )?(?:be |have )?(?:open|empty|unfilled)\b")
FILL_SLOTS = re.compile(r"\bfill\w*\b|\bplug\w*\b|\boff (?:the )?(?:waivers?|wire)\b|\bpick ?ups?\b|\bstream\w*\b|"
                  r"\bwho (?:on|off|from) (?:the )?(?:waivers?|wire)\b")



CORRECTION = re.compile(r"^(?:(?:no|nah|nope|wait|sorry|oops|my bad|actually|ugh|ah|oh|err|uh)\W+)*(?:i\s+)?meant\s+\S")


def split_requests(text: str, as_of, previous, parse, clarify_below: float) -> list:
    """The parsed requests of a message with several (each read with the earlier ones as its thread),
    or [] when it is one request. `parse` and `clarify_below` are the reader's (agents.offline.nlu,
    passed in: this module is the reader's helper, never its caller)."""
    from agents.offline.act_cues import IR_OPTIONS
    from services.league.lookup import fold

    parts = pieces(packaged(text))
    if IR_OPTIONS.search(fold(text)):  # "ivey's out forever. options? IR, drop, whatever works": one ask, its options
        return []
    if OPEN_SLOTS.search(fold(parts[0] if parts else text)) and FILL_SLOTS.search(fold(text)):
        return []  # the empty spots and their fill: one ask
    if CORRECTION.match(fold(text)):  # "oops meant 32 min not 30. and make it 12": one correction of the last request
        return []
    if len(parts) < 2 or len(parts) > 3 or any(constraint_only(piece) or preference_only(piece)
                                              or OPINION.fullmatch(piece.strip(" ?!.").lower())
                                              or SHOW_ME.fullmatch(fold(piece).strip()) for piece in parts[1:]):
        return []  # "any trades for steals? keeping JJJ": the second piece is the first one's constraint
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
    if len({p.act for p in parsed}) == len(parsed) or two_questions(parsed):
        return parsed
    return []


ASKS = re.compile(r"^(?:how|what|whats|who|whos|when|which|is|are|does|do|did|will|can|should|could|would)\b", re.I)


def two_questions(parsed: list) -> bool:
    """Pieces of one act that are different questions ("how many games has Barnes got left, and does
    he play saturday?"): each opens as a question and they ask over different spans (a day, a last-N,
    the week)."""
    spans = {(p.day, p.last_n, p.rest_of_week) for p in parsed}
    return len(spans) == len(parsed) and all(ASKS.match(p.text.strip()) for p in parsed)


SAME_FOR = re.compile(r"^(?:(?:ok(?:ay)?|and|also|now|what about|how about|wbu|same (?:q|question|thing|for)|"
                      r"same for|for|then)\b[\s,]*)+", re.I)
NOT_BARE = re.compile(r"\b(?:play\w*|games?|trade\w*|drop\w*|add\w*|last|week\w*|injur\w*|status|compare|vs|"
                      r"better|instead|pick ?up|stream\w*|hold|start|sit|news|log|rank\w*)\b", re.I)


def for_others(text: str, as_of, previous, parse) -> list:
    """"and Bron?" after a message of several requests ("how many games does Melo have left and is he
    playing friday?"): each request again, for the players now named; [] when the message is more
    than a name or two after a cue, or the previous message was one request."""
    from services.league.lookup import fold

    siblings = getattr(previous, "siblings", None) or []
    if len(siblings) < 2:
        return []
    rest = SAME_FOR.sub("", fold(text)).strip()
    if not rest or len(rest.split()) > 4 or NOT_BARE.search(rest):
        return []
    named = parse(text, as_of, None, split=False).players
    old = set(previous.players)
    if not named or set(named) & old:
        return []
    out, prev = [], None
    for piece in siblings:
        q = parse(piece.text, as_of, prev, split=False)
        if not q.players or set(q.players) & old:
            q.players = list(named)
        q.follow_up = True
        out.append(q)
        prev = q
    return out
