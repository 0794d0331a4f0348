"""Ranked (drop, add) moves: who may be dropped, the scan, and readable results.

Protected players (the top `protect_top` of my roster by per-game value, and anyone at or above
the league-wide `star_value` of the inputs) are never offered as
drops unless named in `allow_drop`. Confidence is P(the move helps) under a normal
approximation: the linear objective's gain against the spread of the added player's starts
and the dropped player's lost starts (availability included in both).
"""
from __future__ import annotations

import math
from typing import Iterable

import numpy as np

from services.optimizer import projection as pj
from services.optimizer.models import MoveEval, OptimizerInputs, PlayerInput
from services.optimizer.scan import MoveTable, scan_table
from services.optimizer.weekly import Prepared, prepare

DELTA_SHOWN = 0.005  # category win-probability changes smaller than this are not reported


def per_game_value(prep: Prepared, i: int) -> float:
    """A roster player's per-game value for protection: season_value, else the objective."""
    p = prep.roster.players[i]
    if p.season_value is not None:
        return float(p.season_value)
    m = pj.stat_vector(p.expected)
    return float(prep.coef @ m)


def droppable(prep: Prepared, allow_drop: Iterable[str] = (), protect_top: int = 6) -> np.ndarray:
    """Roster row indices that may be dropped, in roster order."""
    allow = set(allow_drop)
    order = sorted(range(len(prep.roster.players)), key=lambda i: (-per_game_value(prep, i), i))
    protected = set(order[:max(0, protect_top)])
    star = prep.inputs.star_value
    if star is not None:  # a league-wide star is protected even on a deep roster
        protected |= {i for i in range(len(prep.roster.players)) if per_game_value(prep, i) >= star}
    ids = [p.player_id for p in prep.roster.players]
    return np.array([i for i in range(len(ids)) if i not in protected or ids[i] in allow], dtype=int)


def ranked_pairs(table: MoveTable, limit: int | None = None) -> list[tuple[int, int]]:
    """(drop row in table, free agent index) by gain, best first; ties by roster then FA order."""
    n_drop, n_fa = table.gain.shape
    k, a = np.meshgrid(np.arange(n_drop), np.arange(n_fa), indexing="ij")
    order = np.lexsort((a.ravel(), k.ravel(), -np.round(table.gain.ravel(), 9)))
    if limit is not None:
        order = order[:limit]
    return [(int(i // n_fa), int(i % n_fa)) for i in order]


def _day(d) -> str:
    return f"{d:%a %b} {d.day}"


def _confidence(mean: float, var: float) -> float:
    if var <= 0:
        return 1.0 if mean > 0 else (0.5 if mean == 0 else 0.0)
    return 0.5 * (1.0 + math.erf(mean / math.sqrt(2.0 * var)))


def _per_game_text(p: PlayerInput, points: bool) -> str:
    """Per game in the league's own units: fantasy points, or category averages (FG% with three decimals)."""
    if points:
        fpts = p.expected.get("fpts", float(pj.POINTS_COEF @ pj.stat_vector(p.expected)))
        return f"{fpts:.1f} fantasy pts/game"
    e = p.expected
    line = f"{e.get('pts', 0.0):.1f} pts, {e.get('reb', 0.0):.1f} reb, {e.get('ast', 0.0):.1f} ast"
    if e.get("fga"):
        line += f", FG% {e.get('fgm', 0.0) / e['fga']:.3f}"
    return line + " per game"


def _player_reason(p: PlayerInput, games: int, starts: int, verb: str, points: bool = True) -> str:
    text = f"{verb} {p.label}: {games} games left, {starts} starts, {_per_game_text(p, points)}"
    if p.availability < 1.0:
        text += f", {p.status} (plays with prob. {p.availability:.1f})"
    return text


def move_eval(prep: Prepared, table: MoveTable, r: int, a: int) -> MoveEval:
    """The readable result for one evaluated pair."""
    k = int(table.drops[r])
    drop, add = prep.roster.players[k], prep.free_agents.players[a]
    drop_row, add_row = prep.roster.rows[k], prep.free_agents.rows[a]
    add_days = [d for d, s in zip(prep.days, table.add_start_days[r, a], strict=True) if s]
    add_starts, drop_starts = len(add_days), int(table.drop_starts[r])
    delta = table.starts_delta[r, a]
    starts_gained = {d.isoformat(): int(x) for d, x in zip(prep.days, delta, strict=True)}
    gain = float(table.gain[r, a])
    deltas: dict[str, float] = {}
    unit = "fantasy points"
    reasons = [_player_reason(add, int(prep.free_agents.plays[a].sum()), add_starts, "add", prep.points),
               _player_reason(drop, int(prep.roster.plays[k].sum()), drop_starts, "drop", prep.points)]
    if add_days:
        reasons.append("added starts on " + ", ".join(_day(d) for d in add_days))
    net = int(delta.sum())
    reasons.append(f"net {net:+d} starts over {len(prep.days)} remaining days")
    if prep.points:
        reasons.append(f"expected {gain:+.1f} fantasy points this week")
    else:
        unit = "categories won"
        after = pj.win_probabilities(table.after[r, a], prep.opp_rest, prep.my0, prep.opp0)
        before = pj.win_probabilities(table.base, prep.opp_rest, prep.my0, prep.opp0)
        moved = sorted(((c, float(x - y)) for c, x, y in zip(pj.CATS, after, before, strict=True)
                        if abs(x - y) >= DELTA_SHOWN), key=lambda t: -abs(t[1]))
        deltas = {c: round(x, 3) for c, x in moved}
        reasons += [f"{c} win chance {before[pj.CATS.index(c)]:.0%} -> "
                    f"{after[pj.CATS.index(c)]:.0%}" for c, _ in moved[:3]]
        reasons.append(f"expected {gain:+.2f} categories won this week")
    var = add_starts * add_row[pj.VALUE_VAR] + drop_starts * drop_row[pj.VALUE_VAR]
    conf = _confidence(float(table.value_gain[r, a]), float(var))
    return MoveEval(drop.player_id, add.player_id, round(gain, 4), unit,
                    int(prep.roster.plays[k].sum()), int(prep.free_agents.plays[a].sum()),
                    add_starts, drop_starts, starts_gained, deltas, round(conf, 3), tuple(reasons),
                    drop.name, add.name)


def scan_moves(inputs: OptimizerInputs | Prepared, allow_drop: Iterable[str] = frozenset(),
               protect_top: int = 6, limit: int | None = None) -> list[MoveEval]:
    """Every allowed (drop, add) pair ranked by expected gain over the remaining days."""
    prep = inputs if isinstance(inputs, Prepared) else prepare(inputs)
    table = scan_table(prep, droppable(prep, allow_drop, protect_top))
    return [move_eval(prep, table, r, a) for r, a in ranked_pairs(table, limit)]
