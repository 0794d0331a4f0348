"""Position eligibility (issue #36): "can jjj play center for me?", "is Beal SF eligible?", "what
positions can Mobley play?", and the follow-up "what about beal at SF" / "and at PF?".

The verdict leads: whether the player is eligible at that position in this league, from his eligible
positions in the league data (`get_player_status`' `positions` and `eligible_slots`), then the
positions he is listed at and the lineup slots that means (G, F, UTIL). Read from the message alone,
so it is the same in points and categories leagues.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "research_eligibility"
# a position as managers write it (folded text: "C" is "c"); single letters only where a position is meant
_POS = (r"(?P<pos>point guard|shooting guard|small forward|power forward|centers?|centre|guards?|forwards?|"
        r"util(?:ity)?|pg|sg|sf|pf|the [1-5]|[cgf])")
POS_OF = {"point guard": "PG", "shooting guard": "SG", "small forward": "SF", "power forward": "PF", "center": "C",
          "centers": "C", "centre": "C", "guard": "G", "guards": "G", "forward": "F", "forwards": "F", "util": "UTIL",
          "utility": "UTIL", "pg": "PG", "sg": "SG", "sf": "SF", "pf": "PF", "c": "C", "g": "G", "f": "F",
          "the 1": "PG", "the 2": "SG", "the 3": "SF", "the 4": "PF", "the 5": "C"}
_VERB = (r"(?:play|plays|playing|slot|slotted|slotting|start|starting|use|using|put|putting|go|line up|fill|fills|"
         r"count|counts|qualify|qualifies|listed|list|eligible|elig|run|slide|move|stick|be used)")
_SLOT = r"(?:\s+(?:slot|spot|position|spots|slots|eligible|eligibility|elig))?"
ASKED = (
    # "can jjj play center", "could I slot Beal in at SF", "is he eligible at the 5", "put barnes in my F spot"
    re.compile(rf"\b{_VERB}\b(?:\s+(?!at\b|in\b|as\b)[\w.']+){{0,4}}?\s+(?:in\s+)?(?:at|in|as|on)?\s*"
               rf"(?:the\s+|my\s+|a\s+|an\s+|your\s+)?{_POS}{_SLOT}(?![\w'])"),
    re.compile(rf"\b{_POS}[- ]?(?:eligible|eligibility|elig|qualified)\b"),  # "is beal sf eligible", "C-eligible"
    re.compile(rf"\b(?:is|isn t|was)\s+(?:\w+\s+){{1,3}}?(?:a|an)\s+{_POS}(?:\s+(?:in|for|on) (?:this|my|our) league)?"
               r"\s*(?:\?|$|here|too|now|or)"),  # "is barnes a forward here?"
)
# "what positions can X play", "X's eligibility", "where can I play him": the list, no one position
LIST_ASKED = re.compile(r"\bwhat (?:positions?|spots?|slots?)\b|\bwhich (?:positions?|spots?|slots?)\b|"
                        r"\b(?:positions?|slots?) (?:is|does|can) \w+(?: \w+){0,3} (?:eligible|play|fill|qualify)\b|"
                        r"\beligib\w*\b|\bwhere can (?:i|we|you) (?:play|slot|start|use|put)\b")
OTHER = re.compile(r"\b(?:free agents?|waivers?|pick ?ups?|streamers?|trades?|drop|add|cut|tonight|tomorrow|games? left|"
                   r"schedule|injur\w*|hurt|healthy|stats|averag\w*|per 36)\b")
FOLLOW = re.compile(r"^(?:and|what about|how about|wbu|ok(?:ay)?|also|now|then|same for|same with|or)\b|"
                    r"\b(?:then|too|instead)\W*$|^\W*(?:at|in|as) ")


START_SIT = re.compile(r"\bshould (?:i|we)\b[^?]*\b(?:start|play|sit|bench)\b|\bwho (?:should|do) (?:i|we)\b")


def position_in(t: str, loose: bool = False) -> str | None:
    """The one position an eligibility question names (folded text), None when it names none;
    `loose` (a follow-up of one): a bare "at SF" names it too."""
    for pattern in ASKED:
        m = pattern.search(t)
        if m:
            return POS_OF[m.group("pos")]
    m = re.search(rf"(?:^|\s)(?:at|in|as)\s+(?:the\s+|my\s+)?{_POS}{_SLOT}(?![\w'])", t) if loose else None
    return POS_OF[m.group("pos")] if m else None


def read(p, prev) -> bool:
    """Whether the message asks where a player is eligible (in place: the act, his position asked in
    `p.eligible_at`, None for the whole list); a short follow-up after one keeps the act."""
    t = fold(p.text)
    before = prev is not None and prev.act == ACT
    pos = position_in(t, loose=before)
    if START_SIT.search(t) and not re.search(r"\beligib\w*\b", t):
        return False  # "should I start Mobley or Claxton at C?": the lineup's question, not the league's list
    players = list(p.players)
    if before and len(t.split()) <= 9 and not OTHER.search(t) and (FOLLOW.search(t) or pos or len(t.split()) <= 3):
        # "what about beal at SF", "and at pf?", "mobley?": the same question of another player or position
        if not (pos or players):
            return False
        players = players or list(prev.players)
        pos = pos or (getattr(prev, "eligible_at", None) if not LIST_ASKED.search(t) else None)
    elif not players or OTHER.search(t) and not pos:
        return False
    elif not pos and not (LIST_ASKED.search(t) and re.search(r"\b(?:play|eligib\w*|elig|fill|slot|qualif\w*|positions?)\b", t)):
        return False
    if not players:
        return False
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.eligible_at, p.follow_up = players[:3], pos, before
    p.unknown, p.greeting, p.day, p.rest_of_week = False, False, None, False
    p.frame = RequestFrame(players=list(p.players), punt=list(p.punt))
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return [] if done else [("get_player_status", {"name": n}) for n in p.players[:3]]


SLOT_WORDS = {"G": "G (guard)", "F": "F (forward)", "UTIL": "UTIL"}


def _slots(slots: list[str]) -> str:
    words = [SLOT_WORDS.get(s, s) for s in slots]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _one(d: dict, pos: str | None) -> str:
    name, positions, slots = d["player"], d.get("positions") or [], d.get("eligible_slots") or []
    listed = "/".join(positions) or "no position"
    fills = f"so he can fill {_slots(slots)} slots" if slots else "so he fills no lineup slot"
    if pos is None:
        return f"{name} is eligible at {listed} in this league ({'/'.join(slots)}), {fills}."
    if pos in slots:
        how = "every player is" if pos == "UTIL" else f"listed {listed}"
        return f"Yes: {name} is eligible at {pos} in this league ({how}), {fills}."
    return (f"No: {name} is not eligible at {pos} in this league. He is listed {listed} only ({'/'.join(slots)}), "
            f"{fills}.")


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok

    found = [r["data"] for r in _ok(done, "get_player_status")]
    if not found:
        return None
    pos = getattr(p, "eligible_at", None)
    parts = ["**" + " ".join(_one(d, pos) for d in found) + "**"]
    hurt = [f"{d['player']} is {d['status']} now ({d['evidence']})" for d in found if d.get("status") != "ACTIVE"]
    if hurt:
        parts.append("Eligible or not, " + "; ".join(hurt) + ".")
    parts.append("Eligibility is the league's position list for each player (ESPN's layout: PG, SG, SF, PF, C, "
                 "G for guards, F for forwards, UTIL for anyone).")
    return "\n\n".join(parts)
