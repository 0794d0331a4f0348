"""A roster after a trade: the forced cut or the open spot filled, as it stands or after the free moves.

`after_roster` applies the players in and out and fits the result to 13 (the lowest rest-of-season
value cut, or the user's choice; an open spot taken by the best free agent); `wire_after` and
`wire_gain` apply the trade to a team's roster after its best free moves (services.trades.wire),
the baseline each side's gain is measured over (services.trades.evaluate).
"""
from __future__ import annotations

from services.league.slots import ROSTER_SIZE
from services.models import ServiceError
from services.trades.value import Valuer
from services.trades.wire import Wire


def after_roster(v: Valuer, team: int, out_ids: list[str], in_ids: list[str], chosen_cut: list[str] = (),
                 free_agents: list[str] | None = None,
                 base: list[str] | tuple[str, ...] | None = None,
                 ir=()) -> tuple[list[str], list[str], str | None, list[str]]:
    """(active roster after the trade, cut, cut rule, pickup): a roster over 13 cuts the lowest
    rest-of-season value (or the user's choice first); one under 13 takes the best free agent.
    `base`: the roster the trade is applied to (default: the team's as it stands; a `Wire`'s ids
    for the gain over the free moves); `ir`: players of `base` in the IR slot (a `Wire`'s), who do
    not count against the 13 while they stay."""
    lg = v.lg
    start = lg.roster_ids(team) if base is None else list(base)
    after = [p for p in start if p not in out_ids] + list(in_ids)  # given from IR: frees IR only
    over = len(after) - ROSTER_SIZE - sum(p in after for p in ir)  # IR players do not count against the 13
    if over > 0:
        bad = [p for p in chosen_cut if p not in after]
        if bad:
            raise ServiceError(f"{lg.snapshot.players[bad[0]].ref.name} would not be on the roster after the trade: "
                               f"cut someone who is.")
        ranked = sorted((p for p in after if p not in ir), key=lambda p: (v.ros_total(p), p))
        cut = (list(chosen_cut) + [p for p in ranked if p not in chosen_cut])[:over]
        return [p for p in after if p not in cut], cut, "your choice" if chosen_cut else "lowest rest-of-season value", []
    if over < 0:  # an open spot: the best free agent by rest-of-season value takes it
        pool = lg.free_agent_ids() if free_agents is None else free_agents
        pickup = sorted((p for p in pool if p not in after), key=lambda p: (-v.ros_total(p), p))[:-over]
        return after + pickup, [], None, pickup
    return after, [], None, []


def wire_after(v: Valuer, w: Wire, team: int, out_ids, in_ids, fas: list[str], chosen_cut=()) -> list[str]:
    """The trade applied to the wire roster `w`: the open spot filled from the free agents the free
    moves left (of those the earlier claims left it: `w.pool`); the cut the user's choice when it is
    still on that roster, else the lowest rest-of-season value; its IR slot's player kept out of the 13."""
    pool = w.left
    cut = [p for p in chosen_cut if p in w.ids or p in in_ids]
    after, *_ = after_roster(v, team, list(out_ids), list(in_ids), cut, free_agents=pool, base=w.ids, ir=w.ir)
    return after


def wire_gain(v: Valuer, w: Wire, team: int, out_ids, in_ids, fas: list[str], chosen_cut=()) -> tuple[float, float]:
    """(value of the trade applied to the wire roster `w`, its gain over `w.value`)."""
    value = v.total(wire_after(v, w, team, out_ids, in_ids, fas, chosen_cut))
    return value, value - w.value
