"""The market desk's facade: open the desk, the day's games as a model, quotes and counters.

A thin layer over `agents.desk.runtime.Desk` (whose `quote` and `accept` already return
`QuoteResult` / `AcceptResult`); the CLI, the Desk page and the HTTP API all open it here.
"""
from __future__ import annotations

import datetime as dt
from typing import Any

from pydantic import BaseModel, Field, field_serializer

from agents.desk.report import DeskReport, clv_report
from agents.desk.clock import DEFAULT_DESK_TIME, aligned_day, league_day_of, on_league_day
from agents.desk.runtime import COUNTER_NOTICE, AcceptResult, Desk, QuoteResult, next_line_move
from services.desk.models import BetRequest, Line, Odds, Stake
from services.markets.pricing import PRICED_FROM_SPREAD
from services.markets.state import SIMULATED_PATH

__all__ = ["COUNTER_NOTICE", "DEFAULT_DESK_TIME", "AcceptResult", "BetRequest", "Desk", "DeskGames", "DeskReport", "Line",
           "Odds", "QuoteResult", "Stake", "clv_report",
           "aligned_day", "games", "league_day_of", "next_line_move", "on_league_day", "open"]

GAME_LABELS = [PRICED_FROM_SPREAD, SIMULATED_PATH]


class DeskGames(BaseModel):
    """A day's games with the desk's prices at desk time `at` (the `desk games --json` object)."""

    date: dt.date
    at: dt.datetime
    games: list[dict[str, Any]] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=lambda: list(GAME_LABELS))
    error: str | None = None

    @field_serializer("at")
    def _iso(self, at: dt.datetime) -> str:
        return at.isoformat()  # "+00:00", as the CLI always printed


def open(provider: str | None = None, **kwargs) -> Desk:  # noqa: A001
    """A desk for this provider (offline: the rule policy); `kwargs` go to `Desk` (model, store...)."""
    return Desk(provider=provider, **kwargs)


def games(desk: Desk, day: dt.date, at: dt.datetime | None = None) -> DeskGames:
    at = at or desk.clock.now()
    return DeskGames(date=day, at=at, games=desk.games(day, at))
