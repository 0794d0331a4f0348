"""One start among two or three players on one day (issue #36): "if i can only start one of them saturday,
which one", "which of em should start friday if i can only fit one", "mobley or claxton tomorrow, one
spot".

The players are the message's or the thread's last ones; the day is the message's. Who plays that day
comes first (a player with no game is no choice: said so, by name), then, when more than one plays, the
one the day's lineup model values more, in the league's units: expected fantasy points in a points
league, the lineup's category value in a categories league (compose_daily_lineup, the model the cards
and the weekly plan use), with the box-score expectation beside it.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "lineup_pick"
ONLY_ONE = re.compile(r"\b(?:only|just) (?:start|fit|play|use|slot|roster|have room for|got room for) (?:one|1)\b|"
                      r"\b(?:one|1) (?:spot|slot|start|opening)\b|\bonly (?:one|1) of (?:them|em|those|the two|these)\b|"
                      r"\bwhich (?:one|of (?:them|em|those|the two|these|the three))\b[^.?!]*\b(?:start|play|slot)\b|"
                      r"\b(?:start|play|slot)\b[^.?!]*\bwhich (?:one|of (?:them|em|those|the two|these))\b|"
                      r"\bif i can only\b[^.?!]*\b(?:one|1)\b|"
                      # "beal or conley in my last util spot tonight", "my only open slot": one place left to fill
                      r"\b(?:last|final|only|lone|single|remaining|one|1) (?:open |empty |free |remaining |available )?"
                      r"(?:(?:util|utility|flex|g|f|c|pg|sg|sf|pf|guard|forward|center|starting|lineup) )?"
                      r"(?:spot|slot|opening)\b")


def read(p, prev) -> bool:
    """Whether the message asks which one of two or three players to start on a day (in place: the act,
    the players and the day)."""
    if p.day is None or not ONLY_ONE.search(fold(p.text)):
        return False
    players = list(p.players) if len(p.players) >= 2 else \
        (list(prev.players) if prev is not None and len(prev.players) >= 2 else
         list(getattr(p, "thread_players", None) or [])[-2:])  # asked of one, then of the other
    if not 2 <= len(players) <= 3:
        return False
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.follow_up = players, len(p.players) < 2
    p.unknown, p.greeting, p.rest_of_week = False, False, False
    p.frame = RequestFrame(players=list(p.players), punt=list(p.punt), day=p.day, horizon="day")
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    if done:
        return []
    day = p.day.isoformat()
    return [("compare_players", {"names": list(p.players), "start": day, "end": day}),
            ("compose_daily_lineup", {"date": day})]


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok

    cmp = next((r["data"] for r in _ok(done, "compare_players") if r["data"].get("players")), None)
    if cmp is None:
        return None
    day = f"{p.day:%a %b %-d}"
    playing = [x for x in cmp["players"] if x["games"] > 0]
    idle = [x["name"] for x in cmp["players"] if x["games"] == 0]
    idle_line = (f"{' and '.join(idle)} {'has' if len(idle) == 1 else 'have'} no game on {day}" if idle else "")
    if not playing:
        return f"**Neither can start on {day}: {idle_line}.** Pick a day one of them plays (ask \"when do they play?\")."
    value = _lineup_values(done) if p.scoring == "categories" else {}
    ranked = sorted(playing, key=lambda x: (-(value.get(x["name"], float("-inf"))), -x["expected_per_game"]))
    pick = ranked[0]
    if len(playing) == 1:
        return (f"**Start {pick['name']} on {day}: {idle_line}.** {pick['name']} is expected "
                f"{pick['expected_total']:.1f} fantasy points that day ({pick['status']}).")
    figures = "; ".join(_figure(x, value) for x in ranked)
    why = "the day's lineup values him more" if value else "he is expected more that day"
    return (f"**Start {pick['name']} on {day}: {why}.** {figures}."
            + (f" {idle_line[0].upper()}{idle_line[1:]}." if idle_line else ""))


def _figure(x: dict, value: dict) -> str:
    base = f"{x['name']} {x['expected_total']:.1f} expected fantasy points ({x['status']})"
    return base + (f", {value[x['name']]:.2f} category value in the day's lineup" if x["name"] in value else "")


def _lineup_values(done: dict) -> dict[str, float]:
    from agents.offline.text import _ok

    for r in _ok(done, "compose_daily_lineup"):
        return {s["name"]: float(s["expected"]) for s in r["data"].get("starters") or []}
    return {}
