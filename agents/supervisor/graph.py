"""Builds the supervisor: START -> classify_intent -> agent <-> tools -> synthesize -> present_and_confirm.

Requests for moves route to the matchup-optimizer nodes inside this graph. Routers read state only
(the classifier's `IntentLabel`), never the question's text. The chat model is injected, so tests
drive every path with a scripted model.
"""
from __future__ import annotations

import json
import logging
import time
from typing import Literal

from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.graph import END, START, StateGraph
from langgraph.prebuilt import ToolNode

from agents.core.deferred import make_decide_deferred, route_from_start
from agents.desk.chat import make_market_desk
from agents.core.approvals import default_clock, make_present_and_confirm, route_after_confirm
from agents.core.intents import Intent
from agents.matchup_optimizer.graph import ENTRY as OPTIMIZER_ENTRY
from agents.matchup_optimizer.graph import add_optimizer_nodes
from agents.matchup_optimizer.summary import lineup_after
from agents.signals.chat import make_find_edges
from agents.core.contracts import ToolEnd, ToolStart
from agents.core.events import emit
from agents.supervisor import nodes as N
from agents.supervisor.limits import Limits
from agents.supervisor.state import SupervisorState
from agents.supervisor.tool_calls import hand_over_cards
from agents.tools import build_tools
from services.models import ServiceError

log = logging.getLogger(__name__)


def _summary(content: str) -> str:
    try:
        data = json.loads(content)
    except (TypeError, ValueError):
        return content[:160]
    if isinstance(data, dict):
        if "error" in data:
            return f"error: {data['error']}"
        keys = ", ".join(f"{k}: {len(v)}" if isinstance(v, list) else f"{k}: {v}" for k, v in list(data.items())[:4]
                         if not isinstance(v, dict))
        return keys[:200]
    return str(data)[:200]


def tool_error_message(e: Exception) -> str:
    if isinstance(e, ServiceError):
        out = {"error": str(e)}
        for attr in ("suggestions", "candidates"):
            if getattr(e, attr, None):
                out[attr] = getattr(e, attr)
        return json.dumps(out)
    return json.dumps({"error": f"{type(e).__name__}: {str(e)[:300]}"})


def with_thread_punt(request):
    """A tool that takes `punt` and was not given one gets the conversation's punt (state
    `punt`: set in the chat or on the Settings page), so a follow-up keeps it whatever the model
    passes; an explicit punt in the call wins."""
    state = request.state if isinstance(request.state, dict) else {}
    punt = state.get("punt")
    schema = getattr(request.tool, "args_schema", None)
    fields = getattr(schema, "model_fields", {}) if isinstance(schema, type) else {}
    if not punt or "punt" not in fields or request.tool_call.get("args", {}).get("punt"):
        return request
    return request.override(tool_call={**request.tool_call, "args": {**request.tool_call.get("args", {}),
                                                                     "punt": list(punt)}})


def with_thread_frame(request):
    """A tool call gets the turn's request frame (agents/core/frame.py: the exclusions, shape, horizon,
    count, window ... the classifier understood) in each argument its schema takes and the call left
    unset: a constraint reaches the tool whatever the model passes."""
    from agents.core.frame import tool_args

    state = request.state if isinstance(request.state, dict) else {}
    frame = (state.get("intent_label") or {}).get("frame")
    schema = getattr(request.tool, "args_schema", None)
    fields = getattr(schema, "model_fields", {}) if isinstance(schema, type) else {}
    args = request.tool_call.get("args", {})
    new = tool_args(frame, fields, args)
    return request if new == args else request.override(tool_call={**request.tool_call, "args": new})


def timed_tool_call(request, execute):
    """Streams tool start/end events with the duration; errors come back to the model as results;
    a card tool's artifact (its cards) becomes a `tool_cards` state update."""
    request = with_thread_frame(with_thread_punt(request))
    call = request.tool_call
    messages = (request.state or {}).get("messages", []) if isinstance(request.state, dict) else []
    turn = messages[max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=0):]
    closed = next((m for m in turn if isinstance(m, ToolMessage) and m.tool_call_id == call["id"]), None)
    if closed is not None:  # closed out by the tool-call limit: not run
        return closed
    emit(ToolStart(id=call["id"], name=call["name"], args=call.get("args", {})))
    t0 = time.perf_counter()
    try:
        result = execute(request)
    except Exception as e:  # noqa: BLE001 - boundary: an unknown tool, malformed arguments or a tool's failure:
        # the model is told (as LangGraph's ToolNode does) and the turn goes on
        log.info("tool %s failed", call["name"], exc_info=True)
        result = ToolMessage(content=tool_error_message(e), tool_call_id=call["id"], name=call["name"], status="error")
    ms = round((time.perf_counter() - t0) * 1000, 1)
    ok = getattr(result, "status", "success") != "error"
    content = getattr(result, "content", "")
    if ok and isinstance(content, str) and content.startswith('{"error"'):
        ok = False
    emit(ToolEnd(id=call["id"], name=call["name"], ok=ok, ms=ms,
                 summary=_summary(content if isinstance(content, str) else str(content)), result=content))
    return hand_over_cards(request, result)  # a card tool's cards go into state, not through its text


def route_after_classify(state) -> Literal["agent", "parse_intent", "market_desk", "find_edges"]:
    """Market questions to their desks; a request to find moves (not one the user named) to the
    optimizer; everything else to the tool-calling agent."""
    intent = state.get("intent")
    if intent == Intent.MARKET_DESK:
        return "market_desk"
    if intent == Intent.MARKET_EDGES:
        return "find_edges"
    label = state.get("intent_label") or {}
    if label.get("wants_moves") and not (label.get("drop") and label.get("add")):
        return OPTIMIZER_ENTRY
    return "agent"


def build_graph(model, source, checkpointer=None, reasoner=None, limits: Limits = Limits(),
                clock=default_clock, optimizer_route: bool = True):
    tools = build_tools(source, reasoner)
    g = StateGraph(SupervisorState)
    g.add_node("classify_intent", N.make_classify(model, source))
    g.add_node("agent", N.make_agent(model, tools, source, limits))
    g.add_node("tools", ToolNode(tools, handle_tool_errors=tool_error_message, wrap_tool_call=timed_tool_call))
    g.add_node("synthesize", N.make_synthesize(model, source))
    # the new lineup after an approved move, valued with the thread's punt (as its cards were)
    after = lambda _t, state: lineup_after(source, tuple(state.get("punt") or ()))  # noqa: E731
    g.add_node("present_and_confirm", make_present_and_confirm(source, after, clock))
    g.add_node("market_desk", make_market_desk(model, source))  # the league clock's day
    g.add_edge("market_desk", END)
    g.add_node("find_edges", make_find_edges(model, source))
    g.add_edge("find_edges", END)
    g.add_node("decide_deferred", make_decide_deferred(source, after, clock))
    g.add_edge("decide_deferred", END)
    g.add_conditional_edges(START, route_from_start, ["classify_intent", "decide_deferred"])
    routes = {"agent": "agent", "market_desk": "market_desk", "find_edges": "find_edges", OPTIMIZER_ENTRY: "agent"}
    if optimizer_route:
        add_optimizer_nodes(g, source, "present_and_confirm")
        routes[OPTIMIZER_ENTRY] = OPTIMIZER_ENTRY
    # without the optimizer's nodes a request for moves goes to the agent (its optimize_matchup tool)
    g.add_conditional_edges("classify_intent", route_after_classify, routes)
    g.add_conditional_edges("agent", N.route_after_agent, ["tools", "synthesize"])
    g.add_conditional_edges("tools", N.route_after_tools, ["agent", "synthesize"])
    g.add_edge("synthesize", "present_and_confirm")
    g.add_conditional_edges("present_and_confirm", route_after_confirm, ["present_and_confirm", END])
    return g.compile(checkpointer=checkpointer)
