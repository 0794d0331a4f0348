"""Pydantic argument schemas: their descriptions are what the model reads."""
from __future__ import annotations

import datetime as dt
from typing import Annotated, Literal

from langgraph.prebuilt import InjectedState

from pydantic import BaseModel, Field

PUNT_HELP = ("Categories the user punts (gives up on), e.g. ['FT%', 'TO']: left out of the value and never "
             "chased. Omit to use the conversation's punt.")


class PlayerArgs(BaseModel):
    name: str = Field(description="Player name as the user wrote it; nicknames and partial names work ('jokic', 'SGA').")


class GameLogArgs(PlayerArgs):
    last_n: int = Field(default=5, ge=1, le=82, description="How many of the most recent games (1-82).")


class NoArgs(BaseModel):
    pass


class RosterArgs(BaseModel):
    minutes_last_n: int | None = Field(default=None, ge=1, le=30, description=(
        "Add each player's minutes trend over his last N games (5 or 10) against his season minutes per game, for "
        "'whose minutes are trending up / down?', 'who's getting more playing time / run / a bigger role?'. "
        "Omit otherwise."))


class FreeAgentArgs(BaseModel):
    position: str | None = Field(default=None, description="Only players eligible at PG, SG, SF, PF, C, G, F or UTIL.")
    healthy_only: bool = Field(default=False, description="Only players whose inferred status is ACTIVE.")
    min_games_remaining: int = Field(default=0, ge=0, le=7, description="Minimum games left this matchup week.")
    target_categories: list[str] | None = Field(
        default=None, description="Categories to rank by, e.g. ['AST', 'STL'] (FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS).")
    limit: int = Field(default=10, ge=1, le=25, description="How many players to return (the user's count: 'give me 3').")
    punt: list[str] | None = Field(default=None, description=PUNT_HELP)
    exclude: list[str] | None = Field(default=None, description="Players never listed ('best free agents but not Braun').")
    horizon: Literal["this_week", "next_week", "rest_of_season"] | None = Field(default=None, description=(
        "What the ranking is for: this week (default: value x games left this week); 'next_week' (games next "
        "Monday-Sunday; min_games_remaining then counts next week's games); 'rest_of_season' (rest-of-season value)."))
    not_position: str | None = Field(default=None, description=(
        "Leave out players eligible at this position ('anyone but centers': C)."))
    play_on: list[dt.date] | None = Field(default=None, max_length=7, description=(
        "Only free agents with a game on one of these dates, YYYY-MM-DD ('pick up for tomorrow', 'weekend "
        "streamers': Saturday and Sunday), ranked by value x games on those dates."))
    play_on_all: bool = Field(default=False, description=(
        "With play_on: only free agents with a game on every one of those dates ('only guys with games both "
        "days'), not on any one of them."))
    not_teams: list[str] | None = Field(default=None, max_length=29, description=(
        "Leave out players of these NBA teams, as codes or names ('nobody from Phoenix': ['PHO'])."))
    max_minutes: float | None = Field(default=None, gt=0, le=48, description=(
        "Only players averaging fewer minutes a game than this this season ('guys under 30 mpg': 30)."))


class MovesArgs(BaseModel):
    limit: int = Field(default=10, ge=1, le=50, description="How many moves and decisions to return, newest first.")
    # the conversation's state, injected by the graph's tool node (never filled by the model): its waiting cards
    state: Annotated[dict, InjectedState] = Field(default_factory=dict)


class ScheduleArgs(BaseModel):
    names: list[str] | None = Field(default=None, description="Players to check; omit for my whole roster.")
    start: str | None = Field(default=None, description="First date YYYY-MM-DD; default the as-of date.")
    end: str | None = Field(default=None, description="Last date YYYY-MM-DD; default the end of the matchup week.")


class TopicArgs(BaseModel):
    topic: str = Field(description="What to look for: 'injuries', 'minutes', 'hot streaks', 'returns', ...")
    my_team_only: bool = Field(default=False, description="Only notes about players on my roster.")


class DeepAnalysisArgs(BaseModel):
    question: str = Field(description="The hard question to reason about.")
    context: str = Field(default="", description="Facts gathered so far (numbers from earlier tool results).")


class SlotFitArgs(BaseModel):
    add: str = Field(description="Free agent to add.")
    drop: str | None = Field(default=None, description="Player of mine to drop; omit to find the best drop.")
    punt: list[str] | None = Field(default=None, description=PUNT_HELP)


class DailyLineupArgs(BaseModel):
    date: str | None = Field(default=None, description="Day YYYY-MM-DD; default the as-of date.")
    punt: list[str] | None = Field(default=None, description=PUNT_HELP)


class OptimizeArgs(BaseModel):
    allow_drop: list[str] | None = Field(default=None, description="Protected players the user explicitly allows dropping.")
    target_categories: list[str] | None = Field(
        default=None, description="Categories to chase, e.g. ['BLK'] (FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS): "
                                  "only moves whose added player beats the dropped one per game in one of them.")
    leaders_in: str | None = Field(
        default=None, description="One category the user asked for the best at ('the best shot blocker out there' -> "
                                  "'BLK', 'top rebounder on the wire' -> 'REB'): every add is one of the wire's top 10 "
                                  "per game in it (not TO).")
    limit: int = Field(default=3, ge=1, le=10, description="How many moves to return.")
    mode: Literal["balanced", "this_week"] | None = Field(
        default=None, description="'this_week' when the user only cares about this week (streaming); "
                                  "default: the league setting (balanced: this week and the rest of the season).")
    ir_cut: str | None = Field(default=None, description="The player the user will cut when a player comes back "
                                                         "from IR (default: the lowest rest-of-season value).")
    punt: list[str] | None = Field(default=None, description=PUNT_HELP)
    min_games_remaining: int | None = Field(default=None, ge=1, le=7, description=(
        "The fewest games left this week an added player must have ('the guy's gotta have 3 games left': 3)."))
    keep_healthy: bool = Field(default=False, description=(
        "True when no healthy (ACTIVE) player of mine may be dropped ('don't drop anybody healthy'): every move "
        "drops an OUT or day-to-day player, or moves one to IR."))


MODE_HELP = ("'this_week' when the user only cares about this week (streaming); default: the league setting "
             "(balanced: this week and the rest of the season).")


class MoveArgs(BaseModel):
    drop: str = Field(description="The player of mine the user wants to drop.")
    add: str = Field(description="The free agent the user wants to add.")
    mode: Literal["balanced", "this_week"] | None = Field(default=None, description=MODE_HELP)
    punt: list[str] | None = Field(default=None, description=PUNT_HELP)
    kind: Literal["swap", "ir"] = Field(default="swap", description="'ir': move `drop` to IR (he stays mine) and "
                                        "add `add`, valued like the optimizer's IR cards; 'swap': drop him.")


class HoldArgs(BaseModel):
    name: str = Field(description="A player on my roster, as the user wrote it.")
    mode: Literal["balanced", "this_week"] | None = Field(default=None, description=MODE_HELP)
    punt: list[str] | None = Field(default=None, description=PUNT_HELP)


class CompareArgs(BaseModel):
    names: list[str] = Field(description="Players to compare (two or more).")
    start: str | None = Field(default=None, description="First date YYYY-MM-DD; default the as-of date.")
    end: str | None = Field(default=None, description="Last date YYYY-MM-DD; default the end of the matchup week.")


class HotArgs(BaseModel):
    limit: int = Field(default=8, ge=1, le=25, description="How many players to return.")
    position: str | None = Field(default=None, description="Only players eligible at PG, SG, SF, PF, C, G, F or UTIL.")


class RankingsArgs(BaseModel):
    window: Literal["season", "7", "14", "30"] = Field(
        default="season", description="season, or the last 7, 14 or 30 days before the as-of date.")
    sort: str = Field(default="value", description=(
        "value (fantasy points, or z-sum in categories), fpts, z_sum, proj_value, ros_value, games_left_week, "
        "minutes_trend (who gains minutes: the window's minutes a game minus the season's; needs window 7, 14 or 30: "
        "'free agents getting more run lately'), or a category: STL, AST, ..."))
    per: Literal["game", "total", "36"] = Field(default="game", description=(
        "Rank per-game averages, the window's totals, or rates per 36 minutes ('36': 'best per-36 guys on waivers'; "
        "players under 12 minutes a game are filtered)."))
    punt: list[str] | None = Field(default=None, description="Categories dropped from the z-sum, e.g. ['FT%', 'TO'].")
    availability: Literal["all", "free_agents", "rostered"] = Field(default="all", description="Who to include.")
    position: str | None = Field(default=None, description="Only players eligible at PG, SG, SF, PF, C, G, F or UTIL.")
    team: str | None = Field(default=None, description="Only one NBA team's players, e.g. 'MIA'.")
    player: str | None = Field(default=None, description="Where one player ranks (his row is returned with his rank).")
    exclude: list[str] | None = Field(default=None, description="Players left out of the rows (named as written).")
    healthy_only: bool = Field(default=False, description="Only players not OUT or DTD (inferred from missed games).")
    limit: int = Field(default=10, ge=1, le=50, description="How many players to return.")
    not_position: str | None = Field(default=None, description=(
        "Leave out players eligible at this position ('no centers', 'anyone but bigs': C)."))
    not_teams: list[str] | None = Field(default=None, max_length=29, description=(
        "Leave out players of these NBA teams, as codes or names ('nobody from Phoenix': ['PHO'])."))
    max_minutes: float | None = Field(default=None, gt=0, le=48, description=(
        "Only players averaging fewer minutes a game than this over the window ('guys under 25 mpg': 25)."))
    min_share: float = Field(default=0.5, ge=0.0, le=1.0, allow_inf_nan=False,
                             description="Sample filter: share of his team's games in the window a player needs "
                                         "to be ranked (at most 10 games); 0 ranks everyone with a game.")


class TradeArgs(BaseModel):
    give: list[str] = Field(description="Players I give (names as written), 1 to 3, all on my roster.")
    get: list[str] = Field(description="Players I get, 1 to 3, all from one other team.")
    cut: list[str] | None = Field(default=None, description="Who I would cut if the trade overfills my roster "
                                                            "(default: my lowest rest-of-season value).")
    punt: list[str] | None = Field(default=None, description="Categories I punt (categories leagues), e.g. ['FT%'].")


class TradeFindArgs(BaseModel):
    targets: list[str] | None = Field(default=None, description="Categories to improve, e.g. ['AST', 'STL'].")
    protect: list[str] | None = Field(default=None, description="Categories that must not drop for me ('without "
                                                                "hurting my points' -> ['PTS']; in a points league "
                                                                "'PTS' means my fantasy points).")
    give: list[str] | None = Field(default=None, description="Only trades that send one of these players.")
    get: list[str] | None = Field(default=None, description="Only trades that bring in one of these players "
                                                            "('what would it take to get X?').")
    limit: int = Field(default=5, ge=1, le=20, description="How many trades to return (the user's count: 'show me 8').")
    exclude: list[str] | None = Field(default=None, description=(
        "Players that must not be traded, on either side ('without giving up SGA', 'keep Ball', 'X stays'): no "
        "trade found sends or brings them."))
    shape: Literal["1-for-1", "2-for-1", "1-for-2", "2-for-2", "3-for-1", "3-for-2", "1-for-3", "2-for-3"] | None = Field(
        default=None, description=(
            "Only trades of this shape, as I-give-for-I-get ('Beal + Conley for one better player': '2-for-1'; "
            "'Beal and Conley for two guards, a 2 for 2': '2-for-2'; 'package Beal, Conley and Bogdanovic for a "
            "star': '3-for-1')."))
    get_position: Literal["PG", "SG", "SF", "PF", "C", "G", "F"] | None = Field(default=None, description=(
        "Only trades whose incoming players are all eligible at this position ('for two better guards': 'G', "
        "'for a center': 'C')."))
    keep_positions: list[Literal["PG", "SG", "SF", "PF", "C", "G", "F"]] | None = Field(default=None, description=(
        "Positions of my own players the user keeps ('I'd rather keep my guards': ['G']; 'I need my bigs': ['C']): "
        "no trade found sends a player of mine eligible there."))
    punt: list[str] | None = Field(default=None, description=PUNT_HELP)
