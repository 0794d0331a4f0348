"""What the desk returns: a quote's outcome and a counter's acceptance (`agents.desk.runtime` makes
them, `agents.desk.lifecycle` decides a counter's; both import them from here)."""
from __future__ import annotations

import datetime as dt

from pydantic import BaseModel


class QuoteResult(BaseModel):
    quote_id: str
    parent_quote_id: str | None = None
    game_id: str
    at: dt.datetime
    status: str  # accepted | rejected | countered (later: counter_accepted, counter_expired, ...)
    request: dict
    decision: dict
    desk_odds: float | None
    market_line: float | None
    counter: dict | None = None
    position: dict | None = None
    tool_calls: list[dict] = []
    steps: list[str] = []
    model_calls: int = 0
    elapsed_ms: float = 0.0
    labels: list[str] = []
    booking: dict | None = None  # the time and the desk's price read inside the booking transaction
    replayed: bool = False  # a retry (same idempotency key): the first outcome, nothing booked again
    error: str | None = None


class AcceptResult(BaseModel):
    quote_id: str
    status: str  # counter_accepted | counter_rejected | fresh_evaluation
    check: dict
    position: dict | None = None
    fresh: QuoteResult | None = None
    model_calls: int = 0
    replayed: bool = False
    error: str | None = None
