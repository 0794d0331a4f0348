"""Rest-of-season value of a move: expected value from the as-of date to the end of the regular
season, with the exact lineup every remaining day of the published schedule.

The published schedule (`services.league.season_games.schedule`: dates and teams, no results) is not
look-ahead. Per-game value is expected fantasy points (points) or the nine-category z-sum above
a deep-bench player's (the `FLOOR_RANK`th best: categories, "category value", one unit = one
z-score for one game; any player worth a roster spot then adds value when he fills a slot; both
regressed as a season regresses: `services.league.calibration_value`; `SeasonInputs.per_value` turns a
unit into this week's units: 1 for points, categories won per z-score-game measured on the
league's finished weeks for categories: `services.optimizer.calibration_cats`). A player's
play probability is the calibrated next-game rate for the days of this matchup week (an OUT
player's from the return model instead, game by game: `services.league.returns`) and, after it,
the calibrated return curve's rate for how far ahead the game is (an OUT player's chance to play
rises with the weeks; a healthy player's scaled by his own durability, `services.league.durability`),
averaged over his games (`services.league.calibration`).

`season_table(...)` builds a points-style `Prepared` whose VALUE column is that per-game value,
so the same exact scan (`scan.scan_table`) gives every pair's rest-of-season change.
"""
from __future__ import annotations

import bisect
import dataclasses
import datetime as dt
import weakref
from functools import lru_cache

import numpy as np

from services.league.calibration import curve_rate
from services.optimizer import projection as pj
from services.optimizer.calibration_cats import FLOOR_RANK  # noqa: F401 (about the 23rd man of every NBA team)
from services.optimizer.models import OptimizerInputs, PlayerInput
from services.optimizer.weekly import Prepared, Table
from services.league.scoring import CATEGORIES

POINTS_UNIT, CATS_UNIT = "fantasy points", "category value"


_FLOORS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # per snapshot: {(scoring, cats): floor}


def category_floor(snap, scoring: str, cats: tuple[str, ...] = ()) -> float:
    """Per-game z-sum of the FLOOR_RANK-th best player (5+ games) of the as-of view (over `cats`:
    the categories not punted; all nine when empty). Kept beside the snapshot it is derived from."""
    from services.league.values import player_value, pool_min_games

    known = _FLOORS.setdefault(snap, {})
    key = (scoring, tuple(cats))
    if key not in known:
        least = pool_min_games(snap)
        vals = sorted((player_value(snap, p, scoring, list(cats) or None) for p in snap.players.values()
                       if len(p.games) >= least), reverse=True)
        known[key] = vals[min(FLOOR_RANK, len(vals) - 1)] if vals else 0.0
    return known[key]


@lru_cache(maxsize=32)
def team_dates(start: dt.date, database=None) -> dict[str, tuple[dt.date, ...]]:
    """Each team's regular-season game dates on or after `start` (published schedule): the
    demo's season schedule, or the `schedule` table of another league's history (`database`:
    an ESPN league's, whose pro schedule covers the whole season)."""
    out: dict[str, list[dt.date]] = {}
    if database is not None and database.path is not None:
        for day, team in database.query("SELECT game_date, team FROM schedule WHERE game_date >= ? "
                                        "ORDER BY game_date", [start]):
            out.setdefault(team, []).append(day)
        return {t: tuple(d) for t, d in out.items()}
    from services.league.season_games import schedule

    for g in schedule(start=start):
        out.setdefault(g.home, []).append(g.date)
        out.setdefault(g.away, []).append(g.date)
    return {t: tuple(sorted(d)) for t, d in out.items()}


RETURN_RATE = 0.5  # an IR player is expected back at his first game the return curve plays half of


@dataclasses.dataclass(frozen=True)
class SeasonPlayer:
    player_id: str
    eligible: tuple[str, ...]
    value: float  # per-game value when he plays (points: fantasy points; categories: z above replacement)
    games: tuple[dt.date, ...]  # remaining regular-season game dates, ascending
    rates: tuple[float, ...] = ()  # play probability of each of those games (calibrated)
    back_rate: float = 1.0  # his chance to play a game once back from an absence (calibrated ACTIVE rate, his tier)

    @property
    def availability(self) -> float:
        """Games-weighted play probability over the horizon."""
        return sum(self.rates) / len(self.rates) if self.rates else 0.0

    def within(self, start: dt.date | None = None, end: dt.date | None = None) -> "SeasonPlayer":
        """The same player over the games in [start, end) (a slice: the games are in date order)."""
        lo = 0 if start is None else bisect.bisect_left(self.games, start)
        hi = len(self.games) if end is None else bisect.bisect_left(self.games, end)
        return SeasonPlayer(self.player_id, self.eligible, self.value, self.games[lo:hi], self.rates[lo:hi],
                            self.back_rate)

    def at(self, rate: float) -> "SeasonPlayer":
        """The same player playing each of his games with chance `rate` (a branch of his return)."""
        return dataclasses.replace(self, rates=(rate,) * len(self.rates))

    def total(self) -> float:
        """Expected rest-of-season value: per-game value x play probability, summed over his games."""
        return self.value * sum(self.rates)

    def expected_return(self) -> dt.date | None:
        """His first game whose play probability reaches RETURN_RATE (None: not this season)."""
        return next((d for d, q in zip(self.games, self.rates, strict=True) if q >= RETURN_RATE), None)


@dataclasses.dataclass(frozen=True)
class SeasonInputs:
    unit: str
    days: tuple[dt.date, ...]
    roster: tuple[SeasonPlayer, ...]
    free_agents: tuple[SeasonPlayer, ...]
    ir_back: tuple[SeasonPlayer, ...] = ()  # players in the IR slot who are back (OptimizerInputs.ir_back)
    per_value: float = 1.0  # week-gain units per unit of value (categories won per z-score-game: calibration_cats)


def _rates(snap, ps, games: tuple[dt.date, ...], as_of: dt.date, week_end: dt.date) -> tuple[float, ...]:
    """His play probability for each game: this week's (an OUT player's from the return model, the
    others' calibrated next-game rate; `returns.week_chances`, the week optimizer's per-day odds too),
    then the return curve's for how far ahead the game is (a healthy player's scaled by his own
    durability, at most 1)."""
    from services.league.returns import week_chances

    week = [float(ps.availability)] * sum(d <= week_end for d in games)
    odds = week_chances(snap, ps.ref.player_id, games[:len(week)], week_end)
    if odds is not None:  # he plays game j if it is his first back, or he is back and plays it
        week = list(odds)
    scale = float(ps.durability)
    later = [min(1.0, scale * float(curve_rate(ps.return_curve, (d - as_of).days))) for d in games[len(week):]]
    return tuple(week + later)


def season_player(lg, pid: str, week_end: dt.date, scoring: str, floor: float = 0.0,
                  cats: tuple[str, ...] = (), regressed: bool = False) -> SeasonPlayer:
    """His rest-of-season inputs. `regressed`: per-game value as a season regresses
    (`calibration_value`: points, or the z-sum of the counted categories above the regressed floor
    of the same categories; what the cards' season claims use); without it the week's projection
    (a card's, a trade's and a ranking's week figures read that one)."""
    from services.league.calibration_value import season_per_game
    from services.league.values import player_value

    snap = lg.snapshot
    ps = snap.players[pid]
    games = team_dates(lg.as_of, lg.snapshot.db).get(ps.ref.team or "", ())
    back = float(snap.calibration.play_probability("ACTIVE", None, ps.tier))
    rates = _rates(snap, ps, games, lg.as_of, week_end)
    if scoring == "points":
        value = season_per_game(snap, pid) if regressed else ps.expected_fpts
    elif regressed:  # the nine categories (or a punt's counted ones) as a season regresses
        from services.league.calibration_value import season_category_floor, season_category_value

        value = season_category_value(snap, pid, cats) - season_category_floor(snap, FLOOR_RANK, cats)
    else:
        value = player_value(snap, ps, scoring, list(cats) or None) - floor
    return SeasonPlayer(pid, tuple(ps.ref.eligible), float(value), games, rates, back)


def season_inputs(lg, week: OptimizerInputs) -> SeasonInputs:
    """The roster and free agents of `week` over the rest of the regular season."""
    end = lg.week[2]
    cats = tuple(c for c in CATEGORIES if c not in week.punt) if week.punt else ()  # punted: out of the value
    floor = category_floor(lg.snapshot, week.scoring, cats) if week.scoring != "points" else 0.0
    make = lambda ps: tuple(season_player(lg, p.player_id, end, week.scoring, floor, cats, regressed=True)  # noqa: E731
                            for p in ps)
    roster, fas, back = make(week.roster), make(week.free_agents), make(week.ir_back)
    days = tuple(sorted({d for p in roster + fas + back for d in p.games}))
    if week.scoring == "points":
        return SeasonInputs(POINTS_UNIT, days, roster, fas, back)
    from services.optimizer.calibration_cats import categories_per_value

    return SeasonInputs(CATS_UNIT, days, roster, fas, back, categories_per_value(lg)[0])  # measured on all nine


def within(season: SeasonInputs, start: dt.date | None = None, end: dt.date | None = None) -> SeasonInputs:
    """The season inputs over the days in [start, end) (availabilities of those games only)."""
    days = tuple(d for d in season.days if (start is None or d >= start) and (end is None or d < end))
    return SeasonInputs(season.unit, days, tuple(p.within(start, end) for p in season.roster),
                        tuple(p.within(start, end) for p in season.free_agents),
                        tuple(p.within(start, end) for p in season.ir_back), season.per_value)


@lru_cache(maxsize=4096)
def _elig_row(eligible: tuple[str, ...], slot_names: tuple[str, ...]) -> tuple[bool, ...]:
    return tuple(s in eligible for s in slot_names)


def _table(players: tuple[SeasonPlayer, ...], slot_names: list[str], days: tuple[dt.date, ...]) -> Table:
    rows = np.zeros((len(players), pj.WIDTH))
    rows[:, pj.VALUE] = [p.availability * p.value for p in players]
    rows[:, pj.FPTS] = rows[:, pj.VALUE]
    rows[:, pj.COUNT] = 1.0
    names = tuple(slot_names)
    elig = np.array([_elig_row(p.eligible, names) for p in players], dtype=bool)
    index = {d: j for j, d in enumerate(days)}
    plays = np.zeros((len(players), len(days)), dtype=bool)
    for i, p in enumerate(players):
        plays[i, [index[d] for d in p.games if d in index]] = True
    inputs = tuple(PlayerInput(p.player_id, p.eligible, {}, frozenset()) for p in players)
    return Table(inputs, rows, elig.reshape(len(players), len(slot_names)), plays)


def season_table(week_prep: Prepared, season: SeasonInputs) -> Prepared:
    """A points-style `Prepared` over the rest of the season (VALUE = per-game value x availability)."""
    slot_names, counts = week_prep.slot_names, week_prep.counts
    inputs = dataclasses.replace(week_prep.inputs, scoring="points", days=season.days)
    roster, fas = _table(season.roster, slot_names, season.days), _table(season.free_agents, slot_names, season.days)
    zero = np.zeros(pj.WIDTH)
    return Prepared(inputs, True, pj.POINTS_COEF, slot_names, counts, roster, fas, zero, zero, zero, {},
                    fpts_coef=week_prep.fpts_coef)


def season_gains(prep: Prepared, drops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(gain (drops, free agents), loss (drops,)): the exact change of the season's lineup value for
    every (drops[i], free agent j) swap, and what dropping drops[i] alone costs.

    Same exact rule as `scan.scan_table` (the added player takes his best slot or sits), over only
    the value column, with the days grouped by which roster players can start (the roster's options
    are solved once per group, not once per day).
    """
    from services.optimizer.weekly import plan_without_each

    table, counts, fas = prep.roster, prep.counts, prep.free_agents
    n_types, n_drop, n_fa = len(counts), len(drops), len(fas.players)
    groups: dict[bytes, list[int]] = {}
    for d in range(len(prep.days)):
        groups.setdefault(table.active(d).tobytes(), []).append(d)
    fa_active = fas.plays & (fas.values > 0)[:, None]  # (fa, day)
    needed = fas.elig.any(axis=0)  # slot types some free agent could take
    gain, loss = np.zeros((n_drop, n_fa)), np.zeros(n_drop)
    for days in groups.values():
        d0 = days[0]
        opt = np.full((n_drop + 1, n_types + 1), -np.inf)
        for s in range(n_types + 1):
            c = counts
            if s < n_types:
                if counts[s] == 0 or not needed[s]:
                    continue
                c = counts.copy()
                c[s] -= 1
            opt[:, s] = plan_without_each(table, d0, c, drops)[0]
        base, sit = opt[-1, n_types], opt[:-1, n_types]  # sit: (drop,)
        slot_val = np.where(fas.elig[None, :, :], opt[:-1, None, :n_types], -np.inf)  # (drop, fa, slot)
        with_add = slot_val.max(axis=-1) + fas.values[None, :]
        best = np.maximum(with_add, sit[:, None])
        n_play = fa_active[:, days].sum(axis=1)  # (fa,)
        gain += n_play[None, :] * (best - base) + (len(days) - n_play)[None, :] * (sit - base)[:, None]
        loss += len(days) * (base - sit)
    return gain, loss
