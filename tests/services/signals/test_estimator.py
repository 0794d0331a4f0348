"""The transparent estimator: constants are the fit on games before 2024-12-01, blind never reads
the price, anchored starts from it, rest terms follow the schedule in the CSV, schema holds."""
from __future__ import annotations

import datetime as dt
from statistics import NormalDist

import pytest

from services.signals import estimator, fit, market
from services.signals.estimator import COEFS, MARKET_SD, SD, estimate, estimate_confidence, news_points
from services.signals.features import game_features
from services.signals.wire import game_wire

PHI = NormalDist()


def test_constants_are_the_fit_on_games_before_december():
    got = fit.fit()
    assert got["n"] == len(fit.fit_games()) > 200
    assert got["coefs"] == pytest.approx(COEFS, abs=2e-4) and got["sd"] == pytest.approx(SD, abs=2e-3)
    with pytest.raises(ValueError, match="before 2024-12-01"):
        fit.fit(end=dt.date(2025, 1, 1))


def test_fit_window_ends_before_the_scored_window(csv_games):
    games = fit.fit_games()
    assert max(g[:10] for g in games) == "2024-11-30" and min(g[:10] for g in games) >= "2024-11-01"


def test_blind_never_reads_the_price(monkeypatch):
    def no_price(*_a, **_k):
        raise AssertionError("blind mode read the price")

    monkeypatch.setattr(market, "market_price", no_price)
    e = estimate("2025-01-29-OKC-GSW", mode="blind")
    f = game_features("2025-01-29-OKC-GSW")
    margin = COEFS["intercept"] + COEFS["elo_margin"] * f.elo_margin + news_points(f)
    assert e.probability == pytest.approx(PHI.cdf(margin / SD), abs=1e-4)
    assert e.price is None and e.label.startswith("model:")


def test_anchored_starts_from_the_price_and_adds_the_news():
    gid = "2025-01-29-OKC-GSW"
    e = estimate(gid, mode="anchored", price=0.40)
    f = game_features(gid)
    expected = PHI.cdf((MARKET_SD * PHI.inv_cdf(0.40) + news_points(f)) / MARKET_SD)
    assert e.probability == pytest.approx(expected, abs=1e-4) and e.price == 0.40
    assert "market price 0.400" in e.reasoning


def test_back_to_back_term_follows_the_csv_schedule(csv_facts):
    gid = "2025-01-29-OKC-GSW"
    day = dt.date(2025, 1, 29)
    f = game_features(gid)
    b2b = {t: (day - dt.timedelta(days=1)) in csv_facts.team_dates[t] for t in ("GSW", "OKC")}
    dense = {t: sum(1 for d in csv_facts.team_dates[t] if day - dt.timedelta(days=4) <= d < day) >= 3 for t in b2b}
    assert f.b2b_edge == int(b2b["OKC"]) - int(b2b["GSW"])
    assert f.dense_edge == int(dense["OKC"]) - int(dense["GSW"])
    assert news_points(f) == pytest.approx(COEFS["b2b_edge"] * f.b2b_edge + COEFS["dense_edge"] * f.dense_edge
                                           + COEFS["absence_edge"] * f.absence_edge)


def test_schema_and_citations_exist():
    for gid in ("2025-01-29-OKC-GSW", "2025-01-29-CHI-BOS", "2025-01-29-DEN-NYK"):
        e = estimate(gid)
        ids = {i.id for i in game_wire(gid)}
        assert 0 <= e.probability <= 1 and 1 <= len(e.key_factors) <= 5
        assert e.cited_news_ids and set(e.cited_news_ids) <= ids


@pytest.mark.parametrize("points,conf", [(0, "low"), (1.49, "low"), (1.5, "medium"), (-2.9, "medium"),
                                         (3.0, "high"), (-3.6, "high")])
def test_estimate_confidence_by_news_points(points, conf):
    assert estimate_confidence(points) == conf


def test_unknown_mode_is_refused():
    with pytest.raises(ValueError, match="blind or anchored"):
        estimator.estimate("2025-01-29-OKC-GSW", mode="peeking")  # type: ignore[arg-type]
