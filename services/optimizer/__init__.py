"""Deterministic lineup and move optimizer: pure functions over plain inputs.

    inputs = from_demo_league(lg)                 # or build OptimizerInputs by hand
    weekly_lineup(inputs) -> WeeklyLineup         # exact starters for every remaining day
    daily_lineup(inputs, day) -> DayLineup
    scan_moves(inputs, allow_drop=frozenset(), protect_top=6, limit=None) -> list[MoveEval]
    propose_moves(inputs, allow_drop, mode, limit, target_categories) -> Proposal  # the cards' moves

`reference` holds the slow re-solve-everything scan and `assign.brute_force` the exhaustive
checker; `season` values moves over the rest of the season (IR moves with the return and the
cut), `activation` makes the card of a player back from IR; `backtest` and `replay` score moves
against what really happened (never used for advice).
No clock, no randomness, no database reads outside `adapter` (the snapshot) and `backtest`.
"""
from services.optimizer.adapter import from_demo_league
from services.optimizer.models import (DayLineup, MoveEval, OptimizerInputs, PlayerInput,
                                       WeeklyLineup, as_json)
from services.optimizer.moves import scan_moves
from services.optimizer.propose import MIN_GAIN, Proposal, compatible, propose_moves
from services.optimizer.weekly import daily_lineup, prepare, weekly_lineup


def realized_gain(lg, move, team_id: int | None = None) -> float:
    """Realized gain of a move over the rest of the week (outcome data, for evaluation only)."""
    from services.optimizer.backtest import realized_gain as _realized

    return _realized(lg, move, team_id)


__all__ = ["MIN_GAIN", "DayLineup", "MoveEval", "OptimizerInputs", "PlayerInput", "Proposal", "WeeklyLineup", "as_json",
           "compatible", "daily_lineup", "from_demo_league", "prepare", "propose_moves", "realized_gain",
           "scan_moves", "weekly_lineup"]
