"""House rules checked by parsing imports: pages -> agents -> services, never back."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "services": {"agents", "pages", "app", "streamlit", "langchain_core", "langgraph", "langchain_google_genai"},
    "agents": {"pages", "app", "streamlit"},
    "pages": {"services"},  # pages talk to the one agent entry point, never to services directly
}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.add(node.module.split(".")[0])
    return out


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_point_one_way(package):
    bad = {}
    for path in (ROOT / package).rglob("*.py"):
        hits = _imports(path) & FORBIDDEN[package]
        if hits:
            bad[str(path.relative_to(ROOT))] = sorted(hits)
    assert bad == {}


def test_app_imports_only_agents():
    assert not _imports(ROOT / "app.py") & {"services"}


def test_every_module_has_a_docstring():
    missing = [str(p.relative_to(ROOT)) for pkg in ("services", "agents") for p in (ROOT / pkg).rglob("*.py")
               if p.stat().st_size and ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) is None]
    assert missing == []


def test_readme_names_the_two_commands_and_ci_calls_make_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in readme and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_only_the_model_factory_knows_the_offline_family():
    """Nothing outside agents/offline and the model factory (agents/llm.py) imports agents.offline:
    the graphs, desks, pods, runtime and pages see a chat model, whichever it is. Catches the desk,
    signals pod, runtime and reasoner importing the offline rules directly (five places before)."""
    root = Path(__file__).resolve().parents[1]
    offenders = []
    for path in [*root.glob("agents/**/*.py"), *root.glob("pages/**/*.py"), *root.glob("services/**/*.py"),
                 root / "app.py"]:
        rel = path.relative_to(root).as_posix()
        if rel.startswith("agents/offline/") or rel == "agents/llm.py":
            continue
        tree = ast.parse(path.read_text())
        mods = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module] + \
            [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        offenders += [f"{rel}: {m}" for m in mods if m == "agents.offline" or m.startswith("agents.offline.")]
    assert offenders == []
