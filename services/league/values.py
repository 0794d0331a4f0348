"""Per-game player value in a league's scoring: fantasy points, or 9-category z-scores."""
from __future__ import annotations

import math
import weakref

from services.league.scoring import CATEGORIES, ScoringMode
from services.league.snapshot import PlayerState, Snapshot, snapshot

POOL_SIZE = 156  # about the players rostered in a 12-team league: the z-score reference pool


def _line_raw(e: dict[str, float], cat: str, league_pct: dict[str, float]) -> float:
    if cat == "FG%":
        return (e["fgm"] / e["fga"] - league_pct["fg"]) * e["fga"] if e["fga"] else 0.0
    if cat == "FT%":
        return (e["ftm"] / e["fta"] - league_pct["ft"]) * e["fta"] if e["fta"] else 0.0
    col = CATEGORIES[cat][0]
    return e[col]


def pool_min_games(snap: Snapshot) -> int:
    """Games a player needs to count in the reference pool: 5, or 1 in the first days of a season
    (before POOL_SIZE players have 5: on Oct 30 nobody had, the pool was empty and every "z-score"
    was a raw stat, a 57 for Holmgren)."""
    return 5 if sum(len(p.games) >= 5 for p in snap.players.values()) >= POOL_SIZE else 1


class CategoryScale:
    """Means and spreads of each category over the reference pool, for z-scores."""

    def __init__(self, snap: Snapshot | None, lines: list[dict[str, float]] | None = None):
        """The league's scale: the POOL_SIZE best projected players of the snapshot. With `lines`
        (per-game averages), the scale of those lines instead: a window's own spreads."""
        if lines is None:
            least = pool_min_games(snap)
            pool = sorted((p for p in snap.players.values() if len(p.games) >= least),
                          key=lambda p: -p.expected_fpts)[:POOL_SIZE]
            lines = [p.expected for p in pool]
        fga = sum(e["fga"] for e in lines) or 1.0
        fta = sum(e["fta"] for e in lines) or 1.0
        self.league_pct = {"fg": sum(e["fgm"] for e in lines) / fga,
                           "ft": sum(e["ftm"] for e in lines) / fta}
        self.mean, self.sd = {}, {}
        for cat in CATEGORIES:
            vals = [_line_raw(e, cat, self.league_pct) for e in lines] or [0.0]
            m = sum(vals) / len(vals)
            self.mean[cat] = m
            self.sd[cat] = math.sqrt(sum((v - m) ** 2 for v in vals) / max(1, len(vals) - 1)) or 1.0

    @classmethod
    def of_lines(cls, lines: list[dict[str, float]]) -> "CategoryScale":
        """The scale of the POOL_SIZE best of these per-game lines (by fantasy points)."""
        return cls(None, sorted(lines, key=lambda e: -e["fpts"])[:POOL_SIZE])

    def z(self, ps: PlayerState, cat: str) -> float:
        z = (_line_raw(ps.expected, cat, self.league_pct) - self.mean[cat]) / self.sd[cat]
        return -z if not CATEGORIES[cat][1] else z


# Derived from one snapshot and nothing else, so kept beside it (weakly: gone with the snapshot).
# A key of (as-of date, database path) cost a settings read and a mkdir per call: 650,000 calls
# in one trade test, a third of its CPU.
_SCALES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_REPLACEMENTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def category_scale(snap: Snapshot) -> CategoryScale:
    scale = _SCALES.get(snap)
    if scale is None:
        scale = _SCALES[snap] = CategoryScale(snap)
    return scale


def player_value(snap: Snapshot, ps: PlayerState, scoring: str,
                 target_categories: list[str] | None = None) -> float:
    """Per-game value: expected fantasy points, or the sum of z-scores (target categories only
    when given)."""
    if ScoringMode(scoring) == ScoringMode.POINTS and not target_categories:
        return ps.expected_fpts
    scale = category_scale(snap)
    cats = target_categories or list(CATEGORIES)
    return sum(scale.z(ps, c) for c in cats)


REPLACEMENT_RANK = 130  # 10 teams x 13 players: about the best player nobody rosters


def replacement_value(snap: Snapshot, scoring: str, target_categories: list[str] | None = None) -> float:
    """The per-game value of a replacement-level player in this scoring (z-sums are relative,
    so ranking by value x games needs value above replacement, or more games would rank lower)."""
    key = (scoring, tuple(target_categories or ()))
    known = _REPLACEMENTS.setdefault(snap, {})
    if key not in known:
        least = pool_min_games(snap)
        vals = sorted((player_value(snap, p, scoring, list(key[1]) or None) for p in snap.players.values()
                       if len(p.games) >= least), reverse=True)
        known[key] = vals[min(len(vals) - 1, REPLACEMENT_RANK)] if vals else 0.0
    return known[key]
