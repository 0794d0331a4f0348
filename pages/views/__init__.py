"""Page scripts run by `st.navigation` (see `app.py`)."""
