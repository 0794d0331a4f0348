"""Realized outcome of a move: what really happened on and after the as-of date.

This is the only optimizer module that reads box scores on or after the as-of date, and
nothing that makes a recommendation imports it. Lineups are still chosen by expectation (as a
manager would have set them on the as-of date); only the scoring uses the real games.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Iterable, Mapping

import numpy as np

from services.optimizer import projection as pj
from services.optimizer.projection import categories_won  # noqa: F401 (its old home: backtest_categories, bench)
from services.optimizer.models import STATS, MoveEval, OptimizerInputs
from services.optimizer.weekly import Prepared, make_table, plan_day, prepare
from services.league.scoring import CATEGORIES

Lines = Mapping[tuple[str, dt.date], Mapping[str, float]]


@dataclasses.dataclass(frozen=True)
class RealizedOutcome:
    drop_id: str
    add_id: str
    unit: str
    expected_gain: float | None
    realized_gain: float
    realized_before: float  # standing pat: fantasy points (rest of week) or categories won
    realized_after: float
    summary: str


def actual_lines(player_ids: Iterable[str], start: dt.date, end: dt.date) -> dict[tuple[str, dt.date], dict]:
    """The real box-score lines of these players in [start, end] (outcome data: not for advice)."""
    from services.store import db

    ids = sorted(set(player_ids))
    if not ids:
        return {}
    cols = ["player_id", "game_date", *STATS]
    rows = db.query(f"SELECT {', '.join(cols)} FROM player_games WHERE game_date BETWEEN ? AND ? "
                    f"AND player_id IN ({', '.join('?' * len(ids))})", [start, end, *ids])
    return {(r[0], r[1]): dict(zip(STATS, map(float, r[2:]), strict=True)) for r in rows}


def realized_stats(prep: Prepared, roster, coef: np.ndarray, points: bool, lines: Lines) -> np.ndarray:
    """Real stat totals of the players started by expectation on each remaining day."""
    table = make_table(tuple(roster), coef, points, prep.slot_names, prep.days)
    total = np.zeros(len(STATS))
    for d, day in enumerate(prep.days):
        _, starters, _ = plan_day(table, d, prep.counts)
        for i in starters:
            line = lines.get((table.players[i].player_id, day))
            if line:
                total += pj.stat_vector(line)
    return total


def _week_score(prep: Prepared, roster, lines: Lines, opp_total: np.ndarray | None) -> float:
    stats = realized_stats(prep, roster, prep.coef, prep.points, lines)
    if prep.points:
        return float(pj.POINTS_COEF @ stats)
    return categories_won(prep.my0 + stats, opp_total)


def realized_outcome(inputs: OptimizerInputs, move: MoveEval | tuple[str, str], lines: Lines,
                     prep: Prepared | None = None) -> RealizedOutcome:
    """The move's realized gain over the remaining days, scored with the real `lines`."""
    prep = prep or prepare(inputs)
    drop_id, add_id = (move.drop_id, move.add_id) if isinstance(move, MoveEval) else move
    expected = move.gain if isinstance(move, MoveEval) else None
    add = next(p for p in inputs.free_agents if p.player_id == add_id)
    after = tuple(add if p.player_id == drop_id else p for p in inputs.roster)
    opp_total = None
    if not prep.points:
        opp_total = prep.opp0 + realized_stats(prep, inputs.opponent, pj.POINTS_COEF, True, lines)
    before_score = _week_score(prep, inputs.roster, lines, opp_total)
    after_score = _week_score(prep, after, lines, opp_total)
    gain = after_score - before_score
    unit = "fantasy points" if prep.points else "categories won"
    exp_text = f"expected {expected:+.1f}, " if expected is not None else ""
    return RealizedOutcome(drop_id, add_id, unit, expected, round(gain, 3), round(before_score, 3),
                           round(after_score, 3), f"{exp_text}realized {gain:+.1f} {unit}")


def realized_gain(lg, move: MoveEval | tuple[str, str], team_id: int | None = None) -> float:
    """Realized gain of a move in the demo league over the rest of its matchup week."""
    from services.optimizer.adapter import from_demo_league

    drop_id, add_id = (move.drop_id, move.add_id) if isinstance(move, MoveEval) else move
    inputs = from_demo_league(lg, team_id=team_id, free_agents=[add_id])
    pids = [p.player_id for p in inputs.roster + inputs.free_agents + inputs.opponent]
    lines = actual_lines(pids, inputs.days[0], inputs.days[-1]) if inputs.days else {}
    return realized_outcome(inputs, move, lines).realized_gain


def horizon_inputs(lg, team_id: int, end: dt.date, players: Iterable[str]) -> OptimizerInputs:
    """Points-style inputs of a team over [as-of, end] (lineups chosen by expected fantasy points,
    as-of projections), holding `players` as free agents so any swap can be replayed."""
    from services.optimizer.adapter import player_input

    days = tuple(lg.as_of + dt.timedelta(days=i) for i in range((end - lg.as_of).days + 1))
    make = lambda ids: tuple(player_input(lg.snapshot, p, days, "points") for p in ids)  # noqa: E731
    return OptimizerInputs(scoring="points", days=days, roster=make(lg.roster_ids(team_id)),
                           free_agents=make(players), as_of=lg.as_of, team_id=team_id)


def realized_daily(prep: Prepared, roster, lines: Lines) -> np.ndarray:
    """(days, STATS) real stat totals of the starters chosen by expectation on each day."""
    table = make_table(tuple(roster), pj.POINTS_COEF, True, prep.slot_names, prep.days)
    out = np.zeros((len(prep.days), len(STATS)))
    for d, day in enumerate(prep.days):
        _, starters, _ = plan_day(table, d, prep.counts)
        for i in starters:
            line = lines.get((table.players[i].player_id, day))
            if line:
                out[d] += pj.stat_vector(line)
    return out


def swapped(inputs: OptimizerInputs, drop_id: str, add_id: str) -> tuple:
    """The roster after a move (a swap or an IR move: either way the dropped player cannot start)."""
    add = next(p for p in inputs.free_agents if p.player_id == add_id)
    return tuple(add if p.player_id == drop_id else p for p in inputs.roster)
