"""The backtest's and the calibration's blocks: the season figure, IR timing, the categories IR cards'
this-week figure, what balanced gives up this week, the return curve and durability."""
from __future__ import annotations

import datetime as dt

from .fmt import ratio_text, interval_text, negated, in_target, run_of, load_text, player_name


def _season_kinds(b: dict) -> tuple:
    p, c = b["points"]["realized_to_claimed"], b["categories"]["realized_to_claimed"]
    return (("points swaps", p["swap"]), ("points IR moves", p["ir"]), ("categories swaps", c["swap"]),
            ("categories IR moves", c["ir"]))


def _season_verdict(kinds) -> str:
    off = [name for name, x in kinds if not in_target(x)[0]]
    wide = [name for name, x in kinds if not in_target(x)[1]]
    verdict = ("target 0.8-1.2 met on every point estimate" if not off else
               "target 0.8-1.2 met on the point estimates but for " + " and ".join(off))
    return verdict + (", and on every interval" if not wide else ", **not on the intervals**" if len(wide) == len(kinds)
                      else ", not on the intervals of " + " and ".join(wide))


def season_detail(saved: dict) -> str:
    b = saved["backtest"]["json"]
    kinds = _season_kinds(b)
    parts = [f"{ratio_text(x)} ({name}" + (f", {x['moves']})" if "IR" in name else ")") for name, x in kinds]
    pa, ca = b["points"]["ir_audit"], b["categories"]["ir_audit"]
    return (f"- How far to trust the season figure (the one league's backtest, 95% intervals, docs/season-value.md, "
            f"run of {run_of(saved, 'backtest')}): balanced's season claims realize, per kind, "
            + ", ".join(parts[:-1]) + f" and {parts[-1]} of themselves: {_season_verdict(kinds)}; pooled over the "
            f"season, not week by week. The IR card of every OUT rostered player (the IR card audit: {pa['players']} "
            f"player-weeks in points, {ca['players']} in categories, each made alone and replayed with his real "
            f"return) realizes {ratio_text(pa['all_ratio'])} (points) and {ratio_text(ca['all_ratio'])} (categories) of its claim.")


def season_short(saved: dict) -> str:
    kinds = _season_kinds(saved["backtest"]["json"])
    return ("Season claims realize " + ", ".join(f"{x['ratio']:.2f} ({n})" for n, x in kinds)
            + f" of themselves: {_season_verdict(kinds)}")


def _timing(saved: dict) -> tuple[dict, dict]:
    b = saved["backtest"]["json"]
    return b["points"]["ir_audit"]["ir_timing"], b["categories"]["ir_audit"]["ir_timing"]


def _share(t: dict) -> str:
    s = f"{t['top_played_within_3_days']} of {t['top_ir_cards']} ({100 * (t['top_share_within_3_days'] or 0):.1f}%)"
    met = t["top_share_within_3_days"] is not None and t["top_share_within_3_days"] <= 0.10
    return (f"**{s}** ({'met' if met else 'not met'}; {_pct(t['top_share_wilson95'])}, the model expecting "
            f"{t['top_expected_count_within_3_days']:.1f})")


def _pct(ci) -> str:
    return "no card" if ci is None else f"95% {100 * ci[0]:.0f}-{100 * ci[1]:.0f}%"


def _count(x: dict) -> str:
    """k of n (share, Wilson interval), the count the model expects, the different players."""
    if not x["top_ir_cards"]:
        return "no top IR card"
    return (f"{x['top_played_within_3_days']} of {x['top_ir_cards']} ({100 * x['share']:.0f}%, {_pct(x['wilson95'])}; "
            f"the model expecting {x['expected_count']:.1f}; {x['distinct_players']} "
            f"player{'s' if x['distinct_players'] != 1 else ''})")


def _wide(saved: dict) -> tuple[dict, dict, dict]:
    j = saved["ir-timing-wide"]["json"]
    return j["points"]["ir_timing_wide"], j["categories"]["ir_timing_wide"], j


def _span(x: dict) -> str:
    a, b = dt.date.fromisoformat(x["from"]), dt.date.fromisoformat(x["to"])
    return f"{a:%b %-d}-{b:%b %-d} ({x['dates']} mornings)"


def wide_detail(saved: dict) -> str:
    """The every-morning audit: the rule chosen on the first half, the share on the held-out second half."""
    p, c, j = _wide(saved)
    streak = lambda w, half, label: next((x for x in w["calibration_by_streak"][half] if x["streak"] == label), None)  # noqa: E731
    cal = []
    for name, w in (("points", p), ("categories", c)):
        for half in ("chosen_on", "reported_on"):
            x = streak(w, half, "6-9")
            if x:
                cal.append(f"{name} {'first' if half == 'chosen_on' else 'second'} half {x['played']} played of "
                           f"{x['cards']} where the model expected {x['expected_count']:.1f}")
    return (f" Every morning (`bench/backtest_ir_audit.py --json --wide`, `ir_timing_wide`, run of "
            f"{run_of(saved, 'ir-timing-wide')}{load_text(saved, 'ir-timing-wide')}, {j['seconds']:.0f} s; the same "
            f"card on consecutive mornings, so the cards are not independent and the intervals are too narrow): "
            f"the discount is chosen on {_span(p['chosen_on'])} and the share reported on {_span(p['reported_on'])}, "
            f"held out. On the first half the product's rule leaves points {_count(p['product_chosen_on'])}, categories "
            f"{_count(c['product_chosen_on'])}; {_choice(p, c)}. Held out, that discount leaves points "
            f"{_count(p['held_out_chosen'])}, categories {_count(c['held_out_chosen'])}; the product's "
            f"({p['product']:g}) points {_count(p['held_out_product'])}, categories **{_count(c['held_out_product'])}**; "
            f"with no rule, points {_count(p['no_rule']['reported_on'])}, categories {_count(c['no_rule']['reported_on'])}. "
            f"{_verdict(p, c)} On 6-9-game streaks, the pre-rule top cards: {'; '.join(cal)} (`calibration_by_streak`; "
            f"the cards the rule keeps are those with a low chance, so a few absences the model gets wrong for the "
            f"rostered players it is asked about are what the rule selects).")


def _met(x: dict, target: float) -> bool:
    return x["share"] is not None and x["share"] <= target


def _choice(p: dict, c: dict) -> str:
    """How the first half chose the discount, per scoring."""
    parts = []
    for name, w in (("points", p), ("categories", c)):
        g = next(x for x in w["grid"] if x["discount"] == w["chosen"])
        parts.append(f"{name} {w['chosen']:g} ({'the smallest reaching' if _met(g['chosen_on'], w['target']) else 'none reaches'} "
                     f"{100 * w['target']:.0f}% there{'' if _met(g['chosen_on'], w['target']) else ', the lowest share'})")
    return "the discount chosen there: " + ", ".join(parts)


def _verdict(p: dict, c: dict) -> str:
    held = {n: _met(w["held_out_product"], w["target"]) for n, w in (("points", p), ("categories", c))}
    met = [n for n, ok in held.items() if ok]
    return (("Held out, the product's rule meets the target in " + " and ".join(met) + "; " if met else
             "Held out, the product's rule meets the target in neither scoring; ")
            + ("the chosen discount is the product's." if p["chosen"] == p["product"] == c["chosen"] else
               "a different discount is chosen on the first half, and the product's stays until the held-out half "
               "shows that one meeting the target with cards to judge."))


def wide_short(saved: dict) -> str:
    p, c, _ = _wide(saved)
    hp, hc = p["held_out_product"], c["held_out_product"]
    return (f"every morning, held out, {_span(p['reported_on'])}: points {hp['top_played_within_3_days']} of "
            f"{hp['top_ir_cards']}, categories **{hc['top_played_within_3_days']} of {hc['top_ir_cards']}** (the model "
            f"expecting {hp['expected_count']:.1f} and {hc['expected_count']:.1f}): "
            + ("met" if _met(hp, p["target"]) and _met(hc, c["target"]) else "not met"))


def _period(t: dict, key: str) -> str:
    x = t["by_period"][key]
    if not x["top_ir_cards"]:
        return "no top IR card"
    return (f"{x['top_played_within_3_days']} of {x['top_ir_cards']} (the model's mean chance "
            f"{100 * x['expected']:.0f}%)")


def ir_timing_detail(saved: dict) -> str:
    p, c = _timing(saved)
    split = dt.date.fromisoformat(p["split"])
    gaps = []
    for name, t in (("points", p), ("categories", c)):
        cards = t.get("top_within_3_days_cards") or []
        if cards:
            who = ", ".join(f"{player_name(x['drop'])} (week {x['week']}, {100 * x['soon']:.0f}%)" for x in cards)
            gaps.append(f"in {name} {who}")
    gap = (" The cards on a player who played: " + "; ".join(gaps) + ".") if gaps else ""
    grid = _grid_text(p, c, split)
    return (f"- IR timing (`bench/backtest_ir_audit.py --json`, `ir_timing`; docs/season-value.md 2b): an OUT "
            f"player's chances to play come from the return model by missed-game streak (calibrated out of sample: "
            f"`bench/returns.py`), and a top IR card yields to the best swap when his chance p to play within 3 days "
            f"is 20%+ or when its score counted only if he stays out (x (1 - p)) falls under the swap's (the p-only "
            f"rule of session 14 left 2 of 8 categories cards on a player about to play). Top IR cards on a player who "
            f"played within 3 days (run of {run_of(saved, 'backtest')}; target 10%): points {_share(p)}, categories "
            f"{_share(c)}; the return model's mean chance for those cards {100 * p['top_expected_within_3_days']:.0f}% "
            f"and {100 * c['top_expected_within_3_days']:.0f}%, so about one card in ten playing soon is what the rule expects, and with "
            f"{c['top_ir_cards']} categories cards one card is {100 / max(1, c['top_ir_cards']):.1f} points of the "
            f"share.{grid} Split at {split:%b %-d}: before, points "
            f"{_period(p, 'before_split')}, categories {_period(c, 'before_split')}; from {split:%b %-d} (out of "
            f"sample), points {_period(p, 'from_split')}, categories {_period(c, 'from_split')}.{gap} Those cards "
            f"realized {ratio_text(p['top_within_3_days_ratio'])} (points) and {ratio_text(c['top_within_3_days_ratio'])} "
            f"(categories) of their claims; all top IR cards realize {ratio_text(p['top_ratio'])} (points) and "
            f"{ratio_text(c['top_ratio'])} (categories) of their season claims. The box scores cannot tell a long injury "
            f"from a short one early, so the rule also demotes IR cards of players who stay out." + wide_detail(saved))


def _grid_text(p: dict, c: dict, split) -> str:
    """What the yield discount grid (0-4) says on the weeks before the split: which discounts leave no top IR
    card on a player who played within 3 days, per scoring (the check the rule was chosen on)."""
    parts = []
    for name, t in (("points", p), ("categories", c)):
        g = t.get("yield_discount_grid")
        if not g:
            return ""
        clear = [x["discount"] for x in g["grid"] if x["before_split"]["top_played_within_3_days"] == 0]
        every = len(clear) == len(g["grid"])
        parts.append(f"{name} {'every discount' if every else 'from ' + format(min(clear), 'g') if clear else 'none'}")
    g = p["yield_discount_grid"]
    lo, hi = g["grid"][0]["discount"], g["grid"][-1]["discount"]
    undecided = all(x.endswith("every discount") for x in parts)
    return (f" The rule's discount is chosen on the weeks before {split:%b %-d}: of {lo:g}-{hi:g} "
            f"(`yield_discount_grid`), those leaving no such card then: {', '.join(parts)}"
            + (f", so those weeks do not choose it and it stays {g['product']:g} (the score where the card holds); "
               "a discount read off the later weeks would be tuned on the weeks it is judged on."
               if undecided else f"; the product's is {g['product']:g}."))


def ir_timing_short(saved: dict) -> str:
    p, c = _timing(saved)
    return (f"IR cards on a player who plays within 3 days (target 10%), each week's Wednesday: points {_share(p)}, "
            f"categories {_share(c)} of the top IR cards; {wide_short(saved)}")


def _week(saved: dict) -> dict:
    return saved["backtest"]["json"]["categories"]["week_realized_to_claimed"]["ir"]


def week_claims_detail(saved: dict) -> str:
    w = _week(saved)
    return (f"- Categories IR cards' this-week figure is **not to be trusted**: balanced's categories IR moves "
            f"realized {w['realized']:+.1f} categories this week against {w['claimed']:+.1f} claimed ({w['moves']} "
            f"moves, run of {run_of(saved, 'backtest')}); the card says so. Their season claims are the ones "
            f"checked above.")


def week_claims_short(saved: dict) -> str:
    w = _week(saved)
    return (f"Categories IR cards' this-week figure is **not to be trusted** ({w['realized']:+.1f} realized against "
            f"{w['claimed']:+.1f} claimed); the card says so")


def _est(x: dict) -> str:
    return "" if x.get("established") else " (**not established**)"


def tradeoff_detail(saved: dict) -> str:
    b = saved["backtest"]["json"]
    p, c = b["points"]["balanced_minus"], b["categories"]["balanced_minus"]
    lose_p, lose_c = negated(p["this_week"]["week"]), negated(c["this_week"]["week"])
    return (f"- Balanced gives up this week for the season (run of {run_of(saved, 'backtest')}): against "
            f"streaming (this-week mode) it loses **{interval_text(lose_p, sign=False)} fantasy points a team-week this "
            f"week**{_est(p['this_week']['week'])} and gains {interval_text(p['this_week']['rest'])}{_est(p['this_week']['rest'])} "
            f"over the rest of the data; over the rest it beats the heuristic by {interval_text(p['heuristic']['rest'])}"
            f"{_est(p['heuristic']['rest'])} and the naive rule by {interval_text(p['naive']['rest'])}{_est(p['naive']['rest'])}. "
            f"In categories (lineups re-set every morning by category value, the IR slot open to every strategy, "
            f"docs/categories-backtest.md) it gives up {interval_text(lose_c, 2, sign=False)} categories this week to streaming"
            f"{_est(c['this_week']['week'])} and beats it by {interval_text(c['this_week']['rest'], 2)}{_est(c['this_week']['rest'])} "
            f"categories per team-week over the rest, the heuristic by {interval_text(c['heuristic']['rest'], 2)}"
            f"{_est(c['heuristic']['rest'])}, the naive rule by {interval_text(c['naive']['rest'], 2)}{_est(c['naive']['rest'])} "
            f"(one league's {b['categories']['team_weeks']} team-weeks).")


def tradeoff_short(saved: dict) -> str:
    p = saved["backtest"]["json"]["points"]["balanced_minus"]["this_week"]
    return (f"Balanced gives up this week for the season: **{-p['week']['mean']:.1f} fantasy points a team-week** "
            f"this week against streaming, {p['rest']['mean']:+.1f} over the rest of the data")


def curve_detail(saved: dict) -> str:
    o = saved["calibration"]["json"]["out_of_sample"]
    cu, du = o["curve"], o["durability"]

    def errs(tiers: list) -> str:
        return " / ".join(f"{t['weighted_error']:.2f}" for t in tiers)

    split = dt.date.fromisoformat(cu["split"])
    return (f"- The availability return curve misses the games played after the week by {errs(cu['tiers'])} points "
            f"(24+ / 12-24 / under 12 minutes, out of sample, pooled over {len(cu['dates'])} dates; target 3); split, "
            f"the dates before {split:%b %-d} miss by {errs(cu['early'])} and the later ones by {errs(cu['late'])} "
            f"(the errors partly cancel when pooled). The next-game rates the week uses miss by at most "
            f"{o['worst_weighted_error']:.1f} points on every date and tier. A healthy player's curve is scaled by "
            f"his own missed games (durability, shrunk to his tier's share with {du['strength']:g} team games, the "
            f"strength chosen on the dates before {split:%b %-d}): on the later dates its Brier score is "
            f"{du['later']['brier_own']:.4f} against {du['later']['brier_tier']:.4f} for the tier's rate alone (log "
            f"loss {du['later']['log_loss_own']:.4f} against {du['later']['log_loss_tier']:.4f}, "
            f"{du['later']['games']:,} player-games): a small gain.")


def curve_short(saved: dict) -> str:
    o = saved["calibration"]["json"]["out_of_sample"]
    worst = max(t["weighted_error"] for t in o["curve"]["tiers"])
    du = o["durability"]["later"]
    return (f"The return curve misses later games by at most {worst:.2f} points a tier (target 3); durability "
            f"improves its Brier score {du['brier_tier']:.4f} -> {du['brier_own']:.4f} out of sample")
