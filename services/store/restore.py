"""Puts a backup back in place of a live SQLite store (`python -m services store restore`).

`restore` checks the candidate first (`candidate_problem`: integrity, the right kind of store, its
schema version, not empty when the live file holds data), then replaces the live file's tables in
one write transaction, keeping a copy of what it held aside; a file SQLite cannot open is linked
aside and a checked copy swapped in. The checks on open, the markers and the backups are in
services/store/guard.py.
"""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from services.store import guard  # `guard._fsync` looked up when called: one flush, faked once by the tests
from services.store.guard import (BACKUPS, KIND_TABLES, DiskFull, StoreDamaged, _copy_to, _is_full, _no_litter,
                                  _stamp, _tmp, backups, mark_used, problem)


def _tables(path: Path, kind: str) -> tuple[set[str], int, int]:
    """(table names, PRAGMA user_version, rows in the tables of `kind` (a live file's name)) of a
    SQLite file, read-only."""
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        return _tables_in(con, "main", kind)
    finally:
        con.close()


def _tables_in(con: sqlite3.Connection, schema: str, kind: str) -> tuple[set[str], int, int]:
    """`_tables` of the database attached as `schema` on `con` (inside the caller's transaction)."""
    names = {r[0] for r in con.execute(f"SELECT name FROM {schema}.sqlite_master WHERE type='table'")}
    version = con.execute(f"PRAGMA {schema}.user_version").fetchone()[0]
    rows = sum(con.execute(f'SELECT count(*) FROM {schema}."{t}"').fetchone()[0]
               for t in KIND_TABLES.get(kind, set()) & names)
    return names, version, rows


def candidate_problem(path: Path, source: Path) -> str | None:
    """Why `source` cannot replace `path` (None when it can): missing, empty, damaged, another kind of
    store, a schema newer than this program, or empty when the live file holds data."""
    from services.store.state_schema import SQLITE_SCHEMA_VERSION

    if not source.is_file():
        return "no such file"
    if source.stat().st_size == 0:
        return "it is empty (0 bytes): a backup that never finished"
    if source.resolve() == path.resolve():
        return "it is the live file itself"
    why = problem(source)
    if why:
        return why
    try:
        names, version, rows = _tables(source, path.name)
    except sqlite3.DatabaseError as e:
        return f"not a readable SQLite file ({e})"
    need = KIND_TABLES.get(path.name, set())
    if not need <= names:
        other = next((k for k, t in KIND_TABLES.items() if k != path.name and t <= names), None)
        return (f"it is not a {path.name} file" + (f" (it looks like {other})" if other else "") +
                f": missing {', '.join(sorted(need - names))}")
    if path.name == "state.sqlite" and not 1 <= version <= SQLITE_SCHEMA_VERSION:
        return f"its schema version {version} is not one this program reads (1-{SQLITE_SCHEMA_VERSION})"
    if rows == 0 and path.exists() and path.stat().st_size and problem(path) is None:
        try:
            if _tables(path, path.name)[2] > 0:
                return "it holds no data while the live file does"
        except sqlite3.DatabaseError:
            pass
    return None


def restore(path: Path, source: Path | None = None) -> tuple[Path, Path | None]:
    """Puts `source` (default: the newest backup) in place of `path`, after checking it (integrity,
    the right kind of store, its schema version, not empty when the live file holds data).

    The live file is kept, not replaced: in ONE write transaction on it (SQLite's lock, which every
    process's writers wait on), a self-contained copy of what it holds is written aside
    (`<name>.replaced-<time>`, SQLite's backup API: one file that `restore --from` accepts), and its
    tables are replaced by the candidate's (schema, rows with their rowids, user_version). Every
    process keeps its connections: a transaction that committed before the restore is in the copy
    aside, every later one reads and writes the restored data, and none can land on a replaced file,
    because no file is replaced. Only when the live file cannot be opened at all (a damaged header)
    is it renamed aside (with its -wal, named so SQLite pairs them) and a copy of the candidate put
    in its place; the stores reopen on it (the file's identity is checked before each transaction).
    On any failure before the commit the live file is as it was and nothing is left beside it.
    The copies are checked before they count: the copy aside and the restored tables inside that
    write transaction (after its commit other processes' writes land at once, so the live file no
    longer equals the candidate), the swapped-in copy before its rename.
    Returns (restored from, the file kept aside or None)."""
    source = Path(source) if source else (backups(path) or [None])[-1]
    if source is None:
        raise StoreDamaged(f"No backup of {path.name} in {path.parent / BACKUPS}; nothing was changed.")
    why = candidate_problem(path, source)
    if why:
        raise StoreDamaged(f"The backup {str(source)[:200]} cannot be used ({why}); nothing was changed.")
    aside = path.with_name(f"{path.name}.replaced-{_stamp()}")
    made: list[Path] = []
    try:
        if problem(path) is None:
            made = _restore_in_place(source, path, aside)
        else:
            made = _link_aside(path, aside)
            _swap_in(source, path)
    except (OSError, sqlite3.Error, StoreDamaged) as e:
        for m in made:
            m.unlink(missing_ok=True)
        if _is_full(e):
            raise DiskFull(f"The disk is full: {path.name} could not be restored ({e}); the live file was left "
                           f"in place. Free some space and try again.") from None
        raise StoreDamaged(f"{path.name} could not be restored ({type(e).__name__}: {str(e)[:160]}); the live "
                           f"file was left in place.") from None
    mark_used(path)
    return source, (made[0] if made else None)


def _restore_in_place(source: Path, path: Path, aside: Path) -> list[Path]:
    """The copy aside and the candidate's tables in place, in one write transaction on the live file."""
    from services.config import get_settings

    wait_s = get_settings().store_busy_timeout_s
    keep = path.exists() and path.stat().st_size > 0
    tmp = _tmp(aside)
    try:
        with _no_litter(source):
            con = sqlite3.connect(str(path), timeout=wait_s, isolation_level=None)
            try:
                con.execute(f"PRAGMA busy_timeout={int(wait_s * 1000)}")
                con.execute("PRAGMA journal_mode=WAL")
                con.execute("ATTACH DATABASE ? AS src", (str(source),))
                if keep:
                    con.execute("ATTACH DATABASE ? AS aside", (str(tmp),))
                    con.execute("PRAGMA aside.journal_mode=DELETE")
                con.execute("BEGIN IMMEDIATE")
                try:
                    if keep:
                        _copy_tables(con, "main", "aside", drop=False)
                        guard._fsync(tmp)  # a disk that cannot take the copy aside fails here, before any change
                        if _tables_in(con, "aside", path.name) != _tables_in(con, "main", path.name):
                            raise StoreDamaged(f"the copy of {path} kept aside did not come out whole")
                    _copy_tables(con, "src", "main", drop=True)
                    # checked before the commit: no other writer can have written to main yet
                    if _tables_in(con, "main", path.name) != _tables_in(con, "src", path.name):
                        raise StoreDamaged(f"the copy of {source} did not come out whole")
                    con.execute("COMMIT")
                except BaseException:
                    con.execute("ROLLBACK")
                    raise
            finally:
                con.close()
        if not keep:
            return []
        guard._fsync(tmp)  # committed: SQLite synced it; the rename's target is now whole
        tmp.replace(aside)
        return [aside]
    finally:
        tmp.unlink(missing_ok=True)
        tmp.with_name(tmp.name + "-journal").unlink(missing_ok=True)


def _copy_tables(con: sqlite3.Connection, src: str, dst: str, drop: bool) -> None:
    """`dst`'s schema and rows become `src`'s (rowids kept: the stores order by them), inside the
    caller's transaction."""
    if drop:
        for (name,) in con.execute(f"SELECT name FROM {dst}.sqlite_master WHERE type='table' "
                                   "AND name NOT LIKE 'sqlite_%'").fetchall():
            con.execute(f'DROP TABLE {dst}."{name}"')
    objects = con.execute(f"SELECT type, name, sql FROM {src}.sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE "
                          "'sqlite_%' ORDER BY type = 'table' DESC").fetchall()
    for kind, name, sql in objects:
        if kind == "table":
            con.execute(_in_schema(sql, dst))
            cols = ", ".join(f'"{r[1]}"' for r in con.execute(f'PRAGMA {src}.table_info("{name}")'))
            con.execute(f'INSERT INTO {dst}."{name}" (rowid, {cols}) SELECT rowid, {cols} FROM {src}."{name}"')
    for kind, _name, sql in objects:
        if kind == "index":
            con.execute(_in_schema(sql, dst))  # once the rows are in
    version = con.execute(f"PRAGMA {src}.user_version").fetchone()[0]
    con.execute(f"PRAGMA {dst}.user_version={int(version)}")


def _in_schema(create_sql: str, schema: str) -> str:
    """`CREATE TABLE x ...` / `CREATE [UNIQUE] INDEX i ON t ...` made in `schema` (the index's table
    is named unqualified: SQLite resolves it in the index's own schema)."""
    import re

    return re.sub(r"^(CREATE\s+(?:UNIQUE\s+)?(?:TABLE|INDEX)\s+(?:IF\s+NOT\s+EXISTS\s+)?)",
                  lambda m: m.group(1) + f"{schema}.", create_sql, count=1, flags=re.I)


def _link_aside(path: Path, aside: Path) -> list[Path]:
    """A file SQLite cannot open is kept aside as it is: hard links to it and its -wal (`aside`,
    `aside-wal`, the names SQLite pairs)."""
    made = []
    for suffix in ("", "-wal"):
        live = path.with_name(path.name + suffix)
        if live.exists():
            os.link(live, aside.with_name(aside.name + suffix))
            made.append(aside.with_name(aside.name + suffix))
    return made


def _swap_in(source: Path, path: Path) -> None:
    tmp = _tmp(path)
    try:
        _copy_to(source, tmp)
        if _tables(tmp, path.name) != _tables(source, path.name):  # before the rename: no writer has it yet
            raise StoreDamaged(f"the copy of {source} did not come out whole")
        for suffix in ("-wal", "-shm"):  # the damaged file's journal (kept aside) must not be replayed
            path.with_name(path.name + suffix).unlink(missing_ok=True)
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
