"""Builds the pod: assess_event_timeline -> (game started: END) -> fetch_news -> (no news: END) -> estimate_probability -> (invalid twice: END)
-> calculate_divergence -> (|ev| below threshold: END) -> generate_signal -> END.

The chat model is injected (tests drive every exit with a scripted one; offline it is the
deterministic model that fills the schema from the transparent estimator).
"""
from __future__ import annotations

from langgraph.graph import END, START, StateGraph

from agents.signals import nodes as N
from agents.signals.state import PodState

NODES = ("assess_event_timeline", "fetch_news", "estimate_probability", "calculate_divergence", "generate_signal")


def build_graph(model, store_factory=N.configured_signals):
    g = StateGraph(PodState)
    g.add_node("assess_event_timeline", N.assess_event_timeline)
    g.add_node("fetch_news", N.fetch_news)
    g.add_node("estimate_probability", N.make_estimate_probability(model))
    g.add_node("calculate_divergence", N.calculate_divergence)
    g.add_node("generate_signal", N.make_generate_signal(store_factory))
    g.add_edge(START, "assess_event_timeline")
    g.add_conditional_edges("assess_event_timeline", N.route_after_assess_event_timeline, ["fetch_news", END])
    g.add_conditional_edges("fetch_news", N.route_after_fetch_news, ["estimate_probability", END])
    g.add_conditional_edges("estimate_probability", N.route_after_estimate_probability, ["calculate_divergence", END])
    g.add_conditional_edges("calculate_divergence", N.route_after_calculate_divergence, ["generate_signal", END])
    g.add_edge("generate_signal", END)
    return g.compile()
