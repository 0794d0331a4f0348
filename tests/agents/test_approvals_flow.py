"""Scenario A end to end and the human gate: approve, decline, double approval, stale and expired
cards, restart-then-approve. Each test has its own state home.
"""
from __future__ import annotations

import datetime as dt
import threading

from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command

from agents.offline.planner import OfflinePlanner
from agents.offline.reasoner import offline_reasoner
from agents.supervisor.graph import build_graph
from services.store.state import state_store

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
OPTIMIZER_NODES = ["parse_intent", "gather_rosters", "analyze_schedule", "check_injuries", "identify_candidates",
                   "validate_moves", "compose_lineup"]
CARD_FIELDS = {"move_id", "drop", "add", "drop_id", "add_id", "expected_gain", "unit", "expires_at", "title", "reasons"}


def _moves(assistant) -> list[dict]:
    return state_store().moves(assistant.source.league.league_id)


def test_scenario_a_streams_progress_and_stops_at_the_gate(make_assistant):
    a = make_assistant()
    events = list(a.stream_turn(REVIEW, "a1"))
    result = events[-1]["result"]
    assert result["intent"] == "lineup_optimization"
    assert [e["node"] for e in events if e["type"] == "step"] == OPTIMIZER_NODES
    assert len([e for e in events if e["type"] == "progress"]) == len(OPTIMIZER_NODES)
    [approvals] = [e for e in events if e["type"] == "approvals"]
    cards = result["pending_approvals"]
    assert approvals["cards"] == cards and 1 <= len(cards) <= 3
    roster = set(a.source.league.roster_ids())
    for c in cards:
        assert CARD_FIELDS <= set(c) and c["move_id"].startswith("mv_")
        assert c["drop_id"] in roster and c["add_id"] not in roster
        # balanced advice: the week and the season; a small loss this week only for a season gain
        assert c["expected_gain"] > 0 or c["season_gain"] > 0
        assert c["expires_at"] == "2025-01-29T19:00:00"
    assert len({c["drop_id"] for c in cards}) == len(cards) == len({c["add_id"] for c in cards})
    assert result["llm_calls"] <= 4 and result["transactions"] == []
    assert f"**Top move: {cards[0]['title']}.**" in result["answer"]
    assert _moves(a) == []
    assert a.pending_approvals("a1") == cards


def test_approve_changes_the_roster_and_records_the_transaction(make_assistant):
    a = make_assistant()
    card = next(c for c in a.ask(REVIEW, "a2")["pending_approvals"] if c["kind"] == "swap")  # IR: test_ir_and_modes
    before = a.source.league.roster_ids()
    r = a.resume("a2", "approve", card["move_id"])
    after = a.source.league.roster_ids()
    assert card["drop_id"] in before and card["drop_id"] not in after and card["add_id"] in after
    assert len(after) == len(before)
    assert [t["move_id"] for t in r["transactions"]] == [card["move_id"]]
    assert r["transactions"][0]["outcome"] == "applied"
    assert f"Done: dropped {card['drop']} and added {card['add']}" in r["answer"]
    assert "New weekly lineup" in r["answer"] and card["add"] in r["answer"].split("Starts:")[1]
    assert [m["move_id"] for m in _moves(a)] == [card["move_id"]]
    assert [(d["decision"], d["outcome"]) for d in state_store().decisions("a2")] == [("approve", "applied")]
    assert a.pending_approvals("a2") == []
    assert a.transactions()[0]["add"] == card["add"]


def test_decline_changes_nothing(make_assistant):
    a = make_assistant()
    cards = a.ask(REVIEW, "a3")["pending_approvals"]
    before = a.source.league.roster_ids()
    r = a.resume("a3", "decline")
    assert r["transactions"] == [] and "Nothing changed" in r["answer"]
    assert a.source.league.roster_ids() == before and _moves(a) == []
    assert {d["outcome"] for d in state_store().decisions("a3")} == {"declined"}
    assert len(state_store().decisions("a3")) == len(cards)


def test_the_same_card_twice_applies_once(make_assistant):
    a = make_assistant()
    card = a.ask(REVIEW, "a4")["pending_approvals"][0]
    first = a.resume("a4", "approve", card["move_id"])
    second = a.resume("a4", "approve", card["move_id"])
    assert len(first["transactions"]) == 1
    # the retry reports the first outcome and succeeds (issue #20), it does not apply again
    assert not second.get("refused") and second["error"] is None and second["answer"].startswith("Applied already")
    assert [t["move_id"] for t in second["transactions"]] == [card["move_id"]]
    assert all(t["already"] for t in second["transactions"])
    assert len(_moves(a)) == 1


def test_two_threads_racing_on_one_card_apply_it_once(make_assistant):
    a = make_assistant()
    c1 = a.ask(REVIEW, "race-1")["pending_approvals"][0]
    c2 = a.ask(REVIEW, "race-2")["pending_approvals"][0]
    assert c1["move_id"] == c2["move_id"]  # the same move has the same id everywhere
    results, barrier = {}, threading.Barrier(2)

    def approve(thread_id):
        barrier.wait()
        results[thread_id] = a.resume(thread_id, "approve", c1["move_id"])

    workers = [threading.Thread(target=approve, args=(t,)) for t in ("race-1", "race-2")]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    applied = [t for r in results.values() for t in r["transactions"]]
    assert len(results) == 2 and len(applied) == 1
    assert len(_moves(a)) == 1
    outcomes = sorted(d["outcome"] for d in state_store().decisions())
    assert outcomes == ["applied", "refused"]
    refused = [d for d in state_store().decisions() if d["outcome"] == "refused"][0]
    assert "applied already" in refused["reason"]


def test_a_stale_card_is_refused_with_the_reason(make_assistant):
    a = make_assistant()
    review = a.ask(REVIEW, "s1")["pending_approvals"]
    other = a.ask("Is Payton Pritchard worth adding?", "s2")["pending_approvals"][0]
    # a review card the Pritchard card conflicts with: the same player out, or both for the one IR slot
    top = next(c for c in review if c["drop_id"] == other["drop_id"] or c["kind"] == other["kind"] == "ir")
    assert other["add_id"] != top["add_id"]
    # stale either way: the same player leaves the roster, or both go to the one IR slot
    if other["drop_id"] == top["drop_id"]:
        reason = f"{top['drop']} is no longer on your roster"
    else:
        assert other["kind"] == top["kind"] == "ir"
        reason = "your IR slot is taken"
    a.resume("s1", "approve", top["move_id"])
    r = a.resume("s2", "approve", other["move_id"])
    assert r["transactions"] == []
    assert reason in r["answer"] and "Nothing changed" in r["answer"]
    assert [m["move_id"] for m in _moves(a)] == [top["move_id"]]
    assert state_store().decisions("s2")[0]["outcome"] == "refused"


def test_an_expired_card_is_refused(fresh_state, demo_source):
    source = demo_source()
    late = dt.datetime(2025, 1, 29, 19, 30)
    graph = build_graph(OfflinePlanner(), source, InMemorySaver(), reasoner=offline_reasoner(source),
                        clock=lambda _card: late)
    cfg = {"configurable": {"thread_id": "exp"}}
    graph.invoke({"messages": [HumanMessage(REVIEW)]}, cfg)
    card = graph.get_state(cfg).interrupts[0].value["cards"][0]
    out = graph.invoke(Command(resume={card["move_id"]: "approve"}), cfg)
    assert out["transactions"] == []
    assert f"the card expired at {card['expires_at']}" in out["answer"]
    assert state_store().moves(source.league.league_id) == []
    assert card["drop_id"] in source.league.roster_ids()


def test_a_card_approved_before_the_lock_applies_with_an_injected_clock(fresh_state, demo_source):
    source = demo_source()
    graph = build_graph(OfflinePlanner(), source, InMemorySaver(), reasoner=offline_reasoner(source),
                        clock=lambda _card: dt.datetime(2025, 1, 29, 18, 59))
    cfg = {"configurable": {"thread_id": "ok"}}
    graph.invoke({"messages": [HumanMessage(REVIEW)]}, cfg)
    card = graph.get_state(cfg).interrupts[0].value["cards"][0]
    out = graph.invoke(Command(resume="approve"), cfg)
    assert [t["move_id"] for t in out["transactions"]] == [card["move_id"]]


def test_restart_then_approve(make_assistant):
    first = make_assistant()
    cards = first.ask(REVIEW, "restart")["pending_approvals"]
    del first
    second = make_assistant()  # a new process: new graph, same sqlite checkpointer and store
    assert second.pending_approvals("restart") == cards
    assert any(t["thread_id"] == "restart" and t["pending"] == len(cards) for t in second.list_threads())
    r = second.resume("restart", "approve", cards[0]["move_id"])
    assert [t["move_id"] for t in r["transactions"]] == [cards[0]["move_id"]]
    assert cards[0]["add_id"] in second.source.league.roster_ids()


# A new question while a card waits is answered and the card stays decidable:
# tests/agents/test_thread_turns.py (issue #18 §2).


def test_unknown_move_and_bad_decision_are_refused(make_assistant):
    a = make_assistant()
    a.ask(REVIEW, "bad")
    assert a.resume("bad", "approve", "mv_nope")["refused"] is True
    card = a.pending_approvals("bad")[0]
    assert a.resume("bad", "maybe", card["move_id"])["refused"] is True
    assert a.pending_approvals("bad") and _moves(a) == []


def test_declining_offers_the_next_best_card_and_declining_all_ends(fresh_state):
    from agents.core.runtime import Assistant

    a = Assistant()
    r = a.ask(REVIEW, "decline-chain")
    cards = r["pending_approvals"]
    assert len(cards) >= 2
    first = a.resume("decline-chain", "decline", cards[0]["move_id"])
    assert first["transactions"] == [] and f"Next best: {cards[1]['title']}" in first["answer"]
    assert [c["move_id"] for c in a.pending_approvals("decline-chain")] == [c["move_id"] for c in cards[1:]]
    second = a.resume("decline-chain", "approve", cards[1]["move_id"])
    assert [t["move_id"] for t in second["transactions"]] == [cards[1]["move_id"]]
    assert a.pending_approvals("decline-chain") == []  # an approval closes the set


def test_history_after_a_refresh_keeps_intents_timings_and_optimizer_steps(fresh_state):
    from agents.core.runtime import Assistant

    a = Assistant()
    a.ask("How has Tyrese Haliburton played lately?", "hist")
    r = a.ask(REVIEW, "hist")
    a.resume("hist", "decline", r["pending_approvals"][0]["move_id"])
    again = Assistant()  # a new process reading the same home
    turns = [t for t in again.history("hist") if t["role"] == "assistant"]
    first, review = turns[0], turns[1]
    assert first["intent"] == "player_research"
    assert [s["name"] for s in first["steps"]] == ["get_player_status", "get_player_game_log", "get_player_news"]
    assert all(isinstance(s["ms"], (int, float)) and s["summary"] for s in first["steps"])
    assert review["intent"] == "lineup_optimization"
    assert [s["node"] for s in review["steps"]] == ["parse_intent", "gather_rosters", "analyze_schedule",
                                                    "check_injuries", "identify_candidates", "validate_moves",
                                                    "compose_lineup"]
    assert turns[2]["content"].startswith("Declined")


def test_a_decision_in_the_second_of_its_turn_updates_the_listed_pending_count(make_assistant, monkeypatch):
    """The thread list remembers each thread's pending count until its next record. Records carry
    whole seconds: an Approve made in the second of the turn that offered the card left the time
    unchanged, and the list (the API's /api/threads, the sidebar) kept saying 3 pending. Every
    record here is stamped in one second; catches a count keyed on the time alone."""
    from agents.supervisor import facade
    from services.store import state as store_mod

    monkeypatch.setattr(store_mod, "_now", lambda: "2025-01-29T18:00:00+00:00")
    a = make_assistant()
    cards = a.ask(REVIEW, "same-second")["pending_approvals"]
    assert len(cards) >= 2

    def listed() -> int:
        [row] = [t for t in facade.my_threads(a, facade.threads.LOCAL_OWNER) if t.thread_id == "same-second"]
        return row.pending

    assert listed() == len(cards)
    a.resume("same-second", "approve", cards[0]["move_id"])
    assert a.pending_approvals("same-second") == []
    assert listed() == 0
