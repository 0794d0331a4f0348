"""Replaying a roster over the real days after an as-of date: outcome data, never advice.

Every morning the lineup is re-set from what was known that morning, as the product would: each
player's expected fantasy points (half his season mean, half his last 10 games, over the games
before that morning: `snapshot.expectation`) times his calibrated chance to play (his class,
minutes tier and days since his last game that morning, with the calibration fit before the
as-of date), the best lineup by `services.league.lineup.solve`; it then scores what the starters really
did that day (a starter who sits scores 0).

An IR move is replayed as one: the added player takes the IR player's spot until the IR player
really plays again (the morning of that game he is back: the product offers his activation
card), and from then, as the activation card would that morning, another player OUT that morning
takes the IR slot (nobody cut; his own return is replayed the same way), else one player is cut
(the lowest expected rest-of-season total of the 13: per-game value as the season value counts it,
x chance to play, this week's next-game chance and the return curve after it, over the games left).

    book = MorningBook(snapshot, until)        # box scores after the as-of date: the outcomes
    book.daily(roster_ids)                     # (days, STATS) real totals of the starters
    book.ir_path(roster, ir_id, add_id)        # the roster of each day after an IR move
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left
from itertools import accumulate

import numpy as np

from services.league.calibration import class_of, curve_rate, tier_of
from services.league.lineup import solve
from services.optimizer import projection as pj
from services.optimizer.models import STATS
from services.league.slots import STARTING_SLOTS

RECENT = 10  # snapshot.RECENT_WINDOW: the expectation's recent half


class MorningBook:
    """The days [as-of, until] of one as-of view, with every player's real games (outcomes)."""

    def __init__(self, snap, until: dt.date):
        from services.store import db

        self.snap, self.cal = snap, snap.calibration
        self.days = tuple(snap.as_of + dt.timedelta(days=i) for i in range((until - snap.as_of).days + 1))
        self.slot_names = list(STARTING_SLOTS)
        self.counts = np.array([STARTING_SLOTS[s] for s in self.slot_names])
        cols = ", ".join(STATS)
        rows = db.query(f"SELECT player_id, game_date, team, min, fpts, {cols} FROM player_games "
                        "WHERE game_date <= ? ORDER BY game_date", [until])
        self.games: dict[str, list] = {}
        for r in rows:
            self.games.setdefault(r[0], []).append(r[1:])
        self.dates = {p: [g[0] for g in gs] for p, gs in self.games.items()}
        self.fpts_sum = {p: [0.0, *accumulate(float(g[3]) for g in gs)] for p, gs in self.games.items()}
        self.min_sum = {p: [0.0, *accumulate(float(g[2]) for g in gs)] for p, gs in self.games.items()}
        self.lines = {(p, g[0]): g for p, gs in self.games.items() for g in gs if g[0] >= snap.as_of}
        self._morning: dict[tuple[str, dt.date], tuple[float, bool]] = {}
        self._daily: dict[tuple, np.ndarray] = {}

    def team_plays(self, pid: str, day: dt.date) -> bool:
        team = self._team(pid, day)
        dates = self.snap.team_dates_all.get(team or "", [])
        i = bisect_left(dates, day)
        return i < len(dates) and dates[i] == day

    def _team(self, pid: str, day: dt.date) -> str | None:
        dates = self.dates.get(pid, [])
        n = bisect_left(dates, day)
        return self.games[pid][n - 1][1] if n else None

    def morning(self, pid: str, day: dt.date) -> float:
        """Expected fantasy points x chance to play, as known on the morning of `day`."""
        key = (pid, day)
        if key not in self._morning:
            self._morning[key] = self._expect(pid, day)
        return self._morning[key]

    def _expect(self, pid: str, day: dt.date) -> float:
        return self.per_game(pid, day) * self.chance(pid, day)

    def per_game(self, pid: str, day: dt.date) -> float:
        """Expected fantasy points when he plays, as known on the morning of `day`."""
        dates = self.dates.get(pid, [])
        n = bisect_left(dates, day)
        if not n:
            return 0.0
        fs = self.fpts_sum[pid]
        k = min(RECENT, n)
        return 0.5 * fs[n] / n + 0.5 * (fs[n] - fs[n - k]) / k

    def lines_before(self, pid: str, day: dt.date) -> list[dict]:
        """His box-score lines before `day`, oldest first, keyed as the snapshot keeps them (without
        3-point attempts, which only eligibility reads: 0)."""
        n = bisect_left(self.dates.get(pid, []), day)
        keys = ("game_date", "team", "min", "fpts", *STATS)
        return [{k: (v if k in ("game_date", "team") else float(v)) for k, v in zip(keys, g, strict=True)} | {"fg3a": 0.0}
                for g in self.games.get(pid, [])[:n]]

    def season_per_game(self, pid: str, day: dt.date) -> float:
        """His per-game fantasy points over a season as the season value counts them (the as-of
        view's regression, `calibration_value.HorizonFit`, over his games before `day`): what the
        activation card ranks the cut by."""
        from services.league.calibration_value import horizon_fit, prior_shares

        return horizon_fit(self.snap).per_game(self.lines_before(pid, day), prior_shares(self.snap).get(pid, 0.0))

    def chance(self, pid: str, day: dt.date) -> float:
        """His calibrated chance to play on `day`, as known that morning (0 before his first game)."""
        state = self._state(pid, day)
        return self.cal.play_probability(*state) if state else 0.0

    def _state(self, pid: str, day: dt.date) -> tuple[str, int, str] | None:
        """(class, days since his last game, minutes tier) on the morning of `day`."""
        dates = self.dates.get(pid, [])
        n = bisect_left(dates, day)
        if not n:
            return None
        ms = self.min_sum[pid]
        last, team = dates[n - 1], self.games[pid][n - 1][1]
        tdates = self.snap.team_dates_all.get(team, [])
        missed_from = bisect_left(tdates, last) + 1
        missed_to = bisect_left(tdates, day)
        missed = max(0, missed_to - missed_from)
        first_missed = tdates[missed_from] if missed else None
        return class_of(missed, last, first_missed), (day - last).days, tier_of(ms[n] / n)

    def _eligible(self, pids: list[str]) -> np.ndarray:
        return np.array([[s in self.snap.players[p].ref.eligible for s in self.slot_names] for p in pids],
                        dtype=bool).reshape(len(pids), len(self.slot_names))

    def day_stats(self, pids: list[str], day: dt.date) -> np.ndarray:
        """Real stat totals of the starters chosen that morning (STATS order)."""
        playing = [p for p in pids if p in self.snap.players and self.team_plays(p, day)]
        out = np.zeros(len(STATS))
        if not playing:
            return out
        values = np.array([self.morning(p, day) for p in playing])
        _, rows, _ = solve(values, self._eligible(playing), self.counts)
        for r in rows:
            line = self.lines.get((playing[r], day))
            if line is not None:
                out += np.array([float(x) for x in line[4:]])
        return out

    def daily(self, path) -> np.ndarray:
        """(days, STATS): each day's starters' real totals, for a roster (ids) or a roster per day."""
        key = tuple(path) if isinstance(path[0], str) else tuple(tuple(r) for r in path)
        if key not in self._daily:
            rosters = [list(path)] * len(self.days) if isinstance(path[0], str) else [list(r) for r in path]
            self._daily[key] = np.array([self.day_stats(r, d) for r, d in zip(rosters, self.days, strict=True)])
        return self._daily[key]

    def points(self, daily: np.ndarray) -> np.ndarray:
        """Fantasy points per day from `daily` stat totals."""
        return daily @ pj.POINTS_COEF

    def first_game(self, pid: str, start: dt.date | None = None) -> dt.date | None:
        """His first real game on or after `start` (default: the as-of date), within the book."""
        dates = self.dates.get(pid, [])
        i = bisect_left(dates, start or self.snap.as_of)
        return dates[i] if i < len(dates) and dates[i] <= self.days[-1] else None

    def is_out(self, pid: str, day: dt.date) -> bool:
        """OUT on the morning of `day` (missed his team's last 3+ games): IR-eligible."""
        state = self._state(pid, day)
        return state is not None and state[0] == "OUT"

    def season_total(self, pid: str, day: dt.date, per_game=None) -> float:
        """Expected rest-of-season total that morning, as the activation card counts it
        (`season.SeasonPlayer.total`): expected x chance to play, the next-game chance for the games
        of that matchup week and his return curve's rate after it, summed over the games left
        (`per_game(pid, day)`: the per-game value when he plays; default his regressed fantasy
        points, `season_per_game`, as the activation card's season value ranks the cut; before
        session 12 the week's projection). With the next-game chance for every game, an OUT star
        was the one cut."""
        team = self._team(pid, day) or self.snap.players[pid].ref.team
        left = [d for d in self.snap.team_dates_all.get(team or "", []) if d >= day]
        state = self._state(pid, day)
        if not state:
            return 0.0
        chance, curve = self.cal.play_probability(*state), self.cal.return_curve(*state)
        sunday = day + dt.timedelta(days=6 - day.weekday())
        rates = sum(chance if d <= sunday else curve_rate(curve, (d - day).days) for d in left)
        return (per_game or self.season_per_game)(pid, day) * rates

    def ir_path(self, roster: list[str], ir_id: str, add_id: str,
                per_game=None) -> tuple[list[list[str]], str, dt.date | None, tuple[str, ...]]:
        """(roster of each day, who was cut, the day the first IR player came back, the OUT players
        who took the IR slot in turn) after moving `ir_id` to IR and adding `add_id`.

        As the activation card does it (`activation.to_ir_row`): on the morning the IR player is
        back, another rostered player OUT that morning (the lowest expected rest-of-season total of
        them) takes the IR slot and nobody is cut; when he is back in turn, the same again; with
        nobody OUT, the lowest total of the 13 and the returning player's replacement is cut.
        Nobody is cut while the IR player does not play again within the book."""
        current, on_ir, start = [add_id if p == ir_id else p for p in roster], ir_id, self.snap.as_of
        first_back, to_ir, cut = None, [], ""
        path = [current] * len(self.days)
        while (back := self.first_game(on_ir, start)) is not None:
            first_back = first_back or back
            total = lambda p: (self.season_total(p, back, per_game), p)  # noqa: E731
            outs = [p for p in current if self.is_out(p, back)]
            going = min(outs, key=total) if outs else min(current, key=total)
            current = [on_ir if p == going else p for p in current]
            path = [r if d < back else current for r, d in zip(path, self.days, strict=True)]
            if not outs:
                cut = going
                break
            on_ir, start = going, back + dt.timedelta(days=1)
            to_ir.append(going)
        return path, cut, first_back, tuple(to_ir)
