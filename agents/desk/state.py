"""The market maker's graph state: the conversation plus the request, the desk context and the
loop's counters (tool calls, model calls, the one retry) and the validated decision."""
from __future__ import annotations

from typing import Annotated, TypedDict

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages


class DeskState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    request: dict  # BetRequest.model_dump()
    limits: dict  # DeskLimits.model_dump()
    quote_id: str
    profile: dict  # services.desk.profiles.BettorProfile.model_dump(): the bettor's accept band and stake cap
    shading: bool  # liability-driven line shading on
    at: str  # desk time, ISO with offset
    tool_call_count: int
    llm_calls: int
    retries: int
    guard: str | None
    decision: dict | None  # Decision.model_dump() once validated (or the forced reject)
    invalid: list[str]  # why the last output was refused
