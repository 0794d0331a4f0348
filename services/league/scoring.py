"""League scoring: ESPN's default H2H points weights and the nine H2H categories."""
from __future__ import annotations

from enum import StrEnum
from typing import Mapping, Sequence

# ESPN default H2H points scoring for basketball.
POINTS_WEIGHTS: dict[str, float] = {
    "pts": 1, "fg3m": 1, "fga": -1, "fgm": 2, "fta": -1, "ftm": 1,
    "reb": 1, "ast": 2, "stl": 4, "blk": 4, "tov": -2,
}

# The nine categories: display name -> (box-score column or ratio, higher is better).
CATEGORIES: dict[str, tuple[str, bool]] = {
    "FG%": ("fgm/fga", True),
    "FT%": ("ftm/fta", True),
    "3PM": ("fg3m", True),
    "REB": ("reb", True),
    "AST": ("ast", True),
    "STL": ("stl", True),
    "BLK": ("blk", True),
    "TO": ("tov", False),
    "PTS": ("pts", True),
}
COUNTING_STATS = ["pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "fgm", "fga", "ftm", "fta"]

# Every spelling a person might use for a category.
CATEGORY_ALIASES: dict[str, str] = {
    "fg%": "FG%", "fg": "FG%", "field goal": "FG%", "field goals": "FG%", "fg pct": "FG%",
    "ft%": "FT%", "ft": "FT%", "free throw": "FT%", "free throws": "FT%", "ft pct": "FT%",
    "3pm": "3PM", "3s": "3PM", "threes": "3PM", "three": "3PM", "3-pointers": "3PM", "3pt": "3PM",
    "reb": "REB", "rebounds": "REB", "rebounding": "REB", "boards": "REB",
    "ast": "AST", "assists": "AST", "dimes": "AST", "assist": "AST",
    "stl": "STL", "steals": "STL", "steal": "STL",
    "blk": "BLK", "blocks": "BLK", "block": "BLK",
    "to": "TO", "turnovers": "TO", "tov": "TO",
    "pts": "PTS", "points": "PTS", "scoring": "PTS",
}


class ScoringMode(StrEnum):
    POINTS = "points"
    CATEGORIES = "categories"


def fantasy_points(line: Mapping[str, float], weights: Mapping[str, float] = POINTS_WEIGHTS) -> float:
    """Fantasy points of one box-score line (or of per-game averages)."""
    return float(sum(w * float(line.get(stat, 0) or 0) for stat, w in weights.items()))


def category_value(cat: str, totals: Mapping[str, float]) -> float:
    """A category's value from summed counting stats (ratios for FG% and FT%)."""
    col, _ = CATEGORIES[cat]
    if "/" in col:
        num, den = col.split("/")
        d = float(totals.get(den, 0) or 0)
        return float(totals.get(num, 0) or 0) / d if d else 0.0
    return float(totals.get(col, 0) or 0)


def normalize_category(text: str) -> str | None:
    """'assists' -> 'AST'; None when the text names no category."""
    t = text.strip().lower()
    if t.upper() in CATEGORIES:
        return t.upper()
    return CATEGORY_ALIASES.get(t)


def normalize_targets(names: Sequence[str] | None) -> tuple[str, ...]:
    """'assists', 'AST', 'threes' -> ('AST', '3PM'); an unknown name is a ValueError naming it."""
    out = []
    for name in names or ():
        cat = normalize_category(str(name))
        if cat is None:
            raise ValueError(f"Unknown category {name!r}; use FG%, FT%, 3PM, REB, AST, STL, BLK, TO, PTS.")
        if cat not in out:
            out.append(cat)
    return tuple(out)


def not_counted(lg) -> tuple[str, ...]:
    """The nine categories a categories league does not count (`LeagueHistory.categories`: an ESPN
    league's own scoringItems; the demo counts all nine): every value leaves them out, as a punt."""
    if lg.scoring == "points":
        return ()
    return tuple(c for c in CATEGORIES if c not in set(lg.categories))


def counted_categories(targets, punt, scoring: str = "categories") -> list[str] | None:
    """The categories a value sums: the targets (all nine when none are named) minus the punted
    ones. None when nothing narrows the nine in a points league (fantasy points are the value).
    Unknown names raise ValueError naming them."""
    wanted, punted = normalize_targets(targets), normalize_targets(punt)
    if not wanted and (not punted or ScoringMode(scoring) == ScoringMode.POINTS):
        return None
    kept = [c for c in (wanted or list(CATEGORIES)) if c not in punted]
    if not kept:
        raise ValueError("Every category asked for is punted: name a category you compete in.")
    return kept
