"""Reads a manager's message: slots first, then a learned act, then the thread.

1. Slots from the league's vocabulary (agents/offline/slots.py): players, teams, positions,
   categories, days, "last N", a bet's amount, line and odds.
2. The act (fine-grained intent: "research_log", "fa_fit", "optimize", ...) from the intent model
   learned on agents/offline/corpus (agents/offline/nlu_model.py), with a calibrated confidence.
   A few structural facts outrank it: a named move of two players, a bet with teams and odds.
3. Follow-ups (agents/offline/followups.py): "what about his last 10?", "only centers please".
4. Below the confidence threshold the planner asks a clarifying question with choices; a message
   the model reads as nonsense gets "I didn't follow that".

The act of step 2 is read in agents/offline/nlu_act.py; the small reads of a message's words
(this week only, small talk, an unknown name) in agents/offline/message_reads.py.
"""
from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any

from agents.core.intents import Intent
from agents.offline.nlu_act import CLARIFY_BELOW, CLARIFY_BELOW_WITH_SLOTS, NEEDS_PLAYER, PRONOUNS, act_of
from agents.offline.nlu_model import Prediction, intent_of
from agents.core.normalize import after_reaction, normalize
from agents.offline.message_reads import advice_mode, known_words, unknown_names
from agents.offline.move_cues import ADD_ASKED, HYPO_CUT, _replacing, explicit_move, return_cut
from agents.offline.punts import read_punts
from agents.offline.thread_reads import FA_CUE, HOT_ASK, follow_thread, how_been, with_thread_player
from agents.core.needs import stated_need
from agents.offline.category_slots import find_categories
from agents.offline.day_slots import DAY_AFTER_THAT, THAT_DAY
from agents.offline.slots import ambiguous, extract, find_players, is_known, prominent  # noqa: F401
from services.league.lookup import fold

VAGUE_ACTS = ("vague", "general_explain", "general_why", "nonsense", "clarify")
# "my bigs can't grab a board", "we get zero steals": a weakness in a category, help in it
COMPLAINT = re.compile(r"\b(can ?t|cannot|never|zero|no one|nobody|sick of|tired of|bricks?|trash|awful|terrible|"
                       r"struggl\w*|suck\w*|bad at|killing me|horrible|worst|ugh|smh|weak|weakness)\b")
MINE = re.compile(r"\b(my|we|our|us|mine|i|im|ive|i m|i ve)\b")
PACKAGE = re.compile(r"\b(?:packag\w*|bundl\w*|consolidat\w*|combin\w*|two for one|2 for 1)\b")


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
    most_games: bool = False  # "who plays the most games next week": the most any free agent has (plans.py)
    min_games: int | None = None  # the fewest games a pickup list wants, kept by its follow-ups
    window_note: str | None = None  # "since new year's" said as the window it is ranked over
    kept_aside: list[str] = field(default_factory=list)  # kept out of a move's message ("keep X and drop Y": X)
    thread_keep: list[str] = field(default_factory=list)  # players earlier constraint-only messages keep (noted.py)
    thread_dislike: str | None = None  # the position an earlier "I hate streaming bigs" rules out of pickups
    list_size: tuple | None = None  # "give me 2 more" / "fewer" after a list: (kind, count, the list's count)
    frame: Any = None  # the understood request (agents.core.frame.RequestFrame), set by agents/offline/understand.py
    pool: str | None = None  # "drop X for one of them" after the hot list: the list the add comes from ("hot")
    gloss: list[str] = field(default_factory=list)  # words asked the meaning of ("IR"), explained above the answer


def _intent_confidence(pred: Prediction | None) -> float:
    if pred is None:
        return 1.0
    return round(sum(p for a, p in pred.ranked if intent_of(a) == pred.intent), 4)


def parse(text: str, as_of: dt.date, previous: "Parsed | None" = None, split: bool = True) -> Parsed:
    """Parses a question; `previous` (the thread's last understood question) fills in follow-ups.
    A message with several requests comes back as its first, with every request in `parts`. A word asked
    the meaning of beside a request ("they say stream bogdanovic. what does that mean, and should i?") is
    the request, with the word's meaning in `gloss`."""
    from agents.core.glossary import asked

    gloss, rest = asked(text)
    p = _parse(text, as_of, previous, split)
    if gloss and p.act == "general_explain" and len(rest.split()) >= 3:
        q = _parse(rest, as_of, previous, split)
        if q.act not in VAGUE_ACTS and not q.unknown and not q.greeting:
            from agents.offline.slots import find_players

            named = find_players(text)  # "what does DTD mean next to bogi and bol bol? and do either play thursday"
            if q.players and set(q.players) <= set(named) and len(named) > len(q.players) and \
                    re.search(r"\b(?:either|both|each|all|any) of (?:em|them|those|these)\b|\bthey\b|\bthem\b", rest):
                q.players = named  # the players the word was asked about are the ones the request means
            p = q  # the request beside the question of what a word means
    elif gloss and not rest.strip() and (p.act in VAGUE_ACTS or p.act == "clarify" or p.unknown or p.greeting):
        from agents.offline.carry import take  # "whats 'stocks' in your numbers, is it just steals plus blocks"

        take(p, "general_explain")  # the meaning was all it asked: the glossary, not a clarifying question
        p.unknown, p.greeting = False, False
    p.gloss = gloss  # (said above the answer unless the answer is the glossary itself)
    return p


def _parse(text: str, as_of: dt.date, previous: "Parsed | None", split: bool) -> Parsed:
    from agents.offline import followups
    from agents.offline.multi import split_requests

    from agents.offline.corrections import rewrite

    raw, text = text, rewrite(after_reaction(normalize(text)))  # "X and Y. wait I meant Z not Y": X and Z
    from agents.offline.horizons import since_window

    text, window_note = since_window(text, as_of)  # "since new year's": the rankings' nearest past window
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
    players, aside = _kept_aside(text, players)  # "i'm keeping bol. drop bogdan instead": Bogdan's move
    act, pred = act_of(asked, s, players, words, raw)
    if aside and len(players) == 1 and not act.startswith("trade") and _replacing(text, players, "fa_fit") == players[0]:
        act, pred = "fa_replace", None  # "keeping bol. drop bogdan instead": his spot, for the best add
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
    p.kept_aside, p.window_note = aside, window_note
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


def _slots_support(p: Parsed) -> bool:
    """Whether the entities found back the act up: a day for a daily lineup, a player for a player
    question, a position or category for a free-agent scan, teams for the desk."""
    if p.act in NEEDS_PLAYER or p.act == "ir_move":
        return bool(p.players)
    return bool({"lineup_day": p.day, "fa_scan": p.position or p.categories, "market_desk": p.teams,
                 "market_edges": p.day}.get(p.act))


# "grab someone who plays tonight for bol", "pick up a guy with a game friday": a pickup, whatever the days
ADD_SOMEONE = re.compile(r"\b(?:grab|get|pick up|add|sign|stream|snag|find)(?: me)? (?:someone|somebody|anyone|anybody|a guy|a "
                         r"player|a body|a streamer|one)\b")


def _finish(p: Parsed) -> None:
    """Fields that follow from the act and slots."""
    if p.act in ("lineup_day", "lineup_week", "research_schedule") and ADD_SOMEONE.search(fold(p.text)) and \
            len(p.players) <= 1:
        p.act = "fa_fit" if p.players else "fa_scan"  # the named player is the one replaced (`_replacing`)
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


def _kept_aside(text: str, players: list[str]) -> tuple[list[str], list[str]]:
    """(the players the message is about, the ones it keeps out of it): a move's message that keeps one
    player and names another ("keep conley and drop collins for braun", "i'm keeping bol. drop bogdan
    instead") is about the other; the kept one is a constraint (the frame's `exclude`). A trade's message,
    or one keeping everyone it names ("should I keep X?"), is left whole."""
    from agents.offline.constraints import exclusions
    from agents.offline.move_cues import MOVE_VERBS
    from agents.offline.nlu_act import TRADE_WORDS

    if len(players) < 2 or TRADE_WORDS.search(text) or not MOVE_VERBS.search(fold(text)):
        return players, []
    kept = exclusions(text, players)
    rest = [n for n in players if n not in kept]
    return (rest, kept) if kept and rest else (players, [])
