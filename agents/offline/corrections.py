"""A manager correcting himself (issue #36: replies to what was said): "compare beal and conley.
wait I meant bogdanovic not conley" is the comparison of Beal and Bogdanovic; "show me trades,
actually forget trades, just give me a pickup" is the pickup. `rewrite` turns such a message into
the request it ends up making, before anything else reads it; `swap_only` reads a message that is
only a correction ("sorry, I meant Mobley not Mitchell"), for the previous request with the name
swapped; `other_one` reads "no, the other Jones, Tre" for the namesake of the player just asked about.
"""
from __future__ import annotations

import re

_MEANT = (r"(?:(?:wait|sorry|oops|no|sry|whoops|my bad|correction)\W*)*(?:i\s+meant|i\s+mean|meant|make\s+(?:it|that))\s+"
          r"(?P<new>[\w .'\-]+?)\s*,?\s+(?:not|instead of|rather than)\s+(?P<old>[\w .'\-]+?)")
MEANT = re.compile(rf"(?:^|[.,;!?]\s*|\s+){_MEANT}\s*[.!?]*\s*$", re.I)
SWAP_ONLY = re.compile(rf"^\s*{_MEANT}\s*[.!?]*\s*$", re.I)
CANCEL = re.compile(r"(?:^|[.,;!?]\s*|\s)(?:actually|scratch that|never ?mind|nvm|on second thought|wait)(?:,?\s+no)?"
                    r"\s*(?:[,.;!\-]+\s*|\s+(?=forget\b)|\s+(?=never ?mind\b))"
                    r"(?:forget (?:about )?(?:the |that |those |it|this)?[\w ]*?[,.;!]\s*)?(?:just\s+)?(?P<rest>[^.,;!?].*)$",
                    re.I)
FORGET_OPENING = re.compile(r"^\s*(?:actually|scratch that|never ?mind|nvm|on second thought|wait)\W+(?:no\W+)?forget\b",
                            re.I)
FORGET_HEAD = re.compile(r"^\s*forget (?:about )?(?:the |that |those |it|this)?[\w ]*?[,.;!]\s*(?:just\s+)?", re.I)


def _replace_name(text: str, old: str, new: str) -> str | None:
    """`text` with the player called `old` (his whole name, or its last word) written as `new`."""
    for form in (old, old.split()[-1]):
        pattern = re.compile(rf"\b{re.escape(form)}\b", re.I)
        if pattern.search(text):
            return pattern.sub(new, text, count=1)
    return None


NOT_FIRST = re.compile(r"^\s*(?:(?:wait|sorry|oops|no|nah|nope|whoops|my bad|correction)\W+)*not (?P<old>[\w.'\-]+"
                       r"(?: [\w.'\-]+)?)\s*,\s*(?P<new>[\w.'\-]+(?: [\w.'\-]+)?)\s*(?:[.!?;]+\s*(?P<rest>.*?))?\s*$", re.I)


def rewrite(text: str) -> str:
    """The request the message ends up making (itself when it corrects nothing)."""
    m = MEANT.search(text)
    if m and m.start() > 0:
        head = text[:m.start()].rstrip(" ,;")
        swapped = _replace_name(head, m.group("old").strip(), m.group("new").strip())
        if swapped:
            return swapped
    fixed = slot_fix(text)
    if fixed:
        return fixed
    m = CANCEL.search(text)
    opening = bool(m) and m.start() == 0 and bool(FORGET_OPENING.match(text))  # "actually forget trades, just ..."
    if m and (m.start() > 0 or opening) and len(m.group("rest").split()) >= 2:
        rest = m.group("rest")
        while True:
            cut = re.sub(r"^\s*(?:never ?mind|nvm|scratch that|actually|wait|on second thought)\W+", "", FORGET_HEAD.sub("", rest))
            if cut == rest:
                return rest.strip()
            rest = cut
    return text


# a correction of one slot only: "... give me 8. no wait, make it 6", "for tomorrow, wait no, friday", "top 5, actually 3"
MARKER = re.compile(r"(?:^|[.,;!?]\s*|\s)(?:no,? wait|wait,? no|wait,? actually|nah,? wait|actually,? no|actually|scratch that|"
                    r"strike that|sorry,? i meant|i meant|i mean|or rather|correction|wait)\W*", re.I)
_NUMBER = r"\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|a dozen|a couple"
_DAY = (r"today|tonight|tomorrow|tmrw|(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?|"
        r"the day after tomorrow")
SLOT_ONLY = re.compile(rf"^(?:make (?:it|that) |i meant |just |only |for |on |say )?(?P<slot>{_NUMBER}|{_DAY})"
                       rf"(?: instead| then| actually| is fine| is plenty)?\W*$", re.I)


def slot_fix(text: str) -> str | None:
    """The message with its one slot said again after a correction marker put in place of the first
    ('top 8 steals guys. no wait, make it 6' -> 'top 6 steals guys'; 'pick up for tomorrow, wait no,
    friday' -> 'pick up for friday'); None when the message corrects no single count or day."""
    last = None
    for m in MARKER.finditer(text or ""):
        last = m
    if last is None or last.start() == 0:
        return None
    fix = SLOT_ONLY.match(text[last.end():].strip())
    if not fix:
        return None
    head, new = text[:last.start()].rstrip(" ,;.-"), fix.group("slot")
    kind = _NUMBER if re.fullmatch(_NUMBER, new, re.I) else _DAY
    olds = list(re.finditer(rf"\b(?:{kind})\b", head, re.I))
    if not olds:
        return None
    old = olds[-1]
    return head[:old.start()] + new + head[old.end():]


def swap_only(text: str) -> tuple[str, str] | None:
    """(new, old) when the whole message is a correction of a name ("sorry, I meant Mobley not Mitchell",
    "no, not conley, beal", "wait no not conley, beal. beal for pritchard")."""
    m = SWAP_ONLY.match(text) or NOT_FIRST.match(text)  # "wait no not conley, beal. beal for pritchard": a restatement
    return (m.group("new").strip(), m.group("old").strip()) if m else None  # after it says no more than the swap


OTHER = re.compile(r"^\s*(?:(?:no|nah|nope|wrong (?:guy|one)|sorry|oops|not (?:him|that one)|i meant|i mean)\W+)*"
                   r"(?:i meant |i mean )?the other (?P<sur>[a-z'.\-]+)(?:\W+(?P<first>[a-z'.\-]+))?\W*$", re.I)


def _surname(name: str) -> str:
    from services.league.lookup import fold

    return fold(name).replace(" jr.", "").split()[-1].rstrip(".")


def _namesakes(old: str, as_of) -> list[str]:
    """The other players known on the as-of date who share `old`'s surname."""
    from agents.offline.slots import ambiguous

    sur = _surname(old)
    return [n for n in ambiguous(sur, as_of) if n != old and _surname(n) == sur]


def _players(names: list[str], as_of) -> dict:
    """Each name's snapshot player on the as-of date (the names the snapshot knows)."""
    from services.league.lookup import index
    from services.league.snapshot import snapshot

    snap, ids = snapshot(as_of), {n: pid for pid, n in index()[0].items()}
    return {n: snap.players[ids[n]] for n in names if ids.get(n) in snap.players}


def other_one(text: str, previous: list[str], as_of) -> tuple[str, str] | None:
    """(new, old) for "no, the other Jones, Tre" / "the other Jones" after a request about Tyus Jones: the
    namesake (by the first name given, the one other player of that surname, or the one of several who
    clearly dominates; else the bare surname, which the names step asks about); None otherwise."""
    from services.league.lookup import fold

    m = OTHER.match(text)
    if not m:
        return None
    sur, first = fold(m.group("sur")), fold(m.group("first") or "")
    old = next((n for n in previous if _surname(n) == sur), None)
    if old is None:
        return None
    others = [n for n in _namesakes(old, as_of) if not first or fold(n).split()[0].startswith(first)]
    if len(others) > 1:  # the one clearly most prominent of them (1.5x the next one's expected points), else asked
        known = _players(others, as_of)
        fpts = sorted(((known[n].expected_fpts if n in known else 0.0, n) for n in others), reverse=True)
        others = [fpts[0][1]] if fpts[0][0] >= 1.5 * max(fpts[1][0], 0.1) else others
    if not others:
        return None
    return (others[0], old) if len(others) == 1 else (sur, old)  # several namesakes: the surname, asked about


NAMESAKE_FIX = re.compile(r"^\s*(?:(?:no|nah|nope|wrong (?:guy|one|player)|not (?:him|that one|that guy)|i meant|sorry)\b\W*)+",
                          re.I)


def namesake_fix(text: str, previous: list[str], teams: list[str], as_of) -> tuple[str, str] | None:
    """(new, old) for "nah the bulls one. lonzo" / "no, Lonzo" after a request about LaMelo Ball: a short
    correction naming (by first name, or by his NBA team) a namesake of the player just asked about."""
    from agents.offline.slots import find_players

    if not NAMESAKE_FIX.match(text) or len(text.split()) > 8:
        return None
    for old in previous:
        others = _namesakes(old, as_of)
        named = [n for n in find_players(text) if n in others]
        if not named and teams:
            named = [n for n, ps in _players(others, as_of).items() if ps.ref.team in teams]
        if len(named) == 1:
            return named[0], old
    return None
