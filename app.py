"""Courtside: page setup, navigation and the sidebar (provider badge, new chat, recent threads).

Run with `streamlit run app.py`. Pages are thin scripts in `pages/`; they reach the agents
only through `pages.components.backend`, which holds the cached assistant (one compiled graph and
database connection per process).
"""
from pathlib import Path

import streamlit as st

from pages.components import backend, labels, league_notice, ownership
from pages.components import cards as card_ui

ICON = str(Path(__file__).with_name("assets") / "courtside-icon.png")  # served by the app: no request leaves the machine

st.set_page_config(page_title="Courtside", page_icon=ICON, layout="wide")
backend.init_session()
card_ui.begin_render()  # one league-clock instant for every card this run draws
if problem := backend.settings_problem():  # a bad setting: say which, instead of a traceback
    st.error(f"Courtside cannot start: {problem}", icon=":material/error:")
    st.caption("Fix the variable (environment or .env) and restart the app.")
    st.stop()


def _chat_by_its_name() -> None:
    """/chat, typed or linked: the chat is the default page, which Streamlit serves at the app's root
    only (a default page's URL pathname is ""), so /chat opens it there, with the link's thread."""
    st.switch_page(PAGES[0], query_params=st.query_params.to_dict())


PAGES = [  # the chat reserves no name (url_path ""), so its hidden alias below can hold "chat"
    st.Page("pages/chat.py", title="Chat", icon=":material/chat:", url_path="", default=True),
    st.Page("pages/approvals.py", title="Approvals", icon=":material/task_alt:", url_path="approvals"),
    st.Page("pages/league.py", title="League", icon=":material/groups:", url_path="league"),
    st.Page("pages/players.py", title="Players", icon=":material/leaderboard:", url_path="players"),
    st.Page("pages/trade.py", title="Trade", icon=":material/swap_horiz:", url_path="trade"),
    st.Page("pages/signals.py", title="Signals", icon=":material/insights:", url_path="signals"),
    st.Page("pages/desk.py", title="Desk", icon=":material/casino:", url_path="desk"),
    st.Page("pages/audit.py", title="Audit", icon=":material/fact_check:", url_path="audit"),
    st.Page("pages/arena.py", title="Arena", icon=":material/monitoring:", url_path="arena"),
    st.Page("pages/settings.py", title="Settings", icon=":material/settings:", url_path="settings"),
]
page = st.navigation([*PAGES, st.Page(_chat_by_its_name, title="Chat", url_path="chat", visibility="hidden")])

thread = backend.current_thread()  # first: opening a thread puts back the settings it was started in
assistant = backend.assistant()

with st.sidebar:
    st.badge(assistant.provider_label, icon=":material/smart_toy:",
             color="gray" if "Offline" in assistant.provider_label else "green")
    st.caption(f":material/groups: {league_notice.league_line(assistant)}")  # which league and team every page shows
    clock = getattr(assistant, "as_of", None)  # the session's one league clock (the desk and the pod read it)
    st.caption(f"League clock: {clock:%a %b %-d, %Y}" if clock else "League clock: -")
    st.caption(labels.league_line(assistant))  # which league and team the user is looking at
    if st.button("New chat", key="app_new_chat", icon=":material/add:", width="stretch"):
        backend.start_new_chat()
        st.switch_page(PAGES[0])
    st.markdown("**Recent chats**")
    threads = ownership.my_threads(assistant, limit=12)  # this identity's, each with its league
    if not threads:
        st.caption("No conversations yet.")
    for t, (label, tip) in zip(threads, labels.thread_labels(threads), strict=True):
        current = t.thread_id == thread
        if st.button(label, key=f"app_thread_{t.thread_id}", width="stretch", help=tip,
                     icon=":material/chevron_right:" if current else None,
                     type="secondary" if current else "tertiary"):
            backend.open_thread(t.thread_id)
            st.switch_page(PAGES[0])

if notice := league_notice.take_league_notice():  # a league change, said on the page where it happened
    st.toast(notice, icon=":material/swap_horiz:")
    st.info(notice, icon=":material/swap_horiz:")
page.run()
