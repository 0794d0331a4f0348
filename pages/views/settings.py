"""Settings: provider and model, the session's API key, the as-of date, scoring and league."""
import datetime as dt

import streamlit as st

from pages.components import backend
from pages.components.settings_form import kept, secret

ss = st.session_state
assistant = backend.assistant()

st.title("Settings")
st.badge(assistant.provider_label, icon=":material/smart_toy:",
         color="gray" if "Offline" in assistant.provider_label else "green")
if "Offline" in assistant.provider_label:
    st.caption("No model key is configured, so the offline planner answers: deterministic plans over the "
               "same tools, no network.")

st.subheader("Model")
providers = list(backend.PROVIDERS)
if ss["settings_provider"] not in providers:
    ss["settings_provider"] = "auto"
kept(st.selectbox, "Provider", "settings_provider", options=providers,
     index=providers.index(ss["settings_provider"]), format_func=backend.PROVIDERS.get)
models = backend.MODELS.get(ss["settings_provider"], [])
if models:
    current = ss["settings_model"] if ss["settings_model"] in models else None
    kept(st.selectbox, "Model", "settings_model", options=models, index=models.index(current) if current else None,
         placeholder="the configured default")
    if not backend.supports("model"):
        st.caption("This runtime takes the model from its configuration (COURTSIDE_GEMINI_MODEL / "
                   "COURTSIDE_OLLAMA_MODEL); the choice here is kept for when it accepts one.")
secret("Gemini API key", backend.SECRET_KEY, help="Kept in this browser session only; never shown or logged.")
if ss[backend.SECRET_KEY] and not backend.supports("api_key"):
    st.caption("This runtime reads the key from GOOGLE_API_KEY at start-up; the session key is held but "
               "not passed on.")

st.subheader("League")
kept(st.date_input, "As-of date (the league clock)", "settings_as_of",
     min_value=dt.date(2024, 10, 22), max_value=dt.date(2025, 4, 13))
scorings = ["points", "categories"]
kept(st.radio, "Scoring (demo league)", "settings_scoring", options=scorings,
     index=scorings.index(ss["settings_scoring"]), horizontal=True)
leagues = ["demo", "espn"]
kept(st.radio, "League", "settings_league", options=leagues, index=leagues.index(ss["settings_league"]),
     horizontal=True, format_func={"demo": "Demo league (real 2024-25 box scores)", "espn": "ESPN league"}.get)
if ss["settings_league"] == "espn":
    kept(st.text_input, "ESPN league id", "settings_espn_league_id")
    secret("espn_s2 cookie", "_secret_espn_s2")
    secret("SWID cookie", "_secret_espn_swid")
    if not backend.supports("espn_league_id"):
        st.info("This runtime opens ESPN leagues from its configuration (COURTSIDE_LEAGUE=espn, "
                "COURTSIDE_ESPN_LEAGUE_ID, COURTSIDE_ESPN_S2, COURTSIDE_ESPN_SWID); the demo league stays "
                "active here.")
st.caption("Changing these opens the matching assistant (cached once per process and setting).")
