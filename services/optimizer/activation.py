"""Activation moves: a player in the IR slot is back, so one of the 14 has to go.

Approving an IR move never approves this later drop: when the IR player is no longer OUT, the
inputs carry him in `ir_back`, and this module makes his own card: he comes back to the roster
and the player cut is the one the user named (`inputs.ir_cut`), else the lowest rest-of-season
total of the 13 (`season.SeasonPlayer.total`; without season inputs, per-game value x play
probability x games this week). The card's numbers are the swap's (cut out, him in), against
leaving him in the IR slot. Pure like the rest of the optimizer.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from services.optimizer.models import MoveEval, OptimizerInputs


def _cut_row(inputs: OptimizerInputs, back_id: str) -> int:
    ids = [p.player_id for p in inputs.roster]
    if inputs.ir_cut in ids:
        return ids.index(inputs.ir_cut)
    if inputs.season is not None:
        return min(range(len(ids)), key=lambda i: (inputs.season.roster[i].total(), i))
    value = [(p.season_value or 0.0) * p.availability * len(p.game_days) for p in inputs.roster]
    return min(range(len(ids)), key=lambda i: (value[i], i))


def activation_moves(inputs: OptimizerInputs) -> list[MoveEval]:
    """One activation per IR player who is back, in IR order."""
    from services.optimizer.moves import move_eval
    from services.optimizer.scan import scan_table
    from services.optimizer.weekly import prepare

    out = []
    for n, back in enumerate(inputs.ir_back):
        season = inputs.season
        if season is not None:
            season = dataclasses.replace(season, free_agents=(season.ir_back[n],), ir_back=())
        one = dataclasses.replace(inputs, free_agents=(back,), ir_back=(), ir_slots_free=0, season=season)
        prep = prepare(one)
        cut = _cut_row(one, back.player_id)
        drops = np.array([cut])
        table = scan_table(prep, drops)
        season_gain = None
        if season is not None:
            from services.optimizer.season import season_gains, season_table

            season_gain = float(season_gains(season_table(prep, season), drops)[0][0, 0])
        m = move_eval(prep, table, 0, 0, "activate", season_gain)
        cut_p = one.roster[cut]
        why = ("the player you named" if inputs.ir_cut == cut_p.player_id
               else "the lowest rest-of-season value of the 14")
        reasons = (f"{back.label} is back ({back.status}, plays with prob. {back.availability:.0%}): he leaves the "
                   f"IR slot and one player has to go, {cut_p.label} ({why})", *m.reasons)
        out.append(dataclasses.replace(m, reasons=reasons, cut_id=cut_p.player_id, cut_name=cut_p.label))
    return out
