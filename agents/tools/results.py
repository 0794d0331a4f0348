"""Compact, capped JSON for tool results: what the model reads, not the full pydantic dump."""
from __future__ import annotations

import json
from typing import Any

from services.models import FreeAgent, GameLog, MatchupDetails, NewsNote, Roster, ScheduleReport, StatusReport

MAX_CHARS = 6000
SEASON_GAMES = 82  # a game log this long holds his whole season before the as-of date
POSITIONS = ("PG", "SG", "SF", "PF", "C")
CAT_KEYS = ("pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "min", "fg_pct", "ft_pct")


def dump(obj: Any, cap: int = MAX_CHARS) -> str:
    """JSON text no longer than `cap`; lists are shortened (and say so) rather than cut mid-way."""
    text = json.dumps(obj, default=str, separators=(",", ":"), ensure_ascii=False)
    if len(text) <= cap:
        return text
    if isinstance(obj, dict):
        for key, val in obj.items():
            if isinstance(val, list) and len(val) > 1:
                return dump({**obj, key: val[: max(1, len(val) // 2)], "truncated": True}, cap)
    return json.dumps({"truncated": True, "text": text[: cap - 40]}, ensure_ascii=False)


def status(s: StatusReport) -> dict:
    out = {"player": s.player.name, "team": s.player.team, "status": s.status, "inferred": s.inferred,
           "evidence": s.evidence, "last_played": s.last_played, "as_of": s.as_of,
           "positions": [p for p in s.player.eligible if p in POSITIONS] or [s.player.pos],
           "eligible_slots": list(s.player.eligible)}
    if s.return_by_game:  # the return model's chance he has played by each of his team's next games
        out["return_by_game"] = [{"date": d, "chance_played_by": p} for d, p in s.return_by_game[:7]]
        out["back_in_days"] = s.back_in_days
    return out


def game_log(g: GameLog) -> dict:
    a = g.averages
    return {"player": g.player.name, "team": g.player.team, "as_of": g.as_of, "games_found": len(g.games),
            "last_n": g.last_n,
            "games": [{"date": x.date, "opp": x.opp, "min": round(x.min, 1), "pts": x.pts, "reb": x.reb,
                       "ast": x.ast, "stl": x.stl, "blk": x.blk, "tov": x.tov, "fg3m": x.fg3m,
                       "fgm": x.fgm, "fga": x.fga, "ftm": x.ftm, "fta": x.fta,
                       "fpts": x.fantasy_pts} for x in g.games],
            "averages": {k: a[k] for k in CAT_KEYS},
            "season_averages": {k: g.season_averages[k] for k in CAT_KEYS if k in g.season_averages},
            "scoring": g.scoring, "fantasy_avg": g.fantasy_avg, "season_fantasy_avg": g.season_fantasy_avg}


def per_36(window: list, season: list) -> dict:
    """His rates per 36 minutes over the log's games and over his season (services/league/rates.py)."""
    from services.league.rates import per_36 as rates

    w, s = rates(window), rates(season)
    return {"window": w.model_dump() if w else None, "season": s.model_dump() if s else None}


def minutes_trends(logs: list, last_n: int) -> dict:
    """Each roster player's last-`last_n` minutes per game against his season's, biggest rise first."""
    from services.league.rates import by_change, minutes_trend

    found = [minutes_trend(e.player.name, g.games, last_n, e.player.team, e.status) for e, g in logs]
    return {"last_n": last_n, "players": [t.model_dump() for t in by_change([t for t in found if t])]}


def _per_game(avg: dict[str, float]) -> dict[str, float]:
    """Season per-game figures of the nine categories (FG%/FT% as ratios, three decimals)."""
    return {k: round(avg[k], 3 if k.endswith("pct") else 2)
            for k in ("pts", "reb", "ast", "stl", "blk", "fg3m", "tov", "fg_pct", "ft_pct") if k in avg}


def roster(r: Roster) -> dict:
    return {"team": r.team_name, "manager": r.manager, "as_of": r.as_of,
            "players": [{"name": e.player.name, "pos": "/".join(p for p in e.player.eligible if p not in ("G", "F", "UTIL")),
                         "team": e.player.team, "status": e.status, "evidence": e.status_evidence,
                         "games_remaining": e.games_remaining, "fpts_last5": e.recent_fantasy_avg,
                         "fpts_season": e.fantasy_avg, "expected_per_game": e.expected_per_game,
                         "per_game": _per_game(e.season_avg)}
                        for e in r.entries]}


def free_agents(fas: list[FreeAgent]) -> dict:
    return {"free_agents": [{"name": f.player.name, "pos": "/".join(p for p in f.player.eligible if p not in ("G", "F", "UTIL")),
                             "team": f.player.team, "status": f.status, "games_remaining": f.games_remaining,
                             "fpts_season": f.fantasy_avg, "fpts_last5": f.recent_fantasy_avg,
                             "value": f.value, "score": f.score,
                             "per_game": _per_game(f.season_avg)}
                            for f in fas]}


def schedule(s: ScheduleReport) -> dict:
    return {"window": [s.start, s.end], "week": [s.week_start, s.week_end], "days_remaining": s.days_remaining,
            "total_games": s.total_games,
            "players": [{"name": p.player.name, "games": len(p.dates), "dates": p.dates} for p in s.players]}


def matchup(m: MatchupDetails) -> dict:
    out = m.model_dump(exclude={"categories", "expected_categories_won"} if m.scoring == "points" else
                       {"my_points", "opponent_points", "my_projected_rest", "opponent_projected_rest"})
    return out


def news(notes: list[NewsNote]) -> dict:
    return {"source": "generated from box scores (no news text in the data)",
            "notes": [{"date": n.date, "player": n.player.name, "topic": n.topic, "text": n.text} for n in notes]}
