"""The offline planner fills the request frame (agents/core/frame.py) from the message and the thread.

Read before any tool runs: the players that must stay ("without giving up SGA", "Shai stays",
"not Braun"), the players to move, a trade's shape ("2 for 1", "Beal and Conley for one better
player"), the horizon, a count ("top 15", "show me 3 of those"), a ranking's window, sort and
availability, a filter on the previous answer ("which of them play Friday"), and the conversation
acts that are not requests: an affirmation of waiting cards, "why X not Y", "X vs Y", and questions
outside what the product models. A follow-up keeps the previous frame's constraints unless it says
otherwise.
"""
from __future__ import annotations

import re

from agents.core.frame import RequestFrame
from agents.offline.slots import find_categories, find_players
from services.league.lookup import fold

_END = r"(?=[,.;?!]|\s+(?:for|to|and (?:get|find|improve|help)|but|while|please|in the deal)\b|$)"
EXCLUDE = [re.compile(p, re.I) for p in (
    rf"\b(?:without|w/o)\s+(?:giving up|trading|losing|moving|including|touching|sending|dealing|dropping)?\s*(?P<c>.+?){_END}",
    rf"\b(?:not|never|no)\s+(?:giving up|trading|moving|dropping|losing|including|cutting|sending|touching)\s+(?P<c>.+?){_END}",
    rf"\b(?:don'?t|do not|dont|never|won'?t|doesn'?t|does not)\s+(?:drop|trade|give up|cut|move|touch|include|send|lose|deal|"
    rf"cost me|involve|require)\s+(?P<c>.+?){_END}",
    rf"\b(?:i'?m |i am )?(?:keep|keeping|leave|leaving|protect|protecting|hold onto|holding onto)\s+(?P<c>.+?)"
    rf"(?:\s+out(?: of (?:it|this|that))?)?{_END}",
    r"(?P<c>[\w.'\- ]+?)\s+(?:stays|stays put|is staying|is untouchable|is off limits|is off the table)\b",
    rf"\b(?:anyone|anybody|everyone|everybody|all|anything) but\s+(?P<c>.+?){_END}",
    rf"\b(?:except(?: for)?|other than|but not|apart from|excluding)\s+(?P<c>.+?){_END}",
)]
KEEP_ACTS = ("trade_find", "trade_evaluate", "optimize", "ir_move", "fa_scan", "research_rankings", "fa_hot")
NUMBER = {"one": 1, "a": 1, "single": 1, "two": 2, "both": 2, "three": 3}
SHAPE = re.compile(r"\b([12]|one|two)\s*-?\s*(?:for|4|x)\s*-?\s*([12]|one|two)\b", re.I)
ONE_BACK = re.compile(r"\bfor\s+(?:a|one|1|a single|one single|a better|one better|a star|one star)\b", re.I)
COUNT = [re.compile(p, re.I) for p in (
    r"\b(?:top|best|show me|give me|list|first|show|get me)\s+(?:the\s+|my\s+)?(\d{1,2})\b(?!\s*(?:games?|days?|weeks?|%))",
    r"\b(\d{1,2})\s+(?:trade ideas|trades|pickups|players|free agents|guys|options|names|adds|ideas|of (?:those|them|these))\b",
    r"^\s*(?:ok(?:ay)?|fine|sure|then)?\s*,?\s*(\d{1,2})\s*(?:then|more|instead|please)?\s*[.!?]*$",
)]
ROS = re.compile(r"\brest of (?:the )?(?:season|year)\b|\blong (?:haul|run)\b|\blong[- ]term\b|\bfor the season\b|"
                 r"\bros\b|\bdynasty\b", re.I)
AFFIRM_WORDS = set("ok okay yes yeah yep yup sure sounds good great perfect cool alright right lets let's let s do it "
                   "that go ahead for please the top first second third last one 1st 2nd 3rd number this move card "
                   "approve approved with then fine deal agreed absolutely definitely".split())
AFFIRM_CUE = re.compile(r"\b(yes|yeah|yep|yup|sure|do it|do that|go ahead|go for it|sounds good|let'?s|lets|approve|"
                        r"the (top|first|second|third|last) one|deal|agreed)\b")
ORDINAL = {"second": 1, "2nd": 1, "third": 2, "3rd": 2}
WHY_NOT = re.compile(r"\b(why|how come|what makes)\b.*\b(not|over|instead of|rather than|ahead of|before|vs\.?|versus|"
                     r"better than)\b", re.I)
VERSUS = re.compile(r"\b(vs\.?|versus)\b|\bor\b.*\?$", re.I)
OUT_OF_SCOPE = re.compile(
    r"\bstandings?\b|\bplayoff (?:odds|chances?|picture|outlook|hopes)\b|\bchances? (?:of|to) mak\w* (?:the )?playoffs\b|"
    r"\bmake the playoffs\b|\b(?:first|top|#1|number one) seed\b|\btrade deadline\b|\bdeadline (?:news|rumou?rs|deals)\b|"
    r"\brumou?rs?\b|\bis my team (?:any )?good\b|\bhow (?:good|strong) is my team\b|\bpower rank\w*\b|"
    r"\bwhere (?:do|am) (?:i|we) rank\b|\bhow do i stack up\b|\bam i (?:a )?contender\b", re.I)
HORIZON_ONLY = re.compile(r"(?:(?:and|ok|okay|so|but|what about|how about|then)[ ,]+)*(?:for |over |in )?(?:just |only )?"
                          r"(?:this week|next week|the rest of the (?:season|year)|the season|tonight|tomorrow)"
                          r"(?: only| instead| then)?")
WHY_BENCHED = re.compile(r"\b(why|how come)\b.*\b(bench|benched|sit|sitting|sits|sat|not start\w*|isn'?t start\w*|"
                         r"not in (?:the|my) lineup|not playing)\b|\b(why|how come)\b.*\b(?:not|isn'?t|aren'?t|no)\b.*\bstart\w*", re.I)
GIVE_UP = re.compile(r"\b(?:without|not|never|don'?t|do not)\s+(?:giving up|trading|losing|moving|dropping|cutting|"
                     r"sending|trade|drop|cut|give up|lose|move|send)\s+(?P<c>[^,.;?!]+)", re.I)
UNSUPPORTED_TRADE = re.compile(r"\b(no|not|without|nobody|none|avoid)\b[^.?!]{0,30}\b(injured|hurt|out|injury)\b|"
                               r"\bhealthy (players|guys|ones) only\b|\bonly healthy\b", re.I)
THEY = re.compile(r"\b(their|them|they|both|the two|those two|these two)\b")
WIN_WEEK = re.compile(r"\b(?:need to|have to|must|gotta|want to) win this week\b|\b(?:only|just) (?:this week|for this week)\b")
OF_THEM = re.compile(r"\b(?:which|who|any) of (?:them|those|these|em)\b|\bof (?:those|them|these) guys\b", re.I)


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
    from agents.offline.slots import COMMON_WORDS, prominent
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
        if clause and not _named(clause, list(known)) and not find_categories(clause) and len(clause.split()) <= 6:
            out.append(f"{m.group(0).strip()} (no player I know by that)")
    return out


def exclusions(text: str, known: list[str] = ()) -> list[str]:
    out: list[str] = []
    for pattern in EXCLUDE:
        for m in pattern.finditer(text):
            for n in _named(m.group("c"), list(known)):
                if n not in out:
                    out.append(n)
    return out


def shape_of(text: str, give: list[str]) -> str | None:
    m = SHAPE.search(text)
    if m:
        a, b = (NUMBER.get(x.lower(), None) or int(x) for x in m.groups())
        return f"{a}-for-{b}"
    if len(give) == 2 and ONE_BACK.search(text):
        return "2-for-1"
    if re.search(r"\bone of (?:mine|my guys)\b.*\btwo of (?:theirs|his|them)\b", text, re.I):
        return "1-for-2"
    return None


def count_of(text: str) -> int | None:
    for pattern in COUNT:
        m = pattern.search(text)
        if m:
            n = int(m.group(1))
            if 1 <= n <= 50:
                return n
    return None


def horizon_of(p) -> str | None:
    t = p.text
    if ROS.search(t) and not re.search(r"\bthis week\b", t, re.I):
        return "rest_of_season"
    if re.search(r"\bnext week\b", t, re.I):
        return "next_week"
    if p.last_n:
        return "last_n"
    if re.search(r"\btonight\b", t, re.I):
        return "tonight"
    if re.search(r"\bthis week\b|\bfor the week\b|\brest of (?:the|this) week\b", t, re.I):
        return "this_week"
    return "day" if p.day else None


def window_of(t: str) -> str | None:
    if re.search(r"\b(month|30 days|last 30)\b", t):
        return "30"
    if re.search(r"\b(two weeks|2 weeks|14 days|fortnight)\b", t):
        return "14"
    if re.search(r"\b(last week|7 days|past week|lately)\b", t):
        return "7"
    if re.search(r"\b(this season|on the season|season)\b", t):
        return "season"
    return None


def availability_of(t: str) -> str | None:
    if re.search(r"\b(free agents?|available|waivers?|unowned|on the wire|pick ?ups?)\b", t):
        return "free_agents"
    if re.search(r"\b(rostered|owned|on teams)\b", t):
        return "rostered"
    return None


def affirmation(text: str, previous_answer: str | None) -> int | None:
    """The waiting card an affirmation means (0: the top one), None when the message is not one."""
    t = fold(text)
    words = re.findall(r"[a-z0-9']+", t)
    if not words or not previous_answer or not re.search(r"\bapprov", previous_answer, re.I):
        return None
    if not AFFIRM_CUE.search(t) or any(w not in AFFIRM_WORDS for w in words):
        return None
    return next((i for w, i in ORDINAL.items() if re.search(rf"\b{w}\b", t)), 0)


def read_frame(p, prev: RequestFrame | None = None, previous_answer: str | None = None) -> RequestFrame:
    """The frame of one message (`p`: the parsed message), the previous frame carried into a follow-up."""
    text, t = p.text, fold(p.text)
    f = RequestFrame(players=list(p.players), punt=list(p.punt), last_n=p.last_n, day=p.day)
    card = affirmation(text, previous_answer)
    if card is not None:
        return f.model_copy(update={"act": "affirm", "card": card})
    if OUT_OF_SCOPE.search(text) and not (p.act in ("trade_find", "trade_evaluate") and p.players):
        return f.model_copy(update={"act": "out_of_scope"})
    if len(p.players) == 1 and WHY_BENCHED.search(text):
        return f.model_copy(update={"act": "why_benched"})
    if len(p.players) >= 2 and WHY_NOT.search(text):
        return f.model_copy(update={"act": "why_not", "pair": list(p.players[:2])})
    if len(p.players) == 2 and re.search(r"\b(vs\.?|versus)\b", text, re.I):
        f.act, f.pair = "versus", list(p.players)
    if p.act in KEEP_ACTS or (prev and prev.exclude):
        f.exclude = exclusions(text, p.players)
        f.unhonoured = unnamed_exclusions(text, p.players)
        if p.act.startswith("trade") and UNSUPPORTED_TRADE.search(text):
            f.unhonoured.append("a filter on the other team's players' health (the trade values already count an "
                                "injured player at the share of games he is expected to play)")
    if p.act.startswith("trade"):
        from agents.offline.trade_talk import split_sides

        give, _ = split_sides(text, [n for n in p.players if n not in f.exclude]) if p.players else ([], [])
        f.shape = shape_of(text, give)
        if f.shape and f.shape.startswith("2") and len(give) == 2:
            f.give = give
        elif re.search(r"\b(?:where|in which)\s+\w+\s+(?:goes|is traded|is moved|leaves)\b|\bshop\b|\bwho would take\b",
                       text, re.I):
            f.give = [n for n in p.players if n not in f.exclude][:1]
    f.count = count_of(text)
    f.horizon = horizon_of(p)
    if p.act == "research_rankings" or (prev and prev.window and p.follow_up):
        f.window, f.availability = window_of(t), availability_of(t)
        f.sort = next(iter(p.categories), None)
    if p.day and OF_THEM.search(text):
        f.act = "filter_previous"
    if prev is not None and p.follow_up:
        _carry(f, prev, p)
    return f


def _carry(f: RequestFrame, prev: RequestFrame, p) -> None:
    """A follow-up keeps what it does not change: the exclusions, a ranking's window, sort, count and
    availability, the horizon."""
    f.exclude = list(dict.fromkeys([*prev.exclude, *f.exclude]))
    for attr in ("window", "availability", "sort", "count", "horizon", "shape"):
        if getattr(f, attr) is None and getattr(prev, attr) is not None:
            if attr == "horizon" and (p.day or p.last_n):
                continue
            if attr == "sort" and p.categories:
                continue
            if attr == "shape" and (f.give or p.players):
                continue
            setattr(f, attr, getattr(prev, attr))
    if not f.give and prev.give and not p.players:
        f.give = list(prev.give)


GAMES_ASKED = re.compile(r"\b\d[- ]?(?:games?|gamers?|times)\b|\bhow many games\b|\bgames? (?:left|remaining)\b|"
                        r"\bmost games\b", re.I)
A_WEEK = re.compile(r"\b(?:next|this) (?:week|wk)\b|\bweek'?s\b", re.I)
MY_TEAM = re.compile(r"\b(?:my|our) (?:roster|team|guys|players|squad|lineup)\b|\bdo i have\b|\bhave i got\b", re.I)
TRADE_WORD = re.compile(r"\btrades?\b|\btrade (?:options|ideas|targets|offers)\b|\bdeals?\b", re.I)
UNSURE = ("clarify", "vague", "nonsense")


def _games_or_trades(p) -> None:
    """A message the model is unsure of that names its own request: games in a week ("next week's
    4-game players", "how many games does my roster have next week?") or a trade search ("trade
    options for rebounds, just don't touch Barnes")."""
    unsure = p.act in UNSURE or getattr(p, "confidence", 1.0) < 0.5
    if not unsure or p.act.startswith("trade") or p.act.startswith("ir"):
        return
    if GAMES_ASKED.search(p.text) and A_WEEK.search(p.text):
        pool = re.search(r"\b(?:players|guys|free agents?|pickups?|adds?|streamers?|stream|waivers?|available)\b",
                         p.text, re.I)
        _take(p, "fa_scan" if pool and not MY_TEAM.search(p.text) and not p.players else
              "research_schedule" if p.players else "research_roster_games")
        p.unknown = False
    elif TRADE_WORD.search(p.text) and not p.move and p.act not in ("optimize",):
        _take(p, "trade_find")
        p.unknown = False


def understood(p, prev, previous_answer: str | None = None):
    """Fills `p.frame` (in place, and returns `p`); a conversation act that is not a new request
    takes its own act, so the turn neither clarifies nor runs the optimizer for it."""
    from agents.core.intents import Intent

    if not p.act.startswith("trade") and (SHAPE.search(p.text) or (
            p.act in ("clarify", "vague") and re.search(r"\b(trades?|deals?)\b", fold(p.text)))):
        _take(p, "trade_find")  # "a 2-for-1 for one star?", "find a deal for boards ...": a trade search
        p.unknown = False
    _games_or_trades(p)
    if p.act.startswith("trade"):  # "trade Ball for Trae Young": a surname that is also a word
        extra = capitalized(p.text, p.players)
        if extra:
            order = {n: fold(p.text).find(fold(n).split()[-1]) for n in [*p.players, *extra]}
            p.players = sorted([*p.players, *extra], key=lambda n: order[n])
    if prev is not None and prev.act in KEEP_ACTS and p.act not in KEEP_ACTS and exclusions(p.text, p.players) \
            and not re.search(r"\b(stream|hold|or)\b", fold(p.text)):
        _take(p, prev.act)  # "but I'm keeping Shai" after a trade search: the same search, with him kept
        p.follow_up = True
        for attr in ("categories", "position"):
            setattr(p, attr, getattr(p, attr) or getattr(prev, attr))
    two = [n for n in p.players]
    if len(two) == 2 and not p.act.startswith("trade") and shape_of(p.text, two) and \
            re.search(r"\b(package|deal|trade|upgrade|for (?:a|one) (?:better|single|star))\b", fold(p.text)):
        _take(p, "trade_find")  # "package Beal and Conley for a single upgrade": a 2-for-1 search
    p.frame = read_frame(p, getattr(prev, "frame", None), previous_answer)
    act = p.frame.act
    if act in ("affirm", "why_not", "out_of_scope", "filter_previous", "why_benched"):
        p.act, p.choices, p.unknown, p.greeting = act, [], False, False
        p.wants_moves, p.hold_or_stream, p.move = False, False, None
        p.intent = Intent.PLAYER_RESEARCH if act in ("filter_previous", "why_benched") else Intent.GENERAL_ADVICE
    if prev is not None and not p.follow_up and not p.players and len(prev.players) >= 2 and \
            THEY.search(fold(p.text)) and (p.last_n or p.day or p.act in ("clarify", "vague")):
        _take(p, prev.act)  # "their last 3 games please" after comparing two players: the same two
        p.players, p.follow_up = list(prev.players), True
        if p.act == "research_compare" and p.last_n:
            p.rest_of_week, p.day = False, None
        p.frame = read_frame(p, getattr(prev, "frame", None), previous_answer)
    if prev is not None and not p.follow_up and HORIZON_ONLY.fullmatch(fold(p.text).strip(" ?!.")):
        _take(p, prev.act)  # "and for just this week?": the previous request over another horizon
        p.follow_up = True
        for attr in ("players", "categories", "position"):
            setattr(p, attr, getattr(p, attr) or getattr(prev, attr))
        p.frame = read_frame(p, getattr(prev, "frame", None), previous_answer)
    if p.frame.horizon == "this_week" and p.act == "optimize" and WIN_WEEK.search(fold(p.text)):
        p.mode = "this_week"  # "just need to win this week": rank by this week
    if p.act == "research_compare" and p.last_n:  # "what about over their last 8?": their logs, not the week
        p.rest_of_week, p.day = False, None
    elif act == "versus":
        p.act, p.intent, p.move, p.choices = "research_compare", Intent.PLAYER_RESEARCH, None, []
        if not p.day and not p.last_n:
            p.rest_of_week = True
    return p


def _take(p, act: str) -> None:
    from agents.offline.nlu_model import intent_of

    p.act, p.intent, p.choices, p.move, p.hold_or_stream = act, intent_of(act), [], None, False
    p.wants_moves = act in ("optimize", "ir_move")
