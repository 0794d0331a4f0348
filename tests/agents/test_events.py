"""The one typed `emit` (agents/core/events.py): events are `TurnEvent` models from where they are made,
sent by one function, and a listener's failure is logged instead of vanishing."""
from __future__ import annotations

import ast
import logging
from pathlib import Path
from typing import get_args

import pytest
from langgraph.graph import END, START, StateGraph
from typing_extensions import TypedDict

from agents.core import events
from agents.core.contracts import EVENT_TYPES, StateEvent, StepEvent, TextEvent

ROOT = Path(__file__).resolve().parents[2]


class _S(TypedDict, total=False):
    n: int


def _graph(*to_emit):
    def node(state: _S) -> dict:
        for e in to_emit:
            events.emit(e)
        return {"n": 1}
    g = StateGraph(_S)
    g.add_node("work", node)
    g.add_edge(START, "work")
    g.add_edge("work", END)
    return g.compile()


def test_a_node_streams_the_typed_event_it_made():
    """The listener gets the model itself, in order (catches an emit that dumps to dicts or drops events)."""
    sent = [StateEvent(state="executing"), StepEvent(node="fetch_news", text="3 items", ms=1.0),
            TextEvent(type="answer", text="done")]
    got = [d for d in _graph(*sent).stream({}, stream_mode="custom")]
    assert got == sent and all(type(g) is type(s) for g, s in zip(got, sent, strict=True))


def test_emit_refuses_a_dict():
    """Catches a return of the `{"type": ...}` dict literals: emit takes TurnEvent members only."""
    with pytest.raises(TypeError, match="TurnEvent"):
        events.emit({"type": "answer", "text": "x"})


def test_outside_a_graph_run_emit_is_a_quiet_no_op(caplog):
    """A node called directly (no run, no writer) neither raises nor logs."""
    with caplog.at_level(logging.DEBUG, logger="agents.core.events"):
        events.emit(TextEvent(type="progress", text="x"))
    assert caplog.records == []


def test_a_listener_that_raises_is_logged_not_swallowed(monkeypatch, caplog):
    """Catches the five former copies' `except Exception: pass`: the failure is logged with the event's type."""
    def broken(_event):
        raise ValueError("listener broke")
    monkeypatch.setattr(events, "get_stream_writer", lambda: broken)
    with caplog.at_level(logging.ERROR, logger="agents.core.events"):
        events.emit(StepEvent(node="rank_moves", text="x"))
    [rec] = caplog.records
    assert "'step'" in rec.getMessage() and "listener broke" in rec.exc_text


EVENT_NAMES = {name for cls in EVENT_TYPES for name in get_args(cls.model_fields["type"].annotation)}


def _py(*pkgs):
    return [p for pkg in pkgs for p in (ROOT / pkg).rglob("*.py")]


def test_one_emit_and_no_event_dict_literals():
    """One `emit` definition and one `get_stream_writer` caller (agents/core/events.py), and no dict literal
    whose "type" is an event's (`{"type": "answer", ...}`) in agents/ or pages/ (catches a sixth copy
    of emit or an event made as a dict; a LangChain tool call's `"type": "tool_call"` is not an event)."""
    emits, writers, literals = [], [], []
    for path in _py("agents", "pages"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in ("emit", "_emit"):
                emits.append(rel)
            elif isinstance(node, ast.Name) and node.id == "get_stream_writer":
                writers.append(rel)
            elif isinstance(node, ast.Dict) and any(
                    isinstance(k, ast.Constant) and k.value == "type" and isinstance(v, ast.Constant)
                    and v.value in EVENT_NAMES for k, v in zip(node.keys, node.values, strict=True)):
                literals.append(f"{rel}:{node.lineno}")
    assert emits == ["agents/core/events.py"]
    assert set(writers) == {"agents/core/events.py"}
    assert literals == []
