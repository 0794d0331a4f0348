"""services.league.scoring: ESPN points weights and the nine categories."""
from __future__ import annotations

import pytest

from services.league.scoring import CATEGORIES, POINTS_WEIGHTS, category_value, fantasy_points, normalize_category


def test_fantasy_points_of_every_csv_line(csv_games):
    """The conftest writes ESPN's weights out independently; both agree on all 16,512 lines."""
    assert all(fantasy_points(r) == r["fpts"] for r in csv_games)


def test_weights_are_espn_defaults():
    assert POINTS_WEIGHTS == {"pts": 1, "fg3m": 1, "fga": -1, "fgm": 2, "fta": -1, "ftm": 1,
                              "reb": 1, "ast": 2, "stl": 4, "blk": 4, "tov": -2}


def test_nine_categories():
    assert list(CATEGORIES) == ["FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS"]
    assert [c for c, (_, higher) in CATEGORIES.items() if not higher] == ["TO"]


@pytest.mark.parametrize("cat,totals,value", [
    ("FG%", {"fgm": 45, "fga": 100}, 0.45), ("FG%", {"fgm": 0, "fga": 0}, 0.0),
    ("FT%", {"ftm": 8, "fta": 10}, 0.8), ("3PM", {"fg3m": 12}, 12.0), ("TO", {"tov": 7}, 7.0),
])
def test_category_value(cat, totals, value):
    assert category_value(cat, totals) == value


@pytest.mark.parametrize("text,cat", [("assists", "AST"), ("FG%", "FG%"), ("fg%", "FG%"), (" Boards ", "REB"),
                                      ("threes", "3PM"), ("turnovers", "TO"), ("blk", "BLK"), ("dunks", None)])
def test_normalize_category(text, cat):
    assert normalize_category(text) == cat
