"""`LeagueHistory`: what `LeagueSource.history()` returns (the contract is in services/league/source.py).

The demo's `DemoLeague` and the ESPN source's `EspnHistory` both satisfy it; rankings, trades,
outlooks, the calibration, season values and the offline reasoner read only these members.
"""
from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from services.league.snapshot import Snapshot
    from services.models import LeagueInfo

# What needs the demo league's own data, said where it is offered (not raised as an error).
DEMO_ONLY: dict[str, str] = {
    "desk": "the market desk prices the demo season's recorded NBA games and market lines",
    "signals": "the signals pod reads the demo season's news wire and market book",
    "arena": "the arena replays traders over the demo season's recorded market lines",
    "trade_proposals": "a trade on an ESPN league is proposed on ESPN (Courtside reads ESPN, never writes to it); "
                       "Courtside evaluates it and finds trades",
    "hindsight": "a move's realized gain replays the demo league's draft and later box scores; an ESPN league's "
                 "moves are made in ESPN and its later games are not yet played",
}


@runtime_checkable
class LeagueHistory(Protocol):
    kind: str
    league_id: str
    as_of: dt.date
    scoring: str
    my_team_id: int
    opponent_id: int
    team_ids: list[int]
    week: tuple[int, dt.date, dt.date]
    snapshot: "Snapshot"
    needs_demo: dict[str, str]
    categories: tuple[str, ...]  # the categories a categories league counts (ESPN's scoringItems; the demo's nine)

    @property
    def days_remaining(self) -> list[dt.date]: ...

    @property
    def days_played(self) -> list[dt.date]: ...

    def rosters(self) -> dict[int, list[str]]: ...

    def roster_ids(self, team_id: int | None = None) -> list[str]: ...

    def ir_ids(self, team_id: int | None = None) -> list[str]: ...

    def roster_on(self, team_id: int, day: dt.date) -> list[str]: ...

    def free_agent_ids(self) -> list[str]: ...

    def owner_of(self, player_id: str) -> int | None: ...

    def opponent_of(self, team_id: int, week: int) -> int: ...

    def team_name(self, team_id: int) -> tuple[str, str]: ...

    def snapshot_on(self, day: dt.date) -> "Snapshot":
        """The snapshot of an earlier morning (a past day of the week: that day's lineups)."""
        ...


    def info(self) -> "LeagueInfo": ...

    def user_moves(self) -> tuple: ...
