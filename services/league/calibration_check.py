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
    method: str = ("fit on games before D; each player-morning of a team game in [D, D + window) predicted "
                   "with his class, tier and days since his last game that morning; weighted error = "
                   "sum of mornings x |predicted - observed| / mornings, per tier")


class CurveCheck(BaseModel):
    """The return curve out of sample: what the season claims assume about the games after this week."""

    dates: list[dt.date]  # as of each matchup week's Wednesday
    tiers: list[CheckTier]  # games after that week to the end of the data, every date together
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
                       curve=curve_check(games_by_player, team_dates))


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
    last_day = max(d for ds in team_dates.values() for d in ds)
    cells: dict[tuple[str, str], list[float]] = {}
    used = []
    for d in dates:
        sunday = d + dt.timedelta(days=6 - d.weekday())
        if sunday >= last_day:
            continue
        used.append(d)
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
            for t in tdates[bisect_right(tdates, sunday):]:
                c[0] += curve_rate(curve, (t - d).days)
                c[1] += t in played
                c[2] += 1
    return CurveCheck(dates=used, tiers=_tiers(cells))
