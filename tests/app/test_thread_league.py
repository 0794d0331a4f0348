"""A thread keeps its league (issue 10, section 1) and belongs to the identity that made it
(issue 14, section 6): bound at the first turn, restored on reopening, its cards decided in their
own league whatever Settings shows; another identity neither lists nor decides it."""
from __future__ import annotations

import datetime as dt

import pytest
from streamlit.testing.v1 import AppTest

from agents.core import threads
from agents.core.contracts import Card
from tests.app.conftest import APP, OPTIMIZE, TIMEOUT


def categories_app(thread: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.session_state["settings_scoring"] = "categories"
    at.query_params["thread"] = thread
    return at.run()


def test_a_thread_is_bound_at_its_first_turn_and_reopening_restores_its_league(fresh_state):
    at = categories_app("t-bound")
    at.chat_input[0].set_value(OPTIMIZE).run()
    assert not at.exception
    bound = threads.binding("t-bound")
    assert (bound.owner, bound.league_id, bound.choice.scoring, bound.choice.provider) == \
        ("local", "demo-categories-2025-01-29", "categories", "offline")

    fresh = AppTest.from_file(APP, default_timeout=TIMEOUT)  # a new session, default settings (points)
    fresh.query_params["thread"] = "t-bound"
    fresh.run()
    assert not fresh.exception
    assert fresh.session_state["settings_scoring"] == "categories"  # restored from the thread
    labels = [b.label for b in fresh.sidebar.button if b.key and b.key.startswith("app_thread_")]
    assert any(label.endswith("· categories") for label in labels)  # recent chats show the scoring


def test_a_card_is_decided_in_its_own_league_whatever_settings_show(fresh_state):
    at = categories_app("t-own-league")
    at.chat_input[0].set_value(OPTIMIZE).run()
    at.session_state["settings_scoring"] = "points"  # the page now shows the points league
    at.run()
    approve = next(b for b in at.button if b.label == "Approve")
    at = approve.click().run()
    assert not at.exception
    assert not [e.value for e in at.error if "Not applied" in e.value]
    from services.store.state import state_store

    assert len(state_store().moves("demo-categories-2025-01-29")) == 1
    assert state_store().moves("demo-points-2025-01-29") == []


def test_approvals_lists_every_league_with_a_label_and_filters(fresh_state):
    at = categories_app("t-cats")
    at.chat_input[0].set_value(OPTIMIZE).run()
    pts = AppTest.from_file(APP, default_timeout=TIMEOUT)
    pts.query_params["thread"] = "t-points"
    pts.run()
    pts.chat_input[0].set_value(OPTIMIZE).run()
    pts.switch_page("pages/approvals.py").run()
    assert not pts.exception
    heads = [m.value for m in pts.markdown if m.value.startswith("**") and " · Demo · " in m.value]
    assert sorted(h.split(" · ")[-2] for h in heads) == ["categories", "points"]
    n_all = len([b for b in pts.button if b.label == "Approve"])
    pts.multiselect(key="approvals_leagues").select("Demo · categories · as of 2025-01-29").run()
    n_cats = len([b for b in pts.button if b.label == "Approve"])
    assert 0 < n_cats < n_all
    assert all("t-cats" in b.key for b in pts.button if b.label == "Approve")


def test_another_identity_neither_lists_nor_decides_a_thread(fresh_state, monkeypatch):
    at = categories_app("t-mine")
    at.chat_input[0].set_value(OPTIMIZE).run()
    card = at.session_state["chat_offered"]["t-mine"][0][0]
    from pages.components import session

    monkeypatch.setattr(session, "identity", lambda: "mallory@example.com")
    other = AppTest.from_file(APP, default_timeout=TIMEOUT)
    other.query_params["thread"] = "t-mine"
    other.run()
    assert not other.exception
    assert any("belongs to another user" in w.value for w in other.warning)
    assert other.query_params["thread"] != ["t-mine"] and other.session_state["thread_id"] != "t-mine"
    assert not [b for b in other.sidebar.button if b.key == "app_thread_t-mine"]
    other.switch_page("pages/approvals.py").run()
    assert not [b for b in other.button if b.label == "Approve"]
    other.switch_page("pages/audit.py").run()
    assert not other.exception and len(other.dataframe) == 0  # nor its audit records
    from agents import door
    from pages.components import ownership

    # even a forged decision is refused before it reaches the run (the door decides by card id)
    assert ownership.card_blocker(card, "t-mine") == "this conversation belongs to another user"
    with pytest.raises(door.supervisor.NotYours, match="belongs to another user"):
        door.supervisor.decide(card.move_id, "approve", owner="mallory@example.com")
    from agents.core.runtime import get_assistant

    assert len(get_assistant(scoring="categories").pending_approvals("t-mine")) >= 1


def _card(league_id: str, kind: str) -> Card:
    return Card(move_id="mv_1", title="Drop A -> Add B", drop="A", add="B", drop_id="1", add_id="2",
                expected_gain=1.0, unit="pts", expires_at="2025-01-29T19:00:00", league_id=league_id,
                league_kind=kind, team_id=1, as_of="2025-01-29")


def test_choice_for_card_names_the_cards_league():
    choice, why = threads.choice_for_card(_card("demo-categories-2025-01-29", "demo"), None)
    assert why is None and (choice.scoring, choice.as_of) == ("categories", dt.date(2025, 1, 29))
    choice, why = threads.choice_for_card(_card("12345", "espn"), None)
    assert choice is None and "ESPN league 12345" in why
    assert threads.league_label("demo-points-2025-01-30") == "Demo · points · as of 2025-01-30"


def test_changing_settings_in_a_bound_thread_starts_a_new_chat_and_the_thread_keeps_its_league(fresh_state):
    at = AppTest.from_file(APP, default_timeout=TIMEOUT)
    at.query_params["thread"] = "t-keep"
    at.run()
    at.chat_input[0].set_value("How has Nikola Jokic played over his last 5 games?").run()
    at.switch_page("pages/settings.py").run()
    at.radio(key="settings_w_scoring").set_value("categories").run()
    assert not at.exception
    assert at.session_state["thread_id"] != "t-keep" and at.query_params["thread"] != ["t-keep"]
    assert threads.binding("t-keep").choice.scoring == "points"
    # the settings were saved for this browser session: a reload (new session, same URL) gets them back
    reload = AppTest.from_file(APP, default_timeout=TIMEOUT)
    reload.query_params["session"] = at.session_state["session_id"]
    reload.run()
    assert reload.session_state["settings_scoring"] == "categories"
    other = AppTest.from_file(APP, default_timeout=TIMEOUT).run()  # another browser session: the defaults
    assert other.session_state["settings_scoring"] == "points"
