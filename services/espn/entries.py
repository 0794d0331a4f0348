"""espn-api Players as our roster entries (what a move is checked against: ids, IR slot, status).

Season averages come from ESPN's season split, recent form from its last-7-days split (ESPN
keeps no "last 5 games" split), games remaining from the NBA schedule.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Mapping

from services.espn.calendar import ProCalendar
from services.espn.mapping import (map_status, our_stats, player_ref, season_fantasy_avg, split,
                                   status_evidence)
from services.models import RosterEntry
from services.league.scoring import fantasy_points


@dataclass(frozen=True)
class Window:
    """What every entry is measured against: the days left and how the league scores."""

    calendar: ProCalendar
    start: dt.date
    end: dt.date
    scoring: str                 # "points" | "categories"
    weights: Mapping[str, float]  # points per stat (the league's, or ESPN's defaults)


def roster_entry(player: Any, w: Window) -> RosterEntry:
    season, recent = split(player, "total"), split(player, "last_7")
    season_avg = our_stats(season.get("avg"))
    recent_avg = our_stats(recent.get("avg")) if recent.get("avg") else dict(season_avg)
    fantasy_avg = season_fantasy_avg(player, w.scoring, w.weights)
    if w.scoring == "points" and recent.get("applied_avg"):
        recent_fantasy = round(float(recent["applied_avg"]), 2)
    else:
        recent_fantasy = round(fantasy_points(recent_avg, w.weights), 2)
    dates = w.calendar.team_dates(player.proTeam, w.start, w.end)
    return RosterEntry(
        player=player_ref(player), status=map_status(player.injuryStatus),
        status_evidence=status_evidence(player.injuryStatus, player.expected_return_date),
        games_remaining=len(dates), remaining_dates=dates,
        season_avg=season_avg, recent_avg=recent_avg,
        fantasy_avg=fantasy_avg, recent_fantasy_avg=recent_fantasy,
        # Half season, half last week: steadier than either alone.
        expected_per_game=round((fantasy_avg + recent_fantasy) / 2, 2),
        games_played=int((season.get("total") or {}).get("GP", 0) or 0),
        on_ir=getattr(player, "lineupSlot", "") == "IR",
    )
