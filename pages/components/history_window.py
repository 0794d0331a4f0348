"""Which past turns the chat draws: the latest few, the older ones behind a button.

Every element on the page is re-rendered by the browser on each rerun, fragment reruns included
(the run state reaches every element; markdown is parsed again), so the time from Enter to the
first step of a new turn grows with the number of past turns in the page. Drawing the latest
`RECENT_TURNS` keeps it flat however long the evening's chat; "Show earlier turns" draws all.
"""
from __future__ import annotations

import streamlit as st

from agents.door import HistoryTurn

RECENT_TURNS = 10
KEY = "chat_all_turns"  # threads this session shows in full (a tuple, replaced, never mutated)


def first_shown(messages: list[HistoryTurn], show_all: bool, recent: int = RECENT_TURNS) -> int:
    """Index of the first message to draw: the question that opens the `recent`-th latest turn."""
    asked = [i for i, m in enumerate(messages) if m.role == "user"]
    if show_all or len(asked) <= recent:
        return 0
    return asked[-recent]


def hidden_turns(messages: list[HistoryTurn], start: int) -> int:
    return sum(m.role == "user" for m in messages[:start])


def _show_all(thread: str) -> None:
    st.session_state[KEY] = (*st.session_state[KEY], thread)


def start_index(thread: str, messages: list[HistoryTurn]) -> int:
    """Draws the "Show earlier turns" button when turns are left out; returns where drawing starts."""
    start = first_shown(messages, thread in st.session_state[KEY])
    n = hidden_turns(messages, start)
    if n:
        st.button(f"Show {n} earlier turn{'s' * (n != 1)}", key="chat_earlier", icon=":material/history:",
                  on_click=_show_all, args=(thread,), type="tertiary")
    return start
