"""Pricing from the real lines and settlement on the real finals, against values computed here
from games.csv (read with csv) and the normal distribution of the standard library."""
from __future__ import annotations

import csv
import statistics
from statistics import NormalDist

import pytest

from services.config import DATA_DIR
from services.markets import pricing
from services.markets.settle import payout, settle


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        out = list(csv.DictReader(f))
    for r in out:
        r["gid"] = f"{r['game_date']}-{r['away']}-{r['home']}"
        r["margin"] = int(r["home_pts"]) - int(r["away_pts"])
        r["points"] = int(r["home_pts"]) + int(r["away_pts"])
        r["home_spread"], r["total"] = float(r["home_spread"]), float(r["total"])
    return out


def test_margin_sd_is_what_the_real_lines_show(rows):
    # margin minus the expected margin (-home_spread), over every game
    resid = [r["margin"] + r["home_spread"] for r in rows]
    assert abs(statistics.pstdev(resid) - pricing.MARGIN_SD) < 0.25
    assert abs(statistics.pstdev([r["points"] - r["total"] for r in rows]) - pricing.TOTAL_SD) < 0.25


@pytest.mark.parametrize("gid", ["2025-01-29-CHI-BOS", "2025-01-29-OKC-GSW", "2024-10-22-MIN-LAL"])
def test_moneyline_no_vig_and_odds_from_the_real_spread(rows, gid):
    r = next(r for r in rows if r["gid"] == gid)
    p_home = NormalDist(0, 13.6).cdf(-r["home_spread"])  # P(margin > 0), margin ~ N(-spread, 13.6)
    assert pricing.home_win_prob(r["home_spread"]) == pytest.approx(p_home, abs=1e-12)
    assert pricing.bet_prob("moneyline", "away", None, r["home_spread"], r["total"]) == pytest.approx(1 - p_home)
    assert pricing.decimal_odds(p_home) == round(1 / (p_home * 1.045), 3)
    # the margin makes the book over-round: implied probabilities sum to 1.045
    s = 1 / pricing.decimal_odds(p_home) + 1 / pricing.decimal_odds(1 - p_home)
    assert s == pytest.approx(1.045, abs=2e-3)


def test_cover_and_over_probabilities_at_other_lines():
    # home -5.5 when the market is -3.5: home must win by 6+, mean margin 3.5
    assert pricing.cover_prob(-3.5, -5.5, "home") == pytest.approx(1 - NormalDist(3.5, 13.6).cdf(5.5))
    # away +5.5 when the market home spread is -3.5: away covers when margin < 5.5
    assert pricing.cover_prob(-3.5, 5.5, "away") == pytest.approx(NormalDist(3.5, 13.6).cdf(5.5))
    assert pricing.cover_prob(-3.5, -3.5, "home") == pytest.approx(0.5)
    assert pricing.over_prob(221.5, 225.5) == pytest.approx(1 - NormalDist(221.5, 17.6).cdf(225.5))
    assert pricing.decimal_odds(0.5) == round(1 / (0.5 * 1.045), 3) == 1.914
    with pytest.raises(ValueError):
        pricing.cover_prob(-3.5, -3.5, "over")


def test_settlement_of_every_game_at_the_real_lines(rows):
    for r in rows:
        m, pts = r["margin"], r["points"]
        assert settle(r["gid"], "moneyline", "home") == ("win" if m > 0 else "loss")
        assert settle(r["gid"], "moneyline", "away") == ("win" if m < 0 else "loss")
        home_cover = m + r["home_spread"]
        assert settle(r["gid"], "spread", "home", r["home_spread"]) == (
            "win" if home_cover > 0 else "loss" if home_cover < 0 else "push")
        assert settle(r["gid"], "spread", "away", -r["home_spread"]) == (
            "win" if home_cover < 0 else "loss" if home_cover > 0 else "push")
        assert settle(r["gid"], "total", "over", r["total"]) == ("win" if pts > r["total"] else "loss")
        assert settle(r["gid"], "total", "under", r["total"]) == ("win" if pts < r["total"] else "loss")


def test_whole_number_lines_push_on_the_real_final(rows):
    r = next(r for r in rows if r["gid"] == "2024-10-22-NYK-BOS")  # 109-132
    assert settle(r["gid"], "spread", "home", -23.0) == "push"
    assert settle(r["gid"], "spread", "away", 23.0) == "push"
    assert settle(r["gid"], "spread", "home", -22.5) == "win"
    assert settle(r["gid"], "total", "over", 241.0) == "push"
    assert settle(r["gid"], "total", "under", 240.5) == "loss"
    assert payout("push", 20, 1.91) == 0.0 and payout("win", 20, 1.91) == 18.2 and payout("loss", 20, 1.91) == -20


def test_bad_bets_are_refused():
    with pytest.raises(ValueError):
        settle("2024-10-22-NYK-BOS", "spread", "home", None)
    with pytest.raises(ValueError):
        settle("2024-10-22-NYK-BOS", "total", "home", 220.5)
    with pytest.raises(KeyError):
        settle("nope", "moneyline", "home")
