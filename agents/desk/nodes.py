"""The market maker's nodes: call_model (the injected chat model with the five tools bound),
run_tools (runs the calls, streams the plain step messages), finalize (validates the decision:
one retry on invalid output, then reject; an accept on other terms than the request becomes a
counter on them) and stop_over_budget (more than 6 tool calls)."""
from __future__ import annotations

import datetime as dt
import json
import logging
import re
import time

from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage
from pydantic import ValidationError

from agents.core.contracts import DeskStep, TextEvent, ToolEnd, ToolStart
from agents.desk import prompts as P
from agents.desk.tools import DeskContext, build_desk_tools
from agents.core.events import emit
from services.desk.book import DeskBook
from services.desk.calc import ACCEPT_EDGE_PCT
from services.desk.models import BetRequest, Decision, DeskLimits, accept_as_counter, check_against_request
from services.markets import state as market

log = logging.getLogger(__name__)

MAX_TOOL_CALLS = 6
MAX_MODEL_CALLS = 8  # a loop guard beside the tool budget (retry included)
JSON_RE = re.compile(r"\{.*\}", re.S)


def _ctx(state, book: DeskBook | None) -> DeskContext:
    profile = state.get("profile") or {}
    return DeskContext(book=book, limits=DeskLimits(**state.get("limits", {})), quote_id=state.get("quote_id", ""),
                       at=dt.datetime.fromisoformat(state["at"]),
                       accept_edge_pct=profile.get("accept_edge_pct", ACCEPT_EDGE_PCT),
                       shading=state.get("shading", True))


def make_call_model(model):
    bound = model.bind_tools(build_desk_tools(DeskContext(None, DeskLimits(), "", dt.datetime.now(dt.timezone.utc))))

    def call_model(state) -> dict:
        calls_so_far = state.get("llm_calls", 0)
        if calls_so_far >= MAX_MODEL_CALLS:
            return {"guard": f"stopped after {calls_so_far} model calls"}
        emit(DeskStep(name="thinking", text=P.THINKING))
        system = SystemMessage(P.SYSTEM_PROMPT.format(at=state["at"], max_tools=MAX_TOOL_CALLS))
        try:
            msg = bound.invoke([system, *state["messages"]])
        except Exception as e:  # noqa: BLE001 - boundary: a timeout or a provider error: the desk rejects, it never guesses
            log.info("the desk's model call failed", exc_info=True)
            return {"llm_calls": calls_so_far + 1, "guard": f"the model failed ({type(e).__name__})"}
        if not isinstance(msg, AIMessage):
            msg = AIMessage(content=str(getattr(msg, "content", msg)))
        out: dict = {"llm_calls": calls_so_far + 1}
        used = state.get("tool_call_count", 0)
        if msg.tool_calls and used + len(msg.tool_calls) > MAX_TOOL_CALLS:
            out["guard"] = (f"the {MAX_TOOL_CALLS}-tool-call budget would be exceeded "
                            f"({used} used, {len(msg.tool_calls)} more asked)")
            return out
        if msg.tool_calls:
            out["tool_call_count"] = used + len(msg.tool_calls)
        out["messages"] = [msg]
        return out

    return call_model


def make_run_tools(book: DeskBook):
    def run_tools(state) -> dict:
        tools = {t.name: t for t in build_desk_tools(_ctx(state, book))}
        last = state["messages"][-1]
        out = []
        for c in last.tool_calls:
            emit(ToolStart(id=c["id"], name=c["name"], args=c.get("args", {}),
                           text=P.STEP_MESSAGES.get(c["name"], "Working...")))
            t0 = time.perf_counter()
            ok = True
            try:
                if c["name"] not in tools:
                    raise ValueError(f"unknown tool {c['name']!r}; use one of {', '.join(tools)}")
                content = tools[c["name"]].invoke(c.get("args", {}))
            except Exception as e:  # noqa: BLE001 - boundary: a tool's failure (bad arguments, a refused request)
                # goes back to the model as an error result, as LangGraph's ToolNode does
                log.info("desk tool %s failed", c["name"], exc_info=True)
                ok, content = False, json.dumps({"error": f"{type(e).__name__}: {str(e)[:300]}"})
            ms = round((time.perf_counter() - t0) * 1000, 1)
            emit(ToolEnd(id=c["id"], name=c["name"], ok=ok, ms=ms, result=content))
            out.append(ToolMessage(content=content, tool_call_id=c["id"], name=c["name"],
                                   status="success" if ok else "error"))
        return {"messages": out}

    return run_tools


def parse_decision(content) -> tuple[Decision | None, list[str]]:
    text = content if isinstance(content, str) else json.dumps(content, default=str)
    hit = JSON_RE.search(text or "")
    if not hit:
        return None, ["no JSON object in the answer"]
    try:
        return Decision.model_validate(json.loads(hit.group(0))), []
    except json.JSONDecodeError as e:
        return None, [f"not valid JSON ({e.msg})"]
    except ValidationError as e:
        return None, [f"{'.'.join(map(str, err['loc'])) or 'decision'}: {err['msg']}" for err in e.errors()]


def finalize(state) -> dict:
    emit(DeskStep(name="deciding", text=P.DECIDING))
    req = BetRequest(**state["request"])
    last = next((m for m in reversed(state["messages"]) if isinstance(m, AIMessage)), None)
    decision, errors = parse_decision(last.content if last is not None else "")
    if decision is not None:
        s = market.market_state(req.game_id, dt.datetime.fromisoformat(state["at"]))
        mline = market.market_line(s, req.market, req.side)
        errors = check_against_request(decision, req, mline)
        if not errors:  # an accept books the request: other terms are a counter the bettor must accept
            decision = accept_as_counter(decision, req)
            errors = check_against_request(decision, req, mline)
    if not errors:
        return {"decision": decision.model_dump(), "invalid": []}
    if state.get("retries", 0) < 1:
        emit(TextEvent(type="guard", text=f"Invalid decision, asking once more: {'; '.join(errors)}"))
        return {"retries": 1, "invalid": errors, "messages": [HumanMessage(P.RETRY_PROMPT.format(errors="; ".join(errors)))]}
    reject = Decision(decision="reject", reason=f"invalid decision output after one retry: {'; '.join(errors)}"[:600],
                      confidence=0.0)
    return {"decision": reject.model_dump(), "invalid": errors}


def stop_over_budget(state) -> dict:
    guard = state.get("guard") or "stopped"
    emit(TextEvent(type="guard", text=f"Rejected: {guard}."))
    return {"decision": Decision(decision="reject", reason=f"rejected: {guard}", confidence=0.0).model_dump()}
