"""'I only care about this week' switches the optimizer to its this-week-only (streaming) mode.

The cards must be exactly what the optimizer graph's scan offers in that mode, the
answer says the mode, the choice holds for the thread until the user brings the season back, and
a named move or a hold question is judged in the same mode.
"""
from __future__ import annotations

import pytest

from agents.offline.message_reads import advice_mode


def offered(cards):
    return [(c["drop_id"], c["add_id"], c.get("kind", "swap")) for c in cards]


def pipeline(a, thread, mode, declined=()):
    """The optimizer graph's cards recomputed in `mode` from the candidates that turn gathered
    (propose_moves, the pipeline of its validate_moves step); moves declined earlier in the thread
    are not offered again, the next ones are."""
    from services import optimizer as opt

    values = a.graph.get_state(a.config(thread)).values
    inputs = a.source.optimizer_inputs(free_agents=values["add_candidates"], season=True)
    moves = [(m.drop_id, m.add_id, m.kind) for m in opt.propose_moves(inputs, mode=mode, limit=3 + len(declined)).moves]
    return [m for m in moves if m not in set(declined)][:3]


@pytest.mark.parametrize("text,mode", [
    ("I only care about this week", "this_week"),
    ("forget the rest of the season, help me win this week", "this_week"),
    ("Just this week matters - any moves?", "this_week"),
    ("i'm only focused on this week. who do i drop?", "this_week"),
    ("ok, think about the season again", "balanced"),
    ("what moves should I make?", None),
    ("How did Jokic do this week?", None),
])
def test_phrases_that_set_the_mode(text, mode):
    assert advice_mode(text) == mode


def test_this_week_only_ranks_by_the_week(make_assistant):
    a = make_assistant()
    r = a.ask("I only care about this week, what moves should I make?", "tw")
    assert r["intent"] == "lineup_optimization"
    this_week, balanced = pipeline(a, "tw", "this_week"), pipeline(a, "tw", "balanced")
    assert this_week != balanced  # the modes differ here, so the test can fail
    assert offered(r["pending_approvals"]) == this_week and "Mode: this week only" in r["answer"]
    assert all(c["expected_gain"] > 0 for c in r["pending_approvals"])
    assert a.graph.get_state(a.config("tw")).values["advice_mode"] == "this_week"
    a.resume("tw", "decline")
    gone = offered(r["pending_approvals"])
    r2 = a.ask("what moves should I make?", "tw")  # the thread keeps the choice
    assert offered(r2["pending_approvals"]) == pipeline(a, "tw", "this_week", gone) and "Mode: this week only" in r2["answer"]
    assert r2["pending_approvals"] and not set(offered(r2["pending_approvals"])) & set(gone)  # the next ones, not none
    a.resume("tw", "decline")
    gone += offered(r2["pending_approvals"])
    r3 = a.ask("ok, think about the season again - what moves now?", "tw")
    assert offered(r3["pending_approvals"]) == pipeline(a, "tw", "balanced", gone) and "Mode:" not in r3["answer"]


def test_default_mode_is_balanced(make_assistant):
    a = make_assistant()
    r = a.ask("What moves should I make this week?", "bal")
    assert a.graph.get_state(a.config("bal")).values["advice_mode"] == "balanced"
    assert offered(r["pending_approvals"]) == pipeline(a, "bal", "balanced") and "Mode:" not in r["answer"]


def test_a_named_move_is_judged_in_the_mode_asked(offline_assistant):
    # team 1's OUT John Collins for the top free agent Tyus Jones (the one league on Jan 29)
    lg = offline_assistant.source.league
    assert lg.owner_of("collijo01") == 1 and lg.owner_of("jonesty01") is None
    r = offline_assistant.ask("I only care about this week: drop John Collins and pick up Tyus Jones")
    call = next(c for c in r["tool_calls"] if c["name"] == "evaluate_move")
    assert call["args"]["mode"] == "this_week"
    mine = r["pending_approvals"][0]
    assert mine["origin"] == "user" and (mine["drop"], mine["add"]) == ("John Collins", "Tyus Jones")
