"""services.cli: `python -m services ...` in a subprocess, as a person would run it."""
from __future__ import annotations

import datetime as dt
import json

import pytest


def test_gamelog_json_gives_the_csv_numbers(run_cli, csv_facts):
    proc = run_cli("gamelog", "haliburton", "--last", "5", "--as-of", "2025-01-29", "--json")
    assert (proc.returncode, proc.stderr) == (0, "")
    log = json.loads(proc.stdout)
    rows = csv_facts.player_games("halibty01", before=dt.date(2025, 1, 29))[-5:]
    assert log["player"]["name"] == "Tyrese Haliburton"
    assert [g["date"] for g in log["games"]] == [r["game_date"].isoformat() for r in rows]
    assert [(g["pts"], g["reb"], g["ast"], g["fantasy_pts"]) for g in log["games"]] == [
        (r["pts"], r["reb"], r["ast"], r["fpts"]) for r in rows]
    for k in ("pts", "reb", "ast", "stl", "blk", "fg3m", "min"):
        assert log["averages"][k] == round(sum(r[k] for r in rows) / 5, 2), k
    assert log["fantasy_avg"] == round(sum(r["fpts"] for r in rows) / 5, 2) == 35.4


def test_gamelog_text(run_cli):
    proc = run_cli("gamelog", "haliburton", "--last", "5", "--as-of", "2025-01-29")
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0
    assert lines[0] == "Tyrese Haliburton (IND) - last 5 games before 2025-01-29"
    assert len(lines) == 7
    assert lines[-1].startswith("averages: 13.8 pts, 3.0 reb, 6.6 ast")
    assert lines[-1].endswith("35.4 fantasy pts")


def test_status_json_says_embiid_is_out(run_cli):
    proc = run_cli("status", "embiid", "--json")
    assert proc.returncode == 0
    report = json.loads(proc.stdout)
    assert (report["status"], report["as_of"], report["missed_in_row"]) == ("OUT", "2025-01-29", 12)
    assert report["evidence"] == "missed PHI's last 12 games (last played Jan 4)"


def test_status_text(run_cli):
    proc = run_cli("status", "Joel Embiid", "--as-of", "2025-01-05")
    assert (proc.returncode, proc.stdout) == (0, "Joel Embiid: ACTIVE (inferred) - played PHI's last game (Jan 4)\n")


def test_roster(run_cli):
    proc = run_cli("roster", "--json")
    ros = json.loads(proc.stdout)
    assert (proc.returncode, ros["team_name"], len(ros["entries"])) == (0, "Courtside Crew", 13)
    text = run_cli("roster", "--team", "6").stdout.splitlines()
    from services.league.demo import demo_league
    from services.store.state import state_store

    lg = demo_league(dt.date(2025, 1, 29), store=state_store())  # active 13 and the IR slot, one line each
    assert text[0] == "Zone Defense (Lena) as of 2025-01-29" and len(text) == 1 + len(lg.roster_ids(6)) + len(lg.ir_ids(6))


@pytest.mark.parametrize("args,message", [
    (["gamelog", "nobodyxyz"], "error: No player matches 'nobodyxyz'."),
    (["status", "Tyrese"], "error: 'Tyrese' could be Tyrese Haliburton, Tyrese Martin, Tyrese Maxey; which one?"),
    (["gamelog", "jokic", "--last", "0"], "error: last_n must be a whole number from 1 to 82, not 0."),
    (["status", "jokic", "--as-of", "2030-01-01"], "error: As-of date 2030-01-01 is outside the data"),
    (["status", "jokic", "--as-of", "yesterday"], "error: argument --as-of: not a date (YYYY-MM-DD): 'yesterday'"),
    (["gamelog", "jokic", "--last", "many"], "error: argument --last: invalid int value: 'many'"),
    (["roster", "--team", "99"], "error: No team 99 in this league (teams are 1 to 10)."),
    (["roster", "--team", "0"], "error: No team 0 in this league"),
    (["frobnicate"], "error: argument cmd: invalid choice: 'frobnicate'"),
    (["status"], "error: the following arguments are required: name"),
])
def test_bad_input_is_one_line_without_a_traceback(run_cli, args, message):
    proc = run_cli(*args)
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.splitlines()) == 1
    assert proc.stderr.startswith(message)


def test_build_if_missing_keeps_a_current_database(run_cli, courtside_home):
    db = courtside_home / "courtside.duckdb"
    mtime = db.stat().st_mtime_ns
    proc = run_cli("build", "--if-missing")
    assert (proc.returncode, proc.stdout) == (0, f"database ready: {db}\n")
    assert db.stat().st_mtime_ns == mtime
