"""House rules checked by parsing imports: pages -> agents -> services, never back."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN = {
    "services": {"agents", "api", "pages", "app", "streamlit", "langchain_core", "langgraph", "langchain_google_genai"},
    "agents": {"api", "pages", "app", "streamlit"},
    "pages": {"services"},  # pages talk to the one agent entry point, never to services directly
    "api": {"services", "pages", "app", "streamlit"},  # api -> agents (the door) -> services, beside pages
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


def _agent_modules(path: Path) -> list[str]:
    """Every agents module `path` imports (`from agents import door` counts as `agents.door`)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names if a.name.split(".")[0] == "agents"]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "agents":
                out += [f"agents.{a.name}" for a in node.names]
            elif node.module.startswith("agents."):
                out.append(node.module)
    return out


FRONT_ENDS = ["app.py", "pages", "api"]  # what users meet: each goes through the one door


def test_front_ends_import_only_the_door():
    """Issue #21 "One front door": the pages, app.py and the HTTP API import one agent module,
    `agents.door` (contracts and models re-exported by it). Catches a page importing
    `agents.core.threads`, `agents.core.runtime` or `agents.desk.runtime` again (10 such modules before)."""
    files = [p for name in FRONT_ENDS for p in ([ROOT / name] if name.endswith(".py") else (ROOT / name).rglob("*.py"))]
    assert len(files) > 20 and any(p.parts[-2] == "api" for p in files)  # the scan sees pages and the API
    bad = {str(p.relative_to(ROOT)): mods for p in files if (mods := sorted(set(_agent_modules(p)) - {"agents.door"}))}
    assert bad == {}


@pytest.mark.parametrize("source", ["from agents.core.contracts import Card\n", "from agents.core import threads\n",
                                    "import agents.core.runtime\n", "from agents.desk.runtime import Desk\n"])
def test_the_door_rule_catches_side_doors(source, tmp_path):
    path = tmp_path / "page.py"
    path.write_text(source + "from agents.door import Card\nfrom agents import door\n", encoding="utf-8")
    assert set(_agent_modules(path)) - {"agents.door"}
    path.write_text("from agents.door import Card\nfrom agents import door\nimport agents.door\n", encoding="utf-8")
    assert set(_agent_modules(path)) == {"agents.door"}


def test_the_door_registers_every_agent_and_its_facades_return_models():
    from agents import door

    assert set(door.FACADES) == {"supervisor", "desk", "signals", "arena"}
    for name in door.FACADES:
        assert door.facade(name).__name__ == door.FACADES[name]
    with pytest.raises(KeyError):
        door.facade("nope")


def test_every_module_has_a_docstring():
    missing = [str(p.relative_to(ROOT)) for pkg in ("services", "agents", "api") for p in (ROOT / pkg).rglob("*.py")
               if p.stat().st_size and ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) is None]
    assert missing == []


def test_readme_names_the_two_commands_and_ci_calls_make_test():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in readme and "make test" in readme
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_only_the_model_factory_knows_the_offline_family():
    """Nothing outside agents/offline and the model factory (agents/models/llm.py) imports agents.offline:
    the graphs, desks, pods, runtime and pages see a chat model, whichever it is. Catches the desk,
    signals pod, runtime and reasoner importing the offline rules directly (five places before)."""
    root = Path(__file__).resolve().parents[1]
    offenders = []
    for path in [*root.glob("agents/**/*.py"), *root.glob("pages/**/*.py"), *root.glob("services/**/*.py"),
                 root / "app.py"]:
        rel = path.relative_to(root).as_posix()
        if rel.startswith("agents/offline/") or rel == "agents/models/llm.py":
            continue
        tree = ast.parse(path.read_text())
        mods = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module] + \
            [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        offenders += [f"{rel}: {m}" for m in mods if m == "agents.offline" or m.startswith("agents.offline.")]
    assert offenders == []


# Modules of services/ that may open the configured state store: the module that defines it, and the
# `python -m services` entry point (a CLI opens the store once and passes it down).
STORE_OPENERS = {
    "services/store/state.py": "defines state_store() for the composition layer",
    "services/cli.py": "entry point of `python -m services` (gamelog/status/roster open the configured store)",
}


def _state_store_lookups(source: str) -> list[int]:
    """Lines that call or import `state_store` (by name, as an attribute, or aliased on import)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            f = node.func
            if (isinstance(f, ast.Name) and f.id == "state_store") or (isinstance(f, ast.Attribute) and f.attr == "state_store"):
                lines.append(node.lineno)
        elif isinstance(node, ast.ImportFrom) and any(a.name == "state_store" for a in node.names):
            lines.append(node.lineno)
    return sorted(set(lines))


def test_services_are_passed_the_state_store_never_fetch_it():
    """Issue #9 §3: the state store is passed in, not fetched from a process global inside a
    service. Catches the fallbacks `demo_league(as_of, scoring, store=None)` calling
    `services.store.state.state_store()` and `SignalStore(store=None)` doing `store or state_store()`."""
    offenders = []
    for path in sorted((ROOT / "services").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in STORE_OPENERS:
            continue
        offenders += [f"{rel}:{n}" for n in _state_store_lookups(path.read_text(encoding="utf-8"))]
    assert offenders == []
    assert all((ROOT / rel).is_file() for rel in STORE_OPENERS)  # the exemptions name real modules


@pytest.mark.parametrize("broken", [
    # the demo_league fallback this rule removed
    "def demo_league(as_of, scoring='points', store=None):\n    if store is None:\n"
    "        from services.store.state import state_store\n\n        store = state_store()\n",
    # the SignalStore fallback
    "from services.store.state import StateStore, state_store\n\nclass SignalStore:\n"
    "    def __init__(self, store=None):\n        self.store = store or state_store()\n",
    "import services.store.state as st\n\ndef f():\n    return st.state_store()\n",
])
def test_the_store_rule_catches_the_fallbacks(broken):
    assert _state_store_lookups(broken)
    assert _state_store_lookups("def f(store):\n    return store\n") == []
