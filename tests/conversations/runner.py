"""Runs the held-out conversation suite (tests/conversations/suite.py) through the real runtime
with the offline planner and scores it: a conversation is fully right when every check of every
turn passes. Used by `bench/nlu.py --json` (its `conversations` figure) and
tests/conversations/test_conversations.py.

Conversations that decide a card run in a home of their own (the built database copied, an empty
state store), so an approved move never changes the league the other conversations read.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from tests.conversations.checks import Ctx
from tests.conversations.suite import SUITE, Conv, D


@contextmanager
def own_home():
    """A COURTSIDE_HOME of its own for a conversation that decides cards."""
    from services.config import get_settings, reset_settings_cache
    from services.store.build import DB_NAME, db_path
    from tests.db_files import copy_database

    base = Path(get_settings().home)
    src_db = db_path()
    home = Path(tempfile.mkdtemp(prefix="courtside-conv-"))
    copy_database(src_db, home / DB_NAME)
    for sub in ("models", "cache"):
        if (base / sub).exists():
            (home / sub).symlink_to((base / sub).resolve(), target_is_directory=True)
    old = os.environ.get("COURTSIDE_HOME")
    os.environ["COURTSIDE_HOME"] = str(home)
    reset_settings_cache()
    try:
        yield home
    finally:
        if old is None:
            os.environ.pop("COURTSIDE_HOME", None)
        else:
            os.environ["COURTSIDE_HOME"] = old
        reset_settings_cache()
        shutil.rmtree(home, ignore_errors=True)


def first_run_of(module_file: str, which: str = "first") -> dict | None:
    """A held-out set's one run before the fixes it measures (share, failed ids, the commit it ran
    on), as recorded beside its module: `fresh3.py` -> `fresh3_first_run.json`; None if not recorded.
    `which="second"`: a second run recorded before anyone read the set (after other fixes: still
    untuned to it), `fresh4_second_run.json`."""
    import json

    path = Path(module_file).with_name(f"{Path(module_file).stem}_{which}_run.json")
    return json.loads(path.read_text()) if path.exists() else None


def run_one(conv: Conv, assistant) -> list[dict]:
    """The problems of one conversation (empty: fully right)."""
    ctx = Ctx(scoring=conv.scoring, source=assistant.source)
    problems, thread = [], None
    for i, turn in enumerate(conv.turns, start=1):
        try:
            if isinstance(turn, D):
                cards = ctx.results[-1].get("pending_approvals", []) if ctx.results else []
                if len(cards) <= turn.index:
                    problems.append({"turn": i, "problem": f"no card {turn.index + 1} to {turn.decision}"})
                    break
                move = cards[turn.index]["move_id"]
                r = assistant.resume(thread, turn.decision, move)
                ctx.decided.append(move)
            else:
                r = assistant.ask(turn.text, thread)
                thread = r["thread_id"]
        except Exception as e:  # a crash is a wrong conversation, not a crashed suite
            problems.append({"turn": i, "problem": f"{type(e).__name__}: {e}"})
            break
        ctx.results.append(r)
        for check in turn.checks:
            try:
                bad = check(r, ctx)
            except Exception as e:
                bad = f"check crashed: {type(e).__name__}: {e}"
            if bad:
                problems.append({"turn": i, "problem": bad})
    return problems


def run(suite: list[Conv] = SUITE, only: str | None = None) -> dict:
    """{'conversations', 'fully_right', 'share', 'by_class', 'failed', 'seconds'}."""
    from agents.core.runtime import Assistant

    t0 = time.perf_counter()
    convs = [c for c in suite if not only or only in c.id]
    shared = {s: Assistant(provider="offline", scoring=s) for s in {c.scoring for c in convs if not c.decides}}
    rows = []
    for c in convs:
        if c.decides:
            with own_home():
                got = run_one(c, Assistant(provider="offline", scoring=c.scoring))
        else:
            got = run_one(c, shared[c.scoring])
        rows.append((c, got))
    by_class: dict[str, list[int]] = {}
    for c, got in rows:
        k = by_class.setdefault(c.cls, [0, 0])
        k[0] += not got
        k[1] += 1
    right = sum(not got for _, got in rows)
    return {"conversations": len(rows), "fully_right": right, "share": round(right / max(1, len(rows)), 3),
            "by_class": {k: f"{a}/{b}" for k, (a, b) in sorted(by_class.items())},
            "failed": [{"id": c.id, "problems": got} for c, got in rows if got],
            "seconds": round(time.perf_counter() - t0, 1)}


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(run(only=sys.argv[1] if len(sys.argv) > 1 else None), indent=1))
