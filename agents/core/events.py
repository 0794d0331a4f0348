"""The one `emit`: how a graph node streams a typed `TurnEvent` to whoever listens to the run.

Nodes build the event where they make it (`emit(StepEvent(node=..., text=...))`); the runtime,
the desk and the signals pod read the same models from LangGraph's `custom` stream. Outside a
graph run (a node called directly, a test) there is no writer and the event goes nowhere. A
listener that raises is logged with the event's type; the turn goes on.
"""
from __future__ import annotations

import logging

from langgraph.config import get_stream_writer

from agents.core.contracts import EVENT_TYPES, TurnEvent

log = logging.getLogger(__name__)


def emit(event: TurnEvent) -> None:
    """Stream `event` to the run's listeners; a `TypeError` for anything that is not a `TurnEvent`."""
    if not isinstance(event, EVENT_TYPES):
        raise TypeError(f"emit takes a TurnEvent member, not {type(event).__name__}")
    try:
        writer = get_stream_writer()
    except RuntimeError:  # outside a runnable context: nobody listens
        return
    try:
        writer(event)
    except Exception:  # a listener's own failure, whatever it is: logged, and the turn goes on
        log.exception("a listener failed on a %r event", event.type)
