"""Request and response bodies of the HTTP API (pydantic, so OpenAPI documents them).

Responses reuse the door's models (`TurnResult`, `Card`, `QuoteResult`, `DayRun` ...); every
error is `ErrorBody` with the CLI's `error` text.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from agents.door import Card, TurnResult  # noqa: F401 - re-exported for the routes
from agents.door import models as M
from agents import door

Day, Finite, Moment = door.inputs.Day, door.inputs.Finite, door.inputs.Moment  # the CLIs' ranges, one place
Line, Odds, Stake = door.desk.Line, door.desk.Odds, door.desk.Stake

MAX_MESSAGE = 4000  # agents.core.runtime.MAX_QUESTION (the chat box and the CLI stop there too)


class Strict(BaseModel):
    # a misspelt field is a 400, not silently ignored; NaN and Infinity (JSON extensions) are refused
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)


class ErrorBody(BaseModel):
    error: str = Field(description="one line: the same text the CLI prints as `error`")


class ChatRequest(Strict):
    message: str = Field(min_length=1, max_length=MAX_MESSAGE, description="the question, as typed in the chat")
    thread_id: str | None = Field(None, min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
                                  description="continue this conversation (yours); omitted: a new one")
    as_of: Day | None = Field(None, description="the demo league's as-of date (default 2025-01-29)")
    scoring: Literal["points", "categories"] | None = None
    team: int | None = Field(None, ge=1, le=30, description="the team you manage in the league (demo: 1-10); bound to the thread at its first turn")

    @field_validator("message")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("the message is empty")
        return v


class PlayerRequest(Strict):
    name: str = Field(min_length=2, max_length=80, description="a player's name, as a manager writes it")
    last_n: int | None = Field(None, ge=1, le=30, description="how many recent games to read (default: the agent's)")


class DecisionRequest(Strict):
    decision: Literal["approve", "decline"]


class Approvals(BaseModel):
    approvals: list[M.PendingCard]
    error: str | None = None


class QuoteRequest(Strict):
    game_id: str = Field(min_length=1, max_length=64)
    market: Literal["moneyline", "spread", "total"]
    side: Literal["home", "away", "over", "under"]
    line: Line | None = None
    odds: Odds
    amount: Stake
    at: Moment | None = Field(None, description="desk time (default: the desk clock), years 1900-2100")


class AcceptRequest(Strict):
    quote_id: str = Field(min_length=1, max_length=64)
    at: Moment | None = None


class SignalsRunRequest(Strict):
    date: Day
    mode: Literal["blind", "anchored"] = "blind"
    threshold: Finite | None = Field(None, ge=0.0, le=1.0)


class Health(BaseModel):
    status: Literal["ok", "down"]
    error: str | None = None
