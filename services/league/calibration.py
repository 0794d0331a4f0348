"""Calibrated availability: how often a player in a given situation really played.

Measured on the games before the as-of date only. Every morning of a team game, each player of
that team has an availability class and a minutes tier:

- class: ACTIVE (played the team's last game), REST (missed only the last game, the second night
  of a back-to-back, after playing the night before: a rest night or the start of an injury, the
  data decides which), DTD (missed the last 1-2 otherwise), OUT (3 or more);
- tier: his average minutes so far (`TIERS`: 24+, 12-24, under 12): a bench player sits more.

The outcomes: whether he played that game (the next-game rate, used for this matchup week), what
share of the team's games 7 to 28 days later he played (the later rate) and the same share in each
window of `HORIZONS` days ahead (the return curve, used for the rest of the season: an OUT player
is likelier to play a game two months away than one two weeks away; beyond the last window its
rate holds). Next-game rates count the mornings of the last `FIT_DAYS` days (availability drifts
over a season: the out-of-sample check chose six weeks); the curves count every morning whose
window has begun before the as-of date, over the part of the window before it (a censored window
counts what it saw: without them the first weeks of a season had only the prior, 100% for an
ACTIVE player, and a 4-8 week rate counted no morning of the last eight weeks). Rates are smoothed towards their parent so thin cells do not
swing, (played + K x parent rate) / (games + K): a (class, tier, days-since) cell towards its
(class, tier), that towards the class, that towards a fixed prior; a curve window towards the
window before it.

    cal = calibrate(games_by_player, team_dates, as_of)
    cal.play_probability("DTD", days_since=3, tier="24+ min")  ->  e.g. 0.47
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left, bisect_right
from typing import Iterator, NamedTuple

from pydantic import BaseModel

SMOOTHING = 10.0
# Return curves are counted in team games, but the games of one player's absence (or run of games)
# are not independent draws: a tier's or a row's curve moves towards its parent with 200 games'
# weight, not 10 (with 10, a few long spells swung the rows the season claims read, and the moves
# picked on them: bench/backtest.py, docs/season-value.md). The class's curve moves towards the
# prior with the same weight: with 10, in November a few dozen REST mornings, most of them of bench
# players, set the REST curve of every tier at 44-50% (24+ minute REST players then played 71%).
CURVE_SMOOTHING = 200.0
FIT_DAYS = 42  # next-game rates: the mornings of the last six weeks before the as-of date
PRIOR_NEXT = {"ACTIVE": 1.0, "REST": 0.8, "DTD": 0.6, "OUT": 0.0}  # used only with no data
PRIOR_LATER = {"ACTIVE": 1.0, "REST": 0.9, "DTD": 0.8, "OUT": 0.4}
DAY_BUCKETS = ((2, "1-2 days"), (4, "3-4 days"), (10, "5-10 days"), (30, "11-30 days"), (10_000, "31+ days"))
TIERS = ((24.0, "24+ min"), (12.0, "12-24 min"), (0.0, "under 12 min"))
LATER_WINDOW = (7, 28)  # days after the morning
# return-curve windows, days after the morning: the season claims reach April, so the curve goes to
# 16 weeks (with 8, the 4-8 week rate held to April and over-predicted the later games)
HORIZONS = ((7, 14), (14, 28), (28, 56), (56, 112))
STATUSES = ("ACTIVE", "REST", "DTD", "OUT")  # availability classes
TIER_NAMES = tuple(label for _, label in TIERS)


def status_of(missed: int) -> str:
    """The public status (ACTIVE / DTD / OUT) of a player who missed `missed` team games in a row."""
    return "ACTIVE" if missed <= 0 else "DTD" if missed <= 2 else "OUT"


def class_of(missed: int, last_played: dt.date | None, first_missed: dt.date | None) -> str:
    """The availability class: REST when the one game he missed was the night after his last game."""
    if missed == 1 and last_played is not None and first_missed == last_played + dt.timedelta(days=1):
        return "REST"
    return status_of(missed)


def tier_of(avg_minutes: float) -> str:
    return next(label for edge, label in TIERS if avg_minutes >= edge)


def bucket_of(days: int) -> str:
    return next(label for edge, label in DAY_BUCKETS if days <= edge)


class Morning(NamedTuple):
    """One player on the morning of one of his team's games, and what happened."""

    player_id: str
    date: dt.date
    status: str  # availability class
    tier: str
    days_since: int
    played: bool  # he played that game
    team: str
    played_dates: frozenset  # every date he played (outcomes: the curve windows)
    missed: int = 0  # team games he had missed in a row before this one (services.league.returns)


def mornings(games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]],
             end: dt.date) -> Iterator[Morning]:
    """Every player-morning of a team game before `end`, from each player's games (oldest first)."""
    for pid, games in games_by_player.items():
        played = frozenset(g["game_date"] for g in games)
        minutes = 0.0
        for i, g in enumerate(games):
            minutes += g["min"]
            tier = tier_of(minutes / (i + 1))
            last = g["game_date"]
            nxt_date = games[i + 1]["game_date"] if i + 1 < len(games) else None
            dates = team_dates.get(g["team"], [])
            ahead = dates[bisect_right(dates, last):bisect_left(dates, end)]
            for k, t in enumerate(ahead):
                hit = t == nxt_date
                yield Morning(pid, t, class_of(k, last, ahead[0]), tier, (t - last).days, hit, g["team"], played, k)
                if hit or (nxt_date is not None and t > nxt_date):
                    break


class CalibrationRow(BaseModel):
    status: str  # availability class
    tier: str  # minutes tier
    days_since: str  # bucket of days since the last game
    mornings: int  # observations in the fit window: player-mornings before a team game
    played: int  # of them, he played that game
    raw_rate: float | None
    rate: float  # smoothed next-game play probability
    later_rate: float  # smoothed share of team games played 7-28 days later
    later_curve: list[float]  # smoothed share of team games played in each HORIZONS window


class Calibration(BaseModel):
    as_of: dt.date
    fit_days: int = FIT_DAYS
    mornings: int  # in the fit window
    by_status: dict[str, float]  # next-game rate per class (all tiers)
    by_tier: dict[str, dict[str, float]]  # tier -> class -> next-game rate
    later_by_status: dict[str, float]
    curve_by_status: dict[str, list[float]]  # return curve per class, one rate per HORIZONS window
    curve_by_tier: dict[str, dict[str, list[float]]]  # tier -> class -> return curve
    rows: list[CalibrationRow]
    source: str = ("measured on games before the as-of date: every player, by minutes tier; class inferred "
                   "each morning from missed team games (a missed second night of a back-to-back is REST); "
                   f"next-game rates from the last {FIT_DAYS} days")

    def _row(self, status: str, days_since: int | None, tier: str | None) -> CalibrationRow | None:
        if not hasattr(self, "_index"):
            object.__setattr__(self, "_index", {(r.status, r.tier, r.days_since): r for r in self.rows})
        return self._index.get((status, tier or TIER_NAMES[0], bucket_of(max(1, days_since or 1))))

    def play_probability(self, status: str, days_since: int | None = None, tier: str | None = None) -> float:
        """Chance he plays his team's next game."""
        row = self._row(status, days_since, tier)
        return row.rate if row else self.by_tier.get(tier or TIER_NAMES[0], self.by_status)[status]

    def later_probability(self, status: str, days_since: int | None = None, tier: str | None = None) -> float:
        """Share of his team's games he plays a week to a month from now."""
        row = self._row(status, days_since, tier)
        return row.later_rate if row else self.later_by_status[status]

    def return_curve(self, status: str, days_since: int | None = None, tier: str | None = None) -> list[float]:
        """Share of his team's games he plays in each `HORIZONS` window ahead."""
        row = self._row(status, days_since, tier)
        if row:
            return list(row.later_curve)
        return list(self.curve_by_tier.get(tier or TIER_NAMES[0], self.curve_by_status)[status])


def curve_rate(curve: list[float], days_ahead: int) -> float:
    """The return curve's rate for a game `days_ahead` days away (the first window below it,
    the last beyond it)."""
    return next((r for (_, hi), r in zip(HORIZONS, curve, strict=True) if days_ahead < hi), curve[-1])


def _smooth(hits: float, n: float, parent: float, k: float = SMOOTHING) -> float:
    return (hits + k * parent) / (n + k)


class _Counts:
    """[hits, n] cells keyed by tuples, summed over any leading part of the key."""

    def __init__(self):
        self.cells: dict[tuple, list[float]] = {}

    def add(self, key: tuple, hits: float, n: float) -> None:
        cell = self.cells.setdefault(key, [0.0, 0.0])
        cell[0] += hits
        cell[1] += n

    def total(self) -> float:
        return sum(n for _, n in self.cells.values())


class _Played:
    """(games he played, team games) in a window of his team's dates, by bisection over a running
    count per (player, team) of how many of the team's first i dates he played (summing the window
    date by date was 60% of a snapshot's build)."""

    def __init__(self, team_dates: dict[str, list[dt.date]]):
        self.team_dates, self.cum = team_dates, {}

    def share(self, m: "Morning", lo: dt.date, hi: dt.date, closed: bool) -> tuple[int, int]:
        dates = self.team_dates[m.team]
        cum = self.cum.get((m.player_id, m.team))
        if cum is None:
            cum = [0]
            for u in dates:
                cum.append(cum[-1] + (u in m.played_dates))
            self.cum[(m.player_id, m.team)] = cum
        i, j = bisect_left(dates, lo), (bisect_right if closed else bisect_left)(dates, hi)
        return (cum[j] - cum[i], j - i) if j > i else (0, 0)


def calibrate(games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]],
              as_of: dt.date) -> Calibration:
    """Rates from the box scores before `as_of` (each player's games oldest first)."""
    nxt, later, curve = _Counts(), _Counts(), _Counts()  # keys (class, tier, bucket[, window])
    fit_from = as_of - dt.timedelta(days=FIT_DAYS)
    played = _Played(team_dates)
    for m in mornings(games_by_player, team_dates, as_of):
        key = (m.status, m.tier, bucket_of(m.days_since))
        if m.date >= fit_from:
            nxt.add(key, m.played, 1)
        lo, hi = m.date + dt.timedelta(days=LATER_WINDOW[0]), m.date + dt.timedelta(days=LATER_WINDOW[1])
        if hi < as_of:
            later.add(key, *played.share(m, lo, hi, closed=True))
        for j, (lo_d, hi_d) in enumerate(HORIZONS):
            lo = m.date + dt.timedelta(days=lo_d)
            if lo < as_of:  # the part of the window seen before the as-of date (censored windows count)
                hi = min(m.date + dt.timedelta(days=hi_d), as_of)
                curve.add((*key, j), *played.share(m, lo, hi, closed=False))
    by_status, later_status, curve_status = {}, {}, {}
    by_tier: dict[str, dict[str, float]] = {t: {} for t in TIER_NAMES}
    later_tier: dict[str, dict[str, float]] = {t: {} for t in TIER_NAMES}
    curve_tier: dict[str, dict[str, list[float]]] = {t: {} for t in TIER_NAMES}

    def chain(counts: _Counts, parent: float, **match) -> list[float]:
        # a window's parent is the window before it, carried on at the decline from the one before
        # that (never up): early in a season the later windows have seen no game, and holding the
        # 2-4 week rate flat over-predicted the 12-24 minute players' later games by 5-7 points in
        # November (docs/season-value.md)
        out = []
        for j in range(len(HORIZONS)):
            if j >= 2 and out[-2] > 0:
                parent = parent * min(1.0, out[-1] / out[-2])
            parent = round(_smooth(*_window(counts, j, **match), parent, CURVE_SMOOTHING), 4)
            out.append(parent)
        return out

    for s in STATUSES:
        by_status[s] = round(_smooth(*_match(nxt, s), PRIOR_NEXT[s]), 4)
        later_status[s] = round(_smooth(*_match(later, s), PRIOR_LATER[s]), 4)
        # an ACTIVE player has no return to come: his later share is not expected above his next-game
        # rate, measured from the first week (the prior of 1.0 held the whole curve at 100% on Oct 30)
        prior = min(PRIOR_LATER[s], by_status[s]) if s == "ACTIVE" else PRIOR_LATER[s]
        curve_status[s] = chain(curve, prior, status=s)
        for t in TIER_NAMES:
            by_tier[t][s] = round(_smooth(*_match(nxt, s, t), by_status[s]), 4)
            later_tier[t][s] = round(_smooth(*_match(later, s, t), later_status[s]), 4)
            # an ACTIVE tier's parent: the class curve scaled down by how far the tier's next-game rate
            # is below the class's (measured from the first week). Without it the bench tier's curve was
            # pulled to the starters' (63% predicted, 54% played out of sample; scaling every class, or
            # up as well, made the other tiers worse: docs/season-value.md)
            scale = min(1.0, by_tier[t][s] / by_status[s]) if s == "ACTIVE" and by_status[s] > 0 else 1.0
            curve_tier[t][s] = [round(_smooth(*_window(curve, j, status=s, tier=t), c * scale, CURVE_SMOOTHING), 4)
                                for j, c in enumerate(curve_status[s])]
    rows = []
    for s in STATUSES:
        for t in TIER_NAMES:
            for _, label in DAY_BUCKETS:
                hits, n = nxt.cells.get((s, t, label), [0, 0])
                lh, ln = later.cells.get((s, t, label), [0, 0])
                if not n and not ln:
                    continue
                rows.append(CalibrationRow(
                    status=s, tier=t, days_since=label, mornings=int(n), played=int(hits),
                    raw_rate=round(hits / n, 4) if n else None, rate=round(_smooth(hits, n, by_tier[t][s]), 4),
                    later_rate=round(_smooth(lh, ln, later_tier[t][s]), 4),
                    later_curve=[round(_smooth(*curve.cells.get((s, t, label, j), [0, 0]), c, CURVE_SMOOTHING), 4)
                                 for j, c in enumerate(curve_tier[t][s])]))
    return Calibration(as_of=as_of, mornings=int(nxt.total()), by_status=by_status, by_tier=by_tier,
                       later_by_status=later_status, curve_by_status=curve_status, curve_by_tier=curve_tier,
                       rows=rows)


def _match(counts: _Counts, status: str, tier: str | None = None) -> tuple[float, float]:
    hits = n = 0.0
    for key, (h, m) in counts.cells.items():
        if key[0] == status and (tier is None or key[1] == tier):
            hits, n = hits + h, n + m
    return hits, n


def _window(counts: _Counts, j: int, status: str, tier: str | None = None) -> tuple[float, float]:
    hits = n = 0.0
    for key, (h, m) in counts.cells.items():
        if key[0] == status and key[3] == j and (tier is None or key[1] == tier):
            hits, n = hits + h, n + m
    return hits, n
