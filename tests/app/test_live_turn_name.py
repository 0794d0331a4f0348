"""A question sent right after a thread's first answer must not be dropped.

Streamlit names a fragment by where on the page it is called, and the browser sends a question
to the chat fragment by that name. The chat page's live turn was called after the drawn turns,
so the full run that follows a thread's first answer (it lists the thread in the sidebar) named it
anew; a question sent before the browser had the new name found no fragment ("Couldn't find
fragment with id ..." in the server log): the input emptied and nothing answered. Seen in
headless Chromium under load (`test_the_users_own_move_card_is_drawn_live` timing out); here the
names are read where Streamlit makes them, so the check does not depend on timing."""
from __future__ import annotations

import pytest

from tests.app.conftest import ask


@pytest.fixture
def live_turn_names(monkeypatch):
    """Every name Streamlit gives the chat page's `live_turn` fragment, in call order."""
    from streamlit.runtime import fragment

    names: list[str] = []
    make = fragment._make_fragment_identity

    def recording(func, *, delta_path, additional_hash_info):
        identity = make(func, delta_path=delta_path, additional_hash_info=additional_hash_info)
        if getattr(func, "__name__", "") == "live_turn":
            names.append(identity.fragment_id)
        return identity

    monkeypatch.setattr(fragment, "_make_fragment_identity", recording)
    return names


def test_the_live_turn_keeps_its_name_across_the_first_answers_full_run(app, live_turn_names):
    at = app()
    assert len(live_turn_names) == 1  # the page's first run names it
    at = ask(at, "How has Tyler Herro played lately?")
    assert not at.exception
    assert any("Tyler Herro" in m.markdown[0].value for m in at.chat_message if m.markdown), "the turn was answered"
    at = ask(at, "Who should I pick up?")  # a later turn: its full runs draw more turns above
    assert not at.exception
    assert len(live_turn_names) >= 3
    assert set(live_turn_names) == {live_turn_names[0]}, live_turn_names
