"""The UI's one door to the agents: the cached assistant, session keys and the thread in the URL.

Every session key the UI uses is declared in `DEFAULTS` (pages/components/session_keys.py), so
pages never invent keys on the fly; which league the pages show is pages/components/league_notice.py.
The API key and the ESPN cookies live only in `_secret_*` session keys as `SecretStr` (never in a
widget value sent back to the browser, never logged, never printed with the session state, never
in a cache key as plain text: the cache key carries a SHA-256 digest).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import logging
import os

import streamlit as st

from agents.door import store_errors
from pages.components import session, warm
from pages.components.league_notice import announce_league
from pages.components.session_keys import (APPLIED_KEYS, DEFAULTS, FALLBACK, MODELS, SECRET_KEY, SECRETS_MAP,
                                           streamlit_secrets)

log = logging.getLogger(__name__)


def init_session() -> None:
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value.copy() if isinstance(value, dict) else value
    if "_secrets_loaded" not in st.session_state:
        from pydantic import SecretStr

        found = streamlit_secrets()
        for name, key in SECRETS_MAP.items():
            if found.get(name) and st.session_state[key] is None:
                st.session_state[key] = SecretStr(str(found[name]))
        if found.get("ESPN_LEAGUE_ID"):
            st.session_state["settings_league"] = "espn"
            st.session_state["settings_espn_league_id"] = str(found["ESPN_LEAGUE_ID"])
        st.session_state["_secrets_loaded"] = True
    session.load_saved_settings(settings_tuple)


_ENV_CHECKED: set[tuple] = set()  # environments that passed the start-up check in this process


def settings_problem() -> str | None:
    """Why the environment's settings cannot run the app (one line), or None.

    Checked on the first run of each environment in this process (a passing check is not redone
    on every rerun; a failing one is, so a fixed file or setting is picked up).
    """
    from agents import door

    key = tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith("COURTSIDE_")))
    if key in _ENV_CHECKED:
        return None
    problem = door.check_environment()
    if problem is None:
        _ENV_CHECKED.add(key)
    return problem


def _supervisor():
    from agents import door  # the facades load lazily, so a broken agent shows as a page error, not a crash

    return door.supervisor


@st.cache_resource(show_spinner="Loading the league and the agent…")
def _cached_assistant(public: tuple, key_digest: str | None, home: str, owner: str, _secrets: tuple):
    """One compiled graph + DB connection per process, settings and identity (the runtime caches
    too): `owner` (`session.identity()`) works in its own copy of the demo league (issue #37 item 4).

    `public` holds the non-secret settings; `_secrets` is not hashed by Streamlit, and
    `key_digest` (a SHA-256 of it) separates sessions that use different keys without putting a
    key in the cache key. A configuration that fails raises and is not cached.
    """
    provider, model, as_of, scoring, league, espn_id, espn_season, *rest = public
    api_key, s2, swid = _secrets
    built = _supervisor().open(provider, as_of, scoring, model_name=model, api_key=api_key, league=league,
                               espn_league_id=espn_id, espn_season=espn_season, espn_s2=s2, espn_swid=swid,
                               advice_mode=rest[0] if rest else None, team=rest[1] if len(rest) > 1 else None,
                               punt=rest[2] if len(rest) > 2 else None, owner=owner)
    if league == "demo" and warm.serving():
        warm.warm_league(built)
    return built


def settings_tuple() -> tuple:
    """The session's non-secret choices, as the runtime takes them."""
    ss = st.session_state
    provider = None if ss["settings_provider"] == "auto" else ss["settings_provider"]
    model = ss["settings_model"] if provider in MODELS and ss["settings_model"] in MODELS[provider] else None
    espn_id = ss["settings_espn_league_id"].strip()
    if ss["settings_league"] == "espn" and espn_id:  # a live league: its own scoring, today's date
        return (provider, model, None, None, "espn", espn_id, int(ss["settings_espn_season"]), None, ss["settings_team"],
                punt_setting())
    return (provider, model, ss["settings_as_of"], ss["settings_scoring"], "demo", None, None,
            ss["settings_advice_mode"], ss["settings_team"], punt_setting())


def punt_setting() -> tuple[str, ...]:
    """The session's default punt (Settings), as the runtime takes it."""
    return tuple(st.session_state.get("settings_punt") or ())


def page_punt(key: str, cats: list[str], built) -> list[str]:
    """A page's punt box starts from the Settings punt in a categories league (Players' z-sum,
    Trade's evaluation): seeded whenever the page opens (its widget key is dropped when it closes)."""
    punt = [c for c in punt_setting() if c in cats] if built.scoring() == "categories" else []
    if key not in st.session_state:
        st.session_state[key] = punt
    return punt


def _secrets() -> tuple:
    ss = st.session_state
    espn = settings_tuple()[4] == "espn"
    s2, swid = (ss["_secret_espn_s2"], ss["_secret_espn_swid"]) if espn else (None, None)
    if espn and not s2:  # the cookies of the league this identity connected (Settings), kept in the state store
        from agents import door

        held = door.threads.espn_connection(session.identity())
        if held is not None and str(held.league_id) == settings_tuple()[5]:
            s2, swid = held.espn_s2, held.swid
    return ss[SECRET_KEY], s2, swid


def secrets() -> dict:
    """This session's secrets as the door takes them (a card's league may need the model key)."""
    api_key, s2, swid = _secrets()
    return {k: v for k, v in (("api_key", api_key), ("espn_s2", s2), ("espn_swid", swid)) if v}


def _digest(secrets: tuple) -> str | None:
    joined = "\x1f".join(s.get_secret_value() if s else "" for s in secrets)
    return hashlib.sha256(joined.encode()).hexdigest()[:16] if joined.strip("\x1f") else None


def _build(home: str, public: tuple | None = None):
    secrets = _secrets()
    return _cached_assistant(public or settings_tuple(), _digest(secrets), home, session.identity(), secrets)


def assistant():
    """The assistant for this session's settings (cached per process).

    When the chosen settings cannot be opened (an unreachable ESPN league, Gemini without a
    key), the reason goes to `settings_error` and the last settings that worked come back.
    """
    init_session()
    ss = st.session_state
    home = os.environ.get("COURTSIDE_HOME", "")  # tests and benches point each run at their own home
    try:
        built = _build(home)
    except Exception as exc:  # noqa: BLE001 - boundary: any failure to open (ESPN, a key, the store) is shown
        # as settings_error and the settings that worked come back
        log.warning("settings could not be opened", exc_info=True)
        built, which = _restore(home)
        ss["settings_error"] = f"Could not switch to these settings: {_reason(exc)} The {which} settings are active."
    else:
        if ss["settings_applied"] and _opened() != ss["settings_applied"]:
            ss["settings_error"] = None  # a new configuration opened: the old error is stale
    ss["settings_applied"] = _opened()
    session.save_settings(settings_tuple())
    announce_league(built)
    return built


def thread_assistant(thread_id: str):
    """The assistant of the league the thread was started in (the session's when not bound yet).

    Opening a thread puts its settings back, so this is normally the session's assistant too; it
    differs only when the settings changed while the thread was open.
    """
    bound = session.binding(thread_id)
    current = assistant()
    if bound is None or session.public_of(bound.choice) == settings_tuple():
        return current
    try:
        return _build(os.environ.get("COURTSIDE_HOME", ""), session.public_of(bound.choice))
    except Exception:  # noqa: BLE001 - boundary: the thread's league cannot open now; the session's answers
        # reads (each card of that league says why it cannot be decided here)
        log.warning("thread %s: its league cannot be opened", thread_id, exc_info=True)
        return current


def as_of_range() -> tuple[dt.date, dt.date]:
    """The as-of dates the data supports (the demo league needs a box-score day before it)."""
    from agents.door import threads

    return threads.as_of_range()


def league_clock() -> dt.date:
    """The session's one league clock (issue #21, defect 4): the league date the sidebar shows and
    the chat, the League page, the desk and the signals pod all read (an ESPN league: its today)."""
    return assistant().as_of


def move_league_clock(day: dt.date) -> str | None:
    """Moves the session's league clock to `day` (the same league on that date: rosters and the
    user's moves kept); a thread bound to the old date keeps it and a new chat starts. Returns why
    not (one line) when the clock cannot stand there: outside the data, or a live ESPN league."""
    ss = st.session_state
    if settings_tuple()[4] != "demo":
        return "A live ESPN league runs on today's date: its clock does not move."
    first, last = as_of_range()
    if not first <= day <= last:
        return f"The league clock stays on {ss['settings_as_of']}: {day} is outside the data ({first} to {last})."
    if day != ss["settings_as_of"]:
        ss["settings_as_of"] = day
        ss.pop("settings_w_as_of", None)  # the Settings page's date field redraws the clock
        settings_changed()
    return None


def bind_thread(thread_id: str, built) -> None:
    """At a thread's first turn: binds it to this session's league and model (first wins)."""
    try:
        session.bind(thread_id, built, settings_tuple())
    except store_errors():  # not written: an unbound thread still works; it follows the session
        pass


def settings_changed() -> None:
    """A setting changed: a thread bound to another league keeps it, and a new chat starts."""
    if session.differs(st.session_state["thread_id"], settings_tuple()):
        start_new_chat()


def _opened() -> dict:
    """The settings that are open now (an ESPN choice without a league id still opens the demo)."""
    ss = st.session_state
    return {k: ss[k] for k in APPLIED_KEYS} | {"settings_league": settings_tuple()[4]}


def _restore(home: str):
    """Back to the last settings that opened; to the defaults if those fail now (a forgotten key)."""
    ss = st.session_state
    candidates = [c for c in (ss["settings_applied"], FALLBACK) if c]
    for i, kept in enumerate(candidates):
        for key, value in kept.items():
            ss[key] = value
            ss.pop("settings_w_" + key.removeprefix("settings_"), None)  # the widget redraws the kept value
        try:
            return _build(home), "default" if kept is FALLBACK else "previous"
        except Exception:  # noqa: BLE001 - boundary: the next candidate is tried; the defaults failing raises
            if i == len(candidates) - 1:
                raise
            log.warning("the %s settings could not be opened", "previous" if i == 0 else "default", exc_info=True)


def _reason(exc: Exception) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return text[:300]


def settings_error() -> str | None:
    return st.session_state["settings_error"]


def new_thread_id() -> str:
    return _supervisor().new_thread_id()


def current_thread() -> str:
    """The thread of this session: the URL's `?thread=` wins, else the session's, else a new one."""
    init_session()
    session.session_id()
    from_url = st.query_params.get("thread")
    if from_url and from_url != st.session_state["thread_id"]:
        st.session_state["thread_notice"] = session.enter_thread(from_url)
    if not st.session_state["thread_id"]:
        st.session_state["thread_id"] = new_thread_id()
    if st.query_params.get("thread") != st.session_state["thread_id"]:
        st.query_params["thread"] = st.session_state["thread_id"]
    return st.session_state["thread_id"]


def open_thread(thread_id: str) -> None:
    """Switches this session (and the URL) to another thread, with the settings it was started in."""
    st.session_state["thread_notice"] = session.enter_thread(thread_id)
    if st.session_state["thread_notice"]:
        thread_id = new_thread_id()
    st.session_state["thread_id"] = thread_id
    st.session_state["chat_queued_decision"] = None
    st.query_params["thread"] = thread_id


def start_new_chat() -> None:
    open_thread(new_thread_id())
