"""Confidence from measured hit rates and the absence signal (issue #41).

Broken versions caught: labels by the size of |ev| whatever the band has done (today's
`signal_confidence`); a label shown where the pod's skill is negative; an absence term fit at 0.0
(today's `value_edge` weight) or counting players who are not rotation players or who sat one
night; the scoreboard without skill with and without absences or without the table per band.
"""
from __future__ import annotations

import datetime as dt
from statistics import NormalDist

import pytest

from services.signals import reliability as R
from services.signals.estimator import COEFS, SD, estimate
from services.signals.evaluate import evaluate
from services.signals.features import game_features
from services.signals.scoring import scoreboard


def _rows(n_hit: int, n_miss: int, price: float, ev: float) -> list[dict]:
    return ([{"price": price, "ev": ev, "direction": "yes", "home_won": True}] * n_hit
            + [{"price": price, "ev": ev, "direction": "yes", "home_won": False}] * n_miss)


def test_band_table_by_hand():
    rows = _rows(30, 10, 0.5, 0.2) + _rows(6, 6, 0.5, 0.1) + _rows(3, 9, 0.5, 0.06)
    t = R.band_table(rows)
    high, medium, low = t["high"], t["medium"], t["low"]
    assert (high["n"], high["hit_rate"], high["break_even"], high["realized_ev"]) == (40, 0.75, 0.5, 0.25)
    # Wilson 30/40: centre (p + z^2/2n) / (1 + z^2/n)
    z = 1.959964
    mid = (0.75 + z * z / 80) / (1 + z * z / 40)
    half = z * (0.75 * 0.25 / 40 + z * z / 6400) ** 0.5 / (1 + z * z / 40)
    assert high["hit_ci95"] == pytest.approx([mid - half, mid + half], abs=1e-4)
    assert high["measured_confidence"] == "high"  # the interval clears the 0.5 break-even
    assert medium["hit_rate"] == 0.5 and medium["measured_confidence"] == "low"  # at break-even: no edge
    assert low["realized_ev"] == pytest.approx(-0.25) and low["measured_confidence"] == "low"
    few = R.band_table(_rows(5, 0, 0.5, 0.2))["high"]
    assert few["n"] == 5 and few["measured_confidence"] is None  # under MIN_SIGNALS: no label


def test_labels_follow_the_measured_skill_and_band():
    """Negative skill -> "no established edge" whatever the band did; positive skill -> the band's
    measured label; a band at or under break-even -> no established edge."""
    table = R.band_table(_rows(30, 10, 0.5, 0.2) + _rows(6, 6, 0.5, 0.1))
    assert R.label(0.2, -0.01, table) == R.NO_EDGE
    assert R.label(0.2, 0.02, table) == "high confidence (measured)"
    assert R.label(-0.1, 0.02, table) == R.NO_EDGE
    assert R.label(0.2, None, None) == R.NOT_MEASURED
    assert not any(word in R.label(0.3, -0.2, table) for word in ("high", "medium", "low"))


def test_absent_rotation_players_from_the_box_scores(csv_facts):
    """GSW on 2025-01-29: the players averaging 20+ minutes with 5+ games for GSW, whose last game
    was for GSW and who missed its last 2 to 15 games, by hand from player_games.csv."""
    day = dt.date(2025, 1, 29)
    f = game_features("2025-01-29-OKC-GSW")
    for team, rep in (("GSW", f.home), ("OKC", f.away)):
        want = set()
        for pid in csv_facts.by_player:
            rows = csv_facts.player_games(pid, day)
            if not rows or rows[-1]["team"] != team or sum(r["team"] == team for r in rows) < 5:
                continue
            mins = sum(float(r["min"]) for r in rows) / len(rows)
            if mins >= 20 and 2 <= csv_facts.missed_in_row(pid, day) <= 15:
                want.add(pid)
        assert {p.ref.player_id for p in rep.absent} == want
    assert f.home.absent  # GSW was missing rotation players that day
    assert COEFS["absence_edge"] > 0.5  # fit on November: the absence signal carries weight


def test_estimate_with_and_without_absences():
    gid = "2025-01-29-OKC-GSW"
    e, f = estimate(gid), game_features(gid)
    base = COEFS["intercept"] + COEFS["elo_margin"] * f.elo_margin
    rest = COEFS["b2b_edge"] * f.b2b_edge + COEFS["dense_edge"] * f.dense_edge
    absent = COEFS["absence_edge"] * (f.away.rotation_missing - f.home.rotation_missing)
    phi = NormalDist().cdf
    assert e.probability == pytest.approx(phi((base + rest + absent) / SD), abs=1e-4)
    assert e.probability_without_absences == pytest.approx(phi((base + rest) / SD), abs=1e-4)
    assert e.absence_points == pytest.approx(absent, abs=0.01) and absent != 0


def test_scoreboard_has_skill_with_and_without_absences_and_a_table_per_band():
    evals = evaluate(dt.date(2025, 1, 27), dt.date(2025, 1, 28))
    board = scoreboard(evals, 0.05)
    est = [e for e in evals if e.estimate is not None]
    ys = [float(e.home_won) for e in est]
    def b(ps):
        return sum((p - y) ** 2 for p, y in zip(ps, ys, strict=True)) / len(ys)
    ab = board["absences"]
    assert ab["with"]["brier"] == pytest.approx(b([e.estimate for e in est]), abs=1e-4)
    assert ab["without"]["brier"] == pytest.approx(b([e.estimate_without_absences for e in est]), abs=1e-4)
    assert ab["with"]["brier"] != ab["without"]["brier"] and ab["games_with_an_absence"] > 0
    diff = ab["with"]["brier_minus_market"]
    assert diff["mean"] == pytest.approx(ab["with"]["brier"] - ab["with"]["market_brier"], abs=1e-4)
    sig = [e for e in est if e.signal_at(0.05)]
    bands = board["reliability_by_band"]
    assert sum(v["n"] for v in bands.values()) == len(sig)
    for name, v in bands.items():
        mine = [e for e in sig if R.band_of(e.ev) == name]
        hits = sum((e.direction == "yes") == e.home_won for e in mine)
        assert v["n"] == len(mine) and (not mine or v["hit_rate"] == pytest.approx(hits / len(mine), abs=1e-4))
