"""Replaying a categories league over the real days after an as-of date: outcome data, never advice.

Every morning each team's lineup is chosen the way the product chooses it in categories: by the
categories objective of `services.optimizer.weekly.prepare` (each stat weighted by how much it
moves the chance of winning its category this week, against that week's real opponent, from the
totals both teams have banked so far that week), over the rest of that week, with each player's
per-game stats as known that morning (half his season mean, half his last 10 games, spread over
his last 20, times his calibrated chance to play: `MorningBook.chance`). Nothing after that
morning is read until the lineup is set; then the starters score what they really did.

A matchup week is replayed for both teams at once: standing pat, each team sets its lineup every
morning against the other (`pat_week`). A team that made a move is replayed against its
opponent's standing-pat days (`moved_week`), so every strategy meets the same opponent lines.
Categories won: by final totals, a tie counts half (`services.optimizer.backtest.categories_won`).

    cb = CategoryBook(lg, book)              # lg: the demo league as of the date; book: MorningBook
    cb.week_won(team, week, path)            # categories won that week by a roster path (ids or per day)
    cb.ir_path(roster, ir_id, add_id)        # an IR move; the cut by category value x chance x games
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left

import numpy as np

from services.optimizer import projection as pj
from services.optimizer.backtest import categories_won
from services.optimizer.models import STATS, OptimizerInputs, PlayerInput
from services.optimizer.weekly import plan_day, prepare
from services.league.snapshot import RECENT_WINDOW as RECENT

SD_WINDOW = 20  # snapshot._projection: the spread of the last 20 games


class CategoryBook:
    """Category-value lineups of one as-of view's league, day by day, scored with the real games."""

    def __init__(self, lg, book):
        from services.league.scoreboard import banked_totals

        self.lg, self.book, self.snap = lg, book, lg.snapshot
        self.n_stats = len(STATS)
        self._cum: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        self._player: dict[tuple[str, dt.date], PlayerInput] = {}
        self._pat: dict[tuple[int, int], np.ndarray] = {}
        self._moved: dict[tuple, np.ndarray] = {}
        self.mornings: dict[tuple[int, int], list[tuple]] = {}  # (week, team) standing pat: (day, starters, banks)
        monday0 = lg.week[1] - dt.timedelta(days=lg.week[1].weekday())
        self.weeks: dict[int, list[int]] = {}  # matchup week -> indices of book.days
        for d, day in enumerate(book.days):
            self.weeks.setdefault(lg.week[0] + (day - monday0).days // 7, []).append(d)
        self.banked0 = {t: pj.stat_vector(banked_totals(lg, t)) for t in lg.team_ids}

    # --- what was known on a morning -------------------------------------------------------
    def _sums(self, pid: str) -> tuple[np.ndarray, np.ndarray]:
        if pid not in self._cum:
            rows = np.array([[float(x) for x in g[4:]] for g in self.book.games.get(pid, [])]).reshape(-1, self.n_stats)
            zero = np.zeros((1, self.n_stats))
            self._cum[pid] = (np.vstack([zero, np.cumsum(rows, axis=0)]), np.vstack([zero, np.cumsum(rows**2, axis=0)]))
        return self._cum[pid]

    def expected(self, pid: str, day: dt.date) -> tuple[np.ndarray, np.ndarray]:
        """(per-game expectation, per-game spread) over STATS from his games before `day`."""
        n = bisect_left(self.book.dates.get(pid, []), day)
        if not n:
            return np.zeros(self.n_stats), np.zeros(self.n_stats)
        s, q = self._sums(pid)
        k = min(RECENT, n)
        mean = 0.5 * s[n] / n + 0.5 * (s[n] - s[n - k]) / k
        m = min(SD_WINDOW, n)
        if m > 1:
            mu = (s[n] - s[n - m]) / m
            sd = np.sqrt(np.maximum((q[n] - q[n - m]) - m * mu**2, 0.0) / (m - 1))
        else:
            sd = np.where(mean != 0, mean, 1.0)
        return mean, sd

    def player(self, pid: str, day: dt.date, days: tuple[dt.date, ...]) -> PlayerInput:
        """His optimizer input on the morning of `day` for the remaining `days` of the week (his
        team's games on those days: the team of his last game before that morning)."""
        key = (pid, day)
        if key not in self._player:
            mean, sd = self.expected(pid, day)
            team_days = set(self.snap.team_dates_all.get(self.book._team(pid, day) or "", []))
            ref = self.snap.players[pid].ref
            self._player[key] = PlayerInput(
                player_id=pid, eligible=tuple(ref.eligible), expected=dict(zip(STATS, mean, strict=True)),
                stat_sd=dict(zip(STATS, sd, strict=True)), game_days=frozenset(x for x in days if x in team_days),
                availability=self.book.chance(pid, day), name=ref.name)
        return self._player[key]

    def morning_inputs(self, mine: list[str], theirs: list[str], d: int, week_idx: list[int],
                       my_bank: np.ndarray, opp_bank: np.ndarray) -> OptimizerInputs:
        """A team's week as the product would see it on morning `d` (an index of book.days)."""
        days = tuple(self.book.days[i] for i in week_idx if i >= d)
        day = self.book.days[d]
        known = lambda ids: tuple(self.player(p, day, days) for p in ids if p in self.snap.players)  # noqa: E731
        return OptimizerInputs(scoring="categories", days=days, roster=known(mine), opponent=known(theirs),
                               my_so_far=dict(zip(STATS, my_bank, strict=True)),
                               opp_so_far=dict(zip(STATS, opp_bank, strict=True)))

    def starters(self, mine: list[str], theirs: list[str], d: int, week_idx: list[int],
                 my_bank: np.ndarray, opp_bank: np.ndarray) -> list[str]:
        """The product's categories lineup on morning `d` (`weekly.daily_lineup`'s own solve)."""
        prep = prepare(self.morning_inputs(mine, theirs, d, week_idx, my_bank, opp_bank))
        _, rows, _ = plan_day(prep.roster, 0, prep.counts)
        return [prep.roster.players[i].player_id for i in rows]

    def _real(self, ids: list[str], d: int) -> np.ndarray:
        day, out = self.book.days[d], np.zeros(self.n_stats)
        for p in ids:
            line = self.book.lines.get((p, day))
            if line is not None:
                out += np.array([float(x) for x in line[4:]])
        return out

    # --- replaying weeks ----------------------------------------------------------------------
    def _start(self, team: int, week: int) -> np.ndarray:
        return self.banked0[team] if week == self.lg.week[0] else np.zeros(self.n_stats)

    def pat_week(self, team: int, week: int) -> np.ndarray:
        """(days of the week, STATS): the real stats of a standing-pat team's starters, the lineup
        set every morning against its standing-pat opponent (who sets his the same way)."""
        if (week, team) not in self._pat:
            opp = self.lg.opponent_of(team, week)
            idx = self.weeks[week]
            rosters = {t: self.lg.roster_ids(t) for t in (team, opp)}
            bank = {t: self._start(t, week).copy() for t in (team, opp)}
            out = {t: np.zeros((len(idx), self.n_stats)) for t in (team, opp)}
            for j, d in enumerate(idx):
                picks = {t: self.starters(rosters[t], rosters[o], d, idx, bank[t], bank[o])
                         for t, o in ((team, opp), (opp, team))}
                for t, o in ((team, opp), (opp, team)):
                    self.mornings.setdefault((week, t), []).append((d, picks[t], bank[t].copy(), bank[o].copy()))
                for t in (team, opp):
                    out[t][j] = self._real(picks[t], d)
                    bank[t] += out[t][j]
            self._pat[(week, team)], self._pat[(week, opp)] = out[team], out[opp]
        return self._pat[(week, team)]

    def moved_week(self, team: int, week: int, path: tuple) -> np.ndarray:
        """(days of the week, STATS) of a roster path (one roster per book day) against the
        opponent's standing-pat days."""
        key = (team, week, path)
        if key not in self._moved:
            opp = self.lg.opponent_of(team, week)
            idx, theirs = self.weeks[week], self.pat_week(opp, week)
            mine, bank_o = self._start(team, week).copy(), self._start(opp, week).copy()
            out = np.zeros((len(idx), self.n_stats))
            for j, d in enumerate(idx):
                picks = self.starters(list(path[d]), self.lg.roster_ids(opp), d, idx, mine, bank_o)
                out[j] = self._real(picks, d)
                mine += out[j]
                bank_o += theirs[j]
            self._moved[key] = out
        return self._moved[key]

    def week_won(self, team: int, week: int, path=None) -> float:
        """Categories won in `week` by `team` standing pat (path None) or on a roster path."""
        opp = self.lg.opponent_of(team, week)
        theirs = self._start(opp, week) + self.pat_week(opp, week).sum(axis=0)
        if path is None:
            mine = self.pat_week(team, week)
        else:
            per_day = (tuple(path),) * len(self.book.days) if isinstance(path[0], str) else tuple(map(tuple, path))
            mine = self.moved_week(team, week, per_day)
        return categories_won(self._start(team, week) + mine.sum(axis=0), theirs)

    def gains(self, team: int, path) -> tuple[float, float]:
        """(this week, rest of data) categories won by a roster path minus standing pat."""
        first = self.lg.week[0]
        diff = {w: self.week_won(team, w, path) - self.week_won(team, w) for w in self.weeks}
        return diff[first], sum(diff.values())

    # --- IR moves -------------------------------------------------------------------------------
    def ir_path(self, roster: list[str], ir_id: str, add_id: str):
        """`MorningBook.ir_path` with the cut (or the OUT player to IR) the categories activation card
        makes: the lowest season category value (regressed, above the season value's floor, over his
        games before that morning) x chance to play x games left, as the activation card ranks it
        (before session 12: the week's category value above replacement)."""
        from services.league.calibration_value import category_value_of, season_category_floor
        from services.optimizer.season import FLOOR_RANK

        floor = season_category_floor(self.snap, FLOOR_RANK)
        return self.book.ir_path(roster, ir_id, add_id, per_game=lambda p, day: category_value_of(
            self.snap, p, self.book.lines_before(p, day)) - floor)

