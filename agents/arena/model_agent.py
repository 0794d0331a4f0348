"""`ModelAgent`: the arena's model agent. The Case goes in the prompt (`case.for_agent()`, after the
decision moment: the Case's information cutoff, so the model knows what "now" is), the model has
the one tool, and the trader graph runs the tool inside the simulation's handler."""
from __future__ import annotations

import datetime as dt
import json

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

from agents.arena import prompts
from agents.arena.graph import MAX_ROUNDS, build_graph
from services.arena.execution import extract_call, parse_decision
from services.arena.models import AgentInvocation, AgentInvocationResult, Decision


def render_case(inv: AgentInvocation) -> str:
    """The human turn: the decision moment (the Case's information cutoff, which `for_agent` leaves
    out of the payload), the steps left, then the payload."""
    payload = json.dumps(inv.case.for_agent(compact=True), sort_keys=True)
    now = inv.case.information_cutoff_timestamp.astimezone(dt.timezone.utc)
    return prompts.CASE.format(cutoff=now.isoformat(), cutoff_readable=f"{now:%A %B %-d %Y, %H:%M} UTC",
                               steps_remaining=inv.steps_remaining, case_json=payload)


class ModelAgent:
    agent_id = "model"

    def __init__(self, model, model_name: str = "offline-trader", max_rounds: int = MAX_ROUNDS):
        self.graph = build_graph(model, max_rounds)
        self.version = f"1/{model_name}"

    def invoke(self, inv: AgentInvocation) -> AgentInvocationResult:
        messages = [SystemMessage(prompts.SYSTEM), HumanMessage(render_case(inv))]
        state = self.graph.invoke({"messages": messages, "rounds": 0},
                                  {"configurable": {"invocation": inv}, "recursion_limit": 4 * MAX_ROUNDS + 4})
        last = next((m for m in reversed(state["messages"]) if isinstance(m, AIMessage)), None)
        raw, _ = extract_call(inv.tool_calls)
        try:
            decision = parse_decision(raw) if raw is not None else Decision()
        except ValueError:
            decision = Decision()
        return AgentInvocationResult(decision=decision, tool_calls=inv.tool_calls,
                                     output=(last.content if last is not None and isinstance(last.content, str) else ""))
