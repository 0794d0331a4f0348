"""The graphs for LangGraph's own server (`langgraph.json` at the repository root names these).

Each factory builds its graph with the environment's settings (the offline planner without a
key) and without a checkpointer: LangGraph's server brings its own persistence. Courtside's own
front ends (pages, CLIs, `api/`) do not use these; they go through `agents.door`.
"""
from __future__ import annotations

from services.store.build import install

install()  # LangGraph's server imports this module: the database is built on first use, as in the CLIs


def supervisor():
    """The supervisor (classify -> agent <-> tools -> synthesize -> the human gate)."""
    from agents.supervisor.facade import open as open_supervisor
    from agents.models.llm import build_reasoner
    from agents.supervisor.graph import build_graph

    sup = open_supervisor()
    reasoner = build_reasoner(sup.provider, sup.source, sup.options.settings())
    return build_graph(sup.model, sup.source, None, reasoner=reasoner, limits=sup.limits)


def desk():
    """The market maker (call_model <-> run_tools, a decision at the end)."""
    from agents.desk.facade import open as open_desk

    return open_desk().graph


def signals():
    """The signals pod (assess_event_timeline -> fetch_news -> estimate_probability -> ... -> a signal or an exit)."""
    from agents.signals.facade import open as open_pod

    return open_pod().graph
