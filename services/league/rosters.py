"""Roster views and schedules of the demo league."""
from __future__ import annotations

import datetime as dt

from services.league.demo import DemoLeague
from services.models import PlayerSchedule, Roster, RosterEntry, ScheduleReport

ROUND = 2


def _rounded(d: dict[str, float]) -> dict[str, float]:
    return {k: round(v, 3 if k.endswith("pct") else ROUND) for k, v in d.items()}


def roster_entry(lg: DemoLeague, pid: str, on_ir: bool = False) -> RosterEntry:
    ps = lg.snapshot.players[pid]
    dates = lg.snapshot.games_remaining(pid, lg.as_of, lg.week[2])
    return RosterEntry(
        player=ps.ref, status=ps.status, status_evidence=ps.evidence, games_remaining=len(dates),
        remaining_dates=dates, season_avg=_rounded(ps.season_avg), recent_avg=_rounded(ps.recent_avg),
        fantasy_avg=round(ps.season_avg["fpts"], ROUND), recent_fantasy_avg=round(ps.recent_avg["fpts"], ROUND),
        expected_per_game=round(ps.expected_fpts * ps.availability, ROUND), games_played=len(ps.games),
        on_ir=on_ir,
    )


def roster(lg: DemoLeague, team_id: int | None = None) -> Roster:
    team_id = lg.my_team_id if team_id is None else team_id
    if team_id not in lg.team_ids:
        from services.models import ServiceError

        raise ServiceError(f"No team {team_id} in this league (teams are 1 to {len(lg.team_ids)}).")
    name, manager = lg.team_name(team_id)
    entries = [roster_entry(lg, pid) for pid in lg.roster_ids(team_id)]
    entries.sort(key=lambda e: -e.expected_per_game)
    entries += [roster_entry(lg, pid, on_ir=True) for pid in lg.ir_ids(team_id)]  # last: they cannot start
    return Roster(team_id=team_id, team_name=name, manager=manager, as_of=lg.as_of, entries=entries)


def schedule(lg: DemoLeague, player_ids: list[str], start: dt.date | None = None,
             end: dt.date | None = None) -> ScheduleReport:
    """Games per player in [start, end] (default: the rest of the matchup week)."""
    week_no, week_start, week_end = lg.week
    start = start or lg.as_of
    end = end or week_end
    if end < start:
        from services.models import ServiceError

        raise ServiceError(f"The window ends ({end}) before it starts ({start}).")
    players = [PlayerSchedule(player=lg.snapshot.players[p].ref,
                              dates=lg.snapshot.games_remaining(p, start, end)) for p in player_ids]
    from services.league.snapshot import data_dates

    last = data_dates()[1]
    return ScheduleReport(start=start, end=end, as_of=lg.as_of, week_start=week_start, week_end=week_end,
                          days_remaining=lg.days_remaining, players=players,
                          total_games=sum(len(p.dates) for p in players),
                          known_through=last if last < end else None)
