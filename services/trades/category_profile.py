"""A team's category profile (categories leagues): what each player adds to each counted category
over the rest of the season, a team's sum, and how a trade shifts it (punt-aware, weighted by
where the team ranks). The trade verdict's (services.trades.evaluate), team strength's and the
trade search's.
"""
from __future__ import annotations

from pydantic import BaseModel

from services.league.scoring import CATEGORIES, not_counted
from services.league.values import category_scale
from services.trades.value import Valuer


LOSING_RANK = 7  # a category a team ranks 7th-10th in is one it is already losing: it counts half


class CategoryShift(BaseModel):
    category: str
    change: float  # rest-of-season z x expected games, after - before
    rank_before: int  # the team's rank in the category among the league's teams (1 = best)
    rank_after: int | None = None  # its rank after the trade (both teams' profiles changed)
    weight: float  # 0 punted, 0.5 already losing, 1 otherwise


def _player_profile(v: Valuer, pid: str) -> dict[str, float]:
    """Rest-of-season category contributions: per-game z x expected games (availability x games)."""
    sp, scale = v.player(pid), category_scale(v.lg.snapshot)
    n = sp.availability * len(sp.games)
    return {c: scale.z(v.lg.snapshot.players[pid], c) * n for c in _scored(v)}


def _scored(v: Valuer) -> list[str]:
    """The categories the league counts (an ESPN league's own; the demo's nine)."""
    left_out = set(not_counted(v.lg))
    return [c for c in CATEGORIES if c not in left_out]


def _profile(v: Valuer, ids: list[str]) -> dict[str, float]:
    rows = [_player_profile(v, p) for p in ids]
    return {c: sum(r[c] for r in rows) for c in _scored(v)}


def team_profiles(v: Valuer) -> dict[int, dict[str, float]]:
    """Each team's rest-of-season category contributions (the trade verdict's and team strength's)."""
    return {t: _profile(v, v.lg.roster_ids(t)) for t in v.lg.team_ids}


def category_shift(v: Valuer, profiles: dict, team: int, before: list[str], after: list[str],
                    punted: list[str]) -> tuple[list[CategoryShift], float]:
    b, a = _profile(v, before), _profile(v, after)
    out = []
    for c in _scored(v):
        rank = 1 + sum(profiles[t][c] > profiles[team][c] for t in profiles if t != team)
        weight = 0.0 if c in punted else 0.5 if rank >= LOSING_RANK else 1.0
        out.append(CategoryShift(category=c, change=round(a[c] - b[c], 2), rank_before=rank, weight=weight))
    return out, round(sum(s.change * s.weight for s in out), 2)
