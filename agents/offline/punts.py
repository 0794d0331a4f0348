"""Punts in a manager's words: the categories he gives up on, and the ones he stops punting.

A punt is read from a cue ("punt", "punting", "punt-FT%", "ignore", "don't care about", "couldn't care
less about", "not bothering with", "not competing in", "giving up on", "sacrificing", "forget about",
"conceding", "skip", "doesn't matter", "is a lost cause") and the
categories of the clause it governs: the words after the cue up to the end of the clause (a
comma, a full stop, a dash, "but", "need", "who", "find" ...), or for "FT% doesn't matter" the
words before it. "Stop punting FT%", "FT% matters again" clear it (no category named: the whole
punt). Categories named outside a punt clause stay what the user wants to gain.

    read_punts(text) -> Punts(punt=[...], unpunt=[...], stop_all=bool, rest=text without punt clauses)
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from services.league.lookup import fold

CUE = (r"punt(?:s|ing|ed)?(?: on)?|ignor(?:e|es|ing)|(?:do ?n ?t|do not|dont|doesn ?t|does not|not going to|won ?t)"
       r"(?: really| even| much| particularly| honestly)? (?:care|worry|bother)(?: (?:about|for|with))?|"
       r"could ?n ?t care less(?: (?:about|for))?|(?:not|no longer|stop(?:ped)?) (?:bother(?:ing|ed)?|worry(?:ing)?)"
       r"(?: (?:about|with|for))?|not (?:competing|compete|chasing|chase|trying to win|"
       r"going for|playing for|worried about|worrying about|caring about|bothered about|fighting for|contesting)"
       r"(?: (?:in|for|on|with))?|no longer (?:competing|chasing|trying to win|caring about|playing for)"
       r"(?: (?:in|for|on))?|(?:give|gives|giving|gave|given) up on|sacrific\w*|forget(?:ting)?(?: about)?|"
       r"conced\w*|skip(?:s|ping)?|tank(?:s|ing)?|(?:write|writes|writing|wrote|written) off")
AFTER = re.compile(rf"\b(?:{CUE})\b")
BEFORE = re.compile(r"\b(?:do ?n ?t|doesn ?t|does not|do not) (?:matter|count)\b|\b(?:is|are) (?:a |my )?punts?\b|"
                    r"\b(?:is|are) (?:a )?(?:lost cause|write ?off|sunk)\b|\b(?:is|are) (?:hopeless|gone|not happening)\b|"
                    r"\b(?:is|are|s) (?:dead to me|dead|toast|cooked|a no go|not my thing|out the window)\b|"
                    # "ft% and turnovers can burn for all i care", "blocks can rot"
                    r"\b(?:can|could|may) (?:burn|rot|die|sink|go (?:to hell|kick rocks|away|jump in a lake)|take a hike)\b|"
                    r"\b(?:is|are) (?:whatever|irrelevant|meaningless)\b")
UNPUNT = re.compile(r"\b(?:stop(?:ped)?|quit|done|no longer|not|wasn ?t|weren ?t|aren ?t|isn ?t) punting\b|\bun ?punt(?:ing)?\b|"
                    r"\bpunt(?:ing)? nothing\b|\bno punts?\b|\bwithout (?:a |any |the )?punts?\b|"
                    # "scrap the punts", "forget the punt", "drop the punting", "ditch the punts", "punts are off"
                    r"\b(?:scrap|scrapping|forget|forgetting|drop|dropping|ditch|ditching|cancel|kill|lose|remove|clear|"
                    r"reset|undo) (?:the |my |all (?:the |my )?|those |that |these )?(?:punts?|punting)\b|"
                    r"\b(?:the |my )?punts? (?:is|are) off\b|\bno more punt(?:s|ing)?\b|"
                    r"\b(?:care|caring|compete|competing|chasing|chase) (?:about |in |for )?(?P<cats>.{0,40}?) again\b|"
                    r"\b(?P<cats2>.{0,40}?) (?:matters?|counts?) again\b|"
                    # "put FT% back in", "bring blocks back", "add TO back into the mix"
                    r"\b(?:put|puts|putting|bring|brings|bringing|add|adding|take|taking)\s+(?P<cats3>.{1,30}?)\s+back\b"
                    r"(?: in(?:to)?(?: it| the mix| play| the build)?)?")
# "we're a no-FT% household", "a no free throws team", "we don't do FT% in this house": the category given up
HOUSE = re.compile(r"\bno[- ](?P<cats>[\w%]+(?:[- ][\w%]+){0,2}?)[- ](?:household|house|team|squad|build|zone|roster|"
                   r"league|crew|gang|family)\b|\bwe (?:do ?n ?t|do not|dont) do (?P<cats2>[\w%]+(?: [\w%]+){0,2}?)"
                   r"(?= (?:here|over here|in this (?:house|household|team))\b|[.,!?]|$)")
INSTEAD = re.compile(r"\b(?:instead|rather)\b")
END = re.compile(r"[,.;!?:()\-–—]|\b(?:but|need|needs|want|wants|who|whom|what|which|find|help|so|tell|give me|"
                 r"show|grab|get me|pick|add|any|best|should|can|could|would|is there|are there|then|because|"
                 r"since|while|rank|optimize|optimise|improve|make|for|with|instead|in exchange)\b")
NEGATED = re.compile(r"\b(?:do ?n ?t|do not|never|can ?t|cannot|not)\s*$")
START = re.compile(r"[,.;!?:()\-–—]|\b(?:but|and then|so|if|because|since|while)\b")
SHORT = {"ft": "FT%", "fg": "FG%", "tov": "TO", "3s": "3PM", "3pt": "3PM", "pts": "PTS", "points": "PTS",
         "scoring": "PTS", "turnover": "TO", "rebound": "REB", "three": "3PM", "threes": "3PM", "3 pointers": "3PM",
         "percentages": None}


@dataclass
class Punts:
    punt: list[str] = field(default_factory=list)
    unpunt: list[str] = field(default_factory=list)
    stop_all: bool = False  # "stop punting" with no category: the whole punt is dropped
    rest: str = ""  # the text with its punt clauses removed (its categories are targets)


def clause_categories(span: str, original: str = "") -> list[str]:
    """Every category a short clause names, short forms included ('ft', 'fg'; 'TO' only in capitals)."""
    from agents.offline.category_slots import find_categories

    cats = list(find_categories(span))
    t = fold(span.replace("%", " pct"))
    for word, cat in SHORT.items():
        if cat and re.search(rf"\b{re.escape(word)}\b", t) and cat not in cats:
            cats.append(cat)
    if re.search(r"\bpercentages\b", t):
        cats += [c for c in ("FG%", "FT%") if c not in cats]
    if re.search(r"\bTO'?s?\b", original or span) and "TO" not in cats:  # "TO", "TOs"
        cats.append("TO")
    return cats


def _after(low: str, end: int) -> tuple[int, int]:
    """The clause a cue governs: from the cue to the next clause break. A hyphen right after the
    cue joins a compound ("a punt-FT% team", "punt-TO build"), it does not end the clause."""
    if low[end:end + 1] == "-" and low[end + 1:end + 2].strip():
        end += 1
    m = END.search(low, end)
    return end, m.start() if m else len(low)


def _before(low: str, start: int) -> tuple[int, int]:
    begin = 0
    for m in START.finditer(low, 0, start):
        begin = m.end()
    return begin, start


def read_punts(text: str) -> Punts:
    """The punt the message sets or clears (see the module docstring)."""
    original = re.sub(r"\s+", " ", re.sub(r"[’`']", " ", text))
    low = original.lower()
    out = Punts()
    spans: list[tuple[int, int]] = []
    for m in UNPUNT.finditer(low):
        group = next((g for g in ("cats", "cats2", "cats3") if m.group(g) is not None), None)
        named = m.group(group) if group else None
        if named is not None:
            cats = clause_categories(named, original[m.start(group):m.end()])
            if not cats:
                continue
            out.unpunt += [c for c in cats if c not in out.unpunt]
            spans.append((m.start(), m.end()))
            continue
        s, e = _after(low, m.end())
        cats = clause_categories(low[s:e], original[s:e])
        if cats:
            out.unpunt += [c for c in cats if c not in out.unpunt]
        else:
            out.stop_all = True
        spans.append((m.start(), e))
    for m in AFTER.finditer(low):
        if any(a <= m.start() < b for a, b in spans) or NEGATED.search(low[:m.start()]):
            continue  # "don't forget blocks", "never ignore steals": not a punt
        s, e = _after(low, m.end())
        cats = clause_categories(low[s:e], original[s:e])
        if not cats and re.match(r"punt", m.group(0)):
            s, e = _before(low, m.start())  # "FT% is what I'm punting"
            cats = clause_categories(low[s:e], original[s:e])
        if cats:
            out.punt += [c for c in cats if c not in out.punt and c not in out.unpunt]
            spans.append((min(s, m.start()), e))
            if INSTEAD.match(low, e) or INSTEAD.match(low, e + 1):
                out.stop_all = True  # "punt TO instead": the new punt replaces the old one
    for m in HOUSE.finditer(low):  # "a no-FT% household": that category punted
        group = "cats" if m.group("cats") is not None else "cats2"
        cats = clause_categories(m.group(group), original[m.start(group):m.end(group)])
        if cats:
            out.punt += [c for c in cats if c not in out.punt and c not in out.unpunt]
            spans.append((m.start(), m.end()))
    for m in BEFORE.finditer(low):
        if any(a <= m.start() < b for a, b in spans):
            continue
        s, e = _before(low, m.start())
        cats = clause_categories(low[s:e], original[s:e])
        if cats:
            out.punt += [c for c in cats if c not in out.punt and c not in out.unpunt]
            spans.append((s, m.end()))
    rest, last = [], 0
    for a, b in sorted(spans):
        rest.append(original[last:a] if a >= last else "")
        last = max(last, b)
    rest.append(original[last:])
    out.rest = " ".join(rest)
    return out
