"""The offline planner reads one message's request frame (agents/core/frame.py): the phrases only.

Read before any tool runs: the players that must stay ("without giving up SGA", "Shai stays",
"not Braun"), the players to move, a trade's shape ("2 for 1", "Beal and Conley for one better
player"), the horizon, a count ("top 15", "show me 3 of those"), a ranking's window, sort and
availability, a filter on the previous answer ("which of them play Friday"), a lowercase surname
before "for", and the conversation acts that are not requests: an affirmation of waiting cards,
"why X not Y", "X vs Y", and questions outside what the product models. The frame itself is put
together from these in agents/offline/frame_read.py; what a follow-up keeps from the thread's earlier
frame is agents/offline/carry.py; the turn's act, agents/offline/understand.py.
"""
from __future__ import annotations

import re

from agents.offline.list_filters import kept_positions
from agents.offline.category_slots import find_categories
from agents.offline.slots import find_players
from services.league.lookup import fold

_END = (r"(?=[,.;?!]|\s+(?:for|to|and (?:then )?(?:get|find|improve|help|drop|cut|add|pick up|grab|trade|stream|"
        r"release|waive|move|put|stash|bench|start|sit)|then|but|while|please|in the deal)\b|$)")  # "keep X and drop Y": X
EXCLUDE = [re.compile(p, re.I) for p in (
    rf"\b(?:without|w/o)\s+(?:giving up|trading|losing|moving|including|touching|sending|dealing|dropping)?\s*(?P<c>.+?){_END}",
    rf"\b(?:not|never|no)\s+(?:giving up|trading|moving|dropping|losing|including|cutting|sending|touching)\s+(?P<c>.+?){_END}",
    rf"\b(?:don'?t|do not|dont|never|won'?t|doesn'?t|does not|can'?t|cannot|can not|shouldn'?t|mustn'?t)\s+"
    rf"(?:afford to\s+)?(?:drop|trade|give up|cut|move|touch|include|send|lose|deal|part with|"
    rf"cost me|involve|require)\s+(?P<c>.+?){_END}",
    rf"\b(?:i'?m |i am )?(?:keep|keeping|leave|leaving|protect|protecting|hold onto|holding onto)\s+(?P<c>.+?)"
    rf"(?:\s+out(?: of (?:it|this|that))?)?{_END}",
    r"(?P<c>[\w.'\- ]+?)\s+(?:stays|stays put|is staying|is untouchable|is off limits|is off the table)\b",
    # "Shai's not going anywhere", "Mobley's untouchable"
    r"(?P<c>[\w.\- ]+?)'s\s+(?:not going anywhere|staying|untouchable|off limits|off the table|not for sale|a keeper|"
    r"not available|not on the table)\b",
    # "shai, bron and melo are locked", "mobley's locked in", "SGA is safe"
    r"(?P<c>[\w.'\-, ]+?)\s+(?:is|are|r|s)\s+(?:locked(?: in| up)?|safe|protected|sacred|core pieces?|staying put)\b",
    r"(?P<c>[\w.'\- ]+?)\s+(?:stay|stay put|are staying|are untouchable|are off limits|are off the table|"
    r"(?:is|are|isn'?t|aren'?t|is not|are not) going anywhere|(?:is|are) not for sale|(?:is|are) keepers?)\b",
    # "shai or melo not included", "SGA n Melo aren't part of it", "Shai off limits"
    r"(?P<c>[\w.'\- ]+?)\s+(?:(?:is|are|r|s)\s+)?(?:(?:not|never|n'?t)\s+(?:included|involved|in it|in the deal|"
    r"part of (?:it|this|that|the deal)|up for grabs|on the block|tradeable|tradable)|off limits|untouchable)\b",
    rf"\b(?:anyone|anybody|everyone|everybody|all|anything) but\s+(?P<c>.+?){_END}",
    # "everyone's available but shai and lebron", "all of them are tradeable except X": the pool said, then who is not
    rf"\b(?:anyone|anybody|everyone|everybody|all(?: of (?:them|my guys|mine))?|the rest)(?:'s|s| s| is| are|'re| re)?\s+"
    rf"(?:available|tradeable|tradable|on the table|up for grabs|in play|fair game)\s*,?\s+(?:but|except(?: for)?|other than)\s+"
    rf"(?P<c>.+?){_END}",
    rf"\b(?:except(?: for)?|other than|but not|apart from|excluding)\s+(?P<c>.+?){_END}",
    # a player the user turns down: "not interested in Braun", "pass on Braun", "I don't want Braun"
    rf"\b(?:not|no longer) (?:interested in|a fan of|into|sold on|keen on)\s+(?P<c>.+?){_END}",
    rf"\b(?:pass on|skip|forget about|no thanks (?:on|to)|i don'?t (?:want|like|trust)|i dont (?:want|like|trust))\s+"
    rf"(?P<c>.+?){_END}",
    # a player turned down at the head of a clause, after a list or cards: "not bol bol ffs, someone else",
    # "nah not Collins. who else", "anyone else but not Ivey"
    rf"(?:^|[,.;!?]\s*|\bbut\s+)(?:(?:no|nah|nope|ugh|ok|okay|hmm+|lol|please|pls|just|and|only)[\s,.!]+)*not\s+"
    rf"(?!(?:sure|certain|yet|now|really|quite|so|that|too|very|much|only|just|bad|great|good|playing|injured|hurt|"
    rf"healthy|worth|a fan)\b)(?P<c>.+?){_END}",
)]
KEEP_ACTS = ("trade_find", "trade_evaluate", "optimize", "ir_move", "fa_scan", "research_rankings", "fa_hot")
NUMBER = {"one": 1, "a": 1, "single": 1, "two": 2, "both": 2, "three": 3}
SHAPE = re.compile(r"\b([123]|one|two|three)\s*-?\s*(?:for|4|x)\s*-?\s*([123]|one|two|three)(?:'?s)?\b", re.I)  # "1 for 1s"
ONE_BACK = re.compile(r"\bfor\s+(?:a|one|1|a single|one single|a better|one better|a star|one star)\b", re.I)
COUNT = [re.compile(p, re.I) for p in (
    # "3 max", "5 tops", "max 4", "at most 6 please": a ceiling on the list's size (not minutes, games or days)
    r"\b(\d{1,2})\s+(?:max|tops|at most|at the most)\b(?!\s*(?:games?|days?|min\w*|mpg))",
    r"\b(?:max|at most|no more than)\s+(\d{1,2})\b(?!\s*(?:games?|days?|min\w*|mpg|%|for\b|-?for-?\d))",
    r"\b(?:top|best|show me|give me|gimme|list|first|show|get me|just|only)\s+(?:the\s+|my\s+)?(\d{1,2})\b"
    r"(?!\s*(?:games?|days?|weeks?|wks?|%|for\b|-?for-?\d))",
    r"\b(\d{1,2})\s+(?:(?:[a-z]+[/-][a-z]+|best|more|good|other|different|possible|waiver|roster|quick|cheap|"
    r"unowned|unrostered|available|healthy|solid|decent|legit|safe|hot|young|new|streaming|sleeper|"
    r"shot|rim|glass|free agent|point|3 point|three point)\s+){0,2}(?:trade ideas|trades|pickups|players|free agents|fas?|"
    r"guys|options|names|adds|ideas|deals|streamers|moves|swaps|cards|changes|suggestions|recs|recommendations|targets|"
    r"candidates|blockers|protectors|rebounders|passers|playmakers|shooters|scorers|defenders|cleaners|bigs|guards|"
    r"centers|forwards|wings|of (?:those|them|these))\b",
    r"\b(?:a |one |the )?(1)\b(?= (?:single )?(?:best )?(?:move|swap|change|pickup|add)\b)",
    r"^\s*(?:ok(?:ay)?|fine|sure|then|just|only)?\s*,?\s*(\d{1,2})\s*(?:then|more|instead|please|pls|only)?\s*[.!?]*$",
    r"\b(?:cut|trim|narrow|limit|make|bring|shorten)\s+(?:it|that|this|them|the list|those)?\s*(?:down\s+)?to\s+(\d{1,2})\b",
    r"(?<!option )(?<!card )(?<!number )(?<!move )(?<!#)(?<!no )\b(\d{1,2})\s+(?:is|are|would be|will do|should do|works?)\s*(?:fine|enough|good|plenty|ok|okay|it)?\b(?!\s*(?:games?|days?))",
)]
WHY_NOT = re.compile(r"(?:^\s*|[,.;!?]\s*)(?:y|wy|whyy+)\b.*\b(?:not|over|instead of|rather than|ahead of)\b|"
                     r"\b(why|how come|howcome|what makes)\b.*\b(not|over|instead of|rather than|ahead of|before|vs\.?|versus|"
                     r"better than)\b", re.I)
VERSUS = re.compile(r"\b(vs\.?|versus)\b|\bor\b.*\?$", re.I)
HORIZON_ONLY = re.compile(r"(?:(?:and|ok|okay|so|but|what about|how about|then|ugh|fine|alright|k|well|sigh)[ ,]+)*"
                          r"(?:just |only )?(?:for |over |in )?(?:just |only )?"
                          r"(?:this week|next week|the rest of the (?:season|year)|the season|tonight|tomorrow|today)(?: s)?"
                          r"(?: only| instead| then| one| ones)?")
WHY_BENCHED = re.compile(r"\b(why|how come)\b.*\b(bench|benched|sit|sitting|sits|sat|not start\w*|isn'?t start\w*|"
                         r"not in (?:the|my) lineup|not playing)\b|\b(why|how come)\b.*\b(?:not|isn'?t|aren'?t|no)\b.*\bstart\w*", re.I)
GIVE_UP = re.compile(r"\b(?:without|not|never|don'?t|do not)\s+(?:giving up|trading|losing|moving|dropping|cutting|"
                     r"sending|trade|drop|cut|give up|lose|move|send)\s+(?P<c>[^,.;?!]+)", re.I)
UNSUPPORTED_TRADE = re.compile(r"\b(no|not|without|nobody|none|avoid)\b[^.?!]{0,30}\b(injured|hurt|out|injury)\b|"
                               r"\bhealthy (players|guys|ones) only\b|\bonly healthy\b", re.I)
THEY = re.compile(r"\b(their|them|they|both|the two|those two|these two)\b")
WIN_WEEK = re.compile(r"\b(?:need to|have to|must|gotta|want to) win this week\b|\b(?:only|just) (?:this week|for this week)\b")
OF_THEM = re.compile(r"\b(?:which|who|any) of (?:them|those|these|em)\b|\bof (?:those|them|these) guys\b|\bwhich ones\b|"
                     r"\b(?:from|on|in|of) (?:this|that|the|your) (?:list|table)\b|\bamong (?:them|those|these)\b|"
                     # "and of what's left, who has 3 games": the list the last filter left
                     r"\b(?:of|from) what(?:'|\u2019| i)?s left\b|\bof the (?:remaining|rest|ones left)\b|"
                     r"^\W*(?:(?:and|ok|okay|so|now|then)\W+)*(?:of|from|out of) (?:those|them|these|that list)\b", re.I)


def _named(clause: str, known: list[str]) -> list[str]:
    """The players a clause names, as the message's canonical names ("barnes" -> Scottie Barnes when
    the message resolved him so), and a capitalized surname that is also a word ("Ball")."""
    out = []
    for n in find_players(clause) + capitalized(clause, clause=True):
        if " " not in n:
            n = next((k for k in known if fold(n) in fold(k).split()), None) or n
        if n not in out:
            out.append(n)
    return out


def capitalized(text: str, known: list[str] = (), clause: bool = False) -> list[str]:
    """Players named by a capitalized surname the slot reader skips as a common word ("trade Ball for
    Trae Young"): the prominent player of that name, when one is."""
    from agents.offline.common_words import COMMON_WORDS
    from agents.offline.slots import prominent
    from services.config import DEFAULT_AS_OF

    taken = {w for k in known for w in fold(k).split()}
    out = []
    for m in re.finditer(r"(?<![\w.])([A-Z][a-z]{2,})\b", text):
        w = fold(m.group(1))
        if w in taken or (m.start() == 0 and not clause and w in COMMON_WORDS):
            continue
        name = prominent(w, DEFAULT_AS_OF)
        if name and " " in name and name not in out:
            out.append(name)
    return out


def unnamed_exclusions(text: str, known: list[str] = ()) -> list[str]:
    """Exclusion clauses that name no player I know ("without giving up my best guard"): said in the
    answer as not applied, never silently dropped."""
    out = []
    for m in GIVE_UP.finditer(text):
        clause = m.group("c").strip()
        if clause and not _named(clause, list(known)) and not find_categories(clause) and len(clause.split()) <= 6 \
                and not kept_positions(fold(m.group(0))):  # "not trading my centers": a kept position, honoured
            out.append(f"{m.group(0).strip()} (no player I know by that)")
    return out


# the next item of a list of players the clause goes on naming: "anyone but shai, lebron or barnes"
LIST_ITEM = re.compile(r"\s*(?:,|;|/|&|\bor\b|\band\b|\bnor\b)\s*(?:(?:or|and|nor)\s+)?(?P<n>[\w.'\- ]+?)"
                       r"(?=\s*(?:[,;/&.?!]|\bor\b|\band\b|\bnor\b)|\s+(?:out|too|either|as well|please|pls)\b|$)", re.I)


ACTION_WORD = re.compile(r"\b(?:then|drop|cut|add|get|find|trade|pick|grab|move|stash|for|to|is|are|stays?|with|in|on|who|"
                         r"what|maybe|also)\b", re.I)


def exclusions(text: str, known: list[str] = ()) -> list[str]:
    out: list[str] = []
    for pattern in EXCLUDE:
        for m in pattern.finditer(text):
            found = _named(m.group("c"), list(known))
            at, chain, joined = m.end(), [], False
            while found and (item := LIST_ITEM.match(text, at)) and len(item.group("n").split()) <= 3 and \
                    not ACTION_WORD.search(item.group("n")) and (more := _named(item.group("n"), list(known))):
                chain, at = [*chain, *more], item.end()  # a list the clause goes on naming, comma by comma...
                joined = joined or bool(re.match(r"\s*(?:,\s*)?(?:or|and|nor|&)\b", item.group(0), re.I))
            if joined:  # ...that ends in "or"/"and" ("anyone but shai, lebron or barnes"); "not X, Y" names Y instead
                found = [*found, *chain]
            for n in found:
                if n not in out:
                    out.append(n)
    return out


# what comes back for the players given: "into 1 guy", "for somebody better", "for 2 decent guys"
GET_BACK = re.compile(r"\b(?:for|into|to get|get back|in exchange for|in return for)\s+(?:like\s+|just\s+|only\s+)?"
                      r"(?P<n>1|one|2|two|a single|single|a pair|a couple|couple|somebody|someone|a|an)\b"
                      r"(?P<rest>(?:\s+\w+){0,2})", re.I)
ONE_EXPLICIT = ("1", "one", "a single", "single")
STRAIGHT_UP = re.compile(r"\bstraight[- ]?(?:up|swaps?|trades?|deals?)\b|\bone[- ]for[- ]one\b|\blike[- ]for[- ]like\b|"
                         r"\bplayer[- ]for[- ]player\b", re.I)
TRADE_CUE = re.compile(r"\b(consolidat\w*|packag\w*|bundl\w*|turn\w*|flip\w*|deals?|trades?|swap\w*|upgrade|straight[- ]up|"
                       r"in exchange|in return|combine|2 ?for ?1|1 ?for ?2)\b", re.I)


OF_MINE = re.compile(r"\b(?P<a>one|two|1|2) of (?:mine|my guys|my players|ours)\b.*?\b(?P<b>one|two|1|2) of "
                     r"(?:theirs|his|them|their guys|their players)\b", re.I)


# "2 of my mid guys for 1 stud", "three of my bench guys for a starter": a shape without the players named
N_OF_MY = re.compile(r"\b(?P<a>one|two|three|1|2|3) of my (?:\w+ ){0,2}?(?:guys|players|pieces|dudes|role players|starters|"
                     r"bigs|guards|wings|forwards)\b[^.?!]{0,20}?\bfor (?P<b>one|two|1|2|a single|single|a|an)\b", re.I)


# the two counts said as sending and getting: "i send 2 and get 1 back", "give three, get one"
SEND_GET = re.compile(r"\b(?:send|give|trade|ship|move|deal)\s+(?P<a>[1-3]|one|two|three)\s*(?:guys?|players?|of mine)?\s*"
                      r"(?:and|,|&|\+|then)?\s*(?:i\s+)?(?:get|receive|take|bring)\s+(?:back\s+)?(?P<b>[1-3]|one|two|three)\b")


def shape_of(text: str, give: list[str]) -> str | None:
    """A trade's shape (I give - for - I get) from the words: "2 for 1", "2for1", "Beal + Conley into 1
    guy" (2-for-1), "turn Barnes into two solid players" (1-for-2), "Beal straight up" (1-for-1)."""
    m = SHAPE.search(text)
    if m:
        a, b = (NUMBER.get(x.lower(), None) or int(x) for x in m.groups())
        return f"{a}-for-{b}"
    m = OF_MINE.search(text)
    if m:  # "one of mine for two of theirs", "make it two of mine for one of theirs"
        a, b = (NUMBER.get(x.lower()) or int(x) for x in (m.group("a"), m.group("b")))
        return f"{a}-for-{b}"
    m = N_OF_MY.search(text)
    if m:  # "2 of my mid guys for 1 stud"
        b = m.group("b").lower()
        return f"{NUMBER.get(m.group('a').lower()) or int(m.group('a'))}-for-{2 if b in ('two', '2') else 1}"
    m = SEND_GET.search(fold(text))
    if m:  # "only ones where i send 2 and get 1 back"
        a, b = (NUMBER.get(x) or int(x) for x in (m.group("a"), m.group("b")))
        return f"{a}-for-{b}"
    if len(give) <= 1 and STRAIGHT_UP.search(text):  # "straight swaps for boards": a 1-for-1 search
        return "1-for-1"
    if len(give) not in (1, 2, 3):
        return None
    back = re.search(r"\b(?P<n>1|one|a single|single|2|two|a pair|a couple)\s+(?:\w+\s+)?(?:guys?|players?|pieces?|"
                     r"starters?|studs?|stars?)?\s*(?:back|in return)\b", text, re.I)
    if back:  # "want one guy back", "two players in return"
        n = back.group("n").lower()
        return f"{len(give)}-for-{2 if n in ('2', 'two', 'a pair', 'a couple') else 1}"
    for m in GET_BACK.finditer(text):
        n, rest = m.group("n").lower(), fold(m.group("rest") or "")
        if n in ("2", "two", "a pair", "a couple", "couple"):
            return f"{len(give)}-for-2"
        if n in ONE_EXPLICIT or (len(give) >= 2 and (n in ("somebody", "someone") or (
                n in ("a", "an") and re.match(r"\s*(better|single|star|stud|upgrade|guy|player|good|great|stronger)\b",
                                              rest)))):
            return f"{len(give)}-for-1"
    return None


WORD_COUNT = [(re.compile(rf"\b(?:{w})\b", re.I), n) for w, n in (
    ("(?:a )?half(?: a)? dozen", "6"), ("a dozen", "12"), ("a couple(?: of)?", "2"), ("a few", "3"), ("a handful(?: of)?", "5"), ("two", "2"), ("three", "3"),
    ("four", "4"), ("five", "5"), ("six", "6"), ("seven", "7"), ("eight", "8"), ("nine", "9"), ("ten", "10"),
    ("fifteen", "15"), ("twenty", "20"),
    # "best single move", "just one move", "one swap only": a count of one (a bare "one" is a card's place)
    (r"(?:one|a) single|single|one(?= (?:best |good )?(?:move|swap|change|pickup|add)\b)", "1"))]


GIVE_UP_TO = re.compile(r"\b(?:give|send|trade|offer|move|part with)(?: up)?(?: to| up to| at most| as many as)? "
                        r"(?:\d|one|two|three|a couple of|a couple)\s+(?:of )?(?:my )?(?:guys|players|pieces|of mine|"
                        r"starters)\b", re.I)


def count_of(text: str) -> int | None:
    """How many the message asks for: "top 10", "show me 3", "5 streamers", "top five", "a couple of
    trade ideas", "half a dozen names" (a bare "one" is a card's place, not a count). A count corrected in the
    message ("give me 8, no wait, make it 6") was put right before (agents/offline/corrections.py slot_fix)."""
    text = SHAPE.sub(" ", text)  # "2 for 1 deals": a shape, not a count of one
    text = GIVE_UP_TO.sub(" ", text)  # "I'd give up to two guys": how many I send, not how many results
    for pattern, digits in WORD_COUNT:
        text = pattern.sub(digits, text)
    for pattern in COUNT:
        m = pattern.search(text)
        if m:
            n = int(m.group(1))
            if 1 <= n <= 50:
                return n
    return None


def lowercase_for(text: str, known: list[str]) -> str | None:
    """The player a lowercase surname just before 'for' names when it is also a word ("ball for trae
    young"): the label itself when several players go by it (then my roster, the thread and the
    league decide, in that order: agents/offline/names.py), else the one player of that surname."""
    from agents.offline.slots import ambiguous, prominent
    from services.config import DEFAULT_AS_OF

    m = re.search(r"(?:^|[\s,(])([a-z]{3,})\s+for\s+", fold(text))
    if not m or any(m.group(1) in fold(k).replace("-", " ").split() for k in known):
        return None
    if m.group(1) in NOT_A_NAME:
        return None
    if ambiguous(m.group(1), DEFAULT_AS_OF):
        return m.group(1)
    name = prominent(m.group(1), DEFAULT_AS_OF)
    return name if name and " " in name else None


NOT_A_NAME = set("trade trading swap swapping deal offer offering give giving send sending move moving drop dropping "
                 "package flip shop want looking look good bad worth fair this that him them guy player one two "
                 "would could should what how who any ask asking only just".split())
