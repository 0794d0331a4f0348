"""`python -m agents arena run|show` in a subprocess: the JSON shape with `error`, the files, one-line
errors with a non-zero exit and no traceback, show = run, and byte-identical replays."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

import forkrun

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def arena(fresh_state):
    home = Path(fresh_state.home)  # the test's own home, with the built database (the news wire reads it)

    def run(*args: str) -> subprocess.CompletedProcess:
        env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
        env["COURTSIDE_HOME"] = str(home)
        return forkrun.run(["-m", "agents", "arena", *args], cwd=REPO, env=env, timeout=240)

    run.home = home
    return run


def test_run_prints_the_summary_and_writes_the_three_files(arena):
    p = arena("run", "--agent", "hold", "--from", "2025-01-27", "--to", "2025-01-31", "--seed", "1", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["error"] is None and out["agent"] == "hold" and out["seed"] == 1
    assert out["metrics"]["decisions"] == 5 and out["metrics"]["final_value"] == 1000.0
    assert out["metrics"]["holds"] == 5 and out["metrics"]["rejected"] == 0
    assert out["versions"] == {"simulation": "arena-sim/2", "agent": "hold/1", "evaluation": "arena-metrics/2"}
    d = arena.home / "experiments" / out["run_id"]
    assert sorted(x.name for x in d.iterdir()) == ["config.json", "episode_log.jsonl", "trade_history.json"]
    config = json.loads((d / "config.json").read_text())
    assert config["episodes"][0]["agent_id"] == "hold" and config["run_id"] == out["run_id"]
    assert "BOS-2025-01-31" in config["episodes"][0]["tickers"]

    shown = arena("show", out["run_id"], "--json")
    # show is the run's own record; the leaderboard beside it is the baselines' runs, made by `run`
    assert shown.returncode == 0 and json.loads(shown.stdout) == {k: v for k, v in out.items() if k != "leaderboard"}
    text = arena("show", out["run_id"])
    assert text.returncode == 0 and "5 decisions: 0 accepted, 0 rejected, 5 holds" in text.stdout


def test_run_shows_intervals_fills_at_the_quoted_spread_and_ranked_agents(arena):
    """Issue #41: `agents arena run --json` shows intervals, fills at the quoted spread, ranked agents
    with the baselines (hold, favourite, market-implied Kelly) always present. Each fill is checked
    against the desk's ask on the mid the agent saw (mid x 1.045); the spread paid is their sum.
    Catches: fills at the mid, no interval, no leaderboard."""
    p = arena("run", "--agent", "rating_edge", "--from", "2025-01-27", "--to", "2025-01-29", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    d = arena.home / "experiments" / out["run_id"]
    points = [json.loads(line) for line in (d / "episode_log.jsonl").read_text().splitlines()][0]["decision_point_logs"]
    spread, n = 0.0, 0
    for pt in points:
        mids = {t: sd["current_price"] for t, sd in pt["agent_payload"]["stock_data"].items()}
        for t in pt["execution_result"]["executed_trades"]:
            assert t["side"] == "buy" and t["price"] == round(min(1.0, mids[t["ticker"]] * 1.045), 4)
            spread += t["quantity"] * (t["price"] - mids[t["ticker"]])
            n += 1
    f = out["fills"]
    assert n == f["trades"] > 0 and f["spread_paid"] == pytest.approx(spread, abs=0.01)
    assert (f["margin"], f["max_order_notional"], f["fee_rate"]) == (0.045, 100.0, 0.0)
    lo, hi = out["return_ci95"]
    assert lo <= hi
    board = out["leaderboard"]
    ranked = board["ranked"]
    assert {r["agent"] for r in ranked} == {"rating_edge", "hold", "favourite", "market_kelly"}
    assert [r["rank"] for r in ranked] == [1, 2, 3, 4]
    assert [r["return_mean"] for r in ranked] == sorted((r["return_mean"] for r in ranked), reverse=True)
    mine = next(r for r in ranked if r["agent"] == "rating_edge")
    assert mine["return_mean"] == pytest.approx(out["metrics"]["total_return"], abs=1e-4)
    assert board["established_line"].startswith("Established (95% interval of the paired difference excludes 0)")
    hold = next(r for r in ranked if r["agent"] == "hold")
    assert hold["return_ci95"] == [0.0, 0.0]


def test_the_same_config_and_seed_replay_byte_identically(arena):
    args = ("run", "--agent", "random", "--from", "2025-01-27", "--to", "2025-01-29", "--seed", "4", "--json")
    first = json.loads(arena(*args).stdout)
    d = arena.home / "experiments" / first["run_id"]
    before = {f.name: f.read_bytes() for f in d.iterdir()}
    for f in d.iterdir():
        f.unlink()
    second = json.loads(arena(*args).stdout)
    assert second["run_id"] == first["run_id"] and first["metrics"]["trades"] > 0
    assert {f.name: f.read_bytes() for f in d.iterdir()} == before


@pytest.mark.parametrize("args, message", [
    (("run", "--agent", "yolo", "--from", "2025-01-27", "--to", "2025-01-28"), "unknown agent 'yolo'"),
    (("run", "--agent", "hold", "--from", "2025-01-28", "--to", "2025-01-27"), "before --from"),
    (("run", "--agent", "hold", "--from", "2024-12-24", "--to", "2024-12-24"), "no regular-season games"),
    (("run", "--agent", "hold", "--cash", "0"), "--cash must be positive"),
    (("show", "no-such-run"), "no arena run 'no-such-run'"),
])
def test_bad_input_is_one_line_with_error_in_the_json(arena, args, message):
    p = arena(*args, "--json")
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert message in json.loads(p.stdout)["error"]
    assert p.stderr.count("\n") == 1 and message in p.stderr
    assert not (arena.home / "experiments").exists() or not any((arena.home / "experiments").iterdir())


def test_a_malformed_date_is_a_usage_error(arena):
    p = arena("run", "--agent", "hold", "--from", "Jan 27")
    assert p.returncode == 2 and "Traceback" not in p.stderr and "not a date" in p.stderr
