"""The request frame (issue #36): one typed object for what a turn was asked, filled before any tool
runs and carried to every tool.

Whatever the model (offline planner, Gemini, Ollama), the classifier's `IntentLabel.frame` holds
the act, the players and every constraint the manager stated: players that must stay or go, a
trade's shape and the position of the players it brings, the horizon, a count, filters on the previous answer, the IR slot's limit and the
punts. The supervisor's tool wrapper (`agents/supervisor/graph.py`) copies each frame field into a
tool call whose schema takes it and that did not set it (`tool_args`), so a follow-up keeps a
constraint whatever the model passes; `unhonoured` names a constraint no tool can honour, and the
answer says so.
"""
from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, Field, field_validator

Horizon = Literal["tonight", "day", "this_week", "next_week", "rest_of_season", "last_n"]
Act = Literal["request", "affirm", "why_not", "versus", "out_of_scope", "filter_previous", "why_benched"]
SHAPES = ("1-for-1", "2-for-1", "1-for-2", "2-for-2", "3-for-1", "3-for-2", "1-for-3", "2-for-3")
Shape = Literal["1-for-1", "2-for-1", "1-for-2", "2-for-2", "3-for-1", "3-for-2", "1-for-3", "2-for-3"]


class RequestFrame(BaseModel):
    """The understood request. Every field is optional: empty means the user did not say it."""

    act: Act = Field(default="request", description=(
        "'affirm' when the message only agrees to waiting cards ('ok do it', 'yes the top one'); 'why_not' "
        "for 'why X not Y'; 'why_benched' for 'why is X benched?'; 'versus' for 'X vs Y'; 'out_of_scope' for "
        "what the data cannot answer (see `topic`); 'filter_previous' for a filter on the last answer ('which of "
        "them play Friday'); else 'request'."))
    topic: Literal["standings", "news", "props", "dfs", "keeper", "draft", "budget", "awards", "rules", "chat", "live", "contract",
                   "history", "times", "bio", "league", "autopilot", "far_schedule"] | None = Field(
        default=None, description=(
        "With act 'out_of_scope': standings or playoff odds; news, rumours or injury reports; player props or "
        "real-money bets; DFS lineups; keeper or next-season value; draft advice; FAAB bids or waiver budgets (budget); "
        "MVP or other awards (awards); the league's rules and dates: trade deadline, waiver period, playoff format (rules); a message to send to other managers: trash talk, the league chat, DMs (chat); a game in progress, live scores (live); a player's pay or contract (contract); last season or a player's years before the NBA: college, overseas (history); tip-off or start times (times); height, wingspan, weight, age (bio); other managers' trades, vetoes, collusion, the commissioner (league); setting lineups or moves automatically, on its own (autopilot); a schedule past the data's, the fantasy playoffs' weeks (far_schedule)."))
    players: list[str] = Field(default_factory=list, description="Every player the message names, as written.")
    exclude: list[str] = Field(default_factory=list, description=(
        "Players the user rules out ('without giving up SGA', 'keep Ball', 'not Braun', 'X stays'): never "
        "traded away, never dropped, never listed."))
    give: list[str] = Field(default_factory=list, description="Players of mine the user wants to move ('shop Beal').")
    shape: Shape | None = Field(default=None, description=(
        "A trade's shape as I-give-for-I-get: 'Beal + Conley for one better player' is '2-for-1'; 'package three of "
        "mine for a star' '3-for-1'."))
    horizon: Horizon | None = Field(default=None, description=(
        "The time the question is about: tonight, a day, this week, next week, the rest of the season, or the "
        "last N games (then last_n)."))
    day: dt.date | None = Field(default=None, description="The day asked about, resolved to a date.")
    start: dt.date | None = Field(default=None, description=(
        "A span's first day ('from Feb 3 to Feb 9': 2025-02-03), with `end` its last: schedules and comparisons "
        "cover it, a pickup list ranks by its games."))
    end: dt.date | None = Field(default=None, description="A span's last day ('... to Feb 9': 2025-02-09).")
    last_n: int | None = Field(default=None, ge=1, le=82, description="'their last 5': 5.")
    count: int | None = Field(default=None, ge=1, le=50, description="How many results ('top 10', 'show me 3').")
    window: Literal["season", "7", "14", "30"] | None = Field(default=None, description=(
        "A ranking's window: the season or the last 7, 14 or 30 days."))
    availability: Literal["all", "free_agents", "rostered"] | None = Field(default=None, description=(
        "'only free agents' / 'on waivers': free_agents."))
    sort: str | None = Field(default=None, description="A ranking's category or key ('by steals': STL).")
    per: Literal["game", "total", "36"] | None = Field(default=None, description=(
        "A ranking's per-game averages, the window's totals ('total steals', 'totals not per game': total) or "
        "rates per 36 minutes ('per 36': 36)."))
    card: int | None = Field(default=None, ge=0, description="Which waiting card an affirmation means (0: the top).")
    pair: list[str] = Field(default_factory=list, description="'why X not Y' / 'X vs Y': [X, Y].")
    punt: list[str] = Field(default_factory=list, description="Categories the conversation punts.")
    need_claimed: bool = Field(default=False, description=(
        "True when the user claims a category need about this week's scoreboard ('I'm losing steals', 'down in "
        "assists'): the scoreboard checks the claim and a settled category gives way to the ones in play. False "
        "for a plain ask ('moves that help steals'): the categories asked are chased as asked."))
    not_position: str | None = Field(default=None, description="A position ruled out ('anyone but centers': C).")
    get_position: Literal["PG", "SG", "SF", "PF", "C", "G", "F"] | None = Field(default=None, description=(
        "A trade's incoming players' position ('Beal for two better guards': G; 'a trade for a center': C)."))
    play_on: list[dt.date] = Field(default_factory=list, description=(
        "Dates a pickup must play on ('who do I pick up for tomorrow': [tomorrow]; 'weekend streamers': "
        "[Saturday, Sunday])."))
    play_on_all: bool = Field(default=False, description=(
        "Whether a pickup must play on every one of the play_on dates, not one of them ('only guys with games "
        "both days', 'plays sat and sun')."))
    keep_positions: list[str] = Field(default_factory=list, description=(
        "Positions of my own players the user keeps ('I'd rather keep my guards': ['G']): none of them is "
        "dropped or traded away."))
    not_teams: list[str] = Field(default_factory=list, description=(
        "NBA teams ruled out of a list ('nobody from Phoenix': ['PHO'])."))
    max_minutes: float | None = Field(default=None, gt=0, le=48, description=(
        "A list's ceiling on season minutes a game ('only guys under 30 mpg': 30)."))
    leaders_in: str | None = Field(default=None, description=(
        "A superlative on one category in a request for moves ('pick up the best shot blocker out there': BLK; "
        "'grab the top rebounder on the wire': REB): every add is one of the wire's leaders in it."))
    min_games: int | None = Field(default=None, ge=1, le=7, description=(
        "In a request for moves or pickups, the fewest games left this week an added player must have ('the "
        "guy's gotta have 3 games left', 'only adds with 3+ games': 3)."))
    keep_healthy: bool = Field(default=False, description=(
        "True when no healthy (ACTIVE) player of mine may be dropped ('don't drop anybody healthy', 'only cut "
        "hurt guys'): every move drops an OUT or day-to-day player, or moves one to IR."))
    unhonoured: list[str] = Field(default_factory=list, description=(
        "Constraints the user stated that no tool can honour, in a few words each (said in the answer)."))

    @field_validator("leaders_in", mode="before")
    @classmethod
    def _leader_category(cls, value):
        """A category name as the optimizer takes it ('shot blocking' -> 'BLK'); a word that names no
        category, or turnovers (nobody picks up the most), is no superlative: None."""
        from services.league.scoring import normalize_category

        cat = normalize_category(str(value)) if value not in (None, "") else None
        return None if cat in (None, "TO") else cat


# frame field -> the tool argument that takes it (the same name in every tool that takes it)
TOOL_ARGS = {"exclude": "exclude", "shape": "shape", "horizon": "horizon", "count": "limit", "last_n": "last_n",
             "window": "window", "per": "per", "availability": "availability", "not_position": "not_position", "play_on": "play_on",
             "play_on_all": "play_on_all",
             "not_teams": "not_teams", "max_minutes": "max_minutes", "get_position": "get_position",
             "keep_positions": "keep_positions", "start": "start", "end": "end", "leaders_in": "leaders_in",
             "min_games": "min_games_remaining", "keep_healthy": "keep_healthy"}


def tool_args(frame: RequestFrame | dict | None, fields: dict, args: dict) -> dict:
    """`args` with each frame field the tool's schema takes (`fields`) and the call left unset."""
    if not frame:
        return args
    f = frame if isinstance(frame, RequestFrame) else RequestFrame.model_validate(frame)
    out = dict(args)
    for attr, arg in TOOL_ARGS.items():
        value = getattr(f, attr)
        if value in (None, [], "") or value is False or arg not in fields or out.get(arg) not in (None, [], ""):
            continue
        if attr == "horizon" and value == "last_n":
            continue
        value = list(value) if isinstance(value, list) else value
        if isinstance(value, dt.date) and not _fits(fields[arg], value):
            value = value.isoformat()  # a schema that takes the date as YYYY-MM-DD text
        if not _fits(fields[arg], value):  # "tonight" for a tool whose horizons are next week / rest of season
            continue
        out[arg] = value
    return out


def _fits(field, value) -> bool:
    """Whether the tool's schema takes `value` for this argument (a frame value it refuses is left
    to the answer's "Not applied" line, never sent to fail the call)."""
    from pydantic import TypeAdapter, ValidationError

    try:
        TypeAdapter(field.annotation).validate_python(value)
    except ValidationError:
        return False
    return True
