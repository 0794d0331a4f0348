"""The IR card audit alone, with the IR timing of issue #40: runs bench/backtest.py's weeks and
prints the audit of bench/ir_audit.py (its rows left out).

    bench/backtest_ir_audit.py [--json] [--scoring points|categories|both] [--jobs N] [--wide]

`--wide` asks the top-card question on every morning instead (bench/ir_timing_wide.py: the yield rule
chosen on the first half of the dates, reported on the second), without the backtest's replay: its
JSON is `{scoring: {"ir_timing_wide": ...}}`, with the same `seconds`, load and `error` keys.

The command lives apart from the audit itself: bench/backtest.py imports the audit, and this
command imports bench/backtest.py, so neither module imports the other.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    import json
    import os
    import sys
    import time

    import backtest  # noqa: E402 (the bench folder is on the path above)
    from services.cli import OneLineParser

    parser = OneLineParser(description="The IR card audit of bench/backtest.py, with the IR timing of issue #40")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--scoring", choices=["points", "categories", "both"], default="both")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--wide", action="store_true", help="every morning, the rule chosen on the first half")
    args = parser.parse_args()
    if args.jobs < 1:
        print(json.dumps({"error": "--jobs must be at least 1"}) if args.json else "error: --jobs must be at least 1")
        sys.exit(2)
    t0 = time.perf_counter()
    modes = ["points", "categories"] if args.scoring == "both" else [args.scoring]
    load0 = [round(x, 2) for x in os.getloadavg()]
    if args.wide:
        from ir_timing_wide import run_wide

        result = run_wide(modes, args.jobs)
    else:
        result = {m: {k: v for k, v in r["ir_audit"].items() if k != "rows"}
                  for m, r in backtest.run_modes(modes, args.jobs).items()}
    result.update(seconds=round(time.perf_counter() - t0, 1), load_average_start=load0,
                  load_average_end=[round(x, 2) for x in os.getloadavg()], error=None)
    if args.json:
        print(json.dumps(result))
        return
    for m in modes:
        if args.wide:
            w = result[m]["ir_timing_wide"]
            h = w["held_out_product"]
            print(f"{m}: rule chosen on {w['chosen_on']['from']}..{w['chosen_on']['to']} (discount {w['chosen']:g}), "
                  f"reported on {w['reported_on']['from']}..{w['reported_on']['to']}: the product's rule "
                  f"{h['top_played_within_3_days']} of {h['top_ir_cards']} ({h['share']}, {h['wilson95']}), "
                  f"expected {h['expected_count']}")
            continue
        t = result[m]["ir_timing"]
        print(f"{m}: {t['top_ir_cards']} top IR cards, {t['top_played_within_3_days']} played within 3 days "
              f"({t['top_share_within_3_days']}); realized / claimed {t['top_ratio']['ratio']} {t['top_ratio']['ci95']}")


if __name__ == "__main__":
    main()
