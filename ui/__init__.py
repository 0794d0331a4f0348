"""The Streamlit UI: `views/` holds one thin script per page, `components/` the shared drawing code.

Why this folder is `ui/` and not `pages/`: Streamlit treats a `pages/` folder next to `app.py` as a
legacy (v1) multipage app on the first session of each server process (`PagesManager.uses_pages_directory`
is set from that folder's existence before any `st.navigation` call), so that session resolved the
URL's page against a one-page v1 app and showed "Page not found" over /signals, /audit or any page
opened by its URL (issue #38). `app.py` is the one place that declares the pages (`st.navigation`).
"""
