"""No caller asks which kind of league source it holds (issue #9, section 3).

Outside the sources themselves (services/league/source.py, services/league/demo_source.py, services/espn/),
no code calls getattr/hasattr on a source, compares a source's `kind` with a league kind, or
reaches into the demo's `source.league`: what differs between the demo and ESPN is a method of
LeagueSource. Parsed from the code (AST), so a comment or a docstring does not count.

Catches the 14 duck-typed places of main (e.g. `getattr(source, "league", None)` in the tools,
`getattr(source, "kind", None) == "espn"` in approvals) coming back.
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = {"services/league/source.py", "services/league/demo_source.py"}
KINDS = {"espn", "demo"}


def _is_source(node: ast.AST) -> bool:
    """`source`, `self.source`, `a.source`, `own_source`...: a name that holds a league source."""
    name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
    return name == "source" or name.endswith("_source")


def offences(tree: ast.AST) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr"):
            if node.args and _is_source(node.args[0]):
                out.append(f"line {node.lineno}: {node.func.id}() on a source")
        if isinstance(node, ast.Attribute) and node.attr == "league" and _is_source(node.value):
            out.append(f"line {node.lineno}: source.league (the demo's internals)")
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            kind = any(isinstance(s, ast.Attribute) and s.attr == "kind" and _is_source(s.value) for s in sides)
            if kind and any(isinstance(s, ast.Constant) and s.value in KINDS for s in sides):
                out.append(f"line {node.lineno}: a source's kind compared with a league kind")
    return out


def test_no_caller_asks_which_kind_of_source_it_holds():
    found = {}
    for folder in ("agents", "pages", "services"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in SOURCES or rel.startswith("services/espn/"):
                continue
            bad = offences(ast.parse(path.read_text(encoding="utf-8")))
            if bad:
                found[rel] = bad
    assert found == {}


def test_the_check_sees_the_patterns_it_forbids():
    code = ("lg = getattr(source, 'league', None)\n"
            "espn = getattr(source, 'kind', None) == 'espn'\n"
            "ok = hasattr(self.source, 'league')\n"
            "x = source.league.snapshot\n"
            "y = self.source.kind == 'demo'\n"
            "fine = source.league_id\n")
    assert len(offences(ast.parse(code))) == 5  # one per forbidden line; the last line is fine
