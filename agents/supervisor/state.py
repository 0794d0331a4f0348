"""Supervisor state: messages plus per-turn counters, answer and approval cards."""
from __future__ import annotations

from agents.matchup_optimizer.state import OptimizerState


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
