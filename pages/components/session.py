"""A browser session's settings kept in the state store, and threads bound to their league.

The session id rides in the URL (`?session=`, next to `?thread=`), so a reload finds the settings
this browser chose (saved in the state store, not only in `st.session_state`). A thread is bound
at its first turn to the league and model it was started with; opening it puts those settings
back, and its cards are decided with the assistant of the card's own league. Threads belong to
the signed-in identity (`st.user` when Streamlit's auth is configured), else to the browser
session (its own league state: `identity`).
"""
from __future__ import annotations

import re
import secrets

import streamlit as st
from streamlit.errors import StreamlitAPIException

from agents.door import store_errors

ss = st.session_state
SESSION_PARAM = "session"
_SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def _threads():
    from agents.door import threads  # lazily, like the runtime: a broken agent shows as a page error

    return threads


def identity() -> str:
    """The signed-in user (email, else subject) when auth is configured; else this browser session
    (`threads.browser_owner`: a league state of its own, kept across reloads by the `?session=` id;
    the CLI's local user with COURTSIDE_APP_OWNER=local)."""
    try:
        if st.user.is_logged_in:
            return str(st.user.get("email") or st.user.get("sub") or "user")
    except (AttributeError, KeyError, StreamlitAPIException):  # no auth configured: the browser session
        pass
    return _threads().browser_owner(session_id())


def session_id() -> str:
    """This browser session's id: the URL's when valid, else a new one (kept in the URL)."""
    if not ss.get("session_id"):
        given = st.query_params.get(SESSION_PARAM) or ""
        ss["session_id"] = given if _SESSION_ID.match(given) else secrets.token_urlsafe(12)
    if st.query_params.get(SESSION_PARAM) != ss["session_id"]:
        st.query_params[SESSION_PARAM] = ss["session_id"]
    return ss["session_id"]


def current_choice(public: tuple):
    """The session's settings tuple (backend.settings_tuple) as a LeagueChoice, advice mode included
    (saved with the session's settings and bound to a thread like its scoring)."""
    provider, model, as_of, scoring, league, espn_id, season, mode = public[:8]
    team = public[8] if len(public) > 8 else None
    return _threads().LeagueChoice(provider=provider, model=model, league=league, as_of=as_of, scoring=scoring,
                                   espn_league_id=int(espn_id) if espn_id else None, espn_season=season,
                                   advice_mode=mode, team=team)


def public_of(choice) -> tuple:
    """A LeagueChoice as backend.settings_tuple's tuple (what the cached assistant is keyed by)."""
    if choice.league == "espn":  # as settings_tuple: a live league has no advice-mode field
        return (choice.provider, choice.model, None, None, "espn", str(choice.espn_league_id), choice.espn_season,
                None, choice.team, tuple(ss.get("settings_punt") or ()))
    # a choice saved before advice modes were kept (or a card's league id alone) follows the session
    mode = choice.advice_mode or ss.get("settings_advice_mode")
    return (choice.provider, choice.model, choice.as_of, choice.scoring, "demo", None, None, mode, choice.team,
            tuple(ss.get("settings_punt") or ()))  # the punt is the session's default: a thread keeps its own


def apply_choice(choice) -> None:
    """Puts a saved choice back into the session's settings (and drops stale widget values)."""
    ss["settings_provider"] = choice.provider or "auto"
    ss["settings_model"] = choice.model
    ss["settings_league"] = choice.league
    ss["settings_team"] = choice.team
    if choice.league == "espn":
        ss["settings_espn_league_id"] = str(choice.espn_league_id or "")
        ss["settings_espn_season"] = int(choice.espn_season or ss["settings_espn_season"])
    else:
        if choice.as_of is not None:
            ss["settings_as_of"] = choice.as_of
        if choice.scoring:
            ss["settings_scoring"] = choice.scoring
        if choice.advice_mode:
            ss["settings_advice_mode"] = choice.advice_mode
    for key in [k for k in ss if str(k).startswith("settings_w_")]:
        if not str(key).startswith(("settings_w_api", "settings_w_espn_s2", "settings_w_espn_swid")):
            del ss[key]  # the widgets redraw the restored values


def load_saved_settings(public) -> None:
    """Once per Streamlit session: the settings this browser session saved before a reload.

    `public()` gives the session's settings tuple: when nothing was saved, the settings a new
    session starts with count as saved (a reload without a row starts with the same ones), so
    opening a page writes nothing to the store until a setting changes (a write on every new
    session cost a first draw about 0.3 s of waiting on the store's commit under load)."""
    if ss.get("_session_loaded"):
        return
    ss["_session_loaded"] = True
    try:
        saved = _threads().load_session(session_id(), identity())
    except store_errors():  # an unreadable store must not hide the app; defaults apply
        saved = None
    if saved is not None:
        apply_choice(saved)
        ss["_session_saved"] = saved
    else:
        ss["_session_saved"] = current_choice(public())


def save_settings(public: tuple) -> None:
    """Saves the settings that opened, when they changed since the last save."""
    choice = current_choice(public)
    if ss.get("_session_saved") == choice:
        return
    try:
        _threads().save_session(session_id(), identity(), choice)
        ss["_session_saved"] = choice
    except store_errors():  # not saved: the session still works, the next change retries
        pass


def binding(thread_id: str | None):
    if not thread_id:
        return None
    try:
        return _threads().binding(thread_id)
    except store_errors():  # an unreadable store: as if unbound
        return None


def enter_thread(thread_id: str) -> str | None:
    """Makes `thread_id` current with its league's settings; refuses another identity's thread
    (returns why, and the caller starts a new chat instead)."""
    bound = binding(thread_id)
    if bound is not None and not _threads().owns(bound, identity()):
        return "That conversation belongs to another user; a new chat was started."
    if bound is not None:
        apply_choice(bound.choice)
    ss["thread_id"] = thread_id
    return None


def bind(thread_id: str, assistant, public: tuple) -> None:
    """Binds the thread at its first turn to the league and model `assistant` runs (first wins)."""
    choice = current_choice(public)
    if assistant.provider not in ("scripted",):  # pin what "automatic" resolved to
        choice = choice.model_copy(update={"provider": assistant.provider,
                                           "model": choice.model if choice.provider else None})
    choice = choice.model_copy(update={"team": assistant.team_id})  # the team it runs for, whatever the default
    _threads().bind(thread_id, identity(), choice, assistant)


def differs(thread_id: str | None, public: tuple) -> bool:
    """Whether the session's settings now name another league (or model) than the thread's."""
    bound = binding(thread_id)
    if bound is None:
        return False
    now, was = current_choice(public), bound.choice
    fields = ["league", "as_of", "scoring", "espn_league_id", "espn_season", "model"]
    if now.provider:
        fields.append("provider")
    if now.team is not None:  # the session picked a team: another one is another conversation
        fields.append("team")
    if was.advice_mode:  # bound before modes were kept: the thread follows the session's mode
        fields.append("advice_mode")
    return any(getattr(now, f) != getattr(was, f) for f in fields)


def thread_label(thread_id: str) -> str:
    """The league and scoring a thread runs in ("Demo · categories · as of 2025-01-29")."""
    bound = binding(thread_id)
    return _threads().league_label(bound.league_id, bound.league_kind) if bound else ""
