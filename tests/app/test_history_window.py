"""A long thread draws its latest turns, older ones behind "Show earlier turns" (issue 10, the chat
left open all evening): every drawn element is re-rendered by the browser on each rerun, so the
page keeps `RECENT_TURNS` turns in it and the first step of a new question stays quick."""
from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from agents.door import HistoryTurn
from pages.components.history_window import RECENT_TURNS, first_shown, hidden_turns
from tests.app.conftest import APP, TIMEOUT

QUESTIONS = ["Is Joel Embiid playing?", "How has Nikola Jokic played over his last 5 games?",
             "Any news on LeBron James?", "What is my schedule this week?"]


def _seed(thread: str, turns: int) -> list[str]:
    from agents.core.runtime import get_assistant

    assistant = get_assistant("offline")
    asked = [f"{QUESTIONS[i % len(QUESTIONS)]} ({i + 1})" for i in range(turns)]
    for q in asked:
        assert not assistant.ask(q, thread)["pending_approvals"]
    return asked


def _questions(at: AppTest) -> list[str]:
    """The questions as the user sees them (a user's message is markdown with every mark escaped)."""
    return [re.sub(r"\\(.)", r"\1", m.markdown[0].value) for m in at.chat_message if m.name == "user"]


def test_first_shown_opens_the_recent_turns():
    msgs = [HistoryTurn(role=r) for _ in range(4) for r in ("user", "assistant")]  # 4 turns, 8 messages
    assert first_shown(msgs, False, recent=3) == 2 and hidden_turns(msgs, 2) == 1
    assert first_shown(msgs, True, recent=3) == 0 and first_shown(msgs, False, recent=4) == 0
    assert first_shown([], False) == 0


def test_a_long_thread_shows_its_latest_turns_and_the_rest_on_demand(fresh_state):
    turns = RECENT_TURNS + 2
    asked = _seed("t-long", turns)
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["thread"] = "t-long"
    at.run()
    assert not at.exception
    assert _questions(at) == asked[-RECENT_TURNS:]  # the latest turns, in order, each with its answer
    assert len(at.chat_message) == 2 * RECENT_TURNS
    more = at.button(key="chat_earlier")
    assert more.label == "Show 2 earlier turns"

    more.click().run()
    assert not at.exception
    assert _questions(at) == asked and len(at.chat_message) == 2 * turns
    assert not [b for b in at.button if b.key == "chat_earlier"]

    at.chat_input[0].set_value("Is Joel Embiid playing?").run()  # a new turn: the thread stays in full
    assert not at.exception
    assert _questions(at) == [*asked, "Is Joel Embiid playing?"]


def test_a_short_thread_has_no_button(fresh_state):
    asked = _seed("t-short", 2)
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["thread"] = "t-short"
    at.run()
    assert _questions(at) == asked
    assert not [b for b in at.button if b.key == "chat_earlier"]
