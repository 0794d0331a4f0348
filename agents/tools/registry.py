"""The tool registry. Names are part of the product's contract; docstrings are what models read."""
from __future__ import annotations

import datetime as dt
from typing import Callable

from langchain_core.tools import BaseTool, StructuredTool

from agents.tools import results as R
from agents.tools import schemas as S
from services.models import ServiceError
from services.league.source import LeagueSource

Reasoner = Callable[[str, str], dict]

TOOL_NAMES = [
    "get_player_status", "get_player_news", "get_player_game_log", "get_my_roster", "get_opponent_roster",
    "get_free_agents", "get_schedule", "get_matchup_details", "search_news_by_topic", "deep_analysis",
    "validate_slot_fit", "compose_daily_lineup", "optimize_matchup", "evaluate_hold", "evaluate_move",
    "compare_players", "get_hot_free_agents", "get_player_rankings",
    "evaluate_trade", "propose_trade", "find_trades",
]


def _date(text: str | None, field: str) -> dt.date | None:
    if not text:
        return None
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise ServiceError(f"{field} must be a date YYYY-MM-DD, not {text!r}.") from None


def _tool(fn, name: str, schema, description: str) -> BaseTool:
    return StructuredTool.from_function(func=fn, name=name, description=description, args_schema=schema)


def build_tools(source: LeagueSource, reasoner: Reasoner | None = None) -> list[BaseTool]:
    """Every tool, bound to one league source (and its as-of date)."""
    from agents.tools.move_tools import build_move_tools
    from agents.tools.optimizer_tools import build_optimizer_tools
    from agents.tools.outlook_tools import build_outlook_tools
    from agents.tools.ranking_tools import build_ranking_tools
    from agents.tools.trade_tools import build_trade_tools

    def get_player_status(name: str) -> str:
        return R.dump(R.status(source.player_status(name)))

    def get_player_news(name: str) -> str:
        return R.dump(R.news(source.news(name=name, limit=8)))

    def get_player_game_log(name: str, last_n: int = 5) -> str:
        return R.dump(R.game_log(source.game_log(name, last_n)))

    def get_my_roster() -> str:
        return R.dump(R.roster(source.roster()))

    def get_opponent_roster() -> str:
        return R.dump(R.roster(source.opponent_roster()))

    def get_free_agents(position=None, healthy_only=False, min_games_remaining=0, target_categories=None, limit=10,
                        punt=None) -> str:
        fas = source.free_agents(position, healthy_only, min_games_remaining, target_categories, limit, punt=punt or None)
        filters = {"position": position, "healthy_only": healthy_only, "min_games_remaining": min_games_remaining,
                   "target_categories": target_categories}
        if punt:
            filters["punt"] = list(punt)
        return R.dump({"filters": filters, **R.free_agents(fas)})

    def get_schedule(names=None, start=None, end=None) -> str:
        return R.dump(R.schedule(source.schedule(names, _date(start, "start"), _date(end, "end"))))

    def get_matchup_details() -> str:
        return R.dump(R.matchup(source.matchup()))

    def search_news_by_topic(topic: str, my_team_only: bool = False) -> str:
        notes = source.news(topic=topic, limit=1000 if my_team_only else 10)  # filter first, then cap
        if my_team_only:
            mine = {e.player.player_id for e in source.roster().entries}
            notes = [n for n in notes if n.player.player_id in mine][:10]
        return R.dump(R.news(notes))

    def deep_analysis(question: str, context: str = "") -> str:
        if reasoner is None:
            raise ServiceError("No reasoning model is configured.")
        return R.dump(reasoner(question, context))

    tools = [
        _tool(get_player_status, "get_player_status", S.PlayerArgs,
              "A player's availability (ACTIVE, DTD or OUT), inferred from missed team games, with the evidence."),
        _tool(get_player_news, "get_player_news", S.PlayerArgs,
              "Recent notes about a player (absences, returns, big games, minutes trends), generated from box scores."),
        _tool(get_player_game_log, "get_player_game_log", S.GameLogArgs,
              "A player's last N games before the as-of date with window averages and fantasy points."),
        _tool(get_my_roster, "get_my_roster", S.NoArgs,
              "My roster: each player's status, games left this week, recent and season fantasy averages."),
        _tool(get_opponent_roster, "get_opponent_roster", S.NoArgs, "This week's opponent's roster, same fields as mine."),
        _tool(get_free_agents, "get_free_agents", S.FreeAgentArgs,
              "Free agents ranked by value x games remaining, with filters (position, healthy, games left, categories)."),
        _tool(get_schedule, "get_schedule", S.ScheduleArgs,
              "Games per player in a date window (default: my roster, rest of the matchup week) and days remaining."),
        _tool(get_matchup_details, "get_matchup_details", S.NoArgs,
              "This week's matchup: score or category totals so far, projection for the rest of the week, games left."),
        _tool(search_news_by_topic, "search_news_by_topic", S.TopicArgs,
              "Search generated notes by topic across the league (injuries, minutes, hot streaks, returns)."),
        _tool(deep_analysis, "deep_analysis", S.DeepAnalysisArgs,
              "Hand a hard trade-off (hold vs stream, which drop) with its facts to a reasoning model; returns reasoning and a conclusion."),
    ]
    return (tools + build_optimizer_tools(source) + build_move_tools(source) + build_outlook_tools(source)
            + build_ranking_tools(source) + build_trade_tools(source))
