"""The advice mode ("this week only") is a setting like the others (issue 10): saved for the browser
session (a reload with the same `?session=` comes back to it) and bound to a thread at its first
turn (reopening the thread puts it back; changing it in a bound thread starts a new chat)."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from agents.core import threads
from tests.app.conftest import APP, OPTIMIZE, TIMEOUT


def _this_week(thread: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["thread"] = thread
    at.run()
    at.switch_page("pages/settings.py").run()
    at.radio(key="settings_w_advice_mode").set_value("this_week").run()
    assert not at.exception
    assert at.session_state["settings_advice_mode"] == "this_week"
    return at


def test_this_week_mode_survives_a_reload_of_the_same_browser_session(fresh_state):
    at = _this_week("t-mode-reload")
    reload = AppTest.from_file(APP, default_timeout=TIMEOUT)  # a reload: a new session, the same URL
    reload.query_params["session"] = at.session_state["session_id"]
    reload.switch_page("pages/settings.py").run()
    assert not reload.exception
    assert reload.session_state["settings_advice_mode"] == "this_week"
    assert reload.radio(key="settings_w_advice_mode").value == "this_week"
    assert any("advice: this week only" in c.value for c in reload.caption)  # the assistant opened with it
    other = AppTest.from_file(APP, default_timeout=TIMEOUT).run()  # another browser session: the default
    assert other.session_state["settings_advice_mode"] == "balanced"


def test_the_reloaded_session_answers_in_this_week_mode(fresh_state):
    at = _this_week("t-mode-answer")
    reload = AppTest.from_file(APP, default_timeout=TIMEOUT)
    reload.query_params["session"] = at.session_state["session_id"]
    reload.run()
    reload.chat_input[0].set_value(OPTIMIZE).run()
    assert not reload.exception
    assert any("Mode: this week only (streaming)" in m.value for m in reload.markdown)


def test_a_thread_keeps_the_mode_it_was_started_in(fresh_state):
    at = _this_week("t-mode-bound")
    at.switch_page("pages/chat.py").run()
    at.chat_input[0].set_value("How has Nikola Jokic played over his last 5 games?").run()
    assert not at.exception
    thread = at.session_state["thread_id"]
    assert threads.binding(thread).choice.advice_mode == "this_week"

    fresh = AppTest.from_file(APP, default_timeout=TIMEOUT)  # a new browser session: balanced by default
    fresh.query_params["thread"] = thread
    fresh.run()
    assert not fresh.exception
    assert fresh.session_state["settings_advice_mode"] == "this_week"  # restored from the thread

    # back to balanced inside the bound thread: a new chat starts, the old thread keeps its mode
    fresh.switch_page("pages/settings.py").run()
    fresh.radio(key="settings_w_advice_mode").set_value("balanced").run()
    assert not fresh.exception
    assert fresh.session_state["thread_id"] != thread
    assert threads.binding(thread).choice.advice_mode == "this_week"
