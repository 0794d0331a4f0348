"""A team's best free moves: the waiver adds it could make anyway, the baseline a trade is measured over.

A trade that only fills a dead roster spot (cuts a player who does not play for one who does) gains
what the waiver wire gives for free. So each side's gain is measured from its roster AFTER its own
best free moves (`free_moves`), not from the roster as it stands:

    gain = value(the trade applied to the wire roster, fitted to 13) - value(the wire roster)

The free moves are greedy swaps, best first: each step drops one of the roster's `DROP_POOL`
smallest marginal lineup values and adds one of the `ADD_POOL` free agents with the most
rest-of-season value, the pair that raises the roster's exact lineup value most (services.trades
.value); it stops when no swap gains `MIN_FREE_GAIN` of the roster's value, or after
`MAX_FREE_MOVES` swaps. An open roster spot is filled first (the best free agent by lineup value).
An OUT player counts the IR slot (`ir_room`): while the team has a free IR slot he goes there, so
an open spot is filled without a drop (his return is counted in the lineup value without the cut
it would force: the team's baseline is a little high, so its trade gains are a little low).

Claims (`league_wires`): a free agent two teams' free moves want cannot be added by both. Teams
claim one after another in `claim_order` (each team's moves draw on what the teams before it left):
the history holds no waiver order (the demo's managers claim in reverse draft order, the user adds
at once; ESPN's order is not read), so the order is the assumption said here and in docs/trades.md:
team id order, team 1 (the user's) first. A later team's baseline is lower for it, so its trade
gains are a little higher.
"""
from __future__ import annotations

import dataclasses
import weakref

from services.league.slots import ROSTER_SIZE
from services.trades.value import Valuer

MAX_FREE_MOVES = 4  # swaps a team could make anyway (the demo league has no acquisition limit; later ones gain little)
ADD_POOL = 6  # free agents tried per step: the best by rest-of-season value
DROP_POOL = 3  # roster players tried per step: the smallest marginal lineup values
# An AI manager accepts a trade that gains him at least 0.5% of his rest-of-season value over his
# own best free moves (about 65 fantasy points in the demo league, two games of a good starter):
# the gain a person notices over a season's noise, and the share under which evaluate_trade calls a
# side's gain "about even", so a manager accepts exactly when the verdict says he gains.
ACCEPT_MARGIN = 0.005
MIN_FREE_GAIN = 0.0025  # a swap worth making gains at least 0.25% of the roster's value (~30 fantasy points)


@dataclasses.dataclass(frozen=True)
class FreeMove:
    drop: str | None  # None: an open roster spot filled
    add: str
    gain: float  # the roster's lineup value change (unit)


@dataclasses.dataclass(frozen=True)
class Wire:
    """A roster after its best free moves."""

    start: tuple[str, ...]  # the roster as it stands
    ids: tuple[str, ...]  # after the free moves (the players in `ir` among them)
    moves: tuple[FreeMove, ...]
    value: float  # the rest-of-season lineup value of `ids`
    ir: tuple[str, ...] = ()  # OUT players counted in the IR slot (not against the 13)
    pool: tuple[str, ...] = ()  # the free agents these moves could draw on (what earlier claims left)

    @property
    def added(self) -> set[str]:
        return {m.add for m in self.moves}

    @property
    def left(self) -> list[str]:
        """The free agents still there for this team after its moves."""
        return [p for p in self.pool if p not in self.added]


def ir_room(lg, team: int, ids) -> tuple[str, ...]:
    """The OUT players of `ids` the team's free IR slots can hold (the longest missed streak first:
    the one most likely to stay out)."""
    from services.league.slots import IR_SLOTS

    free = max(0, IR_SLOTS - len(lg.ir_ids(team)))
    out = sorted((p for p in ids if lg.snapshot.players[p].status == "OUT"),
                 key=lambda p: (-lg.snapshot.players[p].missed_in_row, p))
    return tuple(out[:free])


def claim_order(lg) -> list[int]:
    """The order teams' free moves claim in: team id order (the assumption of the module docstring)."""
    return sorted(lg.team_ids)


def league_wires(lg, valuer_of, pool, keep=None) -> dict[int, "Wire"]:
    """Every team's free moves, claimed in `claim_order`: what one team's moves add is gone for the
    teams after it. `valuer_of(team)`: the Valuer that team values by; `keep`: team -> never dropped."""
    taken: set[str] = set()
    out = {}
    for t in claim_order(lg):
        ids = lg.roster_ids(t)
        w = free_moves(valuer_of(t), ids, [p for p in pool if p not in taken], (keep or {}).get(t, ()),
                       ir=ir_room(lg, t, ids))
        taken |= w.added
        out[t] = w
    return out


def ranked_pool(v: Valuer, pool) -> list[str]:
    """Free agents, the most rest-of-season value first."""
    return sorted(pool, key=lambda p: (-v.ros_total(p), p))


_KNOWN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # league view -> {(punt, roster, pool, keep): Wire}


def free_moves(v: Valuer, ids, pool, keep=(), limit: int = MAX_FREE_MOVES, ir=()) -> Wire:
    """`ids` after its best free moves from `pool` (free agents; `keep`: players never dropped; `ir`:
    its OUT players in the IR slot, `ir_room`). Kept per league view and inputs: the finder, evaluate
    and the managers' answers ask for the same teams' free moves again and again (a roster or pool
    that changed is another key). One team alone; `league_wires` resolves the claims between teams."""
    key = (v.punt, tuple(ids), tuple(sorted(pool)), tuple(sorted(keep)), limit, tuple(ir))
    known = _KNOWN.setdefault(v.lg, {})
    if key not in known:
        known[key] = _free_moves(v, ids, pool, keep, limit, tuple(ir))
    return known[key]


def _free_moves(v: Valuer, ids, pool, keep, limit: int, ir: tuple[str, ...]) -> Wire:
    start = tuple(ids)
    ids = list(ids)
    fas = [p for p in ranked_pool(v, pool) if p not in ids]
    total = v.total(ids)
    moves: list[FreeMove] = []
    keep = set(keep) | set(ir)  # a player in the IR slot is not the one dropped
    while len(ids) < ROSTER_SIZE + len(ir) and fas:  # an open spot: the free agent who adds most fills it
        gain, add = max((v.total([*ids, a]) - total, a) for a in fas[:ADD_POOL])
        ids.append(add)
        fas.remove(add)
        moves.append(FreeMove(None, add, gain))
        total += gain
    floor = MIN_FREE_GAIN * abs(total)
    for _ in range(limit):
        loss = sorted((total - v.total([q for q in ids if q != p]), p) for p in ids if p not in keep)
        best = None
        for _, d in loss[:DROP_POOL]:
            rest = [q for q in ids if q != d]
            for a in fas[:ADD_POOL]:
                gain = v.total([*rest, a]) - total
                if best is None or gain > best[0]:
                    best = (gain, d, a)
        if best is None or best[0] < floor:
            break
        gain, d, a = best
        ids = [a if q == d else q for q in ids]
        fas.remove(a)
        moves.append(FreeMove(d, a, gain))
        total += gain
    return Wire(start, tuple(ids), tuple(moves), total, ir, tuple(pool))
