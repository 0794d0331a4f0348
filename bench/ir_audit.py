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

    bench/backtest_ir_audit.py --json   the audit alone (its command: it runs the backtest's weeks), rows left out
    bench/backtest_ir_audit.py --wide   the top-card question on every morning, the rule chosen on the first half
                                        of the dates and reported on the second (bench/ir_timing_wide.py)
"""
from __future__ import annotations

import dataclasses
import datetime as dt

from backtest_picks import PROTECT_TOP, horizon_claim
from backtest_stats import ratio_interval, wilson


def _ir_card(prep, pid: str):
    """The balanced mode's top IR card for roster player `pid` (any score), or None."""
    from services.optimizer.moves import scan_moves

    moves = scan_moves(prep, protect_top=PROTECT_TOP, limit=1, mode="balanced",
                       accept=lambda d, a, k, g, s: k == "ir" and d == pid)
    return moves[0] if moves else None


def _before_yield(cards) -> tuple:
    """(the set's top IR card before the yield rule moved it, the best swap it was weighed against):
    the first card when it is an IR card, or the second when the rule put the best swap above it (its
    last reason the rule's own `yield_text`); (None, None) when the set's top was a swap anyway."""
    from services.optimizer.reasons import yield_text

    if cards and cards[0].kind == "ir":
        return cards[0], next((m for m in cards if m.kind == "swap"), None)
    if (len(cards) > 1 and cards[0].kind == "swap" and cards[1].kind == "ir" and cards[1].returns is not None
            and cards[1].reasons[-1:] == (yield_text(cards[1].returns.soon, cards[1].score, cards[0].score),)):
        return cards[1], cards[0]
    return None, None


def audit_rows(week: int, lg, inputs: dict, preps: dict, scorer, ir_path, end) -> list[dict]:
    """One row per OUT rostered player of each team (team order): his IR card's claims and what
    the move realized (`scorer.gains` of `ir_path`), both against standing pat."""
    from services.optimizer import prepare
    from services.optimizer.propose import MIN_GAIN, TIE

    from services.optimizer.propose import propose_moves

    rows = []
    for team in sorted(inputs):
        inp = inputs[team]
        outs = [p.player_id for p in inp.roster if p.status == "OUT"]
        if not outs:
            continue
        cards = propose_moves(inp, mode="balanced").moves if inp.ir_slots_free > 0 else ()
        top = cards[0].drop_id if cards and cards[0].kind == "ir" else None  # the team's top card is his IR card
        pre, swap = _before_yield(cards)  # for the yield rule's discount grid
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
                "week": week, "as_of": lg.as_of.isoformat(), "team_id": team, "drop": pid, "add": move.add_id, "slot_open": opened is inp,
                "offered": bool(move.score > TIE and move.gain > floor),
                "week_gain": round(wk, 3), "rest_gain": round(rs, 3),
                "claim_week": round(move.gain, 3), "claim_season": round(move.season_gain or 0.0, 2),
                "claim_horizon": round(horizon_claim(prep, opened, move, end), 2),
                "claim_per_value": opened.season.per_value,
                "claim_return": move.return_date.isoformat() if move.return_date else None,
                "claim_cut": move.cut_id or None,
                "back": back.isoformat() if back else None, "cut": cut, "to_ir": list(to_ir),
                "top": pid == top, "soon": move.returns.soon if move.returns else None,
                "pre_top": pre is not None and pid == pre.drop_id,
                "pre_scores": [pre.score, swap.score if swap else None] if pre is not None and pid == pre.drop_id
                else None,
                "plays_within_3_days": bool(back and (back - lg.as_of).days < 3)})
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
        "ir_timing": ir_timing(rows, weeks, kappa),
        "rows": rows,
    }


SPLIT = dt.date(2024, 12, 18)  # the yield rule was read on the weeks before (as durability's strength): after is out of sample


def expected_count(top: list[dict]) -> float:
    """The number of cards whose player plays within 3 days if the return model is calibrated: the sum of
    the cards' own chances (`soon`; a card with no odds counts 0)."""
    return round(sum(r["soon"] or 0.0 for r in top), 3)


def _share(top: list[dict]) -> dict:
    """Top IR cards, those whose player played within 3 days, their share with its Wilson 95% interval,
    the return model's mean chance and the count it expects (the sum of the chances)."""
    n, k = len(top), sum(r["plays_within_3_days"] for r in top)
    return {"top_ir_cards": n, "top_played_within_3_days": k, "share": round(k / n, 3) if n else None,
            "expected": round(sum(r["soon"] or 0.0 for r in top) / n, 3) if n else None,
            "wilson95": wilson(k, n), "expected_count": expected_count(top)}


def ir_timing(rows: list[dict], weeks: list[int], kappa: float) -> dict:
    """Issue #40: of the team's top cards that are IR cards, the share whose player played within 3
    days (he need not have gone to IR), their realized / claimed ratio; and over every offered IR
    card, the return model's mean chance to play within 3 days beside the share that did. Each share has its
    Wilson 95% interval and the count a calibrated model expects (the sum of the cards' chances), so one card
    in six reads as what it is; `judged_dates` the Wednesdays judged."""
    top = [r for r in rows if r.get("top")]
    offered = [r for r in rows if r["offered"] and r.get("soon") is not None]
    soon = [r for r in top if r["plays_within_3_days"]]
    return {
        "top_ir_cards": len(top), "top_played_within_3_days": len(soon),
        "top_share_within_3_days": round(len(soon) / len(top), 3) if top else None,
        "top_ratio": _ratio(top, weeks, kappa), "top_within_3_days_ratio": _ratio(soon, weeks, kappa),
        "top_within_3_days_cards": [{k: r[k] for k in ("week", "team_id", "drop", "add", "soon", "back")} for r in soon],
        "top_expected_within_3_days": round(sum(r["soon"] or 0.0 for r in top) / len(top), 3) if top else None,
        "top_share_wilson95": wilson(len(soon), len(top)), "top_expected_count_within_3_days": expected_count(top),
        "judged_dates": len(weeks),
        "by_period": {name: _share(rs) for name, rs in (
            ("before_split", [r for r in top if r["as_of"] < SPLIT.isoformat()]),
            ("from_split", [r for r in top if r["as_of"] >= SPLIT.isoformat()]))},
        "split": SPLIT.isoformat(),
        "yield_discount_grid": yield_discount_grid(rows),
        "offered_predicted_within_3_days": round(sum(r["soon"] for r in offered) / len(offered), 3) if offered else None,
        "offered_played_within_3_days": round(sum(r["plays_within_3_days"] for r in offered) / len(offered), 3)
        if offered else None,
    }


GRID = tuple(k / 2 for k in range(9))  # the yield rule's discount: 0 (session 14's p-only threshold) to 4


def kept(pre: list[dict], k: float) -> list[dict]:
    """The pre-rule top IR cards a yield discount k keeps on top (`propose.keeps_ir_card`: his chance p, the
    card's and the best swap's scores); a card with no odds or no swap in its set stays."""
    from services.optimizer.propose import keeps_ir_card

    return [r for r in pre if r["soon"] is None or r["pre_scores"][1] is None
            or keeps_ir_card(r["soon"], r["pre_scores"][0], r["pre_scores"][1], k)]


def yield_discount_grid(rows: list[dict]) -> dict:
    """The yield rule's discount chosen on the weeks before SPLIT (docs/season-value.md 2b): for each
    discount k of GRID, the top IR cards the rule would keep (`propose.keeps_ir_card` on each set's
    pre-rule top IR card, its chance p and the best swap's score), before and from SPLIT; `chosen` the
    smallest k keeping no card on a player who played within 3 days before SPLIT; `reproduces_rule`
    whether the product's own discount keeps exactly the cards the audit saw on top; `no_rule` every pre-rule
    top IR card (no yield at all: docs/season-value.md's "no rule" rows)."""
    from services.optimizer.propose import YIELD_DISCOUNT

    pre = [r for r in rows if r.get("pre_top")]
    grid = []
    for k in GRID:
        top = kept(pre, k)
        grid.append({"discount": k, "before_split": _share([r for r in top if r["as_of"] < SPLIT.isoformat()]),
                     "from_split": _share([r for r in top if r["as_of"] >= SPLIT.isoformat()])})
    chosen = next((g["discount"] for g in grid if g["before_split"]["top_played_within_3_days"] == 0), None)
    key = lambda r: (r["week"], r["team_id"], r["drop"])  # noqa: E731
    no_rule = {"what": "every set's top IR card before any yield rule (it never yields): docs/season-value.md's "
                       "'before the rule'", "all": _share(pre),
               "before_split": _share([r for r in pre if r["as_of"] < SPLIT.isoformat()]),
               "from_split": _share([r for r in pre if r["as_of"] >= SPLIT.isoformat()])}
    return {"pre_rule_top_ir_cards": len(pre), "grid": grid, "chosen": chosen, "product": YIELD_DISCOUNT,
            "no_rule": no_rule,
            "reproduces_rule": sorted(map(key, kept(pre, YIELD_DISCOUNT))) == sorted(key(r) for r in rows if r.get("top"))}
