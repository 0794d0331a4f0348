"""Empty starting spots on a day (issue #36): "friday: how many empty starting spots am i looking at", "how many
open slots do i have tomorrow", "so how many empties friday now", and who off the wire plays that day to fill them.

From `compose_daily_lineup` of that day: its `open_slots` (the starting slots none of mine fills, each place once)
and its starters; with a fill asked ("who off waivers plays that day to fill em"), the free agents with a
game that day (`get_free_agents` with that day to play on), the first of them said as the fill.
"""
from __future__ import annotations

import re

from agents.offline.multi import FILL_SLOTS as FILL, OPEN_SLOTS as OPEN
from services.league.lookup import fold

ACT = "lineup_openslots"


def read(p, prev) -> bool:
    """Whether the message asks how many starting spots are empty on a day (in place: the act and the day)."""
    from agents.core.frame import RequestFrame
    from agents.offline.carry import named_here, take

    t = fold(p.text)
    if not OPEN.search(t) or named_here(p) or re.search(r"\bir\b", t) or p.as_of is None:
        return False
    day = p.day or (prev.day if prev is not None and prev.act == ACT else None) or p.as_of
    take(p, ACT)
    p.day, p.players, p.unknown, p.greeting = day, [], False, False
    p.fill = bool(FILL.search(t))
    p.frame = RequestFrame(day=day, horizon="day", punt=list(p.punt))
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    if done:
        return []
    calls = [("compose_daily_lineup", {"date": p.day.isoformat(), **({"punt": list(p.punt)} if p.punt else {})})]
    if getattr(p, "fill", False):
        calls.append(("get_free_agents", {"healthy_only": True, "play_on": [p.day.isoformat()], "limit": 5}))
    return calls


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table

    d = next((r["data"] for r in _ok(done, "compose_daily_lineup")), None)
    if d is None:
        return None
    day = p.day
    when = f"{day:%A} ({day:%b} {day.day})"
    empty, starters = list(d.get("open_slots") or []), d["starters"]
    slots = len(empty) + len(starters)
    if empty:
        lead = (f"**{when}: {len(empty)} empty starting spots** ({', '.join(empty)}), of {slots}: "
                f"{len(starters)} of yours start, every one of them with a game.")
    else:
        lead = f"**{when}: no empty starting spot: all {slots} are filled.**"
    # (its column is "Starter": "the first guy" after this answer means the wire's list below, not my lineup)
    parts = [lead, _table(["Slot", "Starter"], [[s["slot"], s["name"]] for s in starters] + [[x, "(empty)"] for x in empty])]
    fas = next((r["data"]["free_agents"] for r in _ok(done, "get_free_agents")), None)
    if fas and empty:
        top = fas[0]
        parts.append(f"To fill them, free agents with a game {when}, best first ({top['name']}: an empty spot is a "
                     f"free start, so he adds his games without benching anyone that day):")
        parts.append(_table(["#", "Player", "Pos", "Team", "Games left", "FPts season"],
                            [[str(i), x["name"], x.get("pos", ""), x["team"], x.get("games_remaining", ""),
                              x.get("fpts_season", "")] for i, x in enumerate(fas, 1)]))
        parts.append(f"Ask \"add {top['name']} for <one of yours>\" for that move judged on its card.")
    elif fas is not None and empty:
        parts.append(f"No healthy free agent has a game {when}.")
    return "\n\n".join(parts)
