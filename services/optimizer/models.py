"""Plain inputs and JSON-ready results of the optimizer (frozen dataclasses, no I/O).

Inputs carry everything the optimizer needs, so the optimizer never reads the database or the
clock: a `PlayerInput` is one player's per-game projection and schedule, an `OptimizerInputs`
is one team's week. Results serialize with `as_json`.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any, Mapping

from services.league.scoring import COUNTING_STATS
from services.league.slots import STARTING_SLOTS

STATS: tuple[str, ...] = tuple(COUNTING_STATS)  # pts reb ast stl blk tov fg3m fgm fga ftm fta


@dataclasses.dataclass(frozen=True)
class PlayerInput:
    """One player: per-game expectation and spread of each stat, availability, game days."""

    player_id: str
    eligible: tuple[str, ...]
    expected: Mapping[str, float]  # per game, keys of STATS (missing = 0)
    game_days: frozenset[dt.date]
    availability: float = 1.0  # chance he plays a scheduled game (ACTIVE 1, DTD 0.6, OUT 0)
    stat_sd: Mapping[str, float] = dataclasses.field(default_factory=dict)  # STATS and "fpts"
    name: str = ""
    status: str = "ACTIVE"  # availability class: ACTIVE, REST, DTD or OUT (services.league.calibration)
    season_value: float | None = None  # per-game value that ranks protected players
    returns: ReturnChance | None = None  # an absent player's return odds (None: he played his team's last game)
    # his chance to play on each of these game days where it differs by day (an OUT player's, from the
    # return model: services.league.returns.week_chances); a day not in it: `availability`
    day_availability: Mapping[dt.date, float] = dataclasses.field(default_factory=dict)

    def chance_on(self, day: dt.date) -> float:
        """His chance to play a game on `day`."""
        return float(self.day_availability.get(day, self.availability))

    @property
    def label(self) -> str:
        return self.name or self.player_id


@dataclasses.dataclass(frozen=True)
class ReturnChance:
    """An absent player's first days back (services.league.returns, fitted on the games before the date)."""

    soon: float  # chance he plays within 3 days
    by_week_end: float  # chance he plays by the last day of the matchup week
    days: int | None  # days until that chance passes one half (None: not within 8 weeks)
    missed: int  # team games missed in a row


@dataclasses.dataclass(frozen=True)
class OptimizerInputs:
    """One team's remaining matchup week, as known on the as-of date."""

    scoring: str  # "points" | "categories"
    days: tuple[dt.date, ...]  # remaining calendar days, as-of first
    roster: tuple[PlayerInput, ...]
    free_agents: tuple[PlayerInput, ...] = ()
    opponent: tuple[PlayerInput, ...] = ()  # the opponent's roster (categories projections)
    slots: Mapping[str, int] = dataclasses.field(default_factory=lambda: dict(STARTING_SLOTS))
    my_so_far: Mapping[str, float] = dataclasses.field(default_factory=dict)  # banked totals
    opp_so_far: Mapping[str, float] = dataclasses.field(default_factory=dict)
    as_of: dt.date | None = None
    team_id: int | None = None
    league_id: str = ""
    star_value: float | None = None  # per-game value of a league-wide star: never offered as a drop
    season: Any = None  # season.SeasonInputs: the rest of the regular season (None: week only)
    ir_slots_free: int = 0  # open IR slots: an OUT player may move there instead of being dropped
    ir_cut: str | None = None  # the player the user names to cut when an IR player returns
    keep: tuple[str, ...] = ()  # players the user keeps: never a swap's drop, never the cut when an IR player returns
    ir_back: tuple[PlayerInput, ...] = ()  # players in my IR slot who are no longer OUT (to activate)
    punt: tuple[str, ...] = ()  # categories the manager punts: out of the categories objective and the reasons
    points_weights: Mapping[str, float] | None = None  # the league's points per stat (None: ESPN's defaults)


@dataclasses.dataclass(frozen=True)
class DayLineup:
    """One day's lineup: slot of every starter, who sits, and the day's expected value."""

    date: dt.date
    slots: dict[str, str]  # player_id -> slot name (starters only)
    bench: tuple[str, ...]  # rostered players not starting (no game, OUT, or outvalued)
    value: float  # the objective (fantasy points, or linearized categories value)
    fantasy_points: float  # expected fantasy points of the starters


@dataclasses.dataclass(frozen=True)
class WeeklyLineup:
    """Starters for every remaining day, starts per player and the week's expectation."""

    scoring: str
    days: tuple[DayLineup, ...]
    starts: dict[str, int]  # player_id -> starts over the remaining days
    expected_total: float  # points: rest-of-week fantasy points; categories: expected cats won
    unit: str
    category_win_prob: dict[str, float]  # categories only: P(win) per category
    category_weights: dict[str, float]  # categories only: dP(win)/d(my total), how contested


@dataclasses.dataclass(frozen=True)
class MoveEval:
    """One (drop, add) move: expected gain over the remaining days with lineups re-solved."""

    drop_id: str
    add_id: str
    gain: float  # expected fantasy points (points) or expected categories won (categories)
    unit: str
    drop_games: int  # games remaining this week
    add_games: int
    add_starts: int  # days the added player starts
    drop_starts: int  # starts the dropped player had in the current plan
    starts_gained: dict[str, int]  # ISO day -> net change in starts that day
    category_deltas: dict[str, float]  # categories only: change in P(win) per moved category
    confidence: float  # P(the move helps) under a normal approximation of its spread
    reasons: tuple[str, ...]
    drop_name: str = ""
    add_name: str = ""
    # "swap"; "ir": drop_id to IR, add add_id; "activate": add_id back from IR, drop drop_id;
    # "activate_ir": add_id back from IR, drop_id (OUT) takes the IR slot he leaves, nobody dropped
    kind: str = "swap"
    season_gain: float | None = None  # change of rest-of-season value (None: not computed)
    season_unit: str = ""  # "fantasy points" or "category value" (z-score x games)
    score: float = 0.0  # the ranking key of the mode the scan ran in (> 0: worth offering)
    return_date: dt.date | None = None  # "ir": when the IR player is expected back (None: not this season)
    cut_id: str = ""  # "ir"/"activate_ir": who is cut when drop_id returns (in season_gain); "activate": who goes now
    cut_name: str = ""
    # categories: (category, win chance before, after) of every category moved by 0.5 points or more
    # (punted ones left out), leads put at risk first
    category_changes: tuple[tuple[str, float, float], ...] = ()
    # "ir": the IR player's return odds (chance within 3 days, by the week's end, days to an even chance)
    returns: ReturnChance | None = None


def as_json(obj: Any) -> Any:
    """Dataclasses, dicts, tuples and dates as JSON-ready values (dates as ISO strings)."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: as_json(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, Mapping):
        return {str(as_json(k)): as_json(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple, set, frozenset)):
        items = sorted(obj) if isinstance(obj, (set, frozenset)) else obj
        return [as_json(v) for v in items]
    if isinstance(obj, dt.date):
        return obj.isoformat()
    return obj
