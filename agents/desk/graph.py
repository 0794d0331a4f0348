"""Builds the market maker: START -> call_model <-> run_tools; call_model -> finalize (validated
decision, one retry) or stop_over_budget; the chat model is injected (offline: the rule policy in
agents/offline/desk_policy.py; tests: a scripted model)."""
from __future__ import annotations

from typing import Literal

from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph

from agents.desk import nodes as N
from agents.desk.state import DeskState
from services.desk.book import DeskBook


def route_after_call_model(state) -> Literal["run_tools", "finalize", "stop_over_budget"]:
    if state.get("guard"):
        return "stop_over_budget"
    last = state["messages"][-1] if state.get("messages") else None
    return "run_tools" if isinstance(last, AIMessage) and last.tool_calls else "finalize"


def route_after_finalize(state) -> Literal["call_model", "__end__"]:
    return END if state.get("decision") else "call_model"


def build_graph(model, book: DeskBook, checkpointer=None):
    g = StateGraph(DeskState)
    g.add_node("call_model", N.make_call_model(model))
    g.add_node("run_tools", N.make_run_tools(book))
    g.add_node("finalize", N.finalize)
    g.add_node("stop_over_budget", N.stop_over_budget)
    g.add_edge(START, "call_model")
    g.add_conditional_edges("call_model", route_after_call_model, ["run_tools", "finalize", "stop_over_budget"])
    g.add_edge("run_tools", "call_model")
    g.add_conditional_edges("finalize", route_after_finalize, ["call_model", END])
    g.add_edge("stop_over_budget", END)
    return g.compile(checkpointer=checkpointer)
