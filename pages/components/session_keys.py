"""Every session key the UI uses, declared once (`DEFAULTS`), with the settings' choices.

Pages never invent keys on the fly: `pages.components.backend.init_session` seeds these. The API
key and the ESPN cookies live only in the `_secret_*` keys, as `SecretStr`, read from
`.streamlit/secrets.toml` when there is one (`SECRETS_MAP`).
"""
from __future__ import annotations

import datetime as dt

import streamlit as st
from streamlit.errors import StreamlitAPIException

DEFAULT_AS_OF = dt.date(2025, 1, 29)
SECRET_KEY = "_secret_api_key"  # the Gemini key of this session only
PROVIDERS = {"auto": "Automatic (Gemini with a key, else offline)", "offline": "Offline planner",
             "gemini": "Gemini", "ollama": "Ollama"}
MODELS = {"gemini": ["gemini-2.5-flash", "gemini-2.5-pro", "gemini-2.5-flash-lite"],
          "ollama": ["qwen2.5:7b", "llama3.1:8b"]}

DEFAULTS: dict[str, object] = {
    "thread_id": None,
    "session_id": None,          # this browser session's id (in the URL): its settings are saved under it
    "thread_notice": None,       # why the thread in the URL was not opened
    "settings_provider": "auto",
    "settings_model": None,
    "settings_as_of": DEFAULT_AS_OF,
    "settings_scoring": "points",
    "settings_advice_mode": "balanced",
    "settings_punt": [],         # categories punted by default (categories leagues); a chat may change its own
    "settings_team": None,       # the team the user manages (None: COURTSIDE_MY_TEAM_ID, else 1)
    "settings_league": "demo",
    "settings_espn_league_id": "",
    "settings_espn_season": 2025,
    "settings_applied": None,    # the last settings that opened: restored when new ones fail
    "settings_error": None,      # why the last change of settings was refused
    "_secret_espn_s2": None,
    "_secret_espn_swid": None,
    SECRET_KEY: None,
    "chat_queued_decision": None,  # (thread_id, move_id, decision) waiting to be streamed
    "chat_all_turns": (),        # threads shown with every past turn ("Show earlier turns" was pressed)
    "chat_offered": {},          # thread -> {index of the user message: cards offered in that turn}
    "cards_decided": {},         # move_id -> {"decision", "outcome"}: the double-click guard
    "signals_flash": None,       # (outcome, text) of the last signal decision, shown once
    "signals_last_run": None,    # the Signals page's last pod run (day, mode, threshold, games)
    "signals_board": None,       # the Signals page's last scoreboard
    "desk_quote": None,          # the Desk page's last quote (QuoteResult as a dict)
    "desk_notice": None,         # the Desk page's last counter-acceptance outcome
    "desk_clock_notice": None,   # why the desk's last clock step could not move the league clock
    "arena_runs": (),            # run ids of this session's arena runs (a tuple: replaced, never mutated)
    "arena_board": None,         # the leaderboard of the last arena submission (with the baselines)
    "league_shown": None,        # (league id, scoring, team) the pages showed last: a change is announced
    "league_notice": None,       # the announcement of a league change, shown once where it happened
}


APPLIED_KEYS = ("settings_provider", "settings_model", "settings_as_of", "settings_scoring", "settings_league",
                "settings_espn_season", "settings_advice_mode", "settings_team", "settings_punt")
FALLBACK = {k: DEFAULTS[k] for k in APPLIED_KEYS}


SECRETS_MAP = {"GOOGLE_API_KEY": SECRET_KEY, "ESPN_S2": "_secret_espn_s2", "SWID": "_secret_espn_swid"}


def streamlit_secrets() -> dict:
    """Keys from `.streamlit/secrets.toml` (GOOGLE_API_KEY, ESPN_S2, SWID, ESPN_LEAGUE_ID), if any."""
    try:
        return {k: st.secrets[k] for k in (*SECRETS_MAP, "ESPN_LEAGUE_ID") if k in st.secrets}
    except (FileNotFoundError, StreamlitAPIException):  # no secrets file is the normal case
        return {}
