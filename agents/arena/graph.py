"""The trader graph: call_model -> (route_after_call_model) -> submit_decision -> call_model ... END.

The `submit_decision` node is the simulation's tool handler: it passes each call's arguments, in
the order the model emitted them, to `AgentInvocation.submit_decision` (taken from the run config)
and returns each `DecisionResult` to the model as a ToolMessage. `max_rounds` bounds the loop: a
call past the cap goes to `refuse_extra_calls`, which executes nothing, records the call in the
invocation (the decision log's `dropped_calls`) and answers it with a ToolMessage saying it was
dropped; the model reads that once (one more call_model), and anything it calls then is dropped
and recorded the same way, with the run ended.
"""
from __future__ import annotations

from typing import Annotated, Any, Literal, TypedDict

from langchain_core.messages import AIMessage, AnyMessage, ToolMessage
from langchain_core.runnables import RunnableConfig
from langchain_core.tools import StructuredTool
from langgraph.graph import END, START, StateGraph
from langgraph.graph.message import add_messages

from services.arena.models import Decision

TOOL_NAME = "submit_decision"
MAX_ROUNDS = 2  # a rejected decision may be corrected once


def _not_here(**_: Any) -> str:
    raise RuntimeError("submit_decision runs inside the trader graph's submit_decision node")


SUBMIT_TOOL = StructuredTool.from_function(
    func=_not_here, name=TOOL_NAME, args_schema=Decision,
    description="Submit this morning's orders (an empty list holds). Returns the DecisionResult: accepted "
                "with the executed trades, or rejected with the reason.")


class TraderState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    rounds: int
    refusals: int


def route_after_call_model(state: TraderState,
                           max_rounds: int = MAX_ROUNDS) -> Literal["submit_decision", "refuse_extra_calls", "__end__"]:
    last = state["messages"][-1]
    if not (isinstance(last, AIMessage) and last.tool_calls):
        return END
    return "submit_decision" if state.get("rounds", 0) < max_rounds else "refuse_extra_calls"


def route_after_refusal(state: TraderState) -> Literal["call_model", "__end__"]:
    """The model is told once (it reads the refusal); a second refusal ends the run."""
    return "call_model" if state.get("refusals", 0) <= 1 else END


def build_graph(model, max_rounds: int = MAX_ROUNDS):
    """Compile the loop around `model` (any chat model with bind_tools)."""
    bound = model.bind_tools([SUBMIT_TOOL])

    def call_model(state: TraderState, config: RunnableConfig) -> dict:
        return {"messages": [bound.invoke(state["messages"], config)]}

    def submit_decision(state: TraderState, config: RunnableConfig) -> dict:
        invocation = config["configurable"]["invocation"]
        out = []
        for tc in state["messages"][-1].tool_calls:
            if tc["name"] != TOOL_NAME:
                out.append(ToolMessage(content=f"unknown tool {tc['name']!r}; the one tool is {TOOL_NAME}",
                                       tool_call_id=tc["id"], name=tc["name"], status="error"))
                continue
            result = invocation.submit_decision(tc["args"])
            out.append(ToolMessage(content=result.model_dump_json(), tool_call_id=tc["id"], name=TOOL_NAME,
                                   status="success" if result.status == "accepted" else "error"))
        return {"messages": out, "rounds": state.get("rounds", 0) + 1}

    def refuse_extra_calls(state: TraderState, config: RunnableConfig) -> dict:
        invocation = config["configurable"]["invocation"]
        reason = (f"the {max_rounds}-round cap of submit_decision is reached; the last executed decision stands "
                  "and this call changed nothing")
        out = [ToolMessage(content=invocation.record_dropped(tc["args"], reason), tool_call_id=tc["id"],
                           name=tc["name"], status="error") for tc in state["messages"][-1].tool_calls]
        return {"messages": out, "refusals": state.get("refusals", 0) + 1}

    g = StateGraph(TraderState)
    g.add_node("call_model", call_model)
    g.add_node("submit_decision", submit_decision)
    g.add_node("refuse_extra_calls", refuse_extra_calls)
    g.add_edge(START, "call_model")
    g.add_conditional_edges("call_model", lambda s: route_after_call_model(s, max_rounds))
    g.add_edge("submit_decision", "call_model")
    g.add_conditional_edges("refuse_extra_calls", route_after_refusal)
    return g.compile()
