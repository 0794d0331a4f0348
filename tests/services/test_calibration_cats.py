"""The categories season value: categories won per z-score-game measured on the league's finished
weeks (services.optimizer.calibration_cats), the per-game z-sum regressed over a season
(services.league.calibration_value.category_fit), and the z-score scale of the first days of a season.

Box-score lines and games come from the CSV rows here; the league's rosters and matchups, and the
as-of view's per-game values (the z-scale), are the league's facts the product reads.
"""
from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from services.optimizer.calibration_cats import PRIOR, categories_per_value
from services.league.calibration_value import category_fit, prior_shares, season_category_value
from services.league.demo import demo_league
from services.optimizer.season import category_floor
from services.league.scoring import CATEGORIES
from services.league.snapshot import snapshot
from services.store.state import state_store
from services.league.values import category_scale, player_value

AS_OF = dt.date(2025, 1, 8)
STATS = ("pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "fgm", "fga", "ftm", "fta")


def _won(mine: np.ndarray, theirs: np.ndarray) -> float:
    """Nine categories by final totals, a tie half (written out: FG% and FT% from makes/attempts)."""
    i = {s: k for k, s in enumerate(STATS)}
    won = 0.0
    for a, b, lower in [(mine[i[s]], theirs[i[s]], s == "tov") for s in ("pts", "reb", "ast", "stl", "blk", "tov", "fg3m")]:
        a, b = (-a, -b) if lower else (a, b)
        won += 1.0 if a > b else 0.5 if a == b else 0.0
    for m, t in (("fgm", "fga"), ("ftm", "fta")):
        a = mine[i[m]] / mine[i[t]] if mine[i[t]] else 0.0
        b = theirs[i[m]] / theirs[i[t]] if theirs[i[t]] else 0.0
        won += 1.0 if a > b else 0.5 if a == b else 0.0
    return won


def test_categories_won_per_z_score_game_is_measured_on_finished_weeks(csv_facts):
    """Every matchup of the weeks that ended before the as-of date: each day's starters (rostered
    players with a CSV line that day, best per-game value first, up to 10), their real totals and
    z-score-games in the claims' units (the season category value above the season value's floor);
    the slope through the origin of (categories won - 4.5) on the z-score-game difference. Catches
    a rate that reads a week not finished by the as-of date, a fit on bench players' games, and a
    rate measured in the week's category value (a wider spread than the regressed season value the
    claims count: the rate came out lower than a unit of the claims is worth)."""
    from services.league.calibration_value import season_category_floor, season_category_value
    from services.optimizer.season import FLOOR_RANK
    from services.store import db

    lg = demo_league(AS_OF, "categories", store=state_store())
    floor = season_category_floor(lg.snapshot, FLOOR_RANK)
    value = {p: season_category_value(lg.snapshot, p) - floor for p in lg.snapshot.players}
    week_floor = category_floor(lg.snapshot, "categories")
    week_value = {p: player_value(lg.snapshot, ps, "categories") - week_floor for p, ps in lg.snapshot.players.items()}
    xs, ys, ws = [], [], []
    for week, start, end in db.query("SELECT week, start_date, end_date FROM weeks ORDER BY week"):
        if end >= AS_OF:
            continue
        tot = {t: np.zeros(len(STATS)) for t in lg.team_ids}
        z = dict.fromkeys(lg.team_ids, 0.0)
        zw = dict.fromkeys(lg.team_ids, 0.0)
        for n in range((end - start).days + 1):
            day = start + dt.timedelta(days=n)
            rows = csv_facts.day_rows(day)
            for t in lg.team_ids:
                starters = sorted((p for p in lg.roster_on(t, day) if p in rows),
                                  key=lambda p: (-value.get(p, 0.0), p))[:10]
                for p in starters:
                    tot[t] += np.array([float(rows[p][s]) for s in STATS])
                    z[t] += value.get(p, 0.0)
                    zw[t] += week_value.get(p, 0.0)
        for t in lg.team_ids:
            o = lg.opponent_of(t, week)
            xs.append(z[t] - z[o])
            ws.append(zw[t] - zw[o])
            ys.append(_won(tot[t], tot[o]) - 4.5)
    x, y, xw = np.array(xs), np.array(ys), np.array(ws)
    rate, rows = categories_per_value(lg)
    assert rows == len(xs) and rows >= 100
    assert rate == pytest.approx(float(x @ y / (x @ x)), abs=1e-5)
    assert 0.01 < rate < 0.1
    assert rate > 1.1 * float(xw @ y / (xw @ xw))  # a unit of the claims is worth more than a unit of the week's value


def test_without_finished_weeks_the_prior_holds():
    """Oct 30: only week 1 has ended (10 matchups, below the 20 a rate needs)."""
    lg = demo_league(dt.date(2024, 10, 30), "categories", store=state_store())
    rate, rows = categories_per_value(lg)
    assert (rate, rows) == (PRIOR, 10)


def _zsum(scale, games: list[dict], skip=()) -> float:
    """The nine-category z-sum (less the `skip`ped: a punt) of a set of CSV games with the as-of
    view's scale (means and spreads of the reference pool): counting stats per game, FG%/FT% as
    made minus the pool's rate x attempts."""
    n = len(games)
    mean = {s: sum(float(g[s]) for g in games) / n for s in STATS}
    out = 0.0
    for cat, (col, higher) in CATEGORIES.items():
        if cat in skip:
            continue
        if cat == "FG%":
            raw = (mean["fgm"] / mean["fga"] - scale.league_pct["fg"]) * mean["fga"] if mean["fga"] else 0.0
        elif cat == "FT%":
            raw = (mean["ftm"] / mean["fta"] - scale.league_pct["ft"]) * mean["fta"] if mean["fta"] else 0.0
        else:
            raw = mean[col]
        z = (raw - scale.mean[cat]) / scale.sd[cat]
        out += z if higher else -z
    return out


@pytest.mark.parametrize("punt", [(), ("FT%", "TO")])
def test_the_categories_season_value_regresses_like_the_points_one(csv_facts, punt):
    """The fit a + b x z(season) + c x z(last 10) + d x prior (pre-season ownership share) against
    z over [split, as-of), split 2-8 weeks before, 3+ games each side, weighted by the games after:
    recomputed here from the CSV games,
    over the nine categories and over a punt's seven. Catches the week's value kept for the season
    (a hot start valued all season: the categories claims realized a quarter of themselves), a fit
    that reads games on or after the as-of date, and a punt's season value left on the week's."""
    snap = snapshot(AS_OF)
    scale = category_scale(snap)
    cats = tuple(c for c in CATEGORIES if c not in punt) if punt else ()
    priors, rows = prior_shares(), []
    for weeks in range(2, 9):
        split = AS_OF - dt.timedelta(weeks=weeks)
        for pid, games in csv_facts.by_player.items():
            before = [g for g in games if g["game_date"] < split]
            after = [g for g in games if split <= g["game_date"] < AS_OF]
            if len(before) >= 3 and len(after) >= 3:
                rows.append((1.0, _zsum(scale, before, punt), _zsum(scale, before[-10:], punt), priors[pid],
                             _zsum(scale, after, punt), len(after)))
    a = np.array(rows)
    w = np.sqrt(a[:, 5])
    expected = np.linalg.lstsq(a[:, :4] * w[:, None], a[:, 4] * w, rcond=None)[0]
    fit = category_fit(snap, cats)
    assert fit.fitted and fit.rows == len(rows)
    assert [fit.intercept, fit.season, fit.recent, fit.prior] == pytest.approx(expected.tolist(), abs=2e-3)
    assert fit.prior > 0.5  # the pre-season market adds to the box scores
    assert fit.season + fit.recent < 1.0 and fit.rmse < fit.rmse_week_value
    pid = max((p for p in snap.players if len(csv_facts.player_games(p, AS_OF)) >= 20),
              key=lambda p: _zsum(scale, csv_facts.player_games(p, AS_OF), punt))
    games = csv_facts.player_games(pid, AS_OF)
    want = (fit.intercept + fit.season * _zsum(scale, games, punt) + fit.recent * _zsum(scale, games[-10:], punt)
            + fit.prior * priors[pid])
    assert season_category_value(snap, pid, cats) == pytest.approx(want, abs=1e-3)
    assert season_category_value(snap, pid, cats) < player_value(snap, snap.players[pid], "categories", list(cats) or None)


def test_the_first_days_of_a_season_have_a_z_scale(csv_facts):
    """Oct 30: fewer than 156 players have 5 games (CSV), so the reference pool takes players with
    1+; before, it was empty and every "z-score" was a raw stat (Holmgren: 57.3, and a +2,265 season
    claim for him in the categories backtest). His value is now a z-sum within a few units of 0."""
    day = dt.date(2024, 10, 30)
    five = sum(len(csv_facts.player_games(p, day)) >= 5 for p in csv_facts.by_player)
    assert five < 156
    snap = snapshot(day)
    scale = category_scale(snap)
    assert all(scale.sd[c] != 1.0 for c in CATEGORIES)  # measured spreads, not the empty pool's fallback
    holmgren = player_value(snap, snap.players["holmgch01"], "categories")
    assert holmgren == pytest.approx(_zsum(scale, csv_facts.player_games("holmgch01", day)), abs=1e-6)
    assert -10 < holmgren < 15
