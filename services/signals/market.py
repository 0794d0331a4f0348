"""The pod's binary contract on a game: "HOME beats AWAY on DATE", priced at the market's no-vig
win probability at decision time (`services.markets.state.win_prob`).

Decision time is noon US Eastern on the game's date (the demo league's clock), about seven hours
before the nominal tip; a signal expires at tip.
"""
from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from services.league.season_games import TIP_LABEL, get_game

NBA_TIME = ZoneInfo("America/New_York")
DECISION_CLOCK = dt.time(12, 0)


class Market(BaseModel):
    id: str
    game_id: str
    question: str
    home: str
    away: str
    date: dt.date
    tip: dt.datetime
    at: dt.datetime  # decision time
    price: float  # no-vig P(home wins) at `at`
    labels: list[str]


def decision_time(date: dt.date) -> dt.datetime:
    """Noon US Eastern on `date`, as an aware UTC datetime."""
    return dt.datetime.combine(date, DECISION_CLOCK, tzinfo=NBA_TIME).astimezone(dt.timezone.utc)


def market_price(game_id: str, at: dt.datetime) -> float:
    """No-vig P(home wins) at `at` from the desk's market."""
    from services.markets.state import win_prob

    return win_prob(game_id, get_game(game_id).home, at)


def market_for(game_id: str, at: dt.datetime | None = None) -> Market:
    """The contract on the game's home team, priced at `at` (default: decision time)."""
    g = get_game(game_id)
    at = at or decision_time(g.date)
    return Market(id=f"ml-{game_id}", game_id=game_id, question=f"{g.home} beats {g.away} on {g.date.isoformat()}",
                  home=g.home, away=g.away, date=g.date, tip=g.tip, at=at, price=round(market_price(game_id, at), 4),
                  labels=["no-vig win probability priced from the spread (desk market)", TIP_LABEL])
