"""The typed rows the facades return instead of `list[dict]`: a thread's turns, the thread list,
pending cards with their thread and league, audit records, transactions and decided cards.

Each keeps unknown keys (`extra="allow"`), so a field a newer runtime adds survives the round trip
(`model_dump(mode="json")`, as the Audit page's JSON-lines export writes them). Callers read
attributes: a row is not a dict.
"""
from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from agents.core.contracts import Card, Offer, ToolCall, Transaction


# A stored time or day: text in SQLite, a date or timestamp from PostgreSQL; shown as ISO text.
When = Annotated[str | None, BeforeValidator(lambda v: v.isoformat() if hasattr(v, "isoformat") else v)]


class Row(BaseModel):
    """Base of the rows: unknown keys kept (a newer runtime's fields survive a JSON round trip)."""

    model_config = ConfigDict(extra="allow")


class HistoryStep(Row):
    """One step drawn under an answer: a tool call (`name`, with its result) or a graph node's step
    (`node` names the node and `text` says what it found: the optimizer's, the signals pod's)."""

    id: str | None = None
    name: str | None = None
    args: dict[str, Any] | None = None
    ok: bool | None = None
    ms: float | None = None
    summary: str | None = None
    result: Any = None
    node: str | bool | None = None  # the node's name for a node step; True for a tool the optimizer ran
    text: str | None = None
    graph: str | None = None
    game_id: str | None = None
    game: str | None = None


class HistoryTurn(Row):
    """One message of a thread as the chat redraws it (`role` user or assistant)."""

    role: str
    content: str = ""
    intent: str | None = None
    steps: list[HistoryStep] = Field(default_factory=list)
    cards: list[Card] = Field(default_factory=list)
    guard: str | None = None
    desk_cards: list[dict[str, Any]] = Field(default_factory=list)
    signal_ids: list[str] = Field(default_factory=list)


class ThreadHistory(BaseModel):
    """A thread's turns and the cards still waiting in it."""

    thread_id: str
    league: str = ""
    turns: list[HistoryTurn] = Field(default_factory=list)
    pending_approvals: list[Card] = Field(default_factory=list)


class ThreadSummary(Row):
    """A recent thread: its title (first question), newest question, last update, pending cards
    and league label."""

    thread_id: str
    updated_at: When = None
    title: str | None = ""
    last_question: str | None = None
    pending: int = 0
    league: str = ""


class PendingCard(BaseModel):
    """A card waiting for a decision, with the thread that offered it and its league's label."""

    thread_id: str
    league: str
    card: Card


class AuditRecord(Row):
    """One recorded turn or decision (newest first in lists); a decision's `question` starts with
    "[decision]" and its `decisions` map move ids to approve or decline."""

    turn_id: str
    thread_id: str
    created_at: str
    question: str = ""
    provider: str | None = None
    model: str | None = None
    as_of: str | None = None
    intent: str | None = None
    answer: str = ""
    error: str | None = None
    tool_calls: list[HistoryStep] = Field(default_factory=list)
    steps: list[HistoryStep] = Field(default_factory=list)
    llm_calls: int = 0
    rounds: int = 0
    tokens: dict[str, int] | None = None
    node_ms: dict[str, float] | None = None
    elapsed_ms: float | None = None
    pending: list[str] = Field(default_factory=list)
    decisions: dict[str, str] = Field(default_factory=dict)
    transactions: list[Transaction] = Field(default_factory=list)
    guard: str | None = None
    desk_cards: list[dict[str, Any]] = Field(default_factory=list)
    signal_ids: list[str] = Field(default_factory=list)
    offers: list[Offer] = Field(default_factory=list)
    replaced: bool = False  # the question was edited and asked again: kept for the record, not a turn of the thread

    @property
    def is_decision(self) -> bool:
        return self.question.startswith("[decision]")


class TransactionRow(Row):
    """An approved move of a league with its expected and (hindsight) realized gain."""

    move_id: str
    drop: str | None = None
    add: str | None = None
    kind: str | None = None
    unit: str | None = None
    expected_gain: float | None = None
    realized_gain: float | None = None
    as_of: When = None
    applied_at: When = None


class DecidedCard(TransactionRow):
    """A decided card of a league (approve or decline) with its outcome."""

    thread_id: str
    decision: str
    outcome: str
    reason: str | None = None
    decided_at: When = None


__all__ = ["AuditRecord", "Card", "DecidedCard", "HistoryStep", "HistoryTurn", "Offer", "PendingCard", "Row",
           "ThreadHistory", "ThreadSummary", "ToolCall", "Transaction", "TransactionRow"]
