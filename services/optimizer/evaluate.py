"""The user's own move and the user's own player, judged by the optimizer itself.

    verdict = evaluate_move(inputs, drop_id, add_id, mode="balanced")
    verdict.move (week gain, season_gain, score), verdict.protected, verdict.better
    hold = hold_verdict(inputs, player_id, mode="balanced")

Both run `scan_moves`, the optimizer's own scan and ranking (week gain, rest-of-season change,
the mode's key, IR moves), so what is said about a named move or player agrees with what the
optimizer offers. The user's drop is allowed for the evaluation only.
"""
from __future__ import annotations

import dataclasses

from services.optimizer.models import MoveEval, OptimizerInputs
from services.optimizer.moves import droppable, per_game_value, scan_moves
from services.optimizer.weekly import prepare

TIE = 1e-6  # scores closer than this are equal
TOP_SCAN = 30  # the optimizer's top offers are among this many best-scored moves


def offerable(m: MoveEval) -> bool:
    """What the optimizer would offer: a positive ranking key in its mode (balanced may accept a
    small loss this week for the season; this-week-only needs a gain this week)."""
    return m.score > 0


@dataclasses.dataclass(frozen=True)
class MoveVerdict:
    """The named move and the optimizer's view of it."""

    move: MoveEval
    protected: str | None  # why the optimizer never drops him on its own: "star" (league-wide), "top" (roster)
    best_same_add: MoveEval | None  # the optimizer's best offer adding the same player (another drop, or IR)
    best_overall: MoveEval | None  # the optimizer's top offer

    @property
    def better(self) -> list[MoveEval]:
        """Offers the optimizer ranks above the named move, best first: a higher key in the mode,
        or the same key without dropping a protected player."""
        out: list[MoveEval] = []
        for alt in (self.best_same_add, self.best_overall):
            if alt is None or _same(alt, self.move) or any(_same(alt, m) for m in out):
                continue
            if alt.score > self.move.score + TIE or (self.protected and alt.score >= self.move.score - TIE):
                out.append(alt)
        return sorted(out, key=lambda m: -m.score)


@dataclasses.dataclass(frozen=True)
class HoldVerdict:
    """What the optimizer would do with one of my players."""

    player_id: str
    hold: bool  # False when the optimizer's top offer drops him (an IR move keeps him)
    protected: str | None
    top_move: MoveEval | None  # the optimizer's top offer (None: stand pat)
    best_if_dropped: MoveEval | None  # the best-ranked swap that drops him (allowed for this check)


def _same(a: MoveEval, b: MoveEval) -> bool:
    return (a.drop_id, a.add_id, a.kind) == (b.drop_id, b.add_id, b.kind)


def only_free_agent(inputs: OptimizerInputs, add_id: str) -> OptimizerInputs:
    """The inputs with one free agent (the season inputs, aligned by index, cut the same way)."""
    idx = [i for i, p in enumerate(inputs.free_agents) if p.player_id == add_id]
    if not idx:
        raise ValueError(f"{add_id} is not among the free agents")
    season = inputs.season
    if season is not None:
        season = dataclasses.replace(season, free_agents=tuple(season.free_agents[i] for i in idx))
    return dataclasses.replace(inputs, free_agents=tuple(inputs.free_agents[i] for i in idx), season=season)


def protection(inputs: OptimizerInputs, player_id: str, protect_top: int = 6) -> str | None:
    """Why the optimizer never offers this drop on its own ("star", "top"), or None."""
    prep = prepare(dataclasses.replace(inputs, free_agents=(), season=None))
    ids = [p.player_id for p in inputs.roster]
    if player_id not in ids:
        raise ValueError(f"{player_id} is not on the roster")
    row = ids.index(player_id)
    if row in set(droppable(prep, (), protect_top).tolist()):
        return None
    star = inputs.star_value
    return "star" if star is not None and per_game_value(prep, row) >= star else "top"


def top_offer(inputs: OptimizerInputs, mode: str, protect_top: int = 6) -> MoveEval | None:
    return next((m for m in scan_moves(inputs, protect_top=protect_top, limit=TOP_SCAN, mode=mode)
                 if offerable(m)), None)


def evaluate_move(inputs: OptimizerInputs, drop_id: str, add_id: str, mode: str = "balanced",
                  protect_top: int = 6, kind: str = "swap") -> MoveVerdict:
    """Scores dropping `drop_id` (on the roster) for `add_id` (a free agent in the inputs); `kind`
    "ir": moving `drop_id` to IR for `add_id` instead (the scan's own IR move: an OUT player, an open
    slot), so an IR option the cards did not show is valued on the cards' numbers."""
    protected = protection(inputs, drop_id, protect_top) if kind == "swap" else None
    single = only_free_agent(inputs, add_id)
    mine = next((m for m in scan_moves(single, allow_drop={drop_id}, protect_top=protect_top, mode=mode)
                 if m.drop_id == drop_id and m.kind == kind), None)
    if mine is None:  # only an IR move can be missing: he is not OUT, or no IR slot is open
        raise ValueError("he cannot go to IR now (only an OUT player, with an IR slot open)")
    same = next((m for m in scan_moves(single, protect_top=protect_top, mode=mode) if offerable(m)), None)
    return MoveVerdict(mine, protected, same, top_offer(inputs, mode, protect_top))


def hold_verdict(inputs: OptimizerInputs, player_id: str, mode: str = "balanced", protect_top: int = 6) -> HoldVerdict:
    """Whether the optimizer keeps `player_id`: he goes only when its top offer drops him."""
    protected = protection(inputs, player_id, protect_top)
    top = top_offer(inputs, mode, protect_top)
    dropped = next((m for m in scan_moves(inputs, allow_drop={player_id}, protect_top=protect_top, mode=mode,
                                          per_player=1) if m.drop_id == player_id and m.kind == "swap"), None)
    hold = top is None or top.drop_id != player_id or top.kind == "ir"
    return HoldVerdict(player_id, hold, protected, top, dropped)
