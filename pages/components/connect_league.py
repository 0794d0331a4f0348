"""Settings: "Connect your ESPN league" (issue #37 item 5), its own component.

League id, season and, for a private league, the espn_s2 and SWID cookies. Saving checks the
league with one read (`door.threads.connect_espn`): a failure is one line (a private league
without cookies, a wrong id, no network) and changes nothing. A connected league is kept in the
state store under the signed-in identity, cookies included; they are never shown again (the form
says only that they are stored) and never logged. Connecting switches the session to that league.
"""
from __future__ import annotations

import streamlit as st
from pydantic import SecretStr

ss = st.session_state


def connect_league(owner: str) -> None:
    """Draws the form and, on save, checks and connects the league for `owner`."""
    from agents import door
    from pages.components import backend

    st.subheader("Connect your ESPN league")
    if ss.get("connect_espn_flash"):
        st.success(ss.pop("connect_espn_flash"), icon=":material/check_circle:")
    held = door.threads.espn_connection(owner)
    if held is not None:
        cookies = "private: cookies stored, not shown" if held.espn_s2 else "public"
        st.caption(f"Connected: {held.name} (league {held.league_id}, season {held.season}; {cookies}).")
    with st.form("connect_espn", clear_on_submit=True):
        league_id = st.text_input("League id", value=str(held.league_id) if held else "",
                                  placeholder="the leagueId in the league's URL")
        season = st.number_input("Season", min_value=2019, max_value=2100, step=1,
                                 value=int(held.season) if held else int(ss.get("settings_espn_season") or 2025))
        s2 = st.text_input("espn_s2 cookie (private leagues)", type="password")
        swid = st.text_input("SWID cookie (private leagues)", type="password")
        saved = st.form_submit_button("Connect")
    if not saved:
        return
    s2_secret = SecretStr(s2.strip()) if s2.strip() else (held.espn_s2 if held and not swid.strip() else None)
    swid_secret = SecretStr(swid.strip()) if swid.strip() else (held.swid if held and not s2.strip() else None)
    try:
        found = door.threads.connect_espn(owner, league_id, int(season), s2_secret, swid_secret)
    except door.ServiceError as e:
        st.error(str(e).splitlines()[0], icon=":material/error:")
        return
    ss["settings_league"], ss["settings_espn_league_id"] = "espn", str(found.league_id)
    ss["settings_espn_season"] = int(found.season)
    ss["_secret_espn_s2"], ss["_secret_espn_swid"] = s2_secret, swid_secret
    backend.settings_changed()
    ss["connect_espn_flash"] = (f"Connected {found.name}: {found.scoring} scoring, {len(found.teams)} teams. "
                                "The chat now answers from it.")
    st.rerun()
