"""espn-api Players as our roster entries and free agents, and free-agent ranking.

Season averages come from ESPN's season split, recent form from its last-7-days split (ESPN
keeps no "last 5 games" split), games remaining from the NBA schedule.
"""
from __future__ import annotations

import datetime as dt
import statistics
from dataclasses import dataclass
from typing import Any, Mapping

from services.espn.calendar import ProCalendar
from services.espn.mapping import (map_status, our_stats, player_ref, season_fantasy_avg, split,
                                   status_evidence)
from services.models import FreeAgent, RosterEntry
from services.league.scoring import CATEGORIES, fantasy_points


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


def category_values(entries: list[RosterEntry], targets: list[str]) -> list[float]:
    """Per-game value of each entry: summed z-scores over the target categories, within the pool.

    FG% and FT% count by volume (made minus pool-rate x attempted), as fantasy tools do.
    """
    def impact(e: RosterEntry, cat: str) -> float:
        col, _ = CATEGORIES[cat]
        if "/" in col:
            num, den = col.split("/")
            pool_made = sum(x.season_avg.get(num, 0) for x in entries)
            pool_att = sum(x.season_avg.get(den, 0) for x in entries) or 1.0
            return e.season_avg.get(num, 0) - pool_made / pool_att * e.season_avg.get(den, 0)
        return e.season_avg.get(col, 0)

    values = [0.0] * len(entries)
    for cat in targets:
        raw = [impact(e, cat) for e in entries]
        sd = statistics.pstdev(raw) if len(raw) > 1 else 0.0
        if not sd:
            continue
        mean, sign = statistics.fmean(raw), (1 if CATEGORIES[cat][1] else -1)
        values = [v + sign * (r - mean) / sd for v, r in zip(values, raw, strict=True)]
    return [round(v, 3) for v in values]


def rank_free_agents(players: list[Any], w: Window, position: str | None = None,
                     healthy_only: bool = False, min_games_remaining: int = 0,
                     target_categories: list[str] | None = None, limit: int = 15) -> list[FreeAgent]:
    """Free agents filtered as the interface says, ranked by value x games remaining."""
    entries = [roster_entry(p, w) for p in players]
    if target_categories or w.scoring == "categories":
        targets = [c for c in (target_categories or list(CATEGORIES)) if c in CATEGORIES]
        values = category_values(entries, targets)
    else:
        values = [e.expected_per_game for e in entries]
    agents = [
        FreeAgent(player=e.player, status=e.status, games_remaining=e.games_remaining,
                  remaining_dates=e.remaining_dates, fantasy_avg=e.fantasy_avg,
                  recent_fantasy_avg=e.recent_fantasy_avg, expected_per_game=e.expected_per_game,
                  season_avg=e.season_avg, value=v, score=round(v * e.games_remaining, 3),
                  games_played=e.games_played)
        for e, v in zip(entries, values, strict=True)
        if (not position or position in e.player.eligible)
        and (not healthy_only or e.status == "ACTIVE")
        and e.games_remaining >= min_games_remaining
    ]
    agents.sort(key=lambda a: (-a.score, -a.value, a.player.name))
    return agents[:max(limit, 0)]
