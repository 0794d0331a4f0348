"""The state store's tables (services/store/state.py): the SQL for SQLite and PostgreSQL, and the
SQLite schema's version (`PRAGMA user_version`), which `services.store.guard` also reads to refuse a
restore of a newer schema (kept apart so that the guard needs nothing else of the store).
"""
from __future__ import annotations

# One row per decided card set (the cards one interrupt offered): the first decision claims the
# set, in the same transaction that applies its moves; every later decision is measured against it.
CARD_SETS_SQL = """CREATE TABLE IF NOT EXISTS card_sets (
        set_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, decisions TEXT NOT NULL, summary TEXT NOT NULL,
        outcomes TEXT NOT NULL, actor TEXT NOT NULL, decided_at TEXT NOT NULL)"""
SET_COLUMNS = ["set_id", "thread_id", "decisions", "summary", "outcomes", "actor", "decided_at"]

# PRAGMA user_version of the SQLite store: 1 = moves, decisions, audit; 2 = + card_sets.
SQLITE_SCHEMA_VERSION = 2
SQLITE_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS roster_moves (
        move_id TEXT PRIMARY KEY, league_id TEXT NOT NULL, team_id INTEGER NOT NULL,
        drop_id TEXT NOT NULL, add_id TEXT NOT NULL, as_of TEXT NOT NULL,
        applied_at TEXT NOT NULL, actor TEXT NOT NULL, card TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS decisions (
        move_id TEXT NOT NULL, thread_id TEXT NOT NULL, decision TEXT NOT NULL,
        outcome TEXT NOT NULL, reason TEXT, actor TEXT NOT NULL, decided_at TEXT NOT NULL, card TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS audit_turns (
        turn_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, created_at TEXT NOT NULL,
        record TEXT NOT NULL)""",
    CARD_SETS_SQL,
]
# PostgreSQL has no rowid: `seq` keeps insertion order for rows written in the same second.
PG_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS roster_moves (
        seq BIGINT GENERATED ALWAYS AS IDENTITY, move_id TEXT PRIMARY KEY, league_id TEXT NOT NULL,
        team_id INTEGER NOT NULL, drop_id TEXT NOT NULL, add_id TEXT NOT NULL, as_of TEXT NOT NULL,
        applied_at TEXT NOT NULL, actor TEXT NOT NULL, card TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS roster_moves_league ON roster_moves (league_id, applied_at, seq)",
    """CREATE TABLE IF NOT EXISTS decisions (
        seq BIGINT GENERATED ALWAYS AS IDENTITY, move_id TEXT NOT NULL, thread_id TEXT NOT NULL,
        decision TEXT NOT NULL, outcome TEXT NOT NULL, reason TEXT, actor TEXT NOT NULL,
        decided_at TEXT NOT NULL, card TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS audit_turns (
        seq BIGINT GENERATED ALWAYS AS IDENTITY, turn_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL,
        created_at TEXT NOT NULL, record TEXT NOT NULL)""",
    CARD_SETS_SQL.replace("set_id TEXT PRIMARY KEY", "seq BIGINT GENERATED ALWAYS AS IDENTITY, set_id TEXT PRIMARY KEY"),
]
