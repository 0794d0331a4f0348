#!/usr/bin/env python3
"""Benchmark of the market desk: a seeded stream of bet requests over every game in a date range,
through the market maker agent (offline rule policy driving the real LangGraph tool loop) and
through the fixed-rule engine (`services.desk.rules`: accept when the bettor's edge is within 2% and
the bet fits the limits, else reject; no counters), both booked with the same limits and settled on
the real finals. The agent runs twice: with the sportsbook risk features (per-bettor CLV profiles,
liability shading) and without them, so their effect on each flow is measured on the same requests.
The agent's runs are in shadow mode: the report of where it and the rule engine disagree is included.

Flows: recreational bettors (40 of them; random market and side, the market line or a point or so
off, odds near the desk's price with noise, small stakes; they accept some counters after 5-120 s)
and sharp bettors (6 of them; early in the listing window, toward where the line closes, at about
the desk's price: they know something the market learns later). The market is the martingale path
(`services.markets.path`). Both engines see exactly the same requests at the same desk times.

    python bench/desk.py [--json] [--start 2025-01-11] [--end 2025-02-07] [--seed 7]
"""
from __future__ import annotations

import datetime as dt
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ["COURTSIDE_HOME"] = tempfile.mkdtemp(prefix="courtside-bench-desk-")
from services.store.build import install  # noqa: E402 (after the home is chosen)
install()  # a fresh home's database is built on first use (the store does not import its builder)

START, END = dt.date(2025, 1, 11), dt.date(2025, 2, 7)  # the last four weeks of the box-score data
LIMITS = {"max_per_side": 150.0, "max_per_game": 300.0}


def _requests(start: dt.date, end: dt.date, seed: int) -> list[dict]:
    from services.league import season_games
    from services.markets import state as market

    rng = random.Random(seed)
    brng = random.Random(seed + 1)  # who sends each request: apart, so the requests stay those of earlier runs
    out = []
    for g in season_games.schedule(start, end):
        full = season_games.get_game(g.game_id)
        listed = g.tip - dt.timedelta(hours=48)
        for _ in range(4):  # recreational
            at = listed + dt.timedelta(seconds=rng.uniform(0, 48 * 3600 - 600))
            s = market.market_state(g.game_id, at)
            mkt = rng.choice(["moneyline", "spread", "spread", "total"])
            side = rng.choice(["over", "under"] if mkt == "total" else ["home", "away"])
            line = market.market_line(s, mkt, side)
            if line is not None and rng.random() < 0.25:
                line += rng.choice([-1.5, -1.0, -0.5, 0.5, 1.0, 1.5])
            price = market.bet_odds(s, mkt, side, line)
            odds = round(max(1.02, price * (1 + rng.gauss(0.01, 0.025))), 2)
            out.append({"flow": "recreational", "bettor": f"rec-{brng.randrange(40)}", "game_id": g.game_id, "at": at,
                        "market": mkt, "side": side,
                        "line": line, "odds": odds, "amount": float(rng.choice([10, 20, 25, 30, 50])),
                        "takes_counter": rng.random() < 0.6, "delay_s": rng.uniform(5, 120)})
        at = listed + dt.timedelta(seconds=rng.uniform(0, 12 * 3600))  # sharp: early, toward the close
        s = market.market_state(g.game_id, at)
        if full.home_spread != s.home_spread:
            mkt, side = "spread", "home" if full.home_spread < s.home_spread else "away"
        elif full.total != s.total:
            mkt, side = "total", "over" if full.total > s.total else "under"
        else:
            continue
        line = market.market_line(s, mkt, side)
        out.append({"flow": "sharp", "bettor": f"sharp-{brng.randrange(6)}", "game_id": g.game_id, "at": at,
                    "market": mkt, "side": side, "line": line,
                    "odds": round(market.bet_odds(s, mkt, side, line) * 1.005, 3), "amount": float(rng.choice([50, 75, 100])),
                    "takes_counter": rng.random() < 0.9, "delay_s": rng.uniform(5, 50)})
    out.sort(key=lambda r: r["at"])
    return out


def _store(name: str):
    from services.store.state import StateStore

    home = Path(os.environ["COURTSIDE_HOME"]) / name
    home.mkdir(parents=True, exist_ok=True)
    os.environ["COURTSIDE_HOME"] = str(home)
    from services.config import reset_settings_cache

    reset_settings_cache()
    return StateStore()


def run_agent(reqs: list[dict], risk: bool = True) -> dict:
    from agents.desk.runtime import Desk
    from agents.offline.desk_policy import DeskPolicyModel
    from services.desk.models import BetRequest, DeskLimits

    desk = Desk(model=DeskPolicyModel(), store=_store("agent" if risk else "agent-no-risk"),
                limits=DeskLimits(**LIMITS), answering="agent", risk=risk)
    flow_of, rows = {}, []
    for r in reqs:
        req = BetRequest(game_id=r["game_id"], market=r["market"], side=r["side"], line=r["line"], odds=r["odds"],
                         amount=r["amount"], bettor=r["bettor"])
        q = desk.quote(req, r["at"])
        flow_of[q.quote_id] = r["flow"]
        row = {"flow": r["flow"], "decision": q.decision["decision"], "ms": q.elapsed_ms, "model_calls": q.model_calls,
               "tool_calls": len(q.tool_calls), "counter": None}
        if q.status == "countered" and r["takes_counter"]:
            res = desk.accept(q.quote_id, r["at"] + dt.timedelta(seconds=r["delay_s"]))
            row["counter"] = res.status if res.status != "fresh_evaluation" else f"void_{res.check['status']}"
            if res.fresh is not None:
                flow_of[res.fresh.quote_id] = r["flow"]
                rows.append({"flow": r["flow"], "decision": res.fresh.decision["decision"], "ms": res.fresh.elapsed_ms,
                             "model_calls": res.fresh.model_calls, "tool_calls": len(res.fresh.tool_calls),
                             "counter": None, "fresh": True})
        rows.append(row)
    return {"desk": desk, "book": desk.book, "rows": rows, "flow_of": flow_of}


def run_fixed(reqs: list[dict]) -> dict:
    from services.desk.book import DeskBook, LimitBreach, new_id
    from services.desk.models import BetRequest, DeskLimits
    from services.desk.rules import rule_decision
    from services.markets import state as market

    book, limits = DeskBook(_store("fixed")), DeskLimits(**LIMITS)
    flow_of, rows = {}, []
    for r in reqs:
        t0 = time.perf_counter()
        s = market.market_state(r["game_id"], r["at"])
        mline = market.market_line(s, r["market"], r["side"])
        price = market.bet_odds(s, r["market"], r["side"], r["line"])
        ex = book.exposure(r["game_id"], r["market"], r["side"])
        req = BetRequest(game_id=r["game_id"], market=r["market"], side=r["side"], line=r["line"], odds=r["odds"],
                         amount=r["amount"], bettor=r["bettor"])
        ok = rule_decision(req, price, mline, ex["side_exposure"] or 0.0, ex["game_exposure"], limits.max_per_side,
                           limits.max_per_game).decision == "accept"
        qid = new_id("fx")
        if ok:
            try:
                book.book_position(qid, r["game_id"], r["market"], r["side"], r["line"], r["odds"], r["amount"],
                                   limits, r["at"])
            except LimitBreach:
                ok = False
        flow_of[qid] = r["flow"]
        rows.append({"flow": r["flow"], "decision": "accept" if ok else "reject",
                     "ms": (time.perf_counter() - t0) * 1000, "model_calls": 0, "tool_calls": 0, "counter": None})
    return {"book": book, "rows": rows, "flow_of": flow_of}


def _breaches(positions: list[dict]) -> int:
    side, game = {}, {}
    for p in positions:
        side[p["side_key"]] = side.get(p["side_key"], 0.0) + p["liability"]
        game[p["game_id"]] = game.get(p["game_id"], 0.0) + p["liability"]
    return sum(v > LIMITS["max_per_side"] + 1e-6 for v in side.values()) + \
        sum(v > LIMITS["max_per_game"] + 1e-6 for v in game.values())


def _summary(run: dict, end: dt.date) -> dict:
    from services.desk import clv as clv_report
    from services.league import season_games
    from services.markets import state as market

    book, rows = run["book"], run["rows"]
    breaches = _breaches(book.positions())
    book.settle_through(end)
    positions = book.positions()
    out = {"limit_breaches": breaches}
    for flow in ("recreational", "sharp", "all"):
        fr = [r for r in rows if flow == "all" or r["flow"] == flow]
        fp = [p for p in positions if flow == "all" or run["flow_of"].get(p["quote_id"]) == flow]
        handle = sum(p["amount"] for p in fp)
        pnl = sum(p["pnl"] or 0.0 for p in fp)
        clv = []
        for p in fp:
            close = market.market_state(p["game_id"], season_games.get_game(p["game_id"]).tip)
            clv.append((p["odds"] * market.bet_prob(close, p["market"], p["side"], p["line"]) - 1, p["amount"]))
        counters = [r["counter"] for r in fr if r["counter"]]
        out[flow] = {
            "requests": sum(1 for r in fr if not r.get("fresh")),
            "decisions": {k: sum(1 for r in fr if r["decision"] == k) for k in ("accept", "reject", "counter")},
            "counters_accepted": counters.count("counter_accepted"),
            "counters_voided": {"expired": counters.count("void_expired"), "market_moved": counters.count("void_moved")},
            "fresh_evaluations": sum(1 for r in fr if r.get("fresh")),
            "bets_booked": len(fp), "handle": round(handle, 2), "desk_pnl": round(pnl, 2),
            "hold_pct": round(100 * pnl / handle, 2) if handle else None,
            "bettor_clv_pct": round(100 * sum(c * a for c, a in clv) / sum(a for _, a in clv), 2) if clv else None,
            "desk_clv": clv_report.summarize([clv_report.bet_row(p) for p in fp]).model_dump(),
            "p50_decision_ms": round(statistics.median(r["ms"] for r in fr), 2) if fr else None,
            "model_calls_per_decision": round(statistics.mean(r["model_calls"] for r in fr), 2) if fr else None,
            "max_model_calls": max((r["model_calls"] for r in fr), default=0),
            "max_tool_calls": max((r["tool_calls"] for r in fr), default=0),
        }
    return out


def main() -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--start", type=dt.date.fromisoformat, default=START)
    ap.add_argument("--end", type=dt.date.fromisoformat, default=END)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    t0 = time.perf_counter()
    reqs = _requests(a.start, a.end, a.seed)
    agent = run_agent(reqs)
    no_risk = run_agent(reqs, risk=False)
    fixed = run_fixed(reqs)
    audit = agent["desk"].verify(last=10**6)
    shadow = agent["desk"].shadow_report(a.end)
    result = {
        "range": [a.start.isoformat(), a.end.isoformat()], "seed": a.seed, "limits": LIMITS,
        "games": len({r["game_id"] for r in reqs}), "requests": len(reqs),
        "requests_by_flow": {f: sum(r["flow"] == f for r in reqs) for f in ("recreational", "sharp")},
        "agent": _summary(agent, a.end), "agent_without_risk_features": _summary(no_risk, a.end),
        "fixed_rule": _summary(fixed, a.end),
        "calc_audit": {"checked": audit["checked"], "matched": audit["matched"],
                       "matched_pct": round(100 * audit["matched"] / audit["checked"], 2) if audit["checked"] else None,
                       "by_tool": {t: sum(1 for c in audit["calcs"] if c["tool"] == t) for t in
                                   sorted({c["tool"] for c in audit["calcs"]})},
                       "line_counters": {k: audit["line_counters"][k] for k in ("checked", "matched", "mismatched")}},
        "shadow": {k: shadow[k] for k in ("requests", "agree", "discrepancies", "pnl_on_finals")}
        | {"by_kind": [{k: v for k, v in kind.items() if k != "requests"} for kind in shadow["by_kind"]]},
        "model": "offline desk policy (deterministic chat model emitting real tool calls)",
        "seconds": round(time.perf_counter() - t0, 1), "error": None,
    }
    print(json.dumps(result, indent=None if a.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
