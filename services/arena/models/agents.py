"""Agent interface: `AgentInvocation` in, `AgentInvocationResult` out, and the `Agent` protocol.

The simulation hands the agent its one tool as `AgentInvocation.submit_decision`, bound to
`services.arena.execution.handle_submission` (the models import nothing of the executor): the handler
executes the decision against the Case (all or nothing) and returns the `DecisionResult`; every
call is recorded, and the simulation commits the last one.
"""
from __future__ import annotations

from typing import Any, Callable, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from services.arena.models.case import Case
from services.arena.models.decision import Decision, DecisionResult

SubmitHandler = Callable[[Case, Any], tuple[Decision | None, DecisionResult]]


class AgentInvocation(BaseModel):
    """The input of one agent call: the Case (portfolio included) and who is asked."""
    model_config = ConfigDict(extra="forbid")

    case: Case
    episode_id: str
    agent_id: str
    steps_remaining: int | None = None  # decision points after this one
    _calls: list[Any] = PrivateAttr(default_factory=list)
    _results: list[tuple[Decision | None, DecisionResult]] = PrivateAttr(default_factory=list)
    _handler: SubmitHandler | None = PrivateAttr(default=None)
    _dropped: list[dict] = PrivateAttr(default_factory=list)

    def bind(self, handler: SubmitHandler) -> "AgentInvocation":
        self._handler = handler
        return self

    def submit_decision(self, decision: Decision | dict | Any) -> DecisionResult:
        """The tool: records the raw arguments, executes them against the Case, returns the result."""
        raw = decision.model_dump(mode="json") if isinstance(decision, Decision) else decision
        self._calls.append(raw)
        if self._handler is None:  # the models know no executor: the simulation (or a test) binds one
            raise RuntimeError("AgentInvocation.submit_decision needs a handler: call bind(handle_submission) first")
        decision_and_result = self._handler(self.case, raw)
        self._results.append(decision_and_result)
        return decision_and_result[1]

    def record_dropped(self, raw: Any, reason: str) -> str:
        """A call the agent made that was not executed (past the round cap): kept for the log, and the
        message the agent is told."""
        message = f"dropped, not executed: {reason}"
        self._dropped.append({"args": raw, "message": message})
        return message

    @property
    def dropped_calls(self) -> list[dict]:
        """Calls that were not executed, with what the agent was told, in call order."""
        return list(self._dropped)

    @property
    def tool_calls(self) -> list[Any]:
        """Raw `submit_decision` arguments in call order."""
        return list(self._calls)

    @property
    def submissions(self) -> list[tuple[Decision | None, DecisionResult]]:
        """(parsed decision or None when invalid, result) of each call, as the handler executed it."""
        return list(self._results)


class AgentInvocationResult(BaseModel):
    """The agent's parsed output: the decision, the raw tool calls, and its text."""
    model_config = ConfigDict(extra="forbid")

    decision: Decision = Field(default_factory=Decision)
    tool_calls: list[Any] = Field(default_factory=list)  # raw submit_decision arguments, in order
    output: str = ""
    error: str | None = None


@runtime_checkable
class Agent(Protocol):
    """Anything the arena can invoke."""
    agent_id: str
    version: str

    def invoke(self, invocation: AgentInvocation) -> AgentInvocationResult: ...
