"""Fixtures for the signals services: a games.csv rewriter and a box-score scrambler (for the
cutoff tests), both undone after the test."""
from __future__ import annotations

import csv
import datetime as dt
import random

import pytest

from services import markets
from services.league import season_games as sg
from services.config import DATA_DIR
from services.signals import wire
from tests.services.signals.box_scores import rewrite_box_scores, scramble_box_scores


def _clear() -> None:
    sg.all_games.cache_clear()
    sg._by_id.cache_clear()
    markets.clear_caches()
    wire.clear_cache()


@pytest.fixture
def scramble_from(monkeypatch, tmp_path, fresh_state):
    """`scramble_from(day)`: every final and line in games.csv from `day` on, and every box score
    from `day` on in this test's DuckDB copy, replaced with random numbers."""

    def scramble(day: dt.date) -> None:
        rng = random.Random(11)
        with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
        path = tmp_path / "games.csv"
        with open(path, "w", newline="", encoding="utf-8") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            for r in rows:
                if r["game_date"] >= day.isoformat():
                    r |= {"home_pts": rng.randint(80, 150), "away_pts": rng.randint(80, 150),
                          "home_spread": rng.choice([-12.5, -3.5, 4.5, 9.0]), "total": rng.randint(200, 250)}
                w.writerow(r)
        monkeypatch.setattr(sg, "GAMES_CSV", path)
        rewrite_box_scores(fresh_state.home, *scramble_box_scores(day))
        _clear()

    yield scramble
    monkeypatch.undo()
    _clear()
