"""The categories side of bench/backtest.py: baselines that may use the IR slot, and every
strategy's IR moves and swaps reported apart.

Lineups: `services.optimizer.backtest_categories.CategoryBook` (every morning by category value
against that week's real opponent). Baselines: when a team has an OUT player and an open IR slot,
the heuristic and the naive rule move him to IR (the OUT player lowest by the rule's own measure)
and add the best free agent by that measure, as a manager following the rule would; otherwise
they swap as before. The product's cards (balanced, this_week) could always make IR moves.

    pick_categories(strategy, lg, inputs, prep, taken) -> as backtest_picks.pick_move
    kinds_apart(rows)                                  -> per strategy and kind, with intervals
"""
from __future__ import annotations

from backtest_picks import heuristic_floor, heuristic_key, naive_key, pick_move
from backtest_stats import interval, ratio_interval

KINDS = ("ir", "swap")


def pick_categories(strategy: str, lg, inputs, prep, taken: set[str]):
    """`pick_move`, with the IR slot open to the heuristic and the naive rule."""
    if strategy in ("heuristic", "naive") and inputs.ir_slots_free > 0:
        floor = heuristic_floor(lg, inputs.scoring)
        key = (lambda p: heuristic_key(p, inputs.scoring, floor)) if strategy == "heuristic" else \
            (lambda p: naive_key(lg, p, inputs.scoring))
        outs = [p for p in inputs.roster if p.status == "OUT"]
        pool = [p for p in inputs.free_agents if p.player_id not in taken]
        if outs and pool:
            ir = min(outs, key=lambda p: (key(p), p.player_id))
            add = max(pool, key=lambda p: (key(p), p.player_id))
            return ir.player_id, add.player_id, "ir", None
    return pick_move(strategy, lg, inputs, prep, taken)


def _part(rows: list[dict], weeks: list[int], kind: str | None, key: str) -> list[list[float]]:
    """Per week, each team-week's gain from moves of `kind` (0 for the others: the parts add up)."""
    return [[r[key] if kind is None or r["kind"] == kind else 0.0 for r in rows if r["week"] == w] for w in weeks]


def kinds_apart(rows: dict[str, list[dict]]) -> dict:
    """Every strategy's week and rest-of-data gain per team-week split into IR moves and swaps
    (the two parts add up to the strategy's total), the mean per move of each kind, and balanced
    minus each baseline per kind; 95% block-bootstrap intervals over weeks."""
    weeks = sorted({r["week"] for r in rows["balanced"]})
    out: dict = {"by_kind": {}, "balanced_minus_by_kind": {}}
    for s, rs in rows.items():
        out["by_kind"][s] = {}
        for kind in KINDS:
            moved = [r for r in rs if r["kind"] == kind]
            out["by_kind"][s][kind] = {
                "moves": len(moved),
                "per_team_week": {"week": interval(_part(rs, weeks, kind, "week_gain")),
                                  "rest": interval(_part(rs, weeks, kind, "rest_gain"))},
                "per_move": {"week": interval(_part(moved, weeks, None, "week_gain")),
                             "rest": interval(_part(moved, weeks, None, "rest_gain"))} if moved else None}
    bal = {(r["week"], r["team_id"]): r for r in rows["balanced"]}
    for s, rs in rows.items():
        if s == "balanced":
            continue
        out["balanced_minus_by_kind"][s] = {}
        for kind in KINDS:
            d = []
            for r in rs:
                b = bal[(r["week"], r["team_id"])]
                d.append({"week": r["week"], "kind": None,
                          **{k: (b[k] if b["kind"] == kind else 0.0) - (r[k] if r["kind"] == kind else 0.0)
                             for k in ("week_gain", "rest_gain")}})
            out["balanced_minus_by_kind"][s][kind] = {"week": interval(_part(d, weeks, None, "week_gain")),
                                                      "rest": interval(_part(d, weeks, None, "rest_gain"))}
    claims = out["week_realized_to_claimed"] = {}  # the week's claim (categories won) against the week realized
    for s in [s for s in ("balanced", "this_week") if s in rows]:
        for kind in (*KINDS, "all"):
            moved = [r for r in rows[s] if r["kind"] and (kind == "all" or r["kind"] == kind) and "claim_week" in r]
            claims[kind if s == "balanced" else f"{s}_{kind}"] = ratio_interval(
                [sum(r["week_gain"] for r in moved if r["week"] == w) for w in weeks],
                [sum(r["claim_week"] for r in moved if r["week"] == w) for w in weeks], len(moved))
    return out
