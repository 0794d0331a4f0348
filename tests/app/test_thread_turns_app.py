"""The chat as a conversation (issue #18 §2, §5) in AppTest: a question asked while cards wait is
answered and the cards stay decidable on the page; the team picked in Settings is the team whose
cards the chat offers.

Each fails on the code before: the input was disabled while a card waited (and a queued question
was "Not sent"), and the demo league always gave team 1's cards whatever the manager's team.
"""
from __future__ import annotations

from tests.app.conftest import OPTIMIZE, ask, rendered_text

SETTINGS = "pages/settings.py"
RESEARCH = "How has Tyrese Haliburton played lately?"


def approve_buttons(at) -> list:
    return [b for b in at.button if b.label == "Approve"]


def test_a_question_while_cards_wait_is_answered_and_the_cards_stay_on_the_page(app):
    at = ask(app("t-defer"), OPTIMIZE)
    from agents.core.runtime import get_assistant

    cards = get_assistant().pending_approvals("t-defer")
    assert cards and len(approve_buttons(at)) == len(cards)
    assert at.chat_input[0].disabled is False
    at = ask(at, RESEARCH)
    assert not at.exception
    assert not any("Not sent" in i.value for i in at.info)
    assert any("Haliburton" in m.value and "fantasy pts per game" in m.value for m in at.markdown)
    # the same cards, still decidable where they were offered
    assert len(approve_buttons(at)) == len(cards)
    assert [c["move_id"] for c in get_assistant().pending_approvals("t-defer")] == [c["move_id"] for c in cards]
    approve_buttons(at)[0].click()
    at.run()
    assert not at.exception
    assert any(s.value.startswith("Approved.") for s in at.success)
    moves = get_assistant().transactions()
    assert [m["move_id"] for m in moves] == [cards[0]["move_id"]]
    assert get_assistant().pending_approvals("t-defer") == []


def test_the_team_chosen_in_settings_gets_its_own_cards(app):
    at = app("t-team")
    at.switch_page(SETTINGS).run()
    box = at.selectbox(key="settings_w_team")
    assert box.value == 1 and len(box.options) == 10
    box.select(4).run()
    assert not at.exception and "team 4" in rendered_text(at)
    at.switch_page("pages/chat.py").run()
    at = ask(at, OPTIMIZE)
    assert not at.exception
    from agents.core import runtime, threads

    a = runtime.get_assistant(team=4)  # over the same home: the same checkpoints and store
    cards = a.pending_approvals(at.session_state["thread_id"])
    assert cards and {c["team_id"] for c in cards} == {4}
    lg = a.source.league
    assert all(c["drop_id"] in lg.rosters()[4] and c["drop_id"] not in lg.rosters()[1] for c in cards)
    assert threads.binding(at.session_state["thread_id"]).choice.team == 4  # bound like its league
    approve_buttons(at)[0].click()
    at.run()
    assert not at.exception
    assert cards[0]["add_id"] in lg.rosters()[4] and cards[0]["add_id"] not in lg.rosters()[1]


def test_a_points_league_category_question_offers_the_category_view_as_a_button(app):
    """Before: the answer told a web user to "ask with --scoring categories". Now a button asks the
    question again in the categories league, whose answer has the category table."""
    at = ask(app("t-cats"), "Which categories am I winning?")
    assert not at.exception
    text = rendered_text(at)
    assert "--scoring" not in text and "no categories to win" in text
    assert [b.label for b in app("t-cats").button].count("Show this matchup by category") == 1  # after a reload too
    [button] = [b for b in at.button if b.label == "Show this matchup by category"]
    button.click()
    at.run()
    assert not at.exception
    assert at.session_state["settings_scoring"] == "categories"
    assert at.session_state["thread_id"] != "t-cats"  # a new chat in the categories league
    answer = "\n".join(m.value for m in at.markdown)
    assert "You trail in" in answer and "| Cat | You | Them |" in answer
    assert not [b for b in at.button if b.label == "Show this matchup by category"]


def test_deferred_cards_are_listed_and_decided_on_the_approvals_page(app):
    """Cards set aside by a new question stay in Approvals and are decided there (before: the new
    question was never sent, so there was nothing to defer)."""
    at = ask(ask(app("t-defer-inbox"), OPTIMIZE), RESEARCH)
    from agents.core.runtime import get_assistant

    cards = get_assistant().pending_approvals("t-defer-inbox")
    assert cards
    at.switch_page("pages/approvals.py").run()
    assert not at.exception
    assert len(approve_buttons(at)) == len(cards)
    approve_buttons(at)[0].click().run()
    assert not at.exception and any(s.value.startswith("Approved.") for s in at.success)
    assert [m["move_id"] for m in get_assistant().transactions()] == [cards[0]["move_id"]]
    assert get_assistant().all_pending() == []
