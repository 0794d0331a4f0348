"""Verifies the DuckDB analytics file on open: schema version plus a fingerprint of every table.

The file is derived data (rebuilt from the shipped CSVs in under a second), so a file that fails
the check is rebuilt, and the rebuild is announced once on stderr. The fingerprint (row count and
the sum of row hashes of each table) is recorded in `meta` at build time; recomputing it reads
every row of every table, so a damaged block (DuckDB checksums each one) or a changed row fails
it (~42 ms of CPU for the whole file, on every process's first open).

The fast path: the build also writes the SHA-256 of the finished file's bytes and its schema
version beside it (`courtside.duckdb.sha256`). A file whose bytes still hash to that (~4 ms) is
the file the build fingerprinted, so the DuckDB scan is skipped; any other bytes (a damaged
block, a changed row, a file copied in without its digest) get the full check. A process also
remembers the digests it has checked in full (each test home's copy of one database).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import duckdb

FINGERPRINT_KEY = "fingerprint"


def fingerprint(con: duckdb.DuckDBPyConnection) -> dict[str, list]:
    """{table: [rows, sum of row hashes as text]} for every table but `meta`."""
    tables = [t for (t,) in con.execute("SELECT table_name FROM duckdb_tables() WHERE NOT temporary "
                                        "AND schema_name = 'main' ORDER BY table_name").fetchall() if t != "meta"]
    out = {}
    for t in tables:
        n, total = con.execute(f'SELECT count(*), sum(hash(x)) FROM "{t}" x').fetchone()
        out[t] = [int(n), str(total)]
    return out


def record_fingerprint(con: duckdb.DuckDBPyConnection) -> None:
    """At build time, after the last table: what `verify` will recompute."""
    con.execute("INSERT INTO meta VALUES (?, ?)", [FINGERPRINT_KEY, json.dumps(fingerprint(con))])


DIGEST_SUFFIX = ".sha256"
_CHECKED: set[str] = set()  # "digest schema" of files this process has checked in full


def digest_path(path: Path) -> Path:
    return path.with_name(path.name + DIGEST_SUFFIX)


def _content(path: Path, schema_version: int) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        while chunk := f.read(1 << 20):
            h.update(chunk)
    return f"{h.hexdigest()} {schema_version}"


def record_digest(path: Path, schema_version: int) -> None:
    """After the build's file is in place: its bytes' digest and schema version, beside it. Not
    written (a full disk), every open makes the full check: slower, never wrong."""
    out = digest_path(path)
    tmp = out.with_name(out.name + f".{os.getpid()}")
    try:
        tmp.write_text(_content(path, schema_version) + "\n", encoding="utf-8")
        os.replace(tmp, out)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        print(f"courtside: the database digest {out} was not written ({e}); every open checks the file in full",
              file=sys.stderr, flush=True)


def _recorded(path: Path) -> str | None:
    try:
        return digest_path(path).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None


def verify(path: Path, schema_version: int) -> str | None:
    """None when the file is current and intact; else why not ('absent' when there is no file)."""
    if not path.exists():
        return "absent"
    try:
        content = _content(path, schema_version)
    except OSError as e:
        return f"unreadable (OSError: {str(e)[:160]})"
    if content in _CHECKED or content == _recorded(path):
        return None
    problem = _full_check(path, schema_version)
    if problem is None:
        _CHECKED.add(content)
    return problem


def _full_check(path: Path, schema_version: int) -> str | None:
    try:
        con = duckdb.connect(str(path), read_only=True)
        try:
            meta = dict(con.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("schema_version") != str(schema_version):
                return f"schema {meta.get('schema_version')}, this version needs {schema_version}"
            if FINGERPRINT_KEY not in meta:
                return "no fingerprint recorded at build"
            if json.loads(meta[FINGERPRINT_KEY]) != fingerprint(con):
                return "its contents differ from what was recorded at build"
        finally:
            con.close()
    except (duckdb.Error, OSError, ValueError) as e:  # unreadable, not DuckDB, bad JSON: a reason to rebuild
        first = str(e).splitlines()[0] if str(e) else ""
        return f"unreadable ({type(e).__name__}: {first[:160]})"
    return None


def announce_rebuild(path: Path, reason: str) -> None:
    print(f"courtside: the analytics database {path} failed its check ({reason}); rebuilding it from the "
          f"shipped CSVs (derived data: nothing is lost).", file=sys.stderr, flush=True)
