"""The IR card audit of bench/backtest.py: the product's IR card for every OUT player on every
roster, not only the few IR moves the strategies made.

The strategies' own IR moves are too few to say whether an IR card's season claim holds (balanced
made 2-4 a scoring, both card strategies 14-19 together, one injury deciding the categories
figure). The audit asks the claim model the question once per OUT player: as of each week's
Wednesday, for every rostered player who is OUT (missed his team's last 3+ games) and not in the
IR slot, the balanced mode's best IR card for him (move him to IR, add the free agent it ranks
first), its season claim on the data's horizon (`horizon_claim`, the one the strategies' rows
carry), and what the same move realized against standing pat, replayed as every IR move is
(`ir_path`: he comes back on his first real game, an OUT teammate takes the slot or the
activation's cut goes). Each card is made alone on the league standing pat (no waiver
competition: the audit measures the claim, not a strategy).

Where the team's IR slot is already taken (the managers IR their own OUT players), the card is the
one the product would show with the slot open (`slot_open` False on the row): the claim model is
the same, and the replay treats the slot as his. `offered` marks the cards the product would offer
(`propose`'s loosest floor: a score above the tie and a week gain above the floor).

    audit_rows(week, lg, inputs, preps, scorer, ir_path, end) -> rows (one per OUT player)
    audit_summary(rows, scoring)                              -> ratios with 95% intervals
"""
from __future__ import annotations

import dataclasses

from backtest_picks import PROTECT_TOP, horizon_claim
from backtest_stats import ratio_interval


def _ir_card(prep, pid: str):
    """The balanced mode's top IR card for roster player `pid` (any score), or None."""
    from services.optimizer.moves import scan_moves

    moves = scan_moves(prep, protect_top=PROTECT_TOP, limit=1, mode="balanced",
                       accept=lambda d, a, k, g, s: k == "ir" and d == pid)
    return moves[0] if moves else None


def audit_rows(week: int, lg, inputs: dict, preps: dict, scorer, ir_path, end) -> list[dict]:
    """One row per OUT rostered player of each team (team order): his IR card's claims and what
    the move realized (`scorer.gains` of `ir_path`), both against standing pat."""
    from services.optimizer import prepare
    from services.optimizer.propose import MIN_GAIN, TIE

    rows = []
    for team in sorted(inputs):
        inp = inputs[team]
        outs = [p.player_id for p in inp.roster if p.status == "OUT"]
        if not outs:
            continue
        floor = min(MIN_GAIN[inp.scoring])
        opened = inp if inp.ir_slots_free > 0 else dataclasses.replace(inp, ir_slots_free=1)
        prep = preps[team] if opened is inp else prepare(opened)
        for pid in outs:
            move = _ir_card(prep, pid)
            if move is None:  # no free agent left to add
                continue
            path, cut, back, to_ir = ir_path(lg.roster_ids(team), pid, move.add_id)
            wk, rs = scorer.gains(team, path)
            rows.append({
                "week": week, "team_id": team, "drop": pid, "add": move.add_id, "slot_open": opened is inp,
                "offered": bool(move.score > TIE and move.gain > floor),
                "week_gain": round(wk, 3), "rest_gain": round(rs, 3),
                "claim_week": round(move.gain, 3), "claim_season": round(move.season_gain or 0.0, 2),
                "claim_horizon": round(horizon_claim(prep, opened, move, end), 2),
                "claim_per_value": opened.season.per_value,
                "claim_return": move.return_date.isoformat() if move.return_date else None,
                "claim_cut": move.cut_id or None,
                "back": back.isoformat() if back else None, "cut": cut, "to_ir": list(to_ir)})
    return rows


def _ratio(rows: list[dict], weeks: list[int], kappa: float) -> dict:
    return ratio_interval([sum(r["rest_gain"] for r in rows if r["week"] == w) for w in weeks],
                          [sum((r["claim_per_value"] or kappa) * r["claim_horizon"] for r in rows if r["week"] == w)
                           for w in weeks], len(rows))


def audit_summary(rows: list[dict], scoring: str, weeks: list[int]) -> dict:
    """Realized / claimed season value of the audited IR cards on the data's horizon (95% block
    bootstrap over weeks): the cards the product would offer, every card, the cards whose team
    really had the slot open, and apart by whether the player came back within the data."""
    from services.optimizer.moves import KAPPA

    kappa = KAPPA.get(scoring, 1.0)
    offered = [r for r in rows if r["offered"]]
    return {
        "what": "the balanced mode's IR card for every OUT rostered player, as of each week's Wednesday, "
                "each made alone on the league standing pat (bench/backtest_ir_audit.py)",
        "players": len(rows), "offered": len(offered),
        "offered_ratio": _ratio(offered, weeks, kappa),
        "all_ratio": _ratio(rows, weeks, kappa),
        "slot_open_ratio": _ratio([r for r in offered if r["slot_open"]], weeks, kappa),
        "back_within_data": _ratio([r for r in offered if r["back"]], weeks, kappa),
        "not_back_within_data": _ratio([r for r in offered if not r["back"]], weeks, kappa),
        "rows": rows,
    }
