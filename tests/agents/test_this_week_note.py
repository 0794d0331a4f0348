""""Optimize for this week" stays balanced and says in one line why a season move ranks first (issue
#36, item 3), in both scorings: the line is there exactly when another card gains more this week, and
its figures are that card's and the top card's. Catches a note missing (the issue's "+0.06 against
+0.25" with nothing said), one shown when the top card is also the week's best, or one naming the
wrong card or figures.
"""
from __future__ import annotations

import pytest


def _gain(x: float, unit: str) -> str:
    return f"{x:+.1f}" if unit == "pts" else f"{x:+.2f}"


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_the_season_first_line_matches_the_cards(make_assistant, scoring):
    a = make_assistant(scoring=scoring)
    r = a.ask("optimize for this week", f"tw-{scoring}")
    cards = r["pending_approvals"]
    assert len(cards) >= 2
    top, best = cards[0], max(cards, key=lambda c: c["expected_gain"])
    said = [ln for ln in r["answer"].splitlines() if "ranks first because balanced advice" in ln]
    if best["expected_gain"] <= top["expected_gain"]:
        assert not said
        return
    [line] = said
    assert f"the card adding {best['add']} gains more this week" in line
    assert (f"({_gain(best['expected_gain'], best['unit'])} {best['unit']} against "
            f"{_gain(top['expected_gain'], top['unit'])} {top['unit']})") in line
    assert f"{top['season_gain']:+}" in line and "only this week matters" in line


def test_a_this_week_ranking_says_why_a_yielded_ir_card_is_not_first(make_assistant):
    """Only this week (categories, Jan 29): the IR card for Jaden Ivey gains more this week than the top
    swap but yields to it (his chance to play within 3 days at or over the rule's 20%): the answer says
    so in one line with both figures and the card's own yield reason. Catches the this-week ranking
    saying nothing (the merged tree of session 16: "+0.21 above +0.22" with no reason, the suite's
    week-2), or a balanced-advice reason given for a this-week request."""
    a = make_assistant(scoring="categories")
    r = a.ask("just need to win this week, what moves?", "tw-yield")
    cards = r["pending_approvals"]
    top, best = cards[0], max(cards, key=lambda c: c["expected_gain"])
    assert best["expected_gain"] > top["expected_gain"] and best["kind"] == "ir"
    yielded = next(x for x in best["reasons"] if "ranks below the best swap" in x)
    [line] = [ln for ln in r["answer"].splitlines() if "ranks first because" in ln]
    assert f"the IR card adding {best['add']} gains more this week" in line and yielded in line
    assert (f"({_gain(best['expected_gain'], 'cats')} cats against {_gain(top['expected_gain'], 'cats')} cats)"
            in line) and f"only if {best['drop']} stays out" in line
    assert "balanced advice" not in line
