"""Restore and backup that never take the live store out of service (issue #20).

Before: `store restore` put a 0-byte backup (left by a backup that failed on a full disk) in place
of the state file and said "restored", after which every command refused to run; `--from
/nonexistent/x.sqlite` moved the live file aside and then failed with FileNotFoundError; `--from
checkpoints.sqlite` was accepted as a state file (the approved move vanished from the roster); a
full disk was reported as damage with the advice to restore a backup; and processes starting
together on a fresh home shared one `stores.json.tmp` (one crashed with FileNotFoundError).
"""
from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest
from tests.conftest import share_nlu_model

import forkrun

REPO = Path(__file__).resolve().parents[2]
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


def _run(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    return forkrun.run(["-m", *args], cwd=REPO, env=env,
                       timeout=180)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture(scope="module")
def used_template(tmp_path_factory, courtside_home) -> tuple[Path, dict]:
    """A home with an approved move (built once per module); returns (home, the applied move)."""
    from services.store.build import DB_NAME
    from tests.db_files import copy_database

    home = tmp_path_factory.mktemp("restore") / "home"
    home.mkdir()
    copy_database(courtside_home / DB_NAME, home / DB_NAME)
    share_nlu_model(home)  # the run's intent model and snapshots (the CLI runs would train and build their own)
    assert _run(home, "agents", "ask", REVIEW, "--thread", "t", "--json").returncode == 0
    r = _run(home, "agents", "resume", "--thread", "t", "--decision", "approve", "--json")
    assert r.returncode == 0, r.stderr
    move = json.loads(r.stdout)["transactions"][0]
    for name in ("state.sqlite", "checkpoints.sqlite"):  # settle the WAL into the files
        # closed here: `with sqlite3.connect()` only commits, and the connection's close at a later
        # garbage collection removed the -shm file while `used_home` was copying the directory
        with closing(sqlite3.connect(home / name)) as con:
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return home, move


@pytest.fixture
def used_home(used_template, tmp_path) -> tuple[Path, dict]:
    home = tmp_path / "home"
    shutil.copytree(used_template[0], home, symlinks=True)  # the shared snapshot cache stays a link
    return home, used_template[1]


def _roster_names(home: Path) -> set[str]:
    r = _run(home, "services", "roster", "--json")
    assert r.returncode == 0, r.stderr
    return {e["player"]["name"] for e in json.loads(r.stdout)["entries"]}


def _misuses(home: Path) -> dict[str, tuple[list[str], str]]:
    """Each misuse: (restore arguments, what the refusal must say). Files are made here."""
    bad = home / "bad"
    bad.mkdir()
    (home / "backups").mkdir(exist_ok=True)
    (home / "backups" / "state-20990101T000000000000Z-manual.sqlite").write_bytes(b"")  # the newest "backup"
    (bad / "garbage.sqlite").write_bytes(os.urandom(8192))
    newer = bad / "newer.sqlite"
    shutil.copy2(home / "state.sqlite", newer)
    with sqlite3.connect(newer) as con:
        con.execute("PRAGMA user_version=99")
    empty = bad / "empty.sqlite"
    with sqlite3.connect(empty) as con:  # the right tables, no rows: a fresh store's file
        for t in ("roster_moves", "decisions", "audit_turns", "card_sets"):
            con.execute(f"CREATE TABLE {t} (x TEXT)")
        con.execute("PRAGMA user_version=2")
    return {
        "zero-byte newest backup": (["--which", "state"], "empty (0 bytes)"),
        "nonexistent file": (["--which", "state", "--from", "/nonexistent/x.sqlite"], "no such file"),
        "checkpoints as state": (["--which", "state", "--from", str(home / "checkpoints.sqlite")],
                                 "not a state.sqlite file"),
        "state as checkpoints": (["--which", "checkpoints", "--from", str(home / "state.sqlite")],
                                 "not a checkpoints.sqlite file"),
        "garbage": (["--which", "state", "--from", str(bad / "garbage.sqlite")], "not a database"),
        "newer schema": (["--which", "state", "--from", str(newer)], "schema version 99"),
        "empty store over data": (["--which", "state", "--from", str(empty)], "holds no data"),
    }


def test_every_restore_misuse_leaves_the_live_store_serving(used_home):
    """Catches a restore that moves the live file aside before checking the candidate, or accepts an
    empty, foreign, damaged, newer or data-less file."""
    home, move = used_home
    before = {n: _digest(home / n) for n in ("state.sqlite", "checkpoints.sqlite")}
    for name, (args, says) in _misuses(home).items():
        r = _run(home, "services", "store", "restore", *args, "--json")
        assert r.returncode == 2 and "Traceback" not in r.stderr, (name, r.stderr[-1500:])
        err = json.loads(r.stdout)["error"]
        assert says in err and "nothing was changed" in err, (name, err)
        assert {n: _digest(home / n) for n in before} == before, name  # live files byte for byte
        assert not list(home.glob("*.replaced-*")) and not list(home.glob("*.tmp-*")), name
    assert _run(home, "services", "store", "check").returncode == 0
    assert move["add"] in _roster_names(home)  # still serving: the approved pickup is on the roster


def test_a_good_backup_restores_and_keeps_the_replaced_file(used_home):
    home, move = used_home
    assert _run(home, "services", "store", "backup").returncode == 0
    with closing(sqlite3.connect(home / "state.sqlite")) as con:
        before = con.execute("SELECT move_id FROM roster_moves ORDER BY move_id").fetchall()
    r = _run(home, "services", "store", "restore", "--which", "state", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["error"] is None
    kept = list(home.glob("state.sqlite.replaced-*"))
    # the file kept aside is one self-contained database (#39: it was a hard link whose data sat
    # in a -wal SQLite does not pair with it), holding what the live file held
    assert len(kept) == 1 and not list(home.glob("*.replaced-*-wal"))
    with closing(sqlite3.connect(f"file:{kept[0]}?mode=ro", uri=True)) as con:
        assert con.execute("SELECT move_id FROM roster_moves ORDER BY move_id").fetchall() == before
    assert move["add"] in _roster_names(home)


def _enospc(*_a, **_k):
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_is_named_as_a_full_disk_and_changes_nothing(used_home, monkeypatch):
    """The final flush of the backup copy fails with ENOSPC (the write a full disk refuses). Catches
    a half-written backup left under a backup's name, and a full disk reported as damage."""
    from services.store import guard as store_guard
    from services.store.restore import restore
    from services.cli import main

    home, _ = used_home
    monkeypatch.setenv("COURTSIDE_HOME", str(home))
    state = home / "state.sqlite"
    before = _digest(state)
    monkeypatch.setattr(store_guard, "_fsync", _enospc)
    with pytest.raises(store_guard.DiskFull, match="The disk is full"):
        store_guard.backup(state)
    assert list((home / "backups").iterdir()) == []  # no partial file that looks like a backup

    code = main(["store", "backup", "--json"])  # the CLI: exit 1, the disk named, no restore advice
    assert code == 1

    good = home / "good.sqlite"
    shutil.copy2(state, good)
    with pytest.raises(store_guard.DiskFull, match="live file was left in place"):
        restore(state, good)
    assert _digest(state) == before and not list(home.glob("*.replaced-*")) and not list(home.glob("*.tmp-*"))


def test_the_app_names_sqlite_full_as_a_full_disk():
    from agents.core.failures import store_failure_text

    text = store_failure_text(sqlite3.OperationalError("database or disk is full"), "under /h")
    assert "disk holding the state store under /h is full" in text
    assert "damaged" not in text and "restore" not in text


def test_processes_and_threads_marking_stores_together_all_succeed_and_all_are_kept(tmp_path):
    """Catches the shared `stores.json.tmp` (one racer's rename took another's file: FileNotFoundError)
    and a read-modify-write that loses a file marked at the same moment."""
    from services.store.guard import MARKER, mark_used

    go = tmp_path / "go"
    script = ("import sys, time; from pathlib import Path; from services.store.guard import mark_used\n"
              "h, go, me = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]\n"
              "(go.parent / f'ready-{me}').touch()\n"
              "while not go.exists(): time.sleep(0.0005)\n"
              "[mark_used(h / f'{me}-{i}.sqlite') for i in range(20)]\n")
    procs = [forkrun.Popen(["-c", script, str(tmp_path), str(go), f"p{k}"], cwd=REPO) for k in range(6)]
    barrier, errors = threading.Barrier(8), []

    def mark(k: int) -> None:
        barrier.wait()
        try:
            for i in range(20):
                mark_used(tmp_path / f"t{k}-{i}.sqlite")
        except Exception as e:  # noqa: BLE001 - collected for the assertion
            errors.append(e)

    deadline = time.monotonic() + 60
    while len(list(tmp_path.glob("ready-*"))) < len(procs):  # every process imported and waiting
        assert time.monotonic() < deadline and all(p.poll() is None for p in procs)
        time.sleep(0.005)
    threads = [threading.Thread(target=mark, args=(k,)) for k in range(8)]
    go.touch()
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    for p in procs:
        assert p.wait(60) == 0, p.stderr.read()[-1500:]
    assert errors == []
    seen = json.loads((tmp_path / MARKER).read_text())
    assert len(seen) == 6 * 20 + 8 * 20
    assert not list(tmp_path.glob(f"{MARKER}.tmp*"))
