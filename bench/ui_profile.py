"""Where a page's script run spends its CPU: each page's first run in a new session, and the reload
of a 30-turn thread, run in-process through Streamlit's AppTest (no browser, no sockets).

    .venv/bin/python bench/ui_profile.py [--json] [--turns 30] [--top 15] [--runs 3]

`bench/ui.py` times what the user waits for (server and browser); this one isolates the server's
script run, which is the part the app's code controls. Each figure is the CPU seconds of the run
(process time, so other developers' load does not count) with a reference measured the same way
in the same process: a one-line page (`st.title`). `first_run_ms` is a page's run in a brand-new
process-warm session (the server process already served one session: its caches are warm, as
for every user after the first); `cold_ms` is the first session of a new process (the imports and
`st.cache_resource` builds included). `--top N` adds cProfile's N most expensive functions
(cumulative) of each page's warm run. One JSON object with --json.
"""
from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

APP = str(REPO / "app.py")
PAGES = ["chat", "approvals", "league", "players", "trade", "signals", "desk", "audit", "arena", "settings"]


def _floor() -> None:
    import streamlit as st

    st.title("Floor")


def _cpu(fn) -> tuple[float, float]:
    """(CPU ms, wall ms) of fn()."""
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return (time.process_time() - c0) * 1000, (time.perf_counter() - w0) * 1000


def _page_run(page: str, thread: str | None = None):
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(APP, default_timeout=120)
    if thread:
        at.query_params["thread"] = thread

    def go():
        if page == "chat":
            at.run()
        else:
            at.switch_page(f"pages/{page}.py").run()
        if at.exception:
            raise RuntimeError(f"{page}: {at.exception[0].value}")
    return at, go


_PROFILES: list[cProfile.Profile] = []  # filled while a _top() runs: the script thread's profile


def _profile_script_thread() -> None:
    """Profiles each script run in its own thread (AppTest runs the page outside the caller's thread)."""
    from streamlit.runtime.scriptrunner.script_runner import ScriptRunner

    real = ScriptRunner._run_script

    def run_script(self, rerun_data):
        if _PROFILES:
            prof = _PROFILES[-1]
            prof.enable()
            try:
                return real(self, rerun_data)
            finally:
                prof.disable()
        return real(self, rerun_data)

    ScriptRunner._run_script = run_script


def _scan_once() -> None:
    """AppTest scans every installed package for components on each new test (about 90 ms of CPU);
    the server does it once per process, so it is made once here too."""
    from functools import cache

    from streamlit.components.v2 import manifest_scanner

    found = cache(manifest_scanner.scan_component_manifests)
    manifest_scanner.scan_component_manifests = lambda *a, **k: list(found())


def _top(fn, n: int) -> list[str]:
    prof = cProfile.Profile()
    _PROFILES.append(prof)
    try:
        fn()
    finally:
        _PROFILES.pop()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(n)
    return [line.rstrip() for line in out.getvalue().splitlines() if line.strip() and "/" in line][:n]


def run(turns: int, runs: int, top: int) -> dict:
    from streamlit.testing.v1 import AppTest

    load_start = [round(x, 2) for x in os.getloadavg()]
    _scan_once()
    _profile_script_thread()
    with tempfile.TemporaryDirectory(prefix="courtside-ui-profile-") as home:
        os.environ["COURTSIDE_HOME"] = home
        subprocess.run([sys.executable, "-m", "services", "build"], cwd=REPO, check=True, capture_output=True,
                       env={**os.environ, "COURTSIDE_HOME": home})
        from bench.ui import seed_threads  # the same seeded turns as the browser bench

        threads = seed_threads(home, [turns], runs, tag="-profile")[turns]
        cold = {}
        at, go = _page_run("chat")
        cold["chat"] = round(_cpu(go)[0], 1)  # the process's first session: imports, cache_resource builds
        floor = [_cpu(lambda: AppTest.from_function(_floor).run())[0] for _ in range(runs)]
        first = {}
        profiles = {}
        for page in PAGES:
            samples = []
            for _ in range(runs):
                at, go = _page_run(page)
                samples.append(_cpu(go)[0])
            first[page] = round(statistics.median(samples), 1)
            if top:
                at, go = _page_run(page)
                profiles[page] = _top(go, top)
        reload = []
        for thread in threads:
            at, go = _page_run("chat", thread)
            reload.append(_cpu(go)[0])
        if top:
            at, go = _page_run("chat", threads[0])
            profiles["reload"] = _top(go, top)
    return {"bench": "ui_profile", "error": None, "turns": turns, "runs": runs,
            "floor_cpu_ms": round(statistics.median(floor), 1), "cold_chat_cpu_ms": cold["chat"],
            "first_run_cpu_ms": first, "reload_cpu_ms": round(statistics.median(reload), 1),
            "reload_cpu_ms_runs": [round(r, 1) for r in reload],
            "load_average_at_start": load_start, "load_average": [round(x, 2) for x in os.getloadavg()],
            "profiles": profiles}


def _count(minimum: int):
    def parse(text: str) -> int:
        import argparse

        try:
            n = int(text)
        except ValueError:
            n = minimum - 1
        if n < minimum:
            raise argparse.ArgumentTypeError(f"takes a whole number >= {minimum}, not {text!r}")
        return n
    return parse


def main() -> None:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--turns", type=_count(1), default=30, help="past turns of the reloaded thread")
    ap.add_argument("--runs", type=_count(1), default=3, help="runs per figure (medians)")
    ap.add_argument("--top", type=_count(0), default=0, help="cProfile's N costliest functions per page")
    args = ap.parse_args()
    try:
        result = run(args.turns, args.runs, args.top)
    except (RuntimeError, OSError, subprocess.CalledProcessError) as exc:  # a page raised, the build failed
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(json.dumps({"bench": "ui_profile", "error": message}) if args.json else f"error: {message}",
              file=sys.stdout if args.json else sys.stderr)
        sys.exit(1)
    if args.json:
        print(json.dumps(result))
        return
    print(f"floor (a one-line page): {result['floor_cpu_ms']} ms CPU; the process's first chat run "
          f"{result['cold_chat_cpu_ms']} ms")
    for page, ms in result["first_run_cpu_ms"].items():
        print(f"{page:10s} first run in a new session: {ms} ms CPU")
    print(f"reload of a {args.turns}-turn thread: {result['reload_cpu_ms']} ms CPU (runs {result['reload_cpu_ms_runs']})")
    for page, lines in result["profiles"].items():
        print(f"--- {page}")
        print("\n".join(lines))
    print(f"load average {result['load_average_at_start']} at start, {result['load_average']} at the end")


if __name__ == "__main__":
    main()
