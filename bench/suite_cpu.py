"""Where the test suite's CPU goes: a pytest plugin that records, per test, the CPU seconds of the
worker and of the subprocesses it waited for (`os.times()`, user + system; the runs of
tests/forkrun.py as their runners measured them), and the processes it started (`subprocess.Popen`);
then a report per file.

    .venv/bin/python -m pytest -p bench.suite_cpu -n 3 --dist loadfile ...   # writes $TEST_CPU_DIR/*.jsonl
    .venv/bin/python bench/suite_cpu.py --json [DIR]                          # per-file report
    .venv/bin/python bench/suite_cpu.py DIR --save tests/file_cpu.json         # what conftest reads

Setup and teardown are counted with the test they run in (a module fixture with the file's first
test), so a file's figure is what it costs wherever it runs. Collection and import are not in
the per-test figures; each worker's whole CPU is recorded at its end ("worker" rows).
"""
from __future__ import annotations

import collections
import json
import os
import subprocess
import sys
import time
from pathlib import Path

OUT_DIR = Path(os.environ.get("TEST_CPU_DIR", "/tmp/test-cpu"))
_launches: list[str] = []
_orig_init = subprocess.Popen.__init__


def _counting_init(self, args, *a, **kw):
    argv = args if isinstance(args, (list, tuple)) else [str(args)]
    _launches.append(" ".join(str(x) for x in argv[:4]))
    return _orig_init(self, args, *a, **kw)


def _forked() -> float:
    """CPU of the runs tests/forkrun.py started (its zygote reaps them, so os.times() misses them)."""
    forkrun = sys.modules.get("forkrun")
    return forkrun.RUN_CPU if forkrun else 0.0


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + _children()


def _children() -> float:
    t = os.times()
    return t.children_user + t.children_system + _forked()


def _out():
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return open(OUT_DIR / f"{worker}-{os.getpid()}.jsonl", "a", encoding="utf-8")


def pytest_configure(config):
    subprocess.Popen.__init__ = _counting_init


import pytest  # noqa: E402


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    c0, k0, w0, n0 = _cpu(), _children(), time.monotonic(), len(_launches)
    yield
    with _out() as f:
        f.write(json.dumps({"file": item.location[0], "test": item.nodeid, "cpu": _cpu() - c0,
                            "children": _children() - k0, "wall": time.monotonic() - w0,
                            "launches": _launches[n0:]}) + "\n")


def pytest_unconfigure(config):
    with _out() as f:
        t = os.times()  # the zygote is stopped by conftest's unconfigure, which may come after this
        f.write(json.dumps({"worker": True, "cpu": t.user + t.system + t.children_user + t.children_system,
                            "children": t.children_user + t.children_system}) + "\n")


def report(directory: Path) -> dict:
    files: dict[str, dict] = collections.defaultdict(lambda: {"cpu": 0.0, "children": 0.0, "tests": 0, "launches": 0,
                                                              "wall": 0.0})
    workers = {"cpu": 0.0, "children": 0.0, "n": 0}
    for path in sorted(directory.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            row = json.loads(line)
            if row.get("worker"):
                workers["cpu"] += row["cpu"]; workers["children"] += row["children"]; workers["n"] += 1
                continue
            f = files[row["file"]]
            f["cpu"] += row["cpu"]; f["children"] += row["children"]; f["wall"] += row["wall"]
            f["tests"] += 1; f["launches"] += len(row["launches"])
    ranked = sorted(files.items(), key=lambda kv: -kv[1]["cpu"])
    total = sum(v["cpu"] for v in files.values())
    return {"tests": sum(v["tests"] for v in files.values()), "test_cpu_s": round(total, 1),
            "test_children_cpu_s": round(sum(v["children"] for v in files.values()), 1),
            "launches": sum(v["launches"] for v in files.values()),
            "workers": {k: round(v, 1) for k, v in workers.items()},
            "files": [{"file": k, **{m: round(x, 2) if isinstance(x, float) else x for m, x in v.items()}}
                      for k, v in ranked]}


def main(argv: list[str] | None = None) -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too

    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("dir", nargs="?", default=str(OUT_DIR))
    p.add_argument("--json", action="store_true")
    p.add_argument("--top", type=int, default=40)
    p.add_argument("--save", default=None, help="write {file: CPU seconds} here (tests/file_cpu.json)")
    a = p.parse_args(argv)
    r = report(Path(a.dir))
    if a.save:
        Path(a.save).write_text(json.dumps({f["file"]: round(f["cpu"], 1) for f in r["files"]}, indent=0,
                                           sort_keys=True) + "\n", encoding="utf-8")
    if a.json:
        print(json.dumps(r | {"error": None}))
        return 0
    print(f"{r['tests']} tests, {r['test_cpu_s']} s CPU in tests ({r['test_children_cpu_s']} s in subprocesses), "
          f"{r['launches']} launches; workers {r['workers']}")
    for f in r["files"][: a.top]:
        print(f"{f['cpu']:8.1f} {f['children']:8.1f} {f['launches']:4d} {f['tests']:4d}  {f['file']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
