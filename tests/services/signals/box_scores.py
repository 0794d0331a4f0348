"""Rewrite box scores in a test's own DuckDB copy (`fresh_state`) so the change sticks.

The database is verified on open against a fingerprint recorded at build (services.store.db_check): a
file changed behind its back is rebuilt from the shipped CSVs, which would silently undo a
scramble. So the fingerprint is recorded again after the change, and the caches keyed by the
file's path are dropped.
"""
from __future__ import annotations

import datetime as dt
from pathlib import Path

import duckdb

from services.store import db
from services.league import news, snapshot
from services.store.build import DB_NAME, SCHEMA_VERSION
from services.store.db_check import FINGERPRINT_KEY, record_fingerprint, verify
from services.signals import wire


def scramble_box_scores(day: dt.date) -> list[tuple[str, list]]:
    """Statements replacing every box score from `day` on with other numbers, and dropping half."""
    return [("UPDATE player_games SET min = 48 - min, pts = pts * 3 + 7, reb = reb + 9, ast = 0, "
             "fpts = fpts * 2 + 30 WHERE game_date >= ?", [day]),
            ("DELETE FROM player_games WHERE game_date >= ? AND hash(player_id) % 2 = 0", [day])]


def rewrite_box_scores(home: Path, *statements: tuple[str, list], clear_caches: bool = True) -> None:
    """Run each (sql, params) on `home`'s database, then re-record its fingerprint (and drop the
    caches keyed by path unless `clear_caches` is False)."""
    path = home / DB_NAME
    db.close()  # the copy is opened for writing once, then read-only again
    con = duckdb.connect(str(path))
    try:
        for sql, params in statements:
            con.execute(sql, params)
        con.execute("DELETE FROM meta WHERE key = ?", [FINGERPRINT_KEY])
        record_fingerprint(con)
    finally:
        con.close()
    assert verify(path, SCHEMA_VERSION) is None, "the rewritten file must pass its check, or it is rebuilt"
    if clear_caches:
        snapshot.forget_in_memory()
        news._all_notes.cache_clear()
        wire.clear_cache()
