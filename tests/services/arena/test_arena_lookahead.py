"""Look-ahead: the Case of matchday D is unchanged, field by field, when everything from D on is
scrambled: finals of games dated D and later, every box score from D on (changed or dropped: the
news wire's source), lines of games not yet listed, every price after the cutoff, and news items
published after the cutoff. (The desk's price at the cutoff moves
along a path towards the real closing line by design: that is the market's information at that
time, so the lines of listed games stay; the desk's own cutoff test covers its path.)"""
from __future__ import annotations

import datetime as dt
import random

import pytest

from services.store import db
from services import markets
from services.league import season_games as sg
from tests.services.games_csv import game_rows, point_loader_at_rewrite
from services.arena import cases, instruments, news
from services.arena.simulation import DESK_RULES
from services.arena.models import Case, CaseDataItem, PortfolioSnapshot
from services.arena.news import wire_news
from services.markets.state import win_prob
from tests.services.signals.box_scores import rewrite_box_scores, scramble_box_scores

DAY = dt.date(2025, 1, 29)
CUTOFF = dt.datetime(2025, 1, 29, 15, tzinfo=dt.timezone.utc)
FIELDS = ["case_id", "decision_point_idx", "information_cutoff_timestamp", "tickers", "stock_data", "case_data",
          "portfolio", "market_rules"]  # market_rules: configuration (the desk's margin, limit, fee), no data


_rows = game_rows


def _clear() -> None:
    sg.all_games.cache_clear()
    sg._by_id.cache_clear()
    markets.clear_caches()
    instruments.desk_price.cache_clear()
    instruments._contracts_on.cache_clear()
    news._wire_news.cache_clear()


@pytest.fixture
def rewrite_games(monkeypatch, tmp_path):
    def rewrite(change) -> None:
        point_loader_at_rewrite(monkeypatch, tmp_path / "games.csv", change)
        _clear()

    yield rewrite
    monkeypatch.undo()
    _clear()


def _future_item(cutoff: dt.datetime) -> list[CaseDataItem]:
    return [CaseDataItem(kind="news", content="LEAK: tonight's final", published_at=cutoff + dt.timedelta(hours=9))]


def build(price, extra_news=lambda cutoff: []) -> Case:
    portfolio = PortfolioSnapshot(cash=812.5, positions={"BOS-2025-01-29": 12, "DEN-2025-01-30": 4})
    # quoted as the simulation quotes (bid and ask from the cutoff's price), so they are compared too
    return cases.build_case(DAY, 5, "ep", portfolio, price, news=lambda c: wire_news(c) + extra_news(c),
                            rules=DESK_RULES)


def test_case_fields_are_the_ones_checked_here():
    assert list(Case.model_fields) == FIELDS


def test_the_price_function_is_never_asked_about_the_future():
    asked: list[dt.datetime] = []

    def price(gid, team, at):
        asked.append(at)
        return win_prob(gid, team, at)

    build(price)
    assert asked and max(asked) == CUTOFF


@pytest.fixture
def before_and_after(rewrite_games, fresh_state):
    before = build(win_prob)
    rng = random.Random(13)
    rewrite_box_scores(fresh_state.home, *scramble_box_scores(DAY))

    def scramble(r):
        if r["game_date"] >= DAY.isoformat():
            r["home_pts"], r["away_pts"] = str(rng.randint(70, 160)), str(rng.randint(70, 160))
        if r["game_date"] >= (DAY + dt.timedelta(days=2)).isoformat():  # not listed at the cutoff
            r["home_spread"], r["total"] = str(rng.uniform(-20, 20)), str(rng.uniform(190, 260))
        return r

    rewrite_games(scramble)

    def noisy_price(gid, team, at):
        return rng.random() if at > CUTOFF else win_prob(gid, team, at)

    after = build(noisy_price, _future_item)
    return before, after


@pytest.mark.parametrize("field", FIELDS)
def test_case_of_day_d_is_unchanged_when_everything_from_d_on_is_scrambled(before_and_after, field):
    before, after = before_and_after
    assert before.stock_data and before.case_data.items and before.portfolio.positions
    assert getattr(after, field) == getattr(before, field)


def test_the_scramble_really_changed_the_future(rewrite_games):
    original = {g.game_id: (g.home_pts, g.away_pts) for g in sg.all_games() if g.date >= DAY}
    rewrite_games(lambda r: {**r, "home_pts": "1", "away_pts": "2"} if r["game_date"] >= DAY.isoformat() else r)
    assert all((g.home_pts, g.away_pts) == (1, 2) for g in sg.all_games() if g.date >= DAY)
    assert original and any(v != (1, 2) for v in original.values())


def test_the_scramble_really_changed_the_box_scores(fresh_state):
    def rows(sql: str) -> list:
        return db.query(sql, [DAY])

    sql = "SELECT player_id, game_date, pts FROM player_games WHERE game_date >= ? ORDER BY ALL"
    original = rows(sql)
    rewrite_box_scores(fresh_state.home, *scramble_box_scores(DAY))
    assert original and rows(sql) != original
    assert len(rows(sql)) < len(original)


def test_the_comparison_would_see_a_leak_of_box_scores(fresh_state):
    """Box scores of the two days before D feed the Case's news: scrambling them changes it."""
    before = build(win_prob)
    rewrite_box_scores(fresh_state.home, *scramble_box_scores(DAY - dt.timedelta(days=2)))
    _clear()
    after = build(win_prob)
    assert after.case_data != before.case_data and after.stock_data == before.stock_data


def test_the_comparison_would_see_a_leak(rewrite_games):
    """Changing a final from before D, or a price before the cutoff, does change the Case."""
    before = build(win_prob)
    rewrite_games(lambda r: {**r, "home_pts": r["away_pts"], "away_pts": r["home_pts"]}
                  if r["game_date"] == "2025-01-28" else r)
    assert build(win_prob).case_data != before.case_data
    _clear()
    shifted = build(lambda gid, team, at: win_prob(gid, team, at) * 0.9)
    assert shifted.stock_data != before.stock_data


def test_news_published_after_the_cutoff_never_reaches_the_case():
    case = build(win_prob, _future_item)
    assert case.case_data.items
    assert all(i.published_at <= CUTOFF for i in case.case_data.items)
    assert not any("LEAK" in i.content for i in case.case_data.items)
    assert any(i.kind == "news" for i in case.case_data.items)
    assert {i.kind for i in case.case_data.items} == {"news", "result", "other"}
