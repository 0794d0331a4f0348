"""`propose_moves`: the one move pipeline behind every set of roster-move cards.

The optimizer node, the `optimize_matchup` tool and the ESPN path all call it, so the same
league and question give the same moves whichever way a turn reaches them:

1. scan every allowed move over the inputs (every free agent of the inputs: the scan is exact,
   no candidate pool is cut short) ranked by the mode's score (`scan_moves`);
2. keep moves worth offering (score > 0) that chase the target categories, when some are named;
3. relax passes: a move must beat standing pat this week by the first floor of MIN_GAIN (points:
   1.0 fantasy point, categories: 0.05 categories won), else the second (0.25 / 0.01), else any
   gain at all; the first pass that leaves a move decides;
4. conflict removal (`compatible`): best first, no player dropped or added twice, no more IR moves
   than open IR slots, so approving one card never makes another impossible;
5. a player in the IR slot who is back gets his activation card first (`activation`): someone
   has to go, and approving the IR move earlier did not approve that drop.

Pure and deterministic like the rest of the optimizer: no clock, no reads.
"""
from __future__ import annotations

import dataclasses
from typing import Iterable, Sequence

from services.optimizer.activation import activation_moves
from services.optimizer.models import MoveEval, OptimizerInputs, PlayerInput
from services.optimizer.moves import scan_moves
from services.league.scoring import CATEGORIES, normalize_targets

# This week's gain a move must beat, relaxed pass by pass, in the league's unit (a categories
# week gain is a fraction of a category: 1.0 would ask a single move to flip a whole category).
MIN_GAIN = {"points": (1.0, 0.25, 0.0), "categories": (0.05, 0.01, 0.0)}
TIE = 1e-6  # scores at or below this are not worth offering


@dataclasses.dataclass(frozen=True)
class Pass:
    """One relax pass: the week-gain floor and how many ranked moves cleared it (worth offering,
    chasing the targets) up to the last one picked, conflicting ones included."""

    number: int
    min_gain: float
    cleared: int
    last: bool  # no more relaxed pass after this one


@dataclasses.dataclass(frozen=True)
class Proposal:
    """The moves to offer, best first and free of conflicts, and how they were found."""

    moves: tuple[MoveEval, ...]
    passes: tuple[Pass, ...]
    scanned_free_agents: int
    droppable: int
    target_categories: tuple[str, ...] = ()
    leaders_in: str | None = None  # the adds were held to the wire's leaders in this category
    leaders: tuple[str, ...] = ()  # those leaders' ids, best first

    @property
    def passes_run(self) -> int:
        return len(self.passes)


def compatible(moves: Iterable, ir_slots_free: int) -> list:
    """Best first, at most one move per dropped and per added player, and no more IR moves than
    open IR slots: approving one card of a turn never makes another impossible. The IR limit is
    applied while selecting, so an IR move skipped for want of a slot reserves neither player."""
    out, drops, adds, irs = [], set(), set(), 0
    for m in moves:
        if m.drop_id in drops or m.add_id in adds:
            continue
        if getattr(m, "kind", "swap") == "ir":
            if irs >= ir_slots_free:
                continue
            irs += 1
        out.append(m)
        drops.add(m.drop_id)
        adds.add(m.add_id)
    return out


def _per_game(p: PlayerInput, cat: str) -> float:
    col, _ = CATEGORIES[cat]
    if "/" in col:
        num, den = col.split("/")
        made, tries = float(p.expected.get(num, 0.0)), float(p.expected.get(den, 0.0))
        return made / tries if tries else 0.0
    return float(p.expected.get(col, 0.0))


def helps_targets(add: PlayerInput, drop: PlayerInput, targets: Sequence[str]) -> bool:
    """The added player's per-game line beats the dropped one's in at least one target category
    (turnovers: fewer is better). With no targets every move qualifies."""
    if not targets:
        return True
    for cat in targets:
        a, d = _per_game(add, cat), _per_game(drop, cat)
        better = a < d if not CATEGORIES[cat][1] else a > d
        if better:
            return True
    return False


LEADERS = 10  # "the best shot blocker": the adds are held to the wire's top 10 per game in BLK


def with_games(inputs: OptimizerInputs, least: int | None) -> list[str]:
    """The ids of `inputs`' free agents with at least `least` games on its remaining days ("the guy's
    gotta have 3 games left"): every free agent for None or 1."""
    days = set(inputs.days)
    return [p.player_id for p in inputs.free_agents if not least or least <= 1 or len(days & set(p.game_days)) >= least]


def wire_leaders(free_agents: Sequence[PlayerInput], category: str, n: int = LEADERS) -> tuple[str, ...]:
    """The free agents who lead the wire in `category` per game, best first: the players a
    superlative names ("the best shot blocker out there", "the top rebounder on the wire"). A player
    who is out is no one's pickup and is left out; ties go by name. A percentage ranks among players
    who take at least the median attempts of the wire (a 2-for-2 shooter leads nothing). Turnovers
    are no skill to pick up for: a ValueError says so."""
    (cat,) = normalize_targets([category])
    if cat == "TO":
        raise ValueError("leaders_in takes a category to chase (FG%, FT%, 3PM, REB, AST, STL, BLK, PTS), not TO.")
    pool = [p for p in free_agents if p.status != "OUT"]
    col, _ = CATEGORIES[cat]
    if "/" in col:
        tries = sorted(float(p.expected.get(col.split("/")[1], 0.0)) for p in pool)
        floor = tries[len(tries) // 2] if tries else 0.0
        pool = [p for p in pool if float(p.expected.get(col.split("/")[1], 0.0)) >= max(floor, 1e-9)]
    ranked = sorted(pool, key=lambda p: (-_per_game(p, cat), p.label))
    return tuple(p.player_id for p in ranked[:n])


class _Picker:
    """The `accept` of one relax pass: worth offering, chases the targets, clears the floor, and
    conflicts with no move picked before it (no player twice, IR slots)."""

    def __init__(self, floor: float, targets: Sequence[str], players: dict, ir_slots_free: int,
                 adds_from: frozenset[str] | None = None):
        self.floor, self.targets, self.players, self.ir_free = floor, targets, players, ir_slots_free
        self.adds_from = adds_from  # None: any free agent; else only these (a superlative's leaders)
        self.drops: set[str] = set()
        self.adds: set[str] = set()
        self.irs = 0
        self.cleared = 0

    def __call__(self, drop_id: str, add_id: str, kind: str, gain: float, score: float) -> bool:
        if score <= TIE or gain <= self.floor:
            return False
        if self.adds_from is not None and add_id not in self.adds_from:
            return False
        if not helps_targets(self.players[add_id], self.players[drop_id], self.targets):
            return False
        self.cleared += 1
        if drop_id in self.drops or add_id in self.adds or (kind == "ir" and self.irs >= self.ir_free):
            return False
        self.drops.add(drop_id)
        self.adds.add(add_id)
        self.irs += kind == "ir"
        return True


YIELD_DISCOUNT = 1.0  # the IR card's score counts x (1 - YIELD_DISCOUNT x p): chosen on the weeks before Dec 18 (below)


def keeps_ir_card(soon: float, ir_score: float, swap_score: float, discount: float = YIELD_DISCOUNT) -> bool:
    """Whether a top IR card stays above the set's best swap: his chance to play within 3 days under
    `reasons.SOON_YIELD` and its score, counted only if he stays out (x (1 - discount x p)), still over
    the swap's. `discount` 0 is session 14's threshold on p alone; bench/backtest_ir_audit.py's
    `yield_discount_grid` replays 0-4 in steps of 0.5 through this same predicate."""
    from services.optimizer.reasons import SOON_YIELD

    return soon < SOON_YIELD and ir_score * (1.0 - discount * soon) > swap_score


def yield_soon_returns(moves: list) -> list:
    """The best swap first when the top card puts on IR a player who may play within 3 days (issue
    #40: 4 of 12 top IR cards put on IR a player who played within 1-3 days). The IR card counts
    only if he stays out: its score x (1 - p), p his chance to play within 3 days (the return
    model's `soon`), is compared with the best swap's score, and at p >= `reasons.SOON_YIELD` it
    yields whatever the scores. A fixed threshold on p alone (session 14) kept every card under 20%,
    whose mean p is about 10%, so about one top IR card in ten was on a player about to play; where
    the best swap is nearly as good (categories: Barnes's swap scored 91% of his IR card's) a small p
    costs little to yield to. The discount 1 makes the score the card's value in the world where it
    holds; of 0-4 in steps of 0.5 it is the smallest that leaves no top IR card on a player who played
    within 3 days on the weeks before Dec 18 (`bench/backtest_ir_audit.py --json`, `ir_timing.
    yield_discount_grid`, which also reports the share before and after Dec 18). The set stays the
    same, so it stays conflict-free; the card says why (`keeps_ir_card`: the predicate)."""
    from services.optimizer.reasons import yield_text

    top = moves[0] if moves else None
    if top is None or top.kind != "ir" or top.returns is None:
        return moves
    i = next((i for i, m in enumerate(moves) if m.kind == "swap"), None)
    if i is None:
        return moves
    p, swap = top.returns.soon, moves[i]
    if keeps_ir_card(p, top.score, swap.score):
        return moves
    top = dataclasses.replace(top, reasons=(*top.reasons, yield_text(p, top.score, swap.score)))
    return [swap, top, *moves[1:i], *moves[i + 1:]]


def propose_moves(inputs: OptimizerInputs, allow_drop: Iterable[str] = frozenset(), mode: str = "balanced",
                  limit: int = 3, target_categories: Sequence[str] | None = None,
                  min_gain: Sequence[float] | None = None, leaders_in: str | None = None) -> Proposal:
    """The best conflict-free moves worth offering (see the module docstring for the steps).
    `leaders_in`: a superlative's category ("the best shot blocker": 'BLK'); every add is one of the
    wire's leaders in it (`wire_leaders`), and it is chased like a target category.

    The whole ranking is walked (conflict removal looks as deep as it must), so the result is the
    greedy best: card i is the best move compatible with cards 1..i-1."""
    from services.optimizer.moves import droppable
    from services.optimizer.weekly import prepare

    lead = normalize_targets([leaders_in])[0] if leaders_in else None
    targets = tuple(t for t in normalize_targets([*(target_categories or ()), *([lead] if lead else [])])
                    if t not in inputs.punt)  # never a punted one
    leaders = wire_leaders(inputs.free_agents, lead) if lead else ()
    prep = prepare(inputs)
    allow = frozenset(allow_drop)
    players = {p.player_id: p for p in (*inputs.roster, *inputs.free_agents)}
    passes: list[Pass] = []
    best: list[MoveEval] = []
    floors = tuple(min_gain or MIN_GAIN[inputs.scoring])
    back = activation_moves(inputs)[:limit]  # a player back from IR: his card comes first
    for number, floor in enumerate(floors, 1):
        if len(back) >= limit:
            break
        pick = _Picker(floor, targets, players, inputs.ir_slots_free, frozenset(leaders) if lead else None)
        pick.drops |= {m.drop_id for m in back}
        pick.adds |= {m.add_id for m in back}
        best = yield_soon_returns(scan_moves(prep, allow_drop=allow, limit=limit - len(back), mode=mode, accept=pick))
        passes.append(Pass(number, floor, pick.cleared, number == len(floors)))
        if best:
            break
    return Proposal((*back, *best), tuple(passes), len(inputs.free_agents), len(droppable(prep, allow)), targets,
                    lead, leaders)
