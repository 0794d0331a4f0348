"""Activation moves: a player in the IR slot is back, so the roster of 13 has to make room.

Approving an IR move never approves this later move: when the IR player is no longer OUT, the
inputs carry him in `ir_back`, and this module makes his own card. He comes back to the roster
and, as a manager would do it:

- when another rostered player is OUT (IR-eligible) and the user named no cut, that player takes
  the IR slot he leaves and nobody is dropped ("activate_ir"; with two or more OUT, the one with
  the lowest rest-of-season total, the least likely to help). Its season figure is the IR move's
  (`season_ir.ir_season_gains`, the returning player as the one added): when the OUT player is
  back in his turn, one player has to go, and the card names him;
- else one player is cut ("activate"): the one the user named (`inputs.ir_cut`), else the lowest
  rest-of-season total of the 13 (`season.SeasonPlayer.total`; without season inputs, per-game
  value x play probability x games this week).

The card's numbers are the swap's (the cut or the OUT player out, him in), against leaving him in
the IR slot. Pure like the rest of the optimizer.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from services.optimizer.models import MoveEval, OptimizerInputs


def _totals(inputs: OptimizerInputs) -> list[float]:
    """Each roster player's rest-of-season total (the week's, without season inputs)."""
    if inputs.season is not None:
        return [p.total() for p in inputs.season.roster]
    return [(p.season_value or 0.0) * p.availability * len(p.game_days) for p in inputs.roster]


def _cut_row(inputs: OptimizerInputs) -> int:
    ids = [p.player_id for p in inputs.roster]
    if inputs.ir_cut in ids:
        return ids.index(inputs.ir_cut)
    totals = _totals(inputs)
    rows = [i for i in range(len(ids)) if ids[i] not in inputs.keep] or list(range(len(ids)))  # never one he keeps
    return min(rows, key=lambda i: (totals[i], i))


def to_ir_row(inputs: OptimizerInputs) -> int | None:
    """The OUT player who takes the IR slot the returning player leaves (None: nobody is OUT, or
    the user named the cut)."""
    if inputs.ir_cut in {p.player_id for p in inputs.roster}:
        return None
    totals = _totals(inputs)
    outs = [i for i, p in enumerate(inputs.roster) if p.status == "OUT"]
    return min(outs, key=lambda i: (totals[i], i)) if outs else None


def activation_moves(inputs: OptimizerInputs) -> list[MoveEval]:
    """One activation per IR player who is back, in IR order (at most one moves an OUT player to
    IR: the slot he leaves holds one)."""
    from services.optimizer.moves import move_eval
    from services.optimizer.scan import scan_table
    from services.optimizer.weekly import prepare

    out, slot_used = [], False
    for n, back in enumerate(inputs.ir_back):
        season = inputs.season
        if season is not None:
            season = dataclasses.replace(season, free_agents=(season.ir_back[n],), ir_back=())
        one = dataclasses.replace(inputs, free_agents=(back,), ir_back=(), ir_slots_free=0, season=season)
        prep = prepare(one)
        to_ir = None if slot_used else to_ir_row(one)
        row = _cut_row(one) if to_ir is None else to_ir
        slot_used |= to_ir is not None
        drops = np.array([row])
        table = scan_table(prep, drops)
        season_gain, ret = None, None
        if season is not None:
            from services.optimizer.season import season_gains, season_table
            from services.optimizer.season_ir import ir_season_gains

            if to_ir is None:
                season_gain = float(season_gains(season_table(prep, season), drops)[0][0, 0])
            else:
                gains, returns = ir_season_gains(prep, season, row)
                cut = returns.cut_ids[0]
                season_gain = float(gains[0])
                ret = (returns.expected, (cut, _label(one, cut)), returns.back_share)
        kind = "activate" if to_ir is None else "activate_ir"
        m = move_eval(prep, table, 0, 0, kind, season_gain, ret=ret)
        moved = one.roster[row]
        if to_ir is None:
            why = ("the player you named" if inputs.ir_cut == moved.player_id
                   else "the lowest rest-of-season value of the 14")
            head = f"one player has to go, {moved.label} ({why})"
        else:
            head = f"{moved.label} is OUT and takes the IR slot he leaves: nobody is dropped"
        reasons = (f"{back.label} is back ({back.status}, plays with prob. {back.availability:.0%}): he leaves the "
                   f"IR slot and {head}", *m.reasons)
        if to_ir is None:  # "activate": the cut goes now; "activate_ir": the cut when the OUT player is back
            m = dataclasses.replace(m, cut_id=moved.player_id, cut_name=moved.label)
        out.append(dataclasses.replace(m, reasons=reasons))
    return out


def _label(inputs: OptimizerInputs, pid: str) -> str:
    return next((p.label for p in (*inputs.roster, *inputs.free_agents) if p.player_id == pid), pid)
