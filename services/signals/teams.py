"""Team availability and rest before a game, read from the as-of snapshot of the game's date.

A team's regulars are the players whose last game before the date was for that team, with at
least `MIN_GAMES` games and absent for at most `MAX_MISSED` team games in a row (players out for
longer are already in the team's results). Strength is the sum of the best `TOP_N` per-game
values (expected fantasy points, `services.league.snapshot`), each times the player's availability
(inferred status: ACTIVE 1, DTD 0.6, OUT 0). Rest comes from the published schedule.
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from dataclasses import dataclass
from typing import Iterable

from services.league.snapshot import PlayerState, Snapshot

TOP_N = 8
MIN_GAMES = 5
MAX_MISSED = 15
# The absence signal: a rotation player (averaging ROTATION_MIN minutes) who has missed his team's
# last ABSENT_FROM..MAX_MISSED games (not a rest night: a back-to-back's second night is one game).
# Longer absences are already in the team's results; one missed game is mostly rest or a late scratch.
ROTATION_MIN = 20.0
ABSENT_FROM = 2


@dataclass(frozen=True)
class TeamReport:
    team: str
    full_value: float  # top-N values with everyone available
    available_value: float  # top-N of value x availability
    regulars: tuple[PlayerState, ...]  # best value first
    back_to_back: bool  # played the day before
    games_last_4_nights: int  # games in the 4 days before the game's date
    absent: tuple[PlayerState, ...] = ()  # rotation players missing the team's recent games

    @property
    def rotation_missing(self) -> float:
        """Minutes per game of the absent rotation players, in player-games (48 minutes)."""
        return round(sum(p.season_avg.get("min", 0.0) for p in self.absent) / 48.0, 4)

    @property
    def value_lost(self) -> float:
        return round(self.full_value - self.available_value, 3)


def is_regular(p: PlayerState, team: str, games_for_team: int | None = None) -> bool:
    """His last game was for `team`, with `MIN_GAMES`+ games for it (counted from his games unless
    given), missing at most `MAX_MISSED` in a row."""
    if games_for_team is None:
        games_for_team = sum(1 for g in p.games if g["team"] == team)
    return p.ref.team == team and games_for_team >= MIN_GAMES and p.missed_in_row <= MAX_MISSED


def by_value(players: Iterable[PlayerState]) -> list[PlayerState]:
    """Best expected fantasy points first (ties by player id)."""
    return sorted(players, key=lambda p: (-p.expected_fpts, p.ref.player_id))


def regulars(snap: Snapshot, team: str) -> list[PlayerState]:
    return by_value(p for p in snap.players.values() if is_regular(p, team))


def rest(dates: list[dt.date], date: dt.date) -> tuple[bool, int]:
    """(back-to-back, games in the 4 days before `date`) from a team's sorted game dates."""
    recent = dates[bisect_left(dates, date - dt.timedelta(days=4)):bisect_left(dates, date)]
    return (date - dt.timedelta(days=1)) in recent, len(recent)


def is_absent(p: PlayerState) -> bool:
    """A rotation player missing his team's recent games (from the box scores: see ROTATION_MIN)."""
    return (p.season_avg.get("min", 0.0) >= ROTATION_MIN and ABSENT_FROM <= p.missed_in_row <= MAX_MISSED
            and p.avail_class != "REST")


def team_report(snap: Snapshot, team: str, date: dt.date) -> TeamReport:
    """Availability and rest of `team` for its game on `date` (the snapshot must be as of `date`)."""
    regs = regulars(snap, team)
    full = sum(p.expected_fpts for p in regs[:TOP_N])
    avail = sorted((p.expected_fpts * p.availability for p in regs), reverse=True)[:TOP_N]
    back_to_back, last_4 = rest(snap.team_dates_all.get(team, []), date)
    return TeamReport(team=team, full_value=round(full, 3), available_value=round(sum(avail), 3),
                      regulars=tuple(regs), back_to_back=back_to_back, games_last_4_nights=last_4,
                      absent=tuple(p for p in regs if is_absent(p)))
