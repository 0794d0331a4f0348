"""Chat: "any edges tonight?" routes to the signals pod for the as-of day, streams its steps and
answers with its signals (stored as cards for the Approvals inbox)."""
from __future__ import annotations

import pytest

from services.signals.store import SignalStore
from tests.agents.scripted import ScriptedChatModel, build, run_graph


@pytest.mark.parametrize("question", ["any edges tonight?", "Are any games mispriced vs the market tonight?",
                                      "show me tonight's signals"])
def test_edges_question_runs_the_pod_for_the_as_of_day(make_assistant, fresh_state, question):
    a = make_assistant()
    events = list(a.stream_turn(question))
    result = events[-1]["result"]
    assert result["intent"] == "market_edges"
    steps = [e for e in events if e.get("type") == "step"]
    assert {e["node"] for e in steps} == {"assess_event_timeline", "fetch_news", "estimate_probability",
                                         "calculate_divergence", "generate_signal"}
    assert all(e["graph"] == "Signals" for e in steps)
    assert sum(1 for e in steps if e["node"] == "fetch_news") == 11  # every game of Jan 29
    stored = SignalStore(fresh_state.store).list()
    assert stored and all(s.game_date.isoformat() == "2025-01-29" for s in stored)
    answer = result["answer"]
    assert f"{len(stored)} edges" in answer and "Approvals" in answer
    for s in stored:
        assert f"{s.edge:+.3f}" in answer  # the pick's own edge (issue #38), never the home side's ev
    shown = next(e for e in events if e.get("type") == "signals")["signals"]
    assert sorted(x["id"] for x in shown) == sorted(s.id for s in stored)


def test_other_questions_do_not_run_the_pod(make_assistant, fresh_state):
    result = make_assistant().ask("Who should I pick up this week?")
    assert result["intent"] == "free_agent_scan"
    assert SignalStore(fresh_state.store).list() == []


def test_scripted_supervisor_label_routes_to_the_pod_without_using_its_tape(fresh_state, demo_source):
    model = ScriptedChatModel([], label="market_edges")
    run = run_graph(build(model, demo_source()), {"messages": [("user", "edges?")]})
    assert run.path == ["classify_intent", "find_edges"] and model.calls == 0
    assert "signals pod" in run.answer and run.state["intent"] == "market_edges"


def test_a_refreshed_chat_labels_the_pod_steps_as_signals(make_assistant, fresh_state):
    from agents.door import HistoryTurn
    from pages.components.turn import history_events

    a = make_assistant()
    result = a.ask("any edges tonight?")
    message = [m for m in a.history(result["thread_id"]) if m.get("role") == "assistant"][-1]
    steps = [e for e in history_events(HistoryTurn.model_validate(message)) if e["type"] == "step"]
    assert len(steps) >= 11 * 3 and {e["graph"] for e in steps} == {"Signals"}


def test_an_edge_claim_carries_the_pods_measured_skill(make_assistant, fresh_state):
    """Issue 21, defect 3: chat presented 7 "edges" while the scoreboard on the same page showed the
    pod losing to the market. The answer states the skill the scoreboard measures on the week before
    the as-of day (same number as `score` over that window), the number of settled games (games.csv),
    and says that a negative skill makes the edges unproven."""
    import csv
    import datetime as dt

    from agents.signals.runner import SignalsPod
    from services.config import DATA_DIR

    answer = make_assistant().ask("any edges tonight?")["answer"]
    start, end = dt.date(2025, 1, 22), dt.date(2025, 1, 28)
    board = SignalsPod(provider="offline").score(start, end, "blind")
    bss = board["estimates"]["bss_vs_market"]
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        n_games = sum(1 for r in csv.DictReader(f) if start.isoformat() <= r["game_date"] <= end.isoformat()
                      and r["season_type"] == "regular")
    assert board["estimates"]["n"] == n_games  # every game of the week had news
    assert f"on the {n_games} settled games of Jan 22-Jan 28" in answer
    assert f"Brier skill against the market is {bss:+.3f}" in answer
    assert ("no established edge" in answer) == (bss < 0)


def test_negative_skill_gives_no_confidence_label(make_assistant, fresh_state):
    """Issue #41: "where skill is negative the chat says 'no established edge' instead of a confidence
    label". As of Jan 29 the measured week (Jan 22-28) has negative skill (scored here by the
    scoreboard itself); every signal row of the answer says so and none carries high/medium/low.
    Catches: today's table, whose confidence column is the |ev| bucket (high, medium, low)."""
    import datetime as dt

    from agents.signals.runner import SignalsPod

    board = SignalsPod(provider="offline").score(dt.date(2025, 1, 22), dt.date(2025, 1, 28), "blind")
    assert board["estimates"]["bss_vs_market"] < 0
    answer = make_assistant().ask("any edges tonight?")["answer"]
    stored = SignalStore(fresh_state.store).list()
    rows = [line for line in answer.splitlines() if line.startswith("| ") and " at " in line.split("|")[1]]
    assert len(rows) == len(stored) > 0
    for row in rows:
        label = row.rstrip(" |").rsplit("|", 1)[1].strip()
        assert label == "no established edge"
    table = "\n".join(rows)
    assert not any(f"| {w}" in table or f"{w} confidence" in table for w in ("high", "medium", "low"))
