"""The IR-timing figures of issue #40 that say how far a handful of cards can be trusted: each share's Wilson
95% interval, the count the return model expects (the sum of the cards' chances), and the wide audit
(`bench/backtest_ir_audit.py --wide`, bench/ir_timing_wide.py) whose yield rule is chosen on the first half
of the dates and reported on the second. Rows are written here with their answers worked out by hand; the
real-data case is checked against the CSV."""
from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))

from backtest_stats import wilson  # noqa: E402
import ir_timing_wide as wide  # noqa: E402


@pytest.mark.parametrize("k,n,lo,hi", [(1, 6, 0.030, 0.564), (1, 10, 0.018, 0.404), (0, 10, 0.0, 0.278),
                                       (10, 10, 0.722, 1.0), (5, 10, 0.237, 0.763)])
def test_wilson_interval_on_known_counts(k, n, lo, hi):
    """Wilson's interval at 95% (the textbook values: 1 of 6 is 3.0%-56.4%). Catches the Wald interval
    (1 of 6: 0-46.5%, 0 of 10: 0-0), a 90% z (1.645) and a centre left at k/n."""
    assert wilson(k, n) == pytest.approx([lo, hi], abs=0.0015)
    assert wilson(0, 0) is None


def _row(as_of: str, drop: str, soon, ir: float, swap, played: bool, top: bool, team: int = 1) -> dict:
    return {"as_of": as_of, "team_id": team, "drop": drop, "add": "x", "soon": soon, "missed": 4, "streak": "4-5",
            "pre_top": True, "pre_scores": [ir, swap], "top": top, "plays_within_3_days": played}


DATES = [dt.date(2025, 1, d) for d in range(1, 8)]  # 7 mornings: the first 4 choose, the last 3 are held out
ROWS = [
    # chosen half: A played (p 10%, swap 85% of the card: kept while 1 - 0.1k > 0.85, i.e. k < 1.5);
    # B stayed out (kept to k = 4)
    _row("2025-01-01", "a", 0.10, 10.0, 8.5, True, True),
    _row("2025-01-02", "b", 0.05, 10.0, 5.0, False, True),
    _row("2025-01-04", "b", 0.05, 10.0, 5.0, False, True),
    # held out: C played (p 10%, swap 70%: kept while k < 3); D stayed out, no swap in his set (always kept)
    _row("2025-01-05", "c", 0.10, 10.0, 7.0, True, True),
    _row("2025-01-07", "d", 0.15, 10.0, None, False, True, team=2),
]


def test_the_split_never_overlaps_and_covers_every_date():
    """Catches a split that puts the middle date in both halves, or one that drops it."""
    for n in (1, 2, 7, 8, 99):
        ds = [dt.date(2024, 10, 28) + dt.timedelta(days=i) for i in range(n)]
        first, second = wide.split_dates(list(reversed(ds)))
        assert first + second == sorted(ds) and not set(first) & set(second)
        assert len(first) - len(second) in (0, 1)


def test_the_rule_is_chosen_on_the_first_half_and_reported_on_the_second():
    """On the chosen half only A played, and 1.5 is the smallest discount that drops him (share 0 <= 10%):
    chosen 1.5, whatever the held-out half says (it would need 3 to drop C). The held-out figures count only
    C and D (dates Jan 5-7), the chosen-half ones only A and B. Catches a rule chosen on the held-out half
    (3.0) or on both halves pooled (3.0), a reported figure that counts chosen-half cards, and a product
    figure read at the chosen discount."""
    out = wide.wide_summary(ROWS, DATES)
    assert out["chosen_on"] == {"from": "2025-01-01", "to": "2025-01-04", "dates": 4}
    assert out["reported_on"] == {"from": "2025-01-05", "to": "2025-01-07", "dates": 3}
    assert out["chosen_on"]["to"] < out["reported_on"]["from"]
    assert out["chosen"] == 1.5 and out["product"] == 1.0
    held = out["held_out_chosen"]
    assert (held["top_ir_cards"], held["top_played_within_3_days"], held["share"]) == (2, 1, 0.5)
    assert held["wilson95"] == wilson(1, 2) and held["distinct_players"] == 2
    prod = out["product_chosen_on"]
    assert (prod["top_ir_cards"], prod["top_played_within_3_days"]) == (3, 1)  # the product keeps A at k = 1
    assert out["no_rule"]["chosen_on"]["top_ir_cards"] == 3 and out["no_rule"]["reported_on"]["top_ir_cards"] == 2
    assert out["reproduces_rule"] is True  # every row is on top and k = 1 keeps them all
    assert [c["drop"] for c in out["played_within_3_days_cards"]] == ["a", "c"]


def test_the_expected_count_is_the_sum_of_the_cards_chances():
    """The count of cards that play within 3 days if the model is calibrated: on the chosen half at k = 1 the
    cards are A, B, B (0.10 + 0.05 + 0.05 = 0.20); at k = 1.5 A yields (0.10); held out at k = 1, C and D
    (0.10 + 0.15). Catches the mean in place of the sum, a count over the played cards only, and a card
    with no odds counted as 1."""
    out = wide.wide_summary(ROWS, DATES)
    at = {g["discount"]: g for g in out["grid"]}
    assert at[1.0]["chosen_on"]["expected_count"] == pytest.approx(0.20)
    assert at[1.5]["chosen_on"]["expected_count"] == pytest.approx(0.10)
    assert at[1.0]["reported_on"]["expected_count"] == pytest.approx(0.25)
    no_odds = wide.share([_row("2025-01-01", "e", None, 10.0, 1.0, False, True), ROWS[0]])
    assert no_odds["expected_count"] == pytest.approx(0.10)


def test_the_wednesday_audit_reports_the_interval_and_the_expected_count():
    """bench/ir_audit.py's `ir_timing` (the default `--json`): the top cards' Wilson interval, the expected
    count (the sum of `soon` over the top cards) and the judged dates (the weeks passed in), beside its old keys;
    the grid's no-rule row counts every pre-rule top card. Catches an interval over the offered cards, an
    expected count over every audited card, and a no-rule row filtered by the rule."""
    from ir_audit import ir_timing

    def audit(week, as_of, drop, soon, played, top, pre=True, swap=8.5):
        return {"week": week, "as_of": as_of, "team_id": 1, "drop": drop, "add": "x", "offered": True, "soon": soon,
                "top": top, "pre_top": pre, "pre_scores": [10.0, swap] if pre else None,
                "plays_within_3_days": played, "back": as_of if played else None, "rest_gain": 1.0,
                "claim_horizon": 1.0, "claim_per_value": 1.0}

    rows = [audit(2, "2024-11-06", "a", 0.10, True, True), audit(3, "2024-11-13", "b", 0.05, False, True),
            audit(3, "2024-11-13", "c", 0.30, True, False, pre=False),  # not a top card: never counted
            audit(20, "2025-01-22", "d", 0.25, True, False)]  # yielded (p >= 20%): in the no-rule row only
    t = ir_timing(rows, [2, 3, 20], 1.0)
    assert (t["top_ir_cards"], t["top_played_within_3_days"], t["top_share_within_3_days"]) == (2, 1, 0.5)
    assert t["top_share_wilson95"] == wilson(1, 2)
    assert t["top_expected_count_within_3_days"] == pytest.approx(0.15)
    assert t["judged_dates"] == 3
    no_rule = t["yield_discount_grid"]["no_rule"]
    assert (no_rule["all"]["top_ir_cards"], no_rule["all"]["top_played_within_3_days"]) == (3, 2)
    assert no_rule["all"]["expected_count"] == pytest.approx(0.40)
    assert no_rule["from_split"]["top_ir_cards"] == 1


def test_collins_on_jan_22_is_a_wide_card_that_played(csv_facts):
    """The real data: on Jan 22 (categories) John Collins's IR card is his team's top card, and whether he played
    within 3 days is the CSV's (his first game on or after the morning less than 3 days away). Catches a
    window that counts the morning out, or reads the as-of snapshot (no later games)."""
    day = dt.date(2025, 1, 22)
    rows = wide.timing_rows(day, "categories", wide.first_games())
    assert rows, "a team with an OUT player and its IR slot free has a pre-rule top IR card"
    for r in rows:
        first = next((g["game_date"] for g in csv_facts.player_games(r["drop"]) if g["game_date"] >= day), None)
        assert r["plays_within_3_days"] == (first is not None and (first - day).days < 3)
        assert r["missed"] == csv_facts.missed_in_row(r["drop"], day)
    collins = next(r for r in rows if r["drop"] == "collijo01")
    assert collins["top"] and collins["plays_within_3_days"] and 0.05 < collins["soon"] < 0.2


def test_the_return_calibration_per_streak_and_tier_splits_the_halves():
    """bench/returns.py's `by_streak_tier_3_days`: per streak and minutes tier, the mornings before Dec 18 and
    from it apart, the expected count the sum of the chances. Catches a morning on Dec 18 counted before the
    split (or in both halves), the mean in place of the sum, and a tier mixed into another's cell."""
    import returns as bench_returns

    def r(day, tier, p, played, bucket="6-9"):
        return {"as_of": day, "tier": tier, "bucket": bucket, "n_soon": 1, "soon": {2.0: p}, "played_soon": played}

    rows = [r(dt.date(2024, 12, 17), "24+ min", 0.1, True), r(dt.date(2024, 12, 18), "24+ min", 0.2, True),
            r(dt.date(2025, 1, 8), "24+ min", 0.3, False), r(dt.date(2024, 12, 1), "under 12 min", 0.4, True)]
    cells = {(c["streak"], c["tier"]): c for c in bench_returns.by_streak_tier(rows, 2.0)}
    top = cells[("6-9", "24+ min")]
    assert top["before_split"] == {"mornings": 1, "expected": 0.1, "played": 1}
    assert top["from_split"] == {"mornings": 2, "expected": 0.5, "played": 1}
    assert cells[("6-9", "under 12 min")]["before_split"] == {"mornings": 1, "expected": 0.4, "played": 1}
    assert cells[("6-9", "12-24 min")]["before_split"]["mornings"] == 0


def test_the_wide_audit_splits_the_cards_by_an_earlier_long_absence():
    """Issue #40, session 18: the wide audit's JSON says, per half, how the pre-rule top cards on players with an
    earlier absence of 6+ games ("long before") and without one ("none") compare with the model's expected
    count, and what the cards' chances come from (the return model's streak factors). Rows by hand: on the
    chosen half A (no long history, p 0.10, played) and B twice (an 8-game absence before, p 0.05, stayed out);
    held out C (5 games before: "none") and D (6: "long before"). Catches a history read off the current
    streak, the 6-game edge on the wrong side, a held-out card counted on the chosen half, and the mean in place
    of the sum."""
    rows = [dict(r, longest_before=n) for r, n in zip(ROWS, (0, 8, 8, 5, 6), strict=True)]
    out = wide.wide_summary(rows, DATES)
    by = {half: {c["history"]: c for c in out["calibration_by_history"][half]} for half in ("chosen_on", "reported_on")}
    assert by["chosen_on"]["none"] == {"history": "none", "cards": 1, "expected_count": 0.1, "played": 1}
    assert by["chosen_on"]["long before"] == {"history": "long before", "cards": 2, "expected_count": 0.1, "played": 0}
    assert by["reported_on"]["none"]["cards"] == 1 and by["reported_on"]["none"]["played"] == 1
    assert by["reported_on"]["long before"] == {"history": "long before", "cards": 1, "expected_count": 0.15,
                                                "played": 0}
    from services.league import returns as rt

    assert out["return_model"]["factor_prior"] == rt.FACTOR_PRIOR
    assert out["return_model"]["factor_streaks"] == ["1", "2", "3-5", "6+"]
    assert [c["longest_before"] for c in out["played_within_3_days_cards"]] == [0, 5]
