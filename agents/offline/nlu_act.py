"""The act of a message before the thread is read (step 2 of agents/offline/nlu.py): the structural
facts that outrank the intent model (small talk, the desk, the league's rules, a named trade, moves
with every named player kept, a named drop and add), then the model's reading, corrected where a
player is named, a move is asked to win the week or a player act names nobody; and the confidence
thresholds under which the planner asks instead of guessing.
"""
from __future__ import annotations

import re

from agents.desk.ask import is_desk_question
from agents.core.intents import Intent
from agents.offline.message_reads import is_smalltalk
from agents.offline.move_cues import explicit_move
from agents.offline.nlu_model import Prediction, intent_of, predict
from agents.offline.rules_talk import rules_question
from agents.offline.slots import Slots
from services.league.lookup import fold

CLARIFY_BELOW = 0.40  # the intent's calibrated probability under which the planner asks instead of guessing
CLARIFY_BELOW_WITH_SLOTS = 0.25  # ... when the message also carries the slot that act is about (a day, a player)
NEEDS_PLAYER = {"research_log", "research_status", "research_schedule", "research_compare", "research_hold",
                "fa_fit", "fa_replace", "fa_move"}
TRADE_WORDS = re.compile(r"\b(trades?|trading|traded|propos\w*|offer|fair|deal)\b", re.I)
TRADE_SLANG = re.compile(r"\b(trades?|straight (up|swap|trade)|1 for 1|one for one|fleece\w*|robbed|rip ?off|"
                         r"lopsided|who wins|who comes out ahead|good or not|smash|yay or nay|yes or no|y or n|or nah|"
                         r"accept|offered|offering|offers)\b")
# a verdict asked on "A and B for C" (three or more named: more than a drop and an add, so a trade)
VERDICT_ASK = re.compile(r"\b(?:worth it|good|fair|bad|do it|take it|thoughts|yes or no|y or n|pass|deal|win|better)\b|\?\s*$")
# two players set against each other on a stat ("is lamelo a better passer than lebron?", "who's been scoring more")
STAT_VERSUS = re.compile(r"\b(?:better|worse|more|less|stronger|weaker)\b(?:\s+\w+){0,3}\s+than\b|"
                         r"\bwho(?: s| is| has been| s been)? (?:the )?(?:better|stronger) (?:\w+ )?(?:rebounder|passer|shooter|"
                         r"scorer|defender|shot blocker|rim protector|playmaker|free throw shooter)\b|"
                         r"\bwho(?: s| has)? been (?:scoring|rebounding|passing|shooting|blocking|stealing) (?:more|better)\b|"
                         r"\bwho (?:gets|has|averages|scores|grabs|dishes|hits|makes) more\b")
COMPARE_NOT = re.compile(r"\b(start|starting|sit|sitting|bench|lineup|plays?|playing|drop|add|cut|pick|rank\w*|top \d+)\b")
MOVE_TO_WIN = re.compile(r"\b(?:best|top|one|a|any|what s my|whats my|which|what)\s+(?:\w+\s+)?(?:moves?|pick ?ups?|adds?|swaps?)\b"
                         r".*\b(?:win|steal|take|flip|swing|salvage|save|come back|catch up)\w*\b")
MOVES_ASKED = re.compile(r"\b(?:best |top |good |any |some |\d )?(?:pick ?ups|adds|moves|swaps|streamers|waiver moves)\b")
# one move asked for with no player ("i need blocks. find me a move", "give me one swap"): the optimizer's
ONE_MOVE = re.compile(r"\b(?:find|give|get|show|make|suggest|need)\s+(?:me\s+)?(?:a|one|the best|my best|1)\s+"
                      r"(?:good\s+|single\s+|quick\s+)?(?:move|swap|add ?/ ?drop|roster move|waiver move)\b")
# a cut of one of mine put to the numbers ("my gut says cut conley... what do the numbers say"): hold or drop him
CUT_VERDICT = re.compile(r"\b(?:cut(?:ting|s)?|drop(?:ping|ped|s)?|releas(?:e|es|ed|ing)|waiv(?:e|es|ed|ing)|dump(?:s|ed|ing)?)\b[^?]*\b(?:what do (?:the )?(?:numbers|stats|data|metrics) "
                         r"(?:say|think|show)|numbers say|am i (?:right|wrong|crazy)|is it time|right call|good idea|"
                         r"should i|you agree|thoughts)\b|\b(?:what do (?:the )?(?:numbers|stats) say)\b[^?]*\b(?:cut|drop)\w*\b")
# roster moves named by their noun ("top 3 moves rn", "best swaps"): add/drop pairs, the optimizer's, never
# a ranking of players (the model reads "top 3" as a ranking)
MOVE_NOUNS = re.compile(r"\b(?:best|top|good|\d+|a few|some|any|three|two|five)\s+(?:\w+\s+)?(?:moves|swaps|add ?/ ?drops)\b")
PRONOUNS = re.compile(r"\b(he|him|his|he s|hes|that guy|this guy|that dude)\b")


def act_of(text: str, s: Slots, players: list[str], words: list[str], raw: str = "") -> tuple[str, Prediction | None]:
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
    waiver_move = bool(re.search(r"\b(?:drop|dropping|cut|cutting|add|adding|pick ?up|waive|grab|stream)\b", fold(text))) \
        and not TRADE_WORDS.search(text) and explicit_move(text, players) is not None
    if len(players) >= 2 and TRADE_SLANG.search(fold(text)) and re.search(r"\bfor\b", fold(text)) and not waiver_move:
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
    if len(players) == 1 and CUT_VERDICT.search(fold(text)) and not TRADE_WORDS.search(text):
        return "research_hold", None  # "my gut says cut conley, he's washed. what do the numbers say": hold or cut
    if not players and ONE_MOVE.search(fold(text)) and not TRADE_WORDS.search(text):
        return "optimize", None  # "i need blocks. find me a move"
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
    if not players and MOVE_NOUNS.search(fold(text)) and not TRADE_WORDS.search(text) and (
            pred.act in ("research_rankings", "vague", "clarify", "general_explain", "nonsense", "general_smalltalk")
            or pred.confidence < CLARIFY_BELOW):
        return "optimize", None  # "top 3 moves rn": moves, not players ranked
    if not players and MOVE_TO_WIN.search(fold(text)) and (pred.act in ("matchup", "matchup_opponent", "vague", "general_explain")
                                                           or pred.confidence < CLARIFY_BELOW):
        return "optimize", None  # "what's my best move to steal this week's matchup": a move, to win the week
    if len(players) == 2 and pred.act in ("lineup_day", "lineup_week", "matchup", "vague", "general_explain") \
            and re.search(r"\b(or|vs|versus)\b", fold(text)) and not COMPARE_NOT.search(fold(text)) \
            and not TRADE_WORDS.search(text):
        pred = Prediction(act="research_compare", confidence=max(pred.confidence, 0.5), ranked=pred.ranked)
        # "zion or giannis tomorrow": which of the two (no start/sit, move or trade words)
    if len(players) == 2 and pred.act not in ("research_compare",) and not pred.act.startswith("trade") and \
            STAT_VERSUS.search(fold(text)) and not TRADE_WORDS.search(text) and not COMPARE_NOT.search(fold(text)):
        return "research_compare", None  # "is claxton a better rebounder than mobley?": the two on that stat
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
