"""The trades facade: evaluate and find trades in a league (the Trade page, the CLI, through the door).

    from agents import door
    ev = door.trades.evaluate(["Tyler Herro"], ["Jalen Brunson"])       # a TradeEvaluation
    found = door.trades.find(targets=["AST", "STL"])                    # a TradeSearch
"""
from __future__ import annotations

import datetime as dt

from pydantic import BaseModel

from agents.core.contracts import Card
from services.models import ServiceError
from services.trades.evaluate import TradeEvaluation, evaluate_trade, giving_team

__all__ = ["ProposalOutcome", "ServiceError", "TradeEvaluation", "evaluate", "find", "giving", "league", "oriented",
           "proposal",            "send", "teams"]

PAGE_THREAD = "trade-page"  # the Trade page's decisions are audited under this conversation id


class ProposalOutcome(BaseModel):
    """What sending (or deciding a counter to) a proposal did: the gate's lines, the counter card."""

    lines: list[str]
    applied: bool
    counter: Card | None = None


def league(as_of: dt.date | None = None, scoring: str | None = None):
    from agents.facades.rankings import league as open_league

    return open_league(as_of, scoring)


def evaluate(give: list[str], get: list[str], source=None, *, team_id: int | None = None, cut: list[str] | None = None,
             punt=(), as_of: dt.date | None = None, scoring: str | None = None) -> TradeEvaluation:
    src = source or league(as_of, scoring)
    return evaluate_trade(src, give, get, team_id, cut, punt)


def giving(give: list[str], get: list[str], source=None, *, as_of: dt.date | None = None,
           scoring: str | None = None) -> tuple[int, str, bool]:
    """(team id, team name, is it mine) of the team that owns every `give` player (ServiceError otherwise)."""
    src = source or league(as_of, scoring)
    lg = src.history()
    team = giving_team(src, give, get)
    return team, lg.team_name(team)[0], team == lg.my_team_id


def find(source=None, *, targets=(), give: list[str] | None = None, team_id: int | None = None, limit: int = 10,
         as_of: dt.date | None = None, scoring: str | None = None, progress=None, get: list[str] | None = None,
         protect=(), shape: str | None = None, exclude=(), punt=(), get_position: str | None = None):
    """The finder's search (`progress(stage, done, total)` streams how far it is; `shape`, `exclude`,
    `punt` and `get_position` as the request frame carries them)."""
    from services.trades.find import find_trades

    src = source or league(as_of, scoring)
    return find_trades(src, targets=targets, give=give, team_id=team_id, limit=limit, progress=progress, get=get,
                       protect=protect, shape=shape, exclude=exclude, punt=punt, get_position=get_position)


def oriented(source, give: list[str], get: list[str], team_id: int | None = None):
    """(give, get, note): a trade said backwards (his players "given", mine "got") turned around."""
    from agents.trades.cards import oriented as turn

    return turn(source, give, get, team_id)


def teams(source=None, *, as_of: dt.date | None = None, scoring: str | None = None) -> list[tuple[int, str, list[str]]]:
    """(team id, name, its players' names) of every team: the Trade page's pickers."""
    src = source or league(as_of, scoring)
    lg = src.history()
    names = lambda ids: [lg.snapshot.players[p].ref.name for p in ids]  # noqa: E731
    return [(t, lg.team_name(t)[0], names(lg.roster_ids(t) + lg.ir_ids(t))) for t in lg.team_ids]


def proposal(give: list[str], get: list[str], source=None, *, team_id: int | None = None, cut: list[str] | None = None,
             as_of: dt.date | None = None, scoring: str | None = None) -> Card:
    """The card "Propose trade to <team>: give A, get B" (ServiceError on an ESPN league: propose it there)."""
    from agents.trades.cards import propose

    return propose(source or league(as_of, scoring), give, get, cut, team_id)[1]


def send(card: Card, source=None, decision: str = "approve", *, as_of: dt.date | None = None,
         scoring: str | None = None) -> ProposalOutcome:
    """Decides a trade card at the approval gate (`agents.core.approvals.decide`: one claim per card set,
    applied in one store transaction, audited): approving sends it and the other manager answers."""
    from agents.core.approvals import decide
    from agents.trades.cards import counter_card

    src = source or league(as_of, scoring)
    counters: list[tuple] = []
    transactions, lines = decide(src, [card], {card.move_id: decision}, PAGE_THREAD, counters=counters)
    counter = next((c for c in (counter_card(own, t) for own, t in counters) if c is not None), None)
    return ProposalOutcome(lines=lines, applied=any(t["outcome"] == "applied" for t in transactions), counter=counter)
