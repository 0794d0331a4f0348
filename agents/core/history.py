"""Reads a checkpointed thread back as turns (for redrawing the chat) and lists threads."""
from __future__ import annotations

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage


def _text(content) -> str:
    return content if isinstance(content, str) else " ".join(
        c.get("text", "") if isinstance(c, dict) else str(c) for c in content)


def turns(messages: list, last_intent: str | None = None) -> list[dict]:
    """[{role, content, intent, steps, cards}] with tool steps attached to the assistant turn."""
    out: list[dict] = []
    steps: list[dict] = []
    by_id: dict[str, dict] = {}
    for m in messages:
        if isinstance(m, HumanMessage):
            out.append({"role": "user", "content": _text(m.content), "intent": None, "steps": [], "cards": []})
            steps, by_id = [], {}
        elif isinstance(m, AIMessage):
            for tc in m.tool_calls:
                step = {"id": tc["id"], "name": tc["name"], "args": tc.get("args", {}), "ok": None, "result": ""}
                steps.append(step)
                by_id[tc["id"]] = step
            if _text(m.content).strip() and not m.tool_calls:
                out.append({"role": "assistant", "content": _text(m.content), "intent": None,
                            "steps": steps, "cards": []})
                steps = []
        elif isinstance(m, ToolMessage) and m.tool_call_id in by_id:
            content = _text(m.content)
            by_id[m.tool_call_id].update(ok=m.status != "error" and not content.startswith('{"error"'), result=content)
    if steps:
        out.append({"role": "assistant", "content": "", "intent": None, "steps": steps, "cards": []})
    for t in reversed(out):
        if t["role"] == "assistant":
            t["intent"] = last_intent
            break
    return out


def token_usage(messages: list) -> dict | None:
    """Summed token counts of the thread's model messages, when the provider reported them."""
    total = {"input_tokens": 0, "output_tokens": 0, "total_tokens": 0}
    seen = False
    for m in messages:
        usage = getattr(m, "usage_metadata", None)
        if usage:
            seen = True
            for k in total:
                total[k] += int(usage.get(k, 0) or 0)
    return total if seen else None


def thread_list(turn_records: list[dict], pending_fn, limit: int) -> list[dict]:
    threads: dict[str, dict] = {}
    for rec in turn_records:  # newest first
        # `last_record`: the newest record's id. `updated_at` has whole seconds, so a decision made
        # in the second of the turn before it leaves it unchanged; the id always moves.
        t = threads.setdefault(rec["thread_id"], {"thread_id": rec["thread_id"], "updated_at": rec["created_at"],
                                                  "last_record": rec.get("turn_id"), "title": ""})
        q = rec.get("question", "")
        if not q.startswith("[decision]"):
            t["title"] = q if len(q) <= 60 else q[:59].rsplit(" ", 1)[0] + "…"
            t.setdefault("last_question", q)  # the newest question: tells apart threads opened alike
    out = sorted(threads.values(), key=lambda t: t["updated_at"], reverse=True)[:limit]
    for t in out if pending_fn is not None else ():
        t["pending"] = len(pending_fn(t["thread_id"]))
    return out


ANSWER_NODES = ("agent", "synthesize")


def answer_delta(chunk, metadata: dict) -> str:
    """Answer text streamed by the model in the answer-writing nodes (not tool calls, not the
    classifier, not the reasoning model inside a tool)."""
    if metadata.get("langgraph_node") not in ANSWER_NODES or getattr(chunk, "tool_call_chunks", None) \
            or getattr(chunk, "tool_calls", None):
        return ""
    return _text(getattr(chunk, "content", "") or "")


def enrich(turns: list[dict], records: list[dict]) -> list[dict]:
    """Adds what checkpoints do not keep, from the audit (oldest first): each question's intent,
    its tool timings and summaries, and the optimizer's steps, so a refreshed chat looks the same."""
    asked = iter([r for r in records if not str(r.get("question", "")).startswith("[decision]")])
    rec = None
    for t in turns:
        if t["role"] == "user":
            rec = next(asked, None)
            continue
        if rec is None:
            continue
        t["intent"] = rec.get("intent") or t.get("intent")
        timed = iter(rec.get("tool_calls") or [])
        for step in t["steps"]:
            call = next(timed, None)
            if call and call.get("name") == step.get("name"):
                step.update(ms=call.get("ms"), summary=call.get("summary"))
        if not t["steps"] and rec.get("steps"):
            t["steps"] = [dict(s) for s in rec["steps"]]
        if not t["steps"] and rec.get("tool_calls"):  # tools run outside the checkpoint's messages (the desk)
            t["steps"] = [{k: c.get(k) for k in ("name", "args", "ok", "ms", "summary")} for c in rec["tool_calls"]]
        if rec.get("desk_cards"):
            t["desk_cards"] = [dict(q) for q in rec["desk_cards"]]
        if rec.get("signal_ids"):
            t["signal_ids"] = list(rec["signal_ids"])
        rec = None  # later assistant messages of this turn are decisions
    return turns
