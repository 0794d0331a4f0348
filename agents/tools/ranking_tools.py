"""`get_player_rankings`: the rankings table (services.league.rankings) as a tool. Demo league only."""
from __future__ import annotations

import json

from langchain_core.tools import BaseTool, StructuredTool

from agents.tools.filters import not_position_code, team_codes
from agents.tools.results import CAT_KEYS, MAX_CHARS, dump
from agents.tools.schemas import RankingsArgs
from services.league import rankings as rk
from services.league.rank_models import RankedPlayer, Rankings
from services.league.source import LeagueSource


def ranking_rows(out: Rankings, players: list[RankedPlayer]) -> list[dict]:
    return [{"rank": p.rank, "name": p.player.name, "team": p.player.team, "pos": p.player.pos, "status": p.status,
             "owner": p.owner, "games": p.games, "team_games": p.team_games, "flags": p.flags, "fpts": p.fpts,
             "z_sum": p.z_sum, "z": {c: round(v, 2) for c, v in p.z.items()},
             "per_game": {k: p.per_game[k] for k in (*CAT_KEYS, "fga", "fta")},
             **({"fpts_total": p.fpts_total, "totals": p.totals} if out.per == "total" else {}),
             **({"per_36": {k: p.per_36[k] for k in (*CAT_KEYS, "fpts") if k in p.per_36}, "z36_sum": p.z36_sum}
                if out.per == "36" else {}),
             "mpg": p.per_game.get("min", 0.0),
             **({"season_mpg": p.season_mpg, "minutes_change": p.minutes_change} if out.sort == "minutes_trend" else {}),
             "proj_value": p.proj_value, "games_left_week": p.games_left_week,
             "games_left_season": p.games_left_season, "ros_value": p.ros_value} for p in players]



def filtered_rows(out: Rankings, shown: int) -> list[dict]:
    """The players the sample filter left out who would have ranked among the rows shown."""
    return [{"name": f.player.name, "team": f.player.team, "owner": f.owner, "games": f.games,
             "team_games": f.team_games, "would_rank": f.would_rank, "reason": f.reason}
            for f in out.filtered if f.would_rank <= shown]


def build_ranking_tools(source: LeagueSource) -> list[BaseTool]:
    def get_player_rankings(window="season", sort="value", per="game", punt=None, availability="all",
                            position=None, team=None, player=None, limit=10, min_share=rk.MIN_SHARE, exclude=None,
                            healthy_only=False, not_position=None, not_teams=None, max_minutes=None) -> str:
        out = rk.rankings(source.history(), window, punt or (), availability, position, team, sort, per,
                          min_share=min_share)
        banned = {source.resolve_id(n) for n in exclude or ()}
        ruled_out, teams = not_position_code(not_position), team_codes(not_teams)
        rows = [p for p in out.players if p.player.player_id not in banned and not (
            healthy_only and p.status != "ACTIVE") and not (ruled_out and ruled_out in p.player.eligible)
            and p.player.team not in teams and not (max_minutes and p.per_game.get("min", 0.0) >= max_minutes)
        ][:limit]  # each keeps his rank among all
        if player:
            pid = source.resolve_id(player)
            rows = [p for p in out.players if p.player.player_id == pid]
            if not rows:
                name = source.player_name(pid)
                low = next((f for f in out.filtered if f.player.player_id == pid), None)
                reason = (f"{name} is not ranked: he {low.reason} (his window alone would rank #{low.would_rank})"
                          if low else f"{name} has no game in this window or is outside the filters.")
                return dump({"window": out.window, "player": name, "ranked": False, "players": [], "reason": reason})
        shown = ranking_rows(out, rows)
        room = len(json.dumps(shown, default=str, separators=(",", ":"), ensure_ascii=False)) + 3000
        # The cap grows with the rows asked for (limit <= 50), so "top 25" shows 25, not the half that fits 6,000.
        return dump({"as_of": out.as_of, "window": out.window, "window_start": out.window_start, "scoring": out.scoring,
                     "sort": out.sort, "per": out.per, "punt": out.punt, "counted": out.counted,
                     "filters": {"availability": availability, "position": position, "team": team,
                                 **({"exclude": [source.player_name(b) for b in banned]} if banned else {}),
                                 **({"healthy_only": True} if healthy_only else {}),
                                 **({"not_position": ruled_out} if ruled_out else {}),
                                 **({"not_teams": sorted(teams)} if teams else {}),
                                 **({"max_minutes": max_minutes} if max_minutes else {})},
                     "of": out.total, "ros_unit": out.ros_unit, "z_scale": out.z_scale,
                     "filtered": filtered_rows(out, len(rows)), "players": shown}, cap=max(MAX_CHARS, room))

    return [StructuredTool.from_function(
        get_player_rankings, name="get_player_rankings", args_schema=RankingsArgs,
        description="Every player ranked over a window (season or the last 7, 14, 30 days): per game or totals, "
                    "fantasy points, per-category z-scores and their sum (punted categories dropped), games left "
                    "this week and rest of season, status and owner (free agent or team), flags (OUT, short minutes); "
                    "per 36 minutes (per='36': players under 12 min a game filtered) and minutes trends "
                    "(sort='minutes_trend': minutes a game in a 7/14/30-day window against the season's). "
                    "Players with too few of their team's games in the window are not ranked: `filtered` lists "
                    "who would have ranked among the rows and why. Use for 'top 10 free "
                    "agents by steals over the last 14 days' or 'where does Herro rank this month'.")]
