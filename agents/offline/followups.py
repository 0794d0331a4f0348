"""The thread as a conversation: elliptical follow-ups take the previous question's act and slots
("only centers please" after "who are the best pickups?"), and a message the model is unsure of
gets a clarifying question with two or three choices instead of a guess."""
from __future__ import annotations

import re

from agents.core.intents import EXAMPLE_QUESTIONS, Intent
from agents.offline.nlu_model import Prediction, intent_of
from services.league.lookup import fold, said_in

CONTINUE = re.compile(r"^(what|how) about\b|^and\b|^also\b|^now\b|^only\b|^just\b|^same\b|^ok(ay)? (so|and|now)\b|"
                      r"^so\b|^but\b|^then\b|\bredo\b|\bagain\b|\binstead\b|\btoo\b[ ?!.]*$|\bas well\b|"
                      r"\bwhile (?:you'? ?re|you are|your|ur|u r|u'? ?re) (?:at it|there)\b|"
                      r"\bin there\b|\bspecifically\b|\bthen\b[ ?!.]*$|\b(?:who|anyone|anybody|what|anything|any|someone) else\b|"
                      r"\bof (?:those|them|these)\b|\bthe other way\b|^(?:flip|reverse|switch|turn) (?:it|that|this)(?: around)?\b|^(?:over|for|in|during|across) (?:the|his|their|next|this|that)\b")
# "how many games does he have left again?": a question of its own asked to be reminded, not "again" the last request
REMIND = re.compile(r"^(?!what about|how about)(?=(?:how many|how much|what|when|who|which|where|does|do|is|are)\b)(?=(?:\S+\s+){4,}).*?\bagain\b"
                    r"(?=[ ?!.]*$)")
LEAD = re.compile(r"^(?:(?:ok(?:ay)?|alright|right|so|and|but|then|now|well|hmm+|also|plus|btw|by the way|anyway?s?|"
                  r"oh|cool|great|nice|sweet|perfect|fine|sure|thanks|thank you|ty|got it|one more thing|next|next up)[ ,.!]+)+")
# discourse markers: "ok now", "also", "cool, thanks. next", before the words that say the request
ADD_PLAYERS = re.compile(r"\btoo\b|\bwhile (?:you'? ?re|you are|your|ur|u r|u'? ?re) at it\b|\bas well\b|\bin there\b|\balso\b|\badd\b.*\bcomparison\b")
MY_ROSTER = re.compile(r"(?:what(?: s| is|s)? |how(?: s| is|s)? |show me )?(?:my|the) (?:roster|team|squad)"
                       r"(?: now| after that| after the move)?(?: look(?:s|ing)?(?: like)?)?(?: now)?\W*")
STICKY = ("market_edges",)  # "what about tomorrow's games" after "any edges tonight?" stays with the pod
OWN_ACTS = ("optimize", "ir_move", "general_why", "general_explain", "research_hold", "fa_fit", "fa_move",
            "fa_replace", "market_desk")  # acts a follow-up asks for in its own words


def _slots_said(p) -> bool:
    return bool(p.players or p.position or p.categories or p.day or p.last_n or p.mode or p.rest_of_week)


def _own_request_after_marker(p, prev, t: str) -> bool:
    """A message that opens with discourse markers ("ok so", "and then") is read without them: when
    the rest is, on its own, a confident request of an own-words act, it is that act (the markers
    alone pull a short message toward small talk, and the thread toward the previous act)."""
    from agents.offline.nlu_model import predict

    from agents.offline.punts import read_punts

    rest = LEAD.sub("", t).strip()
    if not rest or rest == t:
        return False
    if MY_ROSTER.fullmatch(rest):  # "and my roster now?" after a move request: the roster, not the moves again
        p.act, p.confidence = "general_roster", 0.9
        return True
    q = predict(read_punts(rest).rest.strip(" .,") or rest)  # a punt clause is a slot, not the request
    from agents.offline.trade_talk import TRADE_ACTS

    new_kind = intent_of(q.act) != intent_of(prev.act) or (q.act in TRADE_ACTS) != (prev.act in TRADE_ACTS)
    elliptical = re.match(r"(over|for|in|during|across|from|since|by|at|on|with|without|only|just)\b", rest)
    asks = q.act not in ("vague", "nonsense", "general_smalltalk", "clarify") and not elliptical
    # a confident request of another act in its own words is that request, whatever the intent family
    # ("ok now who should I start tonight" after move cards: the lineup, not the moves again)
    own = q.act in OWN_ACTS or (asks and len(rest.split()) >= 4 and (new_kind or q.confidence >= 0.7)) or (
        asks and new_kind and q.confidence >= 0.8 and not _slots_said(p))  # "and my roster now?": its own request
    if q.confidence >= 0.5 and own and q.act != prev.act:  # "ok now show me my matchup": a new request
        p.act, p.confidence = q.act, q.confidence
        return True
    return False


THEN_ONLY = re.compile(r"\bthen\b[ ?!.]*$")


def _then_means_in_that_case(p, prev, t: str, pred: Prediction | None) -> bool:
    """The only continuation cue is a closing "then" and the message is, in its own words (four or
    more, the marker aside), a confident request of another act: "then" means "in that case" there."""
    if pred is None or not THEN_ONLY.search(t) or CONTINUE.search(THEN_ONLY.sub("", t).strip()):
        return False
    rest = LEAD.sub("", THEN_ONLY.sub("", t)).strip()
    return (p.act != prev.act and p.confidence >= 0.5 and len(rest.split()) >= 4
            and p.act not in ("vague", "nonsense", "general_smalltalk", "clarify"))


def resolve(p, prev, pred: Prediction | None) -> None:
    """Fills a follow-up from the previous question (in place)."""
    t = fold(p.text)
    cue = bool(CONTINUE.search(REMIND.sub(" ", t))) or len(t.split()) <= 3 and _slots_said(p)
    if cue and _then_means_in_that_case(p, prev, t, pred):
        return  # "fine, where does he rank in 9-cat value then?": a new request, "then" is "in that case"
    if prev.act in MATCHUP_ACTS and THEY.search(t) and not p.players and p.act not in OWN_ACTS:
        cue = True  # "are they hurt anywhere?" after a matchup question: the opponent, the same matchup
    if not cue or prev.act in ("nonsense", "vague", "general_smalltalk"):
        return
    if getattr(prev, "lead_of_list", False) and p.act not in ("nonsense", "vague", "clarify"):
        return  # "is he injured?" after a free-agent list: a question about its lead, not the list again
    confident_own = pred is not None and p.confidence >= 0.6 and p.act in OWN_ACTS and p.act != prev.act
    if confident_own and prev.act not in STICKY:
        return  # "so should I put him on IR?": a new request in its own words
    if pred is not None and prev.act not in STICKY and _own_request_after_marker(p, prev, t):
        return  # "ok so what do I do now?": the markers say "go on", the words ask for something new
    if pred is None and p.act != "nonsense":
        return  # a structural fact decided (a named move, a bet)
    if pred is not None and names_own_request(p.act, prev.act, t):
        return  # "meh. top 5 shot blockers on waivers then" after move cards: a free-agent list, whatever the cue
    p.act, p.follow_up = prev.act, True
    p.confidence = max(p.confidence, 0.5)
    if p.act == "trade_find" and not p.trade_text:  # a search's follow-up reads its sides from the search's words
        p.trade_text = getattr(prev, "trade_text", None) or prev.text
    new_players = [n for n in p.players if n not in prev.players]
    if p.act == "research_compare" and ADD_PLAYERS.search(t):
        p.players = list(prev.players) + new_players
    elif not p.players:
        p.players = list(prev.players)
    p.position = p.position or (None if p.categories else prev.position)
    p.categories = p.categories or ([] if p.position and p.position != prev.position else list(prev.categories))
    if not p.day and not p.rest_of_week:
        p.day, p.rest_of_week = prev.day, prev.rest_of_week
    p.last_n = p.last_n or prev.last_n
    p.mode = p.mode or prev.mode
    p.teams = p.teams or list(prev.teams)


# the words that name a kind of request on their own: a message with one kind's words and not the
# previous request's is that kind ("top 5 shot blockers on waivers then" after move cards)
KIND_WORDS = {"pool": re.compile(r"\b(?:waivers?|free agents?|fas?|the wire|pick ?ups?|streamers?|unowned)\b"),
              "trade": re.compile(r"\b(?:trades?|deals?|trade for)\b"),
              "moves": re.compile(r"\b(?:drop\w*|add/drop|moves?|swaps?|cards?)\b")}
KIND_OF = {"fa_scan": "pool", "fa_hot": "pool", "research_rankings": "pool", "trade_find": "trade",
           "trade_evaluate": "trade", "optimize": "moves", "ir_move": "moves"}


def names_own_request(act: str, prev_act: str, t: str) -> bool:
    """The message names, in its own words, a kind of request other than the previous one's."""
    kind, before = KIND_OF.get(act), KIND_OF.get(prev_act)
    if kind is None or kind == before or not KIND_WORDS[kind].search(t):
        return False
    return before is None or not KIND_WORDS[before].search(t)


SIDED = ("trade_evaluate", "trade_propose")
MATCHUP_ACTS = ("matchup", "matchup_opponent")
THEY = re.compile(r"\b(they|them|their|theirs|opponent|opp|other team|other guy|him or me|me or them)\b")


PROPOSE_IT = re.compile(r"\b(?:propose|send|offer|submit|make|pitch)\s+(?:it|that|this|the (?:trade|offer|deal)|that "
                        r"(?:trade|offer|deal)|them the (?:trade|offer|deal))\b|\bsend (?:it|that) (?:over|to them)\b")
ADD_TO_IT = re.compile(r"\b(?:adds?|adding|throws? in|throwing in|tosse?s? in|tossing in|includes?|including|puts? in|"
                       r"sweetens? (?:it |the deal )?with|plus|"
                       r"ask(?:ing)? (?:them )?for|get(?:ting)? back)\s+"
                       r"(?P<who>.+?)\s*(?:to it|to the (?:trade|deal|offer)|in(?:to)? (?:it|the deal|the trade)|too|as well|"
                       r"[?.!,]|$)")
THEIR_SIDE = re.compile(r"\b(?:they|them|he|she|her|his|their|ask(?:ing)? for|get(?:ting)?|want)\b[^.?!]{0,20}\b(?:adds?|"
                        r"throws? in|tosse?s? in|includes?|sweetens?|too|as well)\b|\b(?:ask|asking) (?:them )?for\b|\bget\b[^.?!]{0,20}\btoo\b")


def same_trade(p, prev) -> None:
    """"Propose it" / "send that offer" right after a trade was evaluated or proposed (no player
    named): the same trade, its sides read from the sentence that named them (in place). "What if I add
    Conley to it?" is that trade with one more player on my side ("ask for Murray too": on theirs)."""
    from agents.offline.trade_sides import split_sides

    named = any(fold(n).split()[-1] in fold(p.text) for n in p.players)  # not just carried by "it"/"him"
    if prev.act not in SIDED or len(prev.players) < 2:
        return
    if p.act in SIDED and not named or (not named and PROPOSE_IT.search(fold(p.text))):
        p.act, p.intent = ("trade_propose" if PROPOSE_IT.search(fold(p.text)) else p.act), Intent.PLAYER_RESEARCH
        p.players, p.follow_up, p.greeting, p.unknown = list(prev.players), True, False, False
        p.trade_text = prev.trade_text or prev.text
        return
    extra = [n for n in p.players if n not in prev.players and said_in(n, p.text)]
    if extra and ADD_TO_IT.search(fold(p.text)) and len(extra) <= 2:
        give, get = split_sides(prev.trade_text or prev.text, list(prev.players))
        for n in extra:  # each on the side its own clause says: "throw in claxton and get trey murphy back"
            if _their_side(p.text, n):
                get = get + [n]
            else:
                give = give + [n]
        p.act, p.intent, p.move, p.follow_up, p.greeting, p.unknown = \
            prev.act, Intent.PLAYER_RESEARCH, None, True, False, False
        p.players, p.trade_text = give + get, f"{' and '.join(give)} for {' and '.join(get)}"


GET_CLAUSE = re.compile(r"\b(?:get|getting|ask(?:ing)? (?:them |him |her )?for|want|receive|they (?:add|throw in|include)|"
                        r"have them (?:add|throw in|include))\b")


def _their_side(text: str, name: str) -> bool:
    """Whether the clause naming him puts him on their side ("and get trey murphy back", "ask for murray
    too"), else mine ("throw in claxton"); one clause naming one player is read as a whole."""
    t = fold(text)
    for c in re.split(r"\s+(?:and|but|plus|then)\s+|[,;]", t):
        if said_in(name, c):
            return bool(GET_CLAUSE.search(c) or THEIR_SIDE.search(c))
    return bool(THEIR_SIDE.search(t))


EXAMPLES = {
    "research_log": "How has {player} played over his last 5 games?",
    "research_status": "Is {player} playing his next game?",
    "research_schedule": "{player}: games left this week?",
    "research_compare": "Compare {players} for the rest of this week",
    "research_hold": "Should I hold {player} or stream his spot?",
    "research_roster_games": "Which of my players have the most games left?",
    "research_news": "Any injury news on my roster?",
    "fa_scan": "Who are the best free agents to pick up?",
    "fa_hot": "Which free agents are hot right now?",
    "fa_fit": "Is {player} worth adding?",
    "fa_replace": "Who on waivers is better than {player}?",
    "fa_move": "Should I make that add/drop?",
    "matchup": "How is my matchup looking this week?",
    "matchup_opponent": "Who is my opponent this week?",
    "lineup_day": "Who should I start tonight?",
    "lineup_week": "Set my lineups for the rest of the week",
    "optimize": "Find the best roster moves for this week",
    "ir_move": "Should I move {player} to IR and add someone?",
    "general_explain": "What does DTD mean?",
    "general_roster": "Show my roster",
    "general_capabilities": "What can you do?",
    "general_rules": "What is each stat worth in this league?",
    "market_edges": "Any edges on tonight's games?",
    "market_desk": "What's the line on Celtics vs Knicks?",
}
DEFAULT_CHOICES = ["optimize", "matchup", "fa_scan"]
UNKNOWN_EXAMPLES = EXAMPLE_QUESTIONS


def _example(act: str, players: list[str]) -> str | None:
    text = EXAMPLES.get(act)
    if text is None or ("{player" in text and not players):
        return None
    return text.format(player=players[0] if players else "", players=" and ".join(players[:2]))


def clarify(p, pred: Prediction | None) -> None:
    """Turns the parse into a clarifying question: the two or three likeliest readings as choices."""
    acts = [a for a, _ in (pred.ranked if pred else ())] + DEFAULT_CHOICES
    choices: list[str] = []
    for act in acts:
        ex = _example(act, p.players)
        if ex and ex not in choices and act not in ("vague", "nonsense"):
            choices.append(ex)
        if len(choices) == 3:
            break
    p.choices, p.act, p.intent, p.wants_moves = choices, "clarify", Intent.GENERAL_ADVICE, False
    p.hold_or_stream, p.move, p.replacing = False, None, None


def clarify_question(p) -> str:
    head = "I'm not sure what you're after"
    if p.players:
        head += f" with {', '.join(p.players[:2])}"
    return head + ". Did you mean one of these?\n\n" + "\n".join(f"- {c}" for c in p.choices)


def didnt_follow() -> str:
    return ("I didn't follow that. I can research a player (form, injuries, games left), scan free agents, "
            "review your matchup, set your daily lineup, find roster moves (as cards you approve), quote NBA lines "
            "and take bets at the market desk, and look for edges on tonight's games.\n\nTry:\n"
            + "\n".join(f"- {q}" for q in UNKNOWN_EXAMPLES))


_ = intent_of  # re-exported for callers that map a choice's act to its intent
