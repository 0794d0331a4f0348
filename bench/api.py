"""API load bench: N concurrent SSE chats against a real uvicorn process, on loopback.

    .venv/bin/python bench/api.py [--json] [--chats 50] [--workers 8] [--timeout-s 600]

Starts `python -m api` (tests/http_api/server.py) on 127.0.0.1 over a freshly built home, then:

- `baseline`: the same chats one at a time (the unloaded latency of the same work);
- `load`: --chats SSE chats at once, each a new thread asking one of three offline questions.

Measured per chat: seconds to the first event and to the `done` event; errors (a non-200, no
`done`, a `done` whose result carries an error, a timeout or a broken stream; target 0), p50/p95/max
of both, and the wall time. Bounded: each chat waits at most 120 s, the load run --timeout-s.
The rate limit is raised for the bench (one client sends every chat).
"""
from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import httpx  # noqa: E402

from tests.http_api.server import api_server  # noqa: E402

QUESTIONS = ["Who should I pick up?", "How has Nikola Jokic played over his last 5 games?",
             "What's Joel Embiid's status right now?"]
CHAT_TIMEOUT_S = 120.0


async def one_chat(client: httpx.AsyncClient, question: str) -> dict:
    t0 = time.perf_counter()
    first = end = None
    error = None
    try:
        async with client.stream("POST", "/api/agent/chat", json={"message": question},
                                 timeout=CHAT_TIMEOUT_S) as r:
            if r.status_code != 200:
                return {"error": f"HTTP {r.status_code}"}
            event, done = None, None
            async for line in r.aiter_lines():
                if line.startswith("event:"):
                    event = line[6:].strip()
                    first = first or time.perf_counter() - t0
                elif line.startswith("data:") and event == "done":
                    done = json.loads(line[5:])
                    end = time.perf_counter() - t0
            if done is None:
                error = "no done event"
            elif done["result"].get("error"):
                error = done["result"]["error"][:120]
    except (httpx.HTTPError, asyncio.TimeoutError) as e:
        error = f"{type(e).__name__}: {str(e)[:100]}"
    return {"first_s": first, "end_s": end, "error": error}


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return round(values[min(len(values) - 1, int(round(q * (len(values) - 1))))], 3)


def summarize(rows: list[dict], wall_s: float) -> dict:
    firsts = [r["first_s"] for r in rows if r.get("first_s") is not None and not r["error"]]
    ends = [r["end_s"] for r in rows if r.get("end_s") is not None and not r["error"]]
    errors = [r["error"] for r in rows if r["error"]]
    return {"chats": len(rows), "errors": len(errors), "error_samples": errors[:3],
            "first_event_s": {"p50": _pct(firsts, 0.5), "p95": _pct(firsts, 0.95), "max": _pct(firsts, 1.0)},
            "end_s": {"p50": _pct(ends, 0.5), "p95": _pct(ends, 0.95), "max": _pct(ends, 1.0),
                      "mean": round(statistics.fmean(ends), 3) if ends else None},
            "wall_s": round(wall_s, 2)}


async def run(url: str, chats: int, timeout_s: float) -> dict:
    limits = httpx.Limits(max_connections=chats + 5, max_keepalive_connections=chats + 5)
    async with httpx.AsyncClient(base_url=url, limits=limits) as client:
        await one_chat(client, QUESTIONS[0])  # warm: graphs compiled, snapshot loaded
        t0 = time.perf_counter()
        baseline = [await one_chat(client, QUESTIONS[i % len(QUESTIONS)]) for i in range(len(QUESTIONS) * 2)]
        base = summarize(baseline, time.perf_counter() - t0)
        t0 = time.perf_counter()
        try:
            rows = await asyncio.wait_for(asyncio.gather(*[one_chat(client, QUESTIONS[i % len(QUESTIONS)])
                                                           for i in range(chats)]), timeout_s)
        except asyncio.TimeoutError:
            rows = [{"error": f"the run exceeded {timeout_s} s"}] * chats
        return {"baseline": base, "load": summarize(rows, time.perf_counter() - t0)}


def main() -> None:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    p.add_argument("--chats", type=int, default=50)
    p.add_argument("--workers", type=int, default=8, help="COURTSIDE_API_WORKERS: turns computed at once")
    p.add_argument("--timeout-s", type=float, default=600.0)
    args = p.parse_args()
    if not 1 <= args.chats <= 200 or not 1 <= args.workers <= 64:
        out = {"error": "--chats must be 1..200 and --workers 1..64"}
        print(json.dumps(out) if args.json else out["error"])
        sys.exit(2)
    with tempfile.TemporaryDirectory(prefix="courtside-bench-api-") as root:
        home = Path(root) / "home"
        home.mkdir()
        subprocess.run([sys.executable, "-m", "services", "build"], cwd=REPO, check=True, capture_output=True,
                       env={**os.environ, "COURTSIDE_HOME": str(home)})
        env = {"COURTSIDE_API_RATE": "100000", "COURTSIDE_API_BURST": "10000",
               "COURTSIDE_API_WORKERS": str(args.workers)}
        with api_server(home, env) as url:
            result = asyncio.run(run(url, args.chats, args.timeout_s))
    out = {"bench": "api", "chats": args.chats, "workers": args.workers, "host": "127.0.0.1",
           "cpus": os.cpu_count(), **result, "error": None if result["load"]["errors"] == 0 else
           f"{result['load']['errors']} of {args.chats} chats failed"}
    if args.json:
        print(json.dumps(out))
    else:
        for name in ("baseline", "load"):
            r = out[name]
            print(f"{name}: {r['chats']} chats, {r['errors']} errors, first event p50 {r['first_event_s']['p50']} s "
                  f"p95 {r['first_event_s']['p95']} s, end p50 {r['end_s']['p50']} s p95 {r['end_s']['p95']} s, "
                  f"wall {r['wall_s']} s")
    sys.exit(0 if out["error"] is None else 1)


if __name__ == "__main__":
    main()
