"""Minutes trends on my roster (issue #36): "whose minutes are trending up on my team", "who on my
roster is getting more playing time", "any of my guys losing their role?".

A deterministic comparison, not a news search: each of my players' minutes per game over his last N
games (5 unless the message says, "last 10") against his season's, from the box scores through
`get_my_roster(minutes_last_n=N)` (services/league/rates.py). The answer leads with the players whose
minutes rose and by how much (those that fell first when the question asks who is losing minutes),
then the others, with the window said.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "research_minutes"
WINDOW = 5
# minutes in the words managers use; "run", "role" and "burn" only beside a word that says they change
MINUTES = re.compile(r"\b(?:minutes?|mins|mpg|playing time|court time|floor time)\b")
ROLE = re.compile(r"\b(?:more|less|fewer|bigger|smaller|larger|extra|increased|reduced|expanded|expanding|growing|"
                  r"shrinking|new|heavier|lighter|diminished)\s+(?:run|role|burn)\b|\b(?:run|role|burn)s?\s+(?:is\s+|has\s+|"
                  r"s\s+|have\s+)?(?:been\s+)?(?:up|down|growing|grown|grow|expanding|expanded|shrinking|shrunk|"
                  r"increas\w*|decreas\w*|chang\w*|trending|rising|falling|dropping|going up|going down)\b|"
                  r"\b(?:losing|lost|gaining|gained|earning|earned|getting)\s+(?:\w+\s+)?(?:role|run|burn)\b")
TREND = re.compile(r"\b(?:trend\w*|up|down|rising|rise|rose|climb\w*|increas\w*|decreas\w*|more|less|fewer|bigger|"
                   r"smaller|jump\w*|spik\w*|drop\w*|dip\w*|fall\w*|fell|losing|lost|gaining|gained|getting|seeing|"
                   r"chang\w*|lately|recently|recent|uptick|bump\w*|cut|reduced|shift\w*|heavier|lighter|grow\w*|"
                   r"shrink\w*|moving|moved|last \d+)\b")
MINE = re.compile(r"\b(?:my|our|mine|i have|do i have|i got|we have)\b")
DOWN = re.compile(r"\b(?:down|less|fewer|smaller|shrink\w*|drop\w*|dip\w*|fall\w*|fell|losing|lost|decreas\w*|cut|"
                  r"reduced|lighter|diminished)\b")
ELSEWHERE = re.compile(r"\b(?:free agents?|fas?|waivers?|wire|pick ?ups?|streamers?|trades?|opponent|league wide|"
                       r"in the league|across the league|per 36)\b")


def read(p, prev) -> bool:
    """Whether the message asks whose minutes on my roster are moving (in place: the act, the window)."""
    t = fold(p.text)
    asked = (MINUTES.search(t) and TREND.search(t)) or ROLE.search(t)
    if not asked or not MINE.search(t) or ELSEWHERE.search(t) or _named_here(p, t):
        return False
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.unknown, p.greeting, p.follow_up = [], False, False, False
    p.minutes_window = p.last_n if p.last_n and p.last_n <= 30 else WINDOW
    p.minutes_down_first = bool(DOWN.search(t)) and not re.search(r"\b(?:up|more|rising|increas\w*|gaining|bigger)\b", t)
    p.frame = RequestFrame(punt=list(p.punt))
    return True


def _named_here(p, t: str) -> bool:
    """A player the message itself names: his game log answers ("is jjj getting more minutes?")."""
    from services.league.lookup import said_in

    return any(said_in(n, t) for n in p.players)


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return [] if done else [("get_my_roster", {"minutes_last_n": getattr(p, "minutes_window", WINDOW)})]


def _who(rows: list[dict]) -> str:
    out = []
    for r in rows:
        hurt = f", {r['status']} now" if r.get("status") not in (None, "ACTIVE") else ""
        out.append(f"{r['name']} {r['change']:+.1f} ({r['recent_mpg']:.1f} vs {r['season_mpg']:.1f}{hurt})")
    return ", ".join(out)


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table

    trend = next((r["data"]["minutes_trend"] for r in _ok(done, "get_my_roster") if r["data"].get("minutes_trend")), None)
    if trend is None:
        return None
    n, rows = trend["last_n"], trend["players"]
    up = [r for r in rows if r["direction"] == "up"]
    down = sorted((r for r in rows if r["direction"] == "down"), key=lambda r: r["change"])
    steady = [r["name"] for r in rows if r["direction"] == "steady"]
    window = f"last {n} games' minutes per game vs his season's"
    rose = (f"**Minutes rising on your team ({window}): {_who(up)}.**" if up else
            f"**Nobody on your team is playing more minutes lately: no one's last {n} games beat his season's "
            f"minutes per game by 1 or more.**")
    fell = (f"Falling: {_who(down)}." if down else f"Falling: none of your players by 1 minute a game or more.")
    if getattr(p, "minutes_down_first", False):
        lead = (f"**Minutes falling on your team ({window}): {_who(down)}.**" if down else
                f"**Nobody on your team is losing minutes: no one's last {n} games fell 1 or more under his "
                f"season's minutes per game.**")
        body = [lead, "Rising: " + (_who(up) if up else "none") + "."]
    else:
        body = [rose, fell]
    if steady:
        body.append(f"Steady (within 1 min a game): {', '.join(steady)}.")
    table = _table(["Player", "Status", f"Last {n} mpg", "Season mpg", "Change"],
                   [[r["name"], r.get("status") or "", f"{r['recent_mpg']:.1f}", f"{r['season_mpg']:.1f}",
                     f"{r['change']:+.1f}"] for r in rows])
    return "\n\n".join([*body, table, f"From the box scores: each player's minutes per game over his last {n} games "
                                      "against his season average (games before the league's date); a move under 1 "
                                      "minute a game counts as steady."])
