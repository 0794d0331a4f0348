"""One interface for a fantasy league, whatever holds it (the embedded demo or ESPN).

Callers never ask which kind of source they hold: what differs between the demo league and a
real ESPN league (where the optimizer's inputs come from, who owns a player, how an approved move
is recorded) is a method here, implemented by each source.

The box-score history seam (issue #37): `source.history()`
-----------------------------------------------------------
Every source has one `history()`; no feature raises "demo league only" any more. It returns a
`LeagueHistory` (services/league/history.py, a Protocol: the demo's `DemoLeague` and the ESPN
source's `EspnHistory` both satisfy it) for the league on `source.today`:

- `snapshot`: a `services.league.snapshot.Snapshot` over one analytics database in the demo's
  DuckDB schema (`players`, `player_games`, `schedule`, `weeks`, `season_priors`; `snapshot.db`
  names it). Box-score lines strictly before `as_of` only; the schedule is public.
  `snapshot.status_source` says where each player's status came from: "inferred" (the demo:
  missed team games) or "espn" (ESPN's reported injury status); answers say which.
- the league on that morning: `league_id`, `kind`, `as_of`, `scoring` ("points" | "categories"),
  `my_team_id`, `opponent_id`, `team_ids`, `week` ((number, first day, last day) of the matchup
  week), `days_remaining`, `days_played`, `rosters()`, `roster_ids(team)`, `ir_ids(team)`,
  `roster_on(team, day)` (the roster a team had on a past day of the week), `free_agent_ids()`,
  `owner_of(pid)`, `opponent_of(team, week)`, `team_name(team) -> (name, manager)`, `info()`,
  `user_moves()` (the user's approved moves it replays; ESPN: none, ESPN's rosters hold them)
  and `store` (the state store its moves live in).
- player ids are the source's own: the demo's CSV ids, ESPN's player id as a string; the same
  ids `resolve_id`, `owner_of` and the cards use.
- `needs_demo`: what still needs the demo league's data (the desk's market lines, the signals
  pod, the arena), each with the reason, said where it is offered instead of raised as an error.

An ESPN history is cache-on-read (services/espn/history.py): per-scoring-period box scores from
ESPN's player cards through espn-api, past periods stored once and never refetched, the current
period refreshed after 15 minutes; ESPN's scoring settings (points weights, categories) come from
the league, and the ESPN source's optimizer inputs, matchup, rosters and free agents are measured
on this history under the league's own lineup slots, IR slots and players' eligibleSlots
(services/optimizer/espn_adapter.py). ServiceError is raised only when the history cannot be read (ESPN unreachable, a
private league without cookies), with the one-line reason.
"""
from __future__ import annotations

import abc
import datetime as dt
from typing import TYPE_CHECKING, Iterable

from services.models import (FreeAgent, GameLog, LeagueInfo, MatchupDetails, NewsNote, Roster,
                             ScheduleReport, ServiceError, StatusReport)

if TYPE_CHECKING:
    from services.league.history import LeagueHistory
    from services.optimizer.models import OptimizerInputs
    from services.store.state import StateStore


class LeagueSource(abc.ABC):
    """What the agents and pages read. Every method returns typed results or raises ServiceError."""

    kind: str  # "demo" | "espn": a label for cards and the audit, never a branch for callers
    as_of: dt.date
    my_team_id: int
    status_note: str = "inferred"  # where OUT comes from, for a benched player's reason
    advice_mode: str = "balanced"  # how moves are ranked: "balanced" or "this_week" (streaming)
    punt: tuple[str, ...] = ()  # categories punted by default (Settings); a conversation may change its own

    @property
    def today(self) -> dt.date:
        """The league clock: the day the league is viewed on (the demo's as-of, ESPN's as-of).

        Graphs and tools take the date from here, never from the wall clock."""
        return self.as_of

    @property
    @abc.abstractmethod
    def league_id(self) -> str:
        """The league's id as cards and the state store key it (demo: scoring and as-of included)."""

    @property
    @abc.abstractmethod
    def scoring(self) -> str:
        """"points" or "categories"."""

    @property
    def scorings(self) -> tuple[str, ...]:
        """The scorings this league can be viewed in: its own only, unless the source builds both
        (the demo league does, so a points manager can be offered the category view)."""
        return (self.scoring,)

    # -- players and moves ------------------------------------------------------------------
    @abc.abstractmethod
    def resolve_id(self, name: str) -> str:
        """The player id a name means (my roster preferred); PlayerNotFound with suggestions."""

    @abc.abstractmethod
    def player_name(self, player_id: str) -> str: ...

    @abc.abstractmethod
    def owner_of(self, player_id: str) -> int | None:
        """The team rostering the player (IR included), None for a free agent."""

    @abc.abstractmethod
    def ir_ids(self) -> list[str]:
        """My players in an IR slot."""

    @abc.abstractmethod
    def validate_move(self, drop_id: str | None, add_id: str | None, kind: str = "swap", *,
                      stale: bool = False) -> None:
        """Raises ServiceError when the move cannot be made on my roster now: the drop is not mine
        (or sits in IR), the add is rostered, an IR move has no open slot or no OUT player. `stale`
        words it for a card made earlier ("no longer ...")."""

    @abc.abstractmethod
    def apply_move(self, card: dict, store: "StateStore", actor: str = "user") -> dict:
        """Records an approved card's move once in `store` (keyed by its move_id) after checking it
        against the roster inside the store's transaction. Returns the outcome: "applied" (the demo
        league's rosters change), "approved" (ESPN: recorded with the manual steps, nothing sent)
        or "refused" with a reason."""

    @abc.abstractmethod
    def history(self) -> "LeagueHistory":
        """The league with its box-score history on `today` (see the module docstring: the one
        seam rankings, trades, outlooks, calibration and the offline reasoner read)."""

    # -- the optimizer's view ---------------------------------------------------------------
    @abc.abstractmethod
    def optimizer_inputs(self, free_agents: Iterable[str] | None = None, season: bool = False,
                         punt: Iterable[str] = ()) -> "OptimizerInputs":
        """My remaining matchup week for the optimizer (free agents: every one the source knows, or
        these ids; `season`: the rest of the season too, where the source has it; `punt`: the
        categories the manager punts, left out of the objective)."""

    @abc.abstractmethod
    def banked(self) -> tuple[dict[str, float], dict[str, float]]:
        """(mine, theirs): counting totals banked earlier in this matchup week."""

    def day_inputs(self, day: dt.date) -> "OptimizerInputs":
        """My roster for one day's lineup (a remaining day of the matchup week)."""
        inputs = self.optimizer_inputs(free_agents=[])
        if day not in inputs.days:
            last = inputs.days[-1] if inputs.days else self.today
            raise ServiceError(f"{day} is not a remaining day of this matchup week ({self.today} to {last}).")
        return inputs

    @abc.abstractmethod
    def info(self) -> LeagueInfo: ...

    @abc.abstractmethod
    def roster(self, team_id: int | None = None) -> Roster:
        """A team's roster (default: mine) with status, recent form and games remaining."""

    @abc.abstractmethod
    def opponent_roster(self) -> Roster: ...

    @abc.abstractmethod
    def matchup(self) -> MatchupDetails: ...

    @abc.abstractmethod
    def free_agents(self, position: str | None = None, healthy_only: bool = False,
                    min_games_remaining: int = 0, target_categories: list[str] | None = None,
                    limit: int = 15, punt: list[str] | None = None) -> list[FreeAgent]: ...

    @abc.abstractmethod
    def player_status(self, name: str) -> StatusReport: ...

    @abc.abstractmethod
    def game_log(self, name: str, last_n: int = 5) -> GameLog: ...

    @abc.abstractmethod
    def schedule(self, names: list[str] | None = None, start: dt.date | None = None,
                 end: dt.date | None = None) -> ScheduleReport:
        """Games per player in a date window (default: my roster, rest of the matchup week)."""

    @abc.abstractmethod
    def news(self, name: str | None = None, topic: str | None = None, limit: int = 10) -> list[NewsNote]: ...
