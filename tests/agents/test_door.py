"""The one front door (issue #21): facades that return models, and a card decided by its id alone.

Catches: a decision that needs the caller to know the card's thread or league (the page -> threads
-> services -> backend._build climb), a facade leaking `list[dict]`, another identity deciding a
card, and a second decision of a set applied.
"""
from __future__ import annotations

import pytest

from agents import door

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


@pytest.fixture
def offered(fresh_state):
    """A categories-league thread (bound to the local user) with its pending cards."""
    sup, thread = door.supervisor.open_thread(None, door.threads.LOCAL_OWNER, scoring="categories")
    result = sup.ask_result(REVIEW, thread)
    assert isinstance(result, door.TurnResult) and len(result.pending_approvals) >= 2
    return sup, thread, result.pending_approvals


def test_a_card_is_decided_by_its_id_in_its_own_league(offered, fresh_state):
    sup, thread, cards = offered
    points = door.supervisor.open(scoring="points")  # the door is asked from another league's view
    listed = door.supervisor.pending_cards(points, door.threads.LOCAL_OWNER)
    assert all(isinstance(p, door.models.PendingCard) for p in listed)
    assert {p.card.move_id for p in listed if p.thread_id == thread} == {c.move_id for c in cards}
    assert {p.league for p in listed} == {"Demo · categories · as of 2025-01-29"}
    result = door.supervisor.decide(cards[0].move_id, "approve")  # no thread, no league given
    assert result.error is None and [t.move_id for t in result.transactions] == [cards[0].move_id]
    assert len(fresh_state.store.moves("demo-categories-2025-01-29")) == 1
    assert fresh_state.store.moves("demo-points-2025-01-29") == []
    # the sibling, closed by the approval, and the same card again: refused, naming the winner
    for move_id, decision in ((cards[1].move_id, "approve"), (cards[0].move_id, "decline")):
        again = door.supervisor.decide(move_id, decision)
        assert again.refused and "decided already" in again.error and cards[0].title in again.error
    assert len(fresh_state.store.moves("demo-categories-2025-01-29")) == 1
    rows = sup.transactions()
    assert [type(r) for r in rows] == [door.models.TransactionRow] and rows[0].move_id == cards[0].move_id
    assert rows[0].expected_gain == cards[0].expected_gain and rows[0].add == cards[0].add


def test_the_door_refuses_another_owner_and_unknown_cards(offered, fresh_state):
    _, thread, cards = offered
    with pytest.raises(door.supervisor.NotYours):
        door.supervisor.decide(cards[0].move_id, "approve", owner="api:someone-else")
    with pytest.raises(door.supervisor.NotYours):
        door.supervisor.open_thread(thread, "api:someone-else")
    with pytest.raises(door.supervisor.CardNotFound):
        door.supervisor.decide("mv_never_offered", "approve")
    with pytest.raises(door.ServiceError):
        door.supervisor.decide(cards[0].move_id, "maybe")
    assert fresh_state.store.decisions() == [] and fresh_state.store.moves("demo-categories-2025-01-29") == []


def test_reads_are_models(offered):
    sup, thread, cards = offered
    history = sup.thread_history(thread)
    assert isinstance(history, door.models.ThreadHistory) and history.league.endswith("categories · as of 2025-01-29")
    assert [t.role for t in history.turns][:2] == ["user", "assistant"] and history.turns[0].content == REVIEW
    assert [c.move_id for c in history.pending_approvals] == [c.move_id for c in cards]
    audit = sup.audit(thread)
    assert [type(r) for r in audit] == [door.models.AuditRecord] and audit[0].question == REVIEW
    assert audit[0].pending == [c.move_id for c in cards]
    summary = door.supervisor.my_threads(sup, door.threads.LOCAL_OWNER)
    assert [(t.thread_id, t.pending) for t in summary] == [(thread, len(cards))]


def test_langgraph_json_names_graphs_that_build(courtside_home):
    """Catches langgraph.json pointing at a moved or renamed factory, or a factory that fails:
    each entry imports and builds a compiled graph (no checkpointer) with its agent's nodes."""
    import importlib.util
    import json
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    spec = json.loads((root / "langgraph.json").read_text())
    nodes = {"supervisor": {"classify_intent", "agent", "tools", "present_and_confirm"},
             "desk": {"call_model", "run_tools"}, "signals": {"fetch_news", "estimate_probability"}}
    assert set(spec["graphs"]) == set(nodes)
    for name, ref in spec["graphs"].items():
        path, attr = ref.split(":")
        loaded = importlib.util.spec_from_file_location(f"lg_{name}", root / path)
        module = importlib.util.module_from_spec(loaded)
        loaded.loader.exec_module(module)
        graph = getattr(module, attr)()
        assert nodes[name] <= set(graph.get_graph().nodes) and graph.checkpointer is None


def test_the_supervisors_reads_are_models_never_dicts(offered):
    """Issue #21 "Dicts and dead code": through the door, pending approvals, history, audit records,
    transactions, threads and decided cards come back as pydantic models (nested steps and
    transactions too). Catches the facade handing the runtime's `list[dict]` through (its
    `__getattr__` passes any other name to the assistant: `history`, `audit`, ... did before)."""
    from pydantic import BaseModel

    sup, thread, cards = offered
    assert [type(c) for c in sup.pending_approvals(thread)] == [door.Card] * len(cards)
    done = door.supervisor.decide(cards[0].move_id, "approve")
    assert done.error is None
    reads = {"pending_approvals": sup.pending_approvals(thread), "history": sup.history(thread),
             "audit": sup.audit(thread), "transactions": sup.transactions(), "threads": sup.threads(),
             "decided": sup.decided()}
    assert reads["pending_approvals"] == []  # the approval closed the set
    for name, rows in reads.items():
        assert isinstance(rows, list) and not any(isinstance(r, dict) for r in rows), name
        assert all(isinstance(r, BaseModel) for r in rows), name
    history, audit = reads["history"], reads["audit"]
    assert [(t.role, t.content) for t in history][:1] == [("user", REVIEW)]
    assert all(isinstance(s, door.HistoryStep) for t in history for s in t.steps)
    assert audit[0].is_decision and audit[0].decisions == {cards[0].move_id: "approve"}
    assert [type(x) for x in audit[0].transactions] == [door.Transaction]
    assert audit[0].transactions[0].add == cards[0].add and audit[1].question == REVIEW
    row = reads["transactions"][0]
    assert (row.move_id, row.drop, row.add, row.expected_gain) == (cards[0].move_id, cards[0].drop, cards[0].add,
                                                                   cards[0].expected_gain)
    assert [(d.move_id, d.decision, d.outcome) for d in reads["decided"]] == [(cards[0].move_id, "approve", "applied")]
    assert [t.thread_id for t in reads["threads"]] == [thread]
