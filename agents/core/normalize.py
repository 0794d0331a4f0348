"""Reads a manager's group-chat shorthand as plain words, before slots and the intent model.

Managers type "tn", "rn", "wk", "w/", "n", "u", "4 g left", "tho", stat slang ("dimes",
"stocks", "from deep", "swats"), bet slang ("ML", "o/u", "20 bucks", "hammer the under"), team
nicknames ("celts", "dubs"), laughter ("lol", "hahaha") and emoji. `normalize` rewrites those
into the words the rest of the planner knows (the slot extractor, the punt reader, the desk's
bet terms, the intent model, which is trained on normalized text), keeping every other character
as typed (capitals help find names; diacritics are folded later, by `fold`). It is idempotent.

`reaction` tells a message that is only laughter, emoji or a thanks ("lol ok", "ty 🙏", "😂"):
small talk that calls no tool.

    normalize("ast tho? last 6 g") -> "assists though? last 6 games"
"""
from __future__ import annotations

import re
import unicodedata

# word -> replacement, matched as a whole word, case-insensitive
WORDS = {
    # time
    "tn": "tonight", "2nite": "tonight", "2night": "tonight", "tonite": "tonight", "rn": "right now",
    "atm": "right now", "wk": "week", "wks": "weeks", "wkend": "weekend", "wknd": "weekend", "szn": "season",
    "2day": "today", "tdy": "today", "2moro": "tomorrow", "2mrw": "tomorrow", "tmrw": "tomorrow", "tmr": "tomorrow",
    "tmrow": "tomorrow", "yday": "yesterday", "yest": "yesterday", "nxt": "next", "eow": "end of the week",
    "ros": "rest of season",
    # chat words
    "u": "you", "ur": "your", "r": "are", "n": "and", "tho": "though", "thru": "through", "pls": "please",
    "plz": "please", "plss": "please", "shud": "should", "shld": "should", "cud": "could", "wud": "would",
    "any1": "anyone", "some1": "someone", "every1": "everyone", "no1": "no one", "b4": "before",
    "gimme": "give me", "lemme": "let me", "wanna": "want to", "gonna": "going to", "gotta": "got to",
    "idk": "i don't know", "imo": "in my opinion", "imho": "in my opinion", "smth": "something",
    "sth": "something", "bc": "because", "cuz": "because", "prob": "probably", "prolly": "probably",
    "ppl": "people", "abt": "about", "wat": "what", "wut": "what", "da": "the", "tha": "the", "teh": "the",
    "dat": "that", "nvm": "never mind", "k": "ok", "kk": "ok", "thnx": "thanks", "thanx": "thanks",
    "gm": "good morning", "gn": "good night", "w/o": "without", "excl": "excluding", "excl.": "excluding", "exc": "except", "w/e": "whatever", "rly": "really",
    "v": "vs", "vs.": "vs", "w": "with", "plyr": "player", "plyrs": "players", "em": "them", "ya": "you",
    # game words and typos
    "gms": "games", "gm's": "games", "fa": "free agent", "fas": "free agents", "wavier": "waiver",
    "waviers": "waivers", "waiver's": "waivers", "linup": "lineup", "lineups": "lineups", "injery": "injury",
    "matchp": "matchup", "oppo": "opponent", "opp": "opponent", "trde": "trade", "trd": "trade", "tarde": "trade",
    "trdes": "trades", "trds": "trades", "pikcup": "pickup", "pickp": "pickup", "pickps": "pickups",
    "jus": "just", "juss": "just", "ony": "only", "onyl": "only", "avail": "available", "avl": "available",
    # stats
    "dime": "assist", "dimes": "assists", "asts": "assists", "rebs": "rebounds", "reb": "rebounds",
    "board": "rebound", "boards": "rebounds", "swats": "blocks", "swat": "block", "blks": "blocks",
    "rejections": "blocks", "swipes": "steals", "stls": "steals", "stocks": "steals and blocks",
    "triples": "threes", "treys": "threes", "trey": "three pointer", "tos": "turnovers", "tovs": "turnovers",
    "giveaways": "turnovers", "buckets": "points", "ppg": "points", "apg": "assists", "rpg": "rebounds",
    "spg": "steals", "bpg": "blocks", "freebies": "free throws",
    # bets
    "ml": "moneyline", "o/u": "total", "ou": "total",
    # teams
    "celts": "celtics", "dubs": "warriors", "clips": "clippers", "grizz": "grizzlies", "pels": "pelicans",
    "wizzies": "wizards", "nugs": "nuggets",
}
# phrases first (longest first), each a regex -> replacement
PHRASES = [
    # British spellings of the verbs the planner reads ("optimise my roster", "analyse my matchup")
    (r"\b(optimi|analy|priori|maximi|minimi)s(e|es|ed|ing|ation)\b", r"\1z\2"),
    # "minus anyone on the suns", "sans centers": a list's negation (a spread's "minus 3.5" has a number)
    (r"(?<!plus )(?<!plus-)(?<!plus/)\b(?:minus|sans)\s+(?=(?:any|anyone|anybody|the|guys|players|my|all|[a-z]{3,})\b)"
     r"(?!(?:the )?(?:juice|vig|points?|pts|fantasy)\b)",
     "without "),
    (r"\bIR(?:'|-)?(?:ing|ed|'d|d)\b", "IR"),  # "make room by IRing Collins", "IR'd Ivey": the slot's verb, not a name
    (r"\bfrom (?:deep|downtown|three|3|beyond the arc|outside)\b", "threes"),
    (r"\b(?:from|at) the (?:free throw |ft |charity )?(?:line|stripe)\b", "free throws"),
    (r"\bcharity stripe\b", "free throws"),
    (r"\bwho(?:'s| s| is) the (?:cut|drop)\b", "who should I cut"),  # "who's the cut if I stream someone in?"
    (r"\b(free|field|three|3)-(throws?|goals?|points?|pointers?)\b", r"\1 \2"),  # "free-throw percentage": one clause
    (r"\bgood 2 go\b", "good to go"),
    (r"\b(?:the )?week after this(?: one| week)?\b(?! next)", "next week"),  # "looking ahead to the week after this one"
    (r"\b(a|per|each) (?:3|three)\b(?! (?:pointers?|games?|days?|of|or|more))", r"\1 three pointer"),  # "how many points for a 3"
    (r"\bno[- ](turnovers?|threes|assists|steals|blocks|points|rebounds|ft%|fg%|free throws)[- ]build\b",
     r"punt \1 build"),
    (r"\b(?:passes the ball|passing|playmaking|playmakers?)\b", "assists"),
    (r"\b(anyone|anybody|who|which|any|none|all) of mine\b", r"\1 on my team"),
    (r"\b(?:smash or pass|yay or nay|hit or miss|good or nah|w or l)\b", "good trade or not"),
    (r"\bsending ([\w .'\-]+?),? (?:and )?(?:getting|taking) ([\w .'\-]+?) back\b", r"trading \1 for \2"),
    (r"\bw/\s*", "with "),
    (r"\b(?:hammer|slam|smash|pound|love) the (over|under)\b", r"bet the \1"),
    (r"\b(over|under) (?:in|on|for) ([a-z0-9 .\-]+?),? (\d{3}(?:\.\d)?)\b", r"\1 \3 in \2"),
    (r"(?<![\w$])\$?(\d+(?:\.\d+)?) (?:bucks|dollars|quid|units?)\b", r"$\1"),
    (r"^(\$\d+(?:\.\d+)?) on\b", r"bet \1 on"),
    (r"\b[lL](\d{1,2})\b", r"last \1"),  # "l5", "L10": the last N games
    (r"\blast(\d{1,2})\b", r"last \1"),
    (r"\b(\d{1,2}) ?g\b(?!\w)", r"\1 games"),  # "4 g left", "last 6g": games, not guards
    (r"\bg (left|remaining)\b", r"games \1"),
    (r"\b(\d{1,2})gp\b", r"\1 games"),
    # formal English: "would you kindly advise whether I ought to retain X, or release him in favour of a
    # streaming option for the remainder of this week?" is "should I hold X or drop him for a streamer ..."
    (r"\b(?:would|could|can) you (?:kindly |please )?(?:advise|tell me|let me know)(?: me)? (?:whether|if) (?:i|we) "
     r"(?:ought to|should|would be wise to)\b", "should I"),
    (r"\b(?:kindly|please) (?:advise|tell me|let me know)(?: me)? (?:whether|if) (?:i|we) (?:ought to|should)\b",
     "should I"),
    (r"\bought (?:i|we) to\b", "should I"), (r"\b(i|we) ought to\b", r"\1 should"),
    (r"\bretain\b", "hold"), (r"\b(?:release|relinquish)\b", "drop"), (r"\bin favou?r of\b", "for"),
    (r"\ba streaming (?:option|candidate|alternative)\b", "a streamer"),
    (r"\b(?:the )?remainder of (this|the) (week|season)\b", r"the rest of \1 \2"),
    (r"\b(?:does|would|will) (?:that|this|it) (?:alter|change|affect|modify) (?:your|the) (?:recommendation|advice|"
     r"answer|verdict|view)\b", "same question"),
    (r"\bi should add that\b|\bi ought to mention that\b|\bi should mention that\b", "btw"),
    # learner's English: "I should to add" (a modal with "to"), "which player I should add" (no inversion),
    # "what I do now" (no auxiliary): the question a native speaker would type
    (r"\b(should|must|can|could|would|will|might|may)\s+to\s+(?=[a-z])", r"\1 "),
    # (not when the question already has its auxiliary: "what would I have to give up for X" stays)
    (r"\b(which|who|what|whom|where)\s+((?:(?!(?:would|do|does|did|should|could|can|will|must|might|may|shall)\b)"
     r"[a-z]+\s+){0,2}?)(i|we)\s+(should|must|can|could)\s+", r"\1 \2\4 \3 "),
    (r"\b(which|who|what|whom|where)\s+((?:(?!(?:would|do|does|did|should|could|can|will|must|might|may|shall)\b)"
     r"[a-z]+\s+){0,2}?)(i|we)\s+(need to|have to)\s+", r"\1 \2do \3 \4 "),  # "which guy we need to drop"
    (r"\b(what|how)\s+(i|we)\s+(do|play|start|set|pick|handle|fix)\b", r"\1 do \2 \3"),
]
FOR_AFTER = {"the", "my", "a", "me", "him", "this", "that", "tonight", "today", "tomorrow", "now", "real", "sure"}
COUNT_BEFORE = {"last", "past", "top", "next", "first", "previous", "at", "@", "+", "-", "me", "give", "show", "list",
                "get", "only", "just", "find", "want", "need", "with", "the", "those", "these", "my", "your"}
# "give me 4 free agents", "the 4 best rim protectors": a count
UNITS_AFTER = {"games", "game", "g", "gms", "days", "weeks", "nights", "straight", "of", "more", "or", "guards",
               "best", "top", "most", "good", "decent", "solid", "cheap", "other", "different",
               "forwards", "centers", "bigs", "players", "guys", "dudes", "spots", "moves", "teams", "free", "pickups",
               "adds", "trades", "options", "names", "ideas", "cards", "streamers", "waiver", "times", "gamers", "fa", "fas"}
W_WIN_BEFORE = {"the", "a", "an", "get", "take", "easy", "ez", "big", "another"}
LAUGH = re.compile(r"\b(?:l+o+l+[sz]?|lo+l|lm+f?a+o+|rofl|ha(?:ha)+h?|ah(?:ah)+|he(?:he)+|hah|jaja+|xd+|lul)\b",
                   re.I)
EMOJI_WORDS = {"🔥": " hot ", "🥶": " cold ", "🤕": " injured ", "🚑": " injured ", "❓": "?", "❔": "?",
               # a reply made of a thumbs-up is a yes, a thumbs-down a no ("👍" to a waiting card)
               "👍": " yes ", "👌": " ok ", "✅": " yes ", "✔": " yes ", "🤝": " deal ", "👎": " no ", "❌": " no ",
               "🙅": " no "}
SMALLTALK = re.compile(r"(hi|hiya|hello|hey|yo|sup|good (morning|afternoon|evening|night)|morning|thanks?( you)?"
                       r"( so much)?|thx|ty|tysm|cheers|great|awesome|cool|ok(ay)?|got it|perfect|nice( one)?|bye|"
                       r"sweet|appreciate (it|ya|you|that)|fair enough|word|say less|bet|bless|legend|true|"
                       r"makes sense|all good|no worries|gg|good game|my bad|oh|ah|wow|damn|yep|yup|sure|haha|"
                       r"lol|dope|sick|lit|facts)"
                       r"( (there|courtside|man|again|a lot|bud|buddy|bro|dude|mate|fam|then|thanks|thx|ty))*[ !.]*")


def _is_emoji(ch: str) -> bool:
    return unicodedata.category(ch) == "So" or ch in "\u200d\ufe0f\ufe0e" or 0x1F000 <= ord(ch) <= 0x1FAFF


def strip_emoji(text: str) -> str:
    """The text with its emoji removed (a few carry a word: 🔥 "hot", 🤕 "injured")."""
    out = "".join(EMOJI_WORDS.get(ch, " " if _is_emoji(ch) else ch) for ch in text)
    return re.sub(r"[ \t]{2,}", " ", out).strip()


def _squeeze(word: str) -> str:
    """'sooo' -> 'so', 'pleeease' -> 'please': a letter typed 3+ times counts once (twice where the
    word needs it: 'gooood' -> 'good')."""
    if not re.search(r"([a-z])\1\1", word, re.I) or len(set(word.lower())) < 2:
        return word  # "jjj", "zzz": a nickname or a keyboard mash, kept
    once = re.sub(r"([a-z])\1{2,}", r"\1", word, flags=re.I)
    twice = re.sub(r"([a-z])\1{2,}", r"\1\1", word, flags=re.I)
    return twice if twice.lower() in {"good", "too", "soon", "need", "all", "free", "week", "sweet", "cool",
                                      "book", "books", "look", "off", "well", "will"} else once


MONTH = re.compile(r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?")


def _first_name_of(words: str) -> bool:
    """Whether a player's name starts with these words ("trey murphy": Trey Murphy III), from the data."""
    from services.league.lookup import index

    try:
        folded = index()[2].values()
    except Exception:  # noqa: BLE001 - no database (a bare import): read as the slang it usually is
        return False
    return any(n == words or n.startswith(words + " ") for n in folded)


def _words(text: str) -> str:
    tokens = re.split(r"(\s+)", text)
    out = []
    for i, tok in enumerate(tokens):
        if not tok or tok.isspace():
            out.append(tok)
            continue
        m = re.fullmatch(r"([(\"'\[]*)(.*?)([?!.,;:)\"'\]]*)", tok)
        lead, core, trail = m.groups()
        low = _squeeze(core).lower()
        prev = next((t for t in reversed(tokens[:i]) if t.strip()), "").lower().strip("?!.,;:")
        nxt = next((t for t in tokens[i + 1:] if t.strip()), "").lower().strip("?!.,;:")
        new = WORDS.get(low)
        if low == "trey" and nxt.isalpha() and _first_name_of(f"trey {nxt}"):
            new = None  # "get trey murphy back": the player, not a three-pointer
        elif low == "c" and nxt not in ("ya", "you", "u"):  # "best c on waivers": the position
            new = "center"
        elif low == "w":  # "w" is "with" unless it is the win ("get the W")
            new = "win" if prev in W_WIN_BEFORE or not nxt else "with"
        elif low in ("4", "2") and not trail and not MONTH.fullmatch(prev) and prev != "stretch":  # "feb 4": a day
            pre_word = prev.isalpha() and prev not in COUNT_BEFORE
            if low == "4" and (nxt in FOR_AFTER or (pre_word and nxt.isalpha() and nxt not in UNITS_AFTER)):
                new = "for"  # "harden 4 kawhi", "4 the week"
            elif low == "2" and nxt in {"go", "play", "start", "add", "drop", "pick", "the", "me", "my", "sit"} and pre_word:
                new = "to"  # "good 2 go", "who 2 start"
        if new is None:
            out.append(lead + (low if low != core.lower() else core) + trail)
        else:
            out.append(lead + new + trail)
    return "".join(out)


# a move in notation: "bol -> braun", "bol → braun", "-bogi +pritchard", "+pritchard -bogi" (out, then in)
_NAME = r"[A-Za-z][\w'.]*(?:\s+[A-Za-z][\w'.]*)?"
ARROW = re.compile(rf"(?<![\w>-])({_NAME})\s*(?:-+>|→|⟶|=>|>>)\s*({_NAME})")
MINUS_PLUS = re.compile(rf"(?:^|(?<=\s))-\s?({_NAME})\s*\+\s?({_NAME})")
PLUS_MINUS = re.compile(rf"(?:^|(?<=\s))\+\s?({_NAME})\s*-\s?({_NAME})")


def moves_in_notation(text: str) -> str:
    """'bol -> braun ?' read as 'drop bol for braun ?'; '-bogi +pritchard' as 'drop bogi for pritchard'."""
    t = ARROW.sub(r"drop \1 for \2", text)
    t = MINUS_PLUS.sub(r"drop \1 for \2", t)
    return PLUS_MINUS.sub(r"drop \2 for \1", t)


def normalize(text: str) -> str:
    """The message in the words the planner reads: shorthand spelled out, laughter and most emoji
    removed, a move in arrow or plus/minus notation said in words, every other character as typed."""
    t = strip_emoji(moves_in_notation(text))
    t = LAUGH.sub(" ", t)
    t = _words(t)
    for pattern, repl in PHRASES:
        t = re.sub(pattern, repl, t, flags=re.I)
    t = re.sub(r"\s+([?!.,;:])", r"\1", t)
    t = re.sub(r"^[\s,.;:!]+", "", t)
    return re.sub(r"[ \t]{2,}", " ", t).strip()


def _reacts(ch: str) -> bool:
    """A face, a hand, a heart, fire or 100: an emoji that reacts (🏀 or 🍕 alone says nothing)."""
    o = ord(ch)
    return (0x1F600 <= o <= 0x1F64F or 0x1F910 <= o <= 0x1F93F or 0x1F970 <= o <= 0x1F97F or 0x1F44A <= o <= 0x1F450
            or 0x1F490 <= o <= 0x1F49F or o in (0x2764, 0x1F525, 0x1F4AF, 0x1F4AA, 0x2600, 0x1F60E, 0x263A, 0x2705,
                                                 0x1F3C6, 0x1F389, 0x1F38A, 0x1F918, 0x1F919, 0x1F44D, 0x1F44E))


def after_reaction(text: str) -> str:
    """The message without a leading thanks, laughter or greeting when a request follows it ("cool
    thanks. next, who are the best adds?", "lol ok, and my matchup?"): that request is the message."""
    rest = text
    while True:
        m = re.match(r"\s*([^.!,;?]+)[.!,;]+\s*(.*)$", rest, re.S)
        if not m or not reaction(m.group(1)) or len(re.findall(r"[A-Za-z]+", m.group(2))) < 3:
            return rest
        rest = m.group(2)


def reaction(text: str) -> bool:
    """Only laughter, emoji, thanks or a greeting ("lol ok", "ty 🙏", "😂😂", "hehe sweet thx"):
    small talk, no tool. A message with no letters and no emoji is not a reaction (it is nonsense)."""
    from services.league.lookup import fold

    had_emoji = any(_reacts(ch) for ch in text)
    bare = "".join(" " if _is_emoji(ch) else ch for ch in text)
    laughed = bool(LAUGH.search(bare))
    rest = fold(_words(LAUGH.sub(" ", bare)))
    if not rest:
        return had_emoji or laughed
    return bool(SMALLTALK.fullmatch(rest))
