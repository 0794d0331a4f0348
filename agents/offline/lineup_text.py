"""The offline planner's lineup answer: who starts on the day asked, who sits and why, the date used."""
from __future__ import annotations

import re

from agents.core.contracts import cards_of
from agents.offline.nlu import Parsed
from agents.offline.answers import lineup_lead
from agents.offline.plans import LINEUP_DAYS
from agents.offline.text import _ok, _table, move_line


def lineup(p: Parsed, done) -> str:
    far = [r["data"] for r in _ok(done, "get_schedule")] if not _ok(done, "compose_daily_lineup") else []
    if far and str(far[0]["window"][0]) == str(far[0]["window"][1]):  # a day past the lineup's days
        return _day_games(far[0], done)
    parts = []
    claimed = _claimed_count(p.text)
    for r in _ok(done, "compose_daily_lineup"):
        d = r["data"]
        if not d["starters"]:
            parts.append(f"**{d['date']}:** none of your players has a game.")
            continue
        if p.players:
            slot_of = {x["name"]: x["slot"] for x in d["starters"]}
            why = {b["name"]: b["reason"] for b in d["bench"]}
            # a player the user did not name and who is not his is never put in the answer
            named = [n for n in p.players if n in slot_of or n in why or mentioned(n, p.text)]
            verdict = [f"start {n} ({slot_of[n]})" if n in slot_of else f"sit {n} ({why[n]})"
                       for n in named if n in slot_of or n in why]
            if verdict:
                parts.append(f"**{d['date']}: " + "; ".join(verdict) + ".**")
            others = [n for n in named if n not in slot_of and n not in why]
            if others:
                parts.append(f"{' and '.join(others)} {'is' if len(others) == 1 else 'are'} not on your active "
                             "roster, so not in your lineup.")
        sits = [b for b in d["bench"] if b["reason"] != "no game"]
        idle = [b["name"] for b in d["bench"] if b["reason"] == "no game"]
        lead = lineup_lead(p, d, sits, idle, done)
        if lead:
            parts.append(lead)
        sit_text = ", ".join(f"{b['name']} ({b['reason']})" for b in sits) or "nobody with a game"
        parts.append(f"**{d['date']}: start these {len(d['starters'])}, sit {sit_text}.**"
                     + ("" if p.scoring == "categories" else f" Expected {d['expected_total']} fantasy pts."))
        if claimed and claimed != d["players_with_games"]:
            parts.append(f"Note: the schedule shows {d['players_with_games']} of your players with a game that day, "
                         f"not {claimed}.")
        if p.scoring == "categories":
            parts.append(_table(["Slot", "Player"], [[s["slot"], s["name"]] for s in d["starters"]]))
        else:
            parts.append(_table(["Slot", "Player", "Expected"], [[s["slot"], s["name"], s["expected"]] for s in d["starters"]]))
        if idle:
            parts.append("No game that day: " + ", ".join(idle) + ".")
    for r in _ok(done, "optimize_matchup"):
        d = r["data"]
        parts.append("\n".join(move_line(m) for m in cards_of(d["moves"])) or "No move beats standing pat.")
    return "\n\n".join(parts)


def mentioned(name: str, text: str) -> bool:
    """Whether the question names the player (his last name as a word, accents and case aside)."""
    from services.league.lookup import fold

    words = [w for w in fold(name).replace(".", "").split() if w not in {"jr", "sr", "ii", "iii", "iv"}]
    return bool(words) and re.search(rf"\b{re.escape(words[-1])}\b", fold(text)) is not None


def _claimed_count(text: str) -> int | None:
    import re

    m = re.search(r"\b(\d{1,2}) (?:players|guys)\b", text)
    return int(m.group(1)) if m else None


def _day_games(sched: dict, done) -> str:
    """Who on my roster has a game on a day past the lineup's seven (the schedule's one-day window):
    the same lead as a lineup day's ('N of your players have a game ...'), then who has none."""
    day = str(sched["window"][0])
    status = {x["name"]: x["status"] for r in _ok(done, "get_my_roster") for x in r["data"]["players"]}
    playing = [x["name"] for x in sched["players"] if x["games"]]
    idle = [x["name"] for x in sched["players"] if not x["games"]]
    flagged = [f"{n} ({status[n]})" for n in playing if status.get(n, "ACTIVE") != "ACTIVE"]
    return "\n\n".join([f"**{len(playing)} of your players have a game {day}: {', '.join(playing) or 'none'}.**"
                         + (f" Not sure to play (inferred status): {', '.join(flagged)}." if flagged else ""),
                         f"No game that day: {', '.join(idle) or 'nobody'}.",
                         f"A lineup is set for the next {LINEUP_DAYS} days only; ask again closer to {day} for who starts."])
