"""Backup and restore while the stores are open and serving (issue #39, failures 1 and 2), one test
per step of the restore, each naming what the code before #39 did:

- an open store (its connections kept across the restore) reads the restored data and writes into
  the live file: before, it went on writing to the file renamed aside (six chats answered 200 and
  none reached the live state.sqlite);
- a writer in another process running through a restore: every committed write is in the live
  file (after) or in the file kept aside (before), none lost, none split;
- the file kept aside is one self-contained database that `restore --from` accepts: before, it was
  a hard link whose data sat in a -wal SQLite did not pair with it ("not a state.sqlite file");
- no temporary file is left (before: state.sqlite.tmp-<pid>-<tid>-wal/-shm);
- a live file whose header is damaged is swapped, and the open store reopens on the new file.

The API serving through a restore is tests/http_api/test_api_restore.py.
"""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest

from services.store import guard
from services.store.restore import restore
from services.store.state import StateStore

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def home(tmp_path, monkeypatch):
    h = tmp_path / "home"
    h.mkdir()
    monkeypatch.setenv("COURTSIDE_HOME", str(h))
    return h


def _turn(store: StateStore, n: int) -> None:
    store.record_turn(f"turn-{n}", f"thread-{n}", {"n": n})


def _ids(path: Path) -> set[int]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as con:
        return {int(r[0].split("-")[1]) for r in con.execute("SELECT turn_id FROM audit_turns")}


def _litter(home: Path) -> list[str]:
    names = [p.name for p in home.rglob("*")]
    return sorted(n for n in names if ".tmp-" in n or (n.endswith(("-wal", "-shm", "-journal"))
                                                        and not n.startswith("state.sqlite-")))


def test_an_open_store_reads_and_writes_the_restored_data(home):
    """Catches writes that land on the replaced file: the store object and its per-thread
    connections are kept through the restore, as a running API keeps them."""
    store = StateStore()
    for n in range(3):
        _turn(store, n)
    other = threading.Thread(target=lambda: _turn(store, 99))  # a second thread's own connection
    other.start(), other.join()
    backup = guard.backup(home / "state.sqlite")
    for n in range(3, 6):
        _turn(store, n)  # after the backup: lost by the restore, kept aside
    _, aside = restore(home / "state.sqlite", backup)
    assert {int(t["turn_id"].split("-")[1]) for t in store.turns()} == {0, 1, 2, 99}  # reads see the restore
    for n in range(6, 9):
        _turn(store, n)
    worker = threading.Thread(target=lambda: _turn(store, 100))
    worker.start(), worker.join()
    assert _ids(home / "state.sqlite") == {0, 1, 2, 99, 6, 7, 8, 100}  # every later write is in the live file
    assert _ids(aside) == {0, 1, 2, 99, 3, 4, 5}


def test_the_file_kept_aside_is_self_contained_and_restores(home, capsys):
    """Catches the aside copy with no tables of its own (`restore --from` it exited 2)."""
    from services.cli import main

    store = StateStore()
    for n in range(4):
        _turn(store, n)
    backup = guard.backup(home / "state.sqlite")
    _turn(store, 4)
    _, aside = restore(home / "state.sqlite", backup)
    assert not aside.with_name(aside.name + "-wal").exists()
    moved = aside.parent.parent / "elsewhere.sqlite"  # alone, away from any -wal: still the whole database
    aside.rename(moved)
    assert _ids(moved) == {0, 1, 2, 3, 4}
    code = main(["store", "restore", "--which", "state", "--from", str(moved), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["error"] is None
    assert {int(t["turn_id"].split("-")[1]) for t in store.turns()} == {0, 1, 2, 3, 4}


def test_backup_and_restore_leave_no_temporary_files(home):
    """Catches state.sqlite.tmp-<pid>-<tid>-wal/-shm left by the restore and -wal/-shm files left
    beside a backup read in WAL mode."""
    store = StateStore()
    _turn(store, 1)
    b1 = guard.backup(home / "state.sqlite")
    _turn(store, 2)
    restore(home / "state.sqlite", b1)
    restore(home / "state.sqlite")  # the newest backup
    assert _litter(home) == []
    with closing(sqlite3.connect(b1)) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # self-contained too


WRITER = """
import sys, time
from services.store.state import StateStore
store, n, stop_after = StateStore(), 0, float(sys.argv[1])
t0 = time.time()
while time.time() - t0 < stop_after:
    store.record_turn(f"turn-{n}", "t", {"n": n})
    print(n, time.time(), flush=True)  # after the commit
    n += 1
    time.sleep(0.002)
"""


def test_a_writer_in_another_process_loses_nothing_through_a_restore(home):
    """Catches committed writes that vanish or split: a process writes turns in a loop while this
    one restores; each acknowledged turn is in the live file or in the copy kept aside. Also catches
    the restore's check of its copy made after the commit: a write of the other process landing first
    failed it ("did not come out whole") and deleted the copy aside, on a busy machine."""
    _turn(StateStore(), 10**6)  # the backup holds data (an empty one is refused over a live store with data)
    backup = guard.backup(home / "state.sqlite")
    proc = subprocess.Popen([sys.executable, "-c", WRITER, "3"], cwd=REPO, stdout=subprocess.PIPE, text=True,
                            env={"COURTSIDE_HOME": str(home), "PATH": "/usr/bin:/bin"})
    lines, deadline = [], time.time() + 30
    while len(lines) < 20 and time.time() < deadline:  # the writer is writing (its start is slow on a busy machine)
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
    t_restore = time.time()
    _, aside = restore(home / "state.sqlite", backup)
    t_done = time.time()
    out, _ = proc.communicate(timeout=60)
    acked = [(int(a), float(b)) for a, b in (line.split() for line in [*lines, *out.splitlines()])]
    assert proc.returncode == 0 and len(acked) > 50 and len(lines) == 20
    live, kept = _ids(home / "state.sqlite") - {10**6}, _ids(aside) - {10**6}
    assert {n for n, _ in acked} <= live | kept  # nothing acknowledged is lost
    after = {n for n, t in acked if t > t_done}
    assert after and after <= live  # everything written after the restore is in the live file
    assert not (live & kept)  # each write is on one side of the restore, never both
    assert {n for n, t in acked if t < t_restore} <= kept


def test_a_damaged_header_is_swapped_and_the_open_store_reopens_on_it(home):
    """Catches a store that keeps its connection on the file renamed aside."""
    store = StateStore()
    _turn(store, 1)
    backup = guard.backup(home / "state.sqlite")
    store.fetch("SELECT 1")
    path = home / "state.sqlite"
    with closing(sqlite3.connect(path)) as con:
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    with open(path, "r+b") as f:
        f.write(b"not a database header!!")
    src, aside = restore(path, backup)
    assert aside is not None and aside.exists()
    _turn(store, 2)
    assert _ids(path) == {1, 2}
    assert _litter(home) == [aside.name + "-wal"]  # the damaged file's journal, named so SQLite pairs them


def test_an_open_checkpointer_reads_and_writes_the_restored_checkpoints(home):
    """The checkpoint file restored under LangGraph's SqliteSaver, its one connection kept open."""
    from langgraph.checkpoint.base import empty_checkpoint

    from agents.core.checkpoints import build_checkpointer

    saver = build_checkpointer()

    def put(thread: str) -> None:
        cfg = {"configurable": {"thread_id": thread, "checkpoint_ns": ""}}
        saver.put(cfg, empty_checkpoint(), {"source": "input", "step": 0}, {})

    def threads() -> set[str]:
        return {c.config["configurable"]["thread_id"] for c in saver.list(None)}

    put("before")
    backup = guard.backup(home / "checkpoints.sqlite")
    put("lost")
    _, aside = restore(home / "checkpoints.sqlite", backup)
    assert threads() == {"before"}
    put("after")
    with closing(sqlite3.connect(f"file:{home / 'checkpoints.sqlite'}?mode=ro", uri=True)) as con:
        assert {r[0] for r in con.execute("SELECT DISTINCT thread_id FROM checkpoints")} == {"before", "after"}
    with closing(sqlite3.connect(f"file:{aside}?mode=ro", uri=True)) as con:
        assert {r[0] for r in con.execute("SELECT DISTINCT thread_id FROM checkpoints")} == {"before", "lost"}
