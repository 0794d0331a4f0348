"""`OfflinePlanner`: a LangChain chat model that plans tool calls and writes answers by rule.

It implements the chat-model interface (`bind_tools`, `with_structured_output`, streaming via
the base class) so the supervisor graph runs unchanged without a key or a network.
"""
from __future__ import annotations

import datetime as dt
import re
from typing import Any, Sequence

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import RunnableLambda

from agents.intents import Intent
from agents.offline.nlu import Parsed, classify, parse
from agents.offline.plans import next_calls, parse_result
from agents.offline.writer import write_answer
from services.config import DEFAULT_AS_OF

AS_OF_RE = re.compile(r"as-of date:? (\d{4}-\d\d-\d\d)", re.I)
FINAL_MARKER = "FINAL ANSWER NOW"
SCORING_RE = re.compile(r"\b(points|categories) scoring\b", re.I)


def _text(m: BaseMessage) -> str:
    return m.content if isinstance(m.content, str) else " ".join(
        c.get("text", "") if isinstance(c, dict) else str(c) for c in m.content)


def _as_of(messages: Sequence[BaseMessage]) -> dt.date:
    for m in messages:
        if isinstance(m, SystemMessage):
            hit = AS_OF_RE.search(_text(m))
            if hit:
                return dt.date.fromisoformat(hit.group(1))
    return DEFAULT_AS_OF


def _scoring(messages: Sequence[BaseMessage]) -> str:
    for m in messages:
        if isinstance(m, SystemMessage):
            hit = SCORING_RE.search(_text(m))
            if hit:
                return hit.group(1).lower()
    return "points"


def _turn(messages: Sequence[BaseMessage]) -> tuple[str, Parsed | None, int]:
    """(latest question, the parsed previous question, index of the latest question)."""
    humans = [i for i, m in enumerate(messages) if isinstance(m, HumanMessage)]
    if not humans:
        return "", None, len(messages)
    last = humans[-1]
    prev = None
    as_of = _as_of(messages)
    for i in reversed(humans[:-1]):
        prev = parse(_text(messages[i]), as_of)
        if prev.players or prev.intent != Intent.GENERAL_ADVICE:
            break
    return _text(messages[last]), prev, last


def tool_results(messages: Sequence[BaseMessage], start: int) -> dict[str, list[dict]]:
    """Tool results after `start`, by tool name, with the arguments that produced them."""
    args = {}
    for m in messages[start:]:
        if isinstance(m, AIMessage):
            for tc in m.tool_calls:
                args[tc["id"]] = tc["args"]
    done: dict[str, list[dict]] = {}
    for m in messages[start:]:
        if isinstance(m, ToolMessage):
            ok, data = parse_result(m.content)
            ok = ok and getattr(m, "status", "success") != "error"
            done.setdefault(m.name or "", []).append({"ok": ok, "data": data, "args": args.get(m.tool_call_id, {})})
    return done


class OfflinePlanner(BaseChatModel):
    """Deterministic planner: same input messages, same output."""

    tool_names: list[str] = []
    model_name: str = "offline-planner"

    @property
    def _llm_type(self) -> str:
        return "offline-planner"

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> "OfflinePlanner":
        names = [t.name if hasattr(t, "name") else t.get("name", "") if isinstance(t, dict) else getattr(t, "__name__", "")
                 for t in tools]
        return self.model_copy(update={"tool_names": names})

    def with_structured_output(self, schema: Any, **kwargs: Any):
        def label(inp: Any) -> Any:
            msgs = inp if isinstance(inp, list) else getattr(inp, "to_messages", lambda: [HumanMessage(str(inp))])()
            question, prev, _ = _turn(msgs)
            intent = parse(question, _as_of(msgs), prev).intent if question else classify("")
            return schema(intent=intent)

        return RunnableLambda(label)

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: Any = None, **kwargs: Any) -> ChatResult:
        as_of = _as_of(messages)
        question, prev, start = _turn(messages)
        parsed = parse(question, as_of, prev)
        parsed.scoring = _scoring(messages)
        done = tool_results(messages, start)
        final = FINAL_MARKER in _text(messages[-1]) if messages else False
        calls = [] if final or not self.tool_names else next_calls(parsed, done, as_of)
        calls = [(n, a) for n, a in calls if n in self.tool_names]
        if calls:
            round_no = sum(1 for m in messages[start:] if isinstance(m, AIMessage))
            tool_calls = [{"name": n, "args": a, "id": f"call_{start}_{round_no}_{i}_{n}", "type": "tool_call"}
                          for i, (n, a) in enumerate(calls)]
            msg = AIMessage(content="", tool_calls=tool_calls)
        else:
            msg = AIMessage(content=write_answer(parsed, done, unfinished=final))
        msg.usage_metadata = None
        return ChatResult(generations=[ChatGeneration(message=msg)])
