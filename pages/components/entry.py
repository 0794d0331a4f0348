"""The first line of every page script: a page run without app.py around it runs app.py instead.

Streamlit runs the first session of each server process as a legacy (v1) multipage app of the
`pages/` folder beside app.py (`PagesManager.uses_pages_directory`, set from the folder's existence
when that session starts; `st.navigation` clears it for the process). In that session a page opened
by its URL (/signals) is run as a bare script: no page config, no sidebar, no `st.navigation`.
`through_app()` notices (the flag is still set: app.py's `st.navigation` has not run in this run),
runs app.py, which declares the pages, draws the sidebar and runs this page inside the app, then
ends the bare run. Under app.py (every later run) and in AppTest of a page file it does nothing.
"""
from __future__ import annotations

import runpy
from pathlib import Path

import streamlit as st

APP = Path(__file__).resolve().parents[2] / "app.py"


def bare_run() -> bool:
    """Whether this page script runs as a v1 page, outside app.py's `st.navigation`."""
    from streamlit.runtime.pages_manager import PagesManager

    return bool(PagesManager.uses_pages_directory)


def through_app() -> None:
    if not bare_run():
        return
    runpy.run_path(str(APP), run_name="__main__")  # the app, with this page inside it
    st.stop()  # the bare run ends here: the page was drawn once, inside the app
