"""House rules checked by parsing imports: pages -> agents -> services, never back."""
from __future__ import annotations

import ast
import re
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
    "services/espn/mirror/server.py": "entry point of `python -m services espn-mirror` (serves the demo league of the configured store)",
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


# --- Folders that show the architecture (issue #21) -------------------------------------------

# What may sit loose at the top of agents/ and services/: the rest lives in a folder named for what it
# serves (docs/architecture.md, "Layout"). A new module goes into its folder, not here.
LOOSE = {
    "agents": {"__init__", "__main__", "cli", "door"},
    "services": {"__init__", "__main__", "cli", "config", "models", "inputs"},  # inputs: the CLIs' and API's ranges
}
TEMPLATE = ("state", "prompts", "nodes", "graph", "facade", "cli")
# Each agent subsystem and the template parts it lacks; the table in docs/architecture.md ("One
# template per subsystem") says the same and why.
SUBSYSTEMS: dict[str, set[str]] = {
    "supervisor": {"cli"},
    "matchup_optimizer": {"prompts", "facade", "cli"},
    "desk": set(),
    "signals": set(),
    "arena": {"state", "nodes"},
    "trades": {"state", "prompts", "nodes", "graph"},
}


def _docs_subsystems() -> dict[str, set[str]]:
    """The subsystem table of docs/architecture.md: {subsystem: the parts it lacks}."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## One template per subsystem", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2 and cells[0] not in ("subsystem", "") and set(cells[0]) != {"-"}:
            rows[cells[0]] = set() if cells[1] == "-" else {p.strip() for p in cells[1].split(",")}
    return rows


def test_loose_modules_at_the_top_are_only_the_allowed_ones():
    """Catches a module added at agents/ or services/ top (25 and 40 sat there before the regroup)."""
    loose = {pkg: {p.stem for p in (ROOT / pkg).glob("*.py")} for pkg in LOOSE}
    assert {pkg: sorted(found - LOOSE[pkg]) for pkg, found in loose.items()} == {pkg: [] for pkg in LOOSE}
    assert all(LOOSE[pkg] <= loose[pkg] for pkg in LOOSE)  # the allow-list names real modules


def test_every_folder_is_in_the_documented_layout_and_opens_with_what_it_holds():
    """Each package under agents/ and services/ is named in docs/architecture.md's layout, and its
    `__init__.py` opens with a docstring (an empty one says nothing about what the folder holds)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    layout = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    missing, silent = [], []
    for pkg in LOOSE:
        for init in sorted((ROOT / pkg).rglob("__init__.py")):
            folder = init.parent.relative_to(ROOT).as_posix()
            if f"{init.parent.name}/" not in layout and init.parent.parent.name in LOOSE:
                missing.append(folder)
            if not ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))):
                silent.append(folder)
    assert missing == [] and silent == []


def test_each_subsystem_follows_the_template_and_the_docs_table_agrees():
    """Catches a subsystem laid out its own way (a cli at agents/ top, a facade in agents/facades/) and
    the docs table drifting from the tree."""
    assert _docs_subsystems() == SUBSYSTEMS
    drift = {}
    for name, lacks in SUBSYSTEMS.items():
        have = {part for part in TEMPLATE if (ROOT / "agents" / name / f"{part}.py").is_file()}
        if have != set(TEMPLATE) - lacks:
            drift[name] = {"extra": sorted(have & lacks), "missing": sorted(set(TEMPLATE) - lacks - have)}
    assert drift == {}


def test_the_door_registers_each_subsystems_own_facade():
    from agents import door

    assert {name: door.FACADES[name] for name in door.FACADES} == \
        {name: f"agents.{name}.facade" for name in door.FACADES}
    assert set(door.FACADES) <= {name for name, lacks in SUBSYSTEMS.items() if "facade" not in lacks}


def _module_of(path: Path) -> str:
    mod = path.relative_to(ROOT).with_suffix("").as_posix().replace("/", ".")
    return mod.removesuffix(".__init__")


def _import_time_edges(package: str) -> dict[str, set[str]]:
    """Module -> the modules of `package` it imports when it is imported (top-level statements only:
    an import inside a function runs later and closes no circle). `from pkg import name` leads to
    pkg.name when that is a module, else to the package's `__init__` (whose names it reads)."""
    modules = {_module_of(p): p for p in (ROOT / package).rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for mod, path in modules.items():
        out = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.If):  # `if TYPE_CHECKING:` imports never run
                continue
            if isinstance(node, ast.Import):
                out |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in modules:
                for a in node.names:
                    out.add(f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module)
        edges[mod] = out - {mod}
    return edges


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


@pytest.mark.parametrize("package", ["services", "agents"])
def test_no_import_circle(package):
    """Issue #21 "The arena's circle": services/arena/execution.py -> models/__init__ -> models/agents
    -> execution was closed by a lazy import. Now no module of services/ or agents/ reaches itself
    through import-time imports."""
    assert _cycles(_import_time_edges(package)) == []


def test_the_circle_check_sees_a_circle():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(edges) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def _all_edges(package: str) -> dict[str, set[str]]:
    """Module -> the modules of `package` it imports anywhere (functions included: what
    `farm-studio look` draws; `if TYPE_CHECKING:` imports left out, they never run)."""
    modules = {_module_of(p): p for p in (ROOT / package).rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for mod, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n) for node in tree.body if isinstance(node, ast.If) for n in ast.walk(node)}
        out = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                out |= {a.name for a in node.names if a.name in modules}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in modules:
                for a in node.names:
                    out.add(f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in modules else node.module)
        edges[mod] = out - {mod} - {package}  # the package's __init__ holds no code of its own
    return edges


# Circles closed by an import inside a function: none left (issue #37 item 5). The optimizer <-> league
# one went with services/optimizer/calibration_cats.py; league <-> store with the builder installed by
# the entry points (services.store.build.install) instead of imported by services.store.db; the store
# guard <-> state, CLI <-> trade CLI and desk lifecycle <-> runtime ones with a small module each.
# Any circle fails the test below.
KNOWN_CIRCLES: dict[str, list[list[str]]] = {"services": [], "agents": []}


@pytest.mark.parametrize("package", ["services", "agents"])
def test_no_new_circle_through_function_imports(package):
    """Catches a circle closed by a lazy import (the optimizer <-> league circle of 4 files was one:
    services/league/calibration_cats.py -> optimizer/backtest -> optimizer/adapter ->
    optimizer/season -> calibration_cats; this test fails on that tree)."""
    assert sorted(_cycles(_all_edges(package))) == sorted(KNOWN_CIRCLES[package])


def test_every_page_script_is_declared_and_opens_through_the_app():
    """Issue #38: the first session of a server process runs as a legacy multipage app of `pages/`
    (Streamlit sets `PagesManager.uses_pages_directory` from the folder), so a page opened by its URL
    must be a script at the top of `pages/` (else "Page not found": page scripts in pages/views/) and
    must hand itself to app.py before drawing anything (else it runs bare: no sidebar, and the process
    never switches to `st.navigation`). The Chromium check: tests/app/test_chat_edit_browser.py."""
    app = (ROOT / "app.py").read_text()
    declared = set(re.findall(r'st\.Page\("(pages/[a-z_]+\.py)"', app))
    scripts = {f"pages/{p.name}" for p in (ROOT / "pages").glob("*.py") if p.name != "__init__.py"}
    assert declared == scripts and len(scripts) >= 10, (declared ^ scripts)
    for rel in sorted(scripts):
        body = [n for n in ast.parse((ROOT / rel).read_text()).body
                if not isinstance(n, (ast.Import, ast.ImportFrom))
                and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
        first = body[0]
        assert isinstance(first, ast.Expr) and isinstance(first.value, ast.Call) \
            and getattr(first.value.func, "id", None) == "through_app", f"{rel}: through_app() is not its first statement"
