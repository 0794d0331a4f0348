"""Arena benchmark: every agent over 2024-11-15..2025-02-07 and over three disjoint windows of it
side by side (random with 5 seeds, the deterministic agents once), each as a ranked leaderboard with
95% intervals (bootstrap over game days, and seeds), drawdown, ruin and the line saying which
differences are established; fills at the desk's two-sided quote; and the wall time of one full
episode of a rule agent.

What is timed (`timing` in the JSON says it too): one episode of the rule agent `favourite`
(seed 1, the range, news and cash given), from `runner.run(...)` to its return, the run's files
written. Interpreter start and imports are excluded from the episode and reported apart.

- cold: the episode in a fresh `python -c` subprocess, the first thing it does after its imports,
  so it pays for everything a first run builds (the news wire's views from one read of the box
  scores, the desk's price paths, the schedule). `--cold-runs` subprocesses, one after the other;
  `cold_episode_s` is their median, `within_target` holds when every one of them is <= `target_s`.
- cold without the wire: the same in a subprocess with `--news results` (the wire's share of cold).
- warm: the same agent and config run again in this process after the metrics table has run
  (`--warm-runs` times): the caches are built, so this is the simulation's steady cost.

The machine is shared: wall times move with the load (the 1-minute load average is reported at
start and end) while CPU seconds move far less (reported for the cold runs).

    python bench/arena.py [--json] [--seeds 5] [--from 2024-11-15] [--to 2025-02-07] [--news wire|results]
                          [--cold-runs 3] [--warm-runs 5]
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))

AGENTS = ["hold", "favourite", "rating_edge", "random", "estimator_kelly", "market_kelly",
          "model"]  # model: the offline stand-in
WINDOWS = 3
RULE_AGENT = "favourite"
TARGET_S = 10.0

COLD = """
import datetime as dt, json, sys, time
sys.path.insert(0, {root!r})
from agents.arena import runner
t0, c0 = time.perf_counter(), time.process_time()
runner.run({agent!r}, dt.date.fromisoformat({start!r}), dt.date.fromisoformat({end!r}), seed=1, news={news!r})
print(json.dumps({{"episode_s": time.perf_counter() - t0, "episode_cpu_s": time.process_time() - c0}}))
"""


class BenchError(RuntimeError):
    pass


def cold_episode(start: dt.date, end: dt.date, news: str) -> dict:
    """One episode of the rule agent in a fresh interpreter: its own figures plus the process's wall."""
    code = COLD.format(root=str(ROOT), agent=RULE_AGENT, start=start.isoformat(), end=end.isoformat(), news=news)
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=os.environ.copy(),
                          timeout=900)
    process_s = time.perf_counter() - t0
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise BenchError(f"the cold episode failed (exit {done.returncode}): {last[:300]}")
    out = json.loads(done.stdout.strip().splitlines()[-1])
    return {"episode_s": round(out["episode_s"], 2), "episode_cpu_s": round(out["episode_cpu_s"], 2),
            "process_s": round(process_s, 2)}


def median(xs: list[float]) -> float:
    s = sorted(xs)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def timed(fn) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def parse_day(text: str, flag: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise BenchError(f"{flag} must be a date YYYY-MM-DD, not {text[:40]!r}") from None


def measure(args: argparse.Namespace) -> dict:
    start, end = parse_day(args.start, "--from"), parse_day(args.end, "--to")
    from agents.arena import runner
    from services.store.build import build, db_path

    if not db_path().exists():
        build(db_path())
    load_start = os.getloadavg()[0]
    cold = [cold_episode(start, end, args.news) for _ in range(args.cold_runs)]  # before this process warms up
    cold_no_wire = cold_episode(start, end, "results") if args.news == "wire" else None
    seconds: dict[str, list[float]] = {}

    def board(lo: dt.date, hi: dt.date) -> dict:
        t0 = time.perf_counter()
        cmp = runner.compare(AGENTS, lo, hi, seeds=args.seeds, news=args.news)
        seconds.setdefault("per_window", []).append(time.perf_counter() - t0)
        return cmp

    whole = board(start, end)
    logs = [lg for ls in whole["logs"].values() for lg in ls]
    days = [dt.date.fromisoformat(p.information_cutoff_timestamp[:10]) for p in logs[0].episode_logs[0].decision_point_logs]
    size = len(days) // WINDOWS
    windows = []
    for w in range(WINDOWS):
        part = days[w * size:(w + 1) * size] if w < WINDOWS - 1 else days[w * size:]
        cmp = board(part[0], part[-1])
        windows.append({"range": [part[0].isoformat(), part[-1].isoformat()], "matchdays": len(part),
                        "leaderboard": cmp["leaderboard"],
                        "fills": {a: runner.fills(ls[0]) for a, ls in cmp["logs"].items()}})
    warm = [timed(lambda: runner.run(RULE_AGENT, start, end, seed=1, news=args.news))[0]
            for _ in range(args.warm_runs)]
    ep = logs[0].episode_logs[0]
    cold_runs = [c["episode_s"] for c in cold]
    return {
        "range": [start.isoformat(), end.isoformat()], "matchdays": len(ep.decision_point_logs),
        "contracts": len(ep.config.tickers), "seeds": args.seeds, "news": args.news, "initial_cash": 1000.0,
        "metrics": runner.aggregate(logs),
        "leaderboard": whole["leaderboard"],
        "fills": {a: runner.fills(ls[0]) for a, ls in whole["logs"].items()},
        "windows": windows,
        "side_by_side": side_by_side(windows),
        "timing": {
            "what": (f"one episode of the rule agent '{RULE_AGENT}' (seed 1, this range, news and cash): "
                     "runner.run from call to return, files written; imports excluded. cold: the first "
                     "episode in a fresh `python -c` subprocess (builds the wire's views, the desk's price "
                     "paths); warm: the same run again in this process after the metrics table"),
            "agent": RULE_AGENT, "cold_runs": cold, "cold_without_wire": cold_no_wire,
            "leaderboard_s": [round(s, 2) for s in seconds["per_window"]],
            "load_average_1m": [round(load_start, 2), round(os.getloadavg()[0], 2)],
        },
        "cold_episode_s": round(median(cold_runs), 2),
        "cold_runs_s": cold_runs,
        "warm_median_episode_s": round(median(warm), 2),
        "warm_runs_s": [round(s, 2) for s in warm],
        "target_s": TARGET_S,
        "within_target": max(cold_runs) <= TARGET_S,
        "error": None,
    }


def side_by_side(windows: list[dict]) -> dict[str, list[dict]]:
    """Per agent, its rank, return and interval in each window (the same agent across windows)."""
    out: dict[str, list[dict]] = {}
    for w in windows:
        for r in w["leaderboard"]["ranked"]:
            out.setdefault(r["agent"], []).append({"range": w["range"], "rank": r["rank"], "return": r["return_mean"],
                                                   "ci95": r["return_ci95"], "ruin_share": r["ruin_share"]})
    return out


def main() -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    ap = OneLineParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--from", dest="start", default="2024-11-15")
    ap.add_argument("--to", dest="end", default="2025-02-07")
    ap.add_argument("--news", choices=["wire", "results"], default="wire")
    ap.add_argument("--cold-runs", type=int, default=3)
    ap.add_argument("--warm-runs", type=int, default=5)
    args = ap.parse_args()
    try:
        if min(args.seeds, args.cold_runs, args.warm_runs) < 1:
            raise BenchError("--seeds, --cold-runs and --warm-runs must be at least 1")
        out = measure(args)
    except (BenchError, ValueError, subprocess.TimeoutExpired) as e:
        msg = str(e).splitlines()[0] if str(e) else type(e).__name__
        if args.json:
            print(json.dumps({"error": msg}))
        print(f"bench/arena.py: {msg}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{out['matchdays']} matchdays, {out['contracts']} contracts, {args.seeds} seeds, news={args.news}")
    for w in [{"range": out["range"], "leaderboard": out["leaderboard"]}, *out["windows"]]:
        print(f"{w['range'][0]} .. {w['range'][1]}")
        for r in w["leaderboard"]["ranked"]:
            print(f"  #{r['rank']} {r['agent']:16s} return {r['return_mean']:+.1%} [{r['return_ci95'][0]:+.1%} .. "
                  f"{r['return_ci95'][1]:+.1%}]  maxDD {r['max_drawdown_mean']:.1%}  ruin {r['ruin_share']:.0%}")
        print("  " + w["leaderboard"]["established_line"])
    print(f"{RULE_AGENT}: cold {out['cold_episode_s']} s (runs {out['cold_runs_s']}), warm median "
          f"{out['warm_median_episode_s']} s, target {TARGET_S:.0f} s: {'within' if out['within_target'] else 'OVER'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
