"""The Streamlit UI: `views/` holds one thin script per page, `components/` the shared drawing code.

Why page scripts live in `pages/views/` and not directly in `pages/`: Streamlit treats `*.py` files
at the top of a `pages/` folder next to `app.py` as legacy (v1) multipage scripts on the first run
of a process and on every AppTest run, which bypasses `st.navigation`. Only `__init__.py` is
allowed at this level, so `app.py` stays the one place that declares the pages.
"""
