"""Words that name a waiting card (issue #36): an affirmation ("ok do it", "yes the second one", "bet,
lock in the first one"), a card by its place ("#2", "do 2") or its kind ("the IR one"), "next one?"
after a decline, and the player a "why not X instead?" would put in the top card's place. Read by
the request frame (agents/offline/constraints.py); a chat message never executes a card.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

AFFIRM_WORDS = set("ok okay k kk yes yeah yea ya yep yup sure sounds good great perfect cool alright right lets let's let s "
                   "do it that go ahead for please pls plz the top first second third fourth fifth last one 1st 2nd 3rd "
                   "4th 5th number no option card move this approve approved with then fine deal agreed absolutely "
                   "definitely take pick i'll ill i want like looks look nice hmm nah actually wait instead rather "
                   "1 2 3 4 5 # you bet ye yh aight gud gr8 kool sweet works lock locked locking in pull trigger send run with "
                   # preferring one ("the second one sounds better, go with that", "i'd rather take the IR one")
                   "go ahead better best prefer preferred seems seem good that's thats one's i'd id choose choosing "
                   "option one's smarter safer me to d s "
                   # "ship it", "pull the trigger", "make it happen", "book it", "greenlight it", "i'm down"
                   "ship pull trigger make happen book hit green light greenlight im down done m so "
                   # praise in slang before the cue ("that slaps. run it", "fire, send it", "love it, lock it in")
                   "slaps slap fire lit dope solid clean love valid bussin goes hard legit banger awesome excellent "
                   "amazing brilliant great idea "
                   # "that's the guy. yes.", "he's the one", "that's my guy": the card's add agreed to
                   "guy man he hes him my is "
                   # a vocative or a cheer around it ("make it happen cap'n", "yessir 🫡 that one", "lfg, send it bro")
                   "sir yessir yessirr capn cap'n captain chief boss bro bruh dude fam homie buddy pal mate lfg lesgo "
                   "letsgo lets go "
                   # a hedged yes ("ehh... i mean... i guess?? sure. fine. whatever")
                   "eh ehh meh mean guess whatever suppose s'pose reckon".split())
AFFIRM_CUE = re.compile(r"\b(yes|yeah|yea|yep|yup|sure|do it|do that|go ahead|go for it|go with (?:it|that|this|the|them|those)|"
                        r"(?:that|this|it) works|take (?:it|that)|sounds good|let'?s|lets|approve|"
                        r"the (top|first|second|third|last) one|deal|agreed|"
                        # "lock it in", "send it", "pull the trigger", "ship it", "book it", "i'm down", "done deal"
                        r"lock (?:it |that |this |him )?in|send it|ship it|pull the trigger|make it happen|book it|run it|"
                        r"hit it|green ?light(?: it)?|make it so|i m (?:down|in)|im (?:down|in)|done deal|works for me|"
                        r"(?:that|this|he)(?: s|s| is) (?:the|my) (?:guy|man|one|move|pick))\b")
# a word that agrees on its own ("yh", "aight", "perfect"): a message made only of agreeing words with one
# of these is an affirmation even without a cue phrase
YES_WORDS = set("ok okay k kk yes yeah yea ya ye yh yep yup sure aight alright cool kool sweet perfect great nice gud "
                "gr8 fine deal agreed absolutely definitely bet works approve approved yessir yessirr".split())
# a card named by its place in the list: "#2", "number 2", "do 2", "the 2nd one", "the last one"
ORDINAL = {"first": 0, "1st": 0, "top": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
           "fifth": 4, "5th": 4, "last": 99}
CARD_NUMBER = re.compile(r"(?:#|\b(?:number|no\.?|option|card|move)\s*)([1-5])\b|"
                         r"^(?:\w+\W+){0,3}?(?:do|take|pick|with|approve)\s+([1-5])\b|^\s*([1-5])\s*\W*$")

def card_ordinal(text: str) -> int | None:
    """The place in the card list a message names ("#2", "do 2", "the second one": 1), None when none."""
    t = fold(text)
    m = re.search(r"#\s*([1-5])\b", text) or CARD_NUMBER.search(t)
    if m:
        return int(next(g for g in m.groups() if g)) - 1
    return next((i for w, i in ORDINAL.items() if re.search(rf"\b{w}\b", t)), None)


PAIR_CUE = re.compile(r"\b(?:instead|vs|versus|compared?|comparison|giving up|give up|lose|losing|difference|gap|"
                      r"better|worse|than|over)\b")
ORDINAL_SAID = re.compile(r"\b(?:the )?(first|1st|top|second|2nd|third|3rd|fourth|4th|fifth|5th)\b(?: (?:one|card|move|option))?|"
                          r"(?:#|\b(?:card|option|move|number) ?)([1-5])\b")


def card_pair(text: str) -> tuple[int, int] | None:
    """Two places in the card list a message weighs against each other ("what if i took the 2nd one
    instead? how much am i giving up vs the first": (1, 0)), None when it names fewer or weighs nothing."""
    t = fold(text)
    if not PAIR_CUE.search(t):
        return None
    places = []
    for m in ORDINAL_SAID.finditer(t):
        k = ORDINAL[m.group(1)] if m.group(1) else int(m.group(2)) - 1
        if k not in places:
            places.append(k)
    return (places[0], places[1]) if len(places) >= 2 else None


def _agreeing(word: str) -> bool:
    """A word an affirmation is made of, as typed with stretched letters ("yesss", "okk", "pleasee") or
    one typo ("sounsd", "aprove", "perfct")."""
    import difflib

    squeezed = re.sub(r"(.)\1+", r"\1", word)
    if word in AFFIRM_WORDS or squeezed in AFFIRM_WORDS or squeezed + squeezed[-1:] in AFFIRM_WORDS:
        return True
    return len(word) >= 5 and bool(difflib.get_close_matches(word, [w for w in AFFIRM_WORDS if len(w) >= 5], 1, 0.8))


def affirmation(text: str, previous_answer: str | None) -> int | None:
    """The waiting card an affirmation means (0: the top one; 99: the last), None when the message is
    not one. Agreeing words ("ok do it") or a card's place in the list ("#2", "hmm no, the second")
    while cards wait, and nothing else."""
    t = re.sub(r"\b([a-z]+) n\b", r"\1n", fold(text))  # "cap'n" folds to "cap n"
    words = re.findall(r"[a-z0-9']+|#", t)
    if not words or not previous_answer or not re.search(r"\bapprov", previous_answer, re.I):
        return None
    place = card_ordinal(text)
    kind = KIND_CARD.fullmatch(t.strip())
    if kind and place is None:  # "the IR one", "ok the IR move": the first IR card the answer offered
        from agents.offline.cards_read import cards_in

        heads = [c[0] for c in cards_in(previous_answer)]
        return next((i for i, h in enumerate(heads) if h.startswith("Move ")), None)
    yes_word = any(re.sub(r"(.)\1+", r"\1", w) in YES_WORDS or w in YES_WORDS for w in words)
    strangers = [w for w in words if not _agreeing(w)]
    agreed = bool(AFFIRM_CUE.search(t) or yes_word)  # a filler word only beside a yes ("top 3 is plenty" is a count)
    if not (agreed or place is not None) or (strangers and not (agreed and _only_filler(strangers, len(words)))):
        return None
    return place or 0


def _only_filler(strangers: list[str], n_words: int) -> bool:
    """Whether the words outside the agreeing ones are filler ("yessirski", "no cap"): at most one in a
    message of three words or more, never a word the requests use (a player, a stat, a move) or a name."""
    if not strangers:
        return True
    if len(strangers) > 1 or n_words < 3:
        return False
    from agents.offline.nlu_model import vocabulary
    from agents.offline.slots import find_players

    w = strangers[0]
    return len(w) >= 3 and w not in vocabulary() and not find_players(w) and not w.isdigit()


NEXT_CARD = re.compile(r"(?:(?:ok|okay|fine|alright|so|and|then|hmm+|meh|yeah|yes|sure|nah|no|nope)\W+)*(?:what s |whats |what is |show me |"
                       r"(?:i ll |ill |i will |let s |lets )?(?:take|do|go with|try) )?(?:the )?"
                       r"(?:next(?: (?:one|best|card|move|option|up))*(?: (?:on|in|from) (?:the|that|your) (?:list|cards?))?"
                       r"(?: (?:after|behind|below) (?:that|this|it|that one|this one|the first|the top one))?|"
                       r"(?:anything|something|what|any ?one|anybody) else|(?:any )?other (?:options?|moves?|ideas?|ones?))"
                       # "... works", "... is fine", "... sounds good", "... then", "... please"
                       r"(?: (?:then|please|pls|works|works for me|is fine|sounds good|is good|it is|instead|i guess))*")


NO_CLAUSE = re.compile(r"(?:(?:yeah|yea|yep|ok|okay|nah|no|nope|naw|lol|lmao|haha|ugh|meh|figured|fine|hard|pass|not|on|"
                       r"that|this|one|way|thanks|thx|i|m|im|good|hell|no thanks|not feeling it|not for me|hate it|"
                       r"hard pass|hard no)\W*)+")


def _next_after_no(text: str) -> bool:
    """'yeah hard no on that one lol. what's next': the next card, after a clause that only says no."""
    parts = [fold(x).strip() for x in re.split(r"[.!?;]+", text) if fold(x).strip()]
    return len(parts) >= 2 and bool(NEXT_CARD.fullmatch(parts[-1])) and all(NO_CLAUSE.fullmatch(x) for x in parts[:-1])


def next_card(p, text: str) -> int | None:
    """The place of the first card of the thread's latest card list that was not declined since,
    when the message only asks for the next one ("next one?", "ok, next best then")."""
    from agents.offline.cards_read import offered_cards

    if not (NEXT_CARD.fullmatch(fold(text).strip()) or _next_after_no(text)):
        return None
    cards = offered_cards(p)
    notes = [a for a in getattr(p, "thread_answers", []) or [] if a and a.startswith("Declined")]
    declined = {c[0] for c in cards if any(n.startswith(f"Declined: {c[0]}") for n in notes)}
    return next((i for i, c in enumerate(cards) if c[0] not in declined), None) if declined else None


KIND_CARD = re.compile(r"(?:(?:ok|okay|yes|yeah|yep|sure|then|i ll take|ill take|give me|go with|do|lets do)\s+)*"
                       r"(?:the )?ir (?:one|move|card|option|stash)(?: then| please| pls)?")


def _card_answer(p, previous_answer: str | None, text: str) -> str | None:
    """The answer an affirmation answers: the last one, or, when the message names a card by its place
    ("actually the second one"), the thread's latest answer that offered cards (a question in between
    does not take the list away)."""
    if previous_answer and re.search(r"\bapprov", previous_answer, re.I) or card_ordinal(text) is None:
        return previous_answer
    return next((a for a in getattr(p, "thread_answers", []) or [] if a and re.search(r"\bapprov", a, re.I)),
                previous_answer)


WHY_NOT_ONE = re.compile(r"\b(?:why|y|how come)\b[^?.!]{0,24}\bnot\b|\bwhat about\b[^?.!]*\binstead\b|"
                         r"\binstead\b[^?.!]{0,6}\?|\b(?:wouldn'?t|isn'?t)\b[^?.!]*\b(?:better|instead)\b|"
                         r"\brather (?:drop|cut|add|ir|stash|grab|get)\b", re.I)
ADD_ROLE = re.compile(r"\b(?:add|adding|pick(?:ing)? ?up|grab(?:bing)?|get(?:ting)?|sign(?:ing)?|claim(?:ing)?)\s+(?:\w+\s+)?$")


def card_counterpart(p, text: str) -> str | None:
    """The player of the thread's top card that the one player named would replace ("why not drop
    LeBron instead?": the top card's drop; "what about adding Kornet instead?": its add), None when
    the message is no such question or no card was offered."""
    if not WHY_NOT_ONE.search(text):
        return None
    from agents.offline.cards_read import offered_cards

    cards = offered_cards(p)
    if not cards:
        return None
    _, drop, add, _ = cards[0]
    named = p.players[0]
    if fold(named.split()[-1]) in (fold(drop), fold(add)) or fold(named) in (fold(drop), fold(add)):
        return None  # he is on the card: "why not X" is about that card, not another player in its place
    t = fold(text)
    at = t.find(fold(named.split()[-1]))
    before = t[:at] if at >= 0 else t
    return add if ADD_ROLE.search(before) else drop
