"""bench/arena.py keeps its contract: the cold figure comes from fresh subprocesses (median of the
runs, each one real), the warm runs of the same agent and config, the target judged on every cold
run, an `error` key; bad input is one line and a non-zero exit."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def run_bench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "bench" / "arena.py"), "--json", *args], capture_output=True,
                          text=True, env=os.environ.copy(), timeout=600)


def test_the_bench_reports_cold_and_warm_of_the_same_episode():
    done = run_bench("--seeds", "1", "--cold-runs", "2", "--warm-runs", "2", "--from", "2025-01-27", "--to", "2025-01-29")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["error"] is None and out["matchdays"] == 3 and out["target_s"] == 10
    t = out["timing"]
    assert t["agent"] == "favourite" and len(t["cold_runs"]) == 2 == len(out["cold_runs_s"])
    assert out["cold_runs_s"] == [c["episode_s"] for c in t["cold_runs"]]
    assert out["cold_episode_s"] == round(sum(out["cold_runs_s"]) / 2, 2)  # the median of two
    # the subprocess's wall holds its interpreter start and imports on top of the episode
    assert all(0 < c["episode_s"] < c["process_s"] for c in t["cold_runs"])
    assert t["cold_without_wire"]["episode_s"] > 0
    assert len(out["warm_runs_s"]) == 2 and all(s > 0 for s in out["warm_runs_s"])
    assert out["within_target"] == (max(out["cold_runs_s"]) <= 10)
    agents = {"hold", "favourite", "rating_edge", "random", "estimator_kelly", "market_kelly", "model"}
    assert set(out["metrics"]) == agents
    # issue #41: three disjoint windows side by side, each a ranked leaderboard with intervals
    ranges = [w["range"] for w in out["windows"]]
    assert ranges == [["2025-01-27", "2025-01-27"], ["2025-01-28", "2025-01-28"], ["2025-01-29", "2025-01-29"]]
    for w in out["windows"]:
        ranked = w["leaderboard"]["ranked"]
        assert {r["agent"] for r in ranked} == agents and [r["rank"] for r in ranked] == list(range(1, 8))
        assert all(r["return_ci95"][0] <= r["return_ci95"][1] for r in ranked)
        assert w["leaderboard"]["established_line"].startswith("Established")
    assert {a: len(v) for a, v in out["side_by_side"].items()} == {a: 3 for a in agents}
    assert out["fills"]["favourite"]["spread_paid"] > 0


def test_bad_input_is_one_line_and_a_non_zero_exit():
    done = run_bench("--from", "yesterday")
    assert done.returncode == 1
    assert json.loads(done.stdout) == {"error": "--from must be a date YYYY-MM-DD, not 'yesterday'"}
    assert done.stderr.strip().count("\n") == 0 and "Traceback" not in done.stderr
