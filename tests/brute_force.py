"""Brute force over the optimizer's inputs (points scoring), written apart from services.optimizer.

Used by tests to say which roster move is best: every (drop, add) pair of an `OptimizerInputs` is
scored by re-solving each remaining day's lineup exhaustively (every player on the bench or in
a free slot he is eligible for), with fantasy points computed here from ESPN's weights.

A day's lineup with one added player is the better of "he sits" and "he takes slot s" for each
slot s he is eligible for, so the scan solves (days x drops x slot types) small lineups instead
of one per pair; each of them is still an exhaustive search.

    bf = BruteForce(inputs)
    bf.gain(drop_id, add_id)       # exact expected gain of one move
    bf.best_moves(k, allow_drop)   # the optimizer's cards: best first, no player twice, gain > 0
"""
from __future__ import annotations

from functools import lru_cache

# ESPN's default points weights, written out here (not read from services.scoring).
WEIGHTS = {"pts": 1, "fg3m": 1, "fga": -1, "fgm": 2, "fta": -1, "ftm": 1, "reb": 1, "ast": 2, "stl": 4,
           "blk": 4, "tov": -2}
TIE = 1e-6
PROTECT_TOP = 6  # the product's rule: my 6 best players by per-game value, and league-wide stars


def per_game_points(expected: dict) -> float:
    return sum(w * float(expected.get(k, 0.0) or 0.0) for k, w in WEIGHTS.items())


def day_value(players: list[tuple[frozenset, float]], slots: tuple[tuple[str, int], ...]) -> float:
    """Best lineup value of one day by exhaustive search: each player sits or takes a free slot."""
    players = [p for p in players if p[1] > 0]
    names = [s for s, _ in slots]

    @lru_cache(maxsize=None)
    def best(i: int, left: tuple[int, ...]) -> float:
        if i == len(players):
            return 0.0
        elig, value = players[i]
        out = best(i + 1, left)  # he sits
        for j, name in enumerate(names):
            if left[j] and name in elig:
                out = max(out, value + best(i + 1, left[:j] + (left[j] - 1,) + left[j + 1:]))
        return out

    return best(0, tuple(n for _, n in slots))


class BruteForce:
    """Exact move gains over one team's remaining week (points scoring)."""

    def __init__(self, inputs):
        if inputs.scoring != "points":
            raise ValueError("the brute force covers points scoring")
        self.inputs = inputs
        self.slots = tuple((s, int(n)) for s, n in inputs.slots.items())
        self.roster = [self._player(p) for p in inputs.roster]
        self.free_agents = [self._player(p) for p in inputs.free_agents]
        self.roster_ids = [p.player_id for p in inputs.roster]
        self.fa_ids = [p.player_id for p in inputs.free_agents]
        self.base = sum(self._day(d, None) for d in inputs.days)
        self._without: dict = {}

    @staticmethod
    def _player(p) -> tuple[frozenset, float, frozenset]:
        return frozenset(p.eligible), per_game_points(p.expected) * p.availability, frozenset(p.game_days)

    def _day(self, day, drop: int | None, slots=None) -> float:
        playing = [(e, v) for i, (e, v, days) in enumerate(self.roster) if i != drop and day in days]
        return day_value(playing, slots or self.slots)

    def _fewer(self, slot: str) -> tuple[tuple[str, int], ...]:
        return tuple((s, n - (s == slot)) for s, n in self.slots)

    def _table(self, drop: int) -> dict:
        """Per day: the lineup without `drop`, and without him and one slot of each type."""
        if drop not in self._without:
            self._without[drop] = {d: (self._day(d, drop), {s: self._day(d, drop, self._fewer(s))
                                                             for s, n in self.slots if n})
                                   for d in self.inputs.days}
        return self._without[drop]

    def gain(self, drop_id: str, add_id: str) -> float:
        k, a = self.roster_ids.index(drop_id), self.fa_ids.index(add_id)
        return self._gain(k, a)

    def _gain(self, k: int, a: int) -> float:
        elig, value, days = self.free_agents[a]
        total = 0.0
        for d, (sits, fewer) in self._table(k).items():
            best = sits
            if d in days and value > 0:
                best = max([sits] + [value + v for s, v in fewer.items() if s in elig])
            total += best
        return total - self.base

    def allowed_drops(self, allow_drop: set[str] = frozenset()) -> list[int]:
        """Roster rows the optimizer may offer as drops: not one of my top 6 by per-game value,
        not a league-wide star, unless the user named him."""
        value = [p.season_value if p.season_value is not None else per_game_points(p.expected)
                 for p in self.inputs.roster]
        order = sorted(range(len(value)), key=lambda i: (-value[i], i))
        star = self.inputs.star_value
        protected = set(order[:PROTECT_TOP]) | {i for i, v in enumerate(value) if star is not None and v >= star}
        return [i for i in range(len(value)) if i not in protected or self.roster_ids[i] in allow_drop]

    def ranked(self, allow_drop: set[str] = frozenset(), adds: list[str] | None = None) -> list[tuple[str, str, float]]:
        """Every allowed (drop, add, gain), best first (ties: roster order, then free-agent order)."""
        cols = range(len(self.fa_ids)) if adds is None else [self.fa_ids.index(x) for x in adds]
        rows = [(round(self._gain(k, a), 9), k, a) for k in self.allowed_drops(allow_drop) for a in cols]
        rows.sort(key=lambda r: (-r[0], r[1], r[2]))
        return [(self.roster_ids[k], self.fa_ids[a], g) for g, k, a in rows]

    def best_moves(self, k: int = 3, allow_drop: set[str] = frozenset()) -> list[tuple[str, str, float]]:
        """The best positive moves, no player in two of them, best first."""
        out, drops, adds = [], set(), set()
        for drop, add, g in self.ranked(allow_drop):
            if g <= TIE or len(out) == k:
                break
            if drop not in drops and add not in adds:
                out.append((drop, add, g))
                drops.add(drop)
                adds.add(add)
        return out

    def weekly_total(self) -> float:
        return self.base


def cards_match(cards: list[dict], bf: BruteForce, allow_drop: set[str] = frozenset(), tol: float = 0.051,
                complete: bool = True) -> list[str]:
    """Problems with a set of optimizer cards against brute force (empty: exact up to ties).

    Card i must be a best move among the pairs that do not reuse a player of cards 0..i-1, and
    its stated gain must be the brute-force gain. With `complete`, no positive move may be left
    out when fewer than three cards are offered and a non-conflicting positive move remains.
    """
    problems, drops, adds = [], set(), set()
    ranked = bf.ranked(allow_drop)
    for i, c in enumerate(cards):
        pool = [r for r in ranked if r[0] not in drops and r[1] not in adds]
        if not pool or pool[0][2] <= TIE:
            problems.append(f"card {i + 1} {c['drop']} -> {c['add']} offered, but no positive move is left")
            break
        best = pool[0][2]
        mine = bf.gain(c["drop_id"], c["add_id"]) if c["drop_id"] in bf.roster_ids and c["add_id"] in bf.fa_ids \
            else None
        if mine is None:
            problems.append(f"card {i + 1} {c['drop']} -> {c['add']} is not a move over the optimizer's inputs")
        elif c["drop_id"] in drops or c["add_id"] in adds:
            problems.append(f"card {i + 1} reuses a player")
        elif mine < best - tol:
            top = pool[0]
            problems.append(f"card {i + 1} {c['drop']} -> {c['add']} gains {mine:.1f}, but {top[0]} -> {top[1]} "
                            f"gains {best:.1f}")
        elif abs(c["expected_gain"] - mine) > tol:
            problems.append(f"card {i + 1} says {c['expected_gain']:+} but brute force gives {mine:+.2f}")
        drops.add(c["drop_id"])
        adds.add(c["add_id"])
    left = [r for r in ranked if r[0] not in drops and r[1] not in adds and r[2] > TIE]
    if complete and len(cards) < 3 and left:
        problems.append(f"{len(cards)} card(s), but {left[0][0]} -> {left[0][1]} ({left[0][2]:+.1f}) also gains")
    return problems
