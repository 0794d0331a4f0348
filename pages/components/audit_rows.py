"""Audit records for the Audit page: filtering, one summary row per turn, JSON-lines export.

The records are the door's `AuditRecord` models (attributes, not keys); the export writes each one
as recorded with `model_dump(mode="json", exclude_unset=True)`, fields a newer runtime added included.
"""
from __future__ import annotations

import json

from agents.door import AuditRecord, Card
from pages.components.labels import intent_label, shorten
from pages.components.moves import decision_text, done_text


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


def applied_lines(t: AuditRecord) -> list[str]:
    """The record's applied moves in words (the Audit "Applied" entry): "Moved A to IR, added B"."""
    return [done_text(x) for x in t.transactions]


def question_text(t: AuditRecord, limit: int = 70, cards: dict[str, Card] | None = None) -> str:
    """The question asked, or for a decision record what was decided in the words every page uses
    (`moves.decision_text`: "Moved A to IR, added B", "Declined: drop A, add B"); `cards` maps
    move ids to cards."""
    if t.decisions and t.is_decision:
        cards, applied = cards or {}, t.transactions
        parts = []
        for move_id, decision in t.decisions.items():
            done = next((x for x in applied if x.move_id == move_id), None)
            if done is None and decision == "approve" and len(applied) == 1:
                done = applied[0]
            move = done or cards.get(move_id)
            if move is None:
                verb = {"approve": "Approved", "decline": "Declined"}.get(decision, decision.capitalize())
                parts.append(f"{verb} ({move_id})")
            elif decision == "approve" and done is None:  # approved, nothing applied: refused
                parts.append(decision_text(move, decision, "refused"))
            else:
                parts.append(decision_text(move, decision))
        return shorten("; ".join(parts), limit)
    return shorten(f"{REPLACED}{t.question}" if t.replaced else t.question, limit)


REPLACED = "Replaced by an edit: "  # a turn whose question was edited and asked again (agents/core/edit.py)


def model_text(t: AuditRecord) -> str:
    """"offline-planner", "gemini / gemini-2.5-flash": the provider only when the model's name lacks it."""
    if t.model and t.provider and t.provider in t.model:
        return t.model
    return " / ".join(x for x in (t.provider, t.model) if x)


def summary_row(t: AuditRecord, cards: dict[str, Card] | None = None) -> dict:
    """One turn in the Audit table. Nine columns that fit the page at 1400 px (`SUMMARY_WIDTHS`):
    the thread is the filter above and each turn's caption, a decision is said in "Question"."""
    tokens = t.tokens or {}
    return {"When": t.created_at[:19].replace("T", " "), "Question": question_text(t, cards=cards),
            "Intent": intent_label(t.intent), "Model": model_text(t),
            "Tools": len(t.tool_calls), "Model calls": t.llm_calls,
            "Tokens": tokens.get("total_tokens") if tokens else None, "Elapsed ms": t.elapsed_ms}


# Pixel widths of the summary's text columns (the counts size to their headers): the whole table
# fits the main column at 1400 px; a longer question is elided in its cell and whole in its turn below.
SUMMARY_WIDTHS = {"When": 145, "Question": 220, "Intent": 145, "Model": 130}


def tool_rows(t: AuditRecord) -> list[dict]:
    return [{"Tool": c.name, "Arguments": json.dumps(c.args or {}, ensure_ascii=False, default=str),
             "OK": bool(c.ok), "ms": c.ms, "Result": c.summary or ""}
            for c in t.tool_calls]


def to_jsonl(turns: list[AuditRecord]) -> str:
    """One JSON object per record: the record as it was stored (`model_dump(mode="json")` of the
    fields it has, a newer runtime's extra ones included; no defaults it never recorded)."""
    return "".join(json.dumps(t.model_dump(mode="json", exclude_unset=True), ensure_ascii=False) + "\n"
                   for t in turns)
