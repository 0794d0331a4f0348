"""Which league and team the pages show, and the one-time notice when that changes.

`league_line` names the league, its scoring and the user's team; `announce_league` (called by
`pages.components.backend.assistant` on every run) notices a change of league, scoring or team and
leaves a notice that `take_league_notice` shows once, on the page where it happened.
"""
from __future__ import annotations

import streamlit as st


def league_line(built) -> str:
    """Which league and team the pages show: "Courtside Demo League · points · Team Alpha (You)"."""
    try:
        info = built.source.info()
    except Exception:  # noqa: BLE001 - boundary: a league that cannot describe itself is named by its id
        return f"{built.league_kind} league · team {built.team_id}"
    team = next((t.name for t in info.teams if t.team_id == built.team_id), f"team {built.team_id}")
    return f"{info.name} · {built.scoring()} · {team}"


def first_screen_line(built) -> str:
    """The first screen's line: which league, scoring and team, and the league clock's day
    ("Courtside Demo League · points · Team Alpha · as of Wed Jan 29, 2025")."""
    clock = getattr(built, "as_of", None)
    return f"{league_line(built)} · as of {clock:%a %b %-d, %Y}" if clock else league_line(built)


def announce_league(built) -> None:
    """A change of league (scoring, team, connected league) is said once, where it happened."""
    ss = st.session_state
    espn = ss["settings_espn_league_id"] if built.league_kind == "espn" else ""  # the clock's day is not a change
    shown = (built.league_kind, espn, built.scoring(), built.team_id)
    if ss["league_shown"] is not None and ss["league_shown"][:4] != shown:
        ss["league_notice"] = (f"Now showing {league_line(built)}, as of {built.as_of:%a %b %-d, %Y}. "
                               "A conversation keeps the league it began in; a new chat starts in this one.")
    ss["league_shown"] = shown


def take_league_notice() -> str | None:
    return st.session_state.pop("league_notice", None) or None
