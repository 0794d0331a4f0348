"""Supervisor state: messages plus per-turn counters, answer and approval cards."""
from __future__ import annotations

from typing import Annotated

from langchain_core.messages import HumanMessage

from agents.matchup_optimizer.state import OptimizerState


def turn_key(messages: list) -> str:
    """The id of the turn's question (the latest HumanMessage): cards are kept per turn."""
    for i in range(len(messages) - 1, -1, -1):
        if isinstance(messages[i], HumanMessage):
            return str(messages[i].id or f"turn-{i}")
    return "turn-0"


def add_turn_cards(old: dict[str, list[dict]] | None, new: dict[str, list[dict]] | None) -> dict[str, list[dict]]:
    """Cards the tools handed over, keyed by the turn (its question's message id). An update for
    a new turn drops the cards of earlier turns; updates of one turn (parallel tool calls) add up.
    Cards are kept as validated `Card` dumps: plain JSON in the checkpoint, typed again when read."""
    old, new = old or {}, new or {}
    return {turn: [*old.get(turn, []), *cards] for turn, cards in new.items()} if new else old


class SupervisorState(OptimizerState, total=False):
    """The optimizer's keys plus the ReAct loop's (the optimizer runs inside this graph)."""

    team_id: int | None
    league_id: str | None
    tool_call_count: int
    llm_calls: int
    model_rounds: int
    started_at: float
    guard: str | None
    error: str | None
    offers: list[dict]  # agents.core.contracts.Offer dumps: next steps this turn's answer offers
    deferred: list[dict]  # card sets a new question set aside: [{set_id, cards}], newest first (agents.core.deferred)
    deferred_decision: dict | None  # {set_id, decisions}: this run decides a deferred set
    tool_cards: Annotated[dict[str, list[dict]], add_turn_cards]  # the card tools' artifacts, this turn's
