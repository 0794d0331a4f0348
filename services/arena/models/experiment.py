"""Logging and experiment storage: `DecisionPointLog`, `EpisodeLog`, `SimulationLog`."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from services.arena.models.decision import Decision, DecisionResult
from services.arena.models.episode import EpisodeConfig, EpisodeResult, EquityPoint, Settlement


class DecisionPointLog(BaseModel):
    """One decision point: what the agent saw and said, the decision taken, and its result."""
    model_config = ConfigDict(extra="forbid")

    case_id: str
    decision_point_idx: int
    information_cutoff_timestamp: str
    agent_payload: dict[str, Any]  # case.for_agent(compact=True)
    agent_output: dict[str, Any]  # {"output", "tool_calls", "error"}
    extracted_decision: Decision | None  # None when the submitted arguments were invalid
    extraction: str  # "no tool call", "one call", "last of N calls", "invalid: ..."
    execution_result: DecisionResult
    settlements: list[Settlement] = Field(default_factory=list)  # paid out before this decision
    equity: EquityPoint  # marked before the decision


class EpisodeLog(BaseModel):
    """A whole episode: its config, every decision point, and the result."""
    model_config = ConfigDict(extra="forbid")

    config: EpisodeConfig
    decision_point_logs: list[DecisionPointLog] = Field(default_factory=list)
    episode_result: EpisodeResult


class SimulationLog(BaseModel):
    """A run: its id, the episodes, errors, and the versions that make it reproducible."""
    model_config = ConfigDict(extra="forbid")

    run_id: str
    episode_logs: list[EpisodeLog] = Field(default_factory=list)
    errors: list[str] = Field(default_factory=list)
    simulation_version: str | None = None
    agent_version: str | None = None
    evaluation_version: str | None = None
