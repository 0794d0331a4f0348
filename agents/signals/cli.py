"""`python -m agents signals run|score`: the pod from a shell (JSON with an `error` key for scripts).

run:   --date D [--mode blind|anchored] [--threshold T] [--provider P] [--json]
score: --from D --to D [--mode blind|anchored] [--threshold T] [--bands] [--json]
"""
from __future__ import annotations

import json
import logging
import sys

from services.cli import clip, finite_float, iso_date

log = logging.getLogger(__name__)


def add_signals_parser(sub) -> None:
    s = sub.add_parser("signals", help="the signals pod: run it on a day, or score it on the real finals")
    ssub = s.add_subparsers(dest="signals_cmd", required=True)
    run = ssub.add_parser("run")
    run.add_argument("--date", type=iso_date, required=True)
    score = ssub.add_parser("score")
    score.add_argument("--from", dest="start", type=iso_date, required=True)
    score.add_argument("--to", dest="end", type=iso_date, required=True)
    score.add_argument("--bands", action="store_true",
                       help="also decide each game 30 h and 1 h before tip: skill per urgency band")
    for c in (run, score):
        c.add_argument("--mode", choices=["blind", "anchored"], default="blind")
        c.add_argument("--threshold", type=finite_float, default=None)
        c.add_argument("--provider", default=None)
        c.add_argument("--json", action="store_true")


def _text_run(result: dict) -> None:
    print(f"{result['date']} ({result['mode']}, threshold {result['threshold']:.2f}):")
    for g in result["games"]:
        print(f"  {g['question']:<28} price {g['price']:.3f}  {' -> '.join(g['path'])}  [{g['exit']}] {g['reason']}")
    for s in result["signals"]:
        print(f"  SIGNAL {s['id']}: buy {_backed(s)} (edge {s['edge']:+.3f}, |ev| band {s['confidence']}), "
              f"P {s['estimate'] if s['direction'] == 'yes' else 1 - s['estimate']:.3f} vs price "
              f"{s['price'] if s['direction'] == 'yes' else 1 - s['price']:.3f}")


def _backed(s: dict) -> str:
    """The team a signal buys (the home side on "yes"), read from "HOME beats AWAY on DATE"."""
    home, rest = s["question"].split(" beats ", 1)
    return home if s["direction"] == "yes" else rest.split(" on ")[0]


def _text_score(result: dict) -> None:
    e, s = result["estimates"], result["signals"]
    print(f"{result['from']} to {result['to']} ({result['mode']}): {result['games']} games, {result['games_with_news']} with news")
    print(f"  estimates: Brier {e['brier']}  log loss {e['log_loss']}  market Brier {e['market_brier']}  BSS {e['bss_vs_market']}")
    print(f"  signals:   {s['n']}  hit rate {s['hit_rate']}  realized EV {s['realized_ev']}  BSS {s['bss_vs_market']}")
    ab = result["absences"]
    print(f"  absences:  weight {ab['weight_points_per_player_game']} pts; skill with {ab['with']['bss_vs_market']}, "
          f"without {ab['without']['bss_vs_market']}")
    for band, b in result["reliability_by_band"].items():
        print(f"  |ev| {band:6} {b['n']} signals, hit rate {b['hit_rate']} (95% {b['hit_ci95']}) vs break-even "
              f"{b['break_even']}, realized EV {b['realized_ev']}: {b['measured_confidence'] or 'too few'}")
    for band, b in result.get("by_urgency", {}).items():
        print(f"  {band:9} estimates BSS {b['estimates']['bss_vs_market']}  signals {b['signals']['n']} "
              f"(threshold {b['threshold']}) hit rate {b['signals']['hit_rate']}")


def signals_main(args) -> int:
    from agents.models.llm import ProviderError
    from agents.door import signals as front
    from services.models import ServiceError

    try:
        if args.threshold is not None and not 0.0 <= args.threshold <= 1.0:
            raise ServiceError(f"--threshold must be between 0 and 1, not {args.threshold}.")
        pod = front.open(args.provider, args.threshold)
        if args.signals_cmd == "run":
            result = pod.run_day(args.date, args.mode).model_dump(mode="json")
        else:
            result = json.loads(json.dumps(pod.score(args.start, args.end, args.mode, bands=args.bands), default=str))
    except (ServiceError, ProviderError, ValueError) as e:
        return _fail(clip(e), 2, args.json)
    except Exception as e:  # noqa: BLE001 - boundary (a CLI's last resort): a store or data failure: one line, never a traceback
        log.info("the command failed", exc_info=True)  # the traceback, for whoever configures logging
        return _fail(f"the signals pod failed ({type(e).__name__}: {clip(e)})", 1, args.json)
    result["error"] = None
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    elif args.signals_cmd == "run":
        _text_run(result)
    else:
        _text_score(result)
    return 0


def _fail(msg: str, code: int, as_json: bool) -> int:
    print(f"error: {msg}", file=sys.stderr)
    if as_json:
        print(json.dumps({"error": msg, "signals": []}, ensure_ascii=False))
    return code
