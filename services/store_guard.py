"""Keeps the SQLite state and checkpoint files honest: damage is named, never overwritten.

The state store (`state.sqlite`: approved moves, decisions, audit) and the checkpoints
(`checkpoints.sqlite`: conversations and pending cards) are the user's data. On open each file
is checked (`PRAGMA quick_check`); a damaged one stops the program with one line naming the file
and the recovery (`python -m services store check|backup|restore`). A file that held data once
(recorded in `stores.json` beside it) and is now missing or empty is refused the same way, instead
of silently starting over from the draft. Every schema migration of the state store first writes
a backup into `COURTSIDE_HOME/backups/`.
"""
from __future__ import annotations

import datetime as dt
import json
import shutil
import sqlite3
from pathlib import Path

MARKER = "stores.json"
BACKUPS = "backups"
FILES = {"state": "state.sqlite", "checkpoints": "checkpoints.sqlite"}
RECOVERY = "run `python -m services store check`, then `python -m services store restore` to put back the latest backup"


class StoreDamaged(RuntimeError):
    """A state or checkpoint file is damaged, or empty after holding data; the message is one line."""


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
    seen = _marker(home)
    if name not in seen:
        seen[name] = {"created_at": _stamp()}
        tmp = home / f"{MARKER}.tmp"
        tmp.write_text(json.dumps(seen, indent=1))
        tmp.replace(home / MARKER)


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


def backup(path: Path, reason: str = "manual") -> Path | None:
    """A consistent copy of `path` (SQLite's backup API) in backups/; None when there is nothing to copy."""
    if not path.exists() or path.stat().st_size == 0:
        return None
    target_dir = path.parent / BACKUPS
    target_dir.mkdir(exist_ok=True)
    target = target_dir / f"{path.stem}-{_stamp()}-{reason}.sqlite"
    src = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    dst = sqlite3.connect(str(target))
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()
    return target


def backups(path: Path) -> list[Path]:
    """Backups of `path`, newest last."""
    return sorted((path.parent / BACKUPS).glob(f"{path.stem}-*.sqlite"))


def restore(path: Path, source: Path | None = None) -> tuple[Path, Path | None]:
    """Puts `source` (default: the newest backup) in place of `path`; the current file and its WAL
    are moved aside (renamed, never deleted). Returns (restored from, moved-aside file or None)."""
    source = source or (backups(path) or [None])[-1]
    if source is None:
        raise StoreDamaged(f"No backup of {path.name} in {path.parent / BACKUPS}; nothing was changed.")
    why = problem(source)
    if why:
        raise StoreDamaged(f"The backup {source} cannot be used ({why}); nothing was changed.")
    aside = None
    if path.exists():
        aside = path.with_name(f"{path.name}.replaced-{_stamp()}")
        path.rename(aside)
    for suffix in ("-wal", "-shm"):
        extra = path.with_name(path.name + suffix)
        if extra.exists():
            extra.rename(path.with_name(f"{extra.name}.replaced-{_stamp()}"))
    shutil.copy2(source, path)
    mark_used(path)
    return source, aside
