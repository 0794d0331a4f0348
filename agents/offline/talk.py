"""The offline planner's replies that need no tool: a clarifying question, "I didn't follow that",
what the assistant can do, the glossary ("what does DTD mean"), and "why that move?" from the thread."""
from __future__ import annotations

import re

from agents.offline.followups import clarify_question, didnt_follow
from agents.core.glossary import glossary

CAPABILITIES = ("I can research a player (recent games, injuries, games left), scan free agents, review your "
                "matchup, set your daily lineup, find roster moves you approve as cards, quote NBA lines and take bets "
                "at the market desk, and look for edges on tonight's games. Try:\n"
                "- How is my matchup looking this week?\n- Who are the best free agents to pick up?\n"
                "- Find the best roster moves for this week")


def why_previous(previous_answer: str | None) -> str:
    """'why that move?': the reasons the previous answer gave, quoted, never invented."""
    if not previous_answer:
        return "I haven't suggested a move in this conversation yet. Ask me to find roster moves for this week first."
    lines = [ln.strip() for ln in previous_answer.splitlines() if ln.strip() and not ln.startswith("_Offline")]
    reasons = [ln for ln in lines if re.search(r"\b(because|expected|gain|games?|availability|per game|scores?|"
                                               r"better|worth|value)\b", ln, re.I)][:6]
    return "Here is why, from my last answer:\n\n" + "\n".join(reasons or lines[:6])


def reply(p) -> str | None:
    """The reply for a message that needs no tool, or None when the tips/roster writer should answer."""
    if p.unknown:
        return didnt_follow()
    if p.act == "clarify":
        return clarify_question(p)
    if p.act == "general_capabilities":
        return CAPABILITIES
    if p.act == "general_why":
        return why_previous(p.previous_answer)
    if p.act == "general_explain":  # the words asked as typed ("stocks", before the normalizer spelled it out) first
        entries = list(dict.fromkeys([*glossary(" ".join(getattr(p, "gloss", None) or [])), *glossary(p.text)]))
        return "\n\n".join(entries) if entries else None
    return None


STAT_KEYS = {"PTS": ("pts", "points"), "REB": ("reb", "rebounds"), "AST": ("ast", "assists"), "STL": ("stl", "steals"),
             "BLK": ("blk", "blocks"), "3PM": ("fg3m", "threes made"), "TO": ("tov", "turnovers"),
             "FG%": ("fg_pct", "FG%"), "FT%": ("ft_pct", "FT%"), "MIN": ("min", "minutes")}


def stat_lead(p, logs: list[dict]) -> str | None:
    """'How many threes is Curry hitting over his last 10?': that stat's average first, in bold; 'last
    night' when he did not play the day before says so, with the date of his last game."""
    lines_before = _not_last_night(p, logs)
    cats = list(p.categories) + (["MIN"] if re.search(r"\bminutes?\b|\bmins\b", p.text.lower()) else [])
    if not cats and re.search(r"\bhow many points\b|\bpoints did\b|\bdid \w+(?: \w+)? score\b", p.text.lower()):
        cats = ["PTS"]  # "how many points did SGA score?": the box score's points, not fantasy points
    lines, firsts = [], []
    for d in logs:
        bits = []
        for cat in cats[:3]:
            key, label = STAT_KEYS.get(cat, (None, None))
            got = d.get("averages", {}).get(key) if key else None
            if got is None and key:  # a stat outside the nine categories' keys: from the game lines
                vals = [g.get(key) for g in d.get("games", []) if g.get(key) is not None]
                got = round(sum(vals) / len(vals), 1) if vals else None
            if got is None:
                continue
            season = d.get("season_averages", {}).get(key)
            shown = f"{got:.3f}" if key.endswith("pct") else f"{got:g}"
            if cat == cats[0]:
                firsts.append((d["player"], got, shown, d["games_found"]))
            bits.append(f"{shown} {label} per game" + (f" (season {season:.3f})" if season is not None and key.endswith("pct")
                                                       else f" (season {season:g})" if season is not None else ""))
        if bits and d["games_found"] == 1 and d.get("games"):  # "last night": that game, with its date
            g = d["games"][-1]
            lines.append(f"**{d['player']} in his last game ({g['date']} vs {g['opp']}): "
                         + "; ".join(b.replace(" per game", "").split(" (season")[0] for b in bits) + ".**")
        elif bits:
            lines.append(f"**{d['player']} over his last {d['games_found']} games: {'; '.join(bits)}.**")
    if len(firsts) == 2 and firsts[0][1] != firsts[1][1] and cats[0] != "MIN":  # two compared: who is better at it
        (a, x, xs, n), (b, y, ys, m) = sorted(firsts, key=lambda f: f[1], reverse=cats[0] != "TO")
        label = STAT_KEYS[cats[0]][1]
        per = "" if cats[0].endswith("%") else " per game"
        better = "fewer, so better" if cats[0] == "TO" else "better"
        lines.insert(0, f"**For {label}, {a} is {better}: {xs}{per} over his last {n} against {b}'s {ys}"
                        + (f" over {m}" if m != n else "") + ".**")
    return "\n".join(lines_before + lines) or None


def _not_last_night(p, logs: list[dict]) -> list[str]:
    """'Did he score last night?' when his last game was not the day before the league's date."""
    import datetime as dt

    if not p.as_of or not re.search(r"\b(?:last night|yesterday)\b", p.text.lower()):
        return []
    night = (p.as_of - dt.timedelta(days=1)).isoformat()
    return [f"**{d['player']} did not play last night ({night}): his last game was {d['games'][-1]['date']}.**"
            for d in logs if d.get("games") and str(d["games"][-1]["date"]) != night]


def return_line(d: dict) -> str | None:
    """An absent player's return in words, from get_player_status' return model: the chance he has
    played by each of his team's next games, and when that passes one half."""
    import datetime as dt

    chances = d.get("return_by_game") or []
    if not chances:
        return None
    bits = ", ".join(f"{dt.date.fromisoformat(str(c['date'])):%a %b} {dt.date.fromisoformat(str(c['date'])).day} "
                     f"{c['chance_played_by']:.0%}" for c in chances)
    last = dt.date.fromisoformat(str(chances[-1]["date"]))
    when = (f"more likely than not back within {d['back_in_days']} days" if d.get("back_in_days") is not None else
            f"less than even odds he is back by {last:%b} {last.day}")
    return (f"Return model for {d['player']} (his team's next games; the chance he has played by each): {bits}: "
            f"{when}. From missed-game streaks in the box scores and his own history; no injury reports.")


def season_compare(ranked: list[dict], categories: list[str] = ()) -> str:
    """Two or more players' rest-of-season value from get_player_rankings (value per game x his
    availability x his team's games left), best first; with categories asked ("blocks?" after the
    comparison), who leads in each, per game over the window, first."""
    rows = [(d["players"][0], d.get("ros_unit", "")) for d in ranked if d.get("players")]
    if len(rows) < 2:
        return "**" + "; ".join(d.get("error") or "not ranked" for d in ranked if not d.get("players")) + "**"
    rows.sort(key=lambda r: -r[0]["ros_value"])
    leads = [line for cat in categories[:3] if (line := _category_lead(cat, [r for r, _ in rows], ranked[0]))]
    body = _season_body(rows)
    return "\n\n".join([" ".join(leads), body]) if leads else body


def _category_lead(cat: str, rows: list[dict], data: dict) -> str | None:
    """'Jaren Jackson Jr. is better on blocks: 1.6 per game against 0.9 for Evan Mobley (season).'"""
    key, label = STAT_KEYS.get(cat, (None, None))
    if not key or any(key not in r.get("per_game", {}) for r in rows):
        return None
    low = cat == "TO"  # fewer turnovers is better
    a, b = sorted(rows[:2], key=lambda r: r["per_game"][key] * (1 if low else -1))
    fmt = (lambda v: f"{v:.3f}") if key.endswith("pct") else (lambda v: f"{v:.1f}")
    window = data.get("window") or "season"
    span = "this season" if window == "season" else f"over the last {window} days"
    if fmt(a["per_game"][key]) == fmt(b["per_game"][key]):
        return f"**On {label}, {a['name']} and {b['name']} are level: {fmt(a['per_game'][key])} per game {span}.**"
    word = "fewer" if low else "more"
    return (f"**{a['name']} is better on {label}: {fmt(a['per_game'][key])} per game {span} against "
            f"{fmt(b['per_game'][key])} for {b['name']}** ({word} is better).")


def _season_body(rows) -> str:
    (a, unit), (b, _) = rows[0], rows[1]
    head = (f"**Over the rest of the season, {a['name']}: {a['ros_value']:.1f} {unit} expected over "
            f"{a['games_left_season']} games left, against {b['name']}'s {b['ros_value']:.1f} over "
            f"{b['games_left_season']}.**")
    table = "\n".join(["| Player | Status | Season rank | Games left (season) | Rest of season | Per game |",
                       "|---|---|---|---|---|---|"] +
                      [f"| {r['name']} | {r['status']} | #{r['rank']} | {r['games_left_season']} | {r['ros_value']:.1f} | "
                       f"{r['proj_value']:.1f} |" for r, _ in rows])
    return "\n\n".join([head, table, "Rest-of-season value: per-game value x his chance to play (his own missed-"
                                       "game history) x his team's games left; not recent form."])