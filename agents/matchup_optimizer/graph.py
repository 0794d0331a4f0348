"""Builds the matchup-optimizer graph (deterministic nodes; the human gate at the end).

`add_optimizer_nodes` also serves the supervisor, which routes optimization requests into the
same nodes inside its own graph, so the whole turn shares one state and one checkpoint.
"""
from __future__ import annotations

from langchain_core.messages import AIMessage
from langgraph.graph import END, START, StateGraph

from agents.approvals import default_clock, make_present_and_confirm, route_after_confirm
from agents.matchup_optimizer.nodes import make_nodes, route_after_validate
from agents.matchup_optimizer.state import OptimizerState
from agents.matchup_optimizer.summary import lineup_after, write_summary
from agents.supervisor.nodes import emit
from agents.supervisor.tool_calls import traced_node
from agents.matchup_optimizer.trace import node_args

ORDER = ["parse_intent", "gather_rosters", "analyze_schedule", "check_injuries", "identify_candidates",
         "validate_moves", "compose_lineup"]
ENTRY = ORDER[0]


def add_optimizer_nodes(g: StateGraph, source, next_node: str) -> None:
    """Adds the optimizer's nodes to `g`; its summary leads to `next_node` (the human gate)."""
    nodes = make_nodes(source)

    def summarize(state) -> dict:
        text = write_summary(state, source.matchup().summary)
        emit({"type": "answer", "text": text})
        return {"answer": text, "messages": [AIMessage(content=text)]}

    for name in ORDER:  # each run is a timed call of the turn (tool_calls, audit)
        g.add_node(name, traced_node(name, nodes[name], node_args(name)))
    g.add_node("summarize", traced_node("summarize", summarize))
    for a, b in zip(ORDER[:5], ORDER[1:6], strict=True):
        g.add_edge(a, b)
    g.add_conditional_edges("validate_moves", route_after_validate, ["compose_lineup", "identify_candidates"])
    g.add_edge("compose_lineup", "summarize")
    g.add_edge("summarize", next_node)


def build_graph(source, checkpointer=None, clock=default_clock):
    g = StateGraph(OptimizerState)
    add_optimizer_nodes(g, source, "present_and_confirm")
    g.add_node("present_and_confirm", make_present_and_confirm(source, lambda _t: lineup_after(source), clock))
    g.add_edge(START, ENTRY)
    g.add_conditional_edges("present_and_confirm", route_after_confirm, ["present_and_confirm", END])
    return g.compile(checkpointer=checkpointer)
