"""The punt set on the Settings page applies to the chat (issue #25 item 1): AppTest of the real
pages. The multiselect shows in a categories league only; the chat's free-agent list is then
ranked without the punted category, and saying "stop punting" in the chat changes that thread."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest

from tests.app.conftest import APP, TIMEOUT


def _categories_settings() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT).run()
    at.switch_page("pages/settings.py").run()
    assert not [m for m in at.multiselect if m.key == "settings_w_punt"]  # points league: no punt to set
    at.radio(key="settings_w_scoring").set_value("categories").run()
    assert not at.exception
    return at


def test_the_settings_punt_reaches_the_chat(fresh_state):
    """Catches: a Settings punt that is kept in the session but never reaches the assistant."""
    at = _categories_settings()
    at.multiselect(key="settings_w_punt").set_value(["FT%"]).run()
    assert not at.exception
    assert at.session_state["settings_punt"] == ["FT%"]
    assert any("punting FT%" in c.value for c in at.caption)  # the assistant opened with it
    at.switch_page("pages/chat.py").run()
    at.chat_input[0].set_value("who should I pick up this week?").run()
    assert not at.exception
    shown = "\n".join(m.value for m in at.markdown)
    assert "Top free agents punting FT%" in shown
    at.chat_input[0].set_value("stop punting FT%, who should I add?").run()
    assert not at.exception
    latest = at.markdown[-1].value if at.markdown else ""
    shown_after = "\n".join(m.value for m in at.markdown)
    assert shown_after.count("Top free agents punting FT%") == shown.count("Top free agents punting FT%"), latest
