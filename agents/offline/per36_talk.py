"""Per-36 figures (issue #36): "whats bol bol per 36?", "per 36 for jjj then", "what would Claxton do in
36 minutes?": the named player's (or the thread's players') rates per 36 minutes from the season's box
scores, through `get_player_game_log`'s `per_36` (services/league/rates.py): points and fantasy points
per 36 in a points league, the counting categories per 36 in a categories league, over the season and
his last games, beside the minutes he really plays.
"""
from __future__ import annotations

import re

from services.league.lookup import fold

ACT = "research_per36"
ASKED = re.compile(r"\bper\s*36\b|\bp36\b|\bper thirty six\b|\bper[- ]min(?:ute)?s?\b|\bminute for minute\b|"
                   r"\bby the minute\b|\bon a per[- ]minute basis\b|\bper minute played\b|\b(?:in|over|with|given|playing|for)\s+36\s*(?:min\w*|mpg|"
                   r"a night|a game)\b|\b36\s*(?:minutes|mins|min)\s+(?:a|per)\s+(?:night|game)\b|\bper 36 min\w*\b")
OTHER_BASIS = re.compile(r"\b(?:totals?|in all|cumulative|raw|per game|a game|averages?|per night)\b")
WINDOW = 10  # the recent window shown beside the season (five games of a bench player are a handful of minutes)


def asked(text: str) -> bool:
    return bool(ASKED.search(fold(text)))


def read(p, prev) -> bool:
    """Whether the message asks for per-36 figures of a player it names or the thread's last players
    (in place: the act and the players)."""
    if not asked(p.text):
        if p.act == ACT and OTHER_BASIS.search(fold(p.text)):  # "flip it: season totals" after per-36 figures
            from agents.offline.carry import take

            take(p, "research_log")
            p.last_n = p.last_n or (82 if re.search(r"\bseason\b|\byear\b|\btotals?\b", fold(p.text)) else None)
            if getattr(p, "frame", None) is not None:
                p.frame.last_n = p.last_n
        return False
    players = list(p.players) or (list(prev.players) if prev is not None else [])
    if not players:
        return False
    from agents.core.frame import RequestFrame
    from agents.offline.carry import take

    take(p, ACT)
    p.players, p.follow_up = players[:3], not p.players
    p.unknown, p.greeting, p.day, p.rest_of_week = False, False, None, False
    p.frame = RequestFrame(players=list(p.players), punt=list(p.punt), last_n=p.last_n)
    return True


def plan(p, done: dict) -> list[tuple[str, dict]]:
    n = p.last_n if p.last_n and p.last_n < 82 else WINDOW
    return [] if done else [("get_player_game_log", {"name": name, "last_n": n}) for name in p.players[:3]]


POINTS = (("fpts", "fantasy pts"), ("pts", "pts"))
CATS = (("pts", "PTS"), ("reb", "REB"), ("ast", "AST"), ("stl", "STL"), ("blk", "BLK"), ("fg3m", "3PM"), ("tov", "TO"))


def _line(d: dict, scoring: str) -> str | None:
    rates = d.get("per_36") or {}
    season, window = rates.get("season"), rates.get("window")
    if not season:
        return None
    keys = POINTS if scoring == "points" else CATS
    said = ", ".join(f"{season[k]:.1f} {label}" for k, label in keys)
    recent = (f" Over his last {window['games']} games: " + ", ".join(f"{window[k]:.1f} {label}" for k, label in keys)
              + f" per 36 ({window['mpg']:.1f} min a game).") if window and window["games"] < season["games"] else ""
    return (f"**{d['player']} per 36 minutes this season: {said}** ({season['games']} games; he really plays "
            f"{season['mpg']:.1f} min a game).{recent}")


def _leader(logs: list[dict], scoring: str) -> str | None:
    """Two or three players asked: who is ahead per 36 over the season (fantasy points in a points
    league; in categories, how many of the counting categories each leads, fewest turnovers leading)."""
    if len(logs) < 2:
        return None
    season = [(d["player"], d["per_36"]["season"]) for d in logs]
    if scoring == "points":
        ranked = sorted(season, key=lambda x: -x[1]["fpts"])
        (a, ra), (b, rb) = ranked[0], ranked[1]
        if ra["fpts"] == rb["fpts"]:
            return f"**Per 36 minutes this season {a} and {b} are level: {ra['fpts']:.1f} fantasy pts each.**"
        return (f"**Per minute, {a} has been more productive this season: {ra['fpts']:.1f} fantasy pts per 36 to "
                f"{b}'s {rb['fpts']:.1f}.**")
    led = {name: [] for name, _ in season}
    for key, label in CATS:
        best = (min if key == "tov" else max)(season, key=lambda x: x[1][key])
        if sum(r[key] == best[1][key] for _, r in season) == 1:
            led[best[0]].append(label)
    order = sorted(led, key=lambda n: -len(led[n]))
    return ("**Per 36 minutes this season: " + "; ".join(f"{n} leads {len(led[n])} of the {len(CATS)} counting categories"
                                                         + (f" ({', '.join(led[n])})" if led[n] else "") for n in order)
            + ".**")


def answer(p, done: dict) -> str | None:
    from agents.offline.text import _ok, _table

    logs = [r["data"] for r in _ok(done, "get_player_game_log") if (r["data"].get("per_36") or {}).get("season")]
    if not logs:
        return None
    lines = [x for x in (_line(d, p.scoring) for d in logs) if x]
    keys = (("fpts", "FPts"), ("pts", "Pts"), ("reb", "Reb"), ("ast", "Ast"), ("stl", "Stl"), ("blk", "Blk"),
            ("fg3m", "3PM"), ("tov", "TO"))
    if p.scoring != "points":
        keys = keys[1:]
    rows = []
    for d in logs:
        for label, r in (("season", d["per_36"]["season"]), (f"last {d['per_36']['window']['games']}", d["per_36"]["window"])):
            if r:
                rows.append([d["player"], label, r["games"], f"{r['mpg']:.1f}", *[f"{r[k]:.1f}" for k, _ in keys]])
    real = [d for d in logs if d["per_36"]["season"]["mpg"] < 24]
    caveat = ("Per 36 scales his rate to starter minutes; it does not give him them"
              + (f": at his real {real[0]['per_36']['season']['mpg']:.1f} min a game {real[0]['player']} averages "
                 f"{real[0]['season_fantasy_avg'] if p.scoring == 'points' else real[0]['season_averages'].get('pts', 0):.1f} "
                 f"{'fantasy pts' if p.scoring == 'points' else 'pts'} a game." if real else "."))
    if p.scoring != "points":  # the percentages are rates already
        caveat += " FG% and FT% do not scale with minutes."
    lead = _leader(logs, p.scoring)
    return "\n\n".join([*([lead] if lead else []), " ".join(lines), _table(["Player", "Window", "Games", "Min/g", *[f"{h}/36" for _, h in keys]], rows),
                        caveat + " Each figure is the window's total x 36 / his minutes in it (box scores before the "
                                 "league's date)."])
