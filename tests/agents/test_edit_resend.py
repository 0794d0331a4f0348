"""Edit and resend replaces the thread's last turn (agents/core/edit.py), driven by a scripted model.

The broken version (Edit put the question back in the composer and sending it added a turn): the
thread kept both questions and both answers, the replaced review's three cards stayed pending (in
the chat and in Approvals), and the model read the replaced question again with the edited one.
"""
from __future__ import annotations

from langchain_core.messages import HumanMessage

from agents.core.intents import IntentLabel
from services.store.state import state_store
from tests.agents.scripted import ScriptedChatModel

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
EDITED = "Should I rest Joel Embiid on Thursday?"
ANSWER = "Rest him on Thursday: the back-to-back costs more than the one game brings."


def _assistant(fresh_state):
    from agents.core.runtime import Assistant

    model = ScriptedChatModel([], label=IntentLabel(intent="lineup_optimization", wants_moves=True))
    return Assistant(model=model), model


def test_the_edited_question_replaces_the_last_turn_and_its_cards(fresh_state):
    a, model = _assistant(fresh_state)
    first = a.ask(REVIEW, "ed1")
    assert 1 <= len(first["pending_approvals"]) <= 3 and model.calls == 0  # the optimizer's cards, no model call
    model.tape.label, model.tape.turns = "general_advice", [ANSWER]
    result = [e for e in a.stream_turn(EDITED, "ed1", replace_last=True) if e["type"] == "done"][-1]["result"]
    assert result["error"] is None and result["answer"] == ANSWER
    assert [(t["role"], t["content"]) for t in a.history("ed1")] == [("user", EDITED), ("assistant", ANSWER)]
    assert a.pending_approvals("ed1") == []
    assert not [c for c in a.all_pending() if c.get("thread_id") == "ed1"]
    asked = [m.content for m in model.tape.seen[-1]["messages"] if isinstance(m, HumanMessage)]
    assert REVIEW not in asked and EDITED in asked  # the model never saw the replaced question
    assert [r["question"] for r in state_store().turns("ed1")] == [EDITED]
    kept = state_store().turns("ed1", replaced=True)  # the audit keeps the replaced turn, marked
    assert [(r["question"], bool(r.get("replaced"))) for r in kept] == [(EDITED, False), (REVIEW, True)]


def test_a_second_turn_edited_keeps_the_first_and_its_waiting_cards(fresh_state):
    a, model = _assistant(fresh_state)
    cards = a.ask(REVIEW, "ed2")["pending_approvals"]
    model.tape.label, model.tape.turns = "general_advice", ["First answer.", ANSWER]
    a.ask("Is Joel Embiid playing?", "ed2")
    out = [e for e in a.stream_turn(EDITED, "ed2", replace_last=True) if e["type"] == "done"][-1]["result"]
    assert out["answer"] == ANSWER
    assert [t["content"] for t in a.history("ed2") if t["role"] == "user"] == [REVIEW, EDITED]
    assert {c["move_id"] for c in a.pending_approvals("ed2")} == {c["move_id"] for c in cards}  # still decidable


def test_a_question_a_decision_came_after_is_not_replaced(fresh_state):
    a, model = _assistant(fresh_state)
    card = a.ask(REVIEW, "ed3")["pending_approvals"][0]
    a.resume("ed3", "approve", card["move_id"])
    before = a.history("ed3")
    out = [e for e in a.stream_turn(EDITED, "ed3", replace_last=True) if e["type"] == "done"][-1]["result"]
    assert out["refused"] and out["error"].startswith("A card was decided after your last question")
    assert a.history("ed3") == before and model.calls == 0
