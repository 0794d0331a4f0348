"""A benchmark script is a stable interface too (`bench/*.py --json`): a usage mistake under `--json`
prints `{"error": ...}` on stdout and exits 2, with one line on stderr and no traceback (issue #20,
"Argparse usage errors print no JSON under --json").

Catches: a bench script built on plain `argparse.ArgumentParser`, which prints only usage text, so a
script reading its JSON gets nothing to parse.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import forkrun

REPO = Path(__file__).resolve().parents[1]
SCRIPTS = sorted(p.name for p in (REPO / "bench").glob("*.py") if "__main__" in p.read_text())


def test_every_runnable_bench_script_is_covered():
    assert len(SCRIPTS) >= 13 and "mutants.py" in SCRIPTS and "nlu.py" in SCRIPTS


@pytest.mark.parametrize("script", SCRIPTS)
def test_a_usage_mistake_under_json_is_json_and_exit_2(script, tmp_path):
    env = {**os.environ, "COURTSIDE_HOME": str(tmp_path), "PYTHONPATH": str(REPO)}
    p = forkrun.run([f"bench/{script}", "--json", "--no-such-flag"], cwd=REPO, env=env, timeout=120)
    assert p.returncode == 2, p.stderr[-300:]
    assert "Traceback" not in p.stderr and len(p.stderr.strip().splitlines()) == 1
    body = json.loads(p.stdout)
    assert set(body) == {"error"} and "--no-such-flag" in body["error"]
