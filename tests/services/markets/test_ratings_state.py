"""The desk's Elo line (its own opinion) and the market path: hand-computed Elo from the CSV, home court
measured from earlier games, open at listing, the real close at tip, purity in time, and the
cutoff (a quote at T is unchanged when results from T on are scrambled)."""
from __future__ import annotations

import datetime as dt
import random
from statistics import NormalDist

import pytest

from services import markets
from services.league import season_games as sg
from tests.services.games_csv import game_rows, point_loader_at_rewrite
from services.markets import ratings, state

UTC = dt.timezone.utc
T = dt.datetime(2025, 1, 29, 12, 0, tzinfo=UTC)  # the demo's desk morning


_rows = game_rows


def test_opening_night_elo_by_hand():
    r = ratings.elo_ratings(dt.date(2024, 10, 23))
    # no game before opening night, so no home court: both expected 0.5, K=20, 538's MOV multiplier
    bos = 20 * (23 + 3) ** 0.8 / 7.5 * 0.5
    lal = 20 * (7 + 3) ** 0.8 / 7.5 * 0.5
    assert r["BOS"] == pytest.approx(1500 + bos) and r["NYK"] == pytest.approx(1500 - bos)
    assert r["LAL"] == pytest.approx(1500 + lal) and r["MIN"] == pytest.approx(1500 - lal)
    assert r["OKC"] == 1500 and len(r) == 30
    assert ratings.elo_ratings(dt.date(2024, 10, 22)) == {t: 1500 for t in r}


def test_elo_is_zero_sum_and_home_court_is_the_mean_home_margin_before_the_date():
    day = dt.date(2025, 1, 29)
    assert sum(ratings.elo_ratings(day).values()) == pytest.approx(1500 * 30)
    margins = [int(r["home_pts"]) - int(r["away_pts"]) for r in _rows() if r["game_date"] < "2025-01-29"]
    assert ratings.home_court_points(day) == pytest.approx(sum(margins) / len(margins))
    assert ratings.home_court_points(dt.date(2024, 10, 22)) == 0.0


def test_opening_line_uses_only_results_known_at_listing():
    gid = "2025-01-31-PHO-GSW"  # listed Jan 30 00:00 UTC: finals through Jan 28 are known
    cutoff = dt.date(2025, 1, 29)
    elo = ratings.elo_ratings(cutoff)
    expected = -((elo["GSW"] - elo["PHO"]) / 28 + ratings.home_court_points(cutoff))
    assert ratings.rating_spread(gid) == round(expected * 2) / 2
    assert ratings.rating_home_prob(gid) == pytest.approx(NormalDist(0, 13.6).cdf(-ratings.rating_spread(gid)))


def test_path_opens_at_the_close_minus_the_walk_and_closes_at_the_real_line():
    """Before listing: the desk's Elo opinion only; at listing the market opens at the real close
    minus every move of the backward walk (the Elo line stays beside it as the desk's opinion)."""
    from services.markets import path

    gid = "2025-01-29-CHI-BOS"
    g = sg.get_game(gid)
    listing = g.tip - dt.timedelta(hours=48)
    before = state.market_state(gid, listing - dt.timedelta(minutes=1))
    assert not before.listed and before.home_spread == before.open_home_spread == ratings.rating_spread(gid, listing)
    opened = state.market_state(gid, listing)
    assert opened.listed and opened.home_spread == opened.open_home_spread == g.home_spread - sum(path.moves(gid, "spread"))
    assert opened.desk_home_spread == ratings.rating_spread(gid)
    for at in (g.tip, g.tip + dt.timedelta(days=3)):
        closed = state.market_state(gid, at)
        assert (closed.home_spread, closed.total) == (g.home_spread, g.total)  # the real close
    p = NormalDist(0, 13.6).cdf(-g.home_spread)
    assert closed.home_win_prob == pytest.approx(p) and closed.home_odds == round(1 / (p * 1.045), 3)
    assert closed.away_odds == round(1 / ((1 - p) * 1.045), 3)
    assert "priced from the spread" in closed.labels and any("simulated" in x for x in closed.labels)
    # every point of the path is a half-point line, and the path does move
    line_path = [state.market_state(gid, listing + k * state.TICK).home_spread for k in range(state.N_TICKS + 1)]
    assert all(x * 2 == int(x * 2) for x in line_path) and len(set(line_path)) >= 2


def test_state_is_a_pure_function_of_time():
    gid = "2025-01-30-HOU-MEM"
    a = state.market_state(gid, T)
    markets.clear_caches()
    assert state.market_state(gid, T) == a
    # within one 15-minute tick nothing moves; next_move finds the first change
    assert state.market_state(gid, T + dt.timedelta(seconds=59)).home_spread == a.home_spread
    nxt = state.next_move(gid, T)
    assert nxt is not None and nxt > T
    moved = state.market_state(gid, nxt)
    assert (moved.home_spread, moved.total) != (a.home_spread, a.total)
    assert state.market_state(gid, nxt - dt.timedelta(seconds=1)).home_spread == a.home_spread


def test_win_prob_by_team_code():
    gid = "2025-01-29-CHI-BOS"
    s = state.market_state(gid, T)
    assert state.win_prob(gid, "BOS", T) == s.home_win_prob == pytest.approx(NormalDist(0, 13.6).cdf(-s.home_spread))
    assert state.win_prob(gid, "CHI", T) == pytest.approx(1 - s.home_win_prob)
    with pytest.raises(ValueError, match="LAL"):
        state.win_prob(gid, "LAL", T)
    with pytest.raises(ValueError):
        state.market_state(gid, T.replace(tzinfo=None))


def _quotes(at: dt.datetime) -> dict:
    games = sg.schedule(at.date() - dt.timedelta(days=1), at.date() + dt.timedelta(days=7))
    return {g.game_id: state.market_state(g.game_id, at).model_dump() for g in games}


@pytest.fixture
def swap_games_csv(monkeypatch, tmp_path):
    """Point the loader at a rewritten games.csv; `swap(change)` applies change(row) per row."""
    def swap(change) -> None:
        point_loader_at_rewrite(monkeypatch, tmp_path / "games.csv", change)
        _clear()

    def _clear():
        sg.all_games.cache_clear()
        sg._by_id.cache_clear()
        markets.clear_caches()

    yield swap
    monkeypatch.undo()
    _clear()


def test_cutoff_quote_at_t_unchanged_when_results_from_t_on_are_scrambled(swap_games_csv):
    before = _quotes(T)
    assert any(q["listed"] for q in before.values()) and any(not q["listed"] for q in before.values())
    rng = random.Random(7)

    def scramble(r):
        if r["game_date"] >= T.date().isoformat():  # results from T on; the line feed stays
            r["home_pts"], r["away_pts"] = str(rng.randint(80, 150)), str(rng.randint(80, 150))
        return r

    swap_games_csv(scramble)
    assert _quotes(T) == before


def test_cutoff_test_would_see_a_leak(swap_games_csv):
    # the same comparison notices when results the quote may use are changed (so it can fail)
    before = _quotes(T)

    def flip(r):
        if "2025-01-20" <= r["game_date"] < "2025-01-27":
            r["home_pts"], r["away_pts"] = r["away_pts"], r["home_pts"]
        return r

    swap_games_csv(flip)
    assert _quotes(T) != before
