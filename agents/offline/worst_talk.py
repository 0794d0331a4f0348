"""The weakest on my roster (issue #36): "who's the worst guy on my team", "my weakest link?", "who on my
roster is the most droppable".

A ranking of my own players, not the week's matchup: each healthy player's expected fantasy points a game
(his projection x his chance to play, the figure the optimizer's cards use) from `get_my_roster`, lowest
first. The lead names the weakest; players OUT are said apart (they give nothing now: an IR question, not
a cut), and the IR slot's player is left out (he takes no roster spot). In a categories league the same
expected box-score fantasy points are the measure, said so. A follow-up ("yeah cut him for whoever's best")
goes on from the lead, as after any list. "Rank my whole team worst to best" (or best to worst) is every
healthy player of mine in that order by the same figure, the OUT players said apart.
"""
from __future__ import annotations

import re

from agents.offline.form_talk import MINE  # the same "mine" as the form question
from services.league.lookup import fold

ACT = "research_worst"
WORST = re.compile(r"\b(?:worst|weakest|least valuable|least useful|most (?:droppable|expendable|cuttable)|weak link|"
                   r"dead weight|dead spot|deadest|biggest liability)\b")
ELSEWHERE = re.compile(r"\b(?:free agents?|fas?|waivers?|wire|pick ?ups?|streamers?|trades?|opponent|their|his team|"
                       r"league wide|in the league|across the league|matchup|categor\w*|cats?|week)\b")

# the whole roster ranked, in an order the message names ("rank my whole team worst to best", "best to worst")
ORDER = re.compile(r"\b(?:worst|bottom) (?:to|2|->) (?:best|top)\b|\b(?:best|top) (?:to|2|->) (?:worst|bottom)\b|"
                   r"\brank (?:my|our|the) (?:whole |entire |full )?(?:team|roster|squad|guys|players)\b|"
                   r"\b(?:order|sort) (?:my|our) (?:whole |entire )?(?:team|roster|squad|guys)\b")
BEST_FIRST = re.compile(r"\b(?:best|top) (?:to|2|->) (?:worst|bottom)\b")

# "need a blocks guy. drop whoever's worst on my team for him": a move that makes room for an add, not the question
FOR_AN_ADD = re.compile(r"\b(?:drop|cut|release|waive|dump|bench)\b[^.?!]*\b(?:for (?:him|them|a|an|someone|somebody|the|one)|"
                        r"to (?:add|grab|get|pick up|make room)|and (?:add|grab|get|pick up|replace))\b")


def read(p, prev) -> bool:
    """Whether the message asks who is the weakest player on my roster."""
    t = fold(p.text)
    if not (WORST.search(t) or ORDER.search(t)) or not MINE.search(t) or ELSEWHERE.search(t) or p.players or \
            FOR_AN_ADD.search(t):
        return False
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.unknown, p.greeting, p.follow_up = [], False, False, False
    p.frame = RequestFrame(punt=list(p.punt))
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return [] if done else [("get_my_roster", {})]


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table

    data = next((r["data"] for r in _ok(done, "get_my_roster") if r["data"].get("players")), None)
    if data is None:
        return None
    on_ir = set(data.get("on_ir") or [])
    rows = [r for r in data["players"] if r["name"] not in on_ir]
    out = [r for r in rows if r.get("status") == "OUT"]
    ranked = sorted((r for r in rows if r.get("status") != "OUT"), key=lambda r: r["expected_per_game"])
    if not ranked:
        return None
    low = ranked[0]
    unit = "expected fantasy points a game" + (" (box-score points: your league counts categories)"
                                               if p.scoring == "categories" else "")
    lead = (f"**Your weakest player: {low['name']}, {low['expected_per_game']:.1f} {unit}** "
            f"(season {low['fpts_season']:.1f}, last 5 {low['fpts_last5']:.1f}), then "
            + ", ".join(f"{r['name']} {r['expected_per_game']:.1f}" for r in ranked[1:3]) + ".")
    if ORDER.search(fold(p.text)):
        return _whole_roster(p, ranked, out, unit, _table)
    parts = [lead]
    if out:
        parts.append("OUT, so giving nothing now (an IR question, not a cut): "
                     + ", ".join(f"{r['name']} ({r['evidence']})" for r in out) + ".")
    parts.append(_table(["Player", "Status", "Games left", "Expected a game", "FPts season", "FPts last 5"],
                        [[r["name"], r["status"], r["games_remaining"], f"{r['expected_per_game']:.1f}",
                          f"{r['fpts_season']:.1f}", f"{r['fpts_last5']:.1f}"] for r in ranked + out]))
    parts.append("Ask \"cut him for the best pickup\" for the optimizer's move with its figures.")
    return "\n\n".join(parts)


def _whole_roster(p, ranked: list[dict], out: list[dict], unit: str, table) -> str:
    """Every healthy player of mine in the order asked (worst to best unless best first is said), by the same
    expected figure; the OUT players said apart (nothing now, and no measure of what they give back)."""
    best_first = bool(BEST_FIRST.search(fold(p.text)))
    order = list(reversed(ranked)) if best_first else ranked
    low, high = ranked[0], ranked[-1]
    ends = [(low, "the weakest"), (high, "the best")][::-1 if best_first else 1]  # said in the order asked
    first, second = (f"{r['name']} {'is ' * (i == 0)}{word} ({r['expected_per_game']:.1f})" for i, (r, word) in enumerate(ends))
    lead = f"**Your roster, {'best to worst' if best_first else 'worst to best'} by {unit}: {first}, {second}.**"
    parts = [lead, table(["#", "Player", "Status", "Games left", "Expected a game", "FPts season", "FPts last 5"],
                         [[i, r["name"], r["status"], r["games_remaining"], f"{r['expected_per_game']:.1f}",
                           f"{r['fpts_season']:.1f}", f"{r['fpts_last5']:.1f}"] for i, r in enumerate(order, 1)])]
    if out:
        parts.append("Not ranked: OUT, so giving nothing now (an IR question, not a cut): "
                     + ", ".join(f"{r['name']} ({r['evidence']})" for r in out) + ".")
    parts.append(f"Ask \"cut {low['name']} for the best pickup\" for the optimizer's move with its figures.")
    return "\n\n".join(parts)
