"""The two sides of a trade named in a message: who I give and who I get in "A (and B) for C" (by
where each player is named, an offer relayed to me read the other way round: `split_sides`), and
the categories a keep-clause protects ("improve my assists without hurting my points":
`split_protected`). Read by the trade plans of agents/offline/trade_talk.py and by the act and
frame reads (agents/offline/understand.py, frame_read.py, followups.py).
"""
from __future__ import annotations

import re

FOR = re.compile(r"\b(for|get|to get|in exchange for)\b")
# "without hurting my points", "while keeping my blocks", "but not at the cost of my threes": protected categories
KEEP = re.compile(r"\b(without (?:\w+ing|giving up|costing me)|(?:while|but|and) (?:still )?(?:keep(?:ing)?|"
                  r"maintain(?:ing)?|protect(?:ing)?|hold(?:ing)? (?:on to|onto)?|not (?:\w+ing|los\w+|hurt\w*|"
                  r"at the (?:cost|expense) of))|not at the (?:cost|expense) of|as long as (?:my|i keep))\b")
# what my player brings back ("what can I get for jjj", "who's gettable for jjj alone", "what does Beal fetch"): he goes
GIVE_FOR = re.compile(r"\bwhat (?:can|could|would|will|might|do|does) (?:i|we|he|it) (?:actually |realistically |even |really |possibly |reasonably )?(?:get|fetch|land|bring back)(?: me| us)?"
                      r"(?: back| in return| in a trade)? for\b|\b(?:gettable|obtainable|available in a trade) for\b|"
                      r"\bfor (?:\w+ ){1,2}alone\b|\bwhat (?:does|would|will|could) \w+(?: \w+)? fetch\b|"
                      # "can i get a center for beal", "get me two wings back for conley" (a kind of player back for mine)
                      r"\b(?:get|land|fetch)(?: me| us)? (?:a |an |one |some |two |2 )?(?:\w+ ){0,2}?(?:centers?|guards?|forwards?|"
                      r"wings?|bigs?|stars?|upgrades?|pieces?)(?: back)? for\b|"
                      # the market for him: "any takers for beal?", "who'd want conley", "is there a market for bol"
                      r"\b(?:any )?takers? (?:for|on)\b|\bany takers\b|\b(?:is there|any|what s the|whats the|what is the) "
                      r"(?:a |any )?(?:market|demand|interest) (?:for|in|on)\b|"
                      r"\b(?:who|anyone|anybody|any ?one|someone|somebody|any (?:team|manager|owner)s?|which (?:team|manager|"
                      r"owner)s?)(?: else)?\s+(?:would |might |will |d |s |out there )?(?:want|wants|need|needs|take|takes|bite on|"
                      r"be interested in|interested in)\b(?! (?:to|a|an|some|more|help)\b)|"
                      r"\bcan (?:i|we) (?:move|flip|deal|ship|trade|sell) (?:\w+ ){1,3}for (?:anything|something|value)\b")
# my players offered for a kind of player ("i wanna move bol and bogdanovic for anyone who helps 3s"): a trade search
SHOP_FOR = re.compile(r"\b(?:move|moving|flip|flipping|ship|shipping|deal|dealing|package|packaging|shop|shopping|sell|selling|"
                      r"trade|trading)\b(?![^.?!]{0,30}\b(?:to|on|onto|into) (?:the |my )?(?:ir|bench|util)\b)"
                      r"[^.?!]{0,40}\bfor (?:anyone|anybody|someone|somebody|whoever|any ?one|some ?one|help|an upgrade|"
                      r"something|a (?:good|better|real|solid|decent)? ?(?:player|piece|guy|starter))\b")
# "what if I throw conley in too", "i'll throw in bol bol as a sweetener": one more of mine
SWEETEN = re.compile(r"\b(?:throw|toss|add|put|include|sweeten (?:it|the deal|that) with|stick)\b[^.?!]{0,30}\b(?:in|into|on|"
                     r"too|as well|also|to (?:the|that|my) (?:deal|offer|side|package|trade))\b|\bsweeten\b|"
                     r"\bwhat if i (?:also )?(?:give|send|add|include|throw)\b|\b(?:and|plus) \w+(?: \w+)? too\b")
CLAUSE_END = re.compile(r"[,.;?!]|\b(and|but|while) (improv|boost|help|get|add|gain)")


def _fold(text: str) -> str:
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))


# an offer made to me ("she's offering monk for beal", "he offered me X for my Y", "wants to give me X for
# Y"): the players before "for" are the ones I would get
OFFERED = re.compile(r"\b(?:offer(?:s|ed|ing)|propos(?:es|ed|ing)|pitch(?:es|ed|ing)|want(?:s|ed)? to (?:give|send) me|"
                     r"(?:would|will|could) (?:give|send) me|giv(?:es|ing) me|send(?:s|ing) me|dangl(?:es|ed|ing))\b")
ASKING = re.compile(r"\b(?:should i|can i|could i|do i|i (?:want|wanna|d like|would like|m thinking|am thinking)|"
                    r"what if i|if i|i (?:offer|propos|pitch|sen[dt]|dangl)\w*|we (?:offer|propos)\w*)\b")


def split_sides(text: str, players: list[str]) -> tuple[list[str], list[str]]:
    """(give, get) from "A (and B) for C": players named before the first "for"/"get" are given, unless
    the message relays an offer made to me ("offering A for B": A is what I get) or marks the later
    side as mine ("A for my B")."""
    give, get = _split(text, players)
    t = _fold(text)
    first = min([i for i in (t.find(_surname(p)) for p in players) if i >= 0], default=len(t))
    head = t[:first]
    mine_later = bool(get) and all(re.search(rf"\bmy (?:\w+ )?{re.escape(_surname(p))}\b", t) for p in get) \
        and not any(re.search(rf"\bmy (?:\w+ )?{re.escape(_surname(p))}\b", t) for p in give)
    if give and get and ((OFFERED.search(head) and not ASKING.search(head)) or mine_later):
        return get, give
    return give, get


def _split(text: str, players: list[str]) -> tuple[list[str], list[str]]:
    """(give, get) by place: where each player was named is read from the mentions (a nickname or
    first name, "sga for ant", counts where it stands), else from his surname."""
    from agents.offline.slots import player_mentions
    from services.league.lookup import fold

    words = fold(text).split()
    at: dict[str, int] = {}
    for i, _, name in player_mentions(text):
        at.setdefault(name, i)
    if players and all(p in at for p in players):
        first = at[players[0]]
        cut = next((i for i in range(first, len(words)) if words[i] in ("for", "get")), len(words))
        return [p for p in players if at[p] < cut], [p for p in players if at[p] >= cut]
    t = _fold(text)
    where = {p: t.find(_surname(p)) for p in players}
    m = FOR.search(t, min([i for i in where.values() if i >= 0], default=0))  # the first "for" after the first name
    cut = m.start() if m else len(t)
    give = [p for p in players if 0 <= where[p] < cut]
    get = [p for p in players if where[p] >= cut or where[p] < 0]
    return give, get


def _surname(name: str) -> str:
    """The word a player is found by in a message: his last name, a suffix left off ("Jaren Jackson
    Jr.": jackson)."""
    words = [w for w in _fold(name).replace(".", "").split() if w not in ("jr", "sr", "ii", "iii", "iv")]
    return (words or _fold(name).split())[-1]


def split_protected(text: str, categories: list[str]) -> tuple[list[str], list[str]]:
    """(targets, protected) from "improve my assists without hurting my points": the categories
    named in a keep-clause are protected ("points" there is the PTS category, or in a points league
    the fantasy total); the others are targets."""
    from agents.offline.category_slots import find_categories

    t = _fold(text)
    m = KEEP.search(t)
    if not m:
        return list(categories), []
    rest = t[m.end():]
    end = CLAUSE_END.search(rest)
    clause = rest[:end.start()] if end else rest
    kept = find_categories(re.sub(r"\bpoints?\b", "pts", clause))
    outside = find_categories(t[:m.start()] + " " + (rest[end.start():] if end else ""))
    return [c for c in categories if c not in kept or c in outside], kept
