"""Reads a manager's question: intent, players, categories, positions, days and follow-ups.

Deterministic rules over real phrasing (no model). Player names are found by matching word
n-grams against the league's name and nickname index, so "jokic", "SGA" and typos work.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from agents.desk.ask import is_desk_question
from agents.intents import Intent
from services.lookup import fold, index
from services.scoring import CATEGORY_ALIASES

WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
COMMON_WORDS = set("""a about above after again against all am an and any are as at be because been before
being below between both but by can could did do does doing down during each few for from further had has
have having he her here hers him his how i if in into is it its just me more most my no nor not now of off
on once only or other our out over own same she should so some such than that the their them then there these
they this those through to too under until up very was we were what when where which while who whom why will
with would you your yours team week player players game games lineup start sit bench stream add drop pick
week's today tomorrow tonight night day days rest left hold trade waiver waivers free agent agents matchup
opponent points point category categories help review optimize best worst good bad better value lately
recent form last status injury injured hurt news steals assists blocks rebounds threes turnovers guard
forward center big wing should who which whom thanks thank hello hey hi played playing plays look looks
season average averages numbers stats give tell show much many more less winning losing win lose up
thursday friday saturday sunday monday tuesday wednesday ok okay please need want like get got one two three
four five six seven eight nine ten eleven twelve active healthy someone anyone somebody sure yes yeah nope
long term short keep cut release swap move moves destroy without roster spot spots listed hot cold streaming
ahead behind chances odds injuries minutes role usage first second next previous pg sg sf pf c g f util
right find sits sitting starting benching left available around
""".split())
POSITION_WORDS = {"point guard": "PG", "shooting guard": "SG", "small forward": "SF", "power forward": "PF",
                  "center": "C", "centre": "C", "big man": "C", "guard": "G", "forward": "F", "wing": "F",
                  "pg": "PG", "sg": "SG", "sf": "SF", "pf": "PF", "big": "C", "bigs": "C", "guards": "G",
                  "forwards": "F", "centers": "C"}
OPTIMIZE_PHRASES = ("optimi", "maximi", "review my matchup", "best moves", "improve my team", "help me win",
                    "without destroying", "make moves", "what moves", "who should i drop", "who do i drop",
                    "who to drop", "who should i cut", "who do i cut", "who to cut", "drop someone", "worst player")
WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
                "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20}


@dataclass
class Parsed:
    text: str
    intent: Intent
    players: list[str] = field(default_factory=list)  # canonical names found in the text
    categories: list[str] = field(default_factory=list)
    position: str | None = None
    day: dt.date | None = None
    rest_of_week: bool = False
    last_n: int | None = None
    greeting: bool = False
    hold_or_stream: bool = False
    wants_moves: bool = False
    allow_drop: list[str] = field(default_factory=list)
    replacing: str | None = None  # "replace Embiid", "instead of Embiid": the player to drop
    move: tuple[str, str] | None = None  # an explicit (drop, add) the user named; ownership decides
    as_of: dt.date | None = None
    mode: str | None = None  # "this_week" ("I only care about this week"), "balanced", or None (the setting)
    scoring: str = "points"  # the league's scoring ("points" or "categories"), from the model call's CallInfo


EDGE_PHRASES = ("edges", "any edge", "mispriced", "signals", "value bets", "betting value", "against the market",
                "vs the market", "beat the market", "market price", "news to price", "news-to-price")


def _has(text: str, *words: str) -> bool:
    return any(re.search(rf"\b{re.escape(w)}", text) for w in words)


def find_players(text: str) -> list[str]:
    """Canonical names of the players mentioned, in order of appearance."""
    names, aliases, _ = index()
    words = fold(text).split()
    raw_words = re.findall(r"[\w'.\-]+", text)
    capitalized = {fold(w) for w in raw_words if w[:1].isupper()}
    found: list[tuple[int, str]] = []
    used: set[int] = set()
    for size in (3, 2, 1):
        for i in range(len(words) - size + 1):
            if any(j in used for j in range(i, i + size)):
                continue
            gram = " ".join(words[i:i + size])
            pids = aliases.get(gram)
            if size == 1 and (gram in COMMON_WORDS or len(gram) < 3) and not (gram in capitalized and gram not in COMMON_WORDS):
                if not (pids and len(pids) == 1 and gram not in COMMON_WORDS):
                    continue
            if not pids and size >= 2:
                hit = process.extractOne(gram, aliases.keys(), scorer=fuzz.ratio, score_cutoff=88)
                if hit and all(w not in COMMON_WORDS for w in gram.split()):
                    pids = aliases[hit[0]]
            if not pids and size == 1 and len(gram) >= 5 and gram not in COMMON_WORDS:
                hit = process.extractOne(gram, aliases.keys(), scorer=fuzz.ratio, score_cutoff=86)
                if hit and len(aliases[hit[0]]) == 1:
                    pids = aliases[hit[0]]
            if pids:
                label = names[pids[0]] if len(pids) == 1 else " ".join(words[i:i + size])
                found.append((i, label))
                used.update(range(i, i + size))
    found = _merge_unknown_full_names(sorted(found), words, names, aliases)
    out: list[str] = []
    for _, name in sorted(found):
        if name not in out:
            out.append(name)
    return out


def _merge_unknown_full_names(found, words, names, aliases):
    """'michael jordan', 'kobe bryant': a first name next to another name word, one of them shared by
    several players, is one full name the data does not know, not Michael Porter Jr. plus some
    Jordan. Kept as typed, so the lookup answers with suggestions."""
    out, skip = [], False
    for k, (i, label) in enumerate(found):
        if skip:
            skip = False
            continue
        nxt = found[k + 1] if k + 1 < len(found) else None
        first_name = words[i] in {fold(n).split()[0] for pid in aliases.get(words[i], []) for n in [names[pid]]}
        either_ambiguous = len(aliases.get(words[i], [])) > 1 or len(aliases.get(words[i + 1], [])) > 1 \
            if i + 1 < len(words) else False
        if nxt and nxt[0] == i + 1 and first_name and either_ambiguous and f"{words[i]} {words[i + 1]}" not in aliases:
            out.append((i, f"{words[i].capitalize()} {words[i + 1].capitalize()}"))
            skip = True
            continue
        out.append((i, label))
    return out


def ambiguous(label: str, as_of: dt.date | None = None) -> list[str]:
    """Every player a one-word mention could be ('jalen' -> the Jalens who played before the
    as-of date); empty when it names one."""
    from services.snapshot import snapshot

    names, aliases, _ = index()
    pids = aliases.get(fold(label), [])
    if as_of is not None:
        known = snapshot(as_of).known
        pids = [p for p in pids if p in known]
    return sorted(names[p] for p in pids) if len(pids) > 1 and label not in names.values() else []


def is_known(label: str) -> bool:
    names, aliases, _ = index()
    return label in names.values() or fold(label) in aliases


def find_categories(text: str) -> list[str]:
    t = fold(text.replace("%", " pct"))
    cats: list[str] = []
    for alias, cat in sorted(CATEGORY_ALIASES.items(), key=lambda kv: -len(kv[0])):
        a = fold(alias.replace("%", " pct"))
        if len(a) <= 2 and a not in ("3s",):
            continue  # "to", "ft", "fg" alone are too ambiguous in prose
        if re.search(rf"\b{re.escape(a)}\b", t) and cat not in cats:
            if cat == "PTS" and not re.search(r"\b(pts|scoring)\b|\bpoints category\b|\bin points\b", t):
                continue  # "points" usually means fantasy points, not the category
            cats.append(cat)
    if re.search(r"\bfg ?%|\bfg pct\b|field goal", text.lower()) and "FG%" not in cats:
        cats.append("FG%")
    if re.search(r"\bft ?%|\bft pct\b|free throw", text.lower()) and "FT%" not in cats:
        cats.append("FT%")
    return cats


def find_position(text: str) -> str | None:
    t = fold(text)
    for phrase, pos in sorted(POSITION_WORDS.items(), key=lambda kv: -len(kv[0])):
        if re.search(rf"\b{re.escape(phrase)}\b", t):
            return pos
    return None


def find_day(text: str, as_of: dt.date) -> tuple[dt.date | None, bool]:
    """A named day (next occurrence on or after the as-of date) and whether 'rest of the week'."""
    t = fold(text)
    rest = bool(re.search(r"rest of (the |this )?week|remaining (days|games)|this week|for the week", t))
    if re.search(r"\b(today|tonight)\b", t):
        return as_of, rest
    if re.search(r"\btomorrow\b", t):
        return as_of + dt.timedelta(days=1), rest
    for i, name in enumerate(WEEKDAYS):
        if re.search(rf"\b{name}\b|\b{name[:3]}\b(?!\w)", t) and not (name[:3] == "sat" and "saturday" not in t and " sat " not in f" {t} "):
            delta = (i - as_of.weekday()) % 7
            return as_of + dt.timedelta(days=delta), rest
    m = re.search(r"\b(20\d\d-\d\d-\d\d)\b", text)
    if m:
        return dt.date.fromisoformat(m.group(1)), rest
    return None, rest


def find_last_n(text: str) -> int | None:
    t = fold(text)
    m = re.search(r"(?:last|previous|past|most recent|latest) (\d{1,2}|" + "|".join(WORD_NUMBERS) + r")\b", t)
    if not m:
        return None
    v = m.group(1)
    return int(v) if v.isdigit() else WORD_NUMBERS[v]


MOVE_VERBS = re.compile(r"\b(drop|dropping|cut|cutting|release|releasing|waive|waiving|swap|swapping|switch|"
                        r"switching|replace|replacing|trade|trading|exchange|sub|add|adding|pick(?:ing)? up|pickup|"
                        r"grab|grabbing|sign|signing|claim|claiming|bring in|stream)\b|\bin\b.*\bout\b|\bout\b.*\bin\b")
DROP_WORDS = re.compile(r"\b(drop|dropping|cut|cutting|release|releasing|waive|waiving|swap|swapping|switch|"
                        r"replace|replacing|trade|trading|out|instead)\b")
ADD_FIRST = re.compile(r"\b(add|adding|pick(?:ing)? up|pickup|grab|grabbing|sign|signing|claim|claiming|bring in)\s+$")


def explicit_move(text: str, players: list[str]) -> tuple[str, str] | None:
    """(drop, add) when the user names one move of two players ("drop Embiid for Jrue Holiday",
    "Should I add Jrue and cut Embiid?", "Jrue in, Embiid out"). The order is a guess from the
    verbs; the evaluate_move tool decides by who is on the roster. "Add X or Y?" is not a move."""
    if len(players) != 2 or any(" " not in p for p in players):
        return None  # unresolved or ambiguous names ("jordan") are not a move
    t = fold(text)
    if not MOVE_VERBS.search(t):
        return None
    if re.search(r"\bor\b", t) and not DROP_WORDS.search(t):
        return None
    first, second = players
    spots = [m.start() for w in fold(first).split() for m in [re.search(rf"\b{re.escape(w)}\b", t)] if m]
    if spots and ADD_FIRST.search(t[:min(spots)]):
        return second, first
    return first, second


THIS_WEEK_ONLY = re.compile(
    r"\bonly (care|caring|worried|thinking|focused) (about|on) (this|the current) week|\bthis week only\b|"
    r"\bjust (this|the current) week\b|\bonly this week\b|\bstreaming mode\b|\bwin this week at all costs\b|"
    r"\b(forget|ignore|don ?t care about|do not care about|never mind) (about )?the (rest of the )?season\b|"
    r"\bshort[ -]term only\b")
BALANCED = re.compile(r"\b(rest of the season too|long[ -]term too|balanced mode|think about the season|"
                      r"care about the (rest of the )?season)\b")


def advice_mode(text: str) -> str | None:
    """'this_week' when the user says only this week matters, 'balanced' when he brings the season
    back, None when he says neither (the setting, or the thread's last choice, stands)."""
    t = fold(text)
    return "this_week" if THIS_WEEK_ONLY.search(t) else "balanced" if BALANCED.search(t) else None


def classify(text: str, players: list[str] | None = None) -> Intent:
    t = fold(text)
    players = find_players(text) if players is None else players
    if not t or is_smalltalk(t):
        return Intent.GENERAL_ADVICE
    if is_desk_question(text):
        return Intent.MARKET_DESK
    if _has(t, *EDGE_PHRASES):
        return Intent.MARKET_EDGES
    if explicit_move(text, players):
        return Intent.FREE_AGENT_SCAN
    optimize = _has(t, *OPTIMIZE_PHRASES) or (advice_mode(text) == "this_week" and not players)
    if optimize:
        return Intent.LINEUP_OPTIMIZATION
    if re.match(r"(what is|what are|what's|whats|how does|how do|explain|why do|why does|define|tips)\b", t) \
            and not players and not re.search(r"\b(my|i|me)\b", t):
        return Intent.GENERAL_ADVICE
    if _has(t, "who sits", "who should sit", "who do i sit", "who to sit", "start or sit", "sit or start",
            "who should i start", "who do i start", "set my lineup", "lineup", "players active", "active on",
            "bench who", "who to bench", "who should i bench", "who do i bench", "too many players",
            "should i start", "start or bench", "who plays", "who is playing", "who's playing", "have games on",
            "games on", "playing on", "have a game on", "who s playing", "on my bench", "my bench", "who s on my bench",
            "bench tonight", "bench today", "bench tomorrow"):
        return Intent.LINEUP_OPTIMIZATION
    hold = _has(t, "hold or stream", "hold him", "stream his spot", "hold or drop", "should i hold", "worth holding",
                "worth keeping", "should i keep") or (bool(players) and _has(t, "should i drop", "should i cut",
                                                                                   "drop him", "cut him"))
    if hold:
        return Intent.PLAYER_RESEARCH
    if _has(t, "stream", "free agent", "waiver", "pick up", "pickup", "pick-up", "who should i add", "who to add",
            "available", "on the wire", "add someone", "sleeper", "worth adding", "should i add", "grab", "find me"):
        return Intent.FREE_AGENT_SCAN
    if players and _has(t, "games left", "games remaining", "how many games", "more games", "games does", "games do"):
        return Intent.PLAYER_RESEARCH
    if roster_games_question(t):
        return Intent.PLAYER_RESEARCH
    if len(players) >= 2 and _has(t, "compare", "vs", "versus", "who will", "who gives", "better", "or"):
        return Intent.PLAYER_RESEARCH
    if minutes_question(t):
        return Intent.PLAYER_RESEARCH
    if _has(t, "weakness", "strength", "where am i behind", "where am i ahead", "what am i losing"):
        return Intent.MATCHUP_ANALYSIS
    if re.search(r"\b(categories|cats)\b", t) and _has(t, "am i", "do i", "which", "what", "how many", "winning", "losing"):
        return Intent.MATCHUP_ANALYSIS
    if _has(t, "matchup", "winning", "losing", "games left", "games remaining", "games do i have", "how many games", "opponent", "am i ahead", "am i behind", "my chances", "score",
            "this week look", "categories am i", "h2h", "head to head", "who leads", "lead in"):
        return Intent.MATCHUP_ANALYSIS
    if players:
        return Intent.PLAYER_RESEARCH
    if find_categories(text) and _has(t, "need", "help", "who", "out there", "looking for", "boost", "chase"):
        return Intent.FREE_AGENT_SCAN
    if _has(t, "injur", "hurt", "news", "out tonight", "status", "who's hot", "whos hot", "who is hot", "hot right now",
            "trending", "breakout", "on fire", "heating up", "cold streak", "slumping"):
        return Intent.PLAYER_RESEARCH
    return Intent.GENERAL_ADVICE


def roster_games_question(t: str) -> bool:
    """'Which of my players have the most games left?': per player, not the team total."""
    t = fold(t)
    return bool(re.search(r"\b(most|fewest|least|more|fewer) games\b", t)
                or (re.search(r"\b(which|who|each|every) (of )?(my|on my)\b|\bper player\b", t)
                    and re.search(r"\bgames? (left|remaining)\b", t)))


def minutes_question(t: str) -> bool:
    """'Any of my players seeing their minutes change?', 'who is getting more playing time?'."""
    return bool(re.search(r"\bminutes?\b.*\b(change|changing|up|down|jump|drop|trend|more|less|fewer|increase|"
                          r"decrease|rising|falling|lately|recently)\b|\b(more|less|fewer|increased|decreased|extra|"
                          r"bigger|smaller) (minutes|playing time|role|run)\b|\bplaying time\b|\brole (change|grow)",
                          fold(t)))


def is_smalltalk(t: str) -> bool:
    t = fold(t)
    return bool(re.fullmatch(r"(hi|hello|hey|yo|good (morning|afternoon|evening)|thanks?( you)?( so much)?|thx|"
                             r"ty|cheers|great|awesome|cool|ok(ay)?|got it|perfect|nice)( (there|courtside|man|again|a lot))?[ !.]*", t))


NAME_CONTEXT = re.compile(r"(?:how is|how's|hows|status of|news on|news about|about|is|on)\s+((?:[A-Z][\w'.\-]+\s?){2,3})")


def unknown_names(text: str) -> list[str]:
    """A capitalized full name the index does not know ("How is Zzyzx Qwerty doing?"): kept as
    typed, so the tools answer with suggestions instead of the planner ignoring it."""
    m = NAME_CONTEXT.search(text)
    if not m:
        return []
    name = m.group(1).strip()
    words = fold(name).split()
    return [name] if len(words) >= 2 and not any(w in COMMON_WORDS for w in words) else []


FOLLOW_UP = re.compile(r"\b(he|him|his|he's|hes|that guy|this guy|them|they|their)\b")


def _replacing(text: str, players: list[str]) -> str | None:
    m = re.search(r"(?:replace|instead of|in place of|fill in for|cover for|for)\s+([\w .'\-]+)", text, re.I)
    if not m:
        return None
    named = find_players(m.group(1))
    return named[0] if named and named[0] in players else None


def parse(text: str, as_of: dt.date, previous: "Parsed | None" = None) -> Parsed:
    """Parses a question; `previous` (the thread's last question) fills in follow-ups."""
    players = find_players(text)
    if not players and previous and previous.players and FOLLOW_UP.search(fold(text)):
        players = list(previous.players)
    if not players:
        players = unknown_names(text)
    intent = classify(text, players)
    if previous and not players and intent == Intent.GENERAL_ADVICE and not is_smalltalk(text) \
            and re.match(r"(what|how) about\b|and\b|also\b", fold(text)):
        intent = previous.intent
    t = fold(text)
    day, rest = find_day(text, as_of)
    allow = []
    for m in re.finditer(r"(?:ok(?:ay)? to|can|may|fine to|allowed to) (?:drop|cut|release) ([\w .'\-]+?)(?:[,.;!?]|$| if| or| and)", text, re.I):
        allow.extend(find_players(m.group(1)))
    return Parsed(
        text=text, intent=intent, players=players, categories=find_categories(text), position=find_position(text),
        day=day, rest_of_week=rest, last_n=find_last_n(text), greeting=is_smalltalk(t),
        hold_or_stream=_has(t, "hold", "stream his", "stream her", "stream the spot", "wait for him", "worth keeping",
                            "should i keep") or (bool(players) and _has(t, "should i drop", "should i cut")),
        wants_moves=intent == Intent.LINEUP_OPTIMIZATION and (_has(t, *OPTIMIZE_PHRASES, "review", "moves", "improve")
                                                               or advice_mode(text) == "this_week"),
        mode=advice_mode(text),
        allow_drop=allow,
        replacing=_replacing(text, players),
        move=explicit_move(text, players), as_of=as_of,
    )
