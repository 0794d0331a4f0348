"""Backup and restore of the PostgreSQL state database (`COURTSIDE_STATE_URL`) with PostgreSQL's
own tools, with the same promises as the SQLite files (services/store/guard.py):

- `backup`: `pg_dump --format=custom` of the whole database (state, desk, checkpoints) into
  `COURTSIDE_HOME/backups/state-<time>-<reason>.dump`, written under a temporary name and renamed
  when pg_dump succeeded (a failed dump leaves nothing that looks like a backup).
- `restore`: the candidate is checked first (`pg_restore --list`: a readable archive holding the
  state tables); the database as it is now is dumped aside (`state.replaced-<time>.dump` in the
  home, which `restore --from` accepts); then `pg_restore --clean --if-exists --single-transaction`
  replaces the tables in ONE transaction. Every process keeps its connections: writers wait on the
  transaction's locks and then read and write the restored tables; nothing is split, and on any
  failure the transaction rolls back and the database is as it was.
"""
from __future__ import annotations

import datetime as dt
import glob
import os
import shutil
import subprocess
from pathlib import Path

from services.store.guard import BACKUPS, StoreDamaged

STATE_TABLES = {"roster_moves", "decisions", "audit_turns"}
TIMEOUT_S = 600


def _tool(name: str) -> str:
    """The newest installed `pg_dump`/`pg_restore` (Debian keeps one per major version; the newest
    reads every older server)."""
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(Path(d).parent.name)
                  if Path(d).parent.name.isdigit() else 0)
    for d in reversed(dirs):
        if (Path(d) / name).exists():
            return str(Path(d) / name)
    found = shutil.which(name)
    if found is None:
        raise StoreDamaged(f"{name} is not installed: install PostgreSQL's client tools to back up or restore "
                           f"the state database; nothing was changed.")
    return found


def _run(args: list[str], what: str) -> subprocess.CompletedProcess:
    out = subprocess.run(args, capture_output=True, text=True, timeout=TIMEOUT_S)
    if out.returncode != 0:
        from services.store.connections import redact_url

        err = next((line for line in out.stderr.splitlines() if line.strip()), "failed")
        raise StoreDamaged(f"{what} failed ({redact_url(err)[:200]}); nothing was changed.")
    return out


def _stamp() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y%m%dT%H%M%S%fZ")


def _dump(url: str, target: Path) -> Path:
    tmp = target.with_name(f"{target.name}.tmp-{os.getpid()}")
    try:
        _run([_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={tmp}", f"--dbname={url}"],
             "pg_dump of the state database")
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)
    return target


def backup(url: str, home: Path, reason: str = "manual") -> Path:
    (home / BACKUPS).mkdir(exist_ok=True)
    return _dump(url, home / BACKUPS / f"state-{_stamp()}-{reason}.dump")


def backups(home: Path) -> list[Path]:
    """The dumps in backups/, newest last."""
    return sorted((home / BACKUPS).glob("state-*.dump"))


def candidate_problem(source: Path) -> str | None:
    if not source.is_file():
        return "no such file"
    if source.stat().st_size == 0:
        return "it is empty (0 bytes): a backup that never finished"
    out = subprocess.run([_tool("pg_restore"), "--list", str(source)], capture_output=True, text=True,
                         timeout=TIMEOUT_S)
    if out.returncode != 0:
        return "not a pg_dump archive (custom format)"
    tables = {parts[-2] for line in out.stdout.splitlines() if " TABLE " in line and " TABLE DATA " not in line
              and len(parts := line.split()) >= 2}
    missing = STATE_TABLES - tables
    return f"it is not a dump of the state database: missing {', '.join(sorted(missing))}" if missing else None


def restore(url: str, home: Path, source: Path | None = None) -> tuple[Path, Path]:
    """Puts `source` (default: the newest dump) in place of the database's tables in one transaction,
    after dumping the database as it is aside. Returns (restored from, kept aside)."""
    source = Path(source) if source else (backups(home) or [None])[-1]
    if source is None:
        raise StoreDamaged(f"No backup of the state database in {home / BACKUPS}; nothing was changed.")
    why = candidate_problem(source)
    if why:
        raise StoreDamaged(f"The backup {str(source)[:200]} cannot be used ({why}); nothing was changed.")
    aside = _dump(url, home / f"state.replaced-{_stamp()}.dump")
    try:
        _run([_tool("pg_restore"), "--clean", "--if-exists", "--single-transaction", "--exit-on-error",
              "--no-owner", f"--dbname={url}", str(source)], "pg_restore into the state database")
    except StoreDamaged:
        aside.unlink(missing_ok=True)  # the transaction rolled back: nothing was replaced
        raise
    return source, aside
