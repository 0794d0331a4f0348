""""Redo that" (issue #36): a message that asks for the previous request again ("ok redo that", "same q",
"run it again", "oh I'm punting FT% btw. same q"), or doubts its answer with no new fact ("are you sure?
that seems wrong to me", "really?"), is that request, with whatever the message itself
changes (a punt said in it; the thread's punt reaches every tool that takes one). Read before the
other acts, so a punt said with "same q" re-asks the question instead of only setting the punt."""
from __future__ import annotations

import re

from services.league.lookup import fold

FILLER = re.compile(r"\b(?:ok(?:ay)?|alright|so|now|then|but|pls|please|plz|can you|could you|just|oh|btw|by the way|"
                    r"i m|im|i am|we are|we re|were|hey|lol|cool|many thanks|thanks a lot|thank you very much|thanks|thank you|ty|"
                    r"much appreciated|appreciated|cheers|good|great|k|with (?:that|this|it|the punt)|in mind|for me|"
                    r"for that|real quick|quickly)\b")
REDO = re.compile(r"(?:re ?do|re ?run|re ?check|refresh|update|run|try|ask|answer) (?:that|it|this|the (?:last|same|"
                  r"previous) (?:one|thing|question|q|list|search))(?: (?:again|over|once more))?|"
                  r"(?:re ?do|re ?run|refresh)(?: (?:that|it|this))?|same (?:q|qs|question|thing|ask|request)(?: again)?|"
                  r"again|(?:one|1) more time|once more|(?:do|run|try|ask) (?:it|that|this)(?: one)? (?:again|over|(?:one|1) more time|once more)|"
                  r"(?:do|ask) the (?:same|last|previous) (?:one|thing|question|q)(?: again)?")

# pushback with no new fact ("are you sure? that seems wrong to me", "really?", "I don't buy it"): the same
# request again, its verdict from the same numbers (a verdict flips on a new fact, never on doubt alone)
DOUBT = (r"(?:are you|you|u) (?:sure|certain)(?: about (?:that|this|it))?|really|seriously|for real|hm+|huh|"
         r"(?:that|this|it) (?:seems|sounds|looks|feels) (?:wrong|off|odd|weird|bad|backwards|crazy)(?: to me)?|"
         r"(?:that|this|it) (?:doesn t|does not|don t) (?:seem|sound|look|feel) right(?: to me)?|"
         r"i (?:don t|do not|dont) (?:buy|believe|trust) (?:it|that|this)|i (?:disagree|doubt (?:it|that))|no way|"
         r"(?:that|this) can t be right|double check(?: (?:that|it|this))?|check (?:that|it|this) again|"
         r"(?:is|was) that right|are you positive|you positive|"
         # said to me, with the manager's own opinion of the player as its only reason ("nah you're wrong, he's cooked")
         r"(?:nah|no|nope)?\s*(?:you re|you are|youre|ur|u r|u re) (?:wrong|off|crazy|tripping|trippin|mistaken|way off)|"
         r"(?:he|she) s (?:cooked|washed|done|finished|trash|garbage|old|toast|cooked bro)|(?:everybody|everyone|anyone) "
         r"(?:knows|can see) (?:it|that|this)|trust me|come on|cmon|"
         # a third party's doubt relayed: "he says you're wrong", "my co-manager thinks that's bad"
         r"(?:he|she|they|my (?:co ?manager|buddy|friend|league ?mate|brother|wife|husband|roommate)|\w+) "
         r"(?:says?|said|thinks?|thought|reckons?|claims?) (?:(?:that )?(?:you re|you are|youre|ur|u r|your|that s|thats|that is|it s|its) )?"
         r"(?:wrong|off|bad|dumb|crazy|stupid|mistaken|backwards)")
PUSHBACK = re.compile(rf"(?:(?:{DOUBT})\s*)+")


def redo_asked(text: str) -> bool:
    """The message, with any punt clause and filler words set aside, only asks for the last request again."""
    from agents.offline.punts import read_punts

    rest = FILLER.sub(" ", fold(read_punts(text).rest))
    rest = " ".join(rest.split())
    return bool(rest) and (REDO.fullmatch(rest) is not None or PUSHBACK.fullmatch(rest) is not None)


KEEP_OWN = ("text", "raw", "punt", "unpunt", "stop_punting", "thread_answers", "previous_answer", "scoring", "parts",
            "siblings", "frame", "as_of")


def become(p, prev, text: str) -> bool:
    """`p` becomes `prev` (in place) read from `text`, the message's own punts kept (the previous ones when it
    says none); a follow-up; True."""
    punt, unpunt, stop = list(p.punt), list(p.unpunt), p.stop_punting
    for key, value in vars(prev).items():
        if key not in KEEP_OWN:
            setattr(p, key, value)
    p.text = text
    p.punt, p.unpunt, p.stop_punting = punt or list(prev.punt), unpunt, stop
    p.follow_up, p.unknown, p.greeting = True, False, False
    return True


def redo(p, prev) -> bool:
    """`p` becomes the previous request again (in place), its own punts kept; False when the message
    is not a redo or there is nothing to redo."""
    if prev is None or not redo_asked(p.text):
        return False
    return become(p, prev, prev.text)  # the request's own words: its count, horizon and filters are read again


# "no wait I meant sunday", "no I meant next week", "sorry, meant his last 10": the previous request with the
# slot the message corrects (a day, a horizon, a window, a count, a position, a category, a player)
MEANT = re.compile(r"^(?:(?:no|nah|nope|wait|sorry|oops|my bad|actually|hold on|ugh|lol|ah|oh|ok|err|erm|uh)\W+)*"
                   r"(?:i\s+)?(?:meant|mean|was asking about|was talking about|was asking for|wanted)\s+(?P<rest>.+?)\W*$")
# a number put right ("32 min not 30", "not 30, 32 min") and a new count ("and make it 12", "make that 10")
MINUTES_FIX = (re.compile(r"\b(?P<new>\d{1,2})\s*(?:min|mins|minutes|mpg)\b[^.?!]{0,12}?\bnot\s+(?P<old>\d{1,2})\b"),
               re.compile(r"\bnot\s+(?P<old>\d{1,2})\s*(?:min|mins|minutes|mpg)?\W+(?:but\s+)?(?P<new>\d{1,2})\s*(?:min|mins|minutes|mpg)\b"))
COUNT_FIX = re.compile(r"\bmake (?:it|that|them|the list) (?P<n>\d{1,2})\b|\b(?P<m>\d{1,2}) (?:of them|guys|names|players) instead\b")


def numbers_fixed(rest: str, before: str) -> str | None:
    """The previous request's words with the minutes it said put right and the count changed, None when the
    correction changes neither."""
    t, out = fold(rest), before
    for pattern in MINUTES_FIX:
        m = pattern.search(t)
        if m and re.search(rf"\b{m.group('old')}\b", out):
            out = re.sub(rf"\b{m.group('old')}\b(?=\s*(?:min|mins|minutes|mpg|a night|a game|per))", m.group("new"), out, count=1)
            break
    c = COUNT_FIX.search(t)
    if c:
        n = c.group("n") or c.group("m")
        counted = re.sub(r"\b(top|best|give me|show me|just|only)\s+\d{1,2}\b", rf"\g<1> {n}", out, count=1, flags=re.I)
        out = counted if counted != out else f"{out} top {n}"
    return out if out != before else None


DAY_REF = re.compile(r"\b(?:that|the same|same|this) (?:day|night|date)\b|\b(?:this|the) week\b|\btonight\b|\btoday\b|"
                     r"\btomorrow\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b")


def meant(p, prev) -> bool:
    """`p` becomes the previous request with the slot its correction names (in place); False when the
    message corrects nothing or there is nothing to correct."""
    from agents.offline.corrections import swap_only

    m = MEANT.match(fold(p.text))
    fixed = numbers_fixed(m.group("rest"), prev.text) if m and prev is not None else None
    if fixed and prev.act not in ("affirm", "noted", "clarify", "vague"):  # "oops meant 32 min not 30. and make it 12"
        return become(p, prev, fixed)
    if swap_only(p.text):  # "oops I meant saturday, not friday": the words put right (understand.day_corrected)
        return False
    if prev is None or not m or len(m.group("rest").split()) > 7 or prev.act in ("affirm", "noted", "clarify", "vague"):
        return False
    from agents.offline.carry import named_here

    rest, own = m.group("rest"), named_here(p)
    said = {"day": p.day, "rest_of_week": p.rest_of_week, "last_n": p.last_n, "position": p.position,
            "categories": list(p.categories)}
    horizon = getattr(getattr(p, "frame", None), "horizon", None) or re.search(
        r"\b(?:next|this) week\b|\brest of (?:the )?(?:season|year|week)\b|\bros\b|\btonight\b|\btoday\b", rest)
    if not (own or any(v for v in said.values()) or horizon):
        return False
    become(p, prev, DAY_REF.sub(rest, prev.text, count=1) if (said["day"] or horizon) and DAY_REF.search(prev.text)
           else f"{prev.text} {rest}")
    for key, value in said.items():
        if value:
            setattr(p, key, value)
    if said["day"]:
        p.rest_of_week = said["rest_of_week"]
    if own:
        p.players = own if len(own) >= len(prev.players) else [*own, *prev.players[len(own):]]
    return True


# "something else — but the guy's gotta have 3 games left", "hard pass on that one. something else, but don't drop
# anybody healthy", "got another option? one with 3 games": after a move request, that request again (its declined
# cards are not offered again: the optimizer leaves them out) with the words the message adds
ANOTHER = re.compile(r"(?:(?:give me|show me|find me|try|got|have you got|you got|any|is there|anything)\s+)?"
                     r"(?:(?:something|anything|someone|somebody|any ?one|anybody) else|"
                     r"(?:another|a different|a diff|some other|other) (?:one|option|move|swap|card|idea|guy|player|pickup|add|"
                     r"choice)s?|(?:the )?next (?:best(?: (?:one|move|option|card|swap|pickup|add))?|one|move|option|card|swap|"
                     r"pickup|add)(?:\s+after (?:that|this|it|that one))?)"
                     r"\b(?P<rest>.*)")
LEAD_IN = re.compile(r"^(?:\W|but|and|though|tho|as long as|so long as|where|with|that|who|just|only|then|please|pls|"
                     r"instead|i guess|this time)+")
ASK_HEAD = re.compile(r"(?:(?:ok|okay|so|and|then|alright|fine|cool|what s|whats|what is|what about|how about|show me|"
                      r"give me|gimme|got|any|is there)\s*)+")
MOVE_REQUESTS = ("optimize", "ir_move", "fa_replace", "fa_fit")


# "k. now the same thing but for the rest of the season, same rules": the last move request with the change said
SAME_BUT = re.compile(r"^(?:(?:ok|okay|k|kk|now|so|and|alright|cool|then)\W+)*(?:(?:do|run|give me|show me|try)\s+)?"
                      r"(?:the\s+)?same(?:\s+(?:thing|q|question|deal|search|one|again|request))?\s*(?:,\s*)?but\s+(?P<rest>.+)$")
SAME_RULES = re.compile(r"\b(?:same (?:rules|constraints|conditions|deal|guys|keeps?)|like before|as before)\b")


def _with_words(p, prev, rest: str) -> bool:
    """`p` becomes `prev` (in place) with `rest` added to its words, its own punts kept; True."""
    return become(p, prev, f"{prev.text} {rest}".strip())


def same_but(p, prev) -> bool:
    """`p` becomes the previous request for moves with the change the message says (in place); False
    when the message is no "same but ..." or no move request came before."""
    if prev is None or prev.act not in MOVE_REQUESTS:
        return False
    m = SAME_BUT.match(fold(p.text).strip())
    if not m:
        return False
    rest = " ".join(SAME_RULES.sub(" ", m.group("rest")).split()).strip(" ,.")
    if not rest:
        return False
    return _with_words(p, prev, rest)


def another(p, prev) -> bool:
    """`p` becomes the previous request for moves again (in place), the message's own constraint read with
    it; False when the message asks no other move, or nothing was asked before, or it only asks the next
    card still waiting ("what else?" with cards left: agents/offline/card_words.next_card)."""
    from agents.offline.card_words import NEXT_CARD, NO_CLAUSE, next_card

    if prev is not None and prev.act not in MOVE_REQUESTS and NEXT_CARD.fullmatch(fold(p.text).strip()):
        return _next_moves(p)
    if prev is None or prev.act not in MOVE_REQUESTS:
        return False

    parts = [fold(x).strip() for x in re.split(r"[.!?;]+", p.text) if fold(x).strip()]
    while parts and NO_CLAUSE.fullmatch(parts[0]):
        parts = parts[1:]  # "hard pass on that one."
    said = " ".join(parts)
    m = ANOTHER.search(said)
    head = said[:m.start()].strip() if m else ""
    if not m or (head and not (NO_CLAUSE.fullmatch(head) or ASK_HEAD.fullmatch(head))):  # "nah, something else"
        return False
    rest = LEAD_IN.sub("", m.group("rest")).strip(" .!?")
    if next_card(p, p.text) is not None:  # "fine, the next one on your list is good": the card still waiting
        return False
    if rest and len(rest.split()) > 16:
        return False
    return _with_words(p, prev, rest)


def _next_moves(p) -> bool:
    """'ok what's the next best one after that' once every card of the thread was decided and another
    question came between: the optimizer's moves on today's roster (the decided ones are not offered
    again; the thread's advice mode stands)."""
    from agents.offline.card_words import next_card
    from agents.offline.cards_read import offered_cards
    from agents.offline.carry import take

    if next_card(p, p.text) is not None or not offered_cards(p):
        return False
    take(p, "optimize")
    p.players, p.follow_up, p.unknown, p.greeting = [], False, False, False
    return True
