"""Shadow mode's discrepancy report (market-maker seed, "Migration Path", Phase 2: "Both flows
run, only old flow returns to user. Compare decisions, log discrepancies").

Every quote records what both engines decided (`record["engines"]`: the agent and the fixed-rule
engine) and which one answered. The report counts the requests where they differ, by kind
("agent accept / rules reject", ...), lists the requests behind each kind, and says what each engine
would have made or lost on them on the real finals: an accept is graded at its terms, a counter at
the counter's terms as if the bettor took it (reported apart: "if taken"), a reject makes 0. Only
games dated on or before `through` count (their finals are known); the rest are listed as open.
"""
from __future__ import annotations

import datetime as dt

from services.league import season_games
from services.markets.settle import payout, settle

ENGINES = ("agent", "rules")


def _terms(engine: str, q: dict) -> dict | None:
    """The bet an engine's decision would have booked (None for a reject)."""
    d = q["record"]["engines"][engine]
    r = q["request"]
    if d["decision"] == "accept":
        return {"market": r["market"], "side": r["side"], "line": r.get("line"), "odds": d["odds"], "amount": d["amount"]}
    if d["decision"] == "counter":
        t = (q["record"].get("engine_counters") or {}).get(engine)
        return dict(t) if t else None
    return None


def desk_pnl(game_id: str, terms: dict | None) -> float:
    """The desk's P&L on the real final for a bet (0 when nothing was booked)."""
    if terms is None:
        return 0.0
    outcome = settle(game_id, terms["market"], terms["side"], terms["line"])
    return -payout(outcome, terms["amount"], terms["odds"])


def report(quotes: list[dict], through: dt.date) -> dict:
    """The discrepancy report over the quotes that ran in shadow mode."""
    shadowed = [q for q in quotes if "engines" in q["record"] and not q["record"].get("parent_quote_id")]
    kinds: dict[str, dict] = {}
    totals = {e: 0.0 for e in ENGINES}
    agree = 0
    for q in shadowed:
        d = {e: q["record"]["engines"][e]["decision"] for e in ENGINES}
        settled = season_games.get_game(q["game_id"]).date <= through
        pnl = {e: round(desk_pnl(q["game_id"], _terms(e, q)), 2) if settled else None for e in ENGINES}
        if settled:
            for e in ENGINES:
                totals[e] += pnl[e]
        if d["agent"] == d["rules"]:
            agree += 1
            continue
        kind = f"agent {d['agent']} / rules {d['rules']}"
        k = kinds.setdefault(kind, {"kind": kind, "count": 0, "settled": 0, "agent_pnl": 0.0, "rules_pnl": 0.0,
                                    "requests": []})
        k["count"] += 1
        if settled:
            k["settled"] += 1
            k["agent_pnl"] = round(k["agent_pnl"] + pnl["agent"], 2)
            k["rules_pnl"] = round(k["rules_pnl"] + pnl["rules"], 2)
        r = q["request"]
        k["requests"].append({"quote_id": q["quote_id"], "game_id": q["game_id"], "at": q["at"],
                              "bet": f"{r['market']} {r['side']} {'' if r.get('line') is None else format(r['line'], '+g')}"
                                     f" at {r['odds']} for {r['amount']:g}".replace("  ", " "),
                              "bettor": r.get("bettor"), "answered_by": q["record"].get("answered_by"),
                              "agent": q["record"]["engines"]["agent"]["reason"],
                              "rules": q["record"]["engines"]["rules"]["reason"],
                              "agent_pnl": pnl["agent"], "rules_pnl": pnl["rules"]})
    return {"through": through.isoformat(), "requests": len(shadowed), "agree": agree,
            "discrepancies": len(shadowed) - agree,
            "by_kind": sorted(kinds.values(), key=lambda k: -k["count"]),
            "pnl_on_finals": {e: round(v, 2) for e, v in totals.items()},
            "counters_graded": "as if the bettor took the counter's terms",
            "answering": sorted({q["record"].get("answered_by") for q in shadowed} - {None})}
