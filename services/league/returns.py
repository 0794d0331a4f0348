"""When an absent player plays again: the chance he plays within the next days, game by game.

A discrete-time hazard over his team's games. On the morning of each team game, a player who has
missed `k` of them in a row plays with chance h(k, tier): measured on every such morning before the
as-of date (the box scores' missed-game streaks), per streak bucket and minutes tier, each cell
smoothed towards its streak bucket and that towards a prior. His own history scales it: over his
past absences (not the current one) he came back O times where the pooled hazard expected E, and
his hazard is h x (O + S) / (E + S), shrunk by the prior strength S (`OWN_PRIOR`, chosen out of sample
by `bench/returns.py`). Last, a factor per coarse streak (`FACTOR_STREAKS`: 1, 2, 3-5, 6+ games) puts
the two together right: over the same mornings the streak's players came back O times where the hazard
with their own multipliers expected E, and each hazard of that streak is scaled by (O + F) / (E + F)
(`FACTOR_PRIOR`; issue #40: a player out one game came back less often than cell x own multiplier said,
58.6% predicted against 53.3% played on the mornings from Dec 18; chosen on the mornings before Dec 18 by
`bench/returns.py --kind`, which also found that splitting it by an earlier long absence adds nothing).
Then the chance he has played by his team's j-th game is 1 - prod(1 - h(k + i)) over the games before it.

The IR card reads three figures from it (`ReturnOdds`): the chance he plays within 3 days, by the
end of the matchup week, and the days until that chance passes one half (None: not within the
horizon, with the chance by its end said as a number). The next-game rate of `services.league.calibration`
is this model's first step seen from further away (one rate per class and days since he played);
the hazard follows the streak game by game, which is what the first days of a return need.
"""
from __future__ import annotations

import dataclasses
import datetime as dt
import weakref
from bisect import bisect_left, bisect_right
from typing import Mapping, Sequence

from services.league.calibration import TIERS, mornings, tier_of

STREAKS = ((1, "1"), (2, "2"), (3, "3"), (5, "4-5"), (9, "6-9"), (19, "10-19"), (10_000, "20+"))
PRIOR = {"1": 0.7, "2": 0.5, "3": 0.35, "4-5": 0.3, "6-9": 0.2, "10-19": 0.12, "20+": 0.08}  # only with no data
SMOOTHING = 10.0  # a cell's weight towards its parent, in mornings
OWN_PRIOR = 2.0  # a player's own history: returns expected before his multiplier moves halfway (bench/returns.py: best of the grid out of sample)
FACTOR_STREAKS = ((1, "1"), (2, "2"), (5, "3-5"), (10_000, "6+"))  # the streaks the last factor is counted on
FACTOR_PRIOR = 300.0  # its prior strength in expected returns (bench/returns.py --kind: best of 10-300 before Dec 18)
MAX_HAZARD = 0.97
SOON_DAYS = 3  # "plays within 3 days": the IR card yields to a swap when this is likely
HORIZON_DAYS = 56  # how far ahead the return date is looked for


def streak_of(missed: int) -> str:
    return next(label for edge, label in STREAKS if missed <= edge)


def factor_streak_of(missed: int) -> str:
    return next(label for edge, label in FACTOR_STREAKS if missed <= edge)


@dataclasses.dataclass(frozen=True)
class Hazards:
    """h(streak bucket, tier) and the per-bucket rates, fitted on mornings before `as_of`."""

    as_of: dt.date
    by_cell: dict  # (bucket, tier) -> rate
    by_bucket: dict  # bucket -> rate
    counts: dict  # (bucket, tier) -> (played, mornings)
    own: dict  # player id -> (returns observed, returns expected) over his past absences
    by_streak: dict = dataclasses.field(default_factory=dict)  # FACTOR_STREAKS label -> the last factor (none: 1)

    def rate(self, missed: int, tier: str) -> float:
        b = streak_of(max(1, missed))
        cell = self.by_cell.get((b, tier), self.by_bucket.get(b, PRIOR[b]))
        return cell * self.by_streak.get(factor_streak_of(max(1, missed)), 1.0)

    def multiplier(self, player_id: str, strength: float = OWN_PRIOR) -> float:
        o, e = self.own.get(player_id, (0.0, 0.0))
        return (o + strength) / (e + strength) if e + strength > 0 else 1.0


def fit(games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]], as_of: dt.date,
        smoothing: float = SMOOTHING, factor_prior: float | None = FACTOR_PRIOR) -> Hazards:
    """Hazards from every player-morning with a missed streak before `as_of`, each player's own returns
    against them (his past absences; the current one is what is being predicted) and the streak factors
    over the same mornings; `smoothing` a cell's weight towards its bucket, `factor_prior` the factors'
    prior strength (None: no factor; bench/returns.py replays grids of both)."""
    cells: dict[tuple[str, str], list[float]] = {}
    seen: list = []
    played_on = {pid: [g["game_date"] for g in games] for pid, games in games_by_player.items()}
    for m in mornings(games_by_player, team_dates, as_of):
        if m.missed < 1:
            continue
        dates = played_on[m.player_id]  # a traded player's old team's game after he played for the new one
        if bisect_left(dates, m.date) - bisect_right(dates, m.date - dt.timedelta(days=m.days_since)) > 0:
            continue
        c = cells.setdefault((streak_of(m.missed), m.tier), [0.0, 0.0])
        c[0] += m.played
        c[1] += 1
        seen.append(m)
    by_bucket = {}
    for _, b in STREAKS:
        hits = sum(v[0] for (bb, _), v in cells.items() if bb == b)
        n = sum(v[1] for (bb, _), v in cells.items() if bb == b)
        by_bucket[b] = (hits + smoothing * PRIOR[b]) / (n + smoothing)
    by_cell = {k: (v[0] + smoothing * by_bucket[k[0]]) / (v[1] + smoothing) for k, v in cells.items()}
    last_game = {pid: games[-1]["game_date"] for pid, games in games_by_player.items() if games}
    own: dict[str, list[float]] = {}
    for m in seen:
        if m.date > last_game.get(m.player_id, m.date):  # the absence still going on as of the date
            continue
        o = own.setdefault(m.player_id, [0.0, 0.0])
        o[0] += m.played
        o[1] += by_cell.get((streak_of(m.missed), m.tier), by_bucket[streak_of(m.missed)])
    h = Hazards(as_of, by_cell, by_bucket, {k: tuple(v) for k, v in cells.items()},
                {k: tuple(v) for k, v in own.items()})
    if factor_prior is None:
        return h
    counts: dict[str, list[float]] = {}
    for m in seen:  # every counted morning, the current absences' too (as the cells)
        c = counts.setdefault(factor_streak_of(m.missed), [0.0, 0.0])
        c[0] += m.played
        c[1] += min(MAX_HAZARD, h.rate(m.missed, m.tier) * h.multiplier(m.player_id))
    factors = {b: (o + factor_prior) / (e + factor_prior) for b, (o, e) in counts.items()}
    return dataclasses.replace(h, by_streak=factors)


@dataclasses.dataclass(frozen=True)
class ReturnOdds:
    """An absent player's return, game by game from the as-of morning."""

    missed: int  # team games missed in a row so far
    dates: tuple[dt.date, ...]  # his team's next games (within HORIZON_DAYS)
    by_game: tuple[float, ...]  # chance he has played by each of them (cumulative)
    soon: float  # chance he plays within SOON_DAYS days (as-of day included)
    by_week_end: float  # chance he plays by the last day of the matchup week
    days: int | None  # days until the chance passes one half (None: not within HORIZON_DAYS)

    def by(self, day: dt.date) -> float:
        """Chance he has played a game on or before `day`."""
        return next((p for d, p in zip(reversed(self.dates), reversed(self.by_game), strict=True) if d <= day), 0.0)


def odds(h: Hazards, player_id: str, missed: int, tier: str, team_dates: list[dt.date], as_of: dt.date,
         week_end: dt.date, strength: float = OWN_PRIOR) -> ReturnOdds:
    """His return odds: `team_dates` are his team's game dates (any order), `missed` the streak so far."""
    ahead = sorted(d for d in team_dates if as_of <= d < as_of + dt.timedelta(days=HORIZON_DAYS))
    scale = h.multiplier(player_id, strength)
    out, stay = [], 1.0
    for i, _ in enumerate(ahead):
        stay *= 1.0 - min(MAX_HAZARD, h.rate(missed + i, tier) * scale)
        out.append(1.0 - stay)
    soon_end = as_of + dt.timedelta(days=SOON_DAYS - 1)
    r = ReturnOdds(missed, tuple(ahead), tuple(out), 0.0, 0.0, None)
    half = next((d for d, p in zip(ahead, out, strict=True) if p >= 0.5), None)
    return dataclasses.replace(r, soon=r.by(soon_end), by_week_end=r.by(week_end),
                               days=None if half is None else (half - as_of).days)


_FITS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hazards_of(snap) -> Hazards:
    """The snapshot's hazards (fitted once per snapshot, kept beside it)."""
    h = _FITS.get(snap)
    if h is None:
        games = {pid: ps.games for pid, ps in snap.players.items()}
        h = _FITS[snap] = fit(games, snap.team_dates_all, snap.as_of)
    return h


def return_odds(snap, player_id: str, week_end: dt.date,
                schedule: Mapping[str, Sequence[dt.date]] | None = None) -> ReturnOdds | None:
    """An absent player's return odds as of the snapshot's date (None: he played his team's last game);
    `schedule`: each team's game dates to look ahead on (default: the snapshot's schedule table)."""
    ps = snap.players[player_id]
    if ps.missed_in_row < 1 or not ps.ref.team:
        return None
    tier = tier_of(sum(g["min"] for g in ps.games) / len(ps.games))
    dates = (schedule if schedule is not None else snap.team_dates_all).get(ps.ref.team, [])
    return odds(hazards_of(snap), player_id, ps.missed_in_row, tier, list(dates), snap.as_of, week_end)


def game_chances(odds: ReturnOdds, games: Sequence[dt.date], back: float) -> tuple[float, ...]:
    """His chance to play each of `games` (ascending): it is his first game back (the model's chance
    of that), or he is back already and plays it with `back` (his tier's calibrated ACTIVE rate)."""
    out, before = [], 0.0
    for d in games:
        now = odds.by(d)
        out.append((now - before) + before * back)
        before = now
    return tuple(out)


def week_chances(snap, player_id: str, games: Sequence[dt.date], week_end: dt.date) -> tuple[float, ...] | None:
    """An OUT player's chance to play each of this matchup week's `games` (ascending) from the return
    model, game by game (None: not OUT, or no odds). The one source of an absent player's week: the
    week optimizer's per-day availability and the season value's first week both read it."""
    ps = snap.players[player_id]
    if ps.status != "OUT" or not games:
        return None
    o = return_odds(snap, player_id, week_end)
    if o is None:
        return None
    return game_chances(o, games, float(snap.calibration.play_probability("ACTIVE", None, ps.tier)))


TIER_NAMES = tuple(label for _, label in TIERS)
