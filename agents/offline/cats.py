"""Answers in a categories league's own units: per-category averages (PTS, REB, AST, STL, BLK, 3PM,
FG%, FT%, TO), z-value and categories won, never fantasy points. The figures come from the tool
results; this module only picks and formats them (FG%/FT% with three decimals, counts with at most two)."""
from __future__ import annotations

import re

from agents.offline.text import NO_HOT_FREE_AGENT, _ok, _table, hot_pick

CATS = (("PTS", "pts"), ("REB", "reb"), ("AST", "ast"), ("STL", "stl"), ("BLK", "blk"), ("3PM", "fg3m"),
        ("FG%", "fg_pct"), ("FT%", "ft_pct"), ("TO", "tov"))
LOWER_IS_BETTER = {"tov"}


def fmt(key: str, value) -> str:
    if value is None:
        return "n/a"
    if key.endswith("pct"):
        return f"{value:.3f}"
    text = f"{value:.2f}".rstrip("0")  # the tool's two decimals, not rounded again (24.40 -> 24.4, 2.35 stays)
    return text + "0" if text.endswith(".") else text


def averages_text(a: dict) -> str:
    return ", ".join(f"{label} {fmt(k, a[k])}" for label, k in CATS if k in a)


def game_log(d: dict) -> list[str]:
    """A game log in categories: per-category averages over the window and the season, then the games."""
    a, s = d["averages"], d.get("season_averages") or {}
    line = ((f"Last game for {d['player']}: " if d["games_found"] == 1 else
             f"Last {d['games_found']} games for {d['player']} (per game): ") + f"{averages_text(a)}; "
            f"{fmt('min', a['min'])} min.")
    if s:
        line += f" Season: {averages_text(s)}."
    table = _table(["Date", "Opp", "Min", "PTS", "REB", "AST", "STL", "BLK", "3PM", "FG", "FT", "TO"],
                   [[x["date"], x["opp"], x["min"], x["pts"], x["reb"], x["ast"], x["stl"], x["blk"], x["fg3m"],
                     f"{x['fgm']}-{x['fga']}" if "fgm" in x else "-", f"{x['ftm']}-{x['fta']}" if "ftm" in x else "-",
                     x["tov"]] for x in d["games"]])
    return [line, table]


def better_lately(logs: list[dict]) -> str:
    """Two players' recent averages, category by category: who wins more of the nine."""
    a, b = logs[:2]
    wins = {a["player"]: [], b["player"]: []}
    for label, k in CATS:
        x, y = a["averages"].get(k), b["averages"].get(k)
        if x is None or y is None or x == y:
            continue
        a_wins = (x < y) if k in LOWER_IS_BETTER else (x > y)
        wins[a["player"] if a_wins else b["player"]].append(label)
    (p1, w1), (p2, w2) = sorted(wins.items(), key=lambda kv: -len(kv[1]))
    head = (f"**{p1} has been better lately: he wins {len(w1)} of 9 categories on recent per-game averages "
            f"({', '.join(w1) or 'none'}), {p2} {len(w2)} ({', '.join(w2) or 'none'}).**")
    if len(w1) == len(w2):
        head = (f"**{p1} and {p2} split the categories lately: {len(w1)} each ({', '.join(w1) or 'none'} vs "
                f"{', '.join(w2) or 'none'}).**")
    return head


def fa_table(fas: list[dict]) -> str:
    keys = [(label, k) for label, k in CATS if any(k in f.get("per_game", {}) for f in fas)]
    return _table(["Player", "Pos", "Team", "Games left", *[label for label, _ in keys], "z per game", "z x games"],
                  [[f["name"], f["pos"], f["team"], f["games_remaining"],
                    *[fmt(k, f["per_game"].get(k)) for _, k in keys], f"{f['value']:.2f}", f"{f['score']:.2f}"]
                   for f in fas])


def compared(done, categories: list[str] = (), per_game: bool = False, text: str = "") -> str:
    """Expected category totals over each player's remaining games; the categories asked ("who helps
    my assists more?") first, with who leads each; `per_game` ("who's the best passer?"): who leads
    each asked category per game before that."""
    d = _ok(done, "compare_players")[0]["data"]
    rows, (s, e) = d["players"], d["window"]
    when = f"from {s} to {e}" if s != e else f"on {s}"
    keys = [(label, k) for label, k in CATS if any(k in r.get("expected_stats", {}) for r in rows)]
    most = max(rows, key=lambda r: r["games"])
    asked = [_leader(label, k, rows, when) for label, k in keys if label in categories]
    if per_game:  # "who's the best passer": per game first, this week's totals after it
        asked = skill_leads(done, list(categories), text) + asked
    parts = [x for x in asked if x] + [f"**Expected category totals {when}** (per-game projection x play probability x "
                                       f"games left): " + ", ".join(f"{r['name']} {r['games']} game{'s' * (r['games'] != 1)}"
                                                                   for r in rows) + "."]
    if len(rows) > 1 and sum(r["games"] == most["games"] for r in rows) == 1:
        parts.append(f"{most['name']} has the most games left, which adds to every counting category.")
    parts.append(_table(["Player", "Status", "Games", "Dates", "Play prob.", *[label for label, _ in keys]],
                        [[r["name"], r["status"], r["games"], ", ".join(str(x)[5:] for x in r["dates"]) or "-",
                          f"{r['availability']:.0%}", *[fmt(k, r["expected_stats"].get(k)) for _, k in keys]]
                         for r in rows]))
    return "\n\n".join(parts)


NAMES = {"PTS": "points", "REB": "rebounds", "AST": "assists", "STL": "steals", "BLK": "blocks", "3PM": "threes",
         "TO": "turnovers", "FG%": "FG%", "FT%": "FT%"}


def _leader(label: str, key: str, rows: list[dict], when: str) -> str | None:
    """'Tyus Jones helps your assists more: 17.1 expected from ... against 12.3 for Mike Conley.'"""
    got = [(r, r.get("expected_stats", {}).get(key)) for r in rows]
    got = [(r, v) for r, v in got if v is not None]
    if len(got) < 2:
        return None
    low = label == "TO"
    got.sort(key=lambda rv: rv[1] if low else -rv[1])
    (a, va), (b, vb) = got[0], got[1]
    name = NAMES.get(label, label)
    if key.endswith("pct"):  # a percentage: the projected rate, with the attempts a game it comes on
        tried = "fga" if key == "fg_pct" else "fta"
        on = (lambda r: f" on {r.get('stats_per_game', {}).get(tried, 0):.1f} attempts a game")
        if fmt(key, va) == fmt(key, vb):
            return f"**On {name}, {a['name']} and {b['name']} are level: {fmt(key, va)} each projected.**"
        return (f"**{a['name']} is ahead on {name}: {fmt(key, va)} projected{on(a)} against {fmt(key, vb)}{on(b)} for "
                f"{b['name'].rstrip('.')}.**")
    if fmt(key, va) == fmt(key, vb):
        return f"**On {name}, {a['name']} and {b['name']} are level {when}: {fmt(key, va)} each expected.**"
    word = "fewer " + name if low else name
    return (f"**{a['name']} helps your {name} more {when}: {fmt(key, va)} expected against {fmt(key, vb)} for "
            f"{b['name']}**" + (f" ({word} is better)." if low else "."))


STOCKS = re.compile(r"\bstocks?\b|\bsteals (?:and|\+|&) blocks\b")  # the normalizer spells "stocks" out


def skill_leads(done, categories: list[str], text: str) -> list[str]:
    """The per-game leads of the categories asked; "stocks" (steals + blocks) as one."""
    if STOCKS.search(text.lower()) and {"STL", "BLK"} <= set(categories):
        rest = [c for c in categories if c not in ("STL", "BLK")]
        return [x for x in [stocks_leader(done), *(skill_leader(done, c) for c in rest)] if x]
    return [x for x in (skill_leader(done, c) for c in categories) if x]


def stocks_leader(done) -> str | None:
    """'Jaren Jackson Jr. gets the most stocks: 2.9 steals + blocks per game projected, against ...'."""
    rows = [r for r in _ok(done, "compare_players")[0]["data"]["players"] if "stl" in r.get("stats_per_game", {})]
    if len(rows) < 2:
        return None
    v = {r["name"]: r["stats_per_game"]["stl"] + r["stats_per_game"]["blk"] for r in rows}
    rows = sorted(rows, key=lambda r: -v[r["name"]])
    rest = " and ".join(f"{v[r['name']]:.1f} for {r['name']}" for r in rows[1:])
    return (f"**{rows[0]['name']} gets the most stocks: {v[rows[0]['name']]:.1f} steals + blocks per game projected, "
            f"against {rest}** (per game when he plays: half his season, half his last 10 games).")


def skill_leader(done, label: str) -> str | None:
    """'Mike Conley is the best of them at assists: 5.2 per game projected, against 4.1 for Bradley Beal
    and 2.9 for Bogdan Bogdanović': the players compared on the category per game when they play."""
    key = dict(CATS).get(label)
    rows = [r for r in _ok(done, "compare_players")[0]["data"]["players"] if key in r.get("stats_per_game", {})]
    if key is None or len(rows) < 2:
        return None
    low = key in LOWER_IS_BETTER
    rows = sorted(rows, key=lambda r: r["stats_per_game"][key] if low else -r["stats_per_game"][key])
    name, a = NAMES.get(label, label), rows[0]
    v = [fmt(key, r["stats_per_game"][key]) if "pct" in key else f"{r['stats_per_game'][key]:.1f}" for r in rows]
    if v[0] == v[1]:
        return f"**On {name} per game, {a['name']} and {rows[1]['name']} are level: {v[0]} each projected.**"
    best = "the best of them" if len(rows) > 2 else "better"
    rest = " and ".join(f"{x} for {r['name']}" for x, r in zip(v[1:], rows[1:]))
    return (f"**{a['name']} is {best} at {'fewest ' + name if low else name}: {v[0]} per game projected, against "
            f"{rest}** (per game when he plays: half his season, half his last 10 games).")


def hot_list(done) -> str:
    fas, a = hot_pick(done)
    if a is None:
        return NO_HOT_FREE_AGENT
    head = (f"**Hottest healthy player on the waiver wire: {a['name']} ({a['team']}), {a['min_last5']} min per game "
            f"over his last 5 vs {a['min_season']} on the season, {a['games_remaining']} games left this week.**")
    table = _table(["Player", "Team", "Status", "Min last 5 / season", "Games left"],
                   [[f["name"], f["team"], f["status"], f"{f['min_last5']} / {f['min_season']}", f["games_remaining"]]
                    for f in fas])
    return "\n\n".join([head, table, "Ranked by overall box-score production over the last 5 games against the "
                        "season; a hot streak over 5 games is a small sample. Ask \"show me X's last 5 games\" for "
                        "his category averages, or \"is X worth adding?\" to check him against your roster."])


def notes(items: list[dict]) -> list[dict]:
    """News notes without their fantasy-point figures (a categories league does not score them)."""
    out = []
    for n in items:
        text = re.sub(r" \(\d+(?:\.\d+)? fantasy pts\)", "", n["text"])
        if "fantasy p" not in text.lower():
            out.append({**n, "text": text})
    return out


def opponent(d: dict, full: bool) -> str:
    """The opponent's roster (or his best three) with season per-category averages, no fantasy points."""
    rows = d["players"]
    if not full:
        return "Their best players: " + "; ".join(
            f"{x['name']} ({x['games_remaining']} games left; {averages_text(x.get('per_game', {}))})"
            for x in rows[:3]) + "."
    keys = [(label, k) for label, k in CATS if any(k in x.get("per_game", {}) for x in rows)]
    return f"{d['team']} ({d['manager']}), season averages per game:\n" + _table(
        ["Player", "Pos", "Status", "Games left", *[label for label, _ in keys]],
        [[x["name"], x["pos"], x["status"], x["games_remaining"], *[fmt(k, x["per_game"].get(k)) for _, k in keys]]
         for x in rows])


def free_agent_table(fas: list[dict], scoring: str = "points") -> str:
    """The free agents' table in the league's own units: category values in a categories league,
    fantasy points in a points league (the writer's and the punt answer's one table)."""
    if scoring == "categories":
        return fa_table(fas)
    return _table(["Player", "Pos", "Team", "Games left", "FPts season", "FPts last 5", "Score"],
                  [[f["name"], f["pos"], f["team"], f["games_remaining"], f["fpts_season"], f["fpts_last5"], f["score"]]
                   for f in fas])
