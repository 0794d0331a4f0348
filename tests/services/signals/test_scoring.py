"""Divergence, confidence mapping, paper P&L and the scoreboard, checked against values computed
here from games.csv and by hand."""
from __future__ import annotations

import csv
import datetime as dt
import math

import pytest

from services.config import DATA_DIR
from services.signals.divergence import SWEEP, divergence, paper_pnl, signal_confidence
from services.signals.evaluate import evaluate
from services.signals.scoring import brier, log_loss, reliability, scoreboard, skill


@pytest.mark.parametrize("ev,conf", [(0.0, "low"), (0.0799, "low"), (0.08, "medium"), (-0.08, "medium"),
                                     (0.1499, "medium"), (0.15, "high"), (-0.31, "high")])
def test_signal_confidence_mapping(ev, conf):
    assert signal_confidence(ev) == conf


def test_divergence_direction_and_threshold():
    assert divergence(0.62, 0.55).model_dump() == {"ev": 0.07, "direction": "yes", "significant": True, "threshold": 0.05}
    d = divergence(0.40, 0.44)
    assert (d.ev, d.direction, d.significant) == (-0.04, "no", False)
    assert divergence(0.50, 0.45, threshold=0.05).significant  # exactly at the threshold counts
    assert not divergence(0.50, 0.45, threshold=0.06).significant


def test_paper_pnl():
    assert paper_pnl("yes", 0.4, True) == pytest.approx(0.6)
    assert paper_pnl("yes", 0.4, False) == pytest.approx(-0.4)
    assert paper_pnl("no", 0.4, False) == pytest.approx(0.4)  # bought the away side at 0.6
    assert paper_pnl("no", 0.4, True) == pytest.approx(-0.6)


def test_scores_by_hand():
    ps, ys = [0.9, 0.2, 0.6, 0.5], [True, False, False, True]
    assert brier(ps, ys) == pytest.approx((0.01 + 0.04 + 0.36 + 0.25) / 4)
    assert log_loss(ps, ys) == pytest.approx(-(math.log(0.9) + math.log(0.8) + math.log(0.4) + math.log(0.5)) / 4)
    assert skill(0.15, 0.2) == pytest.approx(0.25) and skill(0.25, 0.2) == pytest.approx(-0.25)
    bins = reliability(ps, ys, bins=5)
    assert [(b["lo"], b["n"], b["observed"]) for b in bins] == [(0.2, 1, 0.0), (0.4, 1, 1.0), (0.6, 1, 0.0), (0.8, 1, 1.0)]


def _csv_home_won() -> dict[str, bool]:
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        return {f"{r['game_date']}-{r['away']}-{r['home']}": int(r["home_pts"]) > int(r["away_pts"]) for r in csv.DictReader(f)}


def test_scoreboard_matches_the_csv_finals():
    won = _csv_home_won()
    evals = evaluate(dt.date(2025, 1, 27), dt.date(2025, 1, 28))
    assert [e.game_id for e in evals] == sorted((g for g in won if g[:10] in ("2025-01-27", "2025-01-28")),
                                                key=lambda g: (g[:10], g.split("-")[-1]))
    sb = scoreboard(evals, 0.05)
    est = [e for e in evals if e.estimate is not None]
    ys = [won[e.game_id] for e in est]
    b = sum((e.estimate - y) ** 2 for e, y in zip(est, ys, strict=True)) / len(est)
    bm = sum((e.price - y) ** 2 for e, y in zip(est, ys, strict=True)) / len(est)
    assert sb["estimates"]["brier"] == pytest.approx(b, abs=1e-4)
    assert sb["estimates"]["market_brier"] == pytest.approx(bm, abs=1e-4)
    assert sb["estimates"]["bss_vs_market"] == pytest.approx(1 - b / bm, abs=2e-3)
    sig = [(e, won[e.game_id]) for e in est if abs(e.estimate - e.price) >= 0.05 - 1e-9]
    assert sb["signals"]["n"] == len(sig) > 0
    hits = sum((e.estimate > e.price) == y for e, y in sig)
    assert sb["signals"]["hit_rate"] == pytest.approx(hits / len(sig), abs=1e-4)
    pnl = sum((float(y) - e.price) if e.estimate > e.price else (e.price - float(y)) for e, y in sig)
    assert sb["signals"]["realized_ev"] == pytest.approx(pnl / len(sig), abs=1e-4)
    assert sum(sb["by_confidence"][c]["n"] for c in ("low", "medium", "high")) == len(sig)
    assert sum(b["n"] for b in sb["reliability"]["estimate"]) == len(est)
    counts = [row["n"] for row in sb["sweep"]]
    assert [row["threshold"] for row in sb["sweep"]] == list(SWEEP) and SWEEP[0] == 0.02 and SWEEP[-1] == 0.15
    assert counts == sorted(counts, reverse=True)
    assert counts[3] == sb["signals"]["n"]  # the .05 row is the default threshold's signals


def test_decisions_are_scored_by_status():
    rows = [{"status": "approved", "estimate": 0.7, "price": 0.6, "ev": 0.1, "direction": "yes", "home_won": True},
            {"status": "declined", "estimate": 0.3, "price": 0.45, "ev": -0.15, "direction": "no", "home_won": True}]
    sb = scoreboard([], 0.05, rows)
    assert sb["decisions"]["approved"]["realized_ev"] == pytest.approx(0.4)
    assert sb["decisions"]["declined"]["realized_ev"] == pytest.approx(-0.55)
    assert sb["decisions"]["pending"]["n"] == 0 and sb["estimates"]["n"] == 0
