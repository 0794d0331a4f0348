"""Questions about what the manager already decided ("what did I just do?", "what moves have I made
so far?", "which cards did I decline?", "undo that"), issue #36: answered from the league's own record
(`get_my_moves`), newest first, with the gain expected when each was decided; an undo is said to be a
new move approved on its card (a chat message never changes the roster).
"""
from __future__ import annotations

import re

from agents.offline.text import _ok
from services.league.lookup import fold

MY_MOVES = re.compile(
    r"\bwhat (?:did|have) (?:i|we) (?:just )?(?:do|done|approve\w*|change\w*|decide\w*|pick\w*|add\w*|drop\w*|make|made)\b|"
    r"\b(?:my|our) (?:recent |past |previous |last )?(?:moves|transactions|pickups|adds and drops|decisions)\b(?! (?:for|this|next))|"
    r"\bwhat (?:moves|transactions|changes) (?:did|have) (?:i|we)\b|\b(?:moves|changes) (?:i|we)(?: have|'ve)? made\b|"
    r"\bremind me what (?:i|we)\b|\bwhich (?:cards|moves) did (?:i|we)\b|\bwhat (?:did|have) (?:i|we) (?:approved|declined)\b|"
    r"\b(?:undo|reverse|take back|cancel|revert) (?:that|it|this|the (?:last )?(?:move|one|pickup|add|drop)|my last move)\b|"
    r"\bcan (?:you|i) undo\b|"
    # after an approval: "so what changed?", "did that go through?", "is it done?"
    r"^(?:\w+\W+){0,2}what (?:just )?(?:changed|happened)\W*$|\bdid (?:that|it|the move|my move) (?:go through|work|happen)\b|"
    r"\bwhat s different now\b|\bis (?:it|that) done\b|"
    # "what actually changed on his roster" (a manager typing for another), "what's different on my team now"
    r"\bwhat (?:\w+ )?(?:changed|is different|s different) (?:on|in|to|with|about) (?:my|his|her|their|our|the) "
    r"(?:roster|team|squad|lineup)\b|"
    # "what did that just change", "what does that move do for me", "how did that change my week"
    r"\b(?:what|how) (?:did|does|has|will) (?:that|it|this|the move|that move|the swap|that swap)(?: \w+){0,2}? "
    r"(?:change|changed|do|did|done|affect|affected|improve|improved|get me|gain me)\b|"
    # "did anything actually go through?", "has anything changed?", "what changed" at the end of a message
    r"\b(?:did|has|have) (?:anything|any of (?:it|them|those)|any moves?|something) (?:\w+ )?(?:go(?:ne)? through|"
    r"changed?|happen(?:ed)?|been (?:done|made|applied))\b|\bwhat (?:just )?changed\W*$|"
    # second thoughts after a decision: "wait did i just mess that up?", "was that a mistake", "did i make the right call"
    r"\bdid (?:i|we) (?:just )?(?:mess|screw|muck|blow|botch|f\w*) (?:that|it|this|up)\b|"
    r"\b(?:was|is) (?:that|it|this) (?:a )?(?:mistake|bad (?:move|call|idea)|dumb|stupid|the right (?:call|move|thing)|smart|"
    r"a good (?:move|call|idea))\b|\bdid (?:i|we) (?:do|make) the right (?:call|move|thing|choice)\b|"
    r"\bshould (?:i|we) (?:not )?have (?:done|approved|made|taken) (?:that|it|this)\b|\bany regrets\b|"
    # "who'd I end up adding", "who did we just pick up"
    r"\bwho(?: d| did|d)? (?:i|we) (?:end up |just |actually )?(?:add|adding|added|pick(?:ing)? up|grab\w*|sign\w*|get|got)\b")
UNDO = re.compile(r"\b(?:undo|reverse|take back|cancel|revert)\b")
# "what's pending?", "anything still waiting on me?", "which cards are open", "what do I still have to approve"
PENDING = re.compile(
    r"\b(?:what s|whats|what is|what are|anything|any|which|what)\b(?: \w+){0,4}? (?:still )?"
    r"(?:pending|undecided|outstanding|left to (?:approve|decide))\b|"
    r"\b(?:waiting|pending) (?:for|on) (?:me|my (?:approval|ok|decision|call)|approval|a decision)\b|"
    r"\b(?:show|list|see|check)(?: me)? (?:my |the )?(?:pending |open |waiting )?(?:approvals|cards|pending)\b|"
    r"\bwhat (?:do|have) (?:i|we) (?:still |yet )?(?:(?:got|have|need|gotta) (?:to )?|left to |to )(?:approve|decide)\w*\b|"
    r"\b(?:cards?|approvals?) (?:do |are )?(?:i |we )?(?:still |that are )?(?:have )?(?:pending|waiting|open|undecided|left)\b|"
    r"\bmoves? (?:are |that are )?(?:still )?(?:pending|waiting|undecided)\b")
NOT_PENDING = re.compile(r"\b(?:free agents?|waivers?|wire|games? left|open (?:slot|spot|roster)|who s open)\b")


def pending_asked(p) -> bool:
    """'what's still pending?', 'any cards waiting on me?': the conversation's waiting cards."""
    t = fold(p.text)
    return bool(PENDING.search(t)) and not NOT_PENDING.search(t)


ROSTER_TOO = re.compile(r"\b(?:show|see|give|pull up|let me see|what s|whats|what does)\b[^.?!]{0,12}\b(?:my|the) "
                        r"(?:roster|team|squad|lineup)\b|\b(?:my|the) (?:roster|team|squad) (?:now|look(?:s|ing)? like)\b")


def roster_asked(p) -> bool:
    """'did it go thru? show me my roster': the roster too, beside the record of the moves."""
    return bool(ROSTER_TOO.search(fold(p.text)))


def my_moves_asked(p) -> bool:
    return bool(MY_MOVES.search(fold(p.text))) or pending_asked(p)


STILL_MINE = re.compile(r"\b(?:still (?:mine|on my (?:team|roster)|here|with me)|do i still have|did i keep|is \w+ still (?:mine|"
                        r"on my))\b")


def still_mine(p) -> bool:
    """'so conley's still mine right? what changed': the moves, and whether the named players are still mine."""
    return bool(STILL_MINE.search(fold(p.text)))


def _gain(m: dict) -> str:
    if m.get("expected_gain") is None:
        return ""
    out = f"expected {m['expected_gain']:+} {m.get('unit') or 'pts'} that week"
    if m.get("season_gain") is not None:
        out += f", {m['season_gain']:+} {m.get('season_unit') or ''} rest of season".rstrip()
    return f" ({out})"


def _done(m: dict) -> str:
    drop, add = m.get("drop"), m.get("add")
    return {"ir": f"Moved {drop} to IR, added {add}", "activate": f"Activated {add} from IR, dropped {drop}",
            "activate_ir": f"Activated {add} from IR, moved {drop} to IR", "trade": f"Traded {drop} for {add}"
            }.get(m.get("kind"), f"Dropped {drop}, added {add}")


def _not_done(m: dict) -> str:
    drop, add = m.get("drop"), m.get("add")
    return {"ir": f"move {drop} to IR, add {add}", "trade": f"trade {drop} for {add}"}.get(
        m.get("kind"), f"drop {drop}, add {add}")


def moves_answer(p, done) -> str | None:
    for r in _ok(done, "get_my_moves"):
        d = r["data"]
        applied, decided = d["applied"], d["decided"]
        declined = [x for x in decided if x["decision"] == "decline" or x["outcome"] == "refused"]
        if UNDO.search(fold(p.text)):
            if not applied:
                return "**There is no approved move to undo in this league:** nothing has changed on your roster."
            last = applied[0]
            return (f"**A chat message can't undo a move: \"{_done(last)}\" was applied to your league** "
                    f"(league day {last['league_day']}). To reverse it, ask for the move back (for example \"add "
                    f"{last['drop']}\") and approve its card like any other; nothing changes until you do.")
        wait = d.get("waiting") or []
        if pending_asked(p):
            return waiting_answer(wait, applied)
        lines = [f"- {x['league_day']}: {_done(x)}{_gain(x)}" for x in applied]
        head = (f"**Your approved moves in this league, newest first ({len(applied)}):**" if applied else
                "**No move approved in this league yet:** your roster is as the league started it.")
        parts = [head + ("\n" + "\n".join(lines) if lines else "")]
        for name in p.players if still_mine(p) else []:  # "so conley's still mine right?": from the moves applied
            gone = next((x for x in applied if x.get("drop") == name and x.get("kind") not in ("ir", "activate_ir")), None)
            parts.insert(0, f"**{name} is no longer yours: {_done(gone)}.**" if gone else
                         f"**Yes, {name} is still yours:** no approved move dropped or traded him.")
        if declined:
            parts.append("Declined or not applied: " + "; ".join(
                ("Not applied: " if x["outcome"] == "refused" else "") + _not_done(x) for x in declined[:5]) + ".")
        if wait:
            parts.append(f"Still waiting for your decision ({len(wait)}): " + "; ".join(x["title"] for x in wait[:5])
                         + ". Nothing changes until you approve one on its card.")
        return "\n\n".join(parts)
    return None


def waiting_answer(wait: list[dict], applied: list[dict]) -> str:
    """The conversation's waiting cards, in the order the Approvals list shows them."""
    if not wait:
        last = f" Your last applied move: {_done(applied[0])} ({applied[0]['league_day']})." if applied else ""
        return f"**Nothing is waiting for your decision in this conversation.**{last}"
    n = len(wait)
    lines = [f"{i}. {x['title']}" for i, x in enumerate(wait, 1)]
    return (f"**{n} card{'s' * (n != 1)} waiting for your decision:**\n" + "\n".join(lines) +
            "\n\nApprove or decline each on its card (or in Approvals); a chat message never executes a move, "
            "so nothing has changed yet.")
