"""Load bench: N concurrent offline chat sessions against real app processes, on loopback.

    .venv/bin/python bench/load.py [--json] [--sessions 20] [--timeout-s 600] [--no-postgres]

Each session is a browser-tab-like websocket session (tests/app/st_client.py) on its own thread
that asks a status question, asks for the matchup review, approves (even sessions) or declines
(odd ones) the top card, then asks for a game log: four turns mixing questions and approvals.
Measured: turns, errors (exceptions, error alerts that are not a decision refused by the rules,
timeouts; target 0), refusals (a move another session applied first: the rules working), p50 /
p95 / max turn latency, wall time and each app process's peak RSS (VmHWM).

Runs: `baseline` (one session alone on one process: the same turns unloaded), `single` (N
sessions on one process, SQLite) and `postgres` (N sessions split over two processes sharing a
throwaway PostgreSQL cluster, skipped without PostgreSQL binaries). Bounded: each turn waits at
most 120 s and each run at most --timeout-s.
"""
from __future__ import annotations

import asyncio
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

from tests.app.server import NO_XSRF, app_server  # noqa: E402
from tests.app.st_client import Session  # noqa: E402

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
QUESTIONS = ["What's Joel Embiid's status right now?", "How has Tyrese Haliburton played his last 5 games?"]
REFUSALS = ("decided already", "applied already", "no longer on your roster", "no longer a free agent",
            "Already decided", "expired")
TURN_TIMEOUT_S = 120.0


@contextmanager
def app_process(home: Path, env_extra: dict | None = None):
    """The app on a free loopback port (tests/app/server.py's helper); yields (url, pid)."""
    with app_server(home, env_extra=env_extra, args=NO_XSRF, timeout=60) as app:
        yield app.url, app.pid


def peak_rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        return None
    return None


def classify(run, seen: int) -> tuple[list[str], bool]:
    """(errors, refused) of what the run drew after the first `seen` alerts (the page redraws the
    thread's history, so earlier alerts come again): an error alert naming a decision rule is a
    refusal, not an error."""
    errors, refused = list(run.exceptions), False
    for text in run.errors[seen:]:
        if text in run.exceptions:
            continue
        if any(r in text for r in REFUSALS):
            refused = True
        else:
            errors.append(text)
    if run.status != "FINISHED_SUCCESSFULLY":
        errors.append(f"script ended: {run.status}")
    return errors, refused


async def one_session(url: str, thread: str, approve: bool, out: dict) -> None:
    seen = [0]  # error alerts drawn so far in this thread (history repeats them)

    async def turn(coro) -> None:
        try:
            run = await asyncio.wait_for(coro, TURN_TIMEOUT_S)
        except Exception as e:  # noqa: BLE001 - a timeout or a dropped socket is an error of the run
            out["errors"].append(f"{thread}: {type(e).__name__}: {str(e)[:120]}")
            raise
        out["latencies"].append(run.seconds * 1000)
        errors, refused = classify(run, seen[0])
        seen[0] = len([t for t in run.errors if t not in run.exceptions])
        out["errors"] += [f"{thread}: {e[:200]}" for e in errors]
        out["refused"] += int(refused)
        return run

    try:
        async with Session(url, thread) as s:
            await turn(s.ask(QUESTIONS[0]))
            review = await turn(s.ask(REVIEW))
            buttons = review.buttons.get("Approve" if approve else "Decline") or []
            if buttons:
                await turn(s.click(buttons[0]))
            else:
                out["errors"].append(f"{thread}: the review offered no card")
            await turn(s.ask(QUESTIONS[1]))
    except Exception:  # noqa: BLE001 - already counted
        pass


def summarize(out: dict, wall_s: float, pids: list[int]) -> dict:
    lat = sorted(out["latencies"])
    pct = (lambda q: round(statistics.quantiles(lat, n=100, method="inclusive")[q - 1], 1)) if len(lat) >= 2 else (lambda q: None)
    return {"turns": len(lat), "errors": len(out["errors"]), "refused": out["refused"],
            "p50_ms": pct(50), "p95_ms": pct(95), "max_ms": round(lat[-1], 1) if lat else None,
            "wall_s": round(wall_s, 1), "peak_rss_mb": [peak_rss_mb(p) for p in pids],
            "error_samples": out["errors"][:3]}


async def load(urls: list[str], sessions: int, tag: str, timeout_s: float) -> tuple[dict, float]:
    out = {"latencies": [], "errors": [], "refused": 0}
    t0 = time.perf_counter()
    tasks = [one_session(urls[i % len(urls)], f"{tag}-{i}", i % 2 == 0, out) for i in range(sessions)]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout_s)
    except asyncio.TimeoutError:
        out["errors"].append(f"the run passed its {timeout_s:.0f} s bound")
    return out, time.perf_counter() - t0


def _home(root: Path, name: str, db: Path) -> Path:
    home = root / name
    home.mkdir()
    shutil.copy2(db, home / "courtside.duckdb")
    return home


def run_single(root: Path, db: Path, sessions: int, timeout_s: float) -> tuple[dict, dict]:
    with app_process(_home(root, "single", db)) as (url, pid):
        asyncio.run(load([url], 1, "warm", timeout_s))  # first run compiles the graph; not measured
        base, base_s = asyncio.run(load([url], 1, "baseline", timeout_s))
        out, wall = asyncio.run(load([url], sessions, "single", timeout_s))
        return summarize(base, base_s, [pid]), summarize(out, wall, [pid])


@contextmanager
def pg_cluster():
    """A throwaway PostgreSQL cluster (tests/pg_cluster.py); yields a database URL, or None."""
    import pg_cluster as pgc  # tests/pg_cluster.py

    bin_dir = pgc._bin_dir()
    if bin_dir is None:
        yield None
        return
    root = Path(tempfile.mkdtemp(prefix=pgc.PREFIX))
    try:
        owner = pgc._owner(root)
    except BaseException:  # noqa: BLE001 - root without a postgres user: no cluster here
        shutil.rmtree(root, ignore_errors=True)
        yield None
        return
    cluster = pgc.PgCluster(bin_dir, root, pgc._free_port(), owner)
    try:
        cluster.start()
        yield cluster.url(cluster.create_database())
    finally:
        cluster.stop()


def run_postgres(root: Path, db: Path, sessions: int, timeout_s: float) -> dict | None:
    with pg_cluster() as url:
        if url is None:
            return None
        with ExitStack() as stack:
            apps = [stack.enter_context(app_process(_home(root, f"pg-{n}", db), {"COURTSIDE_STATE_URL": url}))
                    for n in ("a", "b")]
            urls, pids = [u for u, _ in apps], [p for _, p in apps]
            asyncio.run(load(urls, 2, "warm", timeout_s))
            out, wall = asyncio.run(load(urls, sessions, "pg", timeout_s))
            return summarize(out, wall, pids)


def main() -> None:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--sessions", type=int, default=20)
    ap.add_argument("--timeout-s", type=float, default=600.0)
    ap.add_argument("--no-postgres", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="courtside-load-") as tmp:
        root = Path(tmp)
        build_home = root / "build"
        build_home.mkdir()
        subprocess.run([sys.executable, "-m", "services", "build"], cwd=REPO, check=True, capture_output=True,
                       env={**os.environ, "COURTSIDE_HOME": str(build_home)})
        db = build_home / "courtside.duckdb"
        baseline, single = run_single(root, db, args.sessions, args.timeout_s)
        pg = None if args.no_postgres else run_postgres(root, db, args.sessions, args.timeout_s)
    result = {"sessions": args.sessions, "turns_per_session": 4, "baseline_one_session": baseline,
              "single_process_sqlite": single, "two_processes_postgres": pg, "targets": {"errors": 0},
              "ok": single["errors"] == 0 and (pg is None or pg["errors"] == 0)}
    print(json.dumps(result) if args.json else json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
