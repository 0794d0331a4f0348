"""`python -m agents arena run|show`: run an agent through the arena, or show a recorded run."""
from __future__ import annotations

import argparse
import json
import logging
import sys

from services.cli import clip, finite_float, int_between, iso_date

log = logging.getLogger(__name__)

ARENA_FROM, ARENA_TO = "2024-11-15", "2025-02-07"


def add_parser(sub) -> None:
    """Register `arena` on the main CLI's subparsers."""
    a = sub.add_parser("arena", help="the arena: win contracts over the season, agents trading them")
    asub = a.add_subparsers(dest="arena_cmd", required=True)
    r = asub.add_parser("run")
    r.add_argument("--agent", required=True, help="hold, favourite, rating_edge, random, estimator_kelly, model")
    r.add_argument("--from", dest="start", type=iso_date, default=iso_date(ARENA_FROM))
    r.add_argument("--to", dest="end", type=iso_date, default=iso_date(ARENA_TO))
    r.add_argument("--seed", type=int_between(0, 2**31 - 1), default=1)
    r.add_argument("--cash", type=finite_float, default=1000.0)
    r.add_argument("--news", choices=["wire", "results"], default="wire")
    r.add_argument("--provider", default=None, help="the model agent's chat model: offline, gemini, ollama")
    r.add_argument("--seeds", type=int_between(1, 20), default=3,
                   help="seeds of the seeded agents (random) on the leaderboard (default 3)")
    r.add_argument("--no-leaderboard", action="store_true", help="only this run: no baselines beside it")
    r.add_argument("--json", action="store_true")
    s = asub.add_parser("show")
    s.add_argument("run_id")
    s.add_argument("--json", action="store_true")


def _text(out: dict) -> str:
    m, ci, f = out["metrics"], out["return_ci95"], out["fills"]
    board = out.get("leaderboard")
    ranked = "" if not board else "\n" + "\n".join(
        f"  #{r['rank']} {r['agent']:15s} return {r['return_mean']:+.1%} [{r['return_ci95'][0]:+.1%} .. "
        f"{r['return_ci95'][1]:+.1%}]  max drawdown {r['max_drawdown_mean']:.1%}  ruin {r['ruin_share']:.0%}"
        for r in board["ranked"]) + "\n  " + board["established_line"]
    return (f"{out['run_id']}: {out['agent']} {out['from']}..{out['to']} seed {out['seed']}\n"
            f"  final {m['final_value']:.2f} from {m['initial_cash']:.2f} (return {m['total_return']:+.2%}, 95% "
            f"interval {ci[0]:+.1%} .. {ci[1]:+.1%}); fills at the desk's quote (margin {f['margin']:g}, fee "
            f"{f['fee_rate']:g}, size limit {f['max_order_notional']}): spread paid {f['spread_paid']:.2f}\n"
            f"  "
            f"Sharpe/matchday {m['sharpe_per_matchday']:.3f}, max drawdown {m['max_drawdown']:.1%}, "
            f"turnover {m['turnover']:.2f}x\n"
            f"  {m['decisions']} decisions: {m['accepted']} accepted, {m['rejected']} rejected, {m['holds']} holds; "
            f"{m['trades']} trades\n  files: {', '.join(out['files'])}" + ranked)


def handle(args: argparse.Namespace) -> int:
    from agents.door import arena as runner
    from agents.models.llm import ProviderError

    ArenaError, UnknownAgent = runner.ArenaError, runner.UnknownAgent

    from pydantic import ValidationError

    try:
        if args.arena_cmd == "run" and args.cash > 1e9:
            raise ArenaError(f"--cash must be positive and at most 1e9, not {clip(args.cash, 40)}")
        if args.arena_cmd == "show" and (len(args.run_id) > 200 or not args.run_id.isprintable()
                                         or "/" in args.run_id or args.run_id in (".", "..")):
            raise runner.RunNotFound(f"no run with id {clip(repr(args.run_id))}")
        if args.arena_cmd == "run":
            log = runner.run(args.agent, args.start, args.end, seed=args.seed, cash=args.cash,
                             provider=args.provider, news=args.news)
        else:
            log = runner.load(args.run_id)
        out = runner.summary(log)
        if args.arena_cmd == "run" and not args.no_leaderboard:
            cmp = runner.compare([args.agent], args.start, args.end, seeds=args.seeds, cash=args.cash,
                                 provider=args.provider, news=args.news, done={args.agent: [log]})
            out["leaderboard"] = cmp["leaderboard"]
    except (ArenaError, UnknownAgent, ProviderError, runner.RunNotFound, ValidationError) as e:
        msg = clip(str(e).strip("'\"").splitlines()[0] if str(e).strip() else type(e).__name__, 400)
        return _fail(msg, 2, args.json)
    except Exception as e:  # noqa: BLE001 - boundary (a CLI's last resort): a damaged run file, a full disk: one line, never a traceback
        log.info("the command failed", exc_info=True)  # the traceback, for whoever configures logging
        return _fail(f"the arena failed ({type(e).__name__}: {clip(e)})", 1, args.json)
    print(json.dumps(out, default=str) if args.json else _text(out))
    return 0


def _fail(msg: str, code: int, as_json: bool) -> int:
    if as_json:
        print(json.dumps({"error": msg}, ensure_ascii=False))
    print(f"error: {msg}", file=sys.stderr)
    return code
