"""What was known on an as-of date: box scores strictly before it, plus the full schedule.

A `Snapshot` is built once per process and as-of date (cached) so that every service call is
a dictionary look-up, not a query. Nothing here reads a box score on or after the as-of date.
"""
from __future__ import annotations

import datetime as dt
import math
import threading
from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache, reduce
from operator import add, itemgetter

from services.store import db
from services.league import durability
from services.league.calibration import calibrate, class_of, tier_of
from services.models import PlayerRef, Status
from services.league.scoring import COUNTING_STATS, POINTS_WEIGHTS, fantasy_points
from services.league.slots import eligible_slots, secondary_position

GAME_COLS = ["game_date", "player_id", "team", "opp", "result", "min", "pts", "reb", "ast", "stl",
             "blk", "tov", "fg3m", "fg3a", "fgm", "fga", "ftm", "fta", "fpts"]
AVG_STATS = COUNTING_STATS + ["min", "fpts"]
RECENT_WINDOW = 10
AVG_COLUMNS = (*AVG_STATS, "fgm", "fga", "ftm", "fta", "fg3a")  # the last five: ratios and eligibility
_AVG_COLUMNS = itemgetter(*AVG_COLUMNS)


@dataclass
class PlayerState:
    ref: PlayerRef
    games: list[dict]  # box-score lines before the as-of date, oldest first
    status: Status = "OUT"
    evidence: str = ""
    missed_in_row: int = 0
    last_played: dt.date | None = None
    season_avg: dict[str, float] = field(default_factory=dict)
    recent_avg: dict[str, float] = field(default_factory=dict)  # last 5
    expected: dict[str, float] = field(default_factory=dict)  # per-game projection of each stat
    stat_sd: dict[str, float] = field(default_factory=dict)
    play_prob: float = 0.0  # calibrated chance he plays his team's next game (services.league.calibration)
    later_prob: float = 0.0  # calibrated share of team games he plays a week to a month from now
    return_curve: list[float] = field(default_factory=list)  # calibrated share per calibration.HORIZONS window
    avail_class: str = "OUT"  # calibration class: ACTIVE, REST (missed a back-to-back's second night), DTD, OUT
    tier: str = ""  # minutes tier (calibration.TIERS) of his average so far
    durability: float = 1.0  # his own share of team games over his tier's, shrunk (services.league.durability; healthy only)

    @property
    def availability(self) -> float:
        """The chance he plays a scheduled game this matchup week (calibrated by status and
        days since his last game on the games before the as-of date)."""
        return self.play_prob

    @property
    def expected_fpts(self) -> float:
        return self.expected.get("fpts", 0.0)


def column_totals(games: list[dict]) -> tuple:
    """Totals of `AVG_COLUMNS` over the games, each added oldest first, one game at a time (so a
    running total kept game by game is the same number)."""
    return tuple(reduce(add, col, 0) for col in zip(*map(_AVG_COLUMNS, games)))


def averages_of(totals: tuple, n: int) -> dict[str, float]:
    """Per-game means from `column_totals` of n games; FG%/FT% as ratios."""
    if not n:
        return {k: 0.0 for k in AVG_STATS} | {"fg_pct": 0.0, "ft_pct": 0.0}
    *sums, fgm, fga, ftm, fta, _ = totals
    out = {k: t / n for k, t in zip(AVG_STATS, sums, strict=True)}
    out["fg_pct"] = fgm / fga if fga else 0.0
    out["ft_pct"] = ftm / fta if fta else 0.0
    return out


def averages(games: list[dict]) -> dict[str, float]:
    """Per-game means of the counting stats, minutes and fantasy points; FG%/FT% as ratios."""
    return averages_of(column_totals(games), len(games))


def infer_status(games: list[dict], team_dates: list[dt.date]) -> tuple[Status, str, int, dt.date | None]:
    """(status, evidence, team games missed in a row, last game) from his games and his team's
    game dates before the as-of date."""
    if not games:
        return "OUT", "has not played a game before the as-of date", 0, None
    last = games[-1]["game_date"]
    missed = len(team_dates) - bisect_left(team_dates, last) - 1
    team = games[-1]["team"]
    if missed <= 0:
        return "ACTIVE", f"played {team}'s last game ({last:%b %-d})", 0, last
    if class_of(missed, last, team_dates[-missed]) == "REST":  # one night off after playing the night before
        evidence = (f"sat {team}'s last game ({team_dates[-1]:%b %-d}), the second night of a "
                    f"back-to-back, after playing the night before")
    else:
        word = "game" if missed == 1 else "games"
        evidence = f"missed {team}'s last {missed} {word} (last played {last:%b %-d})"
    return ("DTD" if missed <= 2 else "OUT"), evidence, missed, last


def eligibility(pos: str, games: list[dict]) -> list[str]:
    """Slots a player is eligible for, from his position and the per-36 profile of `games`
    (the games before the as-of date: whole-season rates would look ahead)."""
    return eligibility_of(pos, column_totals(games))


def eligibility_of(pos: str, totals: tuple) -> list[str]:
    """`eligibility` from the `column_totals` of the games."""
    t = dict(zip(AVG_COLUMNS, totals))
    minutes = t.get("min", 0)
    per36 = {k: 36 * t[k] / minutes if minutes else 0.0 for k in ("ast", "reb", "blk", "fg3a")}
    return eligible_slots(pos, secondary_position(pos, per36))


def expectation(season: dict[str, float], recent: dict[str, float],
                weights: dict[str, float] = POINTS_WEIGHTS) -> dict[str, float]:
    """Per-game expectation from the season's and the last `RECENT_WINDOW` games' `averages`:
    half of each; fantasy points from the expected stats by the league's points `weights`."""
    exp = {k: 0.5 * season[k] + 0.5 * recent[k] for k in AVG_STATS}
    exp["fpts"] = fantasy_points(exp, weights)
    return exp


def _projection(games: list[dict], weights: dict[str, float] = POINTS_WEIGHTS) -> tuple[dict[str, float], dict[str, float]]:
    """Per-game expectation: half season mean, half the last 10 games; and per-stat spread."""
    exp = expectation(averages(games), averages(games[-RECENT_WINDOW:]), weights)
    sd = {}
    for k in AVG_STATS:
        vals = [g[k] for g in games[-20:]]
        m = sum(vals) / len(vals) if vals else 0.0
        sd[k] = math.sqrt(sum((v - m) ** 2 for v in vals) / (len(vals) - 1)) if len(vals) > 1 else m or 1.0
    return exp, sd


def _class_and_tier(ps: PlayerState, team_before: list[dt.date]) -> tuple[str, str]:
    """(calibration class, minutes tier) of a player on the as-of morning."""
    first_missed = team_before[-ps.missed_in_row] if ps.missed_in_row else None
    return class_of(ps.missed_in_row, ps.last_played, first_missed), tier_of(ps.season_avg["min"])


class Snapshot:
    """League-independent facts as of a date. A player with no game before the as-of date does
    not exist in it (nothing was known of him then)."""

    def __init__(self, as_of: dt.date, database: "db.Database | None" = None):
        """`database`: the analytics database to read (default: the demo's, `db.DEMO`); an ESPN
        league's history passes its own file in the same schema. When it holds a `player_status`
        table (ESPN's reported injury status), that status replaces the inferred one and
        `status_source` is "espn"."""
        self.as_of = as_of
        self.db = database or db.DEMO
        query = self.db.query
        rows = query(f"SELECT {', '.join(GAME_COLS)} FROM player_games WHERE game_date < ? "
                        "ORDER BY game_date, player_id", [as_of])
        by_player: dict[str, list[dict]] = {}
        for r in rows:
            by_player.setdefault(r[1], []).append(dict(zip(GAME_COLS, r, strict=True)))
        self.team_dates_all: dict[str, list[dt.date]] = {}
        for date, team in query("SELECT game_date, team FROM schedule ORDER BY game_date"):
            self.team_dates_all.setdefault(team, []).append(date)
        self.calibration = calibrate(by_player, self.team_dates_all, as_of)
        durable = durability.fit(by_player, self.team_dates_all, as_of)
        self.players: dict[str, PlayerState] = {}
        reported = self._reported_status()
        self.points_weights = self._league_weights()
        self.status_source = "espn" if reported is not None else "inferred"
        for pid, name, pos in query("SELECT player_id, name, pos FROM players ORDER BY player_id"):
            games = by_player.get(pid, [])
            if not games:
                continue
            team = games[-1]["team"]
            ref = PlayerRef(player_id=pid, name=name, team=team, pos=pos, eligible=eligibility(pos, games))
            ps = PlayerState(ref=ref, games=games)
            team_before = [d for d in self.team_dates_all.get(team, []) if d < as_of] if team else []
            ps.status, ps.evidence, ps.missed_in_row, ps.last_played = infer_status(games, team_before)
            if reported is not None:  # ESPN's injury report, not the missed games, says who is out
                ps.status, ps.evidence = reported.get(pid, ("ACTIVE", "ESPN reports no injury."))
            ps.season_avg, ps.recent_avg = averages(games), averages(games[-5:])
            ps.expected, ps.stat_sd = _projection(games, self.points_weights)
            ps.avail_class, ps.tier = _class_and_tier(ps, team_before)
            since = (as_of - ps.last_played).days
            cal, args = self.calibration, (ps.avail_class, since, ps.tier)
            ps.play_prob, ps.later_prob = cal.play_probability(*args), cal.later_probability(*args)
            ps.return_curve = cal.return_curve(*args)
            ps.durability = durable.multiplier(pid) if ps.avail_class in durability.HEALTHY else 1.0
            self.players[pid] = ps
        self.known: frozenset[str] = frozenset(self.players)
        self._lines = {(g["player_id"], g["game_date"]): g for ps in self.players.values() for g in ps.games}

    def _reported_status(self) -> dict[str, tuple[Status, str]] | None:
        """ESPN's reported (status, evidence) per player, None when the database has no report."""
        if self.db is db.DEMO or not self.db.has_table("player_status"):
            return None
        return {pid: (status, evidence) for pid, status, evidence
                in self.db.query("SELECT player_id, status, evidence FROM player_status")}

    def _league_weights(self) -> dict[str, float]:
        """The league's points per stat: a history's own `points_weights` table (an ESPN league's
        `scoringSettings`), else ESPN's defaults (the demo's)."""
        if self.db is db.DEMO or not self.db.has_table("points_weights"):
            return dict(POINTS_WEIGHTS)
        return {stat: float(w) for stat, w in self.db.query("SELECT stat, weight FROM points_weights")} or dict(POINTS_WEIGHTS)

    def line(self, pid: str, day: dt.date) -> dict | None:
        """The player's box-score line of a day before the as-of date (None: he did not play)."""
        return self._lines.get((pid, day)) if day < self.as_of else None

    def team_games_between(self, team: str | None, start: dt.date, end: dt.date) -> list[dt.date]:
        """The team's game dates in [start, end] from the real schedule (allowed after the as-of)."""
        if not team:
            return []
        dates = self.team_dates_all.get(team, [])
        return dates[bisect_left(dates, start):bisect_left(dates, end + dt.timedelta(days=1))]

    def games_remaining(self, pid: str, start: dt.date, end: dt.date) -> list[dt.date]:
        return self.team_games_between(self.players[pid].ref.team, start, end)


_BY_CONTENT: dict[tuple[dt.date, str], Snapshot] = {}  # (as-of, content key) -> the one snapshot
_BY_CONTENT_MAX = 32
_by_content_lock = threading.Lock()


@lru_cache(maxsize=64)
def _snapshot(as_of: dt.date, db_key: str) -> Snapshot:
    from services.league.snapshot_cache import cache_key, load_or_build

    key = (as_of, cache_key(db_key))
    with _by_content_lock:
        known = _BY_CONTENT.get(key)
    if known is not None:
        return known
    snap = load_or_build(as_of, db_key, Snapshot)
    with _by_content_lock:
        if len(_BY_CONTENT) >= _BY_CONTENT_MAX:
            _BY_CONTENT.pop(next(iter(_BY_CONTENT)))
        return _BY_CONTENT.setdefault(key, snap)


def forget_in_memory() -> None:
    """Drops this process's snapshots (what a new process starts with; the disk cache stays) and
    the databases' fingerprints read for their keys (a file rewritten in place has a new one)."""
    from services.league.snapshot_cache import forget_fingerprints

    _snapshot.cache_clear()
    forget_fingerprints()
    with _by_content_lock:
        _BY_CONTENT.clear()


def snapshot(as_of: dt.date) -> Snapshot:
    """The cached snapshot for this database file and as-of date (in memory per process, and on
    disk across processes: `snapshot_cache`). Two files with the same content (a copy of the
    database: each test's own home, a restored backup) share one snapshot object in a process, and
    with it everything cached beside it (z-scales, season fits, floors)."""
    from services.store.db import db_path

    return _snapshot(as_of, str(db_path()))


def week_of(date: dt.date) -> tuple[int, dt.date, dt.date]:
    """(week number, first day, last day) of the Monday-Sunday matchup week holding `date`."""
    rows = db.query("SELECT week, start_date, end_date FROM weeks WHERE ? BETWEEN date_trunc('week', start_date) AND end_date", [date])
    if not rows:
        raise ValueError(f"{date} is outside the season in the data")
    return rows[0]


def data_dates() -> tuple[dt.date, dt.date]:
    return db.query("SELECT min(game_date), max(game_date) FROM schedule")[0]
