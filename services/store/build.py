"""Builds the embedded DuckDB analytics store from the shipped CSVs (versioned schema).

The file is written beside the target and renamed into place, so readers in other processes
keep the old file open and never see a half-built one.
"""
from __future__ import annotations

import os
import time
from pathlib import Path

import duckdb

from services.config import data_dir
from services.store import db
from services.store.db import DB_NAME, SCHEMA_VERSION, db_path  # noqa: F401 (re-exported: the build's names)
from services.store.db_check import announce_rebuild, record_digest, record_fingerprint, verify
from services.league.setup import matchup_rows, slot_rows, team_rows
from services.league.scoring import POINTS_WEIGHTS

def _fpts_sql() -> str:
    return " + ".join(f"({w})*{col}" for col, w in POINTS_WEIGHTS.items())


def _league_tables(con: duckdb.DuckDBPyConnection) -> None:
    """The demo league's teams, slots and head-to-head calendar (its season, drafted once before
    opening night, is `season_tables.write_season`; approved moves live in the state store)."""
    con.execute("CREATE TABLE league_teams (team_id INTEGER PRIMARY KEY, name VARCHAR, manager VARCHAR, is_me BOOLEAN)")
    con.executemany("INSERT INTO league_teams VALUES (?, ?, ?, ?)", team_rows())
    con.execute("CREATE TABLE league_slots (slot VARCHAR PRIMARY KEY, count INTEGER)")
    con.executemany("INSERT INTO league_slots VALUES (?, ?)", slot_rows())
    con.execute("CREATE TABLE league_matchups (week INTEGER, team_id INTEGER, opponent_id INTEGER, "
                "PRIMARY KEY (week, team_id))")
    weeks = [w for (w,) in con.execute("SELECT week FROM weeks ORDER BY week").fetchall()]
    con.executemany("INSERT INTO league_matchups VALUES (?, ?, ?)", matchup_rows(weeks))


def build(target: Path | None = None) -> dict:
    """Builds the database; returns {'path', 'seconds', 'rows'}."""
    t0 = time.perf_counter()
    target = target or db_path()
    tmp = target.with_suffix(f".building-{os.getpid()}")
    tmp.unlink(missing_ok=True)
    con = duckdb.connect(str(tmp))
    try:
        games_csv = str(data_dir() / "player_games.csv.gz")
        players_csv = str(data_dir() / "players.csv")
        # players.csv repeats a player once per spelling of his name (561 rows, 529 players):
        # keep one row per player and every spelling as an alias for the fuzzy look-up.
        con.execute(
            f"""
            CREATE TABLE raw_players AS
            SELECT player_id, any_value(name) AS name,
                   coalesce(min(box_score_name) FILTER (WHERE box_score_name = name),
                            min(box_score_name)) AS box_score_name,
                   list_sort(list_distinct(list(box_score_name))) AS aliases,
                   any_value(pos) AS pos, any_value(age) AS age
            FROM read_csv_auto('{players_csv}', header=true) GROUP BY player_id
            """
        )
        con.execute(
            f"""
            CREATE TABLE player_games AS
            SELECT CAST(game_date AS DATE) AS game_date, player_id, player, team, opp, result,
                   CAST(min AS DOUBLE) AS min, fgm, fga, fg3m, fg3a, ftm, fta, oreb, dreb, reb,
                   ast, stl, blk, tov, pf, pts, game_score, CAST({_fpts_sql()} AS DOUBLE) AS fpts
            FROM read_csv_auto('{games_csv}', header=true)
            ORDER BY game_date, player_id
            """
        )
        # Eligibility (the second position) is not stored: it depends on the games before an
        # as-of date, so each as-of view derives it (services.league.snapshot.eligibility).
        con.execute("CREATE TABLE players AS SELECT player_id, name, box_score_name, aliases, pos, age "
                    "FROM raw_players ORDER BY player_id")
        con.execute("DROP TABLE raw_players")
        con.execute(
            """
            CREATE TABLE team_games AS
            WITH t AS (SELECT game_date, team, any_value(opp) AS opp, sum(pts) AS pts,
                              any_value(result) AS result
                       FROM player_games GROUP BY game_date, team)
            SELECT a.game_date, a.team, a.opp, a.pts, b.pts AS opp_pts, a.result
            FROM t a JOIN t b ON a.game_date = b.game_date AND a.opp = b.team
            ORDER BY a.game_date, a.team
            """
        )
        con.execute(
            "CREATE TABLE schedule AS SELECT game_date, team, opp FROM team_games ORDER BY game_date, team"
        )
        con.execute(
            """
            CREATE TABLE weeks AS
            WITH d AS (SELECT DISTINCT game_date FROM schedule),
                 w AS (SELECT date_trunc('week', game_date)::DATE AS monday FROM d GROUP BY 1)
            SELECT row_number() OVER (ORDER BY monday) AS week,
                   greatest(monday, (SELECT min(game_date) FROM d)) AS start_date,
                   (monday + INTERVAL 6 DAY)::DATE AS end_date
            FROM w ORDER BY monday
            """
        )
        _league_tables(con)
        from services.league.season_tables import write_season  # imports the services that import db

        write_season(con)  # the one demo league through the season (services/league/season_tables.py)
        con.execute("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)")
        con.execute("INSERT INTO meta VALUES ('schema_version', ?), ('built_at', ?)",
                    [str(SCHEMA_VERSION), time.strftime("%Y-%m-%dT%H:%M:%S")])
        record_fingerprint(con)  # checked on every open (services/store/db_check.py)
        rows = {t: con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                for t in ("players", "player_games", "team_games", "schedule", "weeks", "league_teams",
                          "league_slots", "league_matchups", "season_draft", "season_mornings",
                          "season_rosters", "season_moves")}
    finally:
        con.close()
    os.replace(tmp, target)
    record_digest(target, SCHEMA_VERSION)  # verify's fast path (services/store/db_check.py)
    return {"path": str(target), "seconds": round(time.perf_counter() - t0, 3), "rows": rows}


def schema_version(path: Path) -> int | None:
    """The schema version of an existing file, or None when absent or unreadable."""
    if not path.exists():
        return None
    try:
        con = duckdb.connect(str(path), read_only=True)
        try:
            return int(con.execute("SELECT value FROM meta WHERE key='schema_version'").fetchone()[0])
        finally:
            con.close()
    except duckdb.Error:
        return None


def ensure_built() -> Path:
    """Builds the database when it is absent, of an older schema, or fails its check (then says
    so once on stderr); returns its path."""
    path = db_path()
    problem = verify(path, SCHEMA_VERSION)
    if problem:
        if problem != "absent":
            announce_rebuild(path, problem)
        build(path)
    return path


def install() -> None:
    """Lets `services.store.db.connection()` build a missing or damaged database (the entry points
    call this: the store itself does not import the league its build needs)."""
    db.BUILDER = ensure_built
