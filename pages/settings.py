"""Settings: provider and model, the session's API key, the as-of date, scoring and league.

Every choice here is passed to the runtime explicitly (it wins over the environment) and opens the
matching assistant; a choice that cannot be opened is refused with its reason and undone.
"""
import datetime as dt

import streamlit as st

from pages.components import backend, session_keys
from pages.components.settings_form import kept, secret
from pages.components.entry import through_app

through_app()  # opened by its URL in a process's first session: the page runs inside app.py

ss = st.session_state
assistant = backend.assistant()

st.title("Settings")
st.badge(assistant.provider_label, icon=":material/smart_toy:",
         color="gray" if "Offline" in assistant.provider_label else "green")
if backend.settings_error():
    st.error(backend.settings_error(), icon=":material/error:")
if "Offline" in assistant.provider_label:
    st.caption("No model key is configured, so the offline planner answers: deterministic plans over the "
               "same tools, no network.")

st.subheader("Model")
secret("Gemini API key", session_keys.SECRET_KEY, help="Kept in this browser session only; never shown or logged.")
providers = list(session_keys.PROVIDERS)
if ss["settings_provider"] not in providers:
    ss["settings_provider"] = "auto"
kept(st.selectbox, "Provider", "settings_provider", options=providers,
     index=providers.index(ss["settings_provider"]), format_func=session_keys.PROVIDERS.get)
models = session_keys.MODELS.get(ss["settings_provider"], [])
if models:
    current = ss["settings_model"] if ss["settings_model"] in models else None
    kept(st.selectbox, "Model", "settings_model", options=models, index=models.index(current) if current else None,
         placeholder="the configured default")

st.subheader("League")
leagues = ["demo", "espn"]
kept(st.radio, "League source", "settings_league", options=leagues, index=leagues.index(ss["settings_league"]),
     horizontal=True, label_visibility="collapsed", format_func={"demo": "Demo league (real 2024-25 box scores)", "espn": "ESPN league"}.get)
if ss["settings_league"] == "espn":
    from pages.components.connect_league import connect_league
    from pages.components.session import identity

    connect_league(identity())  # check on save, cookies into the state store (pages/components/connect_league.py)
    if not ss["settings_espn_league_id"].strip():
        st.info("Connect a league above to switch; the demo league stays active until then.")
    with st.expander("Set the league for this session only (not checked, cookies not saved)"):
        kept(st.text_input, "ESPN league id", "settings_espn_league_id", placeholder="the leagueId in the league's URL")
        kept(st.number_input, "ESPN season", "settings_espn_season", value=ss["settings_espn_season"],
             min_value=2019, max_value=2030, step=1)
        secret("espn_s2 cookie", "_secret_espn_s2", help="Only for a private league.")
        secret("SWID cookie", "_secret_espn_swid", help="Only for a private league.")
    st.caption("An ESPN league runs on today's date with its own scoring; it is read when you switch to it.")
else:
    first, last = backend.as_of_range()  # only dates the data supports
    kept(st.date_input, "As-of date (the league clock)", "settings_as_of", min_value=first, max_value=last,
         help=f"The box scores run to {last - dt.timedelta(days=1)}; the league clock can stand on any day from "
              f"{first} to {last}.")
    scorings = ["points", "categories"]
    kept(st.radio, "Scoring (demo league)", "settings_scoring", options=scorings,
         index=scorings.index(ss["settings_scoring"]), horizontal=True)
    modes = ["balanced", "this_week"]
    kept(st.radio, "Move advice", "settings_advice_mode", options=modes,
         index=modes.index(ss["settings_advice_mode"]), horizontal=True,
         format_func={"balanced": "Balanced: this week and the rest of the season",
                      "this_week": "This week only (streaming)"}.get,
         help="Balanced never offers a move that lowers your rest-of-season value; streaming ranks by "
              "this week's gain only. Stars are protected in both.")
if assistant.scoring() == "categories":
    cats = ["FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS"]
    kept(st.multiselect, "Punted categories", "settings_punt", options=cats,
         default=[c for c in ss["settings_punt"] if c in cats], max_selections=8,
         help="Categories you give up on: left out of rankings, free agents, the optimizer's moves and the "
              "card reasons. The chat starts from this punt; saying \"I'm punting FT%\" or \"stop punting FT%\" "
              "changes it for that conversation.")
teams = {t.team_id: f"{t.name} ({t.manager})" for t in assistant.source.info().teams}
team_now = ss["settings_team"] if ss["settings_team"] in teams else assistant.team_id
kept(st.selectbox, "Your team (the one you manage)", "settings_team", options=list(teams),
     index=list(teams).index(team_now) if team_now in teams else 0, format_func=teams.get,
     help="Rosters, matchups, cards and moves are this team's. A conversation keeps the team it began with.")
advice = {"this_week": "this week only"}.get(assistant.source.advice_mode, "balanced")
scoring_now = assistant.scoring()
st.caption(f"Active: {assistant.provider_label} · {assistant.league_kind} league"
           f"{f' · {scoring_now} scoring' if scoring_now else ''} · team {assistant.team_id} · as of {assistant.as_of} · "
           f"advice: {advice}"
           f"{' · punting ' + ', '.join(assistant.source.punt) if assistant.source.punt else ''}. "
           "Changing these opens the matching assistant (cached once per process and setting).")
