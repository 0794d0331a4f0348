"""The yield rule's discount grid (bench/backtest_ir_audit.py `yield_discount_grid`, issue #40): the check
docs/season-value.md's rule-choice figures come from, replayed through the product's own predicate
(`propose.keeps_ir_card`). Rows are written here, with the expected answers worked out by hand."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from services.optimizer.propose import keeps_ir_card

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))


def _row(drop: str, as_of: str, soon, ir: float, swap, played: bool, top: bool) -> dict:
    return {"week": int(as_of[5:7]), "team_id": len(drop), "drop": drop, "as_of": as_of, "soon": soon,
            "pre_top": True, "pre_scores": [ir, swap], "plays_within_3_days": played, "top": top}


ROWS = [
    # before Dec 18: A played; kept while 10 x (1 - 0.1 k) > 8.5, i.e. k < 1.5
    _row("a", "2024-12-04", 0.10, 10.0, 8.5, True, True),
    # B stayed out; kept up to k = 4 (10 x 0.8 > 5)
    _row("bb", "2024-12-11", 0.05, 10.0, 5.0, False, True),
    # from Dec 18: C at 25% always yields (p >= 20%); D has no swap in his set, so he stays first
    _row("ccc", "2025-01-08", 0.25, 10.0, 1.0, True, False),
    _row("dddd", "2025-01-15", 0.12, 10.0, None, True, True),
    {"week": 2, "team_id": 9, "drop": "e", "as_of": "2024-12-04", "soon": 0.1, "pre_top": False,
     "pre_scores": None, "plays_within_3_days": True, "top": False},  # not a pre-rule top card: never counted
]


def test_the_grid_chooses_the_smallest_discount_that_clears_the_early_weeks():
    """A (played, p 10%, swap at 85%) stays first through k = 1 and yields from k = 1.5, so 1.5 is the choice;
    B stays at every k; C never (p >= 20%); D always (no swap); the product's k = 1 keeps A, B and D, the
    audit's top cards. Catches a grid that ignores the 20% threshold, picks the largest or the first k, counts
    a card that was not the set's top, or checks the product's discount against the wrong cards."""
    from ir_audit import GRID, yield_discount_grid

    out = yield_discount_grid(ROWS)
    assert out["pre_rule_top_ir_cards"] == 4 and out["chosen"] == 1.5 and out["product"] == 1.0
    assert [g["discount"] for g in out["grid"]] == list(GRID) == [k / 2 for k in range(9)]
    for g in out["grid"]:
        early, late = g["before_split"], g["from_split"]
        assert early["top_ir_cards"] == (2 if g["discount"] < 1.5 else 1)
        assert early["top_played_within_3_days"] == (1 if g["discount"] < 1.5 else 0)
        assert (late["top_ir_cards"], late["top_played_within_3_days"]) == (1, 1)  # D only
    assert out["reproduces_rule"] is True
    moved = [dict(r, top=False) if r["drop"] == "a" else r for r in ROWS]
    assert yield_discount_grid(moved)["reproduces_rule"] is False


@pytest.mark.parametrize("soon,ir,swap,discount,kept", [
    (0.10, 10.0, 8.5, 1.0, True), (0.10, 10.0, 9.0, 1.0, False), (0.19, 10.0, 0.0, 4.0, True),
    (0.20, 10.0, 0.0, 0.0, False), (0.10, 10.0, 9.5, 0.0, True)])
def test_the_predicate_is_the_rule(soon, ir, swap, discount, kept):
    """`keeps_ir_card`: under 20% and the discounted score above the swap's (ties yield). Catches a <= for the
    threshold, a discount applied to the swap, and a tie kept."""
    assert keeps_ir_card(soon, ir, swap, discount) is kept
