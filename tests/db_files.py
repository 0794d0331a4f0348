"""Copying the run's built database into a test's home, with the digest its build wrote beside
it: a process opening the copy then skips the full DuckDB check (services/store/db_check.py:
~42 ms of CPU per process and home; a copy without its digest is still checked in full)."""
from __future__ import annotations

import shutil
from pathlib import Path


def copy_database(src: Path, dst: Path) -> None:
    """`src` and `dst` are database file paths; the digest is copied when `src` has one."""
    from services.store.db_check import digest_path

    shutil.copy2(src, dst)
    if digest_path(src).exists():
        shutil.copy2(digest_path(src), digest_path(dst))
