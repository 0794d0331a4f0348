"""The out-of-sample check of the availability calibration: predict as of D, observe after D.

For each check date D, the calibration is fit on the games before D (exactly what the product
would have used that day); then every player-morning of a team game in [D, D + WINDOW_DAYS) gets
the probability that calibration gives his class, tier and days since his last game that morning
(known that morning), and the observation is whether he played. Per tier and class: mornings,
mean predicted, observed; per tier the weighted error, sum over classes of mornings x
|predicted - observed| / mornings, in percentage points. This reads games on and after D: it is
a measurement, never an input of advice.
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left, bisect_right
from functools import lru_cache

from pydantic import BaseModel

from services.league.calibration import STATUSES, TIER_NAMES, calibrate, class_of, curve_rate, mornings, tier_of

CHECK_DATES = (dt.date(2024, 12, 15), dt.date(2025, 1, 1), dt.date(2025, 1, 15), dt.date(2025, 1, 29))
WINDOW_DAYS = 21
TARGET_POINTS = 3.0  # the weighted error the product aims at, per tier


class CheckCell(BaseModel):
    tier: str
    status: str
    mornings: int
    predicted: float  # mean predicted next-game probability, percent
    observed: float  # share who played, percent


class CheckTier(BaseModel):
    tier: str
    mornings: int
    weighted_error: float  # percentage points
    within_target: bool
    cells: list[CheckCell]


class CheckDate(BaseModel):
    as_of: dt.date
    observed_until: dt.date  # last morning observed
    tiers: list[CheckTier]


class OutOfSample(BaseModel):
    window_days: int = WINDOW_DAYS
    target_points: float = TARGET_POINTS
    dates: list[CheckDate]
    pooled: list[CheckTier]  # every check date's mornings together
    worst_weighted_error: float  # the largest per-tier weighted error, over dates and pooled
    curve: "CurveCheck | None" = None  # the return curve the season claims read, checked the same way
    durability: "DurabilityCheck | None" = None  # healthy players' own durability against the tier's rate
    method: str = ("fit on games before D; each player-morning of a team game in [D, D + window) predicted "
                   "with his class, tier and days since his last game that morning; weighted error = "
                   "sum of mornings x |predicted - observed| / mornings, per tier")


class CurveCheck(BaseModel):
    """The return curve out of sample: what the season claims assume about the games after this week."""

    dates: list[dt.date]  # as of each matchup week's Wednesday
    tiers: list[CheckTier]  # games after that week to the end of the data, every date together
    split: dt.date | None = None  # the dates apart: before it (`early`) and from it (`late`): errors can cancel pooled
    early: list[CheckTier] = []
    late: list[CheckTier] = []
    target_points: float = TARGET_POINTS
    method: str = ("as of each Wednesday D (fit before D), every player with 5+ games before D: each of his "
                   "team's games after the Sunday of D's week, predicted by his return curve (class, tier and "
                   "days since his last game on D) for how far ahead it is, against whether he played it; "
                   "weighted error per tier over classes, in percentage points of games")


def _tiers(cells: dict[tuple[str, str], list[float]]) -> list[CheckTier]:
    out = []
    for tier in TIER_NAMES:
        rows = [CheckCell(tier=tier, status=s, mornings=int(c[2]), predicted=round(100 * c[0] / c[2], 1),
                          observed=round(100 * c[1] / c[2], 1))
                for s in STATUSES if (c := cells.get((tier, s))) and c[2]]
        n = sum(r.mornings for r in rows)
        err = sum(r.mornings * abs(r.predicted - r.observed) for r in rows) / n if n else 0.0
        out.append(CheckTier(tier=tier, mornings=n, weighted_error=round(err, 2),
                             within_target=err <= TARGET_POINTS, cells=rows))
    return out


def check(games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]],
          dates=CHECK_DATES, window_days: int = WINDOW_DAYS) -> OutOfSample:
    """The check over every date in `dates` with games after it (see the module docstring)."""
    last_day = max(d for ds in team_dates.values() for d in ds)
    pooled: dict[tuple[str, str], list[float]] = {}
    out = []
    for d in dates:
        if d > last_day:
            continue
        before = {p: [g for g in gs if g["game_date"] < d] for p, gs in games_by_player.items()}
        cal = calibrate(before, team_dates, d)
        end = d + dt.timedelta(days=window_days)
        cells: dict[tuple[str, str], list[float]] = {}
        seen = d
        for m in mornings(games_by_player, team_dates, end):
            if m.date < d:
                continue
            seen = max(seen, m.date)
            p = cal.play_probability(m.status, m.days_since, m.tier)
            for bag in (cells, pooled):
                c = bag.setdefault((m.tier, m.status), [0.0, 0.0, 0.0])
                c[0] += p
                c[1] += m.played
                c[2] += 1
        out.append(CheckDate(as_of=d, observed_until=seen, tiers=_tiers(cells)))
    pooled_tiers = _tiers(pooled)
    worst = max([t.weighted_error for c in out for t in c.tiers] + [t.weighted_error for t in pooled_tiers])
    return OutOfSample(window_days=window_days, dates=out, pooled=pooled_tiers, worst_weighted_error=worst,
                       curve=curve_check(games_by_player, team_dates),
                       durability=durability_check(games_by_player, team_dates))


@lru_cache(maxsize=2)
def out_of_sample(db_key: str = "") -> OutOfSample:
    """The check on the league's database (every box score: outcomes included)."""
    from services.store import db

    games: dict[str, list[dict]] = {}
    for pid, day, team, minutes in db.query("SELECT player_id, game_date, team, min FROM player_games "
                                            "ORDER BY game_date, player_id"):
        games.setdefault(pid, []).append({"game_date": day, "team": team, "min": float(minutes)})
    team_dates: dict[str, list[dt.date]] = {}
    for day, team in db.query("SELECT game_date, team FROM schedule ORDER BY game_date"):
        team_dates.setdefault(team, []).append(day)
    return check(games, team_dates)


CURVE_DATES = tuple(dt.date(2024, 10, 30) + dt.timedelta(weeks=w) for w in range(15))  # weeks 2-16 (16: no games after)


def curve_check(games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]],
                dates=CURVE_DATES) -> CurveCheck:
    """The return curve of every player on each date in `dates`, against the games he played after
    that matchup week (see `CurveCheck.method`). A measurement: it reads games after D."""
    from services.league.durability import SPLIT

    last_day = max(d for ds in team_dates.values() for d in ds)
    cells: dict[tuple[str, str], list[float]] = {}
    sides: tuple[dict, dict] = ({}, {})
    used = []
    for d in dates:
        sunday = d + dt.timedelta(days=6 - d.weekday())
        if sunday >= last_day:
            continue
        used.append(d)
        side = sides[d >= SPLIT]
        before = {p: [g for g in gs if g["game_date"] < d] for p, gs in games_by_player.items()}
        cal = calibrate(before, team_dates, d)
        for pid, gs in before.items():
            if len(gs) < 5:
                continue
            last, team = gs[-1]["game_date"], gs[-1]["team"]
            tdates = team_dates.get(team, [])
            missed = tdates[bisect_right(tdates, last):bisect_left(tdates, d)]
            cls = class_of(len(missed), last, missed[0] if missed else None)
            tier = tier_of(sum(g["min"] for g in gs) / len(gs))
            curve = cal.return_curve(cls, (d - last).days, tier)
            played = {g["game_date"] for g in games_by_player[pid]}
            c = cells.setdefault((tier, cls), [0.0, 0.0, 0.0])
            e = side.setdefault((tier, cls), [0.0, 0.0, 0.0])
            for t in tdates[bisect_right(tdates, sunday):]:
                for bag in (c, e):
                    bag[0] += curve_rate(curve, (t - d).days)
                    bag[1] += t in played
                    bag[2] += 1
    return CurveCheck(dates=used, tiers=_tiers(cells), split=SPLIT, early=_tiers(sides[0]), late=_tiers(sides[1]))


DURABILITY_GRID = (0.0, 5.0, 10.0, 20.0, 40.0, 80.0, 160.0, 320.0)  # team games of the tier's share; plus none


class DurabilitySet(BaseModel):
    """One side of the split: the return curve's predictions of healthy players' later games, by the
    tier's curve alone and scaled by his own durability."""

    dates: list[dt.date]
    games: int  # player-games predicted
    observed: float  # share he played, percent
    predicted_tier: float  # mean predicted by the tier's curve, percent
    predicted_own: float  # the same scaled by his durability (at the strength below), percent
    strength: float
    brier_tier: float
    brier_own: float
    log_loss_tier: float
    log_loss_own: float


class DurabilityCheck(BaseModel):
    """Player-specific durability (services.league.durability) out of sample: the prior strength is
    chosen on the earlier dates and the gain measured on the later ones, against the tier's rate."""

    split: dt.date
    grid_brier_earlier: dict[str, float]  # strength -> Brier on the earlier dates ("none": the tier's rate)
    chosen: float  # the grid's best on the earlier dates
    strength: float  # services.league.durability.PRIOR_STRENGTH, the one the product uses
    earlier: DurabilitySet
    later: DurabilitySet  # the out-of-sample measure, at the product's strength
    brier_gain: float  # later: tier's Brier - own Brier (positive: durability helps)
    log_loss_gain: float
    method: str = ("as of each Wednesday D (fit before D), every healthy player (ACTIVE or REST on D) with 5+ "
                   "games: each of his team's games after the Sunday of D's week predicted by his tier's return "
                   "curve, and by that curve x his durability (capped at 1), against whether he played it. Earlier "
                   "dates (before the split) count only games before the split: the strength is chosen there; "
                   "the later dates measure it")


def _scores(rows, strength: float | None) -> tuple[float, float, float]:
    """(mean predicted, Brier, log loss) of rows (curve rate, played, team games, tier share, played it)."""
    import math

    n = len(rows)
    if not n:
        return 0.0, 0.0, 0.0
    tot = brier = loss = 0.0
    for rate, mine, games, base, y in rows:
        m = 1.0 if strength is None or base <= 0 else (mine + strength * base) / (games + strength) / base
        p = min(1.0, rate * m)
        q = min(1 - 1e-4, max(1e-4, p))
        tot += p
        brier += (p - y) ** 2
        loss -= math.log(q if y else 1 - q)
    return tot / n, brier / n, loss / n


def _side(rows, dates, strength: float) -> DurabilitySet:
    pt, bt, lt = _scores(rows, None)
    po, bo, lo = _scores(rows, strength)
    obs = sum(r[4] for r in rows) / len(rows) if rows else 0.0
    return DurabilitySet(dates=dates, games=len(rows), observed=round(100 * obs, 2), predicted_tier=round(100 * pt, 2),
                         predicted_own=round(100 * po, 2), strength=strength, brier_tier=round(bt, 5),
                         brier_own=round(bo, 5), log_loss_tier=round(lt, 5), log_loss_own=round(lo, 5))


def durability_check(games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]],
                     dates=CURVE_DATES, split: dt.date | None = None) -> DurabilityCheck | None:
    """The check of `DurabilityCheck.method` (None: no date on one side of the split)."""
    from services.league import durability as du

    split = split or du.SPLIT
    last_day = max(d for ds in team_dates.values() for d in ds)
    earlier, later, used = [], [], ([], [])
    for d in dates:
        sunday = d + dt.timedelta(days=6 - d.weekday())
        end = split if d < split else last_day + dt.timedelta(days=1)
        if sunday >= min(end, last_day):
            continue
        before = {p: [g for g in gs if g["game_date"] < d] for p, gs in games_by_player.items()}
        cal = calibrate(before, team_dates, d)
        dur = du.fit(before, team_dates, d)
        rows = earlier if d < split else later
        used[d >= split].append(d)
        for pid, gs in before.items():
            if len(gs) < 5 or du.class_on(gs, team_dates, d) not in du.HEALTHY:
                continue
            last, team = gs[-1]["game_date"], gs[-1]["team"]
            tdates = team_dates.get(team, [])
            missed = tdates[bisect_right(tdates, last):bisect_left(tdates, d)]
            curve = cal.return_curve(class_of(len(missed), last, missed[0] if missed else None), (d - last).days,
                                     dur.tiers[pid])
            mine, n = dur.own[pid]
            base = dur.base.get(dur.tiers[pid], 0.0)
            played = {g["game_date"] for g in games_by_player[pid]}
            for t in tdates[bisect_right(tdates, sunday):bisect_left(tdates, end)]:
                rows.append((curve_rate(curve, (t - d).days), mine, n, base, t in played))
    if not earlier or not later:
        return None
    grid = {str(s): round(_scores(earlier, s)[1], 5) for s in DURABILITY_GRID} | {"none": round(_scores(earlier, None)[1], 5)}
    chosen = min(DURABILITY_GRID, key=lambda s: (_scores(earlier, s)[1], s))
    side = _side(later, used[1], du.PRIOR_STRENGTH)
    return DurabilityCheck(split=split, grid_brier_earlier=grid, chosen=chosen, strength=du.PRIOR_STRENGTH,
                           earlier=_side(earlier, used[0], chosen), later=side,
                           brier_gain=round(side.brier_tier - side.brier_own, 5),
                           log_loss_gain=round(side.log_loss_tier - side.log_loss_own, 5))
