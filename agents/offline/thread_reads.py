"""Follow-ups read against the thread's last request (issue #36, session 22): "he and Jokic" / "add him,
drop Bol" (the thread's player is one of them), "same thing for him" (the last act for a new player),
"between the other two" (a comparison of three less one), "are both of them playing Sunday" (each one's
day), "who's hot on the wire" and "should I drop X for one of them" (the move from the hot list), and
"hows ball been" (a lowercase surname that is also a word). Read by agents/offline/nlu.py.
"""
from __future__ import annotations

import datetime as dt
import re

from agents.offline.move_cues import DROP_WORDS
from agents.offline.slots import ambiguous, prominent
from services.league.lookup import fold

PRONOUN_WITH = re.compile(r"\b(?:he|him)\s+(?:and|&|n|or|vs|versus)\s+\w|\b\w+\s+(?:and|&|n|or|vs|versus)\s+(?:he|him)\b|"
                          r"\b(?:add|grab|get|pick|sign|claim|take|drop|cut|swap|trade)\s+him\b")  # "add him, drop bol"
BOTH_PLAY = re.compile(r"\b(?:both|either|all|any|each|neither) (?:of )?(?:them|those|these|em|the two|the three|guys)?\b.{0,20}"
                       r"\b(?:play\w*|games?|suit\w* up|active|available)\b|\b(?:do|does|are|will) (?:they|those two|both) "
                       r"(?:both |all )?(?:play\w*|have a game)\b")
SAME_THING = re.compile(r"\b(?:same (?:thing|deal|move|story|for him|for)|do the same|likewise|ditto)\b")
OTHER_ONES = re.compile(r"\b(?:between|of|among|out of|from) (?:the )?(?:other|remaining|rest|last) ?(?:two|2|three|3|ones|guys)?\b|"
                        r"\bthe other (?:two|2|three|3|ones|guys)\b|\bthe rest of them\b")
HOT_ASK = re.compile(r"^(?:(?:so|ok|and|yo|hey)\W+)*(?:who s|whos|who is|who are|who has been|who s been|anyone|anybody|"
                     r"any guys?|any players?)\s+(?:been\s+|getting\s+|running\s+)?(?:hot|hottest|heating up|on fire|"
                     r"in form|cooking)\b")
FA_CUE = re.compile(r"\b(?:wire|waivers?|free agents?|fas?|pick ?ups?|available|unowned|adds?|grab|streamers?)\b")
ONE_OF_THEM = re.compile(r"\b(?:one|any|either|some ?one) of (?:them|those|these|em|the hot ones|those guys)\b")


# "is that better or worse than mobley's", "how does that compare to mobley": after a question about one player,
# the same question of him beside the player named now
THAN_THEIRS = re.compile(r"\b(?:better|worse|higher|lower|more|less|better or worse|any better|any worse)\s+than\b|"
                         r"\bcompared?s? (?:to|with)\b|\bstacks? up (?:against|to|with|next to)\b|\bvs\.?\b|\bversus\b|"
                         r"\brelative to\b|\bnext to\b")
ONE_PLAYER_ASKS = ("research_log", "research_stat", "research_status", "research_schedule", "research_news")


SAME_ACTS = ("ir_move", "fa_scan", "fa_replace", "research_hold", "trade_find", "research_log", "research_schedule")


def with_thread_player(players: list[str], previous, t: str) -> list[str]:
    """The players of a message that names one and points at the thread's ("he and jokic", "add him, drop bol")."""
    if players and previous and len(previous.players) == 1 and PRONOUN_WITH.search(t) \
            and previous.players[0] not in players:
        return [previous.players[0], *players]
    return players


def follow_thread(p, previous, t: str, named: list[str]) -> None:
    """The thread's last request read into `p` (in place) for the follow-ups this module names; `named`:
    the players the message itself names."""
    from agents.offline.nlu_model import intent_of

    named_now = bool(named)
    if named_now and SAME_THING.search(t) and previous.act in SAME_ACTS:
        p.act, p.intent, p.confidence, p.follow_up, p.choices = previous.act, intent_of(previous.act), 1.0, True, []
        p.categories = p.categories or list(previous.categories)  # "ivey's hurt too, same thing for him"
    if previous.act == "research_compare" and len(previous.players) >= 3 and OTHER_ONES.search(t):
        p.act, p.intent, p.confidence, p.follow_up = "research_compare", intent_of("research_compare"), 1.0, True
        p.players = [x for x in previous.players if x not in named]  # "ivey's out. so between the other two"
        p.categories, p.choices = p.categories or list(previous.categories), []
    new = [x for x in named if x not in previous.players]
    if previous.act in ONE_PLAYER_ASKS and len(previous.players) == 1 and len(new) == 1 and len(named) == 1 and \
            THAN_THEIRS.search(t) and len(t.split()) <= 14 and not DROP_WORDS.search(t):
        p.act, p.intent, p.confidence, p.follow_up = "research_compare", intent_of("research_compare"), 1.0, True
        p.players, p.choices = [previous.players[0], new[0]], []  # "is that better or worse than mobley's"
        asked = [previous, *(getattr(previous, "siblings", None) or [])]  # "X's FG%? feels like nothing drops lately"
        p.categories = p.categories or next((list(x.categories) for x in asked if x.categories
                                             and x.players == previous.players), [])
        p.last_n = p.last_n or previous.last_n
    if len(previous.players) >= 2 and BOTH_PLAY.search(t) and p.day and not named_now:
        p.act, p.players, p.confidence = "research_schedule", list(previous.players), 1.0  # "are both of them playing sunday?"
    hot_before = previous.act == "fa_hot" or (previous.act == "research_news" and HOT_ASK.search(fold(previous.text)))
    if hot_before and ONE_OF_THEM.search(t) and len(p.players) == 1 and DROP_WORDS.search(t):
        p.act, p.pool, p.confidence = "fa_replace", "hot", 1.0  # "should I drop Bol for one of them": a hot one comes


HOW_BEEN = re.compile(r"\bhow(?:s| s| is| has| have)?\s+(?P<w>[a-z]{3,})\s+(?:been|doing|playing|looking|lately)\b")


def how_been(t: str, as_of: dt.date) -> list[str]:
    """The player label in "hows ball been" / "how is brown doing" (lowercase, a word too): the label when
    several players go by it (the names step then picks by roster and thread, or asks), else the one."""
    m = HOW_BEEN.search(t)
    if not m or m.group("w") in ("he", "she", "my", "the", "his", "your", "our", "it", "that", "this", "team"):
        return []
    w = m.group("w")
    if ambiguous(w, as_of):
        return [w]
    name = prominent(w, as_of)
    return [name] if name else []
