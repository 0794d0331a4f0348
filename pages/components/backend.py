"""The UI's one door to the agents: the cached assistant, session keys and the thread in the URL.

Every session key the UI uses is declared in `DEFAULTS`, so pages never invent keys on the fly.
The API key lives only in `st.session_state[SECRET_KEY]` (never in a widget value sent back to the
browser, never logged, never in the cache key as plain text).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import inspect
import os

import streamlit as st

DEFAULT_AS_OF = dt.date(2025, 1, 29)
SECRET_KEY = "_secret_api_key"  # the Gemini key of this session only
PROVIDERS = {"auto": "Automatic (Gemini with a key, else offline)", "offline": "Offline planner",
             "gemini": "Gemini", "ollama": "Ollama"}
MODELS = {"gemini": ["gemini-2.5-flash", "gemini-2.5-pro", "gemini-2.5-flash-lite"],
          "ollama": ["qwen2.5:7b", "llama3.1:8b"]}

DEFAULTS: dict[str, object] = {
    "thread_id": None,
    "settings_provider": "auto",
    "settings_model": None,
    "settings_as_of": DEFAULT_AS_OF,
    "settings_scoring": "points",
    "settings_league": "demo",
    "settings_espn_league_id": "",
    "_secret_espn_s2": None,
    "_secret_espn_swid": None,
    SECRET_KEY: None,
    "chat_queued_decision": None,  # (thread_id, move_id, decision) waiting to be streamed
    "chat_offered": {},          # thread -> {index of the user message: cards offered in that turn}
    "cards_decided": {},         # move_id -> {"decision", "outcome"}: the double-click guard
}


def init_session() -> None:
    for key, value in DEFAULTS.items():
        if key not in st.session_state:
            st.session_state[key] = value.copy() if isinstance(value, dict) else value


def _runtime():
    from agents import runtime  # imported lazily so a broken agent shows as a page error, not a crash

    return runtime


@st.cache_resource(show_spinner="Loading the league and the agent…")
def _cached_assistant(provider: str | None, as_of: dt.date, scoring: str, model: str | None, league: str,
                      key_digest: str | None, home: str, _secrets: tuple):
    """One compiled graph + DB connection per process and settings (the runtime caches too).

    `_secrets` is not hashed by Streamlit; `key_digest` (a SHA-256 of it) separates sessions
    that use different keys without putting a key in the cache key.
    """
    runtime = _runtime()
    wanted = {"provider": provider, "as_of": as_of, "scoring": scoring, "model": model, "league": league}
    api_key, espn_id, s2, swid = _secrets
    wanted |= {"api_key": api_key, "google_api_key": api_key, "espn_league_id": espn_id,
               "espn_s2": s2, "espn_swid": swid}
    params = inspect.signature(runtime.get_assistant).parameters
    takes_any = any(p.kind is p.VAR_KEYWORD for p in params.values())
    kwargs = {k: v for k, v in wanted.items()
              if (takes_any or k in params) and (v is not None or k in ("provider", "as_of"))
              and not (k == "league" and v == "demo")}
    if league == "demo":
        kwargs = {k: v for k, v in kwargs.items() if not k.startswith("espn")}
    return runtime.get_assistant(**kwargs)


def settings_tuple() -> tuple:
    ss = st.session_state
    provider = None if ss["settings_provider"] == "auto" else ss["settings_provider"]
    espn_id = ss["settings_espn_league_id"].strip() or None if ss["settings_league"] == "espn" else None
    return provider, ss["settings_as_of"], ss["settings_scoring"], ss["settings_model"], ss["settings_league"], espn_id


def assistant():
    """The assistant for this session's settings (cached per process)."""
    init_session()
    provider, as_of, scoring, model, league, espn_id = settings_tuple()
    ss = st.session_state
    secrets = (ss[SECRET_KEY], espn_id, ss["_secret_espn_s2"], ss["_secret_espn_swid"])
    joined = "|".join(str(s) for s in secrets if s)
    digest = hashlib.sha256(joined.encode()).hexdigest()[:16] if joined else None
    home = os.environ.get("COURTSIDE_HOME", "")  # tests and benches point each run at their own home
    return _cached_assistant(provider, as_of, scoring, model, league, digest, home, secrets)


def supports(option: str) -> bool:
    """Whether the runtime's `get_assistant` takes this setting (the UI only offers what works)."""
    params = inspect.signature(_runtime().get_assistant).parameters
    return option in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def new_thread_id() -> str:
    return _runtime().new_thread_id()


def current_thread() -> str:
    """The thread of this session: the URL's `?thread=` wins, else the session's, else a new one."""
    init_session()
    from_url = st.query_params.get("thread")
    if from_url and from_url != st.session_state["thread_id"]:
        st.session_state["thread_id"] = from_url
    if not st.session_state["thread_id"]:
        st.session_state["thread_id"] = new_thread_id()
    if st.query_params.get("thread") != st.session_state["thread_id"]:
        st.query_params["thread"] = st.session_state["thread_id"]
    return st.session_state["thread_id"]


def open_thread(thread_id: str) -> None:
    """Switches this session (and the URL) to another thread."""
    st.session_state["thread_id"] = thread_id
    st.session_state["chat_queued_decision"] = None
    st.query_params["thread"] = thread_id


def start_new_chat() -> None:
    open_thread(new_thread_id())
