"""Small text helpers shared by the offline planner's answer writers."""
from __future__ import annotations


def _ok(done, name):
    return [r for r in done.get(name, []) if r["ok"]]


def _table(headers: list[str], rows: list[list]) -> str:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)
