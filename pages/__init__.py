"""The Streamlit UI: one thin script per page here (`chat.py`, `signals.py`, ...), the shared drawing
code in `components/`. `app.py` declares the pages (`st.navigation`) and draws the sidebar.

Why each page script opens with `entry.through_app()`: Streamlit runs the first session of every
server process as a legacy (v1) multipage app of this folder (`PagesManager.uses_pages_directory`
is set from a `pages/` folder beside app.py before any `st.navigation` call). A page opened by its
URL then runs its script directly, without app.py: `through_app()` runs app.py in its place (which
switches the process to `st.navigation` and runs the page inside the app). With page scripts
elsewhere, that first session found no page for /signals or /audit and showed "Page not found"
(issue #38; tests/app/test_chat_edit_browser.py opens every page by its URL on a fresh server).
"""
