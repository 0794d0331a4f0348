"""Audit records for the Audit page: filtering, one summary row per turn, JSON-lines export."""
from __future__ import annotations

import json

from pages.components.labels import intent_label, shorten


def tools_of(turn: dict) -> list[str]:
    return [c.get("name", "") for c in turn.get("tool_calls") or []]


def filter_turns(turns: list[dict], thread: str | None = None, intents: list[str] | None = None,
                 tools: list[str] | None = None) -> list[dict]:
    """Turns of one thread (None = all), with one of the intents, that called one of the tools."""
    out = []
    for t in turns:
        if thread and t.get("thread_id") != thread:
            continue
        if intents and (t.get("intent") or "none") not in intents:
            continue
        if tools and not set(tools) & set(tools_of(t)):
            continue
        out.append(t)
    return out


def move_words(item: dict) -> str:
    """A move in words: "drop Collin Sexton, add Alex Sarr" (an IR move: "move A to IR, add B")."""
    if item.get("kind") == "ir":
        return f"move {item.get('drop')} to IR, add {item.get('add')}"
    if item.get("kind") == "activate":
        return f"activate {item.get('add')} from IR, drop {item.get('drop')}"
    return f"drop {item.get('drop')}, add {item.get('add')}"


def question_text(t: dict, limit: int = 70, cards: dict[str, dict] | None = None) -> str:
    """The question asked, or for a decision record what was decided, naming both moves in words
    ("Declined: drop A, add B") for approvals and declines alike; `cards` maps move ids to cards."""
    decisions = t.get("decisions") or {}
    if decisions and str(t.get("question") or "").startswith("[decision]"):
        verbs = {"approve": "Approved", "decline": "Declined"}
        cards, applied = cards or {}, t.get("transactions") or []
        parts = []
        for move_id, decision in decisions.items():
            verb = verbs.get(str(decision), str(decision).capitalize())
            move = cards.get(move_id) or next((x for x in applied if x.get("move_id") == move_id), None)
            if move is None and decision == "approve" and len(applied) == 1:
                move = applied[0]
            parts.append(f"{verb}: {move_words(move)}" if move else f"{verb} ({move_id})")
        return shorten("; ".join(parts), limit)
    return shorten(t.get("question"), limit)


def summary_row(t: dict, cards: dict[str, dict] | None = None) -> dict:
    tokens = t.get("tokens") or {}
    return {"When": str(t.get("created_at", ""))[:19].replace("T", " "), "Thread": t.get("thread_id", "")[:8],
            "Question": question_text(t, cards=cards), "Intent": intent_label(t.get("intent")),
            "Provider": t.get("provider", ""), "Model": t.get("model", ""),
            "Tools": len(t.get("tool_calls") or []), "Model calls": t.get("llm_calls", 0),
            "Tokens": tokens.get("total_tokens") if tokens else None,
            "Elapsed ms": t.get("elapsed_ms"), "Decisions": ", ".join(f"{v}" for v in (t.get("decisions") or {}).values())}


def tool_rows(t: dict) -> list[dict]:
    return [{"Tool": c.get("name"), "Arguments": json.dumps(c.get("args") or {}, ensure_ascii=False, default=str),
             "OK": bool(c.get("ok")), "ms": c.get("ms"), "Result": c.get("summary", "")}
            for c in t.get("tool_calls") or []]


def to_jsonl(turns: list[dict]) -> str:
    return "".join(json.dumps(t, ensure_ascii=False, default=str) + "\n" for t in turns)
