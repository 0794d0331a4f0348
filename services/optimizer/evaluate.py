"""The user's own move, evaluated exactly: its gain, whether the optimizer protects the drop, and
the optimizer's better alternatives (the best drop for the same add, the best move overall).

    verdict = evaluate_move(inputs, drop_id, add_id)
    verdict.move.gain, verdict.protected, verdict.best_same_add, verdict.best_overall

One scan of the same table the optimizer uses (`scan_table`), so the user's move and the
alternatives are scored by the same numbers: the user's drop is allowed for this evaluation only.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from services.optimizer.models import MoveEval, OptimizerInputs
from services.optimizer.moves import droppable, move_eval, per_game_value
from services.optimizer.scan import scan_table
from services.optimizer.weekly import prepare

TIE = 1e-6  # gains closer than this are equal


@dataclasses.dataclass(frozen=True)
class MoveVerdict:
    """The named move and the optimizer's view of it."""

    move: MoveEval
    protected: str | None  # why the optimizer never offers this drop on its own: "star" (league-wide), "top" (roster)
    best_same_add: MoveEval | None  # the best allowed drop for the same added player
    best_overall: MoveEval | None  # the optimizer's top move (allowed drops, every free agent)

    @property
    def better(self) -> list[MoveEval]:
        """Alternatives the optimizer prefers to the named move, best first, without repeats.

        Better means a higher expected gain, or the same gain without dropping a protected player.
        """
        out: list[MoveEval] = []
        for alt in (self.best_same_add, self.best_overall):
            if alt is None or (alt.drop_id, alt.add_id) == (self.move.drop_id, self.move.add_id):
                continue
            if any((m.drop_id, m.add_id) == (alt.drop_id, alt.add_id) for m in out):
                continue
            if alt.gain > self.move.gain + TIE or (self.protected and alt.gain >= self.move.gain - TIE):
                out.append(alt)
        return sorted(out, key=lambda m: -m.gain)


def _best(table, rows: np.ndarray, cols: np.ndarray) -> tuple[int, int] | None:
    """(row, column) of the highest gain among the given rows and columns (ties: first)."""
    if not len(rows) or not len(cols):
        return None
    sub = np.round(table.gain[np.ix_(rows, cols)], 9)
    i, j = np.unravel_index(int(np.argmax(sub)), sub.shape)
    return int(rows[i]), int(cols[j])


def _scan_with(inputs: OptimizerInputs, drop_id: str, protect_top: int):
    """(prep, table, the user's row in the table, allowed rows, protection reason) with `drop_id`
    allowed for this evaluation only."""
    roster_ids = [p.player_id for p in inputs.roster]
    if drop_id not in roster_ids:
        raise ValueError(f"{drop_id} is not on the roster")
    prep = prepare(inputs)
    allowed = droppable(prep, (), protect_top)
    drop_row = roster_ids.index(drop_id)
    drops = np.array(sorted(set(allowed.tolist()) | {drop_row}), dtype=int)
    table = scan_table(prep, drops)
    protected = None
    if drop_row not in set(allowed.tolist()):
        star = inputs.star_value
        protected = "star" if star is not None and per_game_value(prep, drop_row) >= star else "top"
    return prep, table, int(np.flatnonzero(drops == drop_row)[0]), np.flatnonzero(np.isin(drops, allowed)), protected


def evaluate_move(inputs: OptimizerInputs, drop_id: str, add_id: str, protect_top: int = 6) -> MoveVerdict:
    """Scores dropping `drop_id` (on the roster) for `add_id` (a free agent in the inputs)."""
    fa_ids = [p.player_id for p in inputs.free_agents]
    if add_id not in fa_ids:
        raise ValueError(f"{add_id} is not among the free agents")
    prep, table, r_user, allowed_rows, protected = _scan_with(inputs, drop_id, protect_top)
    a_user = fa_ids.index(add_id)
    same = _best(table, allowed_rows, np.array([a_user]))
    overall = _best(table, allowed_rows, np.arange(len(fa_ids)))
    alt = lambda hit: move_eval(prep, table, *hit) if hit else None  # noqa: E731
    return MoveVerdict(move=move_eval(prep, table, r_user, a_user), protected=protected,
                       best_same_add=alt(same), best_overall=alt(overall))


@dataclasses.dataclass(frozen=True)
class HoldVerdict:
    """What the optimizer would do with one of my players: keep him, or drop him in its top move."""

    player_id: str
    hold: bool  # False when the optimizer's top move (gain > 0) drops him
    protected: str | None  # "star" | "top" | None, as in MoveVerdict
    top_move: MoveEval | None  # the optimizer's top move with a positive gain (None: stand pat)
    best_if_dropped: MoveEval | None  # the best move that drops him (his drop allowed for this check)


def hold_verdict(inputs: OptimizerInputs, player_id: str, protect_top: int = 6) -> HoldVerdict:
    """Whether the optimizer keeps `player_id`: he is dropped only when its top move drops him."""
    prep, table, row, allowed_rows, protected = _scan_with(inputs, player_id, protect_top)
    n_fa = len(inputs.free_agents)
    top = _best(table, allowed_rows, np.arange(n_fa))
    mine = _best(table, np.array([row]), np.arange(n_fa))
    top_move = move_eval(prep, table, *top) if top and table.gain[top] > TIE else None
    best_if_dropped = move_eval(prep, table, *mine) if mine else None
    hold = top_move is None or top_move.drop_id != player_id
    return HoldVerdict(player_id, hold, protected, top_move, best_if_dropped)
