"""What a turn did, as state and events: tool cards into graph state, graph nodes as timed calls.

- A card tool returns `(content, cards)` (`response_format="content_and_artifact"`): the model
  reads the content, the cards travel as the ToolMessage's artifact. `hand_over_cards` turns that
  artifact into a `tool_cards` state update keyed by the turn, so `collect_cards` reads cards from
  state and never parses tool text.
- `traced_node` wraps a deterministic graph node (the matchup optimizer's) so it streams the same
  `tool_start` / `tool_end` events as a tool call (marked `node=True`): `ask --json` and the audit
  list every node that read data or computed moves, with its arguments, outcome and duration.
"""
from __future__ import annotations

import time
import uuid
from typing import Callable

from langchain_core.messages import ToolMessage
from langgraph.types import Command

from agents.core.contracts import card_dicts, cards_of
from agents.core.contracts import ToolEnd, ToolStart
from agents.core.events import emit
from agents.supervisor.state import turn_key


def hand_over_cards(request, result):
    """`result` as the tools node's update: a successful ToolMessage carrying cards as its
    artifact becomes a Command that also puts the cards into `tool_cards`."""
    if not isinstance(result, ToolMessage) or result.status == "error" or not isinstance(result.artifact, list):
        return result
    state = request.state if isinstance(request.state, dict) else {}
    cards = card_dicts(cards_of(result.artifact))
    return Command(update={"messages": [result], "tool_cards": {turn_key(state.get("messages", [])): cards}})


def traced_node(name: str, node: Callable[[dict], dict], args_of: Callable[[dict], dict] = lambda _s: {}):
    """`node` streaming tool_start / tool_end events around each run (a failure is `ok: False`
    and still raises: the turn reports it)."""

    def run(state: dict) -> dict:
        call_id = f"{name}-{uuid.uuid4().hex[:8]}"  # a node re-run (a relaxed pass) is a new call
        emit(ToolStart(id=call_id, name=name, args=args_of(state), node=True))
        t0, ok = time.perf_counter(), False
        try:
            out = node(state)
            ok = True
            return out
        finally:
            emit(ToolEnd(id=call_id, name=name, ok=ok, node=True,
                         ms=round((time.perf_counter() - t0) * 1000, 1)))

    run.__name__ = name
    return run
