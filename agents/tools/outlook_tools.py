"""Tools over player outlooks: expected totals over the remaining games, and hot free agents.

`compare_players` answers "compare A and B for the rest of the week" with expected totals over
each player's remaining games (not recent averages); `get_hot_free_agents` ranks free agents by
recent form against their season. Demo league only (an ESPN league has no box-score history here).
"""
from __future__ import annotations

import datetime as dt

from langchain_core.tools import BaseTool, StructuredTool

from agents.tools.results import dump
from agents.tools.schemas import CompareArgs, HotArgs
from services.league import outlook
from services.models import ServiceError
from services.league.source import LeagueSource


def _league(source: LeagueSource):
    return source.history()  # ServiceError for a source without box-score history


def _date(text: str | None, field: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text) if text else None
    except ValueError:
        raise ServiceError(f"{field} must be a date YYYY-MM-DD, not {text!r}.") from None


def build_outlook_tools(source: LeagueSource) -> list[BaseTool]:
    def compare_players(names: list[str], start: str | None = None, end: str | None = None) -> str:
        lg = _league(source)
        if not names:
            raise ServiceError("Name at least one player to compare.")
        ids = list(dict.fromkeys(source.resolve_id(n) for n in names))
        rows = outlook.rest_of_window(lg, ids, _date(start, "start"), _date(end, "end"))
        s, e = _date(start, "start") or lg.as_of, _date(end, "end") or lg.week[2]
        return dump({"window": [s, e], "unit": "fantasy points", "players": [
            {"name": o.player.name, "team": o.player.team, "status": o.status, "availability": o.availability,
             "games": len(o.dates), "dates": o.dates, "per_game": o.per_game, "expected_per_game": o.expected_per_game,
             "expected_total": o.expected_total, "expected_stats": o.expected_stats,
             "stats_per_game": o.stats_per_game} for o in rows]})

    def get_hot_free_agents(limit: int = 8, position: str | None = None) -> str:
        rows = outlook.hot_free_agents(_league(source), limit, position)
        return dump({"ranked_by": "last-5 fantasy pts per game minus season average", "free_agents": [
            {"name": h.player.name, "team": h.player.team, "status": h.status, "fpts_last5": h.recent_fantasy_avg,
             "fpts_season": h.season_fantasy_avg, "form_delta": h.form_delta, "min_last5": h.recent_minutes,
             "min_season": h.season_minutes, "games_remaining": h.games_remaining, "games_played": h.games_played}
            for h in rows]})

    return [
        StructuredTool.from_function(compare_players, name="compare_players", args_schema=CompareArgs,
                                     description="Compare players over their remaining games in a window (default: the "
                                                 "rest of this matchup week): games left, expected fantasy pts per game, "
                                                 "play probability and expected total. Use for 'A or B for the rest of the week'."),
        StructuredTool.from_function(get_hot_free_agents, name="get_hot_free_agents", args_schema=HotArgs,
                                     description="Free agents who are hot: ranked by last-5 fantasy pts per game minus "
                                                 "their season average, with minutes and games left this week."),
    ]
