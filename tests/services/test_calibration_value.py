"""services.league.calibration_value: the season value's per-game points, regressed as a season regresses
(fit on the games before the as-of date; empirical-Bayes shrinkage before there is an outcome).
Every expected number is computed here from the CSV rows (fantasy points by `espn_points`)."""
from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from services.league.calibration_value import horizon_fit, prior_shares, season_per_game
from services.league.demo import demo_league
from services.optimizer.season import season_player
from services.league.snapshot import snapshot
from services.store.state import state_store

AS_OF = dt.date(2025, 1, 29)
OPENING_WEEK = dt.date(2024, 10, 30)  # a week into the season: no split has 2+ weeks of outcome


def _csv_fit(csv_facts, as_of: dt.date) -> np.ndarray:
    """(intercept, season weight, last-10 weight, prior weight): weighted least squares over every
    player-split at 2-8 weeks before `as_of` with 3+ games on each side, outcome his mean in
    [split, as_of); the prior is the pre-season ownership share (the draft's table, fixed before
    opening night: tests/services/test_league.py checks it)."""
    priors = prior_shares()
    rows = []
    for weeks in range(2, 9):
        split = as_of - dt.timedelta(weeks=weeks)
        for pid, games in csv_facts.by_player.items():
            before = [g["fpts"] for g in games if g["game_date"] < split]
            after = [g["fpts"] for g in games if split <= g["game_date"] < as_of]
            if len(before) >= 3 and len(after) >= 3:
                rows.append((1.0, np.mean(before), np.mean(before[-10:]), priors[pid], np.mean(after), len(after)))
    a = np.array(rows)
    w = np.sqrt(a[:, 5])
    return np.linalg.lstsq(a[:, :4] * w[:, None], a[:, 4] * w, rcond=None)[0]


def test_the_fit_is_measured_on_games_before_the_as_of_date(csv_facts):
    """Catches a fit that reads a game on or after the as-of date (the coefficients would move),
    one that keeps the week's half-and-half projection for the season, and splits of other lengths."""
    fit = horizon_fit(snapshot(AS_OF))
    expected = _csv_fit(csv_facts, AS_OF)
    assert fit.fitted
    assert [fit.intercept, fit.season, fit.recent, fit.prior] == pytest.approx(expected.tolist(), abs=1e-3)
    # a season regresses: the last 10 games weigh far less than half, and the level shrinks; the
    # pre-season market still knows something the box scores do not
    assert fit.recent < 0.3 and fit.season + fit.recent < 1.0 and fit.intercept > 0 and fit.prior > 1.0
    assert fit.rmse < fit.rmse_week_projection  # on its own rows, before the as-of date


def test_a_season_claim_values_a_hot_run_as_the_fit_does_not_as_the_week_does(csv_facts):
    """The player whose last 10 games stand furthest above his season mean: his season value is the
    fit applied to his CSV games, well below the week's projection. Catches the old season value
    (the week's projection: half of it the hot run) that balanced's swap claims were built on."""
    lg = demo_league(AS_OF, "points", store=state_store())
    intercept, w_season, w_recent, w_prior = _csv_fit(csv_facts, AS_OF)

    def hot(pid: str) -> float:
        fp = [g["fpts"] for g in csv_facts.player_games(pid, AS_OF)]
        return np.mean(fp[-10:]) - np.mean(fp) if len(fp) >= 20 else -1e9

    pid = max(lg.snapshot.players, key=hot)
    fp = [g["fpts"] for g in csv_facts.player_games(pid, AS_OF)]
    week_projection = 0.5 * np.mean(fp) + 0.5 * np.mean(fp[-10:])
    expected = intercept + w_season * np.mean(fp) + w_recent * np.mean(fp[-10:]) + w_prior * prior_shares()[pid]
    got = season_player(lg, pid, lg.week[2], "points", regressed=True).value
    assert got == pytest.approx(expected, abs=0.05)
    assert got < week_projection - 2.0, (pid, got, week_projection)
    assert lg.snapshot.players[pid].expected_fpts == pytest.approx(week_projection, abs=0.05)  # the week keeps form


def test_before_any_outcome_one_big_night_is_shrunk_towards_what_the_prior_says(csv_facts):
    """A week into the season no split has an outcome: each season mean keeps n / (n + k) of its
    distance from his centre a + d x prior (the players' means on their pre-season ownership share,
    weighted by games), k = game-to-game variance / variance between players around their centres
    (method of moments on the same games; all computed here from the CSV). Catches a 42-point
    single game valued at 42 a game, and a centre that ignores the prior (the population's mean:
    a free agent's first good week read as if the market had rated him like everyone else)."""
    fit = horizon_fit(snapshot(OPENING_WEEK))
    priors = prior_shares()
    by_player = {p: [g["fpts"] for g in csv_facts.player_games(p, OPENING_WEEK)] for p in csv_facts.by_player}
    by_player = {p: fp for p, fp in by_player.items() if fp}
    means = np.array([np.mean(fp) for fp in by_player.values()])
    ns = np.array([len(fp) for fp in by_player.values()])
    shares = np.array([priors.get(p, 0.0) for p in by_player])
    d, a = np.polyfit(shares, means, 1, w=np.sqrt(ns))  # weighted least squares, weights = games
    sigma2 = sum(((np.array(fp) - np.mean(fp)) ** 2).sum() for fp in by_player.values()) / (ns.sum() - len(ns))
    k = sigma2 / ((means - a - d * shares).var(ddof=2) - np.mean(sigma2 / ns))
    assert not fit.fitted
    assert (fit.population_mean, fit.shrink_prior) == (pytest.approx(a, abs=1e-3), pytest.approx(d, abs=1e-3))
    assert d > 5  # the market's favourites score more: the centre moves with the prior
    assert fit.shrink_k == pytest.approx(k, abs=1e-3)
    pid = max(by_player, key=lambda p: by_player[p][0] if len(by_player[p]) == 1 else -1)  # best one-game player
    fp, centre = by_player[pid], a + d * priors.get(pid, 0.0)
    got = fit.per_game(csv_facts.player_games(pid, OPENING_WEEK), priors.get(pid, 0.0))
    assert got == pytest.approx(centre + (1 / (1 + k)) * (fp[0] - centre), abs=0.01)
    assert got < fp[0] - 5


def test_the_prior_corrects_the_free_agents_the_box_scores_over_rate(csv_facts):
    """Out of sample, as of Jan 1: among players under 50% owned before the season (where the free
    agents are), the 15% the fit rates best. Without the prior (the fit on box scores alone, done
    here) they play well below their rating over the games after Jan 1 (a winner's curse: the pickups
    balanced claimed most for); with it (the product's season value) the error is small. Catches a
    season value that drops the prior."""
    day = dt.date(2025, 1, 1)
    snap, priors = snapshot(day), prior_shares()
    rows = []
    for weeks in range(2, 9):
        split = day - dt.timedelta(weeks=weeks)
        for games in csv_facts.by_player.values():
            before = [g["fpts"] for g in games if g["game_date"] < split]
            after = [g["fpts"] for g in games if split <= g["game_date"] < day]
            if len(before) >= 3 and len(after) >= 3:
                rows.append((1.0, np.mean(before), np.mean(before[-10:]), np.mean(after), len(after)))
    a = np.array(rows)
    w = np.sqrt(a[:, 4])
    bare = np.linalg.lstsq(a[:, :3] * w[:, None], a[:, 3] * w, rcond=None)[0]
    cases = []
    for pid, games in csv_facts.by_player.items():
        before = [g["fpts"] for g in games if g["game_date"] < day]
        after = [g["fpts"] for g in games if g["game_date"] >= day]
        if before and len(after) >= 3 and priors[pid] < 0.5:
            plain = bare[0] + bare[1] * np.mean(before) + bare[2] * np.mean(before[-10:])
            cases.append((plain, season_per_game(snap, pid), np.mean(after), len(after)))
    c = np.array(cases)
    top = c[:, 0] > np.quantile(c[:, 0], 0.85)
    bias_bare = np.average(c[top, 0] - c[top, 2], weights=c[top, 3])
    top = c[:, 1] > np.quantile(c[:, 1], 0.85)
    bias_product = np.average(c[top, 1] - c[top, 2], weights=c[top, 3])
    assert bias_bare > 1.0, bias_bare  # the curse is there without the prior
    assert abs(bias_product) < 0.6 and abs(bias_product) < bias_bare - 0.5, (bias_product, bias_bare)


def test_in_the_first_weeks_the_prior_centred_shrinkage_predicts_the_season_better(csv_facts):
    """Out of sample, as of Nov 6 (no fit yet): every player's season value against his fantasy
    points a game over his games from Nov 6 to Feb 7 (the CSV, 5+ games), error weighted by those
    games. The product's shrinkage towards his prior's centre beats the shrinkage towards the
    population's mean computed here (7.30 -> 6.78 on Oct 30, 6.11 -> 5.83 on Nov 6 when measured).
    Catches the first weeks' season value going back to ignoring the prior."""
    day = dt.date(2024, 11, 6)
    snap = snapshot(day)
    assert not horizon_fit(snap).fitted
    before = {p: [g["fpts"] for g in csv_facts.player_games(p, day)] for p in snap.players}
    before = {p: fp for p, fp in before.items() if fp}
    means = np.array([np.mean(fp) for fp in before.values()])
    ns = np.array([len(fp) for fp in before.values()])
    sigma2 = sum(((np.array(fp) - np.mean(fp)) ** 2).sum() for fp in before.values()) / (ns.sum() - len(ns))
    k0, c0 = sigma2 / (means.var(ddof=1) - np.mean(sigma2 / ns)), means.mean()
    err_old, err_new, weight = 0.0, 0.0, 0
    for p, fp in before.items():
        after = [g["fpts"] for g in csv_facts.player_games(p) if g["game_date"] >= day]
        if len(after) < 5:
            continue
        old = c0 + len(fp) / (len(fp) + k0) * (np.mean(fp) - c0)
        err_old += len(after) * (old - np.mean(after)) ** 2
        err_new += len(after) * (season_per_game(snap, p) - np.mean(after)) ** 2
        weight += len(after)
    assert weight > 5000
    assert np.sqrt(err_new / weight) < np.sqrt(err_old / weight) - 0.15, (np.sqrt(err_new / weight), np.sqrt(err_old / weight))
