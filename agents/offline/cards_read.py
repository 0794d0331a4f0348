"""What the thread's earlier answers offered, read back from their text: the move cards (their heads,
players and lines, in order) and the tables' cells. The conversation acts (agents/offline/acts.py,
why_not.py) answer from these, so they use the same numbers the cards showed."""
from __future__ import annotations

import re

from services.league.lookup import fold

CARD_HEAD = re.compile(r"(Move (?P<ird>[^,|*]+?) to IR, add (?P<ira>[^,|*]+?)|Drop (?P<d>[^|*]+?) -> Add (?P<a>[^,|*]+?))"
                       r"(?=,|\s*\||\*|\s[+-]\d|\.\s|\s\(|$)", re.M)  # (" (win chance ...)": no name goes on past it)


def cards_in(answer: str | None) -> list[tuple[str, str, str, str]]:
    """(head, drop, add, the line it is on) of each move the answer offered, in order, once each."""
    out, seen = [], set()
    for line in (answer or "").splitlines():
        for m in CARD_HEAD.finditer(line):
            drop, add = (m.group("ird"), m.group("ira")) if m.group("ird") else (m.group("d"), m.group("a"))
            head = m.group(1).strip().rstrip(":")
            if head not in seen:
                seen.add(head)
                out.append((head, drop.strip(), add.strip().rstrip(":"), line.strip()))
    return out


def _table_cells(answer: str) -> list[list[str]]:
    rows = []
    for line in (answer or "").splitlines():
        s = line.strip()
        if s.startswith("|") and s.endswith("|"):
            cells = [c.strip() for c in s.strip("|").split("|")]
            if not all(re.fullmatch(r":?-+:?", c) for c in cells):
                rows.append(cells)
    return rows


def offered_cards(p) -> list[tuple[str, str, str, str]]:
    """The cards the thread last offered as a list: the latest answer with cards that is not itself an
    affirmation's or a "why" answer (after "yes the 1st one", "no, the second" counts in the same list;
    after "why'd you suggest that one", "ok what's the next best" is the next card of that list)."""
    for answer in [p.previous_answer, *getattr(p, "thread_answers", [])]:
        if answer and not answer.startswith(AFFIRMED) and cards_in(answer):
            return cards_in(answer)
    return cards_in(p.previous_answer)


AFFIRMED = ("**Card ", "Here is why, from my last answer")  # an affirmation's or a "why" answer repeats a card, offers none




TOP_OF_LIST = re.compile(r"^\*\*Top of the list(?: for [^:*]+)?: (?P<name>[^*]+)\*\*")


def lead_player(answer: str | None) -> str | None:
    """The player a list answer leads with: its first card's add (the recommended pickup), else the
    first row of its 'Player' column ("is he injured?" after "best free agent center?")."""
    top = TOP_OF_LIST.search(answer or "")
    if top:  # "who's the best shooter out there?" named the list's first above the move
        return top.group("name").strip()
    cards = cards_in(answer)
    if cards:
        return cards[0][2]
    for cells in _table_cells(answer or ""):
        if "Player" in cells:
            col = cells.index("Player")
            continue
        if "col" in locals() and len(cells) > col:
            return re.sub(r"\s*\([^)]*\)$", "", cells[col])
    return None


ROW_REF = re.compile(r"\bthe (?P<n>first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|sixth|6th|last|bottom|top|best|"
                     r"(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend) "
                     r"(?:guy|one|player|dude|name|pickup|option|pick|add)(?: (?:on|in|of|from) (?:that|the|this|your) "
                     r"(?:list|table|board))?", re.I)
# a list row named bare at the start ("first guy. drop bol for him"): a player, never a card ("first one")
BARE_GUY = re.compile(r"^\W*(?:(?:ok|okay|so|hmm+|alright|and|then|ya|yeah|yep)\W+)?(?P<n>first|1st|second|2nd|third|3rd|fourth|"
                      r"4th|fifth|5th|top|last|bottom) (?:guy|player|dude|pickup|name)\b", re.I)
HIM = re.compile(r"\b(?:is|was|does|did|can|has|will) he\b|\bhow(?:'s| is) he\b|\b(?:his|him)\b|\bhealthy\b", re.I)
ROW_PLACE = {"first": 0, "1st": 0, "top": 0, "second": 1, "2nd": 1, "third": 2, "3rd": 2, "fourth": 3, "4th": 3,
             "fifth": 4, "5th": 4, "sixth": 5, "6th": 5, "last": -1, "bottom": -1, "best": 0, "weekend": 0,
             **{f"{d}day": 0 for d in ("mon", "tues", "wednes", "thurs", "fri", "satur", "sun")}}  # "the sunday guy"
ADD_VERB = re.compile(r"\b(?:add|adding|grab|grabbing|pick up|pickup|get|sign|snag|claim)\b", re.I)
DROP_VERB = re.compile(r"\b(?:drop|dropping|cut|cutting|waive|release)\s+(?!him\b|it\b|that\b|the\b|whoever\b)\w", re.I)
MOVE_VERB = re.compile(r"\b(?:add|adding|grab|grabbing|pick up|pickup|get|sign|snag|claim|swap|swapping|drop|dropping|cut|"
                       r"cutting|waive|release|trade|deal|offer|send)\b", re.I)


def table_players(answer: str | None) -> list[str]:
    """The players of the answer's first table (its 'Player' column), in order."""
    col, out = None, []
    for cells in _table_cells(answer or ""):
        if "Player" in cells:
            if col is not None:
                break
            col = cells.index("Player")
        elif col is not None and len(cells) > col:
            name = re.sub(r"\s*\([^)]*\)$", "", cells[col])  # "Jusuf Nurkić (OUT)": the status is not the name
            if name not in out:
                out.append(name)
    return out


def list_players(answer: str | None) -> list[str]:
    """The players a list answer named in order: its table's 'Player' column, else its cards' adds."""
    return table_players(answer) or [add for _, _, add, _ in cards_in(answer)]


# a swap around the row ("swap bol for the second one", "grab #3 for bogdanovic"): the row is the add, not a card
SWAP_CUE = re.compile(r"\b(?:swap|swapping|drop|dropping|cut|cutting|waive|release)\b|\bfor\s+(?!the\b|a\b|#|number\b)[a-z]{3,}",
                      re.I)
NUM_REF = re.compile(r"(?:#|\bnumber |\bno\. ?)(?P<k>[1-9])\b", re.I)


def trade_rows(answer: str | None) -> list[tuple[list[str], list[str]]]:
    """A trade table's rows in order: (what I give, what I get), from its 'You give' / 'You get' columns."""
    cells = _table_cells(answer or "")
    head = next((c for c in cells if "You give" in c and "You get" in c), None)
    if head is None:
        return []
    g, t = head.index("You give"), head.index("You get")
    return [([x.strip() for x in c[g].split("+")], [x.strip() for x in c[t].split("+")])
            for c in cells[cells.index(head) + 1:] if len(c) == len(head)]


TRADE_VERDICT = re.compile(r"\b(?:yay or nay|any good|good for me|worth it|fleeced|ripped off|robbed|should i|would you|do it|"
                           r"take it|accept|fair|smash|pass|thoughts|verdict|good deal|bad deal|win(?:s|ning)? (?:it|that)|yes or no|y or n|"
                           r"or nah|or nay|or not|legit)\b", re.I)
# a row named bare at the start ("top one. worth it or nah", "2nd one - yes or no")
BARE_ROW_HEAD = re.compile(r"^\W*(?:(?:ok|okay|so|hmm+|alright|and|then)\W+)?(?P<n>first|1st|second|2nd|third|3rd|fourth|4th|fifth|"
                           r"5th|top|last|bottom) (?:one|trade|deal|offer|option)\b", re.I)
TRADE_PROPOSE = re.compile(r"\b(?:propose|offer|send)\b", re.I)


def name_the_trade_row(question: str, answer: str | None) -> str:
    """'hmm the first one, yay or nay?' after a trade table: the question with that row's trade written
    out ('Bogdan Bogdanović for Kawhi Leonard and ...'), so it is judged (or proposed) by its sides."""
    q = question or ""
    m = ROW_REF.search(q) or NUM_REF.search(q) or re.search(r"\bthe (?P<n>first|second|third|top|last) (?:trade|deal|offer)\b", q, re.I) \
        or BARE_ROW_HEAD.search(q)
    rows = trade_rows(answer) if m else []
    if not rows or not (TRADE_VERDICT.search(q) or TRADE_PROPOSE.search(q)):
        return question
    i = int(m.group("k")) - 1 if m.groupdict().get("k") else ROW_PLACE[m.group("n").lower()]
    if i >= len(rows):
        return question
    give, get = rows[i]
    return q[:m.start()] + f"{' and '.join(give)} for {' and '.join(get)}" + q[m.end():]


# a card recalled by its place ("remind me what the third option was", "what was the 2nd card again"): read by
# agents/offline/card_recall.py; a list row ("the third guy") is not one
RECALL = re.compile(r"\b(?:remind me|refresh my memory|what (?:was|were)|which (?:was|were)|tell me again|repeat|go over)\b"
                    r"[^?.!]*\b(?:option|card|move|one|pick|suggestion|idea|swap)\b|"
                    r"\b(?:option|card|move|one|pick|suggestion|idea|swap)\b[^?.!]*\bagain\b")
CARD_NOUN = re.compile(r"\b(?:option|card|move|suggestion|swap)s?\b")  # a card's own words, not a list row's ("guy")


def name_the_row(question: str, answer: str | None) -> str:
    """'tell me about the third guy' after a list: the question with that row's player named ('tell
    me about Tyus Jones'); the question itself when it names no row or no list came before. A card
    list's rows stay cards ('the second one' agrees to a card: agents/offline/card_words.py) unless a
    swap is asked around it ('swap bol for the second one', 'grab #3 for bogdanovic': that row's player
    is the add)."""
    q = question or ""
    if RECALL.search(fold(q)) and CARD_NOUN.search(fold(q)):  # "remind me what the third option was": a card recalled
        return question
    swap = SWAP_CUE.search(q)
    m = ROW_REF.search(q) or (NUM_REF.search(q) if swap else None) or BARE_GUY.search(q)
    if not m:
        return question
    about_him = re.search(r"\b(?:list|table|board)\b", m.group(0), re.I) or HIM.search(question) or swap
    if answer and re.search(r"\bapprov", answer, re.I) and re.search(r"\bone\b", m.group(0), re.I) and not about_him:
        return question  # "the second one" agrees to a card; "the last one on that list, is he ok" asks of a row
    rows = list_players(answer)
    i = int(m.group("k")) - 1 if m.groupdict().get("k") else ROW_PLACE[m.group("n").lower()]
    if not rows or i >= len(rows):
        return question
    if swap and not MOVE_VERB.search(q):  # "ok the top guy for bol bol", "slot the best one in for bol": an add
        return question[:m.start()] + "add " + rows[i] + question[m.end():]
    if swap and not ADD_VERB.search(q) and DROP_VERB.search(q[m.end():]):
        return question[:m.start()] + "add " + rows[i] + question[m.end():]  # "the 2nd one but drop bogi instead"
    return question[:m.start()] + rows[i] + question[m.end():]


DECLINED_OWN = re.compile(r"^Declined: (?:Your move: )?Drop (?P<drop>.+?) (?:->|→) Add (?P<add>.+?), ")
BARE_ROW = re.compile(r"(?:(?:ok|okay|fine|alright|then|so|and|well|nah|no|hmm+|try|how about|what about|go with|"
                      r"let s do|lets do|do|gimme|give me|i ll take|ill take)\s+)*qqq(?:\s+(?:then|instead|please|pls|maybe))*")


def name_the_row_after_decline(question: str, answers: list[str]) -> str:
    """'ok then the 2nd one' right after declining my own move that added a list's row ('slot the best
    one in for bol'): the same drop with that row of the list instead ("drop Bol Bol and add <row 2>");
    the question itself otherwise (`answers`: the thread's answers and card notes, latest first)."""
    m = DECLINED_OWN.match(answers[0]) if answers else None
    row = ROW_REF.search(question or "")
    if not m or not row:
        return question
    rest = fold(question[:row.start()] + " qqq " + question[row.end():])  # the row's words set aside
    if not BARE_ROW.fullmatch(" ".join(rest.split())):
        return question
    drop, added = m.group("drop"), m.group("add")
    rows = next((r for r in (table_players(a) for a in answers[1:] if a and not a.startswith(DECISION_HEADS))
                 if added in r), [])
    i = int(row.group("k")) - 1 if row.groupdict().get("k") else ROW_PLACE[row.group("n").lower()]
    if not rows or i >= len(rows) or rows[i] == added:
        return question
    return f"drop {drop} and add {rows[i]}"


def declined_adds(p, drop: str | None = None) -> list[str]:
    """The adds of the swaps declined in this thread (those dropping `drop` when it is given), from the
    decisions' own notes: a declined swap is not offered again."""
    out = []
    for a in getattr(p, "thread_answers", None) or []:
        m = DECLINED_OWN.match(a or "")
        if m and (drop is None or m.group("drop") == drop) and m.group("add") not in out:
            out.append(m.group("add"))
    return out


DECISION_HEADS = ("Declined", "Approved", "Done")
NEW_GUY = re.compile(r"\b(?:the|my) (?:new|newest|latest) (?:guy|pickup|pick ?up|add|player|signing|one)\b|"
                     r"\bthe (?:guy|player|one|dude) (?:i|we) (?:just )?(?:added|picked up|grabbed|got|signed)\b|"
                     r"\b(?:the )?(?:guy|player) (?:i|we) just (?:added|picked up|grabbed|got)\b", re.I)
# "he wants to know", "he says fine": a manager typing for someone else, who is "he" (never the player just added)
RELAYED = re.compile(r"(?:he|she)\s+(?:wants|says|said|asks|asked|thinks|wonders|is asking|goes|told me|wanted)\b", re.I)
DROPPED = re.compile(r"^(?:Approved\.|Done:)[^\n]*?\b(?:dropped|moved) ([^(,.;\n]+?)(?: to IR| and|[,.;(]|$)", re.M)
LEFT_CUE = re.compile(r"\b(?:dropped|drop|cut|released|waived|gone|traded|still (?:mine|on my)|on (?:the )?ir|"
                      r"to (?:the )?ir|waivers)\b", re.I)
ADDED = re.compile(r"^(?:Approved\.|Done:)[^\n]*?\badded ([^(,.;\n]+?)(?: \(|[,.;]|$)", re.M)


def name_the_new_guy(question: str, notes: list[str]) -> str:
    """'how many games does the new guy have left?' after an approved card: the question with the player
    that approval added named, and right after an approval a bare "he" / "his" as that player; the question
    itself when it names no new player or nothing was approved (`notes`: the thread's answers and card
    notes, latest first)."""
    m = NEW_GUY.search(question or "")
    if not m:  # right after an approval, "he" is the player it added ("how many games does he have left?")
        latest = ADDED.search(notes[0]) if notes else None
        pronoun = re.search(r"\b(?:he|him|his)\b", question or "", re.I)
        if not latest or not pronoun or re.search(r"\b[A-Z][a-z]+ [A-Z]", question) or RELAYED.match(question[pronoun.start():]):
            return question
        name = latest[1].strip()
        gone = DROPPED.search(notes[0])
        if gone and LEFT_CUE.search(question):  # "did he actually get dropped?": the player the move took out
            name = gone[1].strip()
        word = pronoun.group(0).lower()
        return question[:pronoun.start()] + (f"{name}'s" if word == "his" else name) + question[pronoun.end():]
    added = next((a[1].strip() for n in notes for a in [ADDED.search(n)] if a), None)
    return question if not added else question[:m.start()] + added + question[m.end():]


PICK_REF = re.compile(r"\b(?:whoever (?:wins|won|came out on top|is better|comes out ahead)(?: that| it| there)?|the winner|"
                      r"the better (?:one|guy|option)|the top (?:one|guy|pick|option|name))\b", re.I)
MOVE_CUE = re.compile(r"\b(?:add|get me|grab|pick up|sign|go get|snag)\b.*\b(?:for|drop|cut|waive|over)\s+\w+", re.I)
LEADER = re.compile(r"^\*\*(.+?) (?:helps your|is expected to give more|is the best of them|is better at|gets the most|"
                    r"has the most)\b")


def name_the_pick(question: str, answer: str | None) -> str:
    """'ok get me whoever wins that, drop bogi' after a comparison, 'add the top one for bol' after a list:
    the question with that player named (the comparison's leader, the list's lead add), so the message is
    the move it asks for; the question itself otherwise."""
    m = PICK_REF.search(question or "")
    if not m and answer and LEADER.match(answer.strip()):
        m = HIM_ADDED.search(question or "")  # "ok add him, cut bogi" after a comparison: its leader
    if not m or not answer or not MOVE_CUE.search(question):
        return question
    lead = LEADER.match(answer.strip())
    who = lead.group(1) if lead else lead_player(answer)
    if not who:
        return question
    from agents.offline.slots import find_players

    cut = DROP_OF.search(question[m.end():]) or DROP_OF.search(question[:m.start()])
    dropped = [n for n in find_players(cut.group("x")) if n != who] if cut else []
    if len(dropped) == 1:  # the move in plain words ("drop bogi" names Bogdan Bogdanović by a nickname)
        return f"drop {dropped[0]} and add {who}"
    return question[:m.start()] + who + question[m.end():]


HIM_ADDED = re.compile(r"(?:(?<=\badd )|(?<=\bget )|(?<=\bgrab )|(?<=\bsign )|(?<=\bsnag ))(?:him|that guy|that one)\b", re.I)
DROP_OF = re.compile(r"\b(?:for|drop|cut|waive|over)\s+(?P<x>[\w .'\-]+?)\s*(?:[,.;!?]|$)", re.I)


# the last answer's own pick named as such ("the guy you just suggested", "your top pick", "the one you said")
SUGGESTED = re.compile(r"\bthe (?:guy|player|one|dude|pickup|pick ?up|add|option|name) (?:that )?(?:you|u|ya) (?:just |had )?"
                       r"(?:suggested|recommended|mentioned|picked|said|proposed|liked|offered|like|named|gave me|pointed out)\b|"
                       r"\b(?:your|ur) (?:top |first |main |best )?(?:pick|suggestion|recommendation|guy|choice|add)\b", re.I)


def name_the_suggested(question: str, answer: str | None) -> str:
    """'how many games does the guy you just suggested have left' after a card or a list: the question
    with the answer's pick named (its first card's add, else its table's first row, else the player its
    lead names); the question itself when it says no such thing or nothing came before."""
    m = SUGGESTED.search(question or "")
    if not m or not answer:
        return question
    lead = LEADER.match(answer.strip())
    who = lead_player(answer) or (lead.group(1) if lead else None)
    return question if not who else question[:m.start()] + who + question[m.end():]
