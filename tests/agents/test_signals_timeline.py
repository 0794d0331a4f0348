"""The event pod's assessEventTimeline node (event-pod.md, Event Pod Tools: "`assessEventTimeline` |
`{ endDate: string }` | `{ daysRemaining: number, urgency: string }` | Time until resolution") and
the mandate line it serves: "Consider the market's end date - news impact decays as resolution
approaches" (the estimate's news term and the signal threshold depend on the band), and the
scoreboard's skill per urgency band (issue #23 item 4).
"""
from __future__ import annotations

import datetime as dt

import pytest

from agents.signals.runner import SignalsPod
from services.league import season_games as sg
from services.signals import estimator, timeline
from services.signals.evaluate import evaluate_game
from services.signals.scoring import by_urgency

UTC = dt.timezone.utc
GAME = "2025-01-29-CHI-BOS"


@pytest.mark.parametrize("hours, band", [(30, "early"), (24, "early"), (23.9, "day_of"), (7, "day_of"),
                                         (3, "day_of"), (2.5, "imminent"), (0.1, "imminent"), (0, "closed"),
                                         (-2, "closed")])
def test_timeline_bands_by_hours_to_tip(hours, band):
    """Seed: assessEventTimeline returns `{ daysRemaining, urgency }`. Catches an off-by-one band edge."""
    tip = dt.datetime(2025, 1, 30, 0, tzinfo=UTC)
    tl = timeline.assess_timeline(tip - dt.timedelta(hours=hours), tip)
    assert tl.urgency == band and tl.days_remaining == pytest.approx(hours / 24, abs=1e-3)
    with pytest.raises(ValueError):
        timeline.assess_timeline(tip.replace(tzinfo=None), tip)


def test_the_news_term_decays_near_tip_and_the_threshold_rises():
    """Seed: "news impact decays as resolution approaches". The same game's news points (its features
    are fixed before its date) are halved under 3 h to tip; the band adds .03 to the threshold.
    Catches: a timeline that is reported and changes nothing."""
    gid = "2025-01-29-OKC-GSW"  # GSW on a back-to-back: the news term is not 0
    g = sg.get_game(gid)
    day_of = estimator.estimate(gid, g.tip - dt.timedelta(hours=7), "blind")
    late = estimator.estimate(gid, g.tip - dt.timedelta(hours=1), "blind")
    full = estimator.news_points(estimator.game_features(gid))
    assert day_of.news_points == pytest.approx(round(full, 2)) and day_of.urgency == "day_of"
    assert late.news_points == pytest.approx(round(full * 0.5, 2)) and late.urgency == "imminent"
    assert full != 0
    e = evaluate_game(gid, "blind", hours_before_tip=1)
    assert e.urgency == "imminent" and e.threshold_add == 0.03
    assert e.signal_at(0.05) == (abs(e.ev) >= 0.08 - 1e-12)


@pytest.fixture(scope="module")
def pod():
    from agents.offline.signals_model import OfflineSignalsModel

    return SignalsPod(model=OfflineSignalsModel(), provider="offline", threshold=0.05)


def test_the_graph_assesses_the_timeline_first_and_stops_once_the_game_started(pod, fresh_state):
    """Seed: the pod's tools include assessEventTimeline; a started game is not traded. Catches: the
    node missing from the path, or news fetched for a game already under way."""
    g = sg.get_game(GAME)
    late = pod.run_game(GAME, "blind", at=g.tip - dt.timedelta(hours=1))
    assert late.path[:2] == ["assess_event_timeline", "fetch_news"]
    assert late.timeline["urgency"] == "imminent" and late.timeline["hours_to_tip"] == 1.0
    if late.divergence:
        assert late.divergence["threshold"] == pytest.approx(0.08)
    started = pod.run_game(GAME, "blind", at=g.tip + dt.timedelta(hours=1))
    assert started.path == ["assess_event_timeline"] and started.exit == "closed" and started.news_count == 0


def test_scoreboard_reports_skill_per_urgency_band():
    """Issue #23: "The scoreboard reports skill per urgency band." Three decision times of the same
    games land in three bands; each band's signal count is recomputed here from the evals with its
    own threshold. Catches: bands pooled, or the band's threshold ignored."""
    games = [g.game_id for g in sg.schedule(dt.date(2025, 1, 28), dt.date(2025, 1, 29))]
    evals = [evaluate_game(gid, "blind", hours_before_tip=h) for gid in games for h in (30, 7, 1)]
    board = by_urgency(evals, 0.05)
    assert set(board) == {"early", "day_of", "imminent"}
    for band, add in (("early", 0.0), ("day_of", 0.0), ("imminent", 0.03)):
        mine = [e for e in evals if e.urgency == band and e.estimate is not None]
        assert board[band]["estimates"]["n"] == len(mine) > 0
        assert board[band]["signals"]["n"] == sum(abs(e.ev) >= 0.05 + add - 1e-12 for e in mine)
        assert board[band]["threshold"] == pytest.approx(0.05 + add)


def test_score_with_bands_reports_all_three_bands(pod, fresh_state):
    """Issue #23: "The scoreboard reports skill per urgency band", through the pod's scoreboard
    (`signals score --bands`): one day's games decided in each band, counted per band. Catches: a
    scoreboard whose by_urgency only ever holds the decision time's band."""
    day = dt.date(2025, 1, 28)
    board = pod.score(day, day, "blind", bands=True)
    n = len(sg.schedule(day, day))
    assert set(board["by_urgency"]) == {"early", "day_of", "imminent"}
    assert all(b["estimates"]["n"] <= n for b in board["by_urgency"].values())
    assert board["by_urgency"]["day_of"]["estimates"]["n"] == board["estimates"]["n"]
    plain = pod.score(day, day, "blind")
    assert set(plain["by_urgency"]) == {"day_of"}
