"""The desk's calculators (hand-computed), the audit's re-computation, settlement P&L on the real
finals, and the exposure limit under 20 concurrent accepts on SQLite and PostgreSQL."""
from __future__ import annotations

import csv
import datetime as dt
import threading

import pytest

from services.config import DATA_DIR
from services.desk import calc
from services.desk.book import DeskBook, LimitBreach
from services.desk.models import DeskLimits

pytest_plugins = ["pg_cluster"]
AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
GAME = "2025-01-29-CHI-BOS"


def test_compare_odds_by_hand():
    out = calc.compare_odds(2.0, 1.9)
    # market implies 1/1.9, the bettor asks 1/2.0: edge = (1/1.9 - 1/2) / (1/1.9) = 1 - 1.9/2 = 5%
    assert out["edge_pct"] == pytest.approx(5.0) and out["favors"] == "bettor"
    assert out["recommendation"] == "counter at market"
    assert calc.compare_odds(1.85, 1.9)["favors"] == "desk"
    assert calc.compare_odds(1.95, 1.9)["recommendation"] == "counter at market"  # 1 - 1.9/1.95 = 2.56%
    assert calc.compare_odds(1.95, 1.9)["edge_pct"] == pytest.approx((1 - 1.9 / 1.95) * 100, abs=1e-4)


def test_recommendation_thresholds():
    assert calc.compare_odds(1.93, 1.9)["recommendation"] == "acceptable"  # 1.55%
    assert calc.compare_odds(1.96, 1.9)["recommendation"] == "counter at market"  # 3.06%
    assert calc.compare_odds(2.05, 1.9)["recommendation"].startswith("reject")  # 7.3%


def test_exposure_impact_by_hand():
    out = calc.compute_exposure_impact(amount=50, odds=1.9, current_side_exposure=100, current_game_exposure=380,
                                       max_per_side=200, max_per_game=400)
    assert out["liability"] == 45.0  # 50 x 0.9
    assert (out["new_side_exposure"], out["new_game_exposure"]) == (145.0, 425.0)
    assert out["within_side_limit"] and not out["within_game_limit"] and not out["can_accept"]
    assert out["max_allowed_amount"] == 22.22  # 20 of game room / 0.9, rounded down to the cent


def test_verify_recomputes_and_catches_a_wrong_output():
    inputs = {"offered_odds": 2.0, "market_odds": 1.9}
    good = calc.compare_odds(**inputs)
    assert calc.verify("compare_odds", inputs, good) == (True, [])
    bad = good | {"edge_pct": 4.0}
    assert calc.verify("compare_odds", inputs, bad) == (False, ["edge_pct"])
    assert calc.verify("nope", inputs, good)[0] is False


def _final(gid: str) -> tuple[int, int]:
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if f"{r['game_date']}-{r['away']}-{r['home']}" == gid:
                return int(r["home_pts"]), int(r["away_pts"])
    raise AssertionError(gid)


def test_settlement_pnl_on_the_real_final(fresh_state):
    book = DeskBook(fresh_state.store)
    lim = DeskLimits()
    home, away = _final(GAME)
    margin = home - away
    book.book_position("q1", GAME, "spread", "home", -(margin - 0.5), 1.9, 10, lim, AT)  # covers by 0.5
    book.book_position("q2", GAME, "spread", "home", float(-margin), 1.9, 10, lim, AT)  # push
    book.book_position("q3", GAME, "total", "over", home + away + 0.5, 2.0, 10, lim, AT)  # loses
    book.book_position("q4", "2025-01-30-ATL-CLE", "moneyline", "home", None, 1.5, 10, lim, AT)  # later day
    done = {p["quote_id"]: p for p in book.settle_through(dt.date(2025, 1, 29))}
    assert set(done) == {"q1", "q2", "q3"}
    assert (done["q1"]["outcome"], done["q1"]["pnl"]) == ("win", -9.0)  # the desk pays 10 x 0.9
    assert (done["q2"]["outcome"], done["q2"]["pnl"]) == ("push", 0.0)
    assert (done["q3"]["outcome"], done["q3"]["pnl"]) == ("loss", 10.0)
    assert book.exposure(GAME)["game_exposure"] == 0  # settled positions are no longer exposure
    assert book.settle_through(dt.date(2025, 1, 29)) == []  # settled once


def test_twenty_concurrent_accepts_never_breach_a_limit(store):
    book = DeskBook(store)
    lim = DeskLimits(max_per_side=100.0, max_per_game=1000.0)
    book.book_position("seed", GAME, "spread", "home", -13.5, 1.9, 10, lim, AT)  # 9.00 already on the side
    barrier, lock, outcomes = threading.Barrier(20), threading.Lock(), []

    def accept(i: int):
        barrier.wait()
        try:
            book.book_position(f"q{i}", GAME, "spread", "home", -13.5, 2.0, 10, lim, AT)  # 10.00 each
            res = "booked"
        except LimitBreach:
            res = "refused"
        with lock:
            outcomes.append(res)

    threads = [threading.Thread(target=accept, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    # 9 + 10k <= 100 -> exactly 9 of the 20 fit
    assert sorted(outcomes) == ["booked"] * 9 + ["refused"] * 11
    exp = book.exposure(GAME, "spread", "home")
    assert exp["side_exposure"] == 99.0 <= lim.max_per_side
    assert len(book.positions(game_id=GAME)) == 10


def test_game_limit_counts_every_side(fresh_state):
    book = DeskBook(fresh_state.store)
    lim = DeskLimits(max_per_side=100.0, max_per_game=30.0)
    book.book_position("a", GAME, "moneyline", "home", None, 2.0, 20, lim, AT)
    with pytest.raises(LimitBreach, match="game limit"):
        book.book_position("b", GAME, "total", "over", 231.5, 2.0, 11, lim, AT)
    book.book_position("c", GAME, "total", "over", 231.5, 2.0, 10, lim, AT)
    assert book.exposure(GAME)["game_exposure"] == 30.0


def test_calc_log_filter_and_mark_verified(fresh_state):
    book = DeskBook(fresh_state.store)
    a = book.log_calc("compare_odds", {"offered_odds": 2.0, "market_odds": 1.9}, calc.compare_odds(2.0, 1.9), "q1", AT)
    book.log_calc("compute_exposure_impact", {"amount": 1}, {"x": 1}, "q2", AT)
    assert [c["calc_id"] for c in book.calcs(tool="compare_odds")] == [a]
    assert book.mark_verified([a], "auditor", AT) == 1
    assert [c["calc_id"] for c in book.calcs(verified=True)] == [a]
    assert [c["quote_id"] for c in book.calcs(verified=False)] == ["q2"]
    assert book.calcs(quote_id="q1")[0]["verified_by"] == "auditor"
