"""A roster question ("who's on my team?", "show me my guys"), issue #36: the roster itself, from
`get_my_roster`: who is on it, who may not play (status and the box scores' evidence), who sits in the
IR slot, each player's games left this week and his numbers in the league's own units. Not general
tips: a manager who asks for his roster asked for nothing else.
"""
from __future__ import annotations

from agents.offline.text import _ok, _table

CATEGORY_COLUMNS = (("pts", "PTS"), ("reb", "REB"), ("ast", "AST"), ("stl", "STL"), ("blk", "BLK"),
                    ("fg3m", "3PM"), ("tov", "TO"), ("fg_pct", "FG%"), ("ft_pct", "FT%"))


def _num(v, digits: int = 1) -> str:
    return "" if v is None else f"{v:.{digits}f}"


def _row(x: dict, scoring: str) -> list:
    head = [x["name"], x.get("pos") or "", x.get("team") or "", x["status"], x.get("games_remaining", "")]
    if scoring == "categories":
        pg = x.get("per_game") or {}
        return head + [_num(pg.get(k), 3 if k.endswith("pct") else 2) for k, _ in CATEGORY_COLUMNS]  # as the tool gives
    return head + [_num(x.get("fpts_season")), _num(x.get("fpts_last5"))]


def roster_answer(scoring: str, done) -> str | None:
    for r in _ok(done, "get_my_roster"):
        d = r["data"]
        players = d.get("players") or []
        on_ir = d.get("on_ir") or []
        doubtful = [f"{x['name']} ({x['status']})" for x in players if x["status"] != "ACTIVE"]
        games = sum(x.get("games_remaining") or 0 for x in players)
        healthy = sum(x.get("games_remaining") or 0 for x in players if x["status"] != "OUT")
        team = f" ({d['team']})" if d.get("team") else ""
        head = (f"**Your roster{team}: {len(players)} players on the active roster"
                + (f", plus {', '.join(on_ir)} on IR" if on_ir else ", nobody on IR") + ".**")
        status = (f" May not play: {', '.join(doubtful)}." if doubtful else " Everyone on the active roster is healthy.")
        week = (f" Games left this week: {healthy} for the players not OUT ({games} counting them)." if healthy != games
                else f" Games left this week: {games} between them.")
        cols = ["Player", "Pos", "Team", "Status", "Games left"]
        cols += [c for _, c in CATEGORY_COLUMNS] if scoring == "categories" else ["FPts avg", "FPts last 5"]
        unit = ("Season per-game averages." if scoring == "categories" else
                "Fantasy points per game: season and last 5 games.")
        return "\n\n".join([head + status + week, _table(cols, [_row(x, scoring) for x in players]), unit])
    return None
