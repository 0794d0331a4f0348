"""`python -m services store check|backup|restore`: look after the state and checkpoint files.

- `check`: each SQLite file is readable and passes `PRAGMA quick_check` (or is new); exit 1 if not.
- `backup`: a consistent copy of each into `COURTSIDE_HOME/backups/` (also written before every
  schema migration).
- `restore [--which state|checkpoints|all] [--from FILE]`: the newest backup (or FILE) back in
  place of each damaged file (or of the files named with --which); the current file is renamed
  aside, never deleted.

With `COURTSIDE_STATE_URL` (PostgreSQL) the same commands run PostgreSQL's own tools on the
whole database (pg_dump, pg_restore in one transaction: services/store/pg_admin.py); `check` only
tries to reach it.
"""
from __future__ import annotations

import argparse
import json
from pathlib import Path


def add_parser(sub) -> None:
    s = sub.add_parser("store", help="check, back up or restore the state and checkpoint files")
    s.add_argument("action", choices=["check", "backup", "restore"])
    s.add_argument("--which", choices=["state", "checkpoints", "all"], default=None,
                   help="default: every file for check and backup, the damaged ones for restore")
    s.add_argument("--from", dest="source", default=None, help="restore this backup file instead of the newest")
    s.add_argument("--json", action="store_true")


def _paths(which: str) -> list[Path]:
    from services.config import courtside_home
    from services.store.guard import FILES

    home = courtside_home()
    return [home / name for kind, name in FILES.items() if which in ("all", kind)]


def run(args: argparse.Namespace) -> int:
    from services.config import get_settings
    from services.models import ServiceError
    from services.store.guard import DiskFull, StoreDamaged, backup, problem
    from services.store.restore import restore

    if get_settings().state_url:
        return _run_pg(args, get_settings().state_url)
    paths = _paths(args.which or "all")
    if args.action == "check":
        rows = [{"file": str(p), "ok": (why := problem(p)) is None, "problem": why} for p in paths]
        bad = [r for r in rows if not r["ok"]]
        text = "\n".join(f"{'ok      ' if r['ok'] else 'DAMAGED '} {r['file']}" + (f": {r['problem']}" if r["problem"] else "")
                         for r in rows)
        if bad:
            text += "\nRestore the newest backup with: python -m services store restore"
        _out({"error": f"{len(bad)} damaged file(s)" if bad else None, "files": rows}, args.json, text)
        return 1 if bad else 0
    if args.action == "backup":
        made = [str(b) for p in paths if (b := backup(p)) is not None]
        return _out({"error": None, "backups": made}, args.json, "\n".join(f"backup: {m}" for m in made) or
                    "nothing to back up yet")
    if args.which is None:
        paths = [p for p in paths if problem(p)]
        if not paths:
            return _out({"error": None, "restored": []}, args.json,
                        "nothing to restore: every file passes the check (name one with --which to restore it anyway)")
    if args.source and len(paths) != 1:
        raise ServiceError("--from needs --which state or --which checkpoints.")
    try:
        done = [restore(p, Path(args.source) if args.source else None) for p in paths]
    except DiskFull:
        raise  # a failure, not bad input: exit 1 with the message
    except StoreDamaged as e:
        raise ServiceError(str(e)) from None
    lines = [f"restored {src} (the previous file kept as {aside})" if aside else f"restored {src}" for src, aside in done]
    return _out({"error": None, "restored": [[str(a), str(b) if b else None] for a, b in done]}, args.json,
                "\n".join(lines))


def _run_pg(args: argparse.Namespace, url: str) -> int:
    """The same commands on PostgreSQL, with its own tools (services/store/pg_admin.py): the whole
    database at once (state, desk and checkpoints live in it together)."""
    from services.config import courtside_home
    from services.models import ServiceError
    from services.store import pg_admin
    from services.store.guard import StoreDamaged
    from services.store.connections import check_state_url

    if args.action == "check":
        check_state_url()
        return _out({"error": None, "files": [{"file": "postgresql", "ok": True}]}, args.json, "ok  PostgreSQL answers")
    if args.which not in (None, "all"):
        raise ServiceError("On PostgreSQL the state and the checkpoints are one database: use --which all (or none).")
    try:
        if args.action == "backup":
            made = str(pg_admin.backup(url, courtside_home()))
            return _out({"error": None, "backups": [made]}, args.json, f"backup: {made}")
        src, aside = pg_admin.restore(url, courtside_home(), Path(args.source) if args.source else None)
    except StoreDamaged as e:
        raise ServiceError(str(e)) from None
    return _out({"error": None, "restored": [[str(src), str(aside)]]}, args.json,
                f"restored {src} (the database as it was kept as {aside})")


def _out(obj: dict, as_json: bool, text: str) -> int:
    print(json.dumps(obj) if as_json else text)
    return 0
