"""The opposite ask of a pickup (issue #36): "who should I NOT pick up?", "any traps on the wire?",
"who to avoid on waivers". The free agents a manager would be tempted by (the best per game over the
season) that the data flags: out or day-to-day (inferred from missed games), no or one game left this
week, or a last five games well under his season. Each reads the `get_player_rankings` and
`get_free_agents` rows of its turn, never the data.
"""
from __future__ import annotations

import re

from agents.offline.text import _ok

AVOID = re.compile(
    r"\b(?:who|which|what|any(?:one|body)?|some(?:one|body))\b[^.?!]{0,40}?\b(?:not|never|avoid|stay away from|"
    r"steer clear of|skip|pass on|shouldn'?t|should not|don'?t|do not)\s+(?:\w+\s+){0,2}?(?:pick(?:ing)? ?(?:up)?|"
    r"add(?:ing)?|grab(?:bing)?|stream(?:ing)?|claim(?:ing)?|touch(?:ing)?|bother(?:ing)? with)\b"
    r"|\b(?:traps?|fool'?s gold|landmines?|red flags?|avoid|stay away from|steer clear of)\b")
FA_WORDS = re.compile(r"\b(?:wire|waivers?|free agents?|fas?|pick ?ups?|pick up|adds?|streamers?|available)\b")
TEMPTING = 15  # the best free agents per game over the season, the ones a manager looks at
COLD = 0.75  # a last five under 75% of his season (and 5+ box-score fantasy points under it) is a slump


SHOULD_NOT = re.compile(r"\b(?:i|we)\s+(?:shouldn'?t|should not|wouldn'?t|would not)\s+(?:\w+\s+)?"
                        r"(?:pick|add|grab|stream|claim|touch)\w*")  # "guards I shouldn't pick up?"


def avoid_question(text: str, act: str) -> bool:
    """'who should I NOT pick up?', 'any traps on the wire?', 'guards I shouldn't pick up?': a
    free-agent ask for whom to leave."""
    t = text.lower()
    asked = AVOID.search(t) or ("?" in t and SHOULD_NOT.search(t))
    return bool(asked) and (act in ("fa_scan", "fa_hot") or bool(FA_WORDS.search(t)))


def avoid_calls(p) -> list[tuple[str, dict]]:
    """The best free agents per game over the season (injured ones too) and the free-agent list (each
    one's last five games)."""
    return [("get_player_rankings", {"availability": "free_agents", "window": "season", "sort": "value",
                                     "limit": TEMPTING, **({"position": p.position} if p.position else {})}),
            ("get_free_agents", {"position": p.position, "healthy_only": False, "min_games_remaining": 0,
                                 "target_categories": None, "limit": 25})]


def reasons(f: dict, form: dict | None) -> list[str]:
    """Why a free agent is a trap this week: health, games left, his last five games."""
    out = []
    if f["status"] == "OUT":
        out.append("OUT (inferred from missed games)")
    elif f["status"] == "DTD":
        out.append("day-to-day (inferred from missed games)")
    g = f["games_left_week"]
    if g <= 1:
        out.append("no game left this week" if g == 0 else "one game left this week")
    if "short minutes" in f["flags"]:
        out.append(f"short minutes ({f['per_game']['min']:.1f} a game, a small role)")
    if form:
        season, last5 = form["fpts_season"], form["fpts_last5"]
        if last5 < COLD * season and season - last5 >= 5:
            out.append(f"his last 5 games well under his season ({last5:.1f} box-score fantasy pts a game against "
                       f"{season:.1f})")
    return out


def avoid_answer(p, done) -> str | None:
    """The tempting free agents to leave, each with why, and the best one with no flag instead."""
    ranked = [r["data"] for r in _ok(done, "get_player_rankings") if r["args"].get("window") == "season"]
    if not ranked or not _ok(done, "get_free_agents"):
        return None
    form = {x["name"]: x for x in _ok(done, "get_free_agents")[0]["data"]["free_agents"]}
    traps = [(f, reasons(f, form.get(f["name"]))) for f in ranked[0]["players"]]
    flagged = [(f, why) for f, why in traps if why][:5]
    clean = next((f for f, why in traps if not why), None)
    per = "fantasy pts" if p.scoring == "points" else "z-sum"
    value = (lambda x: f"{x['fpts']:.1f}") if p.scoring == "points" else (lambda x: f"{x['z_sum']:+.2f}")
    instead = (f"Worth adding instead: **{clean['name']}** ({clean['team']}), {value(clean)} {per} a game on the "
               f"season, {clean['games_left_week']} games left this week, healthy." if clean else "")
    if not flagged:
        return (f"**No trap among the {len(traps)} best free agents per game right now**: none is hurt, short of "
                f"games this week or well under his season lately. {instead}").strip()
    lines = [f"- **{f['name']}** ({f['team']}, {value(f)} {per} a game on the season): {'; '.join(why)}"
             for f, why in flagged]
    return "\n".join([f"**Avoid for now: {', '.join(f['name'] for f, _ in flagged)}.** Each is among the "
                      f"{len(traps)} best free agents per game this season, but:", *lines, "", instead,
                      "", "Health is inferred from missed games (no injury report here)."]).strip()
