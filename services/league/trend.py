"""One player's game-by-game trend over the season before the as-of date: fantasy points, z-sum on
the league's one category scale and the 5-game rolling mean (the Rankings page's chart).

    player_trend(lg, player_id) -> PlayerTrend
"""
from __future__ import annotations

import datetime as dt

from pydantic import BaseModel

from services.league.rankings import category_z
from services.league.snapshot import averages
from services.league.values import category_scale
from services.models import PlayerRef


class TrendPoint(BaseModel):
    date: dt.date
    opp: str
    fpts: float
    z_sum: float
    rolling_fpts: float  # mean of the last 5 games up to this one


class PlayerTrend(BaseModel):
    player: PlayerRef
    as_of: dt.date
    points: list[TrendPoint]


def player_trend(lg, player_id: str) -> PlayerTrend:
    """Each game before the as-of date: fantasy points, z-sum and the 5-game rolling mean."""
    ps = lg.snapshot.players[player_id]
    scale, points = category_scale(lg.snapshot), []
    for i, g in enumerate(ps.games):
        last5 = ps.games[max(0, i - 4): i + 1]
        z = category_z(scale, averages([g]))
        points.append(TrendPoint(date=g["game_date"], opp=g["opp"], fpts=round(g["fpts"], 1),
                                 z_sum=round(sum(z.values()), 2),
                                 rolling_fpts=round(sum(x["fpts"] for x in last5) / len(last5), 2)))
    return PlayerTrend(player=ps.ref, as_of=lg.as_of, points=points)
