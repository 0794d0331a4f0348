"""Calibrated availability: how often a player with a given inferred status really played.

Measured on the games before the as-of date only. Every morning of a team game, each player of
that team who averaged `MIN_MINUTES`+ minutes so far has an inferred status (ACTIVE: played the
team's last game; DTD: missed the last 1-2; OUT: 3 or more) and a number of days since his last
game; the outcome is whether he played that game (the next-game rate, used for this matchup
week), what share of the team's games 7 to 28 days later he played (the later rate, shown in the
table) and the same share in each window of `HORIZONS` days ahead (the return curve, used for the
rest of the season: an OUT player is likelier to play a game two months away than one two weeks
away; beyond the last window its rate holds). Rates are smoothed towards the status's rate (and
that towards a fixed prior; a curve window towards the window before it) so thin cells do not
swing: (played + K x parent rate) / (games + K).

    cal = calibrate(games_by_player, team_dates, as_of)
    cal.play_probability("DTD", days_since=3)  ->  e.g. 0.47
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left, bisect_right

from pydantic import BaseModel

MIN_MINUTES = 24.0  # the rotation players a fantasy manager rosters
SMOOTHING = 10.0
PRIOR_NEXT = {"ACTIVE": 1.0, "DTD": 0.6, "OUT": 0.0}  # the old fixed table: used only with no data
PRIOR_LATER = {"ACTIVE": 1.0, "DTD": 0.8, "OUT": 0.4}
DAY_BUCKETS = ((2, "1-2 days"), (4, "3-4 days"), (10, "5-10 days"), (30, "11-30 days"), (10_000, "31+ days"))
LATER_WINDOW = (7, 28)  # days after the morning
HORIZONS = ((7, 14), (14, 28), (28, 56))  # return-curve windows, days after the morning
STATUSES = ("ACTIVE", "DTD", "OUT")


def status_of(missed: int) -> str:
    return "ACTIVE" if missed <= 0 else "DTD" if missed <= 2 else "OUT"


def bucket_of(days: int) -> str:
    return next(label for edge, label in DAY_BUCKETS if days <= edge)


class CalibrationRow(BaseModel):
    status: str
    days_since: str  # bucket of days since the last game
    mornings: int  # observations: player-mornings before a team game
    played: int  # of them, he played that game
    raw_rate: float | None
    rate: float  # smoothed next-game play probability
    later_rate: float  # smoothed share of team games played 7-28 days later
    later_curve: list[float]  # smoothed share of team games played in each HORIZONS window


class Calibration(BaseModel):
    as_of: dt.date
    min_minutes: float = MIN_MINUTES
    mornings: int
    by_status: dict[str, float]  # next-game rate per status
    later_by_status: dict[str, float]
    curve_by_status: dict[str, list[float]]  # return curve per status, one rate per HORIZONS window
    rows: list[CalibrationRow]
    source: str = ("measured on games before the as-of date: players averaging 24+ minutes, status inferred "
                   "each morning from missed team games")

    def _row(self, status: str, days_since: int | None) -> CalibrationRow | None:
        label = bucket_of(max(1, days_since or 1))
        return next((r for r in self.rows if r.status == status and r.days_since == label), None)

    def play_probability(self, status: str, days_since: int | None = None) -> float:
        """Chance he plays his team's next game."""
        row = self._row(status, days_since)
        return row.rate if row else self.by_status[status]

    def later_probability(self, status: str, days_since: int | None = None) -> float:
        """Share of his team's games he plays a week to a month from now."""
        row = self._row(status, days_since)
        return row.later_rate if row else self.later_by_status[status]

    def return_curve(self, status: str, days_since: int | None = None) -> list[float]:
        """Share of his team's games he plays in each `HORIZONS` window ahead."""
        row = self._row(status, days_since)
        return list(row.later_curve if row else self.curve_by_status[status])


def curve_rate(curve: list[float], days_ahead: int) -> float:
    """The return curve's rate for a game `days_ahead` days away (the first window below it,
    the last beyond it)."""
    return next((r for (_, hi), r in zip(HORIZONS, curve, strict=True) if days_ahead < hi), curve[-1])


def _smooth(hits: float, n: float, parent: float) -> float:
    return (hits + SMOOTHING * parent) / (n + SMOOTHING)


def calibrate(games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]],
              as_of: dt.date) -> Calibration:
    """Rates from the box scores before `as_of` (each player's games oldest first)."""
    nxt: dict[tuple[str, str], list[int]] = {}
    later: dict[tuple[str, str], list[int]] = {}
    curve: dict[tuple[str, str, int], list[int]] = {}
    for games in games_by_player.values():
        played = {g["game_date"] for g in games}
        minutes = 0.0
        for i, g in enumerate(games):
            minutes += g["min"]
            if minutes / (i + 1) < MIN_MINUTES:
                continue
            last = g["game_date"]
            nxt_date = games[i + 1]["game_date"] if i + 1 < len(games) else None
            dates = team_dates.get(g["team"], [])
            for k, t in enumerate(dates[bisect_right(dates, last):bisect_left(dates, as_of)]):
                key = (status_of(k), bucket_of((t - last).days))
                hit = t == nxt_date
                cell = nxt.setdefault(key, [0, 0])
                cell[0] += hit
                cell[1] += 1
                lo, hi = t + dt.timedelta(days=LATER_WINDOW[0]), t + dt.timedelta(days=LATER_WINDOW[1])
                if hi < as_of:
                    ahead = dates[bisect_left(dates, lo):bisect_right(dates, hi)]
                    cell = later.setdefault(key, [0, 0])
                    cell[0] += sum(u in played for u in ahead)
                    cell[1] += len(ahead)
                for j, (lo_d, hi_d) in enumerate(HORIZONS):
                    lo, hi = t + dt.timedelta(days=lo_d), t + dt.timedelta(days=hi_d)
                    if hi < as_of:
                        ahead = dates[bisect_left(dates, lo):bisect_left(dates, hi)]
                        cell = curve.setdefault((*key, j), [0, 0])
                        cell[0] += sum(u in played for u in ahead)
                        cell[1] += len(ahead)
                if hit or (nxt_date is not None and t > nxt_date):
                    break
    by_status, later_status, curve_status = {}, {}, {}
    for s in STATUSES:
        hits = sum(v[0] for (st, _), v in nxt.items() if st == s)
        n = sum(v[1] for (st, _), v in nxt.items() if st == s)
        by_status[s] = round(_smooth(hits, n, PRIOR_NEXT[s]), 4)
        hits = sum(v[0] for (st, _), v in later.items() if st == s)
        n = sum(v[1] for (st, _), v in later.items() if st == s)
        later_status[s] = round(_smooth(hits, n, PRIOR_LATER[s]), 4)
        parent, curve_status[s] = PRIOR_LATER[s], []
        for j in range(len(HORIZONS)):
            hits = sum(v[0] for (st, _, w), v in curve.items() if st == s and w == j)
            n = sum(v[1] for (st, _, w), v in curve.items() if st == s and w == j)
            parent = round(_smooth(hits, n, parent), 4)
            curve_status[s].append(parent)
    rows = []
    for s in STATUSES:
        for _, label in DAY_BUCKETS:
            hits, n = nxt.get((s, label), [0, 0])
            lh, ln = later.get((s, label), [0, 0])
            if not n:
                continue
            rows.append(CalibrationRow(status=s, days_since=label, mornings=n, played=hits,
                                       raw_rate=round(hits / n, 4), rate=round(_smooth(hits, n, by_status[s]), 4),
                                       later_rate=round(_smooth(lh, ln, later_status[s]), 4),
                                       later_curve=[round(_smooth(*curve.get((s, label, j), [0, 0]), c), 4)
                                                    for j, c in enumerate(curve_status[s])]))
    return Calibration(as_of=as_of, mornings=sum(v[1] for v in nxt.values()), by_status=by_status,
                       later_by_status=later_status, curve_by_status=curve_status, rows=rows)
