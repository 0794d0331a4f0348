"""The typed rows the facades return instead of `list[dict]`: a thread's turns, the thread list,
pending cards with their thread and league, audit records, transactions and decided cards.

Each keeps unknown keys (`extra="allow"`), so a field a newer runtime adds survives, and offers a
read-only `row["key"]` / `row.get("key")` view for callers written against the former dicts.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agents.contracts import Card, ToolCall, Transaction


class Row(BaseModel):
    """Base of the rows: extra keys kept, and a read-only mapping view of the JSON dump."""

    model_config = ConfigDict(extra="allow")

    def __getitem__(self, key: str) -> Any:
        return self.model_dump(mode="json")[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.model_dump(mode="json").get(key, default)


class HistoryStep(Row):
    """One step drawn under an answer: a tool call (with its result) or an optimizer node."""

    name: str | None = None
    args: dict[str, Any] | None = None
    ok: bool | None = None
    ms: float | None = None
    summary: str | None = None


class HistoryTurn(Row):
    """One message of a thread as the chat redraws it (`role` user or assistant)."""

    role: str
    content: str = ""
    intent: str | None = None
    steps: list[HistoryStep] = Field(default_factory=list)
    desk_cards: list[dict[str, Any]] = Field(default_factory=list)
    signal_ids: list[str] = Field(default_factory=list)


class ThreadHistory(BaseModel):
    """A thread's turns and the cards still waiting in it."""

    thread_id: str
    league: str = ""
    turns: list[HistoryTurn] = Field(default_factory=list)
    pending_approvals: list[Card] = Field(default_factory=list)


class ThreadSummary(Row):
    thread_id: str
    updated_at: str
    title: str = ""
    pending: int = 0
    league: str = ""


class PendingCard(BaseModel):
    """A card waiting for a decision, with the thread that offered it and its league's label."""

    thread_id: str
    league: str
    card: Card


class AuditRecord(Row):
    """One recorded turn or decision (newest first in lists)."""

    turn_id: str
    thread_id: str
    created_at: str
    question: str = ""
    intent: str | None = None
    answer: str = ""
    error: str | None = None
    tool_calls: list[dict[str, Any]] = Field(default_factory=list)


class TransactionRow(Row):
    """An approved move of a league with its expected and (hindsight) realized gain."""

    move_id: str
    drop: str | None = None
    add: str | None = None
    unit: str | None = None
    expected_gain: float | None = None
    realized_gain: float | None = None


class DecidedCard(TransactionRow):
    """A decided card of a league (approve or decline) with its outcome."""

    thread_id: str
    decision: str
    outcome: str
    reason: str | None = None


__all__ = ["AuditRecord", "Card", "DecidedCard", "HistoryStep", "HistoryTurn", "PendingCard", "Row",
           "ThreadHistory", "ThreadSummary", "ToolCall", "Transaction", "TransactionRow"]
