"""The desk's own rating model: an Elo on the real 2024-25 results, with home court measured
from the games played so far. It is the desk's opinion, apart from the market (the market's path
is a walk back from the real close: `path`): shown beside the market, the line an unlisted game
shows, and what the arena's `rating_edge` agent bets.

Only finals known at the cutoff count: `elo_ratings(before)` uses games dated strictly before
`before`; a game's Elo line uses the results known at its listing (see `clock`).
"""
from __future__ import annotations

import bisect
import datetime as dt
from functools import lru_cache

from services.league import season_games
from services.markets.clock import opening_cutoff
from services.markets.pricing import home_win_prob

ELO_START = 1500.0
ELO_K = 20.0
ELO_PER_POINT = 28.0  # 28 Elo points ~ 1 point of expected margin
LEAGUE_TOTAL_PRIOR = 225.0  # opening total before any game is played (opening night only)


def _half(x: float) -> float:
    """Round to the nearest half point, as lines are quoted."""
    return round(x * 2.0) / 2.0


@lru_cache(maxsize=1)
def _history() -> tuple[list[dt.date], list[dict[str, float]], list[tuple[float, int]]]:
    """One pass over the season: for each game date D, the ratings and the (sum of home margins,
    games) from every game dated before D. Each game's Elo update uses the home court measured
    before its own date."""
    games = season_games.all_games()
    dates: list[dt.date] = []
    snaps: list[dict[str, float]] = []
    hca: list[tuple[float, int]] = []
    ratings: dict[str, float] = {}
    margin_sum, n = 0.0, 0
    i = 0
    while i < len(games):
        day = games[i].date
        dates.append(day)
        snaps.append(dict(ratings))
        hca.append((margin_sum, n))
        home_pts = margin_sum / n if n else 0.0
        day_games = []
        while i < len(games) and games[i].date == day:
            day_games.append(games[i])
            i += 1
        for g in day_games:
            _update(ratings, g, home_pts)
        for g in day_games:
            margin_sum += g.margin
            n += 1
    dates.append(dt.date.max)
    snaps.append(dict(ratings))
    hca.append((margin_sum, n))
    return dates, snaps, hca


@lru_cache(maxsize=1)
def _teams() -> tuple[str, ...]:
    return tuple(sorted({g.home for g in season_games.all_games()} | {g.away for g in season_games.all_games()}))


def _update(ratings: dict[str, float], g: season_games.SeasonGame, home_pts: float) -> None:
    rh, ra = ratings.get(g.home, ELO_START), ratings.get(g.away, ELO_START)
    diff = rh + home_pts * ELO_PER_POINT - ra
    expected_home = 1.0 / (1.0 + 10 ** (-diff / 400.0))
    won = 1.0 if g.home_won else 0.0
    winner_diff = diff if g.home_won else -diff
    mov_mult = (abs(g.margin) + 3) ** 0.8 / (7.5 + 0.006 * winner_diff)
    delta = ELO_K * mov_mult * (won - expected_home)
    ratings[g.home] = rh + delta
    ratings[g.away] = ra - delta


def elo_ratings(before: dt.date) -> dict[str, float]:
    """Elo ratings (team code -> rating) from real results strictly before `before`; teams
    without a game yet are at 1500."""
    dates, snaps, _ = _history()
    idx = bisect.bisect_left(dates, before)
    snap = snaps[min(idx, len(snaps) - 1)]
    return {t: snap.get(t, ELO_START) for t in _teams()}


def home_court_points(before: dt.date) -> float:
    """Mean home margin (points) of the games dated before `before`; 0.0 before any game."""
    dates, _, hca = _history()
    total, n = hca[min(bisect.bisect_left(dates, before), len(hca) - 1)]
    return total / n if n else 0.0


def model_spread(home: str, away: str, before: dt.date) -> float:
    """The rating model's home spread (unrounded) from results before `before`."""
    r = elo_ratings(before)
    expected_margin = (r[home] - r[away]) / ELO_PER_POINT + home_court_points(before)
    return -expected_margin


def rating_spread(game_id: str, as_of: dt.datetime | None = None) -> float:
    """The desk's opening home spread for the game (half points), from the results known at its
    listing (or at `as_of` when earlier): never the game's own result or anything after."""
    g = season_games.get_game(game_id)
    return _half(model_spread(g.home, g.away, opening_cutoff(g, as_of)))


def rating_home_prob(game_id: str, as_of: dt.datetime | None = None) -> float:
    """No-vig P(home wins) at the desk's own Elo line (its opinion, not the market)."""
    return home_win_prob(rating_spread(game_id, as_of))


@lru_cache(maxsize=512)
def _team_totals(before: dt.date) -> tuple[dict[str, float], float | None]:
    per_team: dict[str, list[int]] = {}
    all_totals = []
    for g in season_games.known_results(before):
        t = g.home_pts + g.away_pts
        all_totals.append(t)
        per_team.setdefault(g.home, []).append(t)
        per_team.setdefault(g.away, []).append(t)
    means = {team: sum(v) / len(v) for team, v in per_team.items()}
    return means, (sum(all_totals) / len(all_totals) if all_totals else None)


def rating_total(game_id: str, as_of: dt.datetime | None = None) -> float:
    """The desk's opening total: the mean of each team's game totals so far (half points);
    the league mean for a team with no game yet, 225 on opening night."""
    g = season_games.get_game(game_id)
    means, league = _team_totals(opening_cutoff(g, as_of))
    fallback = league if league is not None else LEAGUE_TOTAL_PRIOR
    return _half((means.get(g.home, fallback) + means.get(g.away, fallback)) / 2.0)


def clear_caches() -> None:
    _history.cache_clear()
    _teams.cache_clear()
    _team_totals.cache_clear()
