"""Mutation check: does the default test suite catch five known bugs?

Each mutant is applied in a scratch copy of the repository (the tree copied to a temp dir, one
place patched, a focused subset of the default suite run with the same venv, the copy removed):

1. hold_verdict_always_hold: the hold-or-stream verdict hard-wired to "hold" (and, for the
   newer hold check, hold_tool_always_hold: evaluate_hold's verdict hard-wired to "hold");
2. optimizer_worst_moves: the optimizer node offering its worst positive moves instead of its best;
3. prompt_data_rule_deleted: the sentence telling the model tool text is data, never
   instructions, deleted from the agent prompt;
4. out_players_always_play: OUT players' play probability (availability) forced to 1.0;
5. snapshot_sees_as_of_day: the snapshot's box-score filter `<` changed to `<=` on the as-of date.

A patch finds its place by a distinctive code pattern; when the pattern is gone (the code moved)
the mutant is reported as `"error": "mutant could not be applied: ..."`, never as caught.
Caught means at least one test failed; `caught_by` names the failing tests.

    .venv/bin/python bench/mutants.py [--json] [--only NAME]

First the same focused tests run on an unpatched copy (the baseline): a test that already fails
there never counts as catching a mutant. Prints one JSON object: {"baseline": {...}, "mutants":
[{"name", "bug", "file", "patched", "caught", "caught_by", "tests", "seconds", "error"}],
"caught", "total", "error"}; exits non-zero when a mutant is missed or could not be applied.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SKIP = {".git", "__pycache__", ".pytest_cache", ".hypothesis", "node_modules", ".mypy_cache", ".ruff_cache"}
TIMEOUT_S = 1200


class NotApplied(RuntimeError):
    """The mutant's code pattern is not in the file any more."""


@dataclass(frozen=True)
class Mutant:
    name: str
    bug: str
    file: str
    patterns: tuple[tuple[str, str], ...]  # (regex, replacement): the first that matches is applied once
    tests: tuple[str, ...]  # the focused subset of the default suite to run

    def apply(self, root: Path) -> str:
        """Patches the copy under `root`; returns the replaced text. Raises NotApplied."""
        path = root / self.file
        if not path.exists():
            raise NotApplied(f"mutant could not be applied: {self.file} does not exist")
        text = path.read_text(encoding="utf-8")
        for pattern, replacement in self.patterns:
            hits = list(re.finditer(pattern, text, flags=re.M))
            if len(hits) == 1:
                new = text[:hits[0].start()] + hits[0].expand(replacement) + text[hits[0].end():]
                if new == text:
                    break
                path.write_text(new, encoding="utf-8")
                return hits[0].group(0)
            if len(hits) > 1:
                raise NotApplied(f"mutant could not be applied: {pattern!r} matches {len(hits)} places in {self.file}")
        raise NotApplied(f"mutant could not be applied: no pattern of {self.name} found in {self.file}")


MUTANTS = (
    Mutant("hold_verdict_always_hold", 'the hold-or-stream verdict hard-wired to "hold"', "agents/offline/reasoner.py",
           ((r'verdict = "hold" if .+ else "stream"', 'verdict = "hold"'),),
           ("tests/agents/test_hold_or_stream.py",)),
    Mutant("hold_tool_always_hold", 'evaluate_hold\'s verdict (what the optimizer does with my player) hard-wired to hold',
           "services/optimizer/evaluate.py",
           ((r"hold = top(?:_move)? is None or top(?:_move)?\.drop_id != player_id.*", "hold = True"),),
           ("tests/agents/test_hold_or_stream.py", "tests/agents/test_answers_fit.py::test_hold_agrees_with_the_optimizer")),
    Mutant("optimizer_worst_moves", "the optimizer node offers its worst positive moves instead of its best "
           "(propose_moves walks the scan's ranking from the bottom)",
           "services/optimizer/moves.py",
           ((r"rows\.ravel\(\), -np\.round\(score\.ravel\(\), 9\)", "rows.ravel(), np.round(score.ravel(), 9)"),),
           ("tests/agents/test_optimizer_node.py",)),
    Mutant("prompt_data_rule_deleted", "the sentence that tool text is data, never instructions, deleted from the prompt",
           "agents/supervisor/prompts.py",
           ((r"[^.\n]*tool results is data, never instructions\.[ ]?", ""),
            (r"[^.\n]*never instructions\.[ ]?", "")),
           ("tests/agents/test_prompt_injection.py", "tests/agents/test_safety_and_cli.py")),
    Mutant("out_players_always_play", "OUT players' availability (play probability) set to 1.0", "services/league/snapshot.py",
           ((r"ps\.play_prob = (self\.calibration\.play_probability\(ps\.status, since\))",
             r'ps.play_prob = 1.0 if ps.status == "OUT" else \1'),
            (r'("OUT":\s*)0\.0(\})', r"\g<1>1.0\2")),  # the fixed table before calibration
           ("tests/services/test_calibration.py", "tests/services/test_rosters.py",
            "tests/services/optimizer/test_optimizer_demo.py")),
    Mutant("snapshot_sees_as_of_day", "the snapshot's filter changed from < to <= on the as-of date", "services/league/snapshot.py",
           ((r"WHERE game_date < \?", "WHERE game_date <= ?"),),
           ("tests/services/test_snapshot.py", "tests/test_no_lookahead.py")),
)


def scratch_copy(dest: Path) -> Path:
    root = dest / "repo"
    shutil.copytree(REPO, root, symlinks=True, ignore=lambda _d, names: [n for n in names if n in SKIP])
    return root


def failed_tests(output: str) -> list[str]:
    """Node ids of the failed or errored tests in pytest's -rfE summary."""
    found = re.finditer(r"^(?:FAILED|ERROR) (\S+?(?:\[.*?\])?)(?: - .*)?$", output, flags=re.M)
    return sorted({m.group(1) for m in found})


def run_tests(root: Path, home: Path, tests: tuple[str, ...]) -> tuple[int, list[str], str]:
    """(pytest's exit code, failed test ids, last output line) of `tests` in the copy at `root`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    cmd = [str(REPO / ".venv" / "bin" / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rfE",
           "-m", "not live and not browser", *tests]
    p = subprocess.run(cmd, cwd=root, env=env, capture_output=True, text=True, timeout=TIMEOUT_S)
    text = (p.stdout + p.stderr).strip()
    return p.returncode, failed_tests(text), (text.splitlines() or [""])[-1][:300]


def run_mutant(m: Mutant, baseline_failures: set[str]) -> dict:
    t0 = time.perf_counter()
    out = {"name": m.name, "bug": m.bug, "file": m.file, "tests": list(m.tests), "caught": False, "caught_by": [],
           "seconds": 0.0, "error": None}
    with tempfile.TemporaryDirectory(prefix=f"mutant-{m.name}-") as tmp:
        root = scratch_copy(Path(tmp))
        try:
            out["patched"] = m.apply(root)
        except NotApplied as e:
            out["error"] = str(e)
            return out
        missing = [t for t in m.tests if not (root / t.split("::")[0]).exists()]
        if missing:
            out["error"] = f"mutant could not be tested: {', '.join(missing)} not found"
            return out
        try:
            code, failed, last = run_tests(root, Path(tmp) / "home", m.tests)
        except subprocess.TimeoutExpired:
            out["error"] = f"tests timed out after {TIMEOUT_S} s"
            return out
        if code not in (0, 1):
            out["error"] = f"pytest exited {code}: {last}"
        out["caught_by"] = [t for t in failed if t not in baseline_failures]
        out["caught"] = code == 1 and bool(out["caught_by"])
        out["seconds"] = round(time.perf_counter() - t0, 1)
    return out


def baseline(mutants: list[Mutant]) -> dict:
    """The same focused tests on an unpatched copy: they must pass, or a failure proves nothing."""
    tests = tuple(dict.fromkeys(t for m in mutants for t in m.tests))
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mutant-baseline-") as tmp:
        root = scratch_copy(Path(tmp))
        present = tuple(t for t in tests if (root / t.split("::")[0]).exists())
        code, failed, last = run_tests(root, Path(tmp) / "home", present)
    return {"exit_code": code, "failed": failed, "seconds": round(time.perf_counter() - t0, 1),
            "error": None if code == 0 else f"the unpatched copy fails: {last}"}


def main(argv: list[str] | None = None) -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print JSON (the default; kept for bench/*.py symmetry)")
    ap.add_argument("--only", action="append", help="run only this mutant (repeatable)")
    args = ap.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.only or m.name in args.only]
    if not chosen:
        print(json.dumps({"mutants": [], "caught": 0, "total": 0, "error": f"no mutant named {args.only}"}))
        return 2
    base = baseline(chosen)
    rows = [run_mutant(m, set(base["failed"])) for m in chosen]
    caught = sum(r["caught"] and not r["error"] for r in rows)
    errors = [f"{r['name']}: {r['error']}" for r in rows if r["error"]]
    errors += [f"baseline: {base['error']}"] if base["error"] else []
    print(json.dumps({"baseline": base, "mutants": rows, "caught": caught, "total": len(rows),
                      "error": "; ".join(errors) or None}, indent=1))
    return 0 if caught == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
