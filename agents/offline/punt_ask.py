"""A question about a punt, not a punt stated (issue #36): "should I punt FT%?", "a guy in my league says I
should punt free throws because of claxton and mobley", "is punting TO worth it for my team?". Answered from
the roster's rank in that category among the league's teams over the rest of the season (`get_team_strength`'s
`category_ranks`, the profile the trade verdicts use) and, for the players the message names, their season
figure in it (`get_player_game_log`). Asking sets nothing: the punt becomes the thread's only when the manager
agrees to it ("ok let's do that", "yes punt it"), read by `agreed` on the next message.
"""
from __future__ import annotations

import re

from agents.offline.text import _ok
from services.league.lookup import fold

ACT = "general_punt_ask"
ASK = re.compile(r"\b(?:should|shall|do|would|could|can|is it|worth|good idea|make sense|makes sense|thinking (?:about|of)|"
                 r"considering|recommend\w*|suggest\w*|says?|said|told|tells?|telling|think|thoughts on|opinion)\b"
                 r"[^.?!]{0,40}\bpunt\w*|"
                 r"\bpunt\w*\b[^.?!]{0,40}\b(?:worth it|a good idea|good idea|make sense|makes sense|right for|smart|"
                 r"good move|viable|work for|fit)\b|^\s*punt\w* \S+(?: \S+)?\s*\?")
# (the season figure shown per category: the key in the game log's season averages, and how it is said)
FIGURE = {"FT%": ("ft_pct", "fta", "free throws"), "FG%": ("fg_pct", "fga", "field goals"), "TO": ("tov", None, "turnovers"),
          "3PM": ("fg3m", None, "threes"), "PTS": ("pts", None, "points"), "REB": ("reb", None, "rebounds"),
          "AST": ("ast", None, "assists"), "STL": ("stl", None, "steals"), "BLK": ("blk", None, "blocks")}
AGREE = re.compile(r"^\W*(?:ok(?:ay)?|k|yes|yeah|yea|yep|yup|sure|fine|alright|deal|bet|cool|sounds good|let'?s do (?:it|that|this)|"
                   r"lets do (?:it|that|this)|do it|do that|go (?:for it|ahead)|i'?m in|im in|i'?ll do (?:it|that)|"
                   r"punt (?:it|them|that)|you'?re right|makes sense)\b")
AGREE_ALL = re.compile(r"\b(?:let'?s do (?:it|that|this)|lets do (?:it|that|this)|do it|do that|go for it|go ahead|"
                       r"i'?m in|im in|punt (?:it|them|that)|sounds good|sold|convinced|you'?re right)\b")
NOT_AGREE = re.compile(r"\b(?:no|nah|nope|not|don'?t|dont|never|rather not|hold off|skip)\b")


DECLINE = re.compile(r"^\W*(?:no|nah|nope|naw|pass|hard pass|no thanks|not (?:doing|gonna|going to)|i(?:'?ll| will) pass|"
                     r"i(?:'?d| would) rather not|rather not|let'?s not|lets not|nevermind|never mind|skip (?:it|that))\b")


def read(p, prev) -> bool:
    """Whether the message asks whether to punt a category (in place: the act, the punt asked, no punt set),
    or turns down the punt just asked about ("nah, not doing that": nothing punted, said)."""
    t = fold(p.text)
    asked = getattr(prev, "punt_asked", None) if prev is not None and prev.act == ACT else None
    if asked and DECLINE.search(t) and len(t.split()) <= 8 and not p.players and not p.punt:
        from agents.core.frame import RequestFrame
        from agents.core.intents import Intent

        p.punt_asked, p.punt_declined = list(asked), True
        p.act, p.intent, p.choices, p.unknown, p.greeting, p.follow_up = ACT, Intent.GENERAL_ADVICE, [], False, False, False
        p.wants_moves, p.hold_or_stream, p.move = False, False, None
        p.frame = RequestFrame()
        return True
    if not p.punt or p.move or not ASK.search(t) or p.act.startswith("trade") or \
            re.search(r"\b(?:trade|trades|deal|pick ?ups?|free agents?|waivers?|adds?|who should|who to|lineup)\b", t):
        return False
    from agents.core.frame import RequestFrame
    from agents.core.intents import Intent

    p.punt_asked, p.punt = list(p.punt), []  # asked, not agreed: nothing is punted yet
    p.act, p.intent, p.choices, p.unknown, p.greeting, p.follow_up = ACT, Intent.GENERAL_ADVICE, [], False, False, False
    p.wants_moves, p.hold_or_stream = False, False
    p.frame = RequestFrame(players=list(p.players)[:3])
    return True


def agreed(p, prev) -> bool:
    """'ok let's do that' after a punt question: the asked punt becomes the thread's (in place, `p.punt`)."""
    asked = getattr(prev, "punt_asked", None) if prev is not None and prev.act == ACT else None
    t = fold(p.text)
    if not asked or NOT_AGREE.search(t.split(".")[0]) or not (AGREE.search(t) or AGREE_ALL.search(t)):
        return False
    p.punt = list(dict.fromkeys([*p.punt, *asked]))
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    if p.scoring != "categories" or done or getattr(p, "punt_declined", False):
        return []
    return [("get_team_strength", {}), *[("get_player_game_log", {"name": n, "last_n": 82}) for n in p.players[:3]]]


def answer(p, done: dict) -> str | None:
    cats = getattr(p, "punt_asked", []) or []
    if getattr(p, "punt_declined", False):
        return (f"**OK, no punt: {', '.join(cats)} still counts** with the other categories in the rankings, free "
                "agents, move cards and trade values of this conversation.")
    if p.scoring != "categories":
        return ("**This league scores fantasy points, so there is no category to punt:** every stat counts through "
                "its points value, so giving up on one only loses points. Punting is a head-to-head categories idea.")
    parts = []
    for r in _ok(done, "get_team_strength"):
        teams = r["data"]["teams"]
        me = next(t for t in teams if t["mine"])
        ranks, n = me.get("category_ranks") or {}, len(teams)
        for c in cats:
            if c not in ranks:
                continue
            k = ranks[c]
            if k > n - 3:
                verdict = (f"**Punting {c} fits your roster: you rank #{k} of {n} in {c} over the rest of the season**, "
                           "so it is a category you mostly lose already; giving it up lets the rankings and moves chase "
                           "the other eight.")
            elif k <= 3:
                verdict = (f"**I would not punt {c}: you rank #{k} of {n} in it over the rest of the season**, one of "
                           "your strengths; punting it throws away a category you usually win.")
            else:
                verdict = (f"**Punting {c} could work but costs you: you rank #{k} of {n} in it over the rest of the "
                           "season**, a middling category you win some weeks.")
            parts.append(verdict)
        weak = [c for c in sorted(ranks, key=lambda c: -ranks[c]) if c not in cats][:2]
        if weak:
            parts.append("Your weakest other categories: " + ", ".join(f"{c} (#{ranks[c]} of {n})" for c in weak) + ".")
    lines = []
    for r in _ok(done, "get_player_game_log"):
        d = r["data"]
        season = d.get("season_averages") or {}
        for c in cats:
            key, volume, said = FIGURE.get(c, (None, None, None))
            if key is None or key not in season:
                continue
            if key.endswith("pct"):
                games = [g for g in d.get("games") or [] if g.get(volume) is not None]
                tries = sum(g[volume] for g in games) / len(games) if games else 0.0
                lines.append(f"{d['player']} shoots {season[key]:.1%} on {tries:.1f} {said} attempted a game this "
                             "season" + (" (a drag on the ratio)" if season[key] < 0.72 and tries >= 1.5 else ""))
            else:
                lines.append(f"{d['player']} averages {season[key]:.1f} {said} a game this season")
    if lines:
        parts.append("; ".join(lines) + ".")
    if not parts:
        return None
    asked = ", ".join(cats)
    parts.append(f"Nothing is punted yet. Say \"ok, let's do that\" (or \"punt {asked}\") and I'll leave {asked} out of "
                 "the rankings, free agents, move cards and trade values for the rest of this conversation.")
    return "\n\n".join(parts)
