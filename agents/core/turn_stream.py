"""Reads one graph run's stream into typed turn events, and remembers what the turn did.

`TurnRecorder.feed` takes LangGraph's `(mode, data)` pairs (modes custom, updates, messages) and
yields `TurnEvent`s for the CLI and the UI; on the way it keeps the timed calls (tools, the
optimizer's nodes, the signals pod's steps), the steps, node durations, the answer and intent, and the cards other desks
showed, which the runtime turns into the `TurnResult` and the audit record.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from agents.core import history as H
from agents.core.contracts import (DeskCardEvent, IntentEvent, SignalsEvent, StepEvent, TextEvent, ToolCall, ToolEnd,
                              ToolStart, TurnEvent, as_event)


@dataclass
class Call:
    """A timed call as the audit keeps it: the JSON fields plus the summary and whether it was a node."""

    name: str
    args: dict[str, Any]
    ok: bool = False
    ms: float = 0.0
    summary: str = ""
    node: bool = False

    def public(self) -> ToolCall:
        return ToolCall(name=self.name, args=self.args, ok=self.ok, ms=self.ms)

    def audit(self) -> dict:
        row = {"name": self.name, "args": self.args, "ok": self.ok, "ms": self.ms, "summary": self.summary}
        return row | ({"node": True} if self.node else {})


@dataclass
class TurnRecorder:
    """What one run streamed. `own` is this process's outcome of a decision (the gate's update)."""

    decisions: dict | None = None
    started: float = field(default_factory=time.perf_counter)
    calls: dict[str, Call] = field(default_factory=dict)
    node_ms: dict[str, float] = field(default_factory=dict)
    steps: list[dict] = field(default_factory=list)
    desk_cards: list[dict] = field(default_factory=list)
    signal_ids: list[str] = field(default_factory=list)
    answer: str | None = None
    intent: str | None = None
    own: dict | None = None

    def __post_init__(self) -> None:
        self._last = self.started

    def feed(self, mode: str, data: Any) -> Iterator[TurnEvent]:
        if mode == "messages":
            delta = H.answer_delta(*data)
            if delta and self.answer is None:  # after the final answer, a delta is only its echo
                yield TextEvent(type="answer_delta", text=delta)
        elif mode == "custom":
            event = as_event(data)
            self._note(event)
            yield event
        else:
            self._updates(data)

    def _note(self, e: TurnEvent) -> None:
        if isinstance(e, ToolStart):
            self.calls[e.id] = Call(e.name, dict(e.args), node=e.node)
        elif isinstance(e, ToolEnd) and e.id in self.calls:
            call = self.calls[e.id]
            call.ok, call.ms, call.summary = e.ok, e.ms or 0.0, e.summary or call.summary
        elif isinstance(e, TextEvent) and e.type == "answer":
            self.answer = e.text
        elif isinstance(e, IntentEvent):
            self.intent = e.intent
        elif isinstance(e, StepEvent):
            self.steps.append({"node": e.node, "text": e.text, "ms": e.ms, "graph": e.graph}
                              | ({"game_id": e.game_id, "game": e.game} if e.game_id else {}))
            running = next((c for c in reversed(self.calls.values()) if c.node and c.name == e.node), None)
            if running is not None and not e.graph:  # an optimizer node's own words: its audit summary
                running.summary = e.text
            if e.graph:  # a subgraph run inside one node (the signals pod): each step is work done
                args = {"game_id": e.game_id} if e.game_id else {}
                self.calls[f"step-{len(self.steps)}"] = Call(e.node, args, e.ok is not False, e.ms or 0.0, e.text,
                                                             node=True)
        elif isinstance(e, DeskCardEvent):
            self.desk_cards.append(e.quote)  # the audit keeps it: a refreshed chat redraws it
        elif isinstance(e, SignalsEvent):
            self.signal_ids.extend(s["id"] for s in e.signals)  # redrawn after a refresh

    def _updates(self, data: dict) -> None:
        gate = data.get("present_and_confirm") or data.get("decide_deferred")
        if self.decisions and isinstance(gate, dict) and self.own is None:
            self.own = gate  # ours, whatever the shared checkpoint says
        now = time.perf_counter()
        for node in data:
            if node != "__interrupt__":
                self.node_ms[node] = round(self.node_ms.get(node, 0.0) + (now - self._last) * 1000, 1)
        self._last = now

    def tool_calls(self) -> list[ToolCall]:
        return [c.public() for c in self.calls.values()]

    def audit_calls(self) -> list[dict]:
        return [c.audit() for c in self.calls.values()]

    def elapsed_ms(self) -> float:
        return round((time.perf_counter() - self.started) * 1000, 1)
