"""Stores that heal or say why.

- DuckDB (derived data): 200 KB of garbage at 90% of the file printed a 40-line traceback on every
  command and `build --if-missing` said "database ready"; now the file is checked on open and
  rebuilt, saying so once.
- SQLite state and checkpoints (the user's data): corruption ended in "file is not a database"
  tracebacks, and an emptied state file silently restarted from the draft; now one line names the
  file and the recovery, the file is left byte for byte, and `store check|backup|restore` recover.
- A schema migration of the state store writes a backup first.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest

import forkrun

REPO = Path(__file__).resolve().parents[2]
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


def _run(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    return forkrun.run(["-m", *args], cwd=REPO, env=env,
                       timeout=180)


def _garbage(path: Path, at: float, size: int) -> None:
    n = path.stat().st_size
    with open(path, "r+b") as f:
        f.seek(int(n * at))
        f.write(os.urandom(size))


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_a_corrupt_duckdb_is_rebuilt_and_said_once(fresh_state):
    db = fresh_state.home / "courtside.duckdb"
    _garbage(db, 0.9, 200_000)
    first = _run(fresh_state.home, "services", "status", "embiid")
    assert first.returncode == 0 and "Joel Embiid: OUT" in first.stdout
    notes = [line for line in first.stderr.splitlines() if line.strip()]
    assert len(notes) == 1 and "failed its check" in notes[0] and "rebuilding" in notes[0], first.stderr
    again = _run(fresh_state.home, "services", "status", "embiid")
    assert again.returncode == 0 and again.stderr == ""  # healed: nothing more to say


def test_build_if_missing_checks_instead_of_assuming(fresh_state):
    db = fresh_state.home / "courtside.duckdb"
    assert _run(fresh_state.home, "services", "build", "--if-missing").stdout.startswith("database ready")
    _garbage(db, 0.9, 200_000)
    p = _run(fresh_state.home, "services", "build", "--if-missing")
    assert p.returncode == 0 and "database ready" not in p.stdout and "failed its check" in p.stderr
    assert json.loads(p.stdout)["rows"]["player_games"] > 0
    assert _run(fresh_state.home, "services", "build", "--if-missing").stdout.startswith("database ready")


def _used_home(home: Path) -> None:
    """A home with a conversation, an approved move and the files settled (WAL checkpointed)."""
    r = _run(home, "agents", "ask", REVIEW, "--thread", "t", "--json")
    assert r.returncode == 0, r.stderr
    r = _run(home, "agents", "resume", "--thread", "t", "--decision", "approve", "--json")
    assert r.returncode == 0, r.stderr


DAMAGE = {
    "emptied": lambda p: p.write_bytes(b""),
    "header": lambda p: _garbage(p, 0.0, 100),
    "pages": lambda p: _garbage(p, 0.1, 8192),
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
@pytest.mark.parametrize("name", ["state.sqlite", "checkpoints.sqlite"])
def test_a_damaged_state_file_is_named_with_its_recovery_and_left_untouched(fresh_state, name, damage):
    home = fresh_state.home
    _used_home(home)
    target = home / name
    with sqlite3.connect(target) as con:  # everything in the main file, so the damage hits real pages
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert target.stat().st_size > 16_384
    DAMAGE[damage](target)
    before = _digest(target)
    p = _run(home, "agents", "ask", "How is Jokic doing?", "--json")
    assert p.returncode != 0 and "Traceback" not in p.stderr
    line = p.stderr.strip()
    assert len(line.splitlines()) == 1 and str(target) in line
    assert "python -m services store check" in line and "python -m services store restore" in line
    assert json.loads(p.stdout)["error"] == line.removeprefix("error: ")
    assert _digest(target) == before  # never overwritten
    check = _run(home, "services", "store", "check")
    assert check.returncode == 1 and f"DAMAGED  {target}" in check.stdout


def test_backup_then_restore_brings_the_moves_back(fresh_state):
    home = fresh_state.home
    _used_home(home)
    assert _run(home, "services", "store", "backup").returncode == 0
    state = home / "state.sqlite"
    with sqlite3.connect(state) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    state.write_bytes(b"")
    assert _run(home, "services", "store", "check").returncode == 1
    p = _run(home, "services", "store", "restore")
    assert p.returncode == 0 and "restored" in p.stdout and "checkpoints" not in p.stdout  # only the damaged one
    assert _run(home, "services", "store", "check").returncode == 0
    assert list(home.glob("state.sqlite.replaced-*"))  # the emptied file was kept aside
    with sqlite3.connect(state) as con:
        assert con.execute("SELECT count(*) FROM roster_moves").fetchone()[0] == 1
    r = _run(home, "agents", "resume", "--thread", "t", "--decision", "approve", "--json")
    assert r.returncode == 1 and "decided already" in json.loads(r.stdout)["error"]


def test_a_schema_migration_writes_a_backup_first(tmp_path, monkeypatch):
    from services.store.state import SQLITE_SCHEMA, SQLITE_SCHEMA_VERSION, StateStore

    home = tmp_path / "old"
    home.mkdir()
    monkeypatch.setenv("COURTSIDE_HOME", str(home))
    with sqlite3.connect(home / "state.sqlite") as con:  # a store of schema 1: no card_sets, user_version 0
        for stmt in SQLITE_SCHEMA[:3]:
            con.execute(stmt)
        con.execute("INSERT INTO roster_moves VALUES ('mv_1','demo-points-2025-01-29',1,'a','b','2025-01-29',"
                    "'2025-01-29T12:00:00','user','{}')")
    store = StateStore()
    try:
        backups = list((home / "backups").glob("state-*-before-schema-2.sqlite"))
        assert len(backups) == 1
        with sqlite3.connect(backups[0]) as con:
            assert con.execute("SELECT move_id FROM roster_moves").fetchall() == [("mv_1",)]
            assert "card_sets" not in {r[0] for r in con.execute("SELECT name FROM sqlite_master")}
        assert store.fetch("PRAGMA user_version") == [(SQLITE_SCHEMA_VERSION,)]
        assert store.card_set("none") is None
    finally:
        store.close()
    StateStore().close()  # current now: no second backup
    assert len(list((home / "backups").glob("state-*.sqlite"))) == 1
