"""The news wire's as-of view of each team, from one read of the box scores.

`services.league.snapshot.Snapshot` rebuilds everything about a date (calibration, eligibility, spreads,
every player) and the wire needs a view for each of ~80 game dates of an arena episode: that cost
~15 s of CPU. `WireBook` reads the box scores once (one query), keeps each player's lines oldest
first, and serves the view as of a date D from each player's prefix of lines dated strictly before
D (a bisect), so nothing from D on can reach it, as `snapshot(D)`'s `game_date < D` query. What
depends only on a player's prefix (averages, expectation, eligibility) is computed once per
(player, games played) and shared by every later date until he plays again; season totals are
kept game by game (`snapshot.column_totals` adds them the same way, so the averages are equal).

Every fact comes from the functions the snapshot, `signals.teams` and `services.league.news` use
(`averages`, `expectation`, `infer_status`, `eligibility`, `is_regular`, `rest`, the return and
minutes notes), so a view says what `snapshot(D)` says about the same team.
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from operator import add, itemgetter

from services.store import db
from services.models import NewsNote, PlayerRef
from services.league.news import WINDOW_DAYS, minutes_notes, return_notes
from services.signals.teams import by_value, is_regular, rest
from services.league.snapshot import (AVG_COLUMNS, GAME_COLS, RECENT_WINDOW, averages, averages_of, eligibility_of, expectation,
                               infer_status)

_columns = itemgetter(*AVG_COLUMNS)


def _games_for_last_team(lines: list[dict]) -> list[int]:
    """For each prefix of his lines (ending at line i), his games in it for line i's team."""
    seen: dict[str, int] = {}
    out = []
    for g in lines:
        seen[g["team"]] = seen.get(g["team"], 0) + 1
        out.append(seen[g["team"]])
    return out


def _running_totals(lines: list[dict]) -> list[tuple]:
    """`column_totals` of each prefix of his lines, one game added at a time (the same additions)."""
    out, total = [], (0,) * len(AVG_COLUMNS)
    for g in lines:
        total = tuple(map(add, total, _columns(g)))
        out.append(total)
    return out


@dataclass(frozen=True)
class PlayerView:
    """A player as of a date: the `snapshot.PlayerState` fields the wire reads, same names."""
    ref: PlayerRef
    games: list[dict]  # his box-score lines before the date, oldest first
    season_avg: dict[str, float]
    recent_avg: dict[str, float]  # last 5
    expected_fpts: float
    status: str = "OUT"
    evidence: str = ""
    missed_in_row: int = 0


@dataclass(frozen=True)
class TeamView:
    """A team before its game on `day`, from the box scores before `as_of` (<= `day`)."""
    team: str
    day: dt.date  # the game's date
    as_of: dt.date  # the information date: box scores strictly before it
    regulars: tuple[PlayerView, ...]  # `signals.teams.regulars`: best value first
    last_game: dt.date  # its last game before `as_of` (the day before `as_of` when it has none)
    back_to_back: bool  # rest: from the published schedule of `day`
    games_last_4_nights: int
    notes: tuple[NewsNote, ...]  # return and minutes notes of its regulars (`services.league.news`), newest first


class WireBook:
    """Box scores, schedule and players read once; views as of any date, memoised."""

    def __init__(self) -> None:
        self.lines: dict[str, list[dict]] = {}
        for r in db.query(f"SELECT {', '.join(GAME_COLS)} FROM player_games ORDER BY game_date, player_id"):
            self.lines.setdefault(r[1], []).append(dict(zip(GAME_COLS, r, strict=True)))
        self.team_dates_all: dict[str, list[dt.date]] = {}
        for date, team in db.query("SELECT game_date, team FROM schedule ORDER BY game_date"):
            self.team_dates_all.setdefault(team, []).append(date)
        # the snapshot knows only players of the players table
        self.people = {pid: (name, pos) for pid, name, pos in db.query("SELECT player_id, name, pos FROM players")
                       if pid in self.lines}
        self.dates = {pid: [g["game_date"] for g in self.lines[pid]] for pid in self.people}
        self.for_team = {pid: _games_for_last_team(self.lines[pid]) for pid in self.people}
        self.totals = {pid: _running_totals(self.lines[pid]) for pid in self.people}
        self._prefix: dict[tuple[str, int], PlayerView] = {}
        self._rosters: dict[dt.date, dict[str, list[tuple[str, int]]]] = {}
        self._return_pairs: dict[tuple[str, str | None], list[int]] = {}
        self._as_of: dict[tuple[str, dt.date], tuple[tuple[PlayerView, ...], tuple[NewsNote, ...]]] = {}

    def _player(self, pid: str, n: int) -> PlayerView:
        """His first `n` games: everything that depends on them alone (status comes later)."""
        key = (pid, n)
        if key not in self._prefix:
            games = self.lines[pid][:n]
            name, pos = self.people[pid]
            season = averages_of(self.totals[pid][n - 1], n)  # = averages(games), without re-adding them
            ref = PlayerRef(player_id=pid, name=name, team=games[-1]["team"], pos=pos,
                            eligible=eligibility_of(pos, self.totals[pid][n - 1]))
            self._prefix[key] = PlayerView(ref=ref, games=games, season_avg=season, recent_avg=averages(games[-5:]),
                                           expected_fpts=expectation(season, averages(games[-RECENT_WINDOW:]))["fpts"])
        return self._prefix[key]

    def _roster(self, day: dt.date) -> dict[str, list[tuple[str, int]]]:
        """Per team, (player, games before `day`) of everyone whose last game before `day` was for it."""
        if day not in self._rosters:
            out: dict[str, list[tuple[str, int]]] = {}
            for pid, dates in self.dates.items():
                n = bisect_left(dates, day)
                if n:
                    out.setdefault(self.lines[pid][n - 1]["team"], []).append((pid, n))
            self._rosters[day] = out
        return self._rosters[day]

    def _returns(self, p: PlayerView, dates: list[dt.date], since: dt.date) -> list[NewsNote]:
        """`services.league.news.return_notes` of his games, asked only about the pairs of games that can
        make one (3+ of `dates` between two games for the same team; found once per player and team)."""
        pid, n = p.ref.player_id, len(p.games)
        key = (pid, p.ref.team)
        if key not in self._return_pairs:
            lines = self.lines[pid]
            self._return_pairs[key] = [
                j for j in range(1, len(lines)) if lines[j]["team"] == lines[j - 1]["team"]
                and bisect_left(dates, lines[j]["game_date"]) - bisect_right(dates, lines[j - 1]["game_date"]) >= 3]
        return [note for j in self._return_pairs[key] if j < n and p.games[j]["game_date"] >= since
                for note in return_notes(p.ref, p.games[j - 1:j + 1], dates, since)]

    def _team_as_of(self, team: str, as_of: dt.date) -> tuple[tuple[PlayerView, ...], tuple[NewsNote, ...]]:
        """The team's regulars and their notes from the box scores before `as_of` (whatever the game)."""
        key = (team, as_of)
        if key not in self._as_of:
            dates = self.team_dates_all.get(team, [])
            before = dates[:bisect_left(dates, as_of)]
            players = []
            roster = self._roster(as_of).get(team, [])
            for pid, n in roster:
                p = self._player(pid, n)
                status, evidence, missed, _ = infer_status(p.games, before)
                players.append(PlayerView(ref=p.ref, games=p.games, season_avg=p.season_avg, recent_avg=p.recent_avg,
                                          expected_fpts=p.expected_fpts, status=status, evidence=evidence,
                                          missed_in_row=missed))
            regs = tuple(by_value(p for p, (pid, n) in zip(players, roster, strict=True)
                                  if is_regular(p, team, self.for_team[pid][n - 1])))
            since = as_of - dt.timedelta(days=WINDOW_DAYS)
            notes = [n for p in regs for n in self._returns(p, dates, since)
                     + minutes_notes(p.ref, p.games, p.recent_avg, p.season_avg, since)]
            notes.sort(key=lambda n: (n.date, n.player.player_id, n.topic), reverse=True)
            self._as_of[key] = (regs, tuple(notes))
        return self._as_of[key]

    def team_view(self, team: str, day: dt.date, as_of: dt.date | None = None) -> TeamView:
        """What the wire may know of `team`'s game on `day` from the box scores before `as_of`
        (default and at most `day`): rest from the published schedule of `day`, the rest as of `as_of`."""
        as_of = min(as_of or day, day)
        regs, notes = self._team_as_of(team, as_of)
        dates = self.team_dates_all.get(team, [])
        k = bisect_left(dates, as_of)
        back_to_back, last_4 = rest(dates, day)
        return TeamView(team=team, day=day, as_of=as_of, regulars=regs,
                        last_game=dates[k - 1] if k else as_of - dt.timedelta(days=1),
                        back_to_back=back_to_back, games_last_4_nights=last_4, notes=notes)
