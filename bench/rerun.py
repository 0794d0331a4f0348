"""Rerun bench: what one page run costs the app server (a click, a sidebar link), with the app's
settings against Streamlit's default full garbage collection after every script run.

    .venv/bin/python bench/rerun.py [--json] [--rounds N] [--runs R]

One `streamlit run app.py` server per setting (`.streamlit/config.toml`, where `runner.postScriptGC`
is false, and the same with `--runner.postScriptGC true`, Streamlit's default), each opened in
headless Chromium on the chat; after LOAD_S the browser goes Audit -> Chat `rounds` times through
the sidebar (2 x rounds page runs), each page drawn before the next click. Figures per setting:
the server's CPU seconds over those page runs (from /proc, so the load of the machine does not
move them much) and per page run, and the wall time of the clicks; medians of `runs` servers, the
two settings alternated in one process. The ratio is default / app.
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.app.server import CHROMIUM, CHROMIUM_ARGS, app_server  # noqa: E402

LOAD_S = 3.0  # after the first draw: the server's warm-up of the League view is done by then


def _server_cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one(home: Path, gc_after_run: bool | None, rounds: int, browser) -> dict:
    args = () if gc_after_run is None else ("--runner.postScriptGC", str(gc_after_run).lower())
    with app_server(home, args=args, fork=False) as server:
        page = browser.new_page(viewport={"width": 1400, "height": 2000})
        try:
            page.goto(server.url)
            page.get_by_test_id("stChatInputTextArea").wait_for(timeout=60_000)
            page.wait_for_timeout(LOAD_S * 1000)
            nav = page.get_by_test_id("stSidebarNav")
            c0, t0 = _server_cpu(server.pid), time.perf_counter()
            for _ in range(rounds):
                nav.get_by_role("link", name="Audit").click()
                page.get_by_role("heading", name="Audit").first.wait_for(timeout=30_000)
                nav.get_by_role("link", name="Chat").click()
                page.get_by_test_id("stChatInputTextArea").wait_for(timeout=30_000)
            cpu, wall = _server_cpu(server.pid) - c0, time.perf_counter() - t0
        finally:
            page.close()
    runs = 2 * rounds
    return {"server_cpu_s": round(cpu, 3), "cpu_ms_per_run": round(cpu * 1000 / runs, 1),
            "wall_ms_per_run": round(wall * 1000 / runs, 1)}


def bench(rounds: int, runs: int) -> dict:
    from playwright.sync_api import sync_playwright

    from services.store.build import build, db_path

    out: dict[str, list[dict]] = {"app": [], "default_gc": []}
    with tempfile.TemporaryDirectory(prefix="courtside-rerun-") as home:
        os.environ["COURTSIDE_HOME"] = home
        build(db_path())
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                for _ in range(runs):
                    out["app"].append(one(Path(home), None, rounds, browser))
                    out["default_gc"].append(one(Path(home), True, rounds, browser))
            finally:
                browser.close()
    med = {k: {m: statistics.median(r[m] for r in v) for m in v[0]} for k, v in out.items()}
    return {"page_runs": 2 * rounds, "servers_per_setting": runs, "app": med["app"], "default_gc": med["default_gc"],
            "cpu_ratio_default_over_app": round(med["default_gc"]["cpu_ms_per_run"] / max(med["app"]["cpu_ms_per_run"], 0.1), 2),
            "runs": out, "load": os.getloadavg()[0]}


def main(argv: list[str] | None = None) -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too

    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--rounds", type=int, default=6, help="Audit -> Chat round trips per server")
    p.add_argument("--runs", type=int, default=3, help="servers per setting")
    a = p.parse_args(argv)
    if a.rounds < 1 or a.runs < 1:
        p.error("--rounds and --runs must be at least 1")
    if not Path(CHROMIUM).exists():
        msg = f"needs {CHROMIUM} (Debian package chromium)"
        print(json.dumps({"error": msg}) if a.json else msg)
        return 1
    r = bench(a.rounds, a.runs)
    if a.json:
        print(json.dumps(r | {"error": None}))
    else:
        print(f"{r['page_runs']} page runs: app {r['app']['cpu_ms_per_run']} ms CPU per run "
              f"({r['app']['wall_ms_per_run']} ms wall), Streamlit's default GC {r['default_gc']['cpu_ms_per_run']} ms "
              f"({r['default_gc']['wall_ms_per_run']} ms): x{r['cpu_ratio_default_over_app']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
