"""The CPU of a command and of every process it starts, orphans included, with its wall time and
the load averages at start and end: the suite's figure in docs/benchmarks.md ("Test suite").

    .venv/bin/python bench/tree_cpu.py [--json] -- make test

`/usr/bin/time` counts only the children a process waited for; a descendant whose parent died
first (a browser's helpers, a server's workers) is reparented to init and its CPU lost. Here the
runner is a child subreaper (prctl PR_SET_CHILD_SUBREAPER), so every orphan is reparented to it
and reaped by it, and its CPU lands in this process's RUSAGE_CHILDREN.
"""
from __future__ import annotations

import ctypes
import json
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def run(argv: list[str]) -> dict:
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1)
    load0, t0 = _load(), time.monotonic()
    rc = subprocess.call(argv)
    while True:  # reap the orphans still running (or already dead) after the command returned
        try:
            os.wait()
        except ChildProcessError:
            break
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return {"argv": argv, "exit": rc, "user_s": round(ru.ru_utime, 1), "sys_s": round(ru.ru_stime, 1),
            "cpu_s": round(ru.ru_utime + ru.ru_stime, 1), "wall_s": round(time.monotonic() - t0, 1),
            "load_start": load0, "load_end": _load()}


def main(argv: list[str] | None = None) -> int:
    import argparse

    from services.cli import OneLineParser  # a usage mistake under --json is JSON too

    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("command", nargs=argparse.REMAINDER, help="-- COMMAND...")
    a = p.parse_args(argv)
    cmd = a.command[1:] if a.command[:1] == ["--"] else a.command
    if not cmd:
        p.error("a command to run is required: bench/tree_cpu.py [--json] -- COMMAND...")
    r = run(cmd)
    if a.json:
        print(json.dumps(r | {"error": None}))
    else:
        print(f"exit {r['exit']}: {r['cpu_s']} s CPU ({r['user_s']} user + {r['sys_s']} sys), "
              f"{r['wall_s']} s wall, load {r['load_start']} -> {r['load_end']}", file=sys.stderr)
    return r["exit"]


if __name__ == "__main__":
    sys.exit(main())
