"""Benchmark of the move scan: fast exact scan vs two straightforward references, same pairs.

Full scan = my 13-man roster x every free agent x the remaining days of the default demo league
(as of 2025-01-29, points), nobody protected (neither the roster's top six nor the league-wide
stars), so the fast scan and both references score exactly the same pairs. The fast time covers
preparing the inputs, scoring every pair, ranking them and building the top results. References:
re-solve every pair on every day with `services.league.lineup.best_lineup` (`naive_ratio`), and the fair
one that re-solves a pair only on the days the added player plays (`skip_days_ratio`). The
default advice also scans the rest of the season (`season_scan_ms_median`, timed separately). `exact` is true only when the fast scan
equals the reference on the demo league (points and categories) and equals brute force on a
check set of small synthetic weeks.

    python bench/optimizer.py [--json] [--runs 9]
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))

import numpy as np  # noqa: E402

AS_OF = dt.date(2025, 1, 29)
TOP = 25
CHECK_SEEDS = range(30)


def _ms(fn, runs: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        out = fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), out


def run(runs: int) -> dict:
    from services.league.demo import demo_league
    from services.optimizer import from_demo_league, prepare, scan_moves
    from services.optimizer.checks import check_exact, synthetic_inputs
    from services.optimizer.reference import reference_scan, reference_scan_skip_days
    from services.optimizer.scan import scan_table
    from services.store.state import state_store

    t0 = time.perf_counter()
    lg = demo_league(AS_OF, "points", store=state_store())
    inputs = dataclasses.replace(from_demo_league(lg), star_value=None, ir_slots_free=0)
    setup_ms = (time.perf_counter() - t0) * 1000
    n_roster, n_fa = len(inputs.roster), len(inputs.free_agents)
    drops = np.arange(n_roster)
    scan_moves(inputs, protect_top=0, limit=TOP)  # warm-up (imports, caches)

    scan_ms, moves = _ms(lambda: scan_moves(inputs, protect_top=0, limit=TOP), runs)
    table_ms, _ = _ms(lambda: scan_table(prepare(inputs), drops), runs)
    all_ms, everything = _ms(lambda: scan_moves(inputs, protect_top=0), 3)
    ref_ms, (ref_gain, _) = _ms(lambda: reference_scan(prepare(inputs), drops), 3)
    skip_ms, (skip_gain, _) = _ms(lambda: reference_scan_skip_days(prepare(inputs), drops), 3)
    season_inputs = from_demo_league(lg, season=True)
    season_ms, _ = _ms(lambda: scan_moves(season_inputs, limit=TOP), 3)
    pairs = len({(m.drop_id, m.add_id) for m in everything})

    fast_gain = scan_table(prepare(inputs), drops).gain
    exact = bool(np.allclose(fast_gain, ref_gain, atol=1e-6) and np.allclose(fast_gain, skip_gain, atol=1e-6))
    exact = exact and check_exact(from_demo_league(demo_league(AS_OF, "categories", store=state_store())), brute=False)
    exact = exact and all(check_exact(synthetic_inputs(s, scoring)) for s in CHECK_SEEDS
                          for scoring in ("points", "categories"))
    top = moves[0]
    assert pairs == int(ref_gain.size) == n_roster * n_fa, "the fast scan and the references score the same pairs"
    return {
        "scan_ms_median": round(scan_ms, 2),
        "pairs": pairs,
        "naive_ratio": round(ref_ms / scan_ms, 1),
        "skip_days_ratio": round(skip_ms / scan_ms, 1),
        "exact": exact,
        "reference_ms_median": round(ref_ms, 1),
        "reference_skip_days_ms_median": round(skip_ms, 1),
        "reference_pairs": int(ref_gain.size),
        "season_scan_ms_median": round(season_ms, 1),
        "season_days": len(season_inputs.season.days),
        "scan_table_ms_median": round(table_ms, 2),
        "scan_all_results_ms_median": round(all_ms, 1),
        "results_materialized": TOP,
        "all_results": len(everything),
        "runs": runs,
        "roster": n_roster,
        "free_agents": n_fa,
        "days": len(inputs.days),
        "as_of": AS_OF.isoformat(),
        "scoring": "points",
        "inputs_ms": round(setup_ms, 1),
        "check_set": f"demo points+categories vs reference; {len(CHECK_SEEDS)} seeds x 2 scorings vs "
                     "reference and brute force",
        "top_move": {"drop": top.drop_name, "add": top.add_name, "gain": top.gain,
                     "confidence": top.confidence},
        "error": None,
    }


def main() -> None:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--runs", type=int, default=9, help="timed runs of the fast scan (>= 7)")
    args = parser.parse_args()
    result = run(max(7, args.runs))
    if args.json:
        print(json.dumps(result))
        return
    print(f"full scan: {result['pairs']} pairs ({result['roster']} x {result['free_agents']} over "
          f"{result['days']} days), median {result['scan_ms_median']} ms over {result['runs']} runs")
    print(f"  scoring only: {result['scan_table_ms_median']} ms; all {result['all_results']} results "
          f"built: {result['scan_all_results_ms_median']} ms")
    print(f"reference (re-solve every day): {result['reference_ms_median']} ms  -> {result['naive_ratio']}x faster")
    print(f"fair reference (skip the days the add does not play): {result['reference_skip_days_ms_median']} ms  -> "
          f"{result['skip_days_ratio']}x faster")
    print(f"default advice with the rest of the season ({result['season_days']} days): "
          f"{result['season_scan_ms_median']} ms")
    print(f"exact: {result['exact']} ({result['check_set']})")
    t = result["top_move"]
    print(f"top move: drop {t['drop']}, add {t['add']}: {t['gain']:+.1f} pts (confidence {t['confidence']})")


if __name__ == "__main__":
    main()
