"""Drawing code fed with scripted events (failures and loop guards the offline planner rarely hits),
plus the pure helpers: labels, audit filters and export, league rows."""
from __future__ import annotations

import json

import pytest
from streamlit.testing.v1 import AppTest

from agents.door import AuditRecord
from pages.components import audit_rows, labels


def draw_events():
    import streamlit as st

    from pages.components import backend
    from pages.components.turn import TurnView

    backend.init_session()
    view = TurnView("t-fake", "fake")
    view.consume([
        {"type": "intent", "intent": "player_research"},
        {"type": "tool_start", "id": "1", "name": "get_player_game_log", "args": {"name": "Nobody", "last_n": 5}},
        {"type": "tool_end", "id": "1", "name": "get_player_game_log", "ok": False, "ms": 12.0,
         "summary": "No player matches 'Nobody'.", "result": '{"error":"No player matches \'Nobody\'."}'},
        {"type": "progress", "text": "Analyzing your roster..."},
        {"type": "step", "node": "gather_rosters", "text": "Analyzing your roster (13 players).", "ms": 2.0},
        {"type": "answer_delta", "text": "I could not "}, {"type": "answer_delta", "text": "find that player."},
        {"type": "guard", "text": "the same tool call repeated three times"},
        {"type": "done", "result": {"answer": "I could not find that player."}},
    ])
    st.write(f"answer={view.answer}")


def test_failed_step_is_red_and_a_loop_guard_is_explained():
    at = AppTest.from_function(draw_events, default_timeout=30).run()
    assert not at.exception
    assert [(s.label, s.state) for s in at.status] == [
        ("Game log: Nobody, last 5 games · 12 ms · failed", "error"),
        ("Optimizer · Gather rosters · 2 ms", "complete")]
    assert [e.value for e in at.error] == ["No player matches 'Nobody'."]
    assert [w.value for w in at.warning] == ["Stopped early to avoid a loop: the same tool call repeated three times"]
    assert "I could not find that player." in [m.value for m in at.markdown]
    assert not any("Analyzing your roster..." in c.value for c in at.caption)  # progress clears at the end


@pytest.mark.parametrize("name, words", [
    ("get_player_game_log", "Game log"), ("get_free_agents", "Free agents"), ("optimize_matchup", "Matchup optimizer"),
    ("validate_slot_fit", "Slot check"), ("get_brand_new_thing", "Brand new thing")])
def test_tool_names_in_plain_words(name, words):
    assert labels.tool_label(name) == words


def test_step_label_and_history_summary():
    assert labels.step_label("get_player_status", {"name": "Nikola Jokić"}, 8.6, True) == "Player status: Nikola Jokić · 9 ms"
    assert labels.step_label("get_schedule", {}, 1500.0, False) == "Schedule · 1.5 s · failed"
    assert labels.result_summary('{"player":"A","games":[1,2,3],"team":"DEN"}') == "player: A, games: 3, team: DEN"
    assert labels.result_summary('{"error":"bad name"}') == "bad name"


RAW = [
    {"turn_id": "a", "thread_id": "t1", "intent": "player_research", "tool_calls": [{"name": "get_player_game_log"}]},
    {"turn_id": "b", "thread_id": "t2", "intent": "lineup_optimization", "tool_calls": []},
    {"turn_id": "c", "thread_id": "t1", "intent": None, "tool_calls": [], "decisions": {"mv_1": "approve"},
     "rounds_by_node": {"agent": 2}},  # a field a newer runtime records: kept in the export
]
TURNS = [AuditRecord.model_validate(t | {"created_at": "2025-01-29T20:00:00"}) for t in RAW]


@pytest.mark.parametrize("thread, intents, tools, expected", [
    (None, None, None, ["a", "b", "c"]), ("t1", None, None, ["a", "c"]), (None, ["lineup_optimization"], None, ["b"]),
    (None, ["none"], None, ["c"]), (None, None, ["get_player_game_log"], ["a"]), ("t2", None, ["get_player_game_log"], []),
])
def test_audit_filters(thread, intents, tools, expected):
    assert [t.turn_id for t in audit_rows.filter_turns(TURNS, thread, intents, tools)] == expected


def test_audit_export_is_one_json_object_per_line():
    """Each line is the record as it was recorded (the model's JSON, no defaults added); catches an
    export that writes the model's repr, pads records with nulls, or drops the untyped fields."""
    lines = audit_rows.to_jsonl(TURNS).splitlines()
    assert [json.loads(line) for line in lines] == [{"created_at": "2025-01-29T20:00:00"} | t for t in RAW]
    assert json.loads(lines[2])["rounds_by_node"] == {"agent": 2} and json.loads(lines[0])["turn_id"] == "a"
