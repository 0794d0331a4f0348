"""The matchup-optimizer's nodes inside the supervisor's graph (deterministic; the human gate after).

The supervisor routes optimization requests into these nodes in its own graph, so the whole turn
shares one state and one checkpoint. validate_moves runs `propose_moves`, whose relax passes are
its numbered steps, so the path is a straight line.
"""
from __future__ import annotations

from langchain_core.messages import AIMessage
from langgraph.graph import StateGraph

from agents.matchup_optimizer.nodes import make_nodes
from agents.matchup_optimizer.opening import opening_line, then_open_answer
from agents.matchup_optimizer.summary import write_summary
from agents.core.contracts import TextEvent
from agents.core.glossary import explained
from agents.core.events import emit
from agents.supervisor.tool_calls import traced_node
from agents.matchup_optimizer.trace import node_args

ORDER = ["parse_intent", "gather_rosters", "analyze_schedule", "check_injuries", "identify_candidates",
         "validate_moves", "compose_lineup"]
ENTRY = ORDER[0]


def add_optimizer_nodes(g: StateGraph, source, next_node: str) -> None:
    """Adds the optimizer's nodes to `g`; its summary leads to `next_node` (the human gate)."""
    nodes = make_nodes(source)
    nodes[ENTRY] = then_open_answer(nodes[ENTRY], source)  # the scoreboard streamed while moves are scanned

    def summarize(state) -> dict:
        text = write_summary(state, state.get("matchup_line") or opening_line(source), source.status_note)
        text = explained((state.get("intent_label") or {}).get("explain_terms") or [], text)  # "the IR thing": said first
        emit(TextEvent(type="answer", text=text))
        return {"answer": text, "messages": [AIMessage(content=text)]}

    for name in ORDER:
        g.add_node(name, traced_node(name, nodes[name], node_args(name)))  # each run is a timed call of the turn (tool_calls, audit)
    g.add_node("summarize", traced_node("summarize", summarize))
    for a, b in zip(ORDER, ORDER[1:], strict=False):
        g.add_edge(a, b)
    g.add_edge("compose_lineup", "summarize")
    g.add_edge("summarize", next_node)
