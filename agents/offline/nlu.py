"""Reads a manager's message: slots first, then a learned act, then the thread.

1. Slots from the league's vocabulary (agents/offline/slots.py): players, teams, positions,
   categories, days, "last N", a bet's amount, line and odds.
2. The act (fine-grained intent: "research_log", "fa_fit", "optimize", ...) from the intent model
   learned on agents/offline/corpus (agents/offline/nlu_model.py), with a calibrated confidence.
   A few structural facts outrank it: a named move of two players, a bet with teams and odds.
3. Follow-ups (agents/offline/followups.py): "what about his last 10?", "only centers please".
4. Below the confidence threshold the planner asks a clarifying question with choices; a message
   the model reads as nonsense gets "I didn't follow that".
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field

from agents.desk.ask import is_desk_question
from agents.core.intents import Intent
from agents.offline.nlu_model import Prediction, intent_of, predict
from agents.core.normalize import after_reaction, normalize, reaction
from agents.offline.move_cues import ADD_ASKED, HYPO_CUT, _replacing, explicit_move, return_cut
from agents.offline.punts import read_punts
from agents.offline.thread_reads import FA_CUE, HOT_ASK, follow_thread, how_been, with_thread_player
from agents.offline.rules_talk import rules_question
from agents.core.needs import stated_need
from agents.offline.category_slots import find_categories
from agents.offline.common_words import COMMON_WORDS
from agents.offline.day_slots import DAY_AFTER_THAT, THAT_DAY
from agents.offline.slots import Slots, ambiguous, extract, find_players, is_known, prominent  # noqa: F401
from services.league.lookup import fold

VAGUE_ACTS = ("vague", "general_explain", "general_why", "nonsense", "clarify")
CLARIFY_BELOW = 0.40  # the intent's calibrated probability under which the planner asks instead of guessing
CLARIFY_BELOW_WITH_SLOTS = 0.25  # ... when the message also carries the slot that act is about (a day, a player)
NEEDS_PLAYER = {"research_log", "research_status", "research_schedule", "research_compare", "research_hold",
                "fa_fit", "fa_replace", "fa_move"}
TRADE_WORDS = re.compile(r"\b(trades?|trading|traded|propos\w*|offer|fair|deal)\b", re.I)
TRADE_SLANG = re.compile(r"\b(trades?|straight (up|swap|trade)|1 for 1|one for one|fleece\w*|robbed|rip ?off|"
                         r"lopsided|who wins|who comes out ahead|good or not|smash|yay or nay|accept|offered|offering|offers)\b")
# a verdict asked on "A and B for C" (three or more named: more than a drop and an add, so a trade)
VERDICT_ASK = re.compile(r"\b(?:worth it|good|fair|bad|do it|take it|thoughts|yes or no|y or n|pass|deal|win|better)\b|\?\s*$")
# "my bigs can't grab a board", "we get zero steals": a weakness in a category, help in it
COMPLAINT = re.compile(r"\b(can ?t|cannot|never|zero|no one|nobody|sick of|tired of|bricks?|trash|awful|terrible|"
                       r"struggl\w*|suck\w*|bad at|killing me|horrible|worst|ugh|smh|weak|weakness)\b")
COMPARE_NOT = re.compile(r"\b(start|starting|sit|sitting|bench|lineup|plays?|playing|drop|add|cut|pick|rank\w*|top \d+)\b")
MINE = re.compile(r"\b(my|we|our|us|mine|i|im|ive|i m|i ve)\b")
PACKAGE = re.compile(r"\b(?:packag\w*|bundl\w*|consolidat\w*|combin\w*|two for one|2 for 1)\b")
MOVE_TO_WIN = re.compile(r"\b(?:best|top|one|a|any|what s my|whats my|which|what)\s+(?:\w+\s+)?(?:moves?|pick ?ups?|adds?|swaps?)\b"
                         r".*\b(?:win|steal|take|flip|swing|salvage|save|come back|catch up)\w*\b")
MOVES_ASKED = re.compile(r"\b(?:best |top |good |any |some |\d )?(?:pick ?ups|adds|moves|swaps|streamers|waiver moves)\b")
PRONOUNS = re.compile(r"\b(he|him|his|he s|hes|that guy|this guy|that dude)\b")


@dataclass
class Parsed:
    text: str  # the message in plain words (agents/core/normalize.py): every rule below reads this
    intent: Intent
    players: list[str] = field(default_factory=list)  # canonical names found in the text (or the thread's)
    categories: list[str] = field(default_factory=list)  # to gain (never a punted one)
    punt: list[str] = field(default_factory=list)  # categories the message punts (agents/offline/punts.py)
    unpunt: list[str] = field(default_factory=list)  # categories it stops punting
    stop_punting: bool = False  # "I'm not punting anymore": the whole punt goes
    need: bool = False  # he states a category need ("I'm down in assists"): checked against the scoreboard
    position: str | None = None
    day: dt.date | None = None
    rest_of_week: bool = False
    last_n: int | None = None
    greeting: bool = False
    hold_or_stream: bool = False
    wants_moves: bool = False
    allow_drop: list[str] = field(default_factory=list)
    replacing: str | None = None  # "replace Embiid", "better than Eason": the player to drop
    move: tuple[str, str] | None = None  # an explicit (drop, add) the user named; ownership decides
    as_of: dt.date | None = None
    mode: str | None = None  # "this_week" ("I only care about this week"), "balanced", or None (the setting)
    scoring: str = "points"  # the league's scoring ("points" or "categories"), from the model call's CallInfo
    act: str = "general_explain"  # the fine-grained act the planner plans from
    confidence: float = 1.0  # calibrated probability of the intent
    choices: list[str] = field(default_factory=list)  # a clarifying question's options (questions to send)
    unknown: bool = False  # nothing understood: "I didn't follow that"
    teams: list[str] = field(default_factory=list)
    amount: float | None = None
    odds: float | None = None
    line: float | None = None
    follow_up: bool = False  # resolved from the thread's previous question
    previous_answer: str | None = None  # the assistant's last answer in the thread ("why that move?")
    thread_answers: list[str] = field(default_factory=list)  # the thread's earlier answers, latest first
    trade_text: str | None = None  # "propose it" after "would you trade A for B?": the sentence naming the sides
    ir_cut: str | None = None  # "cut X when he returns": who goes when the IR player is back (IR cards count him)
    parts: list["Parsed"] = field(default_factory=list)  # several requests in one message, each parsed (this is the first)
    siblings: list["Parsed"] = field(default_factory=list)  # as the thread's last request: its message's requests
    thread_keep: list[str] = field(default_factory=list)  # players earlier constraint-only messages keep (noted.py)
    thread_dislike: str | None = None  # the position an earlier "I hate streaming bigs" rules out of pickups
    list_size: tuple | None = None  # "give me 2 more" / "fewer" after a list: (kind, count, the list's count)
    pool: str | None = None  # "drop X for one of them" after the hot list: the list the add comes from ("hot")


THIS_WEEK_ONLY = re.compile(
    r"\bonly (care|caring|worried|thinking|focused) (about|on) (this|the current) week|\bthis week only\b|"
    r"\bjust (this|the current) week\b|\bonly this week\b|\bstreaming mode\b|\bwin this week at all costs\b|"
    r"\b(forget|ignore|don ?t care about|dont care about|do not care about|never mind) (about )?the (rest of the )?season\b|"
    r"\bshort[ -]term only\b|"
    # "season's a wash, I just need THIS matchup", "must win this week", "streaming moves pls"
    r"\bseason s (?:a wash|over|done|toast|lost)\b|\b(?:just|only) need (?:this|the current) (?:matchup|week|one|w)\b|"
    r"\b(?:must|gotta|have to|need to) win (?:this|the) (?:week|matchup)\b|\bstreaming (?:moves|only|adds|pickups)\b|"
    r"\bonly (?:care|caring) about (?:this|the) (?:matchup|week)\b|\bnothing but this week\b")
BALANCED = re.compile(r"\b(rest of the season too|long[ -]term too|balanced mode|think about the season|"
                      r"care about the (rest of the )?season)\b")


def advice_mode(text: str) -> str | None:
    """'this_week' when the user says only this week matters, 'balanced' when he brings the season
    back, None when he says neither (the setting, or the thread's last choice, stands)."""
    t = fold(text)
    return "this_week" if THIS_WEEK_ONLY.search(t) else "balanced" if BALANCED.search(t) else None


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
    if reaction(t):  # "lol ok", "ty 🙏", "😂": laughter, emoji, thanks
        return True
    t = fold(t)
    return bool(re.fullmatch(r"(hi|hiya|hello|hey|yo|sup|good (morning|afternoon|evening|night)|morning|thanks?( you)?"
                             r"( so much)?|thx|ty|tysm|cheers|great|awesome|cool|ok(ay)?|got it|perfect|nice|bye)"
                             r"( (there|courtside|man|again|a lot|bud|buddy))?[ !.]*", t))


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


def _act(text: str, s: Slots, players: list[str], words: list[str], raw: str = "") -> tuple[str, Prediction | None]:
    """The act, and the model's prediction (None when a structural fact decided)."""
    if is_smalltalk(raw or text):  # before the letters check: "😂😂" is a reaction, not nonsense
        return "general_smalltalk", None
    if not re.search(r"[a-zA-Z]", text):
        return "nonsense", None
    if is_smalltalk(text):
        return "general_smalltalk", None
    if is_desk_question(text) or (s.teams and not s.players and s.odds and (s.amount or s.line is not None)):
        return "market_desk", None
    if rules_question(text, s.categories, players):  # "do blocks count more than assists here?"
        return "general_rules", None
    if len(players) >= 2 and TRADE_SLANG.search(fold(text)) and re.search(r"\bfor\b", fold(text)):
        # "A for B straight up, fleece or not?": a named trade to judge; "trade for boards, keep A and B"
        # names no two sides (the players it rules out are on neither): a search
        return ("trade_evaluate" if len(_sides(text, players)) >= 2 else "trade_find"), None
    if len(players) >= 3 and VERDICT_ASK.search(fold(text)) and re.search(r"\bfor\b", fold(text)) \
            and not explicit_move(text, players) and len(_sides(text, players)) >= 2:
        return "trade_evaluate", None  # "beal + conley for jokic, worth it?": two of mine for one of theirs
    if players and MOVES_ASKED.search(fold(text)) and not TRADE_WORDS.search(text) and not _sides(text, players):
        return "optimize", None  # "best pickups without dropping conley or beal": moves, every named player kept
    if explicit_move(text, players) and not TRADE_WORDS.search(text):  # "trade A for B" is a trade, not a drop/add
        return "fa_move", None
    pred = predict(text, words=words)
    if pred.act == "general_smalltalk":  # "ok get me a pickup": the markers pull toward small talk, the rest asks
        from agents.offline.followups import LEAD

        rest = LEAD.sub("", fold(text)).strip()
        again = predict(rest) if rest and rest != fold(text) and len(rest.split()) >= 2 else None
        if again and again.act not in ("general_smalltalk", "nonsense", "vague") and again.confidence >= 0.3:
            pred = again
    if players and pred.act in ("nonsense", "general_smalltalk"):
        # a message naming a player is about him ("tatum ok though?", "tell me if lamelo is hurt"): the
        # likeliest act that is not small talk or nonsense, asked back when it is unsure
        wide = predict(text, top=8, words=words).ranked
        other = next(((a, c) for a, c in wide[1:] if a not in ("nonsense", "general_smalltalk", "vague")), None)
        pred = Prediction(act=other[0], confidence=other[1], ranked=pred.ranked) if other else \
            Prediction(act="vague", confidence=pred.confidence, ranked=pred.ranked)
    if not players and MOVE_TO_WIN.search(fold(text)) and (pred.act in ("matchup", "matchup_opponent", "vague", "general_explain")
                                                           or pred.confidence < CLARIFY_BELOW):
        return "optimize", None  # "what's my best move to steal this week's matchup": a move, to win the week
    if len(players) == 2 and pred.act in ("lineup_day", "lineup_week", "matchup", "vague", "general_explain") \
            and re.search(r"\b(or|vs|versus)\b", fold(text)) and not COMPARE_NOT.search(fold(text)) \
            and not TRADE_WORDS.search(text):
        pred = Prediction(act="research_compare", confidence=max(pred.confidence, 0.5), ranked=pred.ranked)
        # "zion or giannis tomorrow": which of the two (no start/sit, move or trade words)
    if pred.act in NEEDS_PLAYER and not players and not (pred.act == "research_hold" and (s.position or "my" in words)):
        # "is it worth it": a player act with no player; the likeliest act that needs none, else ask.
        # A free-agent act with nobody named ("for my team, who should I pick up?" read as "does X
        # fit?") is the free-agent scan when the free-agent acts together are the likeliest reading.
        fa_mass = sum(c for a, c in pred.ranked if intent_of(a) == Intent.FREE_AGENT_SCAN)
        if (intent_of(pred.act) == Intent.FREE_AGENT_SCAN and fa_mass >= 0.35 and pred.act != "fa_move"
                and not PRONOUNS.search(fold(text))):  # "would he fit?" with nobody to refer to still asks
            return "fa_scan", Prediction(act="fa_scan", confidence=fa_mass, ranked=pred.ranked)
        other = next(((a, c) for a, c in pred.ranked[1:] if a not in NEEDS_PLAYER and c >= 0.25), None)
        pred = Prediction(act=other[0], confidence=other[1], ranked=pred.ranked) if other else \
            Prediction(act="vague", confidence=pred.confidence, ranked=pred.ranked)
    return pred.act, pred


def _sides(text: str, players: list[str]) -> list[str]:
    """The players a named trade could have as its sides: not the ones the message rules out ("a trade
    for boards w/o giving up Shai or Melo", "keep X", "X stays" name no side of a trade)."""
    from agents.offline.constraints import exclusions

    if len(players) < 2:
        return players
    out = exclusions(text, players)
    return [n for n in players if n not in out]


def _intent_confidence(pred: Prediction | None) -> float:
    if pred is None:
        return 1.0
    return round(sum(p for a, p in pred.ranked if intent_of(a) == pred.intent), 4)


def parse(text: str, as_of: dt.date, previous: "Parsed | None" = None, split: bool = True) -> Parsed:
    """Parses a question; `previous` (the thread's last understood question) fills in follow-ups.
    A message with several requests comes back as its first, with every request in `parts`."""
    from agents.offline import followups
    from agents.offline.multi import split_requests

    from agents.offline.corrections import rewrite

    raw, text = text, rewrite(after_reaction(normalize(text)))  # "X and Y. wait I meant Z not Y": X and Z
    from agents.offline.multi import for_others, without_preferences

    parts = (for_others(text, as_of, previous, parse) or split_requests(text, as_of, previous, parse, CLARIFY_BELOW)
             if split else [])
    if parts:
        parts[0].parts = parts
        return parts[0]
    s = extract(text, as_of)
    players = [prominent(n, as_of) or n if " " not in n else n for n in s.players]
    words = list(s.words)
    t = fold(text)
    players = with_thread_player(players, previous, t)  # "how many games do he and jokic have left": him too
    if not players and previous and previous.players and PRONOUNS.search(t):
        players = list(previous.players)  # "what about his last 10?"
        words = ["PLAYER" if w in ("he", "him", "his", "hes") else w for w in words]
    if not players:  # "hows ball been, last 5?": a surname that is also a word, asked about
        players = how_been(t, as_of)
    if not players:
        players = unknown_names(text)  # "How is Zzyzx Qwerty doing?": a name the data does not know
        for name in players:
            n = fold(name).split()
            for i in range(len(words) - len(n) + 1):
                if words[i:i + len(n)] == n:
                    words[i:i + len(n)] = ["PLAYER"]
                    break
    punts = read_punts(text)
    if (punts.punt or punts.unpunt) and len(re.findall(r"[a-z]+", punts.rest.lower())) >= 2:
        # the punt clause is a slot, not evidence of the act: "ignore turnovers and tell me the best adds"
        # is read as "tell me the best adds" (the clause's words are rare in the corpus)
        words = [w for w in extract(punts.rest, as_of).words]
    asked = without_preferences(text)  # "who do i grab? want someone w 3 games left": the act from the ask
    if asked != text:
        words = list(extract(asked, as_of).words)
    act, pred = _act(asked, s, players, words, raw)
    if punts.punt and not players and act == "research_news":
        act = "research_rankings"  # "which players are best for a punt-AST build?": a build asks for a ranking, not news
    cats = s.categories
    if punts.punt or punts.unpunt or punts.stop_all:  # the punt clauses' categories are not targets
        kept = find_categories(punts.rest)
        cats = [c for c in s.categories if c in kept and c not in punts.punt]
    need = bool(cats) and stated_need(punts.rest if punts.punt else text)
    if need and not players and (act in (*VAGUE_ACTS, "general_rules") or (pred is not None and pred.confidence < CLARIFY_BELOW)):
        act, pred = "fa_scan", None  # "I'm down in assists and steals": help in those categories (checked first)
    if cats and not players and not punts.punt and COMPLAINT.search(t) and MINE.search(t) \
            and act not in ("fa_scan", "fa_hot", "trade_find", "general_rules"):
        act, need = "fa_scan", True  # "my guards never hit threes": a weak category, help in it (a thread may still override)
    if punts.punt and not players and re.search(r"\b(rank\w*|top \d+|highest|best players overall)\b", t) \
            and act not in ("fa_scan", "fa_hot", "optimize", "trade_find"):
        act, pred = "research_rankings", None  # "top 20 if I punt FT%": the rankings with the punt
    if len(players) >= 2 and PACKAGE.search(t) and re.search(r"\bfor\b", t) and not act.startswith("trade"):
        act, pred = "trade_find", None  # "package beal + bogdanovic for a better player": a trade giving both
    if len(players) == 1 and HYPO_CUT.search(t) and ADD_ASKED.search(t) and not act.startswith(("trade", "fa_")):
        act, pred = "fa_scan", None  # "if I cut Bol Bol, who'd be the best add?": he is the drop, the add is the question
    if not players and HOT_ASK.search(t) and FA_CUE.search(t) and act in ("research_news", "vague", "general_explain",
                                                                          "research_rankings"):
        act, pred = "fa_hot", None  # "who's hot on the wire rn": the free agents in form (the model reads "right now" as news)
    if act == "nonsense" and PRONOUNS.search(t) and not players:
        act = "vague"  # "what about him" with nobody to refer to: ask, it is not nonsense
    if act == "nonsense" and known_words(t):
        act = "vague"  # "the usual please": words the league's questions use, just not a request: ask
    if act == "general_rules" and re.search(r"\bhow many (points|pts)\b|\b(points?|pts) for\b", t) and len(cats) > 1:
        cats = [c for c in cats if c != "PTS"]  # "how many points for a three": points are the unit asked in
    p = Parsed(text=text, intent=intent_of(act), players=players, categories=cats, position=s.position,
               day=s.day, rest_of_week=s.rest_of_week, last_n=s.last_n, as_of=as_of, mode=advice_mode(text),
               act=act, confidence=_intent_confidence(pred), teams=s.teams, amount=s.amount, odds=s.odds, line=s.line,
               punt=punts.punt, unpunt=punts.unpunt, stop_punting=punts.stop_all, need=need)
    named = list(players)  # the message's own players (before the thread fills any in)
    if previous is not None and previous.day and not p.day and DAY_AFTER_THAT.search(t):
        p.day = previous.day + dt.timedelta(days=1)  # "and the day after that": the thread's day, plus one
    elif previous is not None and previous.day and not p.day and THAT_DAY.search(t) and not p.rest_of_week:
        p.day = previous.day  # "the best pickup for that day then": the day the thread was about
    if previous is not None:
        followups.resolve(p, previous, pred)
        followups.same_trade(p, previous)
        follow_thread(p, previous, t, named)
    _finish(p)
    floor = CLARIFY_BELOW_WITH_SLOTS if _slots_support(p) else CLARIFY_BELOW
    if p.act == "vague" or (pred is not None and p.confidence < floor and not p.follow_up
                            and p.act not in ("nonsense", "general_smalltalk")):
        followups.clarify(p, pred)
    return p


def known_words(t: str) -> bool:
    """Whether most of a folded message's content words are words the corpus's requests use (a
    message of real words read as nonsense is vague, and asked about)."""
    from agents.offline.nlu_model import vocabulary

    from sklearn.feature_extraction.text import ENGLISH_STOP_WORDS

    words = [w for w in t.split() if w not in ENGLISH_STOP_WORDS and len(w) > 1]
    if not words:
        return len(t.split()) >= 3  # "what's your take on all this": English function words only
    return sum(w in vocabulary() for w in words) / len(words) >= 0.5


def _slots_support(p: Parsed) -> bool:
    """Whether the entities found back the act up: a day for a daily lineup, a player for a player
    question, a position or category for a free-agent scan, teams for the desk."""
    if p.act in NEEDS_PLAYER or p.act == "ir_move":
        return bool(p.players)
    return bool({"lineup_day": p.day, "fa_scan": p.position or p.categories, "market_desk": p.teams,
                 "market_edges": p.day}.get(p.act))


def _finish(p: Parsed) -> None:
    """Fields that follow from the act and slots."""
    p.ir_cut = return_cut(p.text)
    if p.ir_cut and p.act not in ("optimize", "ir_move"):
        p.act = "ir_move"  # a cut named for an IR player's return is about an IR move, not a drop/add now
    p.intent = intent_of(p.act)
    t = fold(p.text)
    p.greeting = p.act == "general_smalltalk"
    p.unknown = p.act == "nonsense"
    p.hold_or_stream = p.act == "research_hold"
    p.wants_moves = p.act in ("optimize", "ir_move")
    p.move = explicit_move(p.text, p.players) if p.act in ("fa_move", "fa_fit", "fa_replace") else None
    if p.act == "fa_move" and not p.move:
        p.act = "fa_fit" if p.players else "fa_scan"
    p.replacing = _replacing(p.text, p.players, p.act) if p.intent == Intent.FREE_AGENT_SCAN else None
    allow = []
    for m in re.finditer(r"(?:ok(?:ay)? to|can|may|fine to|allowed to|feel free to|happy to) (?:drop|cut|release|lose) "
                         r"([\w .'\-]+?)(?:[,.;!?]|$| if| or| and)", p.text, re.I):
        allow.extend(find_players(m.group(1)))
    p.allow_drop = allow
    if p.act == "research_compare" and not p.day and not p.last_n and not re.search(r"\b(season|lately|recent)", t):
        p.rest_of_week = True  # "Herro or Powell?": who helps more in the days left
