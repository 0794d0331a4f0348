"""Data benchmark: DuckDB build time and p50/p95 latency of each league service call.

    python bench/data.py [--json] [--calls N]

Runs against COURTSIDE_HOME (a fresh temporary directory, removed afterwards, when the
variable is unset), builds
the database from scratch, opens the demo league once (snapshot and draft, timed separately),
then times each service call N times with varied inputs. Prints one JSON object with --json,
a table otherwise; exits 1 when a target is missed (build <= 5 s, every p95 <= 20 ms).
"""
from __future__ import annotations

import datetime as dt
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

TEMP_HOME = None
if not os.environ.get("COURTSIDE_HOME"):  # before any services import reads it
    TEMP_HOME = os.environ["COURTSIDE_HOME"] = tempfile.mkdtemp(prefix="courtside-bench-")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGETS = {"build_s": 5.0, "p95_ms": 20.0}
AS_OF = dt.date(2025, 1, 29)
SEED = 7
# What people type: nicknames, surnames, accents, typos, full names.
TYPED_NAMES = ["jokic", "SGA", "wemby", "haliburton", "embiid", "giannis", "Luka Dončić", "lebron",
               "steph curry", "tatum", "Jayson Tatm", "halliburton", "Anthony Edwrds", "sengun",
               "Kristaps Porziņģis", "Tyrese Maxey", "kat", "Jaren Jackson", "brunson", "bam"]
POSITIONS = [None, "PG", "SG", "SF", "PF", "C", "G", "F"]
TOPICS = [None, "injuries", "hot", "minutes", "return", "slump"]


def _names(n: int) -> list[str]:
    """n player names to look up: the typed ones, then real names (some lower-cased) from the DB."""
    from services import db

    rng = random.Random(SEED)
    real = [r[0] for r in db.query("SELECT name FROM players ORDER BY player_id")]
    out = list(TYPED_NAMES)
    while len(out) < n:
        name = rng.choice(real)
        out.append(name.lower() if rng.random() < 0.3 else name)
    return out[:n]


def _timed(fn: Callable[[int], object], calls: int) -> dict[str, float]:
    """p50/p95/max in ms of fn(i) for i in range(calls); service errors count as answers."""
    from services.models import ServiceError

    ms = []
    for i in range(calls):
        t0 = time.perf_counter()
        try:
            fn(i)
        except ServiceError:
            pass  # an ambiguous name is a valid, timed answer
        ms.append((time.perf_counter() - t0) * 1000)
    q = statistics.quantiles(ms, n=100, method="inclusive")
    return {"p50_ms": round(q[49], 3), "p95_ms": round(q[94], 3), "max_ms": round(max(ms), 3)}


def run(calls: int = 200) -> dict:
    from services.build import build
    from services.demo_source import DemoSource
    from services.lookup import resolve_player
    from services.store import state_store

    built = build()
    t0 = time.perf_counter()
    points, cats = DemoSource(AS_OF, "points", store=state_store()), DemoSource(AS_OF, "categories", store=state_store())
    open_s = time.perf_counter() - t0
    names = _names(calls)
    rng = random.Random(SEED)
    fa_args = [(rng.choice(POSITIONS), rng.random() < 0.5, rng.choice([0, 1, 2, 3])) for _ in range(calls)]
    cases: dict[str, Callable[[int], object]] = {
        "status": lambda i: points.player_status(names[i]),
        "game_log": lambda i: points.game_log(names[i], 1 + i % 10),
        "schedule": lambda i: points.schedule([names[i], names[-1 - i]]),
        "roster": lambda i: points.roster(1 + i % 10),
        "opponent_roster": lambda i: points.opponent_roster(),
        "matchup_points": lambda i: points.matchup(),
        "matchup_categories": lambda i: cats.matchup(),
        "free_agents": lambda i: (points if i % 2 else cats).free_agents(*fa_args[i]),
        "news_search": lambda i: points.news(names[i] if i % 2 else None, TOPICS[i % len(TOPICS)]),
        "player_lookup": lambda i: resolve_player(names[i]),
    }
    services = {name: _timed(fn, calls) for name, fn in cases.items()}
    ok = built["seconds"] <= TARGETS["build_s"] and all(
        s["p95_ms"] <= TARGETS["p95_ms"] for s in services.values())
    return {"build_s": built["seconds"], "open_league_s": round(open_s, 3), "calls": calls,
            "as_of": AS_OF.isoformat(), "services": services,
            "targets": TARGETS, "ok": ok}


def main(argv: list[str] | None = None) -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--calls", type=int, default=200, help="calls per service (default 200)")
    args = p.parse_args(argv)
    try:
        result = run(args.calls)
    finally:
        if TEMP_HOME:
            from services import db

            db.close()
            shutil.rmtree(TEMP_HOME, ignore_errors=True)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"build {result['build_s']:.3f} s (target {TARGETS['build_s']} s), "
              f"league opened in {result['open_league_s']:.3f} s, {args.calls} calls each")
        for name, s in result["services"].items():
            flag = "" if s["p95_ms"] <= TARGETS["p95_ms"] else "  <-- over target"
            print(f"{name:<20} p50 {s['p50_ms']:8.3f} ms  p95 {s['p95_ms']:8.3f} ms{flag}")
        print("ok" if result["ok"] else "TARGET MISSED")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
