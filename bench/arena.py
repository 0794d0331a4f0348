"""Arena benchmark: every baseline over 2024-11-15..2025-02-07 with 5 seeds, the metrics table
(mean and band across seeds), and the wall time of one full episode.

Timing: the first episode in the process pays for building the news wire and the desk's price
paths (cold); later episodes reuse them (warm). The hold agent on the same episode is the
baseline: the simulation's own cost (Cases, marks, settlement, logs) with no agent logic.

    python bench/arena.py [--json] [--seeds 5] [--from 2024-11-15] [--to 2025-02-07] [--news wire|results]
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))

AGENTS = ["hold", "favourite", "rating_edge", "random", "estimator_kelly", "model"]  # model: the offline stand-in
TARGET_S = 10.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--from", dest="start", default="2024-11-15")
    ap.add_argument("--to", dest="end", default="2025-02-07")
    ap.add_argument("--news", choices=["wire", "results"], default="wire")
    args = ap.parse_args()
    start, end = dt.date.fromisoformat(args.start), dt.date.fromisoformat(args.end)

    from agents.arena import runner
    from services.build import build, db_path

    if not db_path().exists():
        build(db_path())
    seconds: dict[str, list[float]] = {}
    logs = []
    for agent in AGENTS:
        for seed in range(1, args.seeds + 1):
            t0 = time.perf_counter()
            logs.append(runner.run(agent, start, end, seed=seed, news=args.news))
            seconds.setdefault(agent, []).append(time.perf_counter() - t0)
    table = runner.aggregate(logs)
    ep = logs[0].episode_logs[0]
    warm_rule = min(seconds["favourite"])
    out = {
        "range": [start.isoformat(), end.isoformat()], "matchdays": len(ep.decision_point_logs),
        "contracts": len(ep.config.tickers), "seeds": args.seeds, "news": args.news, "initial_cash": 1000.0,
        "metrics": table,
        "episode_seconds": {
            "first_episode_cold": round(seconds[AGENTS[0]][0], 2),
            **{f"{a}_warm_median": round(sorted(s)[len(s) // 2], 2) for a, s in seconds.items()},
        },
        "rule_agent_episode_s": round(warm_rule, 2),
        "baseline_hold_episode_s": round(min(seconds["hold"][1:] or seconds["hold"]), 2),
        "target_s": TARGET_S, "meets_target": warm_rule <= TARGET_S, "error": None,
    }
    if args.json:
        print(json.dumps(out))
    else:
        print(f"{out['matchdays']} matchdays, {out['contracts']} contracts, {args.seeds} seeds, news={args.news}")
        for agent, m in table.items():
            fv, r, sh, dd = (m[k] for k in ("final_value", "total_return", "sharpe_per_matchday", "max_drawdown"))
            print(f"{agent:16s} final {fv['mean']:8.2f} [{fv['min']:.2f} .. {fv['max']:.2f}]  return {r['mean']:+.2%}  "
                  f"Sharpe {sh['mean']:.3f}  maxDD {dd['mean']:.1%}  turnover {m['turnover']['mean']:.2f}")
        print(json.dumps(out["episode_seconds"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
