"""Keeps the SQLite state and checkpoint files honest: damage is named, never overwritten.

The state store (`state.sqlite`: approved moves, decisions, audit) and the checkpoints
(`checkpoints.sqlite`: conversations and pending cards) are the user's data. On open each file
is checked (`PRAGMA quick_check`); a damaged one stops the program with one line naming the file
and the recovery (`python -m services store check|backup|restore`). A file that held data once
(recorded in `stores.json` beside it) and is now missing or empty is refused the same way, instead
of silently starting over from the draft. Every schema migration of the state store first writes
a backup into `COURTSIDE_HOME/backups/`; putting one back is services/store/restore.py.
"""
from __future__ import annotations

import datetime as dt
import errno
import json
import os
import sqlite3
import threading
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

MARKER = "stores.json"
BACKUPS = "backups"
FILES = {"state": "state.sqlite", "checkpoints": "checkpoints.sqlite"}
RECOVERY = "run `python -m services store check`, then `python -m services store restore` to put back the latest backup"


_thread_lock = threading.Lock()


class StoreDamaged(RuntimeError):
    """A state or checkpoint file is damaged, or empty after holding data; the message is one line."""


class DiskFull(StoreDamaged):
    """A write failed because the disk is full: named as such, never as damage."""


# What makes a file the right kind of store: tables it must hold (a checkpoint file is not a state store)
KIND_TABLES = {"state.sqlite": {"roster_moves", "decisions", "audit_turns"},
               "checkpoints.sqlite": {"checkpoints", "writes"}}


def _is_full(e: BaseException) -> bool:
    return (isinstance(e, OSError) and e.errno == errno.ENOSPC) or \
        (isinstance(e, sqlite3.Error) and "disk is full" in str(e))


def _tmp(path: Path) -> Path:
    """A temporary name beside `path`, unique per process and thread (several start together)."""
    return path.with_name(f"{path.name}.tmp-{os.getpid()}-{threading.get_ident()}")


def _stamp() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")


def _marker(home: Path) -> dict:
    try:
        return json.loads((home / MARKER).read_text())
    except (OSError, ValueError):
        return {}


def mark_used(path: Path) -> None:
    """Records that `path` holds data now, so losing it later is noticed."""
    home, name = path.parent, path.name
    if name in _marker(home):
        return
    with _marker_lock(home):  # read-modify-write: two processes marking two files must keep both
        seen = _marker(home)
        if name not in seen:
            seen[name] = {"created_at": _stamp()}
            tmp = _tmp(home / MARKER)
            try:
                tmp.write_text(json.dumps(seen, indent=1))
                tmp.replace(home / MARKER)
            finally:
                tmp.unlink(missing_ok=True)


@contextmanager
def _marker_lock(home: Path) -> Iterator[None]:
    """An exclusive lock on `stores.json.lock` across processes (flock) and threads."""
    with _thread_lock:
        try:
            import fcntl
        except ImportError:  # not POSIX: the per-process temp name still avoids the crash
            yield
            return
        with open(home / f"{MARKER}.lock", "a") as f:
            fcntl.flock(f, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(f, fcntl.LOCK_UN)


def problem(path: Path) -> str | None:
    """Why `path` cannot be used (None when it can, or when it is new)."""
    wal = path.with_name(path.name + "-wal")
    existed = path.name in _marker(path.parent)
    if not path.exists() or (path.stat().st_size == 0 and not (wal.exists() and wal.stat().st_size)):
        return "it held data and is now missing or empty" if existed else None
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
        try:
            rows = con.execute("PRAGMA quick_check").fetchall()
        finally:
            con.close()
    except sqlite3.OperationalError as e:
        if "locked" in str(e):
            return None  # busy, not damaged: the write that needs it will say so
        return str(e)
    except sqlite3.DatabaseError as e:
        return str(e)
    bad = [r[0] for r in rows if r[0] != "ok"]
    return f"integrity check: {bad[0][:120]}" if bad else None


def check(path: Path, kind: str) -> None:
    """Raises StoreDamaged (one line: the file, what is wrong, the recovery) when `path` is unusable."""
    why = problem(path)
    if why:
        raise StoreDamaged(f"The {kind} file {path} cannot be used ({why}); it was left untouched. To recover, "
                           f"{RECOVERY} (backups are in {path.parent / BACKUPS}).")


def _copy_to(source: Path, tmp: Path) -> None:
    """A consistent, self-contained copy of the SQLite file `source` into `tmp` (SQLite's backup API,
    then the rollback journal: the copy has no -wal to be paired with), synced to disk."""
    with _no_litter(source):
        src = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
        dst = sqlite3.connect(str(tmp))
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")
        finally:
            dst.close()
            src.close()
    _fsync(tmp)


@contextmanager
def _no_litter(path: Path) -> Iterator[None]:
    """Removes the -wal/-shm files that opening `path` (a backup in WAL mode) created beside it."""
    side = [path.with_name(path.name + s) for s in ("-wal", "-shm")]
    existed = [p.exists() for p in side]
    try:
        yield
    finally:
        wal, shm = side
        if not existed[0] and wal.exists() and wal.stat().st_size == 0:
            wal.unlink(missing_ok=True)
        if not existed[1] and shm.exists() and not wal.exists():
            shm.unlink(missing_ok=True)


def backup(path: Path, reason: str = "manual") -> Path | None:
    """A consistent copy of `path` (SQLite's backup API) in backups/, written under a temporary name
    and renamed only when complete (a failed backup leaves no file that looks like one); None when
    there is nothing to copy. A full disk raises DiskFull."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    target_dir = path.parent / BACKUPS
    target = target_dir / f"{path.stem}-{_stamp()}-{reason}.sqlite"
    tmp = _tmp(target)
    try:
        target_dir.mkdir(exist_ok=True)
        _copy_to(path, tmp)
        tmp.replace(target)
    except (OSError, sqlite3.Error) as e:
        if _is_full(e):
            raise DiskFull(f"The disk is full: the backup of {path.name} could not be written to {target_dir} "
                           f"({e}); nothing was changed. Free some space and run the backup again.") from None
        raise
    finally:
        tmp.unlink(missing_ok=True)
    return target


def _fsync(p: Path) -> None:
    fd = os.open(p, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def backups(path: Path) -> list[Path]:
    """Backups of `path`, newest last."""
    return sorted((path.parent / BACKUPS).glob(f"{path.stem}-*.sqlite"))


def store_errors() -> tuple[type[BaseException], ...]:
    """What reading or writing the state store raises: SQLite's and PostgreSQL's errors (psycopg's
    when it is loaded, i.e. when COURTSIDE_STATE_URL is PostgreSQL), a damaged or locked file
    (`StoreDamaged`, `OSError`), a setting that cannot be opened (`ServiceError`). Called in an
    `except` clause, so PostgreSQL's driver is never imported for it."""
    import sys

    from services.models import ServiceError

    errors: list[type[BaseException]] = [sqlite3.Error, OSError, StoreDamaged, ServiceError]
    if "psycopg" in sys.modules:
        errors.append(sys.modules["psycopg"].Error)
    return tuple(errors)
