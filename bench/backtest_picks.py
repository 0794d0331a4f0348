"""The moves each strategy of bench/backtest.py makes, and what the optimizer's cards claimed.

    pick_move(strategy, lg, inputs, prep, taken) -> (drop, add, kind, MoveEval | None) | None
    horizon_claim(prep, inputs, move, end)       -> the card's season claim up to `end`
"""
from __future__ import annotations

import dataclasses
import datetime as dt

import numpy as np

PROTECT_TOP = 6
STRATEGIES = ("balanced", "this_week", "heuristic", "naive")


def _card(prep, mode: str, scoring: str, taken: set[str]):
    """The product's top card (`propose_moves`' floors, one card) among free agents not taken."""
    from services.optimizer.moves import scan_moves
    from services.optimizer.propose import MIN_GAIN, TIE

    from services.optimizer.propose import yield_soon_returns

    for floor in MIN_GAIN[scoring]:
        moves = scan_moves(prep, protect_top=PROTECT_TOP, limit=1, mode=mode,
                           accept=lambda d, a, k, g, s: s > TIE and g > floor and a not in taken)
        if moves and moves[0].kind == "ir":  # the card's own rule: a player likely back within 3 days yields
            swap = scan_moves(prep, protect_top=PROTECT_TOP, limit=1, mode=mode,
                              accept=lambda d, a, k, g, s: k == "swap" and s > TIE and g > floor and a not in taken)
            moves = yield_soon_returns(moves + swap)
        if moves:
            return moves[0]
    return None


def naive_key(lg, p, scoring: str) -> float:
    """The naive rule's measure: a player's season average (fantasy points, or category value)."""
    if scoring == "points":
        return lg.snapshot.players[p.player_id].season_avg.get("fpts", 0.0)
    return float(p.season_value or 0.0)


def heuristic_key(p, scoring: str, floor: float = 0.0) -> float:
    """The heuristic's measure: expected value x chance to play x games left (categories: the
    value above `floor`, the replacement level: z-sums are mostly negative, and a negative value
    x games would rank an injured free agent with no games first)."""
    per_game = p.expected.get("fpts", 0.0) if scoring == "points" else float(p.season_value or 0.0) - floor
    return per_game * p.availability * len(p.game_days)


def heuristic_floor(lg, scoring: str) -> float:
    """The replacement level `heuristic_key` measures categories values above (points: 0)."""
    from services.league.values import replacement_value

    return 0.0 if scoring == "points" else replacement_value(lg.snapshot, scoring)


def _naive(lg, inputs, scoring: str, taken: set[str]):
    def season(p) -> float:
        return naive_key(lg, p, scoring)

    pool = [p for p in inputs.free_agents if p.player_id not in taken]
    if not pool:
        return None
    add = max(pool, key=lambda p: (season(p), p.player_id))
    drop = min(inputs.roster, key=lambda p: (season(p), p.player_id))
    return drop.player_id, add.player_id


def _heuristic(prep, scoring: str, taken: set[str], floor: float = 0.0):
    from services.optimizer.moves import droppable

    def total(p) -> float:
        return heuristic_key(p, scoring, floor)

    inputs = prep.inputs
    drops = [inputs.roster[int(i)] for i in droppable(prep, (), PROTECT_TOP)]
    pool = [p for p in inputs.free_agents if p.player_id not in taken]
    if not pool or not drops:
        return None
    add = max(pool, key=lambda p: (total(p), p.player_id))
    drop = min(drops, key=lambda p: (total(p), p.player_id))
    return (drop.player_id, add.player_id) if total(add) - total(drop) > 0 else None


def pick_move(strategy: str, lg, inputs, prep, taken: set[str]):
    """(drop, add, kind, the optimizer's move or None) of one team, or None (standing pat)."""
    if strategy in ("balanced", "this_week"):
        m = _card(prep, strategy, inputs.scoring, taken)
        return None if m is None else (m.drop_id, m.add_id, m.kind, m)
    if strategy == "heuristic":
        pair = _heuristic(prep, inputs.scoring, taken, heuristic_floor(lg, inputs.scoring))
    else:
        pair = _naive(lg, inputs, inputs.scoring, taken)
    return None if pair is None else (*pair, "swap", None)


def horizon_claim(prep, inputs, move, end: dt.date) -> float:
    """The card's rest-of-season claim recomputed over the days up to `end` (the same model: the
    horizon of the data, so realized and claimed cover the same days)."""
    from services.optimizer.season import season_gains, season_table, within
    from services.optimizer.season_ir import ir_season_gains

    season = within(inputs.season, end=end + dt.timedelta(days=1))
    k = next(i for i, p in enumerate(inputs.roster) if p.player_id == move.drop_id)
    a = next(i for i, p in enumerate(inputs.free_agents) if p.player_id == move.add_id)
    if move.kind == "ir":
        return float(ir_season_gains(prep, season, k, inputs.ir_cut)[0][a])
    one = dataclasses.replace(season, free_agents=(season.free_agents[a],))
    return float(season_gains(season_table(prep, one), np.array([k]))[0][0, 0])
