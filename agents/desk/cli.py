"""`python -m agents desk games|quote|accept|settle|verify|shadow|report|clock`: the market desk from a shell.

Every --json output carries `error` (null on success); a failure exits non-zero with one line.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import logging
import sys

from pydantic import ValidationError

from services import inputs
from services.cli import clip, finite_float, int_between, iso_date
from services.models import ServiceError

log = logging.getLogger(__name__)

MAX_ADVANCE_S = 366 * 24 * 3600.0  # the clock moves at most a year per call


def iso_time(text: str) -> dt.datetime:
    try:
        t = dt.datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a time (ISO 8601, e.g. 2025-01-29T17:00:00+00:00): "
                                         f"{clip(repr(text))}") from None
    if inputs.time_problem(t) is not None:
        raise argparse.ArgumentTypeError(f"the desk time {clip(text, 60)} is outside "
                                         f"{inputs.YEAR_MIN}-{inputs.YEAR_MAX}")
    return inputs.aware(t)


def seconds(text: str) -> float:
    x = finite_float(text)
    if abs(x) > MAX_ADVANCE_S:
        raise argparse.ArgumentTypeError(f"at most {MAX_ADVANCE_S:.0f} seconds (a year) either way, not {clip(text, 40)}")
    return x


def add_desk_parser(sub) -> None:
    d = sub.add_parser("desk", help="the market desk (NBA lines, the market maker agent)")
    ds = d.add_subparsers(dest="desk_cmd", required=True)
    g = ds.add_parser("games", help="the day's games with the desk's quotes")
    g.add_argument("--date", type=iso_date, required=True)
    q = ds.add_parser("quote", help="ask the market maker to take a bet")
    q.add_argument("--game", required=True)
    q.add_argument("--market", choices=["moneyline", "spread", "total"], required=True)
    q.add_argument("--side", choices=["home", "away", "over", "under"], required=True)
    q.add_argument("--line", type=finite_float, default=None)
    q.add_argument("--odds", type=finite_float, required=True)
    q.add_argument("--amount", type=finite_float, required=True)
    a = ds.add_parser("accept", help="accept the desk's counter")
    a.add_argument("--quote", required=True)
    s = ds.add_parser("settle", help="settle open positions on the real finals")
    s.add_argument("--through", type=iso_date, required=True)
    v = ds.add_parser("verify", help="recompute the logged calculations")
    v.add_argument("--last", type=int_between(1, 100_000), default=50)
    sh = ds.add_parser("shadow", help="shadow mode: where the agent and the rule engine disagree, on the real finals")
    sh.add_argument("--through", type=iso_date, default=None, help="grade games dated through this day "
                    "(default: the finals known at the desk clock)")
    r = ds.add_parser("report", help="closing-line value of every booked bet against the real close, beside P&L")
    r.add_argument("--at", type=iso_time, default=None, help="desk time (default: the desk clock)")
    c = ds.add_parser("clock", help="show or move the desk clock (simulated)")
    c.add_argument("--set", type=iso_time, default=None)
    c.add_argument("--advance", type=seconds, default=None, help="seconds")
    for p in (g, q, a, s, v, sh, r, c):
        p.add_argument("--json", action="store_true")
    for p in (g, q, a):
        p.add_argument("--at", type=iso_time, default=None, help="desk time (default: the desk clock)")
    for p in (q, a):
        p.add_argument("--provider", default=None)
        p.add_argument("--key", default=None, help="idempotency key: a retry with the same key returns the first "
                       "outcome instead of booking again")


def _run(args, desk) -> dict:
    from agents.door import desk as front

    BetRequest = front.BetRequest
    cmd = args.desk_cmd
    if cmd == "games":
        return front.games(desk, args.date, args.at).model_dump(mode="json", exclude={"error"})
    if cmd == "quote":
        req = BetRequest(game_id=args.game, market=args.market, side=args.side, line=args.line, odds=args.odds,
                         amount=args.amount)
        return desk.quote(req, args.at, key=args.key).model_dump(mode="json")
    if cmd == "accept":
        return desk.accept(args.quote, args.at, key=args.key).model_dump(mode="json")
    if cmd == "settle":
        return desk.settle(args.through)
    if cmd == "verify":
        return desk.verify(args.last)
    if cmd == "shadow":
        return desk.shadow_report(args.through)
    if cmd == "report":
        return front.clv_report(desk, args.at).model_dump(mode="json")
    if args.set is not None:
        desk.clock.set(args.set)
    if args.advance is not None:
        desk.clock.advance(args.advance)
    return {"desk_time": desk.clock.now().isoformat(), "label": "simulated desk clock"}


def _text(cmd: str, out: dict) -> str:
    if cmd == "games":
        lines = [f"{out['date']} at desk time {out['at']} (priced from the spread; simulated path)"]
        for g in out["games"]:
            lines.append(f"  {g['game_id']}: {g['away']} @ {g['home']}  ML {g['moneyline']['away']}/{g['moneyline']['home']}"
                         f"  spread {g['home']} {g['spread']['home_line']:+g} (open {g['spread']['open_home_line']:+g})"
                         f"  total {g['total']['line']:g} (open {g['total']['open_line']:g})")
        return "\n".join(lines)
    if cmd in ("quote", "accept"):
        d = out.get("decision") or (out.get("fresh") or {}).get("decision") or {}
        return f"{out['status']}: {d.get('reason', out.get('check', {}).get('reason', ''))} (quote {out['quote_id']})"
    if cmd == "verify":
        bad = [f"  mismatched {c['calc_id']} ({c['tool']}, quote {c['quote_id']}): {', '.join(c['differs'])}"
               for c in out["calcs"] if not c["matched"]]
        probs = [f"  book: {p}" for p in out.get("book_problems", [])]
        return "\n".join([f"{out['matched']} matched, {out['mismatched']} mismatched of {out['checked']}", *bad, *probs])
    if cmd == "shadow":
        head = (f"shadow mode through {out['through']}: {out['requests']} requests, {out['discrepancies']} "
                f"discrepancies; P&L on finals: agent {out['pnl_on_finals']['agent']:+.2f}, rules "
                f"{out['pnl_on_finals']['rules']:+.2f}")
        return "\n".join([head, *(f"  {k['kind']}: {k['count']} (agent {k['agent_pnl']:+.2f}, rules {k['rules_pnl']:+.2f})"
                                  for k in out["by_kind"])])
    if cmd == "report":
        c = out["clv"]
        if not c["bets"]:
            return f"no booked bet on a game that has tipped by {out['at']} ({out['clv_pending']} pending)"
        return (f"desk CLV {c['mean_desk_clv_pct']:+.2f}% per bet (95% interval {c['ci95_desk_clv_pct']}) over "
                f"{c['bets']} bets on {c['games']} games; the desk beat the close on {c['share_beating_close']:.0%}; "
                f"settled P&L {out['desk_pnl']:+.2f} on {out['handle']:.2f}")
    if cmd == "settle":
        return f"settled {out['count']} positions through {out['through']}: desk P&L {out['desk_pnl']:+.2f}"
    return f"desk time {out['desk_time']} (simulated)"


def run_desk(args) -> int:
    """0: done; 1: the desk could not do it (a refused booking, a lost accept, a failed audit, a
    locked or failing store); 2: bad input."""
    from agents.core.failures import is_store_error, one_line_store_failure
    from services.desk.idempotency import StillRunning

    try:
        from agents.door import desk as front
        from agents.models.llm import ProviderError

        try:
            desk = front.open(getattr(args, "provider", None))
            out = _run(args, desk)
        except ProviderError as e:
            raise ServiceError(str(e)) from None
        except ValidationError as e:
            err = e.errors()[0]
            raise ServiceError(f"bad request: {'.'.join(map(str, err['loc'])) or 'request'}: {err['msg']}") from None
        except (ValueError, KeyError, OverflowError) as e:  # KeyConflict (a reused key) is a ValueError
            raise ServiceError(str(e).strip('"')) from None
    except ServiceError as e:
        return _fail(clip(e), 2, args.json)
    except StillRunning as e:
        return _fail(str(e), 1, args.json)
    except Exception as e:  # noqa: BLE001 - boundary (a CLI's last resort): a locked or failing store, anything else: one line, exit 1
        log.info("the command failed", exc_info=True)  # the traceback, for whoever configures logging
        msg = one_line_store_failure(e) if is_store_error(e) else f"the desk failed ({type(e).__name__}: {clip(e)})"
        return _fail(msg, 1, args.json)
    out["error"] = out.get("error")
    print(json.dumps(out, default=str, ensure_ascii=False) if args.json else _text(args.desk_cmd, out))
    if out["error"] and not args.json:
        print(f"error: {out['error']}", file=sys.stderr)
    failed = out["error"] or (args.desk_cmd == "verify" and (out["mismatched"] or out.get("book_problems")
                                                             or out.get("line_counters", {}).get("mismatched")))
    return 1 if failed else 0  # a refused booking, a lost accept or a failed audit fails the command


def _fail(message: str, code: int, as_json: bool) -> int:
    print(f"error: {message}", file=sys.stderr)
    if as_json:
        print(json.dumps({"error": message}, ensure_ascii=False))
    return code
