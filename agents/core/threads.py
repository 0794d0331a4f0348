"""Which league a thread (and each of its cards) belongs to, who owns it, and how to label it.

The UI binds a thread at its first turn (`bind`), reopens it with the binding's settings, and
decides a card with the assistant of the card's own league (`choice_for_card`), whatever the page
currently shows. A thread belongs to the identity that started it: another identity neither lists
nor decides it. Threads never bound (started from the CLI, or before bindings existed) belong to
the local user.
"""
from __future__ import annotations

import datetime as dt
import hashlib

from agents.core.contracts import Card
from services.league.ledger import ledger_of, parse_demo_id, split_league_id
from services.store import threads as _svc
from services.store.state import state_store
from services.store.threads import LOCAL_OWNER, LeagueChoice, ThreadBinding

__all__ = ["LOCAL_OWNER", "LeagueChoice", "ThreadBinding", "as_of_range", "bind", "binding", "bindings", "browser_owner", "choice_for_card",
           "league_label", "load_session", "names_league", "owns", "save_session", "connect_espn", "espn_connection", "forget_espn"]

def browser_owner(session_id: str) -> str:
    """Who a browser session without sign-in is. By default the session itself ("browser:" and a
    digest of its id: the id rides in the tab's URL, so a reload keeps its league, and another
    browser never sees or changes its moves); with COURTSIDE_APP_OWNER=local the CLI's local user."""
    from services.config import get_settings

    if get_settings().app_owner == "local":
        return LOCAL_OWNER
    return "browser:" + hashlib.sha256(session_id.encode()).hexdigest()[:20]


def binding(thread_id: str) -> ThreadBinding | None:
    return _svc.thread_binding(state_store(), thread_id)


def bindings(thread_ids: list[str]) -> dict[str, ThreadBinding]:
    return _svc.thread_bindings(state_store(), thread_ids)


def save_session(session_id: str, owner: str, choice: LeagueChoice) -> None:
    _svc.save_session(state_store(), session_id, owner, choice)


def load_session(session_id: str, owner: str) -> LeagueChoice | None:
    return _svc.load_session(state_store(), session_id, owner)


def bind(thread_id: str, owner: str, choice: LeagueChoice, assistant) -> ThreadBinding:
    """Binds `thread_id` to the league `assistant` opened with `choice` (a no-op once bound)."""
    return _svc.bind_thread(state_store(), thread_id, owner, choice, assistant.league_kind, assistant.league_id())


def owns(bound: ThreadBinding | None, owner: str) -> bool:
    """Whether `owner` may see and decide the thread (unbound threads are the local user's)."""
    return (bound.owner if bound is not None else LOCAL_OWNER) == owner


def _demo_parts(league_id: str | None) -> tuple[str, dt.date] | None:
    """("categories", 2025-01-29) from a demo league id "demo-categories-2025-01-29" (or another
    owner's copy of it, "demo@<ledger>-categories-2025-01-29": services/league/ledger.py)."""
    parts = parse_demo_id(league_id)
    return None if parts is None else parts[1:]


def choice_for_card(card: Card, bound: ThreadBinding | None) -> tuple[LeagueChoice | None, str | None]:
    """The settings that open the card's own league: the thread's binding when it names that
    league, else (demo cards) the league id itself. (None, why) when no such league can be opened."""
    if bound is not None and (bound.league_id == card.league_id or not card.league_id):
        return bound.choice, None
    demo = _demo_parts(card.league_id)
    owner = bound.owner if bound is not None else LOCAL_OWNER
    if demo is not None and parse_demo_id(card.league_id)[0] != ledger_of(owner):
        return None, "this card was made in another user's copy of the demo league"
    if demo is not None:
        scoring, as_of = demo
        base = bound.choice if bound is not None else LeagueChoice()
        return base.model_copy(update={"league": "demo", "scoring": scoring, "as_of": as_of, "team": card.team_id,
                                       "espn_league_id": None, "espn_season": None}), None
    if split_league_id(card.league_id)[1] != ledger_of(owner):
        return None, "this card was made in another user's view of that ESPN league"
    return None, (f"this card belongs to {league_label(card.league_id, 'espn')}, which this conversation was not "
                  "started in; open that league in Settings to decide it")


def as_of_range() -> tuple[dt.date, dt.date]:
    """The as-of dates the demo league accepts: the day after the first box score through the day
    after the last (what `services.league.demo_source.check_as_of` allows)."""
    from services.league.snapshot import data_dates

    first, last = data_dates()
    return first + dt.timedelta(days=1), last + dt.timedelta(days=1)


def league_label(league_id: str | None, kind: str | None = None) -> str:
    """ "Demo · categories · as of 2025-01-29" or "ESPN league 123456"."""
    demo = _demo_parts(league_id)
    if demo is not None:
        return f"Demo · {demo[0]} · as of {demo[1].isoformat()}"
    if league_id:
        return f"ESPN league {split_league_id(league_id)[0]}" if (kind or "espn") == "espn" else str(league_id)
    return "League unknown"


def names_league(query: str | None, league_id: str | None, kind: str | None, owner: str) -> bool:
    """Whether `query` names `owner`'s league `league_id`, as a user would write it: its label (as
    the threads and approvals list it: "Demo · points · as of 2025-01-29", "ESPN league 20251"),
    its id as the sidebar shows it ("demo-points-2025-01-29", "20251"), or the owner's own scoped id;
    never a league of another owner's ledger. An empty query names every league."""
    text = (query or "").strip()
    if not text:
        return True
    base, ledger = split_league_id(league_id)
    if ledger != ledger_of(owner):
        return False
    if text.casefold() == league_label(league_id, kind).casefold():
        return True
    asked, asked_ledger = split_league_id(text.removeprefix("ESPN league ").strip())
    return asked == base and asked_ledger in ("", ledger)


def connect_espn(owner: str, league_id: str, season: int, espn_s2=None, swid=None):
    """Checks an ESPN league (one read; ServiceError with one line when it fails) and keeps the
    connection, its cookies included, in the state store under `owner`. Returns what was read
    (name, season, scoring, teams); never the cookies."""
    from services.espn.connect import check_league

    found = check_league(league_id, season, espn_s2, swid)
    _svc.save_connection(state_store(), owner, found.league_id, found.season, found.name,
                         espn_s2 if espn_s2 else None, swid if swid else None)
    return found


def espn_connection(owner: str):
    """The owner's connected ESPN league (`EspnConnection`, cookies as SecretStr), or None."""
    return _svc.load_connection(state_store(), owner)


def forget_espn(owner: str) -> None:
    _svc.forget_connection(state_store(), owner)
