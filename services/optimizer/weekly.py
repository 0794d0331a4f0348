"""The objective for a team's week, and exact day-by-day lineups over the remaining days.

`prepare` turns inputs into arrays once: each player's per-game summary row, slot eligibility,
which remaining days he plays. In categories the objective's weights come from the matchup
itself (how contested each category is with the current plan), refined twice from a
fantasy-points starting plan; the weights are then frozen for every lineup and move compared.
"""
from __future__ import annotations

import dataclasses
import datetime as dt

import numpy as np

from services.optimizer import projection as pj
from services.optimizer.assign import solve
from services.optimizer.models import DayLineup, OptimizerInputs, PlayerInput, WeeklyLineup
from services.league.scoring import ScoringMode

WEIGHT_ROUNDS = 2


@dataclasses.dataclass
class Table:
    """A group of players as arrays: summary rows, eligibility per slot type, game days.

    `rows` are each player's per-game summary at his `availability`; `by_day`, when some player's
    chance to play differs by day (`PlayerInput.day_availability`: an OUT player's return odds), the
    same rows day by day. Whatever reads a day reads `rows_on(day)` / `values_on(day)`."""

    players: tuple[PlayerInput, ...]
    rows: np.ndarray  # (n, WIDTH)
    elig: np.ndarray  # (n, slot types) bool
    plays: np.ndarray  # (n, days) bool: has a game that day
    by_day: np.ndarray | None = None  # (n, days, WIDTH): None when every chance is the same all week

    @property
    def values(self) -> np.ndarray:
        return self.rows[:, pj.VALUE]

    def rows_on(self, day: int) -> np.ndarray:
        """(n, WIDTH): the summary rows of a game on remaining day `day` (an index of the days)."""
        return self.rows if self.by_day is None else self.by_day[:, day]

    def values_on(self, day: int) -> np.ndarray:
        return self.rows_on(day)[:, pj.VALUE]

    def day_values(self) -> np.ndarray:
        """(n, days): each player's value of a game on each remaining day."""
        if self.by_day is None:
            return np.repeat(self.values[:, None], self.plays.shape[1], axis=1)
        return self.by_day[:, :, pj.VALUE]

    def active(self, day: int) -> np.ndarray:
        """Who can start that day: a game, and a positive expected value (OUT never starts)."""
        return self.plays[:, day] & (self.values_on(day) > 0)


@dataclasses.dataclass
class Prepared:
    inputs: OptimizerInputs
    points: bool
    coef: np.ndarray
    slot_names: list[str]
    counts: np.ndarray
    roster: Table
    free_agents: Table
    my0: np.ndarray
    opp0: np.ndarray
    opp_rest: np.ndarray
    weights: dict[str, float]
    memo: dict = dataclasses.field(default_factory=dict)  # derived arrays of these inputs (scans reuse them)
    fpts_coef: np.ndarray = dataclasses.field(default_factory=lambda: pj.POINTS_COEF)  # the league's points per stat

    @property
    def days(self) -> tuple[dt.date, ...]:
        return self.inputs.days


def make_table(players: tuple[PlayerInput, ...], coef: np.ndarray, points: bool,
               slot_names: list[str], days: tuple[dt.date, ...], fpts_coef: np.ndarray = pj.POINTS_COEF) -> Table:
    rows = pj.player_rows(players, coef, points, fpts_coef)
    elig = np.array([[s in p.eligible for s in slot_names] for p in players], dtype=bool)
    plays = np.array([[d in p.game_days for d in days] for p in players], dtype=bool)
    by_day = None
    varied = [i for i, p in enumerate(players) if p.day_availability]
    if varied:  # the same rows, but each day at these players' chance to play that day
        by_day = np.repeat(rows[:, None, :], len(days), axis=1)
        some = tuple(players[i] for i in varied)
        for j, d in enumerate(days):
            by_day[varied, j] = pj.player_rows(some, coef, points, fpts_coef, day=d)
    return Table(players, rows, elig.reshape(len(players), len(slot_names)),
                 plays.reshape(len(players), len(days)), by_day)


def plan_day(table: Table, day: int, counts: np.ndarray,
             exclude: int | None = None) -> tuple[float, np.ndarray, np.ndarray]:
    """(value, starter row indices, their slot types) for one day, optionally without a player."""
    mask = table.active(day)
    if exclude is not None:
        mask = mask.copy()
        mask[exclude] = False
    idx = np.flatnonzero(mask)
    value, rows, types = solve(table.values_on(day)[idx], table.elig[idx], counts)
    return value, idx[rows], types


def plan_without_each(table: Table, day: int, counts: np.ndarray, drops: np.ndarray,
                      rows: bool = False) -> tuple[np.ndarray, np.ndarray | None]:
    """The day's best lineup value without each drops[r] (the last entry: without nobody), and
    with `rows` the summary row of each of those lineups' starters.

    One assignment for the whole roster, then another only where the answer can change: a player
    who does not start (no game, or benched by that lineup) leaves it as it is; when every active
    player starts, the others all still start without him (a subset of a lineup that fits still
    fits), so his row comes off. Only a starter with someone benched behind him needs a new
    assignment. Exact, with the sums `plan_day` would make (the same rows in the same order)."""
    active, day_rows = table.active(day), table.rows_on(day)
    values = np.empty(len(drops) + 1)
    summary = np.zeros((len(drops) + 1, pj.WIDTH)) if rows else None
    values[-1], starters, _ = plan_day(table, day, counts)
    if rows:
        summary[-1] = day_rows[starters].sum(axis=0)
    all_start = len(starters) == int(active.sum())
    starting = set(starters.tolist())
    for r, k in enumerate(drops.tolist()):
        if k not in starting:
            values[r] = values[-1]
            if rows:
                summary[r] = summary[-1]
            continue
        if all_start:
            rest = active.copy()
            rest[k] = False
            values[r], picked = float(day_rows[rest, pj.VALUE].sum()), np.flatnonzero(rest)
        else:
            values[r], picked, _ = plan_day(table, day, counts, int(k))
        if rows:
            summary[r] = day_rows[picked].sum(axis=0)
    return values, summary


def plan_rows(table: Table, counts: np.ndarray) -> np.ndarray:
    """Sum of summary rows of every planned start over the remaining days."""
    total = np.zeros(pj.WIDTH)
    for d in range(table.plays.shape[1]):
        _, starters, _ = plan_day(table, d, counts)
        total += table.rows_on(d)[starters].sum(axis=0)
    return total


def prepare(inputs: OptimizerInputs) -> Prepared:
    """Arrays and the frozen objective weights for one team's remaining week."""
    points = ScoringMode(inputs.scoring) == ScoringMode.POINTS
    slot_names = list(inputs.slots)
    counts = np.array([int(inputs.slots[s]) for s in slot_names])
    my0, opp0 = pj.totals(inputs.my_so_far), pj.totals(inputs.opp_so_far)
    fpts = pj.points_coef(inputs.points_weights)
    coef, weights = fpts, {}
    opp_rest = np.zeros(pj.WIDTH)
    if not points:
        # The opponent's plan is fixed: his best fantasy-points lineups.
        opp = make_table(inputs.opponent, fpts, True, slot_names, inputs.days, fpts)
        opp_rest = plan_rows(opp, counts)
        for _ in range(WEIGHT_ROUNDS):
            mine = make_table(inputs.roster, coef, points, slot_names, inputs.days, fpts)
            coef, weights = pj.category_coef(plan_rows(mine, counts), opp_rest, my0, opp0, inputs.punt)
    roster = make_table(inputs.roster, coef, points, slot_names, inputs.days, fpts)
    fas = make_table(inputs.free_agents, coef, points, slot_names, inputs.days, fpts)
    return Prepared(inputs, points, coef, slot_names, counts, roster, fas, my0, opp0, opp_rest, weights,
                    fpts_coef=fpts)


def score_rows(prep: Prepared, rest: np.ndarray) -> np.ndarray:
    """The week's expectation for rest-of-week summaries (..., WIDTH): points, or cats won (the
    categories not punted)."""
    if prep.points:
        return rest[..., pj.FPTS]
    probs = pj.win_probabilities(rest, prep.opp_rest, prep.my0, prep.opp0)
    return (probs * pj.counted_mask(prep.inputs.punt)).sum(axis=-1)


@dataclasses.dataclass(frozen=True)
class Outlook:
    """The rest of the week standing pat, the one source of "expected categories won" (and of the
    points projection): my plan's and the opponent's summed rows, P(win) per category (categories
    only) and the week's expectation (rest-of-week fantasy points, or categories won)."""

    mine: np.ndarray  # (WIDTH,)
    opponent: np.ndarray  # (WIDTH,): his best fantasy-points lineups, as the optimizer assumes
    win_probabilities: dict[str, float]
    expected_total: float


def standing_pat(prep: Prepared) -> Outlook:
    """The week if nothing changes: the matchup view, the weekly lineup and the optimizer's
    summary all read this one evaluation, so they show the same figure."""
    mine = plan_rows(prep.roster, prep.counts)
    opp = prep.opp_rest
    probs: dict[str, float] = {}
    if prep.points:  # the points objective has no use for the opponent; the matchup view does
        opp = plan_rows(make_table(prep.inputs.opponent, prep.fpts_coef, True, prep.slot_names, prep.days,
                                   prep.fpts_coef), prep.counts)
    else:
        p = pj.win_probabilities(mine, prep.opp_rest, prep.my0, prep.opp0)
        probs = {c: float(v) for c, v in zip(pj.CATS, p, strict=True)}
    return Outlook(mine, opp, probs, float(score_rows(prep, mine)))


def daily_lineup(inputs: OptimizerInputs, day: dt.date, prep: Prepared | None = None) -> DayLineup:
    """The exact best lineup on one remaining day."""
    prep = prep or prepare(inputs)
    d = prep.days.index(day)
    value, starters, types = plan_day(prep.roster, d, prep.counts)
    ids = [p.player_id for p in prep.roster.players]
    slots = {ids[i]: prep.slot_names[t] for i, t in zip(starters, types, strict=True)}
    bench = tuple(pid for pid in ids if pid not in slots)
    fpts = float(prep.roster.rows_on(d)[starters, pj.FPTS].sum())
    return DayLineup(day, slots, bench, round(value, 6), round(fpts, 3))


def weekly_lineup(inputs: OptimizerInputs, prep: Prepared | None = None) -> WeeklyLineup:
    """Starters and bench for every remaining day, starts per player, the week's expectation
    (`prep`: these inputs already prepared, so a caller reading the days' reasons prepares once)."""
    prep = prep or prepare(inputs)
    days = tuple(daily_lineup(inputs, day, prep) for day in prep.days)
    starts = {p.player_id: sum(p.player_id in d.slots for d in days) for p in prep.roster.players}
    outlook = standing_pat(prep)
    unit = "fantasy points" if prep.points else "categories won"
    probs = {c: round(v, 4) for c, v in outlook.win_probabilities.items()}
    weights = {c: round(w, 6) for c, w in prep.weights.items()}
    return WeeklyLineup(inputs.scoring, days, starts, round(outlook.expected_total, 3), unit, probs, weights)
