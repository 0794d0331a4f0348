"""What a message says about moves (issue #36): one named move of two players ("drop Embiid for Jrue",
"Jrue in, Embiid out"), the players a negated verb keeps ("moves that don't drop Shai or LeBron"), the
player to cut when an IR player returns, the player to replace ("who do I grab for him"), and a
hypothetical drop ("if I cut X, who's the best add"). Read by agents/offline/nlu.py.
"""
from __future__ import annotations

import re

from agents.offline.slots import find_players
from services.league.lookup import fold

MOVE_VERBS = re.compile(r"\b(drop|dropping|cut|cutting|release|releasing|waive|waiving|swap|swapping|switch|"
                        r"switching|replace|replacing|trade|trading|exchange|sub|add|adding|pick(?:ing)? up|pickup|"
                        r"grab|grabbing|sign|signing|claim|claiming|bring in|stream|let go)\b|\bin\b.*\bout\b|"
                        r"\bout\b.*\bin\b")
DROP_WORDS = re.compile(r"\b(drop|dropping|cut|cutting|release|releasing|waive|waiving|swap|swapping|switch|"
                        r"replace|replacing|trade|trading|out|instead|let go)\b")
ADD_FIRST = re.compile(r"\b(add|adding|pick(?:ing)? up|pickup|grab|grabbing|sign|signing|claim|claiming|bring in)\s+$")


_CUT = r"(?:cut|cutting|drop|dropping|release|releasing|waive|waiving|let go of|lose|get rid of)"
_BACK = (r"(?:returns?|is back|s back|comes back|come back|gets back|is healthy|gets healthy|is activated|"
         r"is off (?:the )?ir|comes off (?:the )?ir)")
RETURN_CUT = (re.compile(rf"\b{_CUT}\s+(?P<who>[\w .'\-]+?)\s*,?\s+(?:when|once|after|whenever|as soon as)\s+"
                         rf"(?P<back>[\w .'\-]+?)\s*'?{_BACK}\b", re.I),
              re.compile(rf"\b(?:when|once|after|whenever|as soon as)\s+(?P<back>[\w .'\-]+?)\s*'?{_BACK}\b[\s,;:]*"
                         rf"(?:then\s+)?(?:i(?:'ll| will)?\s+|we(?:'ll| will)?\s+|you can\s+|go ahead and\s+)?{_CUT}\s+"
                         rf"(?P<who>[\w .'\-]+?)(?:[,.;!?]|$| and| if| or)", re.I))


def return_cut(text: str) -> str | None:
    """The player the user names to go when an IR player returns ("cut Dinwiddie when he returns",
    "when Miller is back, drop Eason"): the IR card's season figure counts him, and the activation
    names him. None when no such clause names a known player."""
    for pattern in RETURN_CUT:
        m = pattern.search(text)
        if m:
            named = [n for n in find_players(m.group("who")) if n not in find_players(m.group("back"))]
            if named:
                return named[0]
    return None


# a move verb negated, with its objects ("don't drop shai or lebron", "without cutting Ivey", "w/o giving up
# Mobley"): the players named there are kept, never a move's sides
NEGATED_MOVE = re.compile(r"\b(?:(?:don t|dont|do not|doesn t|won t|wont|will not|shouldn t|can t|not|never|without|w o|w/o)\s+(?:\w+\s+){0,2}?|no\s+)(?:drop\w*|cut\w*|"
                          r"trad\w*|los\w*|giv\w* up|touch\w*|mov\w*|releas\w*|waiv\w*)\b[^.,;?!]*")


def explicit_move(text: str, players: list[str]) -> tuple[str, str] | None:
    """(drop, add) when the user names one move of two players ("drop Embiid for Jrue Holiday",
    "Should I add Jrue and cut Embiid?", "Jrue in, Embiid out"). The order is a guess from the
    verbs; the evaluate_move tool decides by who is on the roster. "Add X or Y?" is not a move."""
    from agents.offline.constraints import exclusions

    kept = {n for m in NEGATED_MOVE.finditer(fold(text)) for n in find_players(m.group(0))}
    kept |= set(exclusions(text, players)) if len(players) >= 2 else set()  # "i'm keeping bol. drop bogdan instead"
    players = [p for p in players if p not in kept]  # "3 moves that don't drop Shai or LeBron": they stay
    if len(players) != 2 or any(" " not in p for p in players):
        return None  # unresolved or ambiguous names ("jordan") are not a move
    t = NEGATED_MOVE.sub(" ", fold(text))
    if not MOVE_VERBS.search(t):
        return None
    if re.search(r"\bor\b", t) and not DROP_WORDS.search(t):
        return None
    if not _verb_on_a_player(t, players):
        return None  # "with Collins out and Ivey hurt, maybe drop someone?": the verb's object is nobody named
    first, second = players
    spots = [m.start() for w in fold(first).split() for m in [re.search(rf"\b{re.escape(w)}\b", t)] if m]
    if spots and ADD_FIRST.search(t[:min(spots)]):
        return second, first
    if re.search(r"\b(replace|replacing)\b", t) and re.search(r"\bwith\b", t):
        return first, second  # "replace Miller with Holiday"
    return first, second


def _verb_on_a_player(t: str, players: list[str]) -> bool:
    """Whether a move verb acts on a named player: the name within three words after the verb ("drop
    Embiid", "cut the struggling Embiid", "add Jrue"), a name before "for" after a verb's sentence
    ("Embiid for Jrue, drop?"), or "X in, Y out"."""
    tokens = [w for n in players for w in fold(n).replace("-", " ").split() if len(w) > 2]
    name = "(?:" + "|".join(re.escape(w) for w in tokens) + ")"
    verbs = MOVE_VERBS.pattern.split(r"\b|\bin\b")[0] + r"\b"
    if re.search(verbs + rf"(?:\W+\w+){{0,3}}?\W+{name}\b", t):
        return True
    if re.search(rf"\b{name}\b\W+(?:\w+\W+){{0,2}}?(?:in|out)\b", t) and re.search(r"\bin\b", t) and \
            re.search(r"\bout\b", t):
        return True
    return bool(re.search(rf"\b{name}\b[^.?!]*\bfor\b[^.?!]*\b{name}\b", t))


HIS_SPOT = re.compile(r"\b(?:in|for|into|take|takes|fill|filling|with) (?:his|that|the same) (?:roster )?(?:spot|place|slot|"
                      r"role|seat)\b|\bin place of him\b|\binstead of him\b|\bto replace him\b|"
                      # "swap him for whoever's best", "sub him out for a streamer": he goes, the add is asked
                      r"\b(?:swap|switch|sub|flip|exchange|replace)\s+(?:him|\w+)(?:\s+out)?\s+(?:for|with)\s+(?:whoever|whomever|"
                      r"the best|someone|somebody|anyone|anybody|a streamer|the top|the wire|a pickup|a free agent|the best)|"
                      # "who's the best guy to swap him out for", "who should I replace him with"
                      r"\b(?:to|should i|do i|would you|would u|could i|can i) (?:swap|switch|sub|replace|flip)\s+(?:him|\w+)"
                      r"(?:\s+out)?\s+(?:for|with)\b")


def his_spot(text: str, players: list[str]) -> str | None:
    """The one player whose spot the message fills ("who should take his spot", "swap him for whoever's
    best"), or None: read here once, for the pickup's `replacing` and for the act (understand.py)."""
    return players[0] if len(players) == 1 and HIS_SPOT.search(fold(text)) else None


def _replacing(text: str, players: list[str], act: str) -> str | None:
    if act == "fa_replace" and players:
        return players[0]  # "anyone better than Eason on waivers?": he is the one to beat
    if len(players) == 1:  # "drop bol bol", "cut Claxton, who's the best add?": he goes, the add is the question
        name = "|".join(re.escape(w) for w in fold(players[0]).split() if len(w) >= 3) or re.escape(fold(players[0]))
        if re.search(rf"\b{_CUT}\s+(?:the\s+|my\s+)?(?:\w+\s+){{0,2}}?(?:{name}|him)\b", fold(text)):
            return players[0]  # "ok if i do drop him, who's the best add": him, the player of the thread
    if his_spot(text, players):
        return players[0]  # "is bogdan droppable?" ... "who would you grab in his spot": he goes, the add is asked
    m = re.search(r"(?:replace|instead of|in place of|fill in for|cover for|better than|for)\s+([\w .'\-]+)", text, re.I)
    if not m:
        return None
    if len(players) == 1 and re.match(r"him\b", m.group(1), re.I) and act in ("fa_scan", "fa_fit", "fa_replace"):
        return players[0]  # "bol bol's been useless, who do i grab for him?": the one player named
    named = find_players(m.group(1))
    return named[0] if named and named[0] in players else None


HYPO_CUT = re.compile(rf"\b(?:if|say|suppose|what if|once|when)\s+(?:i|we)\s+(?:\w+\s+)?{_CUT}\b")
ADD_ASKED = re.compile(r"\b(?:add|adds|pick ?up|pickups?|grab|replacement|replace him|fill (?:his|the) (?:spot|slot)|"
                       r"streamer|free agent|waiver)\b")


# the named move's drop side put on IR, not dropped ("ok IR him and grab the best guy", "stash collins, add braun")
IR_SIDE = re.compile(r"\b(?:ir|i r|stash|injured reserve)\b")
CUT_SIDE = re.compile(r"\b(?:drop|dropping|cut|cutting|release|releasing|waive|waiving|let go)\b")


def ir_named(text: str) -> bool:
    """Whether a named move sends its drop side to IR (an IR word, no drop verb): evaluate_move's kind 'ir'."""
    t = fold(text)
    return bool(IR_SIDE.search(t)) and not CUT_SIDE.search(t)
