"""Contracts "TEAM wins on DATE": tickers, listing, prices from the desk, settlement on the final.

A contract lists 48 h before its game's nominal tip and trades until tip. Its price is the desk's
no-vig win probability for that team at that moment (`services.markets.state.win_prob`), or any
injected `PriceFn` with the same signature. It settles at 1 if the team won, else 0 (real final
from `services.league.season_games`).
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache
from typing import Callable

from pydantic import BaseModel, ConfigDict

from services.league import season_games

LISTING = dt.timedelta(hours=48)
PriceFn = Callable[[str, str, dt.datetime], float]  # (game_id, team, at) -> P(team wins)


class Contract(BaseModel):
    """One tradable contract and the game it names (schedule facts only: no score, no line)."""
    model_config = ConfigDict(frozen=True)

    ticker: str
    game_id: str
    team: str
    opponent: str
    home: bool
    date: dt.date
    tip: dt.datetime

    @property
    def listed_at(self) -> dt.datetime:
        return self.tip - LISTING


def ticker(team: str, date: dt.date) -> str:
    return f"{team}-{date.isoformat()}"


def parse_ticker(text: str) -> tuple[str, dt.date]:
    """('BOS', date(2025, 1, 31)) from 'BOS-2025-01-31'; ValueError on anything else."""
    team, _, day = text.partition("-")
    if not team or not day:
        raise ValueError(f"not a ticker (TEAM-YYYY-MM-DD): {text!r}")
    return team, dt.date.fromisoformat(day)


def contracts_on(day: dt.date) -> list[Contract]:
    """Both sides of every regular-season game on `day`, home first, in schedule order."""
    return list(_contracts_on(day, str(season_games.GAMES_CSV)))


@lru_cache(maxsize=512)  # every matchday asks about the six days around it, three times
def _contracts_on(day: dt.date, games_csv: str) -> tuple[Contract, ...]:
    out = []
    for g in season_games.schedule(day, day):
        for team, opp, home in ((g.home, g.away, True), (g.away, g.home, False)):
            out.append(Contract(ticker=ticker(team, g.date), game_id=g.game_id, team=team, opponent=opp,
                                home=home, date=g.date, tip=g.tip))
    return tuple(out)


def listed_contracts(at: dt.datetime) -> list[Contract]:
    """Contracts open for trading at `at`: listed (tip - 48 h <= at) and not yet tipped."""
    day = at.date()
    cands = [c for d in range(-2, 4) for c in contracts_on(day + dt.timedelta(days=d))]
    return [c for c in cands if c.listed_at <= at < c.tip]


def contract(text: str) -> Contract:
    """The contract a ticker names; ValueError when no such game exists."""
    team, day = parse_ticker(text)
    for c in contracts_on(day):
        if c.team == team:
            return c
    raise ValueError(f"{team} has no game on {day}")


@lru_cache(maxsize=200_000)
def desk_price(game_id: str, team: str, at: dt.datetime) -> float:
    """The market desk's no-vig win probability for `team` at `at` (cached: it is a pure function)."""
    from services.markets.state import win_prob

    return win_prob(game_id, team, at)


def settlement_payout(c: Contract) -> tuple[float, str]:
    """(1.0 if the team won else 0.0, the final as text) from the real result."""
    g = season_games.get_game(c.game_id)
    won = g.home_won if c.home else not g.home_won
    return (1.0 if won else 0.0), f"{g.away} {g.away_pts} - {g.home_pts} {g.home}"
