"""A player's fantasy points over the rest of the week (issue #36): "so times his games left this wk, thats what,
like 90?", "braun's fantasy haul over this week", "what's his total this week", then "same math
for pritchard".

From `compare_players` of him over the week's days left and his game log: his games left times his season
fantasy points a game (the sum the manager would do by hand), then the product's projection, which weighs his
recent form and the chance he plays each game. A figure the manager guessed ("like 90?") is answered against that sum.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "research_weektotal"
ASKED = re.compile(r"\b(?:times|x|multiplied by|multiply (?:it |that )?by)\s+(?:his|their|her|the|how many)?\s*(?:\d+\s+)?"
                   r"(?:games?|gms)\b|"
                   r"\bhow many (?:fantasy )?(?:pts|fpts|fps|points)\b[^.?!]{0,40}\b(?:this|the|rest of (?:the|this)) "
                   r"(?:week|wk)\b|"
                   r"\b(?:his|their|her|a|the) (?:fantasy )?(?:total|points total|haul)\b[^.?!]{0,30}\b(?:this|the|rest of "
                   r"(?:the|this)) (?:week|wk)\b|\bthis (?:week|wk)\b[^.?!]{0,20}\b(?:total|in all|combined)\b")
SAME_MATH = re.compile(r"\bsame (?:math|calc\w*|sum|thing|q|question|deal|numbers?)\b|\bdo (?:the same|that) for\b|"
                       r"^(?:and|what about|how about|now)\b")
GUESS = re.compile(r"\b(?:like|about|around|roughly|approx\w*|maybe|~)\s*(\d{2,3}(?:\.\d)?)\b|(\d{2,3}(?:\.\d)?)\s*\?\s*$")


def read(p, prev) -> bool:
    """Whether the message asks a player's fantasy points over the week's games left (in place: the act and
    the player)."""
    from agents.offline.carry import named_here, take

    t = fold(p.text)
    own = named_here(p)
    again = prev is not None and prev.act == ACT and len(own) == 1 and SAME_MATH.search(t) and len(t.split()) <= 8
    if not (ASKED.search(t) or again) or len(own) > 1:
        return False
    players = own or (list(prev.players)[:1] if prev is not None and len(prev.players) == 1 else [])
    if len(players) != 1:
        return False
    from agents.core.frame import RequestFrame

    take(p, ACT)
    p.players, p.follow_up, p.unknown, p.greeting = players, not own, False, False
    p.frame = RequestFrame(players=list(players), punt=list(p.punt), horizon="this_week")
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return [] if done else [("compare_players", {"names": list(p.players)}),
                            ("get_player_game_log", {"name": p.players[0], "last_n": 5})]


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok

    d = next((r["data"] for r in _ok(done, "compare_players") if r["data"].get("players")), None)
    if d is None:
        return None
    log = next((r["data"] for r in _ok(done, "get_player_game_log")), None)
    x, (start, end) = d["players"][0], d["window"]
    unit = "fantasy points"
    games = x["games"]
    per = float(log["season_fantasy_avg"]) if log else float(x["per_game"])
    if not games:
        return f"**{x['name']} has no game left this week ({start} to {end}): 0 {unit}.**"
    by_hand = games * per
    dates = ", ".join(s[5:] for s in x["dates"])
    lead = (f"**{x['name']}: {games} game{'s' * (games != 1)} left this week ({dates}) x {per:.2f} {unit} a game "
            f"= {by_hand:.1f}.**")
    guess = GUESS.search(p.text)
    said = ""
    if guess:
        g = float(guess.group(1) or guess.group(2))
        gap = by_hand - g
        verdict = "about right" if abs(gap) <= 0.1 * by_hand else ("high" if gap < 0 else "low")
        said = (f" Your {g:g} is {verdict}: the sum is {abs(gap):.1f} {'lower' if gap < 0 else 'higher'}."
                if abs(gap) > 0.05 else f" Your {g:g} is right.")
    return "\n\n".join([
        lead + said,
        f"The projection, from his recent form ({float(x['per_game']):.2f} a game) and the chance he plays each game "
        f"({x['availability']:.0%}, {x['status']}), is {x['expected_total']:.1f} from {start} to {end}.",
        ("His season average a game played, from the box scores before this morning." if log else
         "His projected fantasy points a game.")])
