"""The one front door to the agents: the registry of facades the pages, the CLIs and the HTTP API use.

    from agents import door
    sup = door.supervisor.open(scoring="categories")   # or door.facade("supervisor").open(...)
    result = sup.ask_result("Who should I pick up?")   # a TurnResult
    door.supervisor.decide(result.pending_approvals[0].move_id, "approve")   # by card id alone

`FACADES` maps each agent (supervisor, desk, signals, arena) to its facade module; each returns
pydantic models (`TurnResult`, `Card`, `QuoteResult`, `DayRun`, the rows of
`agents.facades.models`). The typed contracts and the rows pages read are re-exported here, so a caller imports
nothing else from `agents` (tests/test_architecture.py enforces it for pages/, app.py and api/).

Facades load lazily, on first use: importing the door is cheap (the contracts only), and an agent
that fails to import shows as an error where it is used, not when a page starts.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from agents.core.contracts import (ApprovalsEvent, Card, ClarifyEvent, DecisionEvent, DeskCardEvent, DeskStep, DoneEvent,
                              IntentEvent, Offer,
                              SignalsEvent, StateEvent, StepEvent, TextEvent, ToolCall, ToolEnd, ToolStart,
                              Transaction, TransactionsEvent, TurnEvent, TurnResult, as_event, card_dicts, cards_of)
from agents.facades.models import AuditRecord, DecidedCard, HistoryStep, HistoryTurn, ThreadSummary, TransactionRow

FACADES: dict[str, str] = {
    "supervisor": "agents.supervisor.facade",  # the chat: turns, cards decided by id, history, audit
    "desk": "agents.desk.facade",              # the market desk: games, quotes, counters
    "signals": "agents.signals.facade",        # the signals pod: runs, inbox, scoreboard
    "arena": "agents.arena.facade",            # the arena: runs, summaries, diffs
}

# Other names the door hands out, loaded on first use: (module, attribute or None for the module).
_LAZY: dict[str, tuple[str, str | None]] = {
    "models": ("agents.facades.models", None),
    "rankings": ("agents.facades.rankings", None),
    "trades": ("agents.trades.facade", None),  # the Trade page: evaluate and find trades  # the Players page: rankings table and a player's trend
    "threads": ("agents.core.threads", None),  # thread bindings, ownership, league labels, browser sessions
    "check_environment": ("agents.core.overrides", "check_environment"),
    "card_now": ("agents.core.cards", "card_now"),
    "decision_line": ("agents.core.approvals", "decision_line"),  # what an applied card did, in words
    "offered_by_question": ("agents.core.offered", "offered_by_question"),
    "decided_cards": ("agents.core.offered", "decided_cards"),
    "one_line_failure": ("agents.core.failures", "one_line_failure"),
    "question_problem": ("agents.core.turn_flow", "question_problem"),  # why a question is refused (too long)
    "MAX_QUESTION": ("agents.core.turn_flow", "MAX_QUESTION"),  # a question's limit in characters (the composer's counter)
    "pick_edge": ("services.signals.divergence", "pick_edge"),  # a signal's edge for the side it buys
    "is_store_error": ("agents.core.failures", "is_store_error"),
    "store_errors": ("agents.core.failures", "store_errors"),  # what a store read or write raises, for `except`
    "ServiceError": ("services.models", "ServiceError"),  # bad input, as the CLIs exit 2 on it
    "inputs": ("services.inputs", None),  # the ranges of typed dates, times and numbers (CLIs and API alike)
    "ProviderError": ("agents.models.llm", "ProviderError"),
}

__all__ = ["FACADES", "facade", *FACADES, *_LAZY, "ApprovalsEvent", "AuditRecord", "Card", "HistoryStep", "HistoryTurn",
           "DecidedCard", "Offer", "ThreadSummary", "TransactionRow", "ClarifyEvent", "DecisionEvent",
           "DeskCardEvent",
           "DeskStep", "DoneEvent", "IntentEvent", "SignalsEvent", "StateEvent", "StepEvent", "TextEvent", "ToolCall",
           "ToolEnd", "ToolStart", "Transaction", "TransactionsEvent", "TurnEvent", "TurnResult", "as_event",
           "card_dicts", "cards_of"]


def facade(name: str) -> ModuleType:
    """The facade module registered under `name` (supervisor, desk, signals or arena)."""
    if name not in FACADES:
        raise KeyError(f"no agent {name!r} behind the door; one of: {', '.join(FACADES)}")
    return importlib.import_module(FACADES[name])


def __getattr__(name: str) -> Any:
    if name in FACADES:
        return facade(name)
    if name in _LAZY:
        module, attr = _LAZY[name]
        found = importlib.import_module(module)
        return found if attr is None else getattr(found, attr)
    raise AttributeError(f"module 'agents.door' has no attribute {name!r}")
