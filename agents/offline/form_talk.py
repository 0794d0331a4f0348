"""Form on my roster (issue #36): "who on my team is underperforming", "any of my guys slumping?",
"who's struggling on my roster", "who on my team is overperforming".

A comparison, not a news search: each of my players' fantasy points a game over his last five games
against his season's, from `get_my_roster` (`fpts_last5`, `fpts_season`, the box scores before the
league's date). The answer leads with the players well under their season (by `UNDER` and at least
`POINTS` a game; over it when the question asks who is playing above himself), names the ones out
(a missed game is no slump), then the whole roster in a table. In a categories league the same
box-score fantasy points are the form measure, said so.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "research_form"
UNDER = 0.85  # a last five under 85% of his season ...
POINTS = 3.0  # ... and 3+ fantasy points a game under it is a player under his season
DOWN = re.compile(r"\b(?:underperform\w*|under ?achiev\w*|slump\w*|cold|struggl\w*|disappoint\w*|letting me down|"
                  r"in a funk|off form|out of form|not (?:producing|performing|playing well|doing (?:much|anything))|"
                  r"playing (?:bad|badly|poorly|terrible|terribly|awful|like (?:trash|garbage))|below (?:expectations|par))\b")
UP = re.compile(r"\b(?:over ?perform\w*|over ?achiev\w*|exceed\w*|playing (?:well|great|out of his mind|above)|"
                r"in form|above expectations|outplaying)\b")
MINE = re.compile(r"\b(?:my|our|mine|i have|do i have|i got|we have|i own)\b")
ELSEWHERE = re.compile(r"\b(?:free agents?|fas?|waivers?|wire|pick ?ups?|streamers?|trades?|opponent|their|his team|"
                       r"league wide|in the league|across the league)\b")


def read(p, prev) -> bool:
    """Whether the message asks who on my roster is playing under (or over) his season."""
    t = fold(p.text)
    down, up = DOWN.search(t), UP.search(t)
    if not (down or up) or not MINE.search(t) or ELSEWHERE.search(t) or p.players:
        return False
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.unknown, p.greeting, p.follow_up = [], False, False, False
    p.form_up = bool(up) and not down
    p.frame = RequestFrame(punt=list(p.punt))
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return [] if done else [("get_my_roster", {})]


def _gap(r: dict) -> float:
    return r["fpts_last5"] - r["fpts_season"]


def _who(rows: list[dict]) -> str:
    return ", ".join(f"{r['name']} {r['fpts_last5']:.1f} vs {r['fpts_season']:.1f} "
                     f"({_gap(r) / r['fpts_season']:+.0%})" for r in rows)


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table

    data = next((r["data"] for r in _ok(done, "get_my_roster") if r["data"].get("players")), None)
    if data is None:
        return None
    rows = [r for r in data["players"] if (r.get("fpts_season") or 0) > 0]
    out = [r for r in rows if r.get("status") == "OUT"]
    playing = [r for r in rows if r.get("status") != "OUT"]
    under = sorted((r for r in playing if r["fpts_last5"] < UNDER * r["fpts_season"] and -_gap(r) >= POINTS),
                   key=lambda r: _gap(r) / r["fpts_season"])
    over = sorted((r for r in playing if r["fpts_last5"] > r["fpts_season"] / UNDER and _gap(r) >= POINTS),
                  key=lambda r: -_gap(r) / r["fpts_season"])
    measure = "last 5 games' fantasy points a game vs his season's"
    lead_under = (f"**Under their season lately ({measure}): {_who(under)}.**" if under else
                  f"**Nobody on your team is well under his season lately: no healthy player's last 5 games are "
                  f"{1 - UNDER:.0%} and {POINTS:g} fantasy points a game under his season.**")
    lead_over = (f"**Above their season lately ({measure}): {_who(over)}.**" if over else
                 "**Nobody on your team is well above his season lately.**")
    body = [lead_over, "Under: " + (_who(under) if under else "none") + "."] if getattr(p, "form_up", False) \
        else [lead_under, "Above: " + (_who(over) if over else "none") + "."]
    if out:
        body.append(f"Out now (missed games, not form): {', '.join(r['name'] for r in out)}.")
    if data.get("scoring", "") == "categories" or getattr(p, "scoring", "") == "categories":
        body.append("Form is measured in box-score fantasy points, the one number that sums a whole line.")
    table = _table(["Player", "Status", "Last 5 FPts/G", "Season FPts/G", "Change"],
                   [[r["name"], r.get("status") or "", f"{r['fpts_last5']:.1f}", f"{r['fpts_season']:.1f}",
                     f"{_gap(r) / r['fpts_season']:+.0%}"] for r in sorted(rows, key=lambda r: _gap(r) / r["fpts_season"])])
    return "\n\n".join([*body, table, "From the box scores before the league's date; a player counts as under his "
                                      f"season when his last 5 games are {1 - UNDER:.0%} and {POINTS:g} fantasy points "
                                      "a game under it."])
