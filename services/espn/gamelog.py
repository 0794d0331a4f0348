"""A player's recent games from his ESPN player card (one stat split per game played)."""
from __future__ import annotations

import datetime as dt
from typing import Any, Mapping

from services.espn.calendar import ProCalendar
from services.espn.mapping import our_stats, player_ref, season_fantasy_avg
from services.models import GameLine, GameLog, ServiceError
from services.league.scoring import COUNTING_STATS, fantasy_points


def played_periods(card: Any) -> list[int]:
    """Scoring periods in which the card shows the player on the floor (DNPs have no stats)."""
    out = []
    for key, split in card.stats.items():
        total = split.get("total") or {}
        if key.isdigit() and (total.get("GP", 0) or total.get("MIN", 0)):
            out.append(int(key))
    return sorted(out)


def last_played(card: Any, cal: ProCalendar, as_of: dt.date) -> dt.date | None:
    days = [cal.date_of(p) for p in played_periods(card)]
    days = [d for d in days if d <= as_of]
    return max(days) if days else None


def game_line(card: Any, period: int, cal: ProCalendar, scoring: str,
              weights: Mapping[str, float]) -> GameLine:
    split = card.stats[str(period)]
    s = our_stats(split.get("total"))
    pts = (float(split.get("applied_total", 0)) if scoring == "points"
           else fantasy_points(s, weights))
    return GameLine(date=cal.date_of(period), team=card.proTeam, opp=cal.opponent(card.proTeam, period),
                    result="n/a",  # ESPN's player card has no final scores
                    min=s["min"], **{k: int(round(s[k])) for k in COUNTING_STATS},
                    fantasy_pts=round(pts, 2))


def build_game_log(card: Any, cal: ProCalendar, as_of: dt.date, last_n: int, scoring: str,
                   weights: Mapping[str, float]) -> GameLog:
    periods = [p for p in played_periods(card) if cal.date_of(p) <= as_of]
    if not periods:
        raise ServiceError(f"ESPN gave no game log for {card.name} in {card.year} "
                           f"up to {as_of.isoformat()}.")
    n = max(1, int(last_n))
    games = [game_line(card, p, cal, scoring, weights) for p in periods[-n:]]
    averages = {k: round(sum(getattr(g, k) for g in games) / len(games), 2)
                for k in ["min", *COUNTING_STATS]}
    averages["fg_pct"] = round(averages["fgm"] / averages["fga"], 3) if averages["fga"] else 0.0
    averages["ft_pct"] = round(averages["ftm"] / averages["fta"], 3) if averages["fta"] else 0.0
    return GameLog(player=player_ref(card), as_of=as_of, last_n=n, scoring=scoring, games=games,
                   averages=averages,
                   fantasy_avg=round(sum(g.fantasy_pts for g in games) / len(games), 2),
                   season_fantasy_avg=season_fantasy_avg(card, scoring, weights))
