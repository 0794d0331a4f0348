"""Brute force over the optimizer's inputs (points scoring), written apart from services.optimizer.

Used by tests to say which roster move is best: every (drop, add) pair of an `OptimizerInputs` is
scored by re-solving each remaining day's lineup exhaustively (every player on the bench or in
a free slot he is eligible for), with fantasy points computed here from ESPN's weights.

A day's lineup with one added player is the better of "he sits" and "he takes slot s" for each
slot s he is eligible for, so the scan solves (days x drops x slot types) small lineups instead
of one per pair; each of them is still an exhaustive search.

    bf = BruteForce(inputs)
    bf.gain(drop_id, add_id)       # exact expected gain of one move this week
    bf.season_gain(drop_id, add_id)  # its rest-of-season change (when the inputs hold the season)
    bf.best_moves(k, allow_drop)   # the optimizer's cards: best first, no player twice, score > 0

With the rest of the season in the inputs (`inputs.season`: each player's per-game value, play
probability and remaining game dates), the season change of every move is computed here the same
way (exact lineups every remaining day); IR moves (an OUT player to an open IR slot, nobody
dropped) count the week like the swap; for the season, on each span of his games with one play
probability q he is back with chance q / b (b: his chance to play once back); not back, the added
player holds his spot; back (playing at b), one player is cut: the one the user named, else the
lowest value x summed play probability after his expected return among the other 13 and the added
one (`ir_season_gain`); each branch against standing pat in the same branch. The two gains are
combined into the ranking key by the product's own stated rule (`services.optimizer.moves.
mode_scores`, a policy of a few arithmetic lines tuned on the backtest), so the numbers are
independent and the policy is the product's.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

# ESPN's default points weights, written out here (not read from services.league.scoring).
WEIGHTS = {"pts": 1, "fg3m": 1, "fga": -1, "fgm": 2, "fta": -1, "ftm": 1, "reb": 1, "ast": 2, "stl": 4,
           "blk": 4, "tov": -2}
TIE = 1e-6
PROTECT_TOP = 6
MIN_WEEK_GAIN = (1.0, 0.25, 0.0)  # the node's passes: a move must beat standing pat this week by this much  # the product's rule: my 6 best players by per-game value, and league-wide stars


def per_game_points(expected: dict) -> float:
    return sum(w * float(expected.get(k, 0.0) or 0.0) for k, w in WEIGHTS.items())


def day_value(players: list[tuple[frozenset, float]], slots: tuple[tuple[str, int], ...]) -> float:
    """Best lineup value of one day by exhaustive search: each player sits or takes a free slot.

    When every player can start at once (most days: fewer players with a game than slots), no
    lineup beats starting them all, so their sum is the answer without the search; it is summed
    in the order the search adds values (last player first), to the same bits."""
    players = tuple(p for p in players if p[1] > 0)
    names, counts = tuple(s for s, _ in slots), tuple(n for _, n in slots)
    if _all_start(players, names, counts):
        total = 0.0
        for _, value in reversed(players):
            total = value + total
        return total
    return _search(players, names)(0, counts)


def _all_start(players: tuple[tuple[frozenset, float], ...], names: tuple[str, ...], counts: tuple[int, ...]) -> bool:
    """Whether every player can hold a slot at once: a perfect matching of players into slot
    places, by augmenting paths (Kuhn), written here."""
    places = [name for name, n in zip(names, counts) for _ in range(n)]
    if len(players) > len(places):
        return False
    holder = [-1] * len(places)

    def place(i: int, seen: set[int]) -> bool:
        for j, name in enumerate(places):
            if j not in seen and name in players[i][0]:
                seen.add(j)
                if holder[j] < 0 or place(holder[j], seen):
                    holder[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(players)))


@lru_cache(maxsize=512)
def _search(players: tuple[tuple[frozenset, float], ...], names: tuple[str, ...]):
    """The exhaustive search over these players and slot names, from any free-slot counts: the
    same day with one slot fewer (a dropped player's table) reuses the states it shares."""

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

    return best


class BruteForce:
    """Exact move gains over one team's remaining week and, with `inputs.season`, the rest of the
    season; moves ranked by the mode's key (points scoring)."""

    def __init__(self, inputs, mode: str = "balanced"):
        if inputs.scoring != "points":
            raise ValueError("the brute force covers points scoring")
        self.inputs, self.mode = inputs, mode
        self.slots = self.slots_of(inputs)
        self.season = Season(inputs.season, self.slots) if getattr(inputs, "season", None) else None
        self.roster = [self._player(p) for p in inputs.roster]
        self.free_agents = [self._player(p) for p in inputs.free_agents]
        self.roster_ids = [p.player_id for p in inputs.roster]
        self.fa_ids = [p.player_id for p in inputs.free_agents]
        self.base = sum(self._day(d, None) for d in inputs.days)
        self._without: dict = {}
        self._ir: dict = {}  # IR row -> Season before and after his return
        self._ranked: dict = {}  # (allow_drop, adds, kinds) -> ranked()

    @staticmethod
    def slots_of(inputs) -> tuple[tuple[str, int], ...]:
        return tuple((s, int(n)) for s, n in inputs.slots.items())

    @staticmethod
    def _player(p) -> tuple[frozenset, dict, frozenset]:
        """(slots, his value of a game on each of his game days, game days): a game at his chance to
        play that day (an OUT player's differs by day: `day_availability`; else `availability`)."""
        chance = lambda d: p.day_availability.get(d, p.availability)  # noqa: E731
        return (frozenset(p.eligible), {d: per_game_points(p.expected) * chance(d) for d in p.game_days},
                frozenset(p.game_days))

    def _day(self, day, drop: int | None, slots=None) -> float:
        playing = [(e, v[day]) for i, (e, v, days) in enumerate(self.roster) if i != drop and day in days]
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

    def season_gain(self, drop_id: str, add_id: str, kind: str = "swap") -> float | None:
        if self.season is None:
            return None
        k, a = self.roster_ids.index(drop_id), self.fa_ids.index(add_id)
        return self.ir_season_gain(k, a) if kind == "ir" else self.season.gain(k, a)

    def ir_season_gain(self, k: int, a: int) -> float:
        """Season change of moving roster player k to IR and adding free agent a, with his return:
        over each run of his games with one play probability q (the span starting at its first
        game; the first span from the start) he is back with chance p = min(1, q / b), b his chance
        to play once back (`back_rate`). Not back: the gain of dropping him for a with him playing
        nothing in that span, against the roster with him playing nothing. Back: the gain of
        cutting the cut for a with him playing at b, against the roster with him at b. The cut is
        the lowest total from his expected return (q >= 0.5), or over the whole horizon when he is
        not expected back, among the others and the added player: never him."""
        season = self.inputs.season
        ir = season.roster[k]
        back = next((d for d, q in zip(ir.games, ir.rates, strict=True) if q >= 0.5), None)
        if (k, "spans") not in self._ir:
            starts = [(d, q) for i, (d, q) in enumerate(zip(ir.games, ir.rates, strict=True))
                      if i == 0 or q != ir.rates[i - 1]]
            edges = [None, *[d for d, _ in starts[1:]], None]
            qs = [q for _, q in starts] or [0.0]
            self._ir[k, "spans"] = [(Season(season, self.slots, lo, hi, (k, 0.0)),
                                     Season(season, self.slots, lo, hi, (k, ir.back_rate)), q)
                                    for lo, hi, q in zip(edges, edges[1:], qs)]

        def total(p) -> float:
            return p.value * sum(q for d, q in zip(p.games, p.rates, strict=True) if back is None or d >= back)

        named = self.inputs.ir_cut
        if named in self.roster_ids and named != ir.player_id:
            going = self.roster_ids.index(named)
        else:
            cut = min((i for i in range(len(season.roster)) if i != k), key=lambda i: (total(season.roster[i]), i))
            going = None if total(season.free_agents[a]) < total(season.roster[cut]) else cut  # None: the added one
        out = 0.0
        for gone, returned, q in self._ir[k, "spans"]:
            p = min(1.0, q / ir.back_rate) if ir.back_rate > 0 else 0.0
            out += (1 - p) * gone.gain(k, a) + p * (0.0 if going is None else returned.gain(going, a))
        return out

    def score(self, k: int, a: int, kind: str = "swap") -> float:
        """The ranking key: the product's stated rule (`mode_scores`: the week's gain, plus in
        balanced mode a share of the season change, never a season loss) applied to the gains
        computed here."""
        from services.optimizer.moves import mode_scores

        week = self._gain(k, a)
        season = None if self.season is None else self.season_gain(self.roster_ids[k], self.fa_ids[a], kind)
        if season is None:
            return week
        return float(mode_scores(np.array([week]), np.array([season]), self.mode, self.inputs.scoring,
                                 self.season.weeks_left, self.inputs.season.per_value)[0])

    def _gain(self, k: int, a: int) -> float:
        elig, values, days = self.free_agents[a]
        total = 0.0
        for d, (sits, fewer) in self._table(k).items():
            best, value = sits, values.get(d, 0.0)
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

    def ir_rows(self) -> list[int]:
        """OUT players who may go to an open IR slot (never protected: nobody is dropped)."""
        if getattr(self.inputs, "ir_slots_free", 0) <= 0:
            return []
        return [i for i, p in enumerate(self.inputs.roster) if p.status == "OUT"]

    def ranked(self, allow_drop: set[str] = frozenset(), adds: list[str] | None = None,
               kinds: tuple[str, ...] = ("ir", "swap")) -> list[tuple[str, str, float, str]]:
        """Every allowed (drop, add, score, kind), best first (ties: roster order, IR before swap,
        then free-agent order)."""
        key = (frozenset(allow_drop), None if adds is None else tuple(adds), tuple(kinds))
        if key not in self._ranked:  # the inputs never change, so neither does a ranking
            self._ranked[key] = self._rank(allow_drop, adds, kinds)
        return list(self._ranked[key])

    def _rank(self, allow_drop, adds, kinds) -> list["Move"]:
        cols = range(len(self.fa_ids)) if adds is None else [self.fa_ids.index(x) for x in adds]
        rows = [(round(self.score(k, a, kind), 9), k, order, a, kind)
                for order, kind in enumerate(("ir", "swap")) if kind in kinds
                for k in (self.ir_rows() if kind == "ir" else self.allowed_drops(allow_drop)) for a in cols]
        rows.sort(key=lambda r: (-r[0], r[1], r[2], r[3]))
        return [Move(self.roster_ids[k], self.fa_ids[a], g, kind, self._gain(k, a)) for g, k, _, a, kind in rows]

    def offerable(self, allow_drop: set[str] = frozenset()) -> list["Move"]:
        """Moves the optimizer node may offer: score > 0 and a week gain above the first of its
        pass thresholds that leaves any (1.0, then 0.25, then 0)."""
        ranked = [m for m in self.ranked(allow_drop) if m.score > TIE]
        for floor in MIN_WEEK_GAIN:
            pool = [m for m in ranked if m.week > floor]
            if pool:
                return pool
        return []

    def best_moves(self, k: int = 3, allow_drop: set[str] = frozenset()) -> list["Move"]:
        """The best moves worth offering, no player in two of them, no more IR moves than open IR
        slots, best first."""
        out: list[Move] = []
        for m in self.offerable(allow_drop):
            if len(out) == k:
                break
            if fits(m, out, self.inputs):
                out.append(m)
        # issue #40: a top IR card whose player plays within 3 days with chance 20% or more goes
        # below the best swap of the set (the same set, so no conflict appears)
        odds = {p.player_id: p.returns for p in self.inputs.roster}
        if out and out[0].kind == "ir" and odds.get(out[0].drop) and odds[out[0].drop].soon >= 0.2:
            swaps = [i for i, m in enumerate(out) if m.kind == "swap"]
            if swaps:
                out.insert(0, out.pop(swaps[0]))
        return out

    def weekly_total(self) -> float:
        return self.base


@dataclass(frozen=True)
class Move:
    drop: str
    add: str
    score: float  # the ranking key
    kind: str  # "swap" | "ir"
    week: float  # expected gain this week


def fits(m: Move, taken: list, inputs) -> bool:
    """Whether a move can be offered next to `taken` (no player twice, IR slots not exceeded);
    `taken` holds Moves or cards."""
    drops = {getattr(t, "drop", None) or t["drop_id"] for t in taken}
    adds = {getattr(t, "add", None) or t["add_id"] for t in taken}
    irs = sum(1 for t in taken if (getattr(t, "kind", None) or t.get("kind", "swap")) == "ir")
    return m.drop not in drops and m.add not in adds and not (m.kind == "ir" and irs >= inputs.ir_slots_free)


class Season:
    """Exact lineups over the rest of the season (the inputs' per-game value x play probability and
    game dates), one exhaustive day solve per distinct set of roster players with a game."""

    def __init__(self, season, slots, start=None, end=None, held: tuple[int, float] | None = None):
        """Over the days in [start, end) when given (each player's play probability averaged over
        his games in that window); `held` = (roster row, rate): that player plays each game with
        that chance instead (one branch of an IR player's return)."""
        self.slots = slots
        inside = lambda d: (start is None or d >= start) and (end is None or d < end)  # noqa: E731
        self.days = tuple(d for d in season.days if inside(d))
        self.weeks_left = ((season.days[-1] - season.days[0]).days + 1) / 7 if season.days else 1.0

        def row(p, rate=None):
            games = [(d, q) for d, q in zip(p.games, p.rates, strict=True) if inside(d)]
            q = sum(x for _, x in games) / len(games) if games else 0.0
            return frozenset(p.eligible), p.value * (q if rate is None else rate), frozenset(d for d, _ in games)

        self.roster = [row(p, held[1] if held and i == held[0] else None) for i, p in enumerate(season.roster)]
        self.free_agents = [row(p) for p in season.free_agents]
        self._cache: dict = {}
        self._sits: dict = {}
        self.base = sum(self._solve(self._playing(d, None), slots) for d in self.days)

    def _playing(self, day, drop) -> tuple[int, ...]:
        return tuple(i for i, (_, v, g) in enumerate(self.roster) if i != drop and day in g and v > 0)

    def _solve(self, playing: tuple[int, ...], slots) -> float:
        key = (playing, slots)
        if key not in self._cache:
            self._cache[key] = day_value([self.roster[i][:2] for i in playing], slots)
        return self._cache[key]

    def _per_day(self, drop: int) -> list[tuple]:
        if drop not in self._sits:
            fewer = {s: tuple((t, n - (t == s)) for t, n in self.slots) for s, n in self.slots if n}
            self._sits[drop] = [(d, self._solve(p, self.slots), {s: self._solve(p, f) for s, f in fewer.items()})
                                for d in self.days for p in [self._playing(d, drop)]]
        return self._sits[drop]

    def loss(self, k: int) -> float:
        """What removing roster player k alone costs over the season."""
        return self.base - sum(sits for _, sits, _ in self._per_day(k))

    def gain(self, k: int, a: int) -> float:
        elig, value, games = self.free_agents[a]
        total = 0.0
        for d, sits, fewer in self._per_day(k):
            best = sits
            if d in games and value > 0:
                best = max([sits] + [value + v for s, v in fewer.items() if s in elig])
            total += best
        return total - self.base


def _score_order(cards: list[dict], bf: BruteForce) -> tuple[list[dict], str | None]:
    """The cards by brute-force score (the greedy set's order), and a problem when the order shown is
    not that order with issue #40's rule applied: a top IR card whose player plays within 3 days with
    chance 20%+ goes below the set's best swap."""
    def score(c):
        if c["drop_id"] not in bf.roster_ids or c["add_id"] not in bf.fa_ids:
            return float("inf")
        return bf.score(bf.roster_ids.index(c["drop_id"]), bf.fa_ids.index(c["add_id"]), c.get("kind", "swap"))

    ranked = sorted(cards, key=lambda c: -score(c))
    shown = list(ranked)
    odds = {p.player_id: p.returns for p in bf.inputs.roster}
    top = shown[0] if shown else None
    if top is not None and top.get("kind") == "ir" and odds.get(top["drop_id"]) and odds[top["drop_id"]].soon >= 0.2:
        swaps = [i for i, c in enumerate(shown) if c.get("kind", "swap") == "swap"]
        if swaps:
            shown.insert(0, shown.pop(swaps[0]))
    same = [(c["drop_id"], c["add_id"]) for c in shown] == [(c["drop_id"], c["add_id"]) for c in cards]
    return ranked, None if same else "the cards are not in score order with the IR yield rule applied"


def cards_match(cards: list[dict], bf: BruteForce, allow_drop: set[str] = frozenset(), tol: float = 0.051,
                complete: bool = True) -> list[str]:
    """Problems with a set of optimizer cards against brute force (empty: exact up to ties).

    Card i must be a best offerable move among those compatible with cards 0..i-1 (no player
    twice, IR slots); its stated week gain and rest-of-season change must be the brute-force ones.
    With `complete`, no offerable compatible move may be left out when fewer than three cards are
    offered.
    """
    problems, taken = [], []
    offerable = bf.offerable(allow_drop)
    cards, order_problem = _score_order(cards, bf)
    if order_problem:
        problems.append(order_problem)
    for i, c in enumerate(cards):
        kind = c.get("kind", "swap")
        pool = [m for m in offerable if fits(m, taken, bf.inputs)]
        title = f"card {i + 1} {c['drop']} -> {c['add']}"
        if c["drop_id"] not in bf.roster_ids or c["add_id"] not in bf.fa_ids:
            problems.append(f"{title} is not a move over the optimizer's inputs")
            break
        k, a = bf.roster_ids.index(c["drop_id"]), bf.fa_ids.index(c["add_id"])
        mine, week = bf.score(k, a, kind), bf._gain(k, a)
        season = bf.season_gain(c["drop_id"], c["add_id"], kind)
        if not pool:
            problems.append(f"{title} offered, but no offerable move is left")
        elif mine < pool[0].score - tol:
            top = pool[0]
            problems.append(f"{title} ({kind}) scores {mine:.1f}, but {top.drop} -> {top.add} ({top.kind}) "
                            f"scores {top.score:.1f}")
        if abs(c["expected_gain"] - week) > tol:
            problems.append(f"{title} says {c['expected_gain']:+} this week but brute force gives {week:+.2f}")
        if season is not None and c.get("season_gain") is not None and abs(c["season_gain"] - season) > 0.051 + 0.05:
            problems.append(f"{title} says {c['season_gain']:+} rest of season but brute force gives {season:+.2f}")
        taken.append(c)
    left = [m for m in offerable if fits(m, taken, bf.inputs)]
    if complete and len(cards) < 3 and left:
        problems.append(f"{len(cards)} card(s), but {left[0].drop} -> {left[0].add} ({left[0].score:+.1f}) is offerable")
    return problems
