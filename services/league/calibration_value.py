"""Per-game fantasy points over a long horizon, fitted on the games before the as-of date.

The week's projection (half the season mean, half the last 10 games: `snapshot.expectation`)
follows form, and over a week form matters. Over the rest of a season it regresses: a player
picked up on a hot run and one dropped in a dip both drift back towards their season level, and
a short season mean drifts towards the population's. A season claim built on the week's
projection rewards exactly those players (the moves are chosen where the projections differ most:
a winner's curse; docs/season-value.md). So the season value's per-game points are

    a + b x season mean + c x mean of the last 10 games + d x pre-season prior,

(the prior: ESPN's pre-season ownership share, 0-1, `season_priors`, known before opening night), a
least-squares fit on the as-of view alone: at each split date D' = as-of minus 2 to 8 weeks,
every player with MIN_BEFORE+ games before D' and MIN_AFTER+ games in [D', as-of) is a row (his
means before D' against his mean over [D', as-of), weighted by those games). Before there are
MIN_ROWS such rows (the first weeks of a season) there is no outcome to fit on, and the season
mean is shrunk by empirical Bayes instead: n / (n + k) of his deviation from his centre, a + d x
prior (the players' means on their prior, weighted by games), k = game-to-game variance / variance
between players around their centres (both measured on the same games), so one 42-point night is
not a 42-point player, and a free agent's first good week is read against what the market thought
of him.

Why the prior: the free agents whose box scores look best are, more than others, players the
pre-season market rated low, and the box scores alone over-rated exactly them (out of sample, the
top 15% of predicted players among those under 50% owned played 1.2-1.8 points a game below the
fit on three of four dates, Dec 4 - Jan 1; with the prior 0.0-0.6 below, and the error over every
player 5.66 -> 5.63 points a game, pooled over Dec 4 - Jan 15: docs/season-value.md 1b).

    fit = horizon_fit(snapshot)                 # cached per snapshot
    fit.per_game(player_state.games, prior)     # expected fantasy points per game over the season
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

import numpy as np
from pydantic import BaseModel

SPLIT_WEEKS = (2, 3, 4, 5, 6, 7, 8)  # D' = as-of minus these weeks: outcomes of 2+ weeks
MIN_BEFORE, MIN_AFTER = 3, 3
MIN_ROWS = 200
RECENT = 10  # snapshot.RECENT_WINDOW: the same recent window the week's projection uses


class HorizonFit(BaseModel):
    as_of: dt.date
    fitted: bool  # False: too few rows before the as-of date; the empirical-Bayes shrinkage instead
    population_mean: float = 0.0  # the shrinkage's centre: population_mean + shrink_prior x his prior
    shrink_prior: float = 0.0
    shrink_k: float = 0.0  # its k: a player with n games keeps n / (n + k) of his deviation
    intercept: float = 0.0
    season: float = 0.5  # weight of the season mean
    recent: float = 0.5  # weight of the mean of the last RECENT games
    prior: float = 0.0  # weight of the pre-season prior (ownership share, 0-1)
    rows: int = 0  # player-splits in the fit
    rmse: float | None = None  # of the fit, per game, on its rows
    rmse_week_projection: float | None = None  # of the half-and-half projection on the same rows

    def per_game(self, games: list[dict], prior: float = 0.0) -> float:
        """Expected fantasy points per game over a long horizon from his games before the as-of and
        his pre-season prior (ownership share, 0-1)."""
        if not games:
            return 0.0
        fp = [float(g["fpts"]) for g in games]
        season, recent = sum(fp) / len(fp), sum(fp[-RECENT:]) / len(fp[-RECENT:])
        if not self.fitted:
            n, centre = len(fp), self.population_mean + self.shrink_prior * prior
            return max(0.0, centre + n / (n + self.shrink_k) * (season - centre))
        return max(0.0, self.intercept + self.season * season + self.recent * recent + self.prior * prior)


def _shrinkage(games_by_player: dict[str, list[dict]], priors: dict[str, float]) -> tuple[float, float, float]:
    """(a, d, k) of the empirical-Bayes shrinkage of season means (method of moments): each mean
    moves towards his centre a + d x prior (a games-weighted line of the players' means on their
    pre-season prior) and keeps n / (n + k) of its distance from it, k = game-to-game variance /
    the variance between players around their centres. Centred on the population's mean instead
    (d = 0, before session 12), the free agents with a good first week kept most of it: out of
    sample (to Feb 7) every player's error was 7.30 / 6.11 points a game on Oct 30 / Nov 6, with
    the prior's centre 6.78 / 5.83 (docs/season-value.md 1b)."""
    means, ns, shares, within, dof = [], [], [], 0.0, 0
    for pid, games in games_by_player.items():
        fp = np.array([float(g["fpts"]) for g in games])
        if len(fp):
            means.append(fp.mean())
            ns.append(len(fp))
            shares.append(priors.get(pid, 0.0))
            within, dof = within + float(((fp - fp.mean()) ** 2).sum()), dof + len(fp) - 1
    if len(means) < 3 or not dof:
        return (float(np.mean(means)) if means else 0.0), 0.0, 1e9  # nothing to measure: everyone at the mean
    means_a, ns_a = np.array(means), np.array(ns)
    x, w = np.c_[np.ones(len(means)), shares], np.sqrt(ns_a)
    a, d = np.linalg.lstsq(x * w[:, None], means_a * w, rcond=None)[0]
    sigma2 = within / dof
    tau2 = max(float((means_a - x @ (a, d)).var(ddof=2) - np.mean(sigma2 / ns_a)), 1e-6)
    return float(a), float(d), sigma2 / tau2


def _rows(games_by_player: dict[str, list[dict]], as_of: dt.date, priors: dict[str, float]) -> np.ndarray:
    """(season mean, recent mean, outcome mean, games after, prior) per player-split."""
    out = []
    for weeks in SPLIT_WEEKS:
        split = as_of - dt.timedelta(weeks=weeks)
        for pid, games in games_by_player.items():
            before = [float(g["fpts"]) for g in games if g["game_date"] < split]
            after = [float(g["fpts"]) for g in games if split <= g["game_date"] < as_of]
            if len(before) >= MIN_BEFORE and len(after) >= MIN_AFTER:
                out.append((sum(before) / len(before), sum(before[-RECENT:]) / len(before[-RECENT:]),
                            sum(after) / len(after), len(after), priors.get(pid, 0.0)))
    return np.array(out).reshape(-1, 5)


def fit_horizon(games_by_player: dict[str, list[dict]], as_of: dt.date, priors: dict[str, float]) -> HorizonFit:
    """The fit from the games before `as_of` (each player's games oldest first) and each player's
    pre-season prior (ownership share, 0-1)."""
    rows = _rows(games_by_player, as_of, priors)
    if len(rows) < MIN_ROWS:
        mean, slope, k = _shrinkage(games_by_player, priors)
        return HorizonFit(as_of=as_of, fitted=False, rows=len(rows), population_mean=round(mean, 4),
                          shrink_prior=round(slope, 4), shrink_k=round(k, 4))
    x = np.c_[np.ones(len(rows)), rows[:, :2], rows[:, 4]]
    y, w = rows[:, 2], np.sqrt(rows[:, 3])
    coef = np.linalg.lstsq(x * w[:, None], y * w, rcond=None)[0]

    def rmse(pred: np.ndarray) -> float:
        return round(float(np.sqrt(np.average((pred - y) ** 2, weights=rows[:, 3]))), 3)

    return HorizonFit(as_of=as_of, fitted=True, intercept=round(float(coef[0]), 4), season=round(float(coef[1]), 4),
                      recent=round(float(coef[2]), 4), prior=round(float(coef[3]), 4), rows=len(rows), rmse=rmse(x @ coef),
                      rmse_week_projection=rmse(0.5 * rows[:, 0] + 0.5 * rows[:, 1]))


_PRIORS: dict[str, dict[str, float]] = {}  # database key -> priors


def prior_shares(snap=None) -> dict[str, float]:
    """Each player's pre-season prior as an ownership share (0-1), from the `season_priors` of
    the snapshot's database (default: the demo's): the demo's is ESPN's 2022-23 ownership or the
    documented replacement prior (`services.league.preseason`), fixed before opening night; an
    ESPN league's is ESPN's ownership of each player (services/espn/history.py)."""
    from services.store import db

    database = snap.db if snap is not None else db.DEMO
    key = database.key
    if key not in _PRIORS:
        if len(_PRIORS) >= 8:
            _PRIORS.pop(next(iter(_PRIORS)))
        _PRIORS[key] = {pid: float(score) / 100.0
                        for pid, score in database.query("SELECT player_id, score FROM season_priors")}
    return _PRIORS[key]


@lru_cache(maxsize=64)
def horizon_fit(snap) -> HorizonFit:
    """The fit of one as-of view (its players' games are the games before its as-of date)."""
    return fit_horizon({pid: ps.games for pid, ps in snap.players.items()}, snap.as_of, prior_shares(snap))


def season_per_game(snap, pid: str) -> float:
    """His per-game fantasy points over the rest of the season."""
    return horizon_fit(snap).per_game(snap.players[pid].games, prior_shares(snap).get(pid, 0.0))


# --- categories: the same regression of the per-game nine-category z-sum -------------------------
# The categories season value read the week's projection (`values.player_value`); over a season it
# regresses the same way (its claims realized a quarter of themselves: docs/season-value.md). The
# z-sum of a set of games uses the as-of view's category scale (`values.category_scale`), so the
# regressed value is in the units the week's value is.

class CategoryFit(BaseModel):
    as_of: dt.date
    fitted: bool  # False: too few rows; the empirical-Bayes shrinkage of the season z-sum instead
    population_mean: float = 0.0
    shrink_prior: float = 0.0  # as HorizonFit's: the centre is population_mean + shrink_prior x prior
    shrink_k: float = 0.0
    intercept: float = 0.0
    season: float = 1.0
    recent: float = 0.0
    prior: float = 0.0  # weight of the pre-season prior (ownership share, 0-1), as in the points fit
    rows: int = 0
    rmse: float | None = None
    rmse_week_value: float | None = None  # of the week's value (z of half season, half last 10) on the same rows


class _Means:
    """A stand-in with `.expected`: what `values.CategoryScale.z` reads."""

    def __init__(self, games: list[dict]):
        from services.league.snapshot import averages

        self.expected = averages(games)


def _zsum(scale, games: list[dict], cats: tuple[str, ...] = ()) -> float:
    """The z-sum of the games' averages over `cats` (all nine when empty: a punt leaves some out)."""
    from services.league.scoring import CATEGORIES

    p = _Means(games)
    return sum(scale.z(p, c) for c in cats or CATEGORIES)


@lru_cache(maxsize=64)
def category_fit(snap, cats: tuple[str, ...] = ()) -> CategoryFit:
    """a + b x z(season) + c x z(last 10) + d x prior against z over [D', as-of), at the split dates
    of the points fit, weighted by the games after; the as-of view's games only. `cats`: the z-sum
    over these categories (a punt's counted ones; all nine when empty). The prior is the points
    fit's (pre-season ownership share): out of sample it took the top 15% of predicted players
    from 0.48-0.76 z a game over their outcome to 0.11-0.59 on five dates Dec 4 - Jan 29, and
    the low-owned ones' from +0.39-0.57 to -0.02 - -0.16 on the three December dates (worse on
    Jan 15 and 29: -0.59 -> -1.04, -0.80 -> -1.20; docs/season-value.md)."""
    from services.league.values import category_scale

    scale, priors = category_scale(snap), prior_shares(snap)
    rows = []
    for weeks in SPLIT_WEEKS:
        split = snap.as_of - dt.timedelta(weeks=weeks)
        for ps in snap.players.values():
            before = [g for g in ps.games if g["game_date"] < split]
            after = [g for g in ps.games if split <= g["game_date"]]
            if len(before) >= MIN_BEFORE and len(after) >= MIN_AFTER:
                season, recent = _zsum(scale, before, cats), _zsum(scale, before[-RECENT:], cats)
                rows.append((season, recent, _zsum(scale, after, cats), len(after), season * 0.5 + recent * 0.5,
                             priors.get(ps.ref.player_id, 0.0)))
    if len(rows) < MIN_ROWS:  # the first weeks: one game's z-sum is not a player's (Oct 30: claims of 2,000+)
        per_game = {p: [{"fpts": _zsum(scale, [g], cats)} for g in ps.games] for p, ps in snap.players.items()}
        mean, slope, k = _shrinkage(per_game, priors)
        return CategoryFit(as_of=snap.as_of, fitted=False, rows=len(rows), population_mean=round(mean, 4),
                           shrink_prior=round(slope, 4), shrink_k=round(k, 4))
    r = np.array(rows)
    x = np.c_[np.ones(len(r)), r[:, :2], r[:, 5]]
    y, w = r[:, 2], np.sqrt(r[:, 3])
    coef = np.linalg.lstsq(x * w[:, None], y * w, rcond=None)[0]

    def rmse(pred: np.ndarray) -> float:
        return round(float(np.sqrt(np.average((pred - y) ** 2, weights=r[:, 3]))), 3)

    return CategoryFit(as_of=snap.as_of, fitted=True, intercept=round(float(coef[0]), 4),
                       season=round(float(coef[1]), 4), recent=round(float(coef[2]), 4),
                       prior=round(float(coef[3]), 4), rows=len(r),
                       rmse=rmse(x @ coef), rmse_week_value=rmse(r[:, 4]))


@lru_cache(maxsize=16384)  # read for every roster and free agent of every team: ten times per as-of view
def season_category_value(snap, pid: str, cats: tuple[str, ...] = ()) -> float:
    """His per-game z-sum (the nine categories, or `cats` under a punt) over the rest of the
    season (before the fit: his season z-sum shrunk towards the population's by empirical Bayes,
    as the points value is)."""
    from services.league.values import player_value

    ps = snap.players[pid]
    if not ps.games:
        return player_value(snap, ps, "categories", list(cats) or None)
    return category_value_of(snap, pid, ps.games, cats)


def category_value_of(snap, pid: str, games: list[dict], cats: tuple[str, ...] = ()) -> float:
    """`season_category_value`'s fit and scale (the as-of view's) applied to `games` (his games
    before a later morning: the backtest's replay values a cut as the activation card would)."""
    from services.league.values import category_scale

    fit, scale = category_fit(snap, cats), category_scale(snap)
    if not fit.fitted:
        n, centre = len(games), fit.population_mean + fit.shrink_prior * prior_shares(snap).get(pid, 0.0)
        return centre + n / (n + fit.shrink_k) * (_zsum(scale, games, cats) - centre)
    return (fit.intercept + fit.season * _zsum(scale, games, cats) + fit.recent * _zsum(scale, games[-RECENT:], cats)
            + fit.prior * prior_shares(snap).get(pid, 0.0))


@lru_cache(maxsize=64)
def season_category_floor(snap, rank: int, cats: tuple[str, ...] = ()) -> float:
    """The `rank`-th best season category value (players with 5+ games): the floor the season value
    counts above, in the same regressed units (over `cats` under a punt)."""
    from services.league.values import pool_min_games

    least = pool_min_games(snap)
    vals = sorted((season_category_value(snap, p, cats) for p, ps in snap.players.items() if len(ps.games) >= least),
                  reverse=True)
    return vals[min(rank, len(vals) - 1)] if vals else 0.0
