"""A constraint said on its own, before any request (issue #36: every stated constraint honoured):
"Shai's not going anywhere. ever. just so you know", "heads up, I'm never trading Mobley". The turn
says it is noted; every later request in the thread that can leave players out (trades, move cards,
pickups, rankings) keeps them out (`thread_keep`, read by the planner from the thread's earlier
messages), until the user names one of them to move ("ok, shop Shai").

A dislike of a position said the same way ("fyi I hate streaming bigs", "I never pick up centers") is
a standing preference: the turn says it is noted, and every later pickup search in the thread leaves
that position out (`not_position`), until a message asks for it ("ok show me centers").
"""
from __future__ import annotations

import re

from dataclasses import dataclass, field

from services.league.lookup import fold

REQUEST = re.compile(r"\b(?:find|show|give|gimme|get me|who|whos|what|whats|which|should|any|best|rank\w*|how|"
                     r"trade for|looking|need|help|can you|could you|would you|trades?|trading|deals?|ideas?|options?|"
                     r"upgrade\w*|fix|improve|pick ?ups?|adds?|waivers?|free agents?|moves?|streamers?|stream\w*|lineup|"
                     r"start|sit|swaps?|flip|targets?|offers?|consolidate|package|via|can i|could i|should i|do i|"
                     r"will i|until|till|through|worth|or|optimi[sz]e\w*|review|analy[sz]e|check|scan|suggest|recommend|"
                     r"list|tell me|set|run|redo|plan|build|make (?:me|my)|lemme|let me)\b")


def stated_keep(p) -> list[str]:
    """The players a message that only states a constraint keeps; [] when it asks for something."""
    from agents.offline.constraints import exclusions

    if not p.players or len(fold(p.text).split()) > 16 or REQUEST.search(fold(p.text)) or "?" in p.text or \
            p.categories:  # a category named is something asked for ("... for rebounds, don't touch Barnes")
        return []
    kept = exclusions(p.text, p.players)
    return kept if set(kept) >= set(p.players) else []


DISLIKE = re.compile(r"\b(?:hate|dislike|despise|can ?t stand|don ?t (?:like|want|trust|do|stream|roster|add)|"
                     r"never (?:want|pick up|add|stream|start|roster|grab|trust)|not (?:a fan of|into|big on)|"
                     r"avoid|sick of|tired of|done with|no more|allergic to|stay away from|stop (?:giving|showing) me)\b"
                     r"(?P<rest>(?:\W+\w+){1,4})")
ASKING = re.compile(r"\b(?:find|show|give|gimme|get me|who|whos|what|whats|which|should|any|best|rank\w*|how|can you|"
                    r"could you|would you|need|help|list|recommend|suggest)\b")


def stated_dislike(p) -> str | None:
    """The position a message that only states a dislike rules out of pickups ("I hate streaming bigs,
    they never get minutes": C); None when it asks for something or names no position."""
    from agents.offline.slots import POSITION_WORDS

    t = fold(p.text)
    if p.players or "?" in p.text or len(t.split()) > 20 or ASKING.search(t):
        return None
    for m in DISLIKE.finditer(t):
        rest = m.group("rest")
        for phrase, pos in sorted(POSITION_WORDS.items(), key=lambda kv: -len(kv[0])):
            if pos and len(phrase) > 2 and re.search(rf"\b{re.escape(phrase)}(?:s|es)?\b", rest):
                return pos
    return None


def thread_dislike(earlier: list) -> str | None:
    """The position the thread's latest stated dislike rules out, unless a later request asked for it."""
    pos = None
    for p in earlier:
        if p.act == "noted" and p.frame.not_position:
            pos = p.frame.not_position
        elif pos and getattr(p, "position", None) and (p.position == pos or pos in str(p.position)):
            pos = None
    return pos


def noted_answer(p, done) -> str:
    if p.frame.not_position and not p.frame.exclude:
        pos = p.frame.not_position
        label = {"C": "centers", "PG": "point guards", "SG": "shooting guards", "G": "guards", "SF": "small forwards",
                 "PF": "power forwards", "F": "forwards"}.get(pos, f"{pos}-eligible players")
        return (f"**Noted: no {label} ({pos}-eligible) in your pickups.** In this conversation, free-agent searches "
                f"leave {pos}-eligible players out and say so in the answer. Ask for {label} by name to change that.")
    kept = p.frame.exclude
    who = " and ".join(kept)
    verb = "stays" if len(kept) == 1 else "stay"
    return (f"**Noted: {who} {verb}.** In this conversation, trade searches never give "
            f"{'him' if len(kept) == 1 else 'them'}, move cards never drop {'him' if len(kept) == 1 else 'them'}, "
            f"and I say so in the answer. Name {'him' if len(kept) == 1 else 'one of them'} in a trade or a drop to "
            "change that.")


def thread_keep(earlier: list) -> list[str]:
    """The players the thread's earlier constraint-only messages keep, less any a later request moved
    (named in a trade's give or a drop)."""
    kept: list[str] = []
    for p in earlier:
        if p.act == "noted":
            kept += [n for n in p.frame.exclude if n not in kept]
        elif p.act.startswith("trade") or p.move:
            moved = set(getattr(p.frame, "give", []) or []) | ({p.move[0]} if p.move else set())
            kept = [n for n in kept if n not in moved]
    return kept


@dataclass
class ThreadNotes:
    """What the thread's constraint-only messages still say: the players kept, the position disliked."""
    keep: list[str] = field(default_factory=list)
    dislike: str | None = None
    punt: list[str] = field(default_factory=list)  # the punt the thread's messages set (before this one)
    recent: list[str] = field(default_factory=list)  # the players the last 3 messages named, the newest last

    def onto(self, p):
        """Gives a parsed message the thread's notes (read by understand.with_thread_keep), and the punt
        after it (`thread_punt`: what the answer must never call in play, even from a tool that takes none)."""
        p.thread_keep, p.thread_dislike, p.thread_players = list(self.keep), self.dislike, list(self.recent)
        p.thread_punt = punt_after(self.punt, p)
        return p


def punt_after(punt: list[str], p) -> list[str]:
    """The punt after message `p`: the thread's, less what it stops punting, plus what it punts."""
    if getattr(p, "stop_punting", False):
        return []
    kept = [c for c in punt if c not in (getattr(p, "unpunt", None) or [])]
    return kept + [c for c in (getattr(p, "punt", None) or []) if c not in kept]


def thread_notes(earlier: list) -> ThreadNotes:
    punt: list[str] = []
    for p in earlier:
        punt = punt_after(punt, p)
    recent: list[str] = []
    for p in earlier[-3:]:  # "which of em should start saturday" after asking of Beal, then of Conley: both
        recent = [n for n in recent if n not in p.players] + list(p.players)
    return ThreadNotes(thread_keep(earlier), thread_dislike(earlier), punt, recent[-3:])
