"""One stat's average for one player (issue #36): "how many blocks a game does Sarr get", "what's Claxton
averaging in boards", "how many threes does the new guy hit a night", "Mobley's assists per game?".

The figure asked, not his schedule or a whole game log: his season average a game of that stat from
`get_player_game_log` (the box scores before the as-of date), with his last 5 and last 10 beside it so a
trend shows, and his games and minutes. Several stats in one ask ("points and boards a game") are each
said. Two players or more are a comparison (research_compare), not this.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "research_stat"
# stat word -> (the game log's key, how it is said)
STATS = {"blocks": ("blk", "blocks"), "block": ("blk", "blocks"), "blks": ("blk", "blocks"), "bpg": ("blk", "blocks"),
         "rebounds": ("reb", "rebounds"), "boards": ("reb", "rebounds"), "rebs": ("reb", "rebounds"),
         "rpg": ("reb", "rebounds"), "assists": ("ast", "assists"), "dimes": ("ast", "assists"),
         "asts": ("ast", "assists"), "apg": ("ast", "assists"), "steals": ("stl", "steals"), "stls": ("stl", "steals"),
         "spg": ("stl", "steals"), "threes": ("fg3m", "threes"), "3s": ("fg3m", "threes"), "3pm": ("fg3m", "threes"),
         "treys": ("fg3m", "threes"), "3 pointers": ("fg3m", "threes"), "three pointers": ("fg3m", "threes"),
         "points": ("pts", "points"), "pts": ("pts", "points"), "ppg": ("pts", "points"),
         "turnovers": ("tov", "turnovers"), "minutes": ("min", "minutes"), "mins": ("min", "minutes"),
         "mpg": ("min", "minutes"), "fantasy pts": ("fpts", "fantasy points"), "fantasy points": ("fpts", "fantasy points"),
         "fpts": ("fpts", "fantasy points"), "fantasy": ("fpts", "fantasy points"), "fps": ("fpts", "fantasy points")}
_WORDS = "|".join(re.escape(w) for w in sorted(STATS, key=len, reverse=True))
STAT = re.compile(rf"(?<![\w-])({_WORDS})(?![\w-])")
RATE = re.compile(r"\b(?:a|per|each|every) (?:game|night|contest|outing)\b|\bpg\b|\bppg|rpg|apg|bpg|spg|mpg\b|"
                  r"\baverag\w*\b|\bavg\b|\bon average\b|\btypically\b|\busually\b|\bnormally\b")
ASK = re.compile(r"\bhow many\b|\bhow much\b|\bwhat(?: s| is| does| do| are|s)?\b|\bgimme\b|\bgive me\b|\btell me\b|"
                 r"\bshow me\b")
# a verdict, a move, a schedule, a ranking: another act's question, with a stat only as its reason
ELSEWHERE = re.compile(r"\b(?:worth|should|pick ?up|add|drop|cut|start|sit|bench|trade|stream|hold|keep|vs\.?|versus|"
                       r"better|best|most|top|rank\w*|compare|games? left|schedule|tonight|tomorrow|last night|"
                       r"per 36|p36)\b")


# a shooting percentage asked ("what % of his shots does he make", "his FT%?", "how's he shooting from the line")
PCT_ASK = re.compile(r"%|\bpct\b|\bpercent(?:age)?\b|\bshoot\w*\b|\bfrom the (?:line|field|stripe)\b|\bat the line\b")
PCT = {"FG%": ("fg_pct", "FG%"), "FT%": ("ft_pct", "FT%")}


def asked_pcts(text: str) -> list[tuple[str, str]]:
    """The shooting percentages a message asks of a player, in FG%, FT% order ([] when it asks none)."""
    from agents.offline.category_slots import find_categories
    from agents.offline.punts import read_punts

    text = read_punts(text).rest  # "I am punting field-goal percentage": a punt, not a question about his shooting
    t = fold(text)
    asks = ASK.search(t) or text.rstrip().endswith("?") or len(t.split()) <= 6
    if not PCT_ASK.search(text.lower()) or not asks or ELSEWHERE.search(t):
        return []
    return [PCT[c] for c in ("FG%", "FT%") if c in find_categories(text)]


def asked_stats(text: str) -> list[tuple[str, str]]:
    """The stats a message asks the average of, in its order, once each ([] when it asks no rate); a
    shooting percentage asked counts as one."""
    t = fold(text)
    asks = ASK.search(t) or text.rstrip().endswith("?") or len(t.split()) <= 6  # "mobley's assists per game?"
    if not RATE.search(t) or not asks or ELSEWHERE.search(t):
        return asked_pcts(text)
    out: list[tuple[str, str]] = []
    for m in STAT.finditer(t):
        if STATS[m.group(1)] not in out:
            out.append(STATS[m.group(1)])
    return out + [x for x in asked_pcts(text) if x not in out]


def read(p, prev) -> bool:
    """Whether the message asks one player's average of a stat (in place: the act, the players and the
    stats asked)."""
    stats = asked_stats(p.text)
    if not stats or len(p.players) > 1 or p.last_n:  # "over his last three": the log of those games answers it
        return False
    players = list(p.players) or (list(prev.players)[:1] if prev is not None and len(prev.players) == 1 else [])
    if not players:
        return False
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.follow_up = players, not p.players
    p.unknown, p.greeting, p.day, p.rest_of_week = False, False, None, False
    p.stats_asked = stats
    p.frame = RequestFrame(players=list(p.players), punt=list(p.punt), last_n=p.last_n)
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return [] if done else [("get_player_game_log", {"name": p.players[0], "last_n": 10}),
                            ("get_player_game_log", {"name": p.players[0], "last_n": 5})]  # each window's own figures


def _said(avg: dict, key: str) -> str:
    if key.endswith("_pct"):
        return f"{100 * avg[key]:.1f}%"
    return f"{avg[key]:.1f}" if key in ("min", "pts") else f"{avg[key]:.2f}"


def _lead_of(season: dict, key: str, label: str) -> str:
    if key == "fg_pct":
        return f"{_said(season, key)} from the field"
    if key == "ft_pct":
        return f"{_said(season, key)} from the line"
    return f"{_said(season, key)} {label} a game"


def _trend(name: str, season: dict, last5: dict | None, stats: list[tuple[str, str]]) -> str:
    """'Over his last 5 he is at 57.5% from the field, up from 49.9% over the season.' (percentages moved by 3
    points or more)."""
    if not last5:
        return ""
    lines = []
    for key, label in stats:
        if key.endswith("_pct") and abs(last5[key] - season[key]) >= 0.03:
            word = "up from" if last5[key] > season[key] else "down from"
            where = "from the field" if key == "fg_pct" else "from the line"
            lines.append(f"Over his last 5 games {name} is at {_said(last5, key)} {where}, {word} "
                         f"{_said(season, key)} over the season.")
    return " ".join(lines)


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table

    logs = [r["data"] for r in _ok(done, "get_player_game_log") if r["data"].get("season_averages")]
    d = next((x for x in logs if x.get("last_n") == 10), logs[0] if logs else None)
    five = next((x for x in logs if x.get("last_n") == 5 and x.get("games_found") == 5), None)
    if d is None:
        return None
    games = d.get("games") or []
    season = {**d["season_averages"], "fpts": d.get("season_fantasy_avg") or 0.0}
    d = {**d, "averages": {**d["averages"], "fpts": d.get("fantasy_avg") or 0.0}}
    last5 = ({**five["averages"], "fpts": five.get("fantasy_avg") or 0.0} if five else
             _averages(games[-5:]) if len(games) >= 5 else None)
    stats = getattr(p, "stats_asked", None) or asked_stats(p.text) or [("pts", "points")]
    lead = "; ".join(_lead_of(season, k, label) for k, label in stats)
    rows = [["season", *[_said(season, k) for k, _ in stats], f"{season['min']:.1f}"]]
    if last5:
        rows.append(["last 5", *[_said(last5, k) for k, _ in stats], f"{last5['min']:.1f}"])
    rows.append([f"last {len(games)}", *[_said(d['averages'], k) for k, _ in stats], f"{d['averages']['min']:.1f}"])
    trend = _trend(d["player"], season, last5, stats)
    return "\n\n".join([x for x in (
        f"**{d['player']} ({d['team']}): {lead} this season**{_games(d)}, before {d['as_of']}.", trend,
        _table(["Window", *[label if label.endswith("%") else label.capitalize() for _, label in stats], "Min"], rows),
        "Averages from the box scores of the games he played (a game he missed counts for nothing, not zero; "
        "a percentage is his makes over his attempts in those games).") if x])


def _games(d: dict) -> str:
    n = ((d.get("per_36") or {}).get("season") or {}).get("games")
    return f" ({n} games)" if n else ""


def _averages(games: list[dict]) -> dict:
    keys = ("pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "min", "fpts")
    out = {k: sum(float(g.get(k) or 0.0) for g in games) / len(games) for k in keys}
    for key, made, att in (("fg_pct", "fgm", "fga"), ("ft_pct", "ftm", "fta")):
        tried = sum(float(g.get(att) or 0.0) for g in games)
        out[key] = sum(float(g.get(made) or 0.0) for g in games) / tried if tried else 0.0
    return out
