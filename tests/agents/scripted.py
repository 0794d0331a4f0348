"""A scripted chat model and a graph runner for the supervisor tests.

`ScriptedChatModel` plays one list of turns: each turn is an AIMessage (text or tool calls), a
callable `(messages) -> AIMessage`, or an exception instance to raise. `bind_tools` returns a bound
copy that shares the same tape, so the agent node, the synthesizer and the classifier read one
script in call order. `with_structured_output` returns a runnable yielding a fixed label (or
raising, or returning garbage) without consuming the tape.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from langchain_core.language_models.fake_chat_models import FakeMessagesListChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import RunnableLambda
from langgraph.checkpoint.memory import InMemorySaver

from agents.core.intents import IntentLabel

_ids = itertools.count(1)


def call(tool: str, /, **args) -> dict:
    """One tool call with a unique id."""
    return {"name": tool, "args": args, "id": f"call_{next(_ids)}", "type": "tool_call"}


def tools_msg(*calls: dict) -> AIMessage:
    return AIMessage(content="", tool_calls=list(calls))


@dataclass
class Tape:
    """Shared between a model and its bound copies: the script and what each call saw."""

    turns: list = field(default_factory=list)
    pos: int = 0
    seen: list[dict] = field(default_factory=list)  # {"bound": bool, "tools": [...], "messages": [...]}
    label: Any = "general_advice"  # str intent, an exception to raise, or any object to return
    classifier_calls: int = 0


class ScriptedChatModel(FakeMessagesListChatModel):
    """FakeMessagesListChatModel whose tool calls survive binding and streaming."""

    tape: Any = None
    bound_tools: list[str] = []

    def __init__(self, turns: Sequence = (), label: Any = "general_advice", **kw):
        super().__init__(responses=[AIMessage(content="(unused)")], **kw)
        self.tape = Tape(turns=list(turns), label=label)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "ScriptedChatModel":
        names = [getattr(t, "name", None) or (t.get("name") if isinstance(t, dict) else str(t)) for t in tools]
        return self.model_copy(update={"bound_tools": names})  # shallow: the tape is shared

    def with_structured_output(self, schema: Any = IntentLabel, **kwargs: Any):
        tape = self.tape

        def label(_inp: Any) -> Any:
            tape.classifier_calls += 1
            if isinstance(tape.label, BaseException):
                raise tape.label
            if isinstance(tape.label, str):
                return schema(intent=tape.label)
            return tape.label

        return RunnableLambda(label)

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        tape = self.tape
        tape.seen.append({"bound": bool(self.bound_tools), "tools": list(self.bound_tools), "messages": list(messages)})
        if tape.pos >= len(tape.turns):
            raise AssertionError(f"the script ran out after {tape.pos} model calls")
        turn = tape.turns[tape.pos]
        tape.pos += 1
        if isinstance(turn, BaseException):
            raise turn
        msg = turn(messages) if callable(turn) else turn
        if isinstance(msg, str):
            msg = AIMessage(content=msg)
        return ChatResult(generations=[ChatGeneration(message=msg)])

    @property
    def calls(self) -> int:
        return self.tape.pos


def forever(tool: str = "get_my_roster", /, per_round: int = 1, **args) -> Callable[[list], AIMessage]:
    """A turn that always asks for more tools (for the loop guards)."""

    def turn(_messages):
        return tools_msg(*[call(tool, **args) for _ in range(per_round)])

    return turn


@dataclass
class Run:
    """What one graph run produced."""

    path: list[str]  # node names in the order their updates arrived
    events: list[dict]  # custom stream events
    state: dict  # final state values
    interrupts: list
    config: dict

    def of(self, kind: str) -> list[dict]:
        return [e for e in self.events if e.get("type") == kind]

    @property
    def tool_messages(self) -> list[ToolMessage]:
        return [m for m in self.state.get("messages", []) if isinstance(m, ToolMessage)]

    @property
    def answer(self) -> str:
        return self.state.get("answer") or ""


def run_graph(graph, payload, thread_id: str = "t", recursion_limit: int = 60) -> Run:
    """Streams a compiled graph with stream_mode=['custom', 'updates'] and collects the path."""
    cfg = {"configurable": {"thread_id": thread_id}, "recursion_limit": recursion_limit}
    path, events = [], []
    for mode, data in graph.stream(payload, cfg, stream_mode=["custom", "updates"]):
        if mode == "custom":
            events.append(data)
        else:
            path += [n for n in data if n != "__interrupt__"]
    snap = graph.get_state(cfg)
    return Run(path=path, events=events, state=dict(snap.values), interrupts=list(snap.interrupts), config=cfg)


def build(model, source, **kw):
    """The supervisor graph over `source` with an in-memory checkpointer."""
    from agents.offline.reasoner import offline_reasoner
    from agents.supervisor.graph import build_graph

    kw.setdefault("reasoner", offline_reasoner(source))
    return build_graph(model, source, checkpointer=InMemorySaver(), **kw)
