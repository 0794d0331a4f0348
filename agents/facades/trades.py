"""The trades facade: evaluate and find trades in a league (the Trade page, the CLI, through the door).

    from agents import door
    ev = door.trades.evaluate(["Tyler Herro"], ["Jalen Brunson"])       # a TradeEvaluation
    found = door.trades.find(targets=["AST", "STL"])                    # a TradeSearch
"""
from __future__ import annotations

import datetime as dt

from services.models import ServiceError
from services.trades.evaluate import TradeEvaluation, evaluate_trade

__all__ = ["ServiceError", "TradeEvaluation", "evaluate", "find", "league", "teams"]


def league(as_of: dt.date | None = None, scoring: str | None = None):
    from agents.facades.rankings import league as open_league

    return open_league(as_of, scoring)


def evaluate(give: list[str], get: list[str], source=None, *, team_id: int | None = None, cut: list[str] | None = None,
             punt=(), as_of: dt.date | None = None, scoring: str | None = None) -> TradeEvaluation:
    src = source or league(as_of, scoring)
    return evaluate_trade(src, give, get, team_id, cut, punt)


def find(source=None, *, targets=(), give: list[str] | None = None, team_id: int | None = None, limit: int = 10,
         as_of: dt.date | None = None, scoring: str | None = None):
    from services.trades.find import find_trades

    src = source or league(as_of, scoring)
    return find_trades(src, targets=targets, give=give, team_id=team_id, limit=limit)


def teams(source=None, *, as_of: dt.date | None = None, scoring: str | None = None) -> list[tuple[int, str, list[str]]]:
    """(team id, name, its players' names) of every team: the Trade page's pickers."""
    src = source or league(as_of, scoring)
    lg = src.history()
    names = lambda ids: [lg.snapshot.players[p].ref.name for p in ids]  # noqa: E731
    return [(t, lg.team_name(t)[0], names(lg.roster_ids(t) + lg.ir_ids(t))) for t in lg.team_ids]
