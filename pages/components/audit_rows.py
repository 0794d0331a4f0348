"""Audit records for the Audit page: filtering, one summary row per turn, JSON-lines export.

The records are the door's `AuditRecord` models (attributes, not keys); the export writes each one
as recorded with `model_dump(mode="json", exclude_unset=True)`, fields a newer runtime added included.
"""
from __future__ import annotations

import json

from agents.door import AuditRecord, Card, Transaction
from pages.components.labels import intent_label, shorten


def tools_of(turn: AuditRecord) -> list[str]:
    return [c.name or "" for c in turn.tool_calls]


def filter_turns(turns: list[AuditRecord], thread: str | None = None, intents: list[str] | None = None,
                 tools: list[str] | None = None) -> list[AuditRecord]:
    """Turns of one thread (None = all), with one of the intents, that called one of the tools."""
    out = []
    for t in turns:
        if thread and t.thread_id != thread:
            continue
        if intents and (t.intent or "none") not in intents:
            continue
        if tools and not set(tools) & set(tools_of(t)):
            continue
        out.append(t)
    return out


def move_words(move: Card | Transaction) -> str:
    """A move in words: "drop Collin Sexton, add Alex Sarr" (an IR move: "move A to IR, add B")."""
    if move.kind == "ir":
        return f"move {move.drop} to IR, add {move.add}"
    if move.kind == "activate":
        return f"activate {move.add} from IR, drop {move.drop}"
    if move.kind == "activate_ir":
        return f"activate {move.add} from IR, move {move.drop} to IR"
    return f"drop {move.drop}, add {move.add}"


def question_text(t: AuditRecord, limit: int = 70, cards: dict[str, Card] | None = None) -> str:
    """The question asked, or for a decision record what was decided, naming both moves in words
    ("Declined: drop A, add B") for approvals and declines alike; `cards` maps move ids to cards."""
    if t.decisions and t.is_decision:
        verbs = {"approve": "Approved", "decline": "Declined"}
        cards, applied = cards or {}, t.transactions
        parts = []
        for move_id, decision in t.decisions.items():
            verb = verbs.get(decision, decision.capitalize())
            move = cards.get(move_id) or next((x for x in applied if x.move_id == move_id), None)
            if move is None and decision == "approve" and len(applied) == 1:
                move = applied[0]
            parts.append(f"{verb}: {move_words(move)}" if move else f"{verb} ({move_id})")
        return shorten("; ".join(parts), limit)
    return shorten(t.question, limit)


def summary_row(t: AuditRecord, cards: dict[str, Card] | None = None) -> dict:
    tokens = t.tokens or {}
    return {"When": t.created_at[:19].replace("T", " "), "Thread": t.thread_id[:8],
            "Question": question_text(t, cards=cards), "Intent": intent_label(t.intent),
            "Provider": t.provider or "", "Model": t.model or "",
            "Tools": len(t.tool_calls), "Model calls": t.llm_calls,
            "Tokens": tokens.get("total_tokens") if tokens else None,
            "Elapsed ms": t.elapsed_ms, "Decisions": ", ".join(t.decisions.values())}


def tool_rows(t: AuditRecord) -> list[dict]:
    return [{"Tool": c.name, "Arguments": json.dumps(c.args or {}, ensure_ascii=False, default=str),
             "OK": bool(c.ok), "ms": c.ms, "Result": c.summary or ""}
            for c in t.tool_calls]


def to_jsonl(turns: list[AuditRecord]) -> str:
    """One JSON object per record: the record as it was stored (`model_dump(mode="json")` of the
    fields it has, a newer runtime's extra ones included; no defaults it never recorded)."""
    return "".join(json.dumps(t.model_dump(mode="json", exclude_unset=True), ensure_ascii=False) + "\n"
                   for t in turns)
