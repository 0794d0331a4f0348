"""`get_player_rankings`: the rankings table (services.league.rankings) as a tool. Demo league only."""
from __future__ import annotations

from langchain_core.tools import BaseTool, StructuredTool

from agents.tools.results import dump
from agents.tools.schemas import RankingsArgs
from services.league import rankings as rk
from services.league.source import LeagueSource


def ranking_rows(out: rk.Rankings, players: list[rk.RankedPlayer]) -> list[dict]:
    return [{"rank": p.rank, "name": p.player.name, "team": p.player.team, "pos": p.player.pos, "status": p.status,
             "owner": p.owner, "games": p.games, "fpts": p.fpts, "fpts_total": p.fpts_total, "z_sum": p.z_sum,
             "z": p.z, "per_game": p.per_game, "totals": p.totals if out.per == "total" else None,
             "proj_fpts": p.proj_fpts, "proj_value": p.proj_value, "games_left_week": p.games_left_week,
             "games_left_season": p.games_left_season, "ros_value": p.ros_value} for p in players]


def build_ranking_tools(source: LeagueSource) -> list[BaseTool]:
    def get_player_rankings(window="season", sort="value", per="game", punt=None, availability="all",
                            position=None, team=None, player=None, limit=10) -> str:
        out = rk.rankings(source.history(), window, punt or (), availability, position, team, sort, per)
        rows = out.players[:limit]
        if player:
            pid = source.resolve_id(player)
            rows = [p for p in out.players if p.player.player_id == pid]
            if not rows:
                name = source.player_name(pid)
                return dump({"window": out.window, "player": name, "ranked": False, "players": [],
                             "reason": f"{name} has no game in this window or is outside the filters."})
        return dump({"as_of": out.as_of, "window": out.window, "window_start": out.window_start, "scoring": out.scoring,
                     "sort": out.sort, "per": out.per, "punt": out.punt, "counted": out.counted,
                     "filters": {"availability": availability, "position": position, "team": team},
                     "of": out.total, "ros_unit": out.ros_unit, "players": ranking_rows(out, rows)},
                    cap=max(6000, 900 * len(rows)))  # every row asked for ("top 15" shows 15)

    return [StructuredTool.from_function(
        get_player_rankings, name="get_player_rankings", args_schema=RankingsArgs,
        description="Every player ranked over a window (season or the last 7, 14, 30 days): per game or totals, "
                    "fantasy points, per-category z-scores and their sum (punted categories dropped), games left "
                    "this week and rest of season, status and owner (free agent or team). Use for 'top 10 free "
                    "agents by steals over the last 14 days' or 'where does Herro rank this month'.")]
