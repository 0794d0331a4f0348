"""Issue #21 "Folders that show the architecture": move agents/ and services/ modules into their folders.

A re-runnable codemod. MAP says where each old module lives now. A run

1. rewrites every reference to an old module in the tracked (and untracked, not ignored) text files:
   `import x`, `from x import y`, `from pkg import mod` (split when the names now live apart),
   relative imports (made absolute when they touch a moved module, and in every moved file), dotted
   names in strings and prose ("agents.runtime.foo" as a monkeypatch target, `importlib` targets,
   tests/forkrun.py's preloads, docs) and file paths ("agents/runtime.py");
2. `git mv`s each old file that still exists to its new place, creating the new packages'
   `__init__.py` (with the docstring below) when missing.

On a tree already regrouped it changes nothing; on a merged tree where new code still names old
modules it fixes those references (and moves any old file a merge brought back). Run from the repo root:

    python .regroup/regroup.py --dry-run     # say what would change, write nothing
    python .regroup/regroup.py               # apply (then review `git status` and commit)

Two old modules share their name with their new folder: `services.league` (now the package; the demo
league is `services.league.demo`) and `services.store` (the state store is `services.store.state`).
For those, `services.league.X` stays as is when X is a module of the new package and becomes
`services.league.demo.X` otherwise; `from services.league import X` likewise.
"""
from __future__ import annotations

import argparse
import ast
import difflib
import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CORE = ["contracts", "events", "runtime", "turn_flow", "turn_stream", "turn_decisions", "threads", "thread_team",
         "approvals", "cards", "deferred", "offered", "history", "views", "overrides", "failures", "checkpoints",
         "intents", "dates", "needs"]
_MODELS = ["llm", "ollama_model", "reasoner", "model_call"]
_LEAGUE = ["draft", "source", "demo_source", "snapshot", "rosters", "players", "lookup", "scoring", "slots", "values",
           "outlook", "calibration", "calibration_check", "calibration_cli", "calibration_value", "calibration_cats", "lineup", "matchup",
           "scoreboard", "season_games", "free_agents", "news", "rankings", "rankings_cli", "season", "preseason",
           "season_inputs", "season_tables"]
_STORE = ["threads", "thread_locks", "holders", "db", "build", "db_check"]

MAP: dict[str, str] = {
    **{f"agents.{m}": f"agents.core.{m}" for m in _CORE},
    **{f"agents.{m}": f"agents.models.{m}" for m in _MODELS},
    "agents.trade_cards": "agents.trades.cards",
    "agents.trade_cli": "agents.trades.cli",
    "agents.facades.trades": "agents.trades.facade",
    "agents.desk_cli": "agents.desk.cli",
    "agents.facades.supervisor": "agents.supervisor.facade",
    "agents.facades.desk": "agents.desk.facade",
    "agents.facades.signals": "agents.signals.facade",
    "agents.facades.arena": "agents.arena.facade",
    "agents.arena.trader.graph": "agents.arena.graph",
    "agents.arena.trader.prompts": "agents.arena.prompts",
    "agents.arena.trader.offline": "agents.arena.offline",
    "agents.arena.trader": "agents.arena",  # the package itself goes: its three modules join agents/arena/
    "services.league": "services.league.demo",
    "services.league_setup": "services.league.setup",
    **{f"services.{m}": f"services.league.{m}" for m in _LEAGUE},
    "services.store": "services.store.state",
    "services.store_guard": "services.store.guard",
    "services.store_admin": "services.store.admin",
    **{f"services.{m}": f"services.store.{m}" for m in _STORE},
}

# Opening docstrings of the packages the regroup creates (written only when the file is missing).
NEW_PACKAGES: dict[str, str] = {
    "agents/core": "The runtime of a chat turn: typed contracts, the one `emit`, the runtime and its turn flow,\n"
                   "threads, the approval gate and its cards, history, views, failures and checkpoints.",
    "agents/models": "The chat models: `llm` (the one model factory), the Ollama and reasoning providers, and the\n"
                     "metadata each model call carries.",
    "agents/trades": "Trades: the proposal cards decided at the supervisor's approval gate, the facade the door\n"
                     "hands out, and `python -m agents trade`. No graph of its own.",
    "services/league": "The league: the demo league and its `LeagueSource`, the as-of snapshot, rosters, players,\n"
                       "scoring, lineups, matchup, scoreboard, news, values, rankings, calibration and the season.",
    "services/store": "Storage: the writable state store (`state`, SQLite or PostgreSQL) with its guard and admin,\n"
                      "thread bindings and locks, and the read-only DuckDB (`db`) with its build and check.",
}

OLD = sorted(MAP, key=len, reverse=True)
# Old names that became (the parent of) their own new name's package: services.league -> services.league.demo.
AMBIGUOUS = {old for old, new in MAP.items() if new.startswith(old + ".")}
TEXT_SUFFIXES = {".py", ".md", ".json", ".toml", ".txt", ".cfg", ".ini", ".yaml", ".yml", ".sh", ".rst"}
TEXT_NAMES = {"Makefile", "run"}
SKIP_PREFIXES = ("data/", ".regroup/")


def _path(module: str) -> str:
    return module.replace(".", "/")


def _subs(old: str) -> set[str]:
    """Modules of the package an ambiguous old name became (from MAP and from the disk)."""
    pkg = MAP[old].rsplit(".", 1)[0]
    subs = {new[len(pkg) + 1:].split(".")[0] for new in MAP.values() if new.startswith(pkg + ".")}
    folder = ROOT / _path(pkg)
    if folder.is_dir():
        subs |= {p.stem for p in folder.glob("*.py")} | {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}
    return subs


SUBS = {old: _subs(old) for old in AMBIGUOUS}


def map_dotted(name: str, bare_ambiguous: bool = True) -> str | None:
    """The new dotted name for `name` (a module, or a module's attribute), None when unchanged."""
    for old in OLD:
        if name == old:
            return None if (old in AMBIGUOUS and not bare_ambiguous) else MAP[old]
        if name.startswith(old + "."):
            rest = name[len(old) + 1:]
            if old in AMBIGUOUS and rest.split(".")[0] in SUBS[old]:
                return None
            return MAP[old] + "." + rest
    return None


def _from_target(module: str, name: str) -> str | None:
    """Where `from module import name` must import from now (None: unchanged)."""
    if old := next((o for o in OLD if module == o), None):
        if old in AMBIGUOUS and name in SUBS[old]:
            return None
        return MAP[old]
    return map_dotted(module)


def _file_module(rel: str) -> str:
    mod = rel[:-3].replace("/", ".")
    return mod[: -len(".__init__")] if mod.endswith(".__init__") else mod


def _absolute(node: ast.ImportFrom, rel: str) -> str:
    if not node.level:
        return node.module or ""
    parts = _file_module(rel).split(".")
    is_pkg = rel.endswith("__init__.py")
    base = parts if is_pkg else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _fmt_from(module: str, names: list[tuple[str, str | None]]) -> str:
    body = ", ".join(n if a is None or a == n else f"{n} as {a}" for n, a in names)
    return f"from {module} import {body}"


def _from_groups(module: str, names: list[tuple[str, str | None]]) -> tuple[dict[str, list], bool]:
    """`from module import names` regrouped by the module each name lives in now, and whether any moved."""
    groups: dict[str, list[tuple[str, str | None]]] = {}
    changed = False
    for name, asname in names:
        full = f"{module}.{name}"
        if full in MAP:  # a module imported from its package: from agents import runtime
            parent, last = MAP[full].rsplit(".", 1)
            groups.setdefault(parent, []).append((last, asname or (name if last != name else None)))
            changed = True
        else:
            target = _from_target(module, name)
            changed |= target is not None
            groups.setdefault(target or module, []).append((name, asname))
    return groups, changed


_NAMES = r"\w+(?:\s+as\s+\w+)?(?:\s*,\s*\w+(?:\s+as\s+\w+)?)*"
_STR_FROM = re.compile(r"\bfrom\s+((?:agents|services)(?:\.\w+)*)\s+import\s+(" + _NAMES + r")")
_STR_IMPORT = re.compile(r"\bimport\s+((?:agents|services)(?:\.\w+)+)(\s+as\s+\w+)?")


def rewrite_code_in_string(text: str) -> str:
    """Import statements inside a string (code run by `python -c`, a test's sample module), on one line."""
    def sub_from(m: re.Match) -> str:
        names = []
        for part in m.group(2).split(","):
            bits = part.split()
            names.append((bits[0], bits[2] if len(bits) == 3 else None))
        groups, changed = _from_groups(m.group(1), names)
        return "; ".join(_fmt_from(mod, ns) for mod, ns in groups.items()) if changed else m.group(0)

    def sub_import(m: re.Match) -> str:
        new = map_dotted(m.group(1))
        return m.group(0) if new is None else f"import {new}{m.group(2) or ''}"
    return _STR_IMPORT.sub(sub_import, _STR_FROM.sub(sub_from, text))


def rewrite_imports(text: str, rel: str, moving: bool) -> str:
    """Rewrite import statements of a Python file (by AST spans, so formatting elsewhere is kept)."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return text
    lines = text.splitlines(keepends=True)
    edits: list[tuple[int, int, int, int, str]] = []  # (line0, col0, line1, col1, replacement)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out, changed = [], False
            for a in node.names:
                new = map_dotted(a.name)
                changed |= new is not None
                new = new or a.name
                out.append(new if a.asname is None else f"{new} as {a.asname}")
            if changed:
                edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset,
                              "import " + ", ".join(out)))
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, rel)
            groups, changed = _from_groups(module, [(a.name, a.asname) for a in node.names])
            changed = changed or (bool(node.level) and moving)
            if not changed:
                continue
            indent = re.match(r"\s*", lines[node.lineno - 1]).group(0)
            if len(groups) == 1 and not node.level and [n for n, _ in next(iter(groups.values()))] == \
                    [a.name for a in node.names]:
                # only the module changes: keep the statement's own layout (parentheses, line breaks)
                seg = _segment(lines, node)
                new_mod = next(iter(groups))
                repl = re.sub(r"^from\s+[\w.]+\s+import", f"from {new_mod} import", seg, count=1)
                names = next(iter(groups.values()))
                if any(a is not None and a != o.asname for (n, a), o in zip(names, node.names)):
                    repl = _fmt_from(new_mod, names)
            else:
                repl = ("\n" + indent).join(_fmt_from(m, ns) for m, ns in groups.items())
            edits.append((node.lineno, node.col_offset, node.end_lineno, node.end_col_offset, repl))
    if not edits:
        return text
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln))
    for l0, c0, l1, c1, repl in sorted(edits, reverse=True):
        start = offsets[l0 - 1] + len(lines[l0 - 1].encode()[:c0].decode())
        end = offsets[l1 - 1] + len(lines[l1 - 1].encode()[:c1].decode())
        text = text[:start] + repl + text[end:]
    return text


def _segment(lines: list[str], node: ast.AST) -> str:
    text = "".join(lines[node.lineno - 1: node.end_lineno])
    start = len(lines[node.lineno - 1].encode()[: node.col_offset].decode())
    tail = len(lines[node.end_lineno - 1]) - len(lines[node.end_lineno - 1].encode()[: node.end_col_offset].decode())
    return text[start: len(text) - tail]


_DOTTED = re.compile(r"(?<![\w.])(" + "|".join(re.escape(o) for o in OLD) + r")((?:\.\w+)*)(?![\w])")


def rewrite_dotted(text: str) -> str:
    """Dotted module names anywhere (strings, prose, attribute chains). A bare ambiguous name
    (`services.store` alone) is left: it reads as the package now."""
    def sub(m: re.Match) -> str:
        new = map_dotted(m.group(1) + m.group(2), bare_ambiguous=False)
        return new if new is not None else m.group(0)
    return _DOTTED.sub(sub, text)


_PLAIN_IMPORT = re.compile(r"^\s*import\s+(agents|services)\.[\w.]+\s*$", re.M)  # binds the name itself (no `as`)


def rewrite_python_text(text: str) -> str:
    """Dotted names and paths in a Python file's strings and comments; in its code too only when the
    file binds `agents`/`services` as a module (`import agents.x`), so a local variable named
    `services` (`services.values()`) is never taken for the package."""
    if _PLAIN_IMPORT.search(text):
        return rewrite_paths(rewrite_dotted(text))
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return text
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln))
    kinds = {tokenize.STRING, tokenize.COMMENT} | ({tokenize.FSTRING_MIDDLE} if hasattr(tokenize, "FSTRING_MIDDLE") else set())
    out, pos = [], 0
    for tok in tokens:
        if tok.type not in kinds:
            continue
        start = offsets[tok.start[0] - 1] + tok.start[1]
        end = offsets[tok.end[0] - 1] + tok.end[1]
        out.append(text[pos:start])
        piece = text[start:end]
        if tok.type != tokenize.COMMENT:
            piece = rewrite_code_in_string(piece)
        out.append(rewrite_paths(rewrite_dotted(piece)))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def _path_pairs() -> list[tuple[str, str]]:
    pairs = []
    for old, new in MAP.items():
        if old == "agents.arena.trader":
            pairs.append(("agents/arena/trader/", "agents/arena/"))
            continue
        pairs.append((_path(old) + ".py", _path(new) + ".py"))
    return sorted(pairs, key=lambda p: len(p[0]), reverse=True)


PATHS = _path_pairs()
_PATHS_RE = re.compile(r"(?<![\w.-])(?<!\w/)(" + "|".join(re.escape(o) for o, _ in PATHS) + r")")


def rewrite_paths(text: str) -> str:
    table = dict(PATHS)
    return _PATHS_RE.sub(lambda m: table[m.group(1)], text)


def _files() -> list[str]:
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split("\n")
    return sorted({f for f in out if f and not f.startswith(SKIP_PREFIXES) and (ROOT / f).is_file()
                   and (Path(f).suffix in TEXT_SUFFIXES or Path(f).name in TEXT_NAMES)})


def _moves() -> list[tuple[str, str]]:
    moves = []
    for old, new in MAP.items():
        if old == "agents.arena.trader":
            continue
        src, dst = _path(old) + ".py", _path(new) + ".py"
        if (ROOT / src).is_file():
            if (ROOT / dst).exists():
                sys.exit(f"regroup: both {src} and {dst} exist; merge them by hand, then run again")
            moves.append((src, dst))
    return moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="print what would change; write nothing")
    parser.add_argument("--diff", action="store_true", help="with --dry-run: print the unified diffs too")
    args = parser.parse_args(argv)
    moves = _moves()
    moving = {src for src, _ in moves}
    changed = 0
    for rel in _files():
        path = ROOT / rel
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        if rel.endswith(".py"):
            new = rewrite_python_text(rewrite_imports(text, rel, rel in moving))
        else:
            new = rewrite_paths(rewrite_dotted(text))
        if new != text:
            changed += 1
            print(f"rewrite {rel}")
            if args.dry_run and args.diff:
                sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), new.splitlines(True), rel, rel))
            if not args.dry_run:
                path.write_text(new, encoding="utf-8")
    for folder, doc in NEW_PACKAGES.items():
        init = ROOT / folder / "__init__.py"
        if not init.exists() and any(dst.startswith(folder + "/") for _, dst in moves):
            print(f"create {folder}/__init__.py")
            if not args.dry_run:
                init.parent.mkdir(parents=True, exist_ok=True)
                init.write_text(f'"""{doc}"""\n', encoding="utf-8")
                subprocess.run(["git", "add", str(init.relative_to(ROOT))], cwd=ROOT, check=True)
    for src, dst in moves:
        print(f"git mv {src} {dst}")
        if not args.dry_run:
            (ROOT / dst).parent.mkdir(parents=True, exist_ok=True)
            subprocess.run(["git", "mv", src, dst], cwd=ROOT, check=True)
    trader = ROOT / "agents/arena/trader"
    if trader.is_dir() and not [p for p in trader.glob("*.py") if p.name != "__init__.py"]:
        print("git rm agents/arena/trader/__init__.py")
        if not args.dry_run:
            if (trader / "__init__.py").exists():
                subprocess.run(["git", "rm", "-q", "-f", "agents/arena/trader/__init__.py"], cwd=ROOT, check=True)
            for cache in trader.glob("__pycache__/*"):
                cache.unlink()
            for d in (trader / "__pycache__", trader):
                if d.is_dir() and not any(d.iterdir()):
                    d.rmdir()
    print(f"{'would change' if args.dry_run else 'changed'} {changed} files, {len(moves)} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
