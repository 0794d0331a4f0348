"""The rankings facade: the Players page's one entry point to `services.league.rankings` (through the door).

    from agents import door
    table = door.rankings.table(window="14", punt=["FT%"], availability="free_agents")
    trend = door.rankings.trend("Tyler Herro")
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from services.models import ServiceError
from services.league.rank_models import Rankings
from services.league.rankings import AVAILABILITY, SORTS, WINDOWS, rankings
from services.league.trend import PlayerTrend, player_trend

__all__ = ["AVAILABILITY", "SORTS", "WINDOWS", "PlayerTrend", "Rankings", "ServiceError", "league", "table", "trend"]


def league(as_of: dt.date | None = None, scoring: str | None = None):
    """The configured demo league (a ServiceError for a league without box-score history)."""
    from services.league.demo_source import open_source
    from services.store.state import state_store

    return open_source(as_of=as_of, scoring=scoring, store=state_store())


def table(source=None, *, as_of: dt.date | None = None, scoring: str | None = None, window: str = "season", punt=(),
          availability: str = "all", position: str | None = None, team: str | None = None, sort: str = "value",
          per: str = "game", limit: int | None = None) -> Rankings:
    """The rankings of `source` (a page's assistant's league), else the configured league."""
    src = source or league(as_of, scoring)
    lg = src.history()
    return _ranked(lg, _version(lg), str(window), punt if isinstance(punt, str) else tuple(punt or ()), availability, position, team, sort, per, limit)


def _version(lg) -> tuple:
    """What the table depends on besides its filters: the league (its id is scoring + the league
    clock's date), the user's team and the user's approved moves (a new one is a new table)."""
    moves = lg.user_moves() if hasattr(lg, "user_moves") else ()
    return lg.league_id, getattr(lg, "my_team_id", None), moves


@lru_cache(maxsize=32)
def _ranked(lg, version: tuple, window, punt, availability, position, team, sort, per, limit) -> Rankings:
    """One computation per league state and filters (about 0.25 s of CPU for the demo league's
    ~520 players): the Players page reruns on every widget change and on every visit, and the
    same table comes back until the league clock, the team or the user's moves change. A
    ServiceError (a bad filter) is raised again each time, never cached."""
    return rankings(lg, window, punt if isinstance(punt, str) else list(punt), availability, position, team, sort, per, limit)


def trend(name: str, source=None, *, as_of: dt.date | None = None, scoring: str | None = None) -> PlayerTrend:
    src = source or league(as_of, scoring)
    return player_trend(src.history(), src.resolve_id(name))
