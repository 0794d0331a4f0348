"""An ESPN league's box-score history, cache-on-read, in the demo's DuckDB schema (issue #37).

`HistoryStore.database()` returns a read-only `db.Database` over a file holding the tables a
`Snapshot` reads (`players`, `player_games`, `schedule`, `weeks`, `season_priors`, and
`player_status`: ESPN's reported injury status), filled from ESPN through espn-api:

- each player's per-scoring-period stats from his player card (`kona_playercard`, the per-game
  splits, statSplitTypeId 5), for every player ESPN lists (`players_wl`);
- the pro schedule (`proTeamSchedules_wl`) and the league's matchup periods (its weeks);
- fantasy points by the league's own points weights (`scoringSettings.scoringItems`).

Cache-on-read: a past scoring period is final, fetched once and never again (the next read asks
ESPN only for the periods after the last stored one: `filterStatsForTopScoringPeriodIds`); the
current period (today's games) is refreshed when its copy is older than `CURRENT_TTL` (15 min).
Each refresh writes a new file and renames it into place, so a reader never sees half of one and
DuckDB's one-writer lock is never held by a reader. The files live under
COURTSIDE_HOME/espn/<league>-<season>/.

`EspnHistory` (services/espn/league_history.py) is the `LeagueHistory` (services/league/history.py)
of an `EspnLeague`: that snapshot plus the league's rosters, IR, week and opponents read from ESPN.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import threading
from functools import lru_cache
from pathlib import Path

import duckdb
from espn_api.basketball.constant import POSITION_MAP, PRO_TEAM_MAP

from services.espn.calendar import ProCalendar
from services.espn.mapping import STAT_IDS, map_status, points_weights, scoring_mode, status_evidence
from services.league.scoring import POINTS_WEIGHTS
from services.store.db import Database

CURRENT_TTL = 15 * 60.0  # seconds a copy of the current scoring period stays fresh
_STAT_COLS = {0: "pts", 1: "blk", 2: "stl", 3: "ast", 4: "oreb", 5: "dreb", 6: "reb", 9: "pf", 11: "tov",
              13: "fgm", 14: "fga", 15: "ftm", 16: "fta", 17: "fg3m", 18: "fg3a", 40: "min"}
GAME_TABLE = ("game_date DATE, player_id VARCHAR, player VARCHAR, team VARCHAR, opp VARCHAR, result VARCHAR, "
              "min DOUBLE, fgm DOUBLE, fga DOUBLE, fg3m DOUBLE, fg3a DOUBLE, ftm DOUBLE, fta DOUBLE, oreb DOUBLE, "
              "dreb DOUBLE, reb DOUBLE, ast DOUBLE, stl DOUBLE, blk DOUBLE, tov DOUBLE, pf DOUBLE, pts DOUBLE, "
              "game_score DOUBLE, fpts DOUBLE, period INTEGER")
_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def _lock(path: Path) -> threading.Lock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(str(path), threading.Lock())


def history_dir(league_id: int, season: int) -> Path:
    from services.config import courtside_home

    return courtside_home() / "espn" / f"{int(league_id)}-{int(season)}"


def game_rows(card: dict, calendar: ProCalendar, weights: dict[str, float], through: int) -> list[tuple]:
    """One player_games row per per-game split of a raw player card (periods <= `through`)."""
    player = card.get("player") or {}
    pid, name = str(player.get("id") or card.get("id")), player.get("fullName", "")
    rows = []
    for split in player.get("stats") or []:
        if split.get("statSplitTypeId") != 5 or not split.get("scoringPeriodId"):
            continue
        period = int(split["scoringPeriodId"])
        if period > through:
            continue
        s = split.get("stats") or {}
        line = {col: float(s.get(str(i), 0.0) or 0.0) for i, col in _STAT_COLS.items()}
        team = PRO_TEAM_MAP.get(split.get("proTeamId") or player.get("proTeamId"), "FA")
        opp = calendar.opponent(team, period).lstrip("@")
        fpts = sum(weights.get(k, 0.0) * line.get(k, 0.0) for k in weights)
        rows.append((calendar.date_of(period), pid, name, team, opp, "", line["min"], line["fgm"], line["fga"],
                     line["fg3m"], line["fg3a"], line["ftm"], line["fta"], line["oreb"], line["dreb"], line["reb"],
                     line["ast"], line["stl"], line["blk"], line["tov"], line["pf"], line["pts"], 0.0,
                     round(fpts, 6), period))
    return rows


class HistoryStore:
    """The cache-on-read box-score history of one ESPN league (see the module docstring)."""

    def __init__(self, client, clock):
        self.client, self.clock = client, clock
        self.folder = history_dir(client.league_id, client.season)

    def _current(self) -> tuple[Path | None, dict]:
        pointer = self.folder / "current.json"
        try:
            meta = json.loads(pointer.read_text())
            path = self.folder / meta["file"]
            return (path, meta) if path.exists() else (None, {})
        except (OSError, ValueError, KeyError):
            return None, {}

    def database(self, today_period: int) -> Database:
        """The history through `today_period`, refreshed as the cache rules say."""
        with _lock(self.folder):
            path, meta = self._current()
            final = int(meta.get("final_period", 0))
            fresh = (meta.get("through") == today_period
                     and self.clock() - float(meta.get("fetched_at", 0)) < CURRENT_TTL)
            if path is None or final < today_period - 1 or not fresh:
                path, meta = self._refresh(path, final, today_period)
            return _database(path, meta["file"])

    def _refresh(self, old: Path | None, final: int, today_period: int) -> tuple[Path, dict]:
        snap = self.client.snapshot()
        calendar = ProCalendar(self.client.pro_schedule())
        settings = snap.settings
        scoring = scoring_mode((settings.get("scoringSettings") or {}).get("scoringType"))
        weights = points_weights(settings) if scoring == "points" else dict(POINTS_WEIGHTS)
        names = self.client.player_names()
        ids = sorted(names)
        cards = self.client.player_cards(ids, today_period - final if old is not None else today_period)
        kept: list[tuple] = []
        if old is not None:  # past periods are final: keep them as stored, never ask again
            con = duckdb.connect(str(old), read_only=True)
            try:
                kept = con.execute("SELECT * FROM player_games WHERE period <= ?", [final]).fetchall()
            finally:
                con.close()
        new = [r for c in cards for r in game_rows(c, calendar, weights, today_period) if r[-1] > final]
        meta = {"final_period": today_period - 1, "through": today_period, "fetched_at": self.clock()}
        path = self._write(kept + new, cards, names, snap, calendar, meta, weights)
        return path, meta | {"file": path.name}

    def _write(self, games, cards, names, snap, calendar: ProCalendar, meta: dict, weights: dict[str, float]) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256(json.dumps([len(games), meta["through"], meta["fetched_at"]]).encode()).hexdigest()[:16]
        name = f"history-{digest}.duckdb"
        tmp = self.folder / f"{name}.building-{os.getpid()}"
        tmp.unlink(missing_ok=True)
        by_id = {str((c.get("player") or {}).get("id") or c.get("id")): c.get("player") or {} for c in cards}
        con = duckdb.connect(str(tmp))
        try:
            con.execute(f"CREATE TABLE player_games ({GAME_TABLE})")
            _insert(con, f"INSERT INTO player_games VALUES ({', '.join('?' * 25)})", sorted(games, key=lambda r: (r[0], r[1])))
            con.execute("CREATE TABLE players (player_id VARCHAR, name VARCHAR, box_score_name VARCHAR, "
                        "aliases VARCHAR[], pos VARCHAR, age BIGINT)")
            rows = []
            for eid, full in names.items():
                p = by_id.get(str(eid), {})
                pos = POSITION_MAP.get((p.get("defaultPositionId") or 3) - 1, "SF")
                rows.append((str(eid), full, full, [full], pos if pos in ("PG", "SG", "SF", "PF", "C") else "SF", None))
            _insert(con, "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?)", sorted(rows))
            con.execute("CREATE TABLE schedule (game_date DATE, team VARCHAR, opp VARCHAR)")
            sched = []
            for team_id, periods in self.client.pro_schedule().items():
                team = PRO_TEAM_MAP.get(team_id)
                if not team or team == "FA":
                    continue
                for period, day_games in (periods or {}).items():
                    if day_games:
                        sched.append((calendar.date_of(int(period)), team, calendar.opponent(team, int(period)).lstrip("@")))
            _insert(con, "INSERT INTO schedule VALUES (?, ?, ?)", sorted(sched))
            con.execute("CREATE TABLE weeks (week BIGINT, start_date DATE, end_date DATE)")
            _insert(con, "INSERT INTO weeks VALUES (?, ?, ?)", league_weeks(snap, calendar))
            con.execute("CREATE TABLE season_priors (player_id VARCHAR, score DOUBLE, source VARCHAR, "
                        "prior_rank BIGINT, positions VARCHAR)")
            owned = sorted(((str(eid), float(((by_id.get(str(eid)) or {}).get("ownership") or {}).get("percentOwned", 0.0)))
                            for eid in names), key=lambda r: (-r[1], r[0]))
            _insert(con, "INSERT INTO season_priors VALUES (?, ?, 'espn-ownership', ?, '')",
                            [(pid, score, i) for i, (pid, score) in enumerate(owned)])
            con.execute("CREATE TABLE player_status (player_id VARCHAR, status VARCHAR, evidence VARCHAR)")
            status = []
            for pid, p in by_id.items():
                ret = p.get("expectedReturnDate")
                back = dt.date(*ret) if ret else None
                status.append((pid, map_status(p.get("injuryStatus")), status_evidence(p.get("injuryStatus"), back)))
            _insert(con, "INSERT INTO player_status VALUES (?, ?, ?)", sorted(status))
            con.execute("CREATE TABLE points_weights (stat VARCHAR, weight DOUBLE)")  # the snapshot's fpts
            _insert(con, "INSERT INTO points_weights VALUES (?, ?)", sorted(weights.items()))
            con.execute("CREATE TABLE player_slots (player_id VARCHAR, slots VARCHAR[])")  # ESPN's eligibleSlots
            _insert(con, "INSERT INTO player_slots VALUES (?, ?)",
                            sorted((pid, espn_slots(p.get("eligibleSlots"))) for pid, p in by_id.items()))
            con.execute("CREATE TABLE meta (key VARCHAR, value VARCHAR)")
            con.execute("INSERT INTO meta VALUES ('fingerprint', ?)", [f"espn:{name}"])
        finally:
            con.close()
        os.replace(tmp, self.folder / name)
        pointer = self.folder / "current.json"
        (self.folder / "current.json.tmp").write_text(json.dumps(meta | {"file": name}))
        os.replace(self.folder / "current.json.tmp", pointer)
        for stale in self.folder.glob("history-*.duckdb"):  # older copies (a reader keeps its open handle)
            if stale.name != name:
                stale.unlink(missing_ok=True)
        return self.folder / name


def espn_slots(slot_ids) -> list[str]:
    """ESPN's eligibleSlots ids as espn-api names them (PG ... C, G, F, SG/SF, G/F, PF/C, F/C,
    UT), bench and IR left out."""
    names = (POSITION_MAP.get(i) for i in slot_ids or [] if isinstance(i, int))
    return [n for n in names if n and n not in ("BE", "IR", "Rookie")]


def _insert(con, sql: str, rows) -> None:
    """executemany, or nothing for no rows (DuckDB refuses an empty list: a league with no games yet)."""
    rows = list(rows)
    if rows:
        con.executemany(sql, rows)


@lru_cache(maxsize=16)
def _database(path: Path, name: str) -> Database:
    return Database(path, key=f"espn:{name}")


def league_weeks(snap, calendar: ProCalendar) -> list[tuple[int, dt.date, dt.date]]:
    """(matchup period, first day, last day) of each matchup period with known scoring periods."""
    from services.espn.calendar import week_end

    spans = (snap.settings.get("scheduleSettings") or {}).get("matchupPeriods") or {}
    out = []
    for mp, periods in sorted(snap.matchup_periods.items()):
        start = calendar.date_of(min(periods))
        out.append((int(mp), start, max(calendar.date_of(max(periods)), week_end(start, len(spans.get(str(mp)) or [1])))))
    return out
