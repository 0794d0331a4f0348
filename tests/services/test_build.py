"""services.store.build: the DuckDB file built from the shipped CSVs, versioned, replaced atomically."""
from __future__ import annotations

import datetime as dt
import subprocess
import sys
import textwrap

import duckdb
import pytest

from services.store import db
from services.store.build import DB_NAME, SCHEMA_VERSION, build, db_path, ensure_built, schema_version


def _count(path, table: str) -> int:
    con = duckdb.connect(str(path), read_only=True)
    try:
        return con.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
    finally:
        con.close()


def test_row_counts_match_the_csv(built_db, csv_games, csv_players):
    team_games = {(r["game_date"], r["team"]) for r in csv_games}
    player_rows = sum(len(p["box_score_names"]) for p in csv_players.values())
    assert (len(csv_games), player_rows, len(team_games)) == (16512, 561, 1534)
    assert len(csv_players) == len({r["player_id"] for r in csv_games}) == 529
    rows = dict(built_db["rows"])
    # the season (docs/league.md): one morning row per (day, player seen before it), Oct 22 - Feb 8
    first = {}
    for r in csv_games:
        first[r["player_id"]] = min(first.get(r["player_id"], r["game_date"]), r["game_date"])
    days = [dt.date(2024, 10, 22) + dt.timedelta(days=i) for i in range((dt.date(2025, 2, 8) - dt.date(2024, 10, 22)).days + 1)]
    assert rows.pop("season_mornings") == sum(1 for d in days for f in first.values() if f < d)
    assert rows.pop("season_draft") == 130
    assert rows.pop("season_rosters") >= 2 * len(days) * 130 and rows.pop("season_moves") > 0
    assert rows == {"players": 529, "player_games": 16512, "team_games": 1534,
                    "schedule": 1534, "weeks": 16, "league_teams": 10, "league_slots": 10,
                    "league_matchups": 160}


def test_players_are_one_row_each_with_every_spelling(csv_players):
    rows = db.query("SELECT player_id, name, aliases, age FROM players")
    assert len(rows) == len({r[0] for r in rows}) == len(csv_players)
    for pid, name, aliases, age in rows:
        expected = csv_players[pid]
        assert (name, sorted(aliases), age) == (expected["name"], sorted(set(expected["box_score_names"])),
                                                expected["age"])
    assert db.query("SELECT aliases FROM players WHERE player_id='bambamo01'") == [(["Mo Bamba", "Mohamed Bamba"],)]


def test_weeks_are_monday_to_sunday():
    weeks = db.query("SELECT week, start_date, end_date FROM weeks ORDER BY week")
    assert weeks[0] == (1, dt.date(2024, 10, 22), dt.date(2024, 10, 27))
    assert weeks[14] == (15, dt.date(2025, 1, 27), dt.date(2025, 2, 2))
    assert all(end.weekday() == 6 for _, _, end in weeks)
    assert all(start.weekday() == 0 for _, start, _ in weeks[1:])


def test_schema_version_is_recorded(built_db):
    assert schema_version(db_path()) == SCHEMA_VERSION
    assert db.query("SELECT value FROM meta WHERE key='schema_version'") == [(str(SCHEMA_VERSION),)]


def test_schema_version_of_missing_or_foreign_file(tmp_path):
    assert schema_version(tmp_path / "absent.duckdb") is None
    foreign = tmp_path / "foreign.duckdb"
    duckdb.connect(str(foreign)).close()  # a valid database without a meta table
    assert schema_version(foreign) is None


def test_fantasy_points_column_matches_csv(csv_games):
    got = dict(((d, p), f) for d, p, f in db.query("SELECT game_date, player_id, fpts FROM player_games"))
    assert len(got) == len(csv_games)
    assert all(got[(r["game_date"], r["player_id"])] == r["fpts"] for r in csv_games)


def test_team_games_scores_agree_with_results(csv_games):
    pts: dict[tuple, int] = {}
    for r in csv_games:
        pts[(r["game_date"], r["team"])] = pts.get((r["game_date"], r["team"]), 0) + r["pts"]
    rows = db.query("SELECT game_date, team, opp, pts, opp_pts, result FROM team_games")
    assert len(rows) == 1534
    for date, team, opp, p, op, result in rows:
        assert (p, op) == (pts[(date, team)], pts[(date, opp)])
        assert result == ("W" if p > op else "L")


def test_rebuild_is_idempotent(fresh_state):
    path = fresh_state.home / DB_NAME
    con = duckdb.connect(str(path), read_only=True)
    before = con.execute("SELECT * FROM players ORDER BY player_id").fetchall()
    weeks = con.execute("SELECT * FROM weeks ORDER BY week").fetchall()
    con.close()
    first, second = build(path), build(path)
    assert first["rows"] == second["rows"]
    con = duckdb.connect(str(path), read_only=True)
    try:
        assert con.execute("SELECT * FROM players ORDER BY player_id").fetchall() == before
        assert con.execute("SELECT * FROM weeks ORDER BY week").fetchall() == weeks
    finally:
        con.close()
    assert not list(fresh_state.home.glob("*.building-*"))


def test_ensure_built_skips_a_current_file_and_rebuilds_an_old_one(fresh_state):
    path = fresh_state.home / DB_NAME
    mtime = path.stat().st_mtime_ns
    assert ensure_built() == path
    assert path.stat().st_mtime_ns == mtime
    con = duckdb.connect(str(path))
    con.execute("UPDATE meta SET value='1' WHERE key='schema_version'")
    con.close()
    assert schema_version(path) == 1
    ensure_built()
    assert schema_version(path) == SCHEMA_VERSION


def test_reader_in_this_process_survives_a_rebuild_into_place(fresh_state):
    assert db.query("SELECT count(*) FROM player_games") == [(16512,)]
    assert db.connection() is db.connection()
    build(fresh_state.home / DB_NAME)
    # The open connection still reads the file it opened (renamed over, not truncated).
    assert db.query("SELECT count(*) FROM team_games") == [(1534,)]


def test_reader_in_another_process_survives_a_rebuild_into_place(fresh_state):
    path = fresh_state.home / DB_NAME
    reader = textwrap.dedent(f"""
        import duckdb, sys
        con = duckdb.connect({str(path)!r}, read_only=True)
        print(con.execute("SELECT count(*) FROM player_games").fetchone()[0], flush=True)
        sys.stdin.readline()  # wait until the parent has rebuilt the file
        print(con.execute("SELECT count(*) FROM players").fetchone()[0], flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", reader], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "16512"
        build(path)
        out, err = proc.communicate("go\n", timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert (proc.returncode, out.strip(), err) == (0, "529", "")
    assert _count(path, "team_games") == 1534


@pytest.mark.parametrize("table,key", [("schedule", "game_date, team"), ("player_games", "game_date, player_id")])
def test_tables_have_no_duplicate_keys(table, key):
    rows = db.query(f"SELECT {key}, count(*) FROM {table} GROUP BY ALL HAVING count(*) > 1")
    assert rows == []


def test_league_tables_hold_teams_slots_and_a_round_robin_calendar(built_db):
    import duckdb

    con = duckdb.connect(built_db["path"], read_only=True)
    try:
        teams = con.execute("SELECT team_id, name, manager, is_me FROM league_teams ORDER BY team_id").fetchall()
        slots = dict(con.execute("SELECT slot, count FROM league_slots").fetchall())
        cal = con.execute("SELECT week, team_id, opponent_id FROM league_matchups").fetchall()
        weeks = con.execute("SELECT count(*) FROM weeks").fetchone()[0]
    finally:
        con.close()
    assert len(teams) == 10 and [t[0] for t in teams] == list(range(1, 11))
    assert [t[3] for t in teams].count(True) == 1 and teams[0][1:3] == ("Courtside Crew", "You")
    assert slots == {"PG": 1, "SG": 1, "SF": 1, "PF": 1, "C": 1, "G": 1, "F": 1, "UTIL": 3, "BE": 3, "IR": 1}
    assert len(cal) == 10 * weeks
    pairs = {(w, t): o for w, t, o in cal}
    for (w, t), o in pairs.items():
        assert o != t and pairs[(w, o)] == t  # a pairing: my opponent's opponent is me
    met = {pairs[(w, 1)] for w in range(1, 10)}
    assert met == set(range(2, 11))  # everyone once per nine-week cycle


def test_queries_never_draw_a_progress_bar_on_stdout():
    """Catches: DuckDB's progress bar (drawn for any query over 2 s, i.e. on a loaded machine) was
    printed to stdout and broke `--json` output (test_trade_cli_answers failed on it under load)."""
    from services.store import db

    assert db.cursor().execute("select current_setting('enable_progress_bar')").fetchone() == (False,)


def test_the_recorded_digest_skips_the_full_check_only_for_the_bytes_it_names(fresh_state, monkeypatch):
    """The build writes the finished file's SHA-256 beside it; `verify` skips the DuckDB scan when
    the bytes still hash to it, and a process skips it for bytes it has checked in full. Catches a
    fast path that trusts the digest file's presence (a changed row passed as intact), a memo keyed
    by the path rather than the bytes, and a build that writes no digest (every open scans)."""
    import hashlib

    from services.store import db_check

    path = fresh_state.home / DB_NAME
    recorded = db_check.digest_path(path).read_text().split()
    assert recorded == [hashlib.sha256(path.read_bytes()).hexdigest(), str(SCHEMA_VERSION)]
    scans = []
    full = db_check._full_check
    monkeypatch.setattr(db_check, "_full_check", lambda p, v: scans.append(p) or full(p, v))
    monkeypatch.setattr(db_check, "_CHECKED", set())
    assert db_check.verify(path, SCHEMA_VERSION) is None and scans == []  # the bytes the build fingerprinted
    con = duckdb.connect(str(path))
    con.execute("UPDATE players SET age = age + 1 WHERE player_id = (SELECT min(player_id) FROM players)")
    con.close()
    assert db_check.verify(path, SCHEMA_VERSION) == "its contents differ from what was recorded at build"
    assert scans == [path]
    db_check.digest_path(path).unlink()  # a copy without its digest: checked in full once per process
    build(path)
    db_check.digest_path(path).unlink()
    assert db_check.verify(path, SCHEMA_VERSION) is None and db_check.verify(path, SCHEMA_VERSION) is None
    assert scans == [path, path]
    con = duckdb.connect(str(path))  # the same path, other bytes: the memo of checked bytes must not pass them
    con.execute("UPDATE players SET age = age + 1 WHERE player_id = (SELECT min(player_id) FROM players)")
    con.close()
    assert db_check.verify(path, SCHEMA_VERSION) == "its contents differ from what was recorded at build"
    assert scans == [path, path, path]


def test_threads_meeting_a_moved_home_at_once_all_get_an_open_connection(fresh_state, tmp_path, monkeypatch):
    """The process's connection is reopened when COURTSIDE_HOME moves; eight threads meeting the
    move at once must all query. Catches the check-then-close outside the lock: two threads both
    closed the old connection, the second closing the one the first had just opened ("connection
    already closed" in the first; it failed 2 runs in 4 of a two-thread snapshot test)."""
    import threading

    from tests.db_files import copy_database

    other = tmp_path / "other"
    other.mkdir()
    copy_database(fresh_state.home / DB_NAME, other / DB_NAME)
    homes = [other, fresh_state.home]
    for round_ in range(6):
        monkeypatch.setenv("COURTSIDE_HOME", str(homes[round_ % 2]))
        gate, errors, counts = threading.Barrier(8), [], []

        def ask():
            gate.wait()
            try:
                counts.append(db.query("SELECT count(*) FROM players")[0][0])
            except duckdb.Error as e:
                errors.append(e)

        threads = [threading.Thread(target=ask) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == [] and len(set(counts)) == 1 and len(counts) == 8


def test_the_store_builds_only_with_a_builder_an_entry_point_installed(tmp_path, monkeypatch):
    """The store does not import its builder (issue #37: that import closed the league <-> store
    circle): without one installed, a missing database is one line naming the build; the builder the
    entry points install (`install()`, as the CLIs, the app, the API and this session do) builds it."""
    from services.models import ServiceError
    from services.store import build as build_mod

    home = tmp_path / "empty-home"
    monkeypatch.setenv("COURTSIDE_HOME", str(home))
    monkeypatch.setattr(db, "BUILDER", None)
    with pytest.raises(ServiceError, match=r"cannot be used \(absent\); build it with `python -m services build`"):
        db.ensure()
    assert not (home / DB_NAME).exists()
    build_mod.install()
    assert db.BUILDER is build_mod.ensure_built
