"""Thread and browser-session metadata in the state store: which league a thread belongs to, and
which settings a browser session chose.

A thread is bound at its first turn to the league it was started in (kind and id, scoring, as-of,
provider and model) and to the identity that started it; the first binding wins, so reopening the
thread (or deciding one of its cards) always finds the league it was made for. A browser session's
settings are kept under its session id, so a reload comes back to them. Both tables live next to
the moves and the audit (SQLite or PostgreSQL); they are created on first use, with the same SQL on
both backends.
"""
from __future__ import annotations

import datetime as dt
import json
import weakref

from pydantic import BaseModel, SecretStr

from services.store.state import StateStore

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS thread_meta (
        thread_id TEXT PRIMARY KEY, owner TEXT NOT NULL, league_kind TEXT NOT NULL, league_id TEXT,
        choice TEXT NOT NULL, created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS ui_sessions (
        session_id TEXT PRIMARY KEY, owner TEXT NOT NULL, choice TEXT NOT NULL, updated_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS espn_connections (
        owner TEXT PRIMARY KEY, league_id INTEGER NOT NULL, season INTEGER NOT NULL, espn_s2 TEXT, swid TEXT,
        name TEXT NOT NULL, connected_at TEXT NOT NULL)""",
]
LOCAL_OWNER = "local"  # the one user of an app without sign-in
_ready: weakref.WeakSet[StateStore] = weakref.WeakSet()


class LeagueChoice(BaseModel):
    """The non-secret settings that open one league with one model (what the Settings page sets)."""

    provider: str | None = None  # None: automatic (Gemini with a key, else offline)
    model: str | None = None
    league: str = "demo"  # "demo" | "espn"
    as_of: dt.date | None = None  # demo league only
    scoring: str | None = None  # demo league only
    espn_league_id: int | None = None
    espn_season: int | None = None
    advice_mode: str | None = None  # demo league only: "balanced" | "this_week"; None follows the session
    team: int | None = None  # the team the user manages; None: the configured one (COURTSIDE_MY_TEAM_ID, else 1)


class ThreadBinding(BaseModel):
    """A thread's owner and the league (and model) it was started in."""

    thread_id: str
    owner: str
    league_kind: str
    league_id: str | None
    choice: LeagueChoice
    created_at: str


def _store(store: StateStore) -> StateStore:
    """`store` with this module's tables (created once per store object)."""
    if store not in _ready:
        with store.transaction() as cur:
            for stmt in SCHEMA:
                cur.execute(stmt)
        _ready.add(store)
    return store


def _now() -> str:
    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


def bind_thread(store: StateStore, thread_id: str, owner: str, choice: LeagueChoice, league_kind: str,
                league_id: str | None) -> ThreadBinding:
    """Binds the thread once (the first binding wins) and returns the binding that holds."""
    with _store(store).transaction() as cur:
        cur.execute("INSERT INTO thread_meta (thread_id, owner, league_kind, league_id, choice, created_at)"
                    " VALUES (?,?,?,?,?,?) ON CONFLICT (thread_id) DO NOTHING",
                    (thread_id, owner, league_kind, league_id, choice.model_dump_json(), _now()))
    bound = thread_binding(store, thread_id)
    assert bound is not None
    return bound


def _row(row: tuple) -> ThreadBinding:
    thread_id, owner, kind, league_id, choice, created = row
    return ThreadBinding(thread_id=thread_id, owner=owner, league_kind=kind, league_id=league_id,
                         choice=LeagueChoice.model_validate_json(choice), created_at=created)


_COLUMNS = "thread_id, owner, league_kind, league_id, choice, created_at"


def thread_binding(store: StateStore, thread_id: str) -> ThreadBinding | None:
    rows = _store(store).fetch(f"SELECT {_COLUMNS} FROM thread_meta WHERE thread_id=?", (thread_id,))
    return _row(rows[0]) if rows else None


def thread_bindings(store: StateStore, thread_ids: list[str]) -> dict[str, ThreadBinding]:
    """The bindings of these threads (threads never bound are left out)."""
    if not thread_ids:
        return {}
    marks = ",".join("?" * len(thread_ids))
    rows = _store(store).fetch(f"SELECT {_COLUMNS} FROM thread_meta WHERE thread_id IN ({marks})", tuple(thread_ids))
    return {r[0]: _row(r) for r in rows}


def save_session(store: StateStore, session_id: str, owner: str, choice: LeagueChoice) -> None:
    """Keeps a browser session's settings (the latest wins)."""
    with _store(store).transaction() as cur:
        cur.execute("INSERT INTO ui_sessions (session_id, owner, choice, updated_at) VALUES (?,?,?,?)"
                    " ON CONFLICT (session_id) DO UPDATE SET owner=excluded.owner, choice=excluded.choice,"
                    " updated_at=excluded.updated_at",
                    (session_id, owner, choice.model_dump_json(), _now()))


def load_session(store: StateStore, session_id: str, owner: str) -> LeagueChoice | None:
    """The settings a browser session saved; None when unknown or saved by another identity."""
    rows = _store(store).fetch("SELECT owner, choice FROM ui_sessions WHERE session_id=?", (session_id,))
    if not rows or rows[0][0] != owner:
        return None
    return LeagueChoice.model_validate(json.loads(rows[0][1]))


class EspnConnection(BaseModel):
    """An owner's connected ESPN league. The cookies are `SecretStr`: they print as '**********'."""

    owner: str
    league_id: int
    season: int
    name: str
    espn_s2: SecretStr | None = None
    swid: SecretStr | None = None
    connected_at: str = ""


def save_connection(store: StateStore, owner: str, league_id: int, season: int, name: str,
                    espn_s2: SecretStr | None = None, swid: SecretStr | None = None) -> None:
    """Keeps (or replaces) the owner's connected league, its cookies included (never logged)."""
    reveal = lambda v: (v.get_secret_value() if isinstance(v, SecretStr) else str(v)) if v else None  # noqa: E731
    with _store(store).transaction() as cur:
        cur.execute("INSERT INTO espn_connections (owner, league_id, season, espn_s2, swid, name, connected_at)"
                    " VALUES (?,?,?,?,?,?,?) ON CONFLICT (owner) DO UPDATE SET league_id=excluded.league_id,"
                    " season=excluded.season, espn_s2=excluded.espn_s2, swid=excluded.swid, name=excluded.name,"
                    " connected_at=excluded.connected_at",
                    (owner, int(league_id), int(season), reveal(espn_s2), reveal(swid), name, _now()))


def load_connection(store: StateStore, owner: str) -> EspnConnection | None:
    rows = _store(store).fetch("SELECT owner, league_id, season, espn_s2, swid, name, connected_at"
                               " FROM espn_connections WHERE owner=?", (owner,))
    if not rows:
        return None
    o, lid, season, s2, swid, name, at = rows[0]
    return EspnConnection(owner=o, league_id=lid, season=season, name=name, connected_at=at,
                          espn_s2=SecretStr(s2) if s2 else None, swid=SecretStr(swid) if swid else None)


def forget_connection(store: StateStore, owner: str) -> None:
    with _store(store).transaction() as cur:
        cur.execute("DELETE FROM espn_connections WHERE owner=?", (owner,))
