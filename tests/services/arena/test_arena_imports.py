"""The arena's modules import one another without a circle (a lazy import inside a function counts:
it only hides the loop). Catches the former `execution -> models -> models.agents -> execution`,
closed by an import inside `AgentInvocation.submit_decision`."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from services.arena.models import AgentInvocation

ROOT = Path(__file__).resolve().parents[3]
ARENA = ROOT / "services" / "arena"


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in ARENA.rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        out = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # every import, at any depth
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            for t in targets:
                while t and t not in modules:
                    t = t.rpartition(".")[0]
                # importing a.b.c runs a.b's __init__ first
                for i in range(len(t.split("."))):
                    parent = ".".join(t.split(".")[: i + 1])
                    if parent in modules and parent != name and not name.startswith(parent + "."):
                        out.add(parent)
        edges[name] = out
    return edges


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}

    def visit(n: str, path: list[str]) -> list[str] | None:
        state[n] = 1
        for m in sorted(edges.get(n, ())):
            if state.get(m) == 1:
                return path[path.index(m):] + [m] if m in path else path + [m]
            if m not in state and (found := visit(m, path + [m])):
                return found
        state[n] = 2
        return None

    for n in sorted(edges):
        if n not in state and (found := visit(n, [n])):
            return found
    return None


def test_the_arena_has_no_import_circle():
    assert _cycle(_graph()) is None


def test_the_checker_sees_a_circle():
    """The checker itself can fail: a two-module loop is reported."""
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]


def test_an_unbound_invocation_says_what_it_needs():
    """The models know no executor: submitting without a bound handler names `bind` instead of
    reaching for the executor behind the caller's back."""
    inv = AgentInvocation.model_construct(case=None, episode_id="ep", agent_id="a")
    with pytest.raises(RuntimeError, match="bind"):
        inv.submit_decision({"orders": []})
    assert inv.tool_calls == [{"orders": []}] and inv.submissions == []
