"""`python -m agents signals run|score --json` in a subprocess with its own COURTSIDE_HOME: the
contract shape, the signals persisted, the scoreboard on the real finals, one-line errors."""
from __future__ import annotations

import csv
import json
import os
import subprocess
from pathlib import Path

import pytest

import forkrun

REPO = Path(__file__).resolve().parents[2]


def _run(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    return forkrun.run(["-m", "agents", "signals", *args], cwd=REPO, env=env, timeout=240)


def test_run_json_contract_and_persisted_signals(fresh_state):
    p = _run(fresh_state.home, "run", "--date", "2025-01-29", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["error"] is None and out["mode"] == "blind" and len(out["games"]) == 11
    assert isinstance(out["signals"], list) and out["signals"]
    for s in out["signals"]:
        assert abs(s["ev"]) >= 0.05 and s["expires_at"].startswith("2025-01-30T00:00")
        assert s["confidence"] == ("high" if abs(s["ev"]) >= 0.15 else "medium" if abs(s["ev"]) >= 0.08 else "low")
    from services.signals.store import SignalStore

    assert sorted(s.id for s in SignalStore(fresh_state.store).list()) == sorted(s["id"] for s in out["signals"])
    anchored = json.loads(_run(fresh_state.home, "run", "--date", "2025-01-29", "--mode", "anchored", "--json").stdout)
    assert anchored["mode"] == "anchored" and all(s["id"].startswith("sig-anchored-") for s in anchored["signals"])


def test_score_json_matches_the_csv(fresh_state):
    p = _run(fresh_state.home, "score", "--from", "2025-01-28", "--to", "2025-01-28", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    with open(REPO / "data" / "nba-2024-25" / "games.csv", newline="", encoding="utf-8") as f:
        won = {f"{r['game_date']}-{r['away']}-{r['home']}": int(r["home_pts"]) > int(r["away_pts"])
               for r in csv.DictReader(f) if r["game_date"] == "2025-01-28"}
    assert out["error"] is None and out["games"] == len(won) == len(out["per_game"])
    assert {g["game_id"]: g["home_won"] for g in out["per_game"]} == won
    est = [g for g in out["per_game"] if g["estimate"] is not None]
    mb = sum((g["price"] - won[g["game_id"]]) ** 2 for g in est) / len(est)
    assert out["estimates"]["market_brier"] == pytest.approx(mb, abs=1e-4)


@pytest.mark.parametrize("args,msg", [
    (["run", "--date", "2025-03-01"], "outside the box-score window"),
    (["run", "--date", "2025-01-29", "--mode", "peek"], "invalid choice"),
    (["run", "--date", "2025-01-29", "--threshold", "2"], "between 0 and 1"),
    (["score", "--from", "2025-01-28", "--to", "2025-01-20"], "after"),
    (["run", "--date", "not-a-date"], "not a date"),
])
def test_bad_input_is_one_line_and_changes_nothing(fresh_state, args, msg):
    p = _run(fresh_state.home, *args, "--json")
    assert p.returncode == 2 and "Traceback" not in p.stderr and msg in p.stderr
    assert len(p.stderr.strip().splitlines()) == 1
    from services.signals.store import SignalStore

    assert SignalStore(fresh_state.store).list() == []
