"""The tool registry. Names are part of the product's contract; docstrings are what models read."""
from __future__ import annotations

import datetime as dt
from typing import Callable

from langchain_core.tools import BaseTool, StructuredTool

from agents.tools import results as R
from agents.tools import schemas as S
from agents.tools.filters import not_position_code, team_codes
from services.league.source import LeagueSource
from services.models import ServiceError

Reasoner = Callable[[str, str], dict]

TOOL_NAMES = [
    "get_player_status", "get_player_news", "get_player_game_log", "get_my_roster", "get_opponent_roster",
    "get_free_agents", "get_schedule", "get_matchup_details", "search_news_by_topic", "deep_analysis",
    "validate_slot_fit", "compose_daily_lineup", "optimize_matchup", "evaluate_hold", "evaluate_move",
    "compare_players", "get_hot_free_agents", "get_player_rankings",
    "evaluate_trade", "propose_trade", "find_trades", "get_team_strength", "get_my_moves",
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
    from agents.tools.history_tools import build_history_tools
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
        log = source.game_log(name, last_n)
        season = log if last_n >= R.SEASON_GAMES else source.game_log(name, R.SEASON_GAMES)  # per 36 over the season too
        return R.dump(R.game_log(log) | {"per_36": R.per_36(log.games, season.games)})

    def get_my_roster(minutes_last_n: int | None = None) -> str:  # with who sits in my IR slots (not in the active entries)
        roster = source.roster()
        out = R.roster(roster) | {"on_ir": [source.player_name(pid) for pid in sorted(source.ir_ids())],
                                  "ir_slots": source.info().ir}
        if not minutes_last_n:
            return R.dump(out)
        logs = [(e, source.game_log(e.player.name, R.SEASON_GAMES)) for e in roster.entries]
        return R.dump(out | {"minutes_trend": R.minutes_trends(logs, minutes_last_n)}, cap=12000)

    def get_opponent_roster() -> str:
        return R.dump(R.roster(source.opponent_roster()))

    def get_free_agents(position=None, healthy_only=False, min_games_remaining=0, target_categories=None, limit=10,
                        punt=None, exclude=None, horizon=None, not_position=None, play_on=None, not_teams=None,
                        max_minutes=None, play_on_all=False) -> str:
        banned = {source.resolve_id(n) for n in exclude or ()}
        teams = team_codes(not_teams)
        not_position_code(not_position)
        if play_on and max(play_on) < source.as_of:
            raise ServiceError(f"play_on dates are before the league's date {source.as_of}: no game left on them.")
        wide = horizon in ("next_week", "rest_of_season")
        deep = wide or not_position or play_on or teams or max_minutes  # filtered after the ranking: rank deeper first
        fas = source.free_agents(position, healthy_only, 0 if wide else min_games_remaining, target_categories,
                                 50 if deep else limit + len(banned), punt=punt or None)
        fas = [f for f in fas if f.player.player_id not in banned and not (
            not_position and not_position.upper() in f.player.eligible) and f.player.team not in teams
            and not (max_minutes and f.season_avg.get("min", 0) >= max_minutes)]
        filters = {"position": position, "healthy_only": healthy_only, "min_games_remaining": min_games_remaining,
                   "target_categories": target_categories}
        if not_position:
            filters["not_position"] = not_position.upper()
        if teams:
            filters["not_teams"] = sorted(teams)
        if max_minutes:
            filters["max_minutes"] = max_minutes
        if punt:
            filters["punt"] = list(punt)
        if banned:
            filters["exclude"] = [source.player_name(p) for p in banned]
        out = R.free_agents(fas)
        if wide:
            out = _over_horizon(out, horizon, min_games_remaining, limit, target_categories)
            filters["horizon"] = horizon
        elif play_on:
            days = sorted(d for d in set(play_on) if d >= source.as_of)
            scanned = len(out["free_agents"])
            out = _on_days(out, days, limit, every=bool(play_on_all))
            filters["play_on"] = [d.isoformat() for d in days]
            if play_on_all and len(days) > 1:  # "games both days": who plays on all of them, and how deep it looked
                filters["play_on_all"], out["scanned"] = True, scanned
        else:
            out["free_agents"] = out["free_agents"][:limit]
            if punt:  # how the punt moved them: each one's rank over all nine, and who it pushed out
                out |= _without_punt(out["free_agents"], position, healthy_only, min_games_remaining,
                                     target_categories, limit, banned)
        return R.dump({"filters": filters, **out}, cap=12000)

    def _without_punt(rows: list[dict], position, healthy_only, min_games: int, targets, limit: int, banned) -> dict:
        """The same list valued over every category: each punted row's `rank_without_punt` (None past
        the top 50) and `top_without_punt`, the first `limit` names without the punt."""
        every = [f.player.name for f in source.free_agents(position, healthy_only, min_games, targets, 50 + len(banned))
                 if f.player.player_id not in banned]
        for r in rows:
            r["rank_without_punt"] = every.index(r["name"]) + 1 if r["name"] in every else None
        return {"top_without_punt": every[:limit]}

    def _on_days(out: dict, days: list[dt.date], limit: int, every: bool = False) -> dict:
        """The free agents with a game on one of `days` (`every`: on each of them), ranked by value x games
        on those days."""
        rows = out["free_agents"]
        dates = {p.player.name: [d for d in p.dates if d in days]
                 for p in source.schedule([r["name"] for r in rows], days[0], days[-1]).players}
        for r in rows:
            r["games_on_days"] = len(dates.get(r["name"], []))
            r["score"] = round(r["value"] * r["games_on_days"], 3)
        need = len(days) if every else 1
        rows = sorted((r for r in rows if r["games_on_days"] >= need), key=lambda r: -r["score"])
        return {**out, "free_agents": rows[:limit]}

    def _over_horizon(out: dict, horizon: str, min_games: int, limit: int, targets=None) -> dict:
        """Next week: the free agents with at least `min_games` games Monday-Sunday next week, ranked by
        value x those games; rest of season: ranked by rest-of-season value (the rankings' ros_value),
        or, with target categories, by the targets' per-game value x the season's games left
        (`ros_target_score`)."""
        rows = out["free_agents"]
        if horizon == "next_week":
            start = source.as_of + dt.timedelta(days=7 - source.as_of.weekday())
            end = start + dt.timedelta(days=6)
            sched = source.schedule([r["name"] for r in rows], start, end)
            games = {p.player.name: len(p.dates) for p in sched.players}
            for r in rows:
                r["games_next_week"] = games.get(r["name"], 0)
                r["score"] = round(r["value"] * r["games_next_week"], 3)
            rows = sorted((r for r in rows if r["games_next_week"] >= max(1, min_games)), key=lambda r: -r["score"])
            known = {"known_through": sched.known_through.isoformat()} if sched.known_through else {}
            return {**out, "window": [start.isoformat(), end.isoformat()], **known, "free_agents": rows[:limit]}
        from services.league import rankings as rk

        ranked = rk.rankings(source.history(), "season", (), "free_agents", None, None, "ros_value", "game")
        ros = {p.player.name: (p.ros_value, p.games_left_season) for p in ranked.players}
        for r in rows:
            r["ros_value"], r["games_left_season"] = ros.get(r["name"], (0.0, 0))
            if targets:
                r["ros_target_score"] = round(r["value"] * r["games_left_season"], 1)
        rows = sorted(rows, key=lambda r: -(r["ros_target_score"] if targets else r["ros_value"]))
        return {**out, "ros_unit": ranked.ros_unit, "free_agents": rows[:limit]}

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
              "A player's availability (ACTIVE, DTD or OUT), inferred from missed team games, with the evidence, "
              "and his position eligibility in this league: `positions` (PG, SG, SF, PF, C) and `eligible_slots`, "
              "the lineup slots he can fill (G, F, UTIL too) - 'can X play C?' is whether C is in them."),
        _tool(get_player_news, "get_player_news", S.PlayerArgs,
              "Recent notes about a player (absences, returns, big games, minutes trends), generated from box scores."),
        _tool(get_player_game_log, "get_player_game_log", S.GameLogArgs,
              "A player's last N games before the as-of date with window averages and fantasy points, and his "
              "per-36-minute rates ('what's he per 36?'): `per_36.window` over those games and `per_36.season`, "
              "each stat's total x 36 / his minutes (pts, reb, ast, stl, blk, fg3m, tov, fpts; mpg: his real minutes)."),
        _tool(get_my_roster, "get_my_roster", S.RosterArgs,
              "My roster: each player's listed positions (`pos`), status, games left this week, recent and season "
              "fantasy averages. With minutes_last_n (5 or 10): `minutes_trend`, each player's minutes per game over "
              "his last N games against his season's, biggest rise first ('whose minutes/playing time/role is up?')."),
        _tool(get_opponent_roster, "get_opponent_roster", S.NoArgs, "This week's opponent's roster, same fields as mine."),
        _tool(get_free_agents, "get_free_agents", S.FreeAgentArgs,
              "Free agents ranked by value x games remaining, with filters (position, healthy, games left, categories). "
              "With a punt, each row's rank_without_punt and the list's top_without_punt say how the punt moved them."),
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
            + build_ranking_tools(source) + build_trade_tools(source) + build_history_tools(source))
