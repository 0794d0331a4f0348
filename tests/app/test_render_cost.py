"""What a rerun of the chat costs, counted (never timed: timing lives in bench/ui.py).

`st.status` pauses 50 ms after drawing a block and 50 ms more on leaving a block still "running".
Drawn for every step of every past turn, those pauses were most of a thread reload (a 30-turn
thread: 42 pauses, 2.1 s) and of every rerun after a signals turn (its 41 pod steps: 2 s or more).
"""
from __future__ import annotations

import json
import time

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import ask

PAUSE = 0.05  # the status container's pause; AppTest itself polls with 1 ms sleeps


@pytest.fixture
def pauses(monkeypatch):
    """The 50 ms status pauses asked for while the test runs (any thread)."""
    asked: list[float] = []
    real = time.sleep

    def sleep(seconds: float) -> None:
        if seconds >= PAUSE:
            asked.append(seconds)
        real(seconds)

    monkeypatch.setattr(time, "sleep", sleep)
    return asked


def draw_past_signals_turn():
    """A stored turn as the chat redraws it: two tool steps, then a pod run of 41 node steps."""
    import streamlit as st

    from agents.facades.models import HistoryTurn
    from pages.components import backend
    from pages.components.turn import TurnView, history_events

    backend.init_session()
    steps = [{"id": "a", "name": "get_player_status", "args": {"name": "Nikola Jokic"}, "ok": True, "ms": 3.0,
              "summary": "Nikola Jokić is ACTIVE."},
             {"id": "b", "name": "get_schedule", "args": {}, "ok": False, "ms": 4.0, "summary": "No schedule."}]
    for g in range(41):
        steps.append({"node": "price", "text": f"Priced game {g}.", "ms": 1.0, "graph": "Signals",
                      "game_id": f"g{g % 7}", "game": f"Game {g % 7}"})
    message = {"role": "assistant", "intent": "signals", "steps": steps, "content": "Seven edges."}
    TurnView("t-past", "chat_m1").consume(history_events(HistoryTurn.model_validate(message)))
    st.write("drawn")


def test_a_past_turn_is_redrawn_without_a_single_status_pause(pauses):
    """Fails on the version that drew each past step as a running status, then completed it (about
    100 ms of pauses per step), and on one that pauses on node steps drawn complete (41 x 50 ms)."""
    at = AppTest.from_function(draw_past_signals_turn, default_timeout=60).run()
    assert not at.exception
    assert pauses == []
    # the same steps, in their final state, as before
    states = [(s.label.split(" · ")[0], s.state) for s in at.status]
    assert states[:2] == [("Player status: Nikola Jokic", "complete"), ("Schedule", "error")]
    assert len(at.status) == 43 and all(s.state == "complete" for s in at.status[2:])
    assert at.status[2].label.startswith("Signals · Game 0 · ")
    assert [e.value for e in at.error] == ["No schedule."]


def draw_live_tool_step():
    from pages.components import backend
    from pages.components.turn import TurnView

    backend.init_session()
    TurnView("t-live", "live").consume([
        {"type": "tool_start", "id": "1", "name": "get_player_status", "args": {"name": "Nikola Jokic"}},
        {"type": "tool_end", "id": "1", "name": "get_player_status", "ok": True, "ms": 2.0, "summary": "ACTIVE."}])


def test_a_live_running_step_keeps_the_pause_that_protects_its_update(pauses):
    """The pause is skipped only for steps drawn finished: a step that starts running and completes
    later keeps it (Streamlit: without it the browser may miss the running state's update)."""
    at = AppTest.from_function(draw_live_tool_step, default_timeout=60).run()
    assert not at.exception and [(s.state) for s in at.status] == ["complete"]
    assert len(pauses) >= 1


def test_reloading_a_thread_pauses_for_none_of_its_past_steps(app, pauses):
    """End to end through app.py: a thread of three answered questions (five tool steps) reloads
    with no status pause; the slow version paused about 100 ms per past step."""
    at = app("t-reload-cost")
    for q in ("How has Nikola Jokic played over his last 5 games?", "Is Joel Embiid playing?",
              "Any news on LeBron James?"):
        at = ask(at, q)
    assert not at.exception
    live_steps = len(at.status)
    pauses.clear()
    again = app("t-reload-cost")
    assert not again.exception
    assert len(again.status) == live_steps >= 5 and all(s.state == "complete" for s in again.status)
    assert pauses == []


def test_past_turns_charts_wait_for_a_click_and_the_latest_answer_keeps_its_own(app, csv_facts, as_of):
    """A reload of a thread with three game-log answers draws one Plotly chart (the latest answer's),
    and a button on each older answer that draws its chart, with the CSV's games. Fails on the
    version that drew every past chart on each full run (about 150 ms of browser CPU each per reload)."""
    at = app("t-charts")
    for q in ("How has Nikola Jokic played over his last 5 games?", "Show me Jalen Brunson's last 10 games",
              "How has Nikola Jokic played over his last 3 games?"):
        at = ask(at, q)
    again = app("t-charts")
    assert not again.exception
    charts = again.get("plotly_chart")
    assert len(charts) == 1
    latest = json.loads(charts[0].proto.spec)["data"][0]
    assert latest["x"] == [r["game_date"].isoformat() for r in csv_facts.player_games("jokicni01", before=as_of)[-3:]]
    buttons = [b for b in again.button if b.label == "Show the game-log chart"]
    assert len(buttons) == 2
    buttons[1].click()  # Brunson's
    shown = again.run()
    assert not shown.exception and len(shown.get("plotly_chart")) == 2
    brunson = csv_facts.player_games("brunsja01", before=as_of)[-10:]
    xs = [json.loads(c.proto.spec)["data"][0]["x"] for c in shown.get("plotly_chart")]
    assert [r["game_date"].isoformat() for r in brunson] in xs
    assert [b.label for b in shown.button].count("Show the game-log chart") == 1
