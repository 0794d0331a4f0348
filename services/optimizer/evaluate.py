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


def evaluate_move(inputs: OptimizerInputs, drop_id: str, add_id: str, protect_top: int = 6) -> MoveVerdict:
    """Scores dropping `drop_id` (on the roster) for `add_id` (a free agent in the inputs)."""
    roster_ids = [p.player_id for p in inputs.roster]
    fa_ids = [p.player_id for p in inputs.free_agents]
    if drop_id not in roster_ids:
        raise ValueError(f"{drop_id} is not on the roster")
    if add_id not in fa_ids:
        raise ValueError(f"{add_id} is not among the free agents")
    prep = prepare(inputs)
    allowed = droppable(prep, (), protect_top)
    drop_row = roster_ids.index(drop_id)
    drops = np.array(sorted(set(allowed.tolist()) | {drop_row}), dtype=int)
    table = scan_table(prep, drops)
    r_user = int(np.flatnonzero(drops == drop_row)[0])
    a_user = fa_ids.index(add_id)
    allowed_rows = np.flatnonzero(np.isin(drops, allowed))
    same = _best(table, allowed_rows, np.array([a_user]))
    overall = _best(table, allowed_rows, np.arange(len(fa_ids)))
    alt = lambda hit: move_eval(prep, table, *hit) if hit else None  # noqa: E731
    protected = None
    if drop_row not in set(allowed.tolist()):
        star = inputs.star_value
        protected = "star" if star is not None and per_game_value(prep, drop_row) >= star else "top"
    return MoveVerdict(move=move_eval(prep, table, r_user, a_user), protected=protected,
                       best_same_add=alt(same), best_overall=alt(overall))
