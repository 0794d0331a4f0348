"""A moment when the desk's market moves (tests of stale prices): computed from the market path,
never hard-coded, since the simulated path is the markets code's to change."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from services.desk import calc
from services.markets import state as market

DAY = dt.date(2025, 1, 29)


@dataclass
class Move:
    game: str
    before: dt.datetime  # 20 s before the move: a price then is under a minute old at `after`
    after: dt.datetime  # the move
    line: float  # the home spread before the move (the bet's line)
    stale: float  # the desk's price for home at `line` before the move
    now: float  # ... and after it
    edge_pct: float  # the bettor's edge of `stale` over `now`


def price(game: str, at: dt.datetime, line: float) -> float:
    return market.bet_odds(market.market_state(game, at), "spread", "home", line)


def first_move(min_edge: float = calc.ACCEPT_EDGE_PCT, max_edge: float = calc.REJECT_EDGE_PCT) -> Move:
    """The first move, among the games of DAY, that makes the old price for home at the old line a
    bettor edge between `min_edge` and `max_edge` (the desk would counter it)."""
    from services.league import season_games
    from services.markets.clock import listing_time

    for g in season_games.schedule(DAY, DAY, season_type=None):
        at = listing_time(g) + dt.timedelta(minutes=1)
        while (at := market.next_move(g.game_id, at)) is not None:
            before = at - dt.timedelta(seconds=20)
            line = market.market_state(g.game_id, before).home_spread
            stale, now = price(g.game_id, before, line), price(g.game_id, at, line)
            edge = calc.compare_odds(stale, now)["bettor_edge_pct"]
            if min_edge < edge <= max_edge:
                return Move(g.game_id, before, at, line, stale, now, edge)
    raise AssertionError(f"no such move in the market paths of {DAY}")
