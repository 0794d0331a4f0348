"""The chat turn draws a clarifying question's choices as buttons, and a click sends the choice as
the next message (the chat page reads `chat_prompt`)."""
from __future__ import annotations

from streamlit.testing.v1 import AppTest


def draw_clarify():
    import streamlit as st

    from pages.components import backend
    from pages.components.turn import TurnView

    backend.init_session()
    view = TurnView("t-clarify", "clar")
    view.consume([
        {"type": "intent", "intent": "general_advice"},
        {"type": "clarify", "choices": ["Is Tari Eason worth adding?", "Should I hold Tari Eason or stream his spot?"],
         "understood": True},
        {"type": "answer", "text": "I'm not sure what you're after with Tari Eason. Did you mean one of these?"},
        {"type": "done", "result": {"answer": "I'm not sure what you're after with Tari Eason."}},
    ])
    st.write(f"prompt={st.session_state.get('chat_prompt')}")


def draw_unknown():
    from pages.components import backend
    from pages.components.turn import TurnView

    from agents.core.intents import EXAMPLE_QUESTIONS

    backend.init_session()
    TurnView("t-unk", "unk").consume([
        {"type": "clarify", "choices": EXAMPLE_QUESTIONS, "understood": False},
        {"type": "answer", "text": "I didn't follow that."},
        {"type": "done", "result": {"answer": "I didn't follow that."}},
    ])


def test_choices_are_buttons_and_a_click_sends_the_choice():
    """Catches: choices only in the prose (nothing to click), or a click that sends nothing."""
    at = AppTest.from_function(draw_clarify, default_timeout=30).run()
    assert not at.exception
    labels = [b.label for b in at.button]
    assert labels == ["Is Tari Eason worth adding?", "Should I hold Tari Eason or stream his spot?"]
    at.button[1].click().run()
    assert at.session_state["chat_prompt"] == "Should I hold Tari Eason or stream his spot?"
    assert "prompt=Should I hold Tari Eason or stream his spot?" in [m.value for m in at.markdown]


def test_not_understood_offers_the_three_example_questions():
    from agents.core.intents import EXAMPLE_QUESTIONS

    at = AppTest.from_function(draw_unknown, default_timeout=30).run()
    assert not at.exception
    assert [b.label for b in at.button] == EXAMPLE_QUESTIONS
