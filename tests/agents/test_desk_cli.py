"""`python -m agents desk ...` in a subprocess: games against games.csv, a quote with its tool calls
and quote id, accept/settle/verify, and bad input exiting non-zero with one line and `error`."""
from __future__ import annotations

import csv
import json
import os

import pytest

import forkrun

from services.config import DATA_DIR
from tests.conftest import ISOLATED_ENV, REPO_ROOT

AT = "2025-01-29T17:00:00+00:00"


@pytest.fixture
def desk_cli(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ISOLATED_ENV and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(tmp_path)

    def run(*args: str) -> tuple[int, dict | None, str]:
        p = forkrun.run(["-m", "agents", "desk", *args], cwd=REPO_ROOT, env=env, timeout=120)
        out = json.loads(p.stdout) if p.stdout.strip().startswith("{") else None
        return p.returncode, out, p.stderr

    return run


def test_games_lists_the_days_games_with_quotes(desk_cli):
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["game_date"] == "2025-01-29"]
    rc, out, _ = desk_cli("games", "--date", "2025-01-29", "--at", AT, "--json")
    assert rc == 0 and out["error"] is None
    assert [g["game_id"] for g in out["games"]] == sorted(
        (f"2025-01-29-{r['away']}-{r['home']}" for r in rows), key=lambda gid: gid.rsplit("-", 1)[1])
    for g in out["games"]:
        assert g["listed"] and g["moneyline"]["home"] > 1 and "priced from the spread" in g["labels"]


def test_quote_accept_settle_verify(desk_cli):
    rc, games, _ = desk_cli("games", "--date", "2025-01-29", "--at", AT, "--json")
    g = games["games"][0]
    line = g["spread"]["home_line"]
    rc, q, err = desk_cli("quote", "--game", g["game_id"], "--market", "spread", "--side", "home", "--line", str(line),
                          "--odds", "1.9", "--amount", "20", "--at", AT, "--json")
    assert rc == 0, err
    assert q["error"] is None and q["status"] == "accepted" and q["quote_id"].startswith("q-")
    assert [c["name"] for c in q["tool_calls"]][0] == "get_my_recent_decisions" and q["model_calls"] == 4
    rc, a, err = desk_cli("accept", "--quote", q["quote_id"], "--json")
    assert rc == 2 and "only a counter" in a["error"] and "Traceback" not in err
    rc, s, _ = desk_cli("settle", "--through", "2025-01-29", "--json")
    assert rc == 0 and s["count"] == 1 and s["error"] is None
    rc, v, _ = desk_cli("verify", "--last", "50", "--json")
    assert rc == 0 and v["checked"] == 2 and v["matched"] == 2 and v["mismatched"] == 0


def test_verify_reports_a_tampered_calculation(desk_cli, tmp_path):
    import sqlite3

    rc, q, _ = desk_cli("quote", "--game", "2025-01-29-CHI-BOS", "--market", "moneyline", "--side", "away",
                        "--odds", "6", "--amount", "10", "--at", AT, "--json")
    assert rc == 0
    con = sqlite3.connect(tmp_path / "state.sqlite")
    with con:
        con.execute("UPDATE desk_calcs SET outputs='{\"edge_pct\": 0.0}' WHERE tool='compare_odds'")
    con.close()
    rc, v, _ = desk_cli("verify", "--json")
    assert rc == 1 and (v["matched"], v["mismatched"]) == (1, 1)
    bad = next(c for c in v["calcs"] if not c["matched"])
    assert bad["tool"] == "compare_odds" and bad["quote_id"] == q["quote_id"] and "edge_pct" in bad["differs"]


@pytest.mark.parametrize("args", [
    ["quote", "--game", "nope", "--market", "moneyline", "--side", "home", "--odds", "1.9", "--amount", "5"],
    ["quote", "--game", "2025-01-29-CHI-BOS", "--market", "spread", "--side", "home", "--odds", "1.9", "--amount", "5"],
    ["quote", "--game", "2025-01-29-CHI-BOS", "--market", "moneyline", "--side", "home", "--odds", "0.5",
     "--amount", "5"],
    ["accept", "--quote", "q-none"],
    ["verify", "--last", "0"],
])
def test_bad_input_is_one_line_and_changes_nothing(desk_cli, args):
    rc, out, err = desk_cli(*args, "--json")
    assert rc == 2 and out["error"] and "Traceback" not in err and len(err.strip().splitlines()) == 1
    rc, v, _ = desk_cli("verify", "--json")
    assert v["checked"] == 0
