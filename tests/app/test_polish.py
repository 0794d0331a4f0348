"""Issue 10, section 4: the polish a user notices, one test per bullet (the page icon and fonts
served locally are checked in the browser test, test_browser_session.py)."""
from __future__ import annotations

import datetime as dt
import logging

from streamlit.testing.v1 import AppTest

from agents.door import AuditRecord, Card
from pages.components import audit_rows, labels
from pages.components.safe_text import plain_text
from tests.app.conftest import OPTIMIZE, TIMEOUT, ask


# --- a failed remote model says what failed and what to do, and the server log records it ---------
def draw_a_turn_whose_model_is_down():
    import streamlit as st

    from agents.core.runtime import Assistant
    from pages.components import backend
    from pages.components.turn import TurnView
    from tests.agents.scripted import ScriptedChatModel

    backend.init_session()
    down = ConnectionError("network unreachable")
    model = ScriptedChatModel([down, down, down], label=down)
    assistant = Assistant("scripted", model=model)
    view = TurnView("t-down", "down", model_label="Gemini (gemini-2.5-flash)")
    view.consume(assistant.stream_turn("How has Nikola Jokic played lately?", "t-down"))
    st.write(f"failed={view.failed}")


def test_a_failed_remote_model_says_what_failed_and_what_to_do_and_is_logged(fresh_state, caplog):
    with caplog.at_level(logging.WARNING, logger="courtside.ui"):
        at = AppTest.from_function(draw_a_turn_whose_model_is_down, default_timeout=TIMEOUT).run()
    assert not at.exception
    errors = [e.value for e in at.error]
    assert errors == ["Gemini (gemini-2.5-flash) did not answer: no network or an invalid key; the offline "
                      "planner is still available in Settings."]
    assert not any("avoid a loop" in w.value for w in at.warning)
    logged = [r.getMessage() for r in caplog.records if r.name == "courtside.ui"]
    assert len(logged) == 1 and "t-down" in logged[0] and "Gemini (gemini-2.5-flash) did not answer" in logged[0]


# --- step labels name their arguments ------------------------------------------------------------
def test_step_labels_name_their_arguments_never_raw_values():
    label = labels.step_label("get_free_agents", {"position": "C", "healthy_only": True, "min_games_remaining": 1,
                                                  "limit": 8}, 41.0, True)
    assert label == "Free agents: position C, healthy only, 1+ games left, 8 shown · 41 ms"
    assert "True" not in label
    assert labels.step_label("get_player_game_log", {"name": "Nikola Jokić", "last_n": 10}) == \
        "Game log: Nikola Jokić, last 10 games"
    assert labels.step_label("get_free_agents", {"healthy_only": False, "limit": 10}) == "Free agents: 10 shown"


# --- repeated optimizer passes are numbered ------------------------------------------------------
def draw_two_passes():
    from pages.components import backend
    from pages.components.turn import TurnView

    backend.init_session()
    TurnView("t-passes", "passes").consume([
        {"type": "step", "node": "identify_candidates", "text": "Pass 1", "ms": 3.0},
        {"type": "step", "node": "validate_moves", "text": "Pass 1: no move", "ms": 2.0},
        {"type": "step", "node": "identify_candidates", "text": "Pass 2", "ms": 4.0},
        {"type": "step", "node": "validate_moves", "text": "Pass 2: 2 moves", "ms": 5.0},
        {"type": "step", "node": "compose_lineup", "text": "Lineup", "ms": 6.0},
        {"type": "done", "result": {}}])


def test_repeated_optimizer_passes_are_numbered():
    at = AppTest.from_function(draw_two_passes, default_timeout=30).run()
    assert not at.exception
    assert [s.label for s in at.status] == [
        "Optimizer · Identify candidates · pass 1 · 3 ms", "Optimizer · Validate moves · pass 1 · 2 ms",
        "Optimizer · Identify candidates · pass 2 · 4 ms", "Optimizer · Validate moves · pass 2 · 5 ms",
        "Optimizer · Compose lineup · 6 ms"]


# --- decided cards stay after a refresh, with their outcome; next best never repeats a card ------
def card_titles(at) -> list[str]:
    # "**Drop A -> Add B, +x pts expected this week, +y pts rest of season**" or "**Move A to IR, add B, ...**"
    return [m.value for m in at.markdown if m.value.startswith(("**Drop ", "**Move ")) and " expected" in m.value]


def test_a_decline_offers_the_next_best_without_repeating_a_card_and_a_refresh_keeps_the_outcome(app):
    at = ask(app("t-decline"), OPTIMIZE)
    offered = card_titles(at)
    assert len(offered) == len(set(offered)) >= 2
    first = next(b for b in at.button if b.label == "Decline")
    at = first.click().run()
    assert not at.exception
    shown = card_titles(at)
    assert len(shown) == len(set(shown)) == len(offered)  # the next best is the card already on screen
    assert any(m.value.startswith("Next best: ") or "Next best: " in m.value for m in at.markdown)
    assert len([b for b in at.button if b.label == "Approve"]) == len(offered) - 1

    fresh = app("t-decline")  # a refresh: a new session opening the same link
    assert not fresh.exception
    again = card_titles(fresh)
    assert sorted(again) == sorted(offered) and len(again) == len(set(again))
    assert [i.value for i in fresh.info if i.value.startswith("Declined.")] == ["Declined. Nothing changed."]
    assert len([b for b in fresh.button if b.label == "Approve"]) == len(offered) - 1


def _move_of(title: str) -> str:
    return title.strip("*").split(",")[0]  # "Drop A -> Add B" (a swap), "Move A to IR" (an IR move, whoever it adds)


AGAIN = "Any other moves?"  # after the approval: the moves it closed come back (the review's own mode: "moves for
# this week" would rank by this week alone and offer other adds)


def test_a_move_offered_again_after_its_set_closed_gets_its_buttons_in_the_new_turn(app):
    """Approving one swap closes its siblings, and a later question can offer one of them again (Jan 29, the
    one league: the review's set holds a swap and an IR move for the OUT Jaden Ivey; approving the swap
    leaves Ivey OUT and the IR slot open, so "Any other moves?" offers his IR move again). The
    new turn draws it with its buttons (catches a card skipped as already shown when its only copy on the
    page is the closed one: no way to decide it before a reload), and a refresh draws each once, under the
    latest question (catches the buttons left on the old turn's copy). The IR move's decision words are
    checked in tests/app/test_decision_words.py."""
    at = ask(app("t-again"), OPTIMIZE)
    first = card_titles(at)
    swap = next(i for i, t in enumerate(first) if t.startswith("**Drop "))  # the set's first swap
    assert any(t.startswith("**Move ") and " to IR" in t for t in first), first  # the scenario: an IR sibling
    at = [b for b in at.button if b.label == "Approve"][swap].click().run()
    assert not at.exception
    closed = {_move_of(t) for i, t in enumerate(first) if i != swap}
    at = ask(at, AGAIN)
    assert not at.exception
    values = [m.value for m in at.markdown]
    asked = values.index(plain_text(AGAIN))  # a user's message: markdown marks escaped
    new_cards = [v for v in values[asked:] if v in card_titles(at)]  # the live turn is drawn as a refresh draws it
    again = [t for t in new_cards if _move_of(t) in closed]
    assert again, (first, new_cards)  # the scenario: a closed move offered again
    assert len([b for b in at.button if b.label == "Approve"]) == len(new_cards)

    fresh = app("t-again")  # a refresh
    assert not fresh.exception
    values = [m.value for m in fresh.markdown]
    asked = values.index(plain_text(AGAIN))
    for t in again:
        where = [i for i, v in enumerate(values) if v.startswith("**") and _move_of(v) == _move_of(t)]
        assert len(where) == 1 and where[0] > asked, (t, where, asked)
    assert len([b for b in fresh.button if b.label == "Approve"]) == len(new_cards)


# --- audit rows name both moves in words, for approvals and declines -----------------------------
def test_audit_rows_name_both_moves_for_approvals_and_declines():
    card = Card(move_id="mv_1", title="Drop Collin Sexton -> Add Alex Sarr", drop="Collin Sexton", add="Alex Sarr",
                drop_id="sextoco01", add_id="sarral01", expected_gain=3.0, unit="pts", expires_at="2025-01-30",
                league_id="demo-points-2025-01-29", team_id=1, as_of="2025-01-29")
    base = {"turn_id": "r", "thread_id": "t", "created_at": "2025-01-29T20:00:00"}
    declined = AuditRecord.model_validate(base | {"question": "[decision] {'mv_1': 'decline'}",
                                                  "decisions": {"mv_1": "decline"}})
    approved = AuditRecord.model_validate(base | {"question": "[decision] {'mv_1': 'approve'}",
                                                  "decisions": {"mv_1": "approve"},
                                                  "transactions": [{"move_id": "mv_1", "outcome": "applied",
                                                                    "drop": "Collin Sexton", "add": "Alex Sarr",
                                                                    "expected_gain": 3.0, "unit": "pts"}]})
    assert audit_rows.question_text(declined, cards={"mv_1": card}) == "Declined: drop Collin Sexton, add Alex Sarr"
    assert audit_rows.question_text(approved, cards={"mv_1": card}) == "Dropped Collin Sexton, added Alex Sarr"


def test_the_audit_page_names_a_declined_move(app):
    at = ask(app("t-audit-decline"), OPTIMIZE)
    title = card_titles(at)[0]
    at = next(b for b in at.button if b.label == "Decline").click().run()
    at.switch_page("pages/audit.py").run()
    assert not at.exception
    if title.startswith("**Move "):  # an IR card: "**Move A to IR, add B, ..."
        words = f"Declined: move {title.removeprefix('**Move ').split(' to IR')[0]} to IR, add "
    else:
        words = f"Declined: drop {title.removeprefix('**Drop ').split(' -> ')[0]}, add "
    rows = at.dataframe[0].value
    assert any(q.startswith(words) for q in rows["Question"])


# --- the empty Audit page shows one clear empty state ----------------------------------------------
def test_the_empty_audit_page_shows_one_empty_state_not_an_empty_grid(app):
    at = app()
    at.switch_page("pages/audit.py").run()
    assert not at.exception
    assert [i.value for i in at.info] == ["Nothing recorded yet: ask something in Chat, and every turn and "
                                          "decision will be listed here."]
    assert len(at.dataframe) == 0 and len(at.selectbox) == 0


# --- the as-of picker offers only supported dates; a refused date resets the box -----------------
def test_the_as_of_picker_offers_only_dates_the_data_supports(app, csv_facts):
    at = app()
    at.switch_page("pages/settings.py").run()
    picker = at.date_input(key="settings_w_as_of")
    dates = sorted({r["game_date"] for r in csv_facts.games})  # the box scores' first and last day
    first, last = dates[0], dates[-1]
    assert picker.proto.min == (first + dt.timedelta(days=1)).isoformat()
    assert picker.proto.max == (last + dt.timedelta(days=1)).isoformat()


def test_a_refused_as_of_date_resets_the_box(app):
    at = app()
    at.switch_page("pages/settings.py").run()
    at.session_state["settings_as_of"] = dt.date(2025, 3, 15)  # past the data: the league cannot open
    at.run()
    assert not at.exception
    assert any("Could not switch" in e.value for e in at.error)
    assert at.date_input(key="settings_w_as_of").value == dt.date(2025, 1, 29)
    assert at.session_state["settings_as_of"] == dt.date(2025, 1, 29)

