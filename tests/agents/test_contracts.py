"""Typed contracts: cards travel through graph state (tool artifacts), turns stream typed events
and end with a `TurnResult`, and `tool_calls` lists every unit of work a turn did.

Bugs these catch (all in the code before issue #9's contracts):
- a full matchup review answered with three cards but `tool_calls: []` (the optimizer's nodes
  were invisible to `ask --json` and the audit);
- `collect_cards` scraped cards out of ToolMessage JSON text, so any tool text with a "moves"
  list became approval cards, and cards a tool handed over were lost if its text was shortened;
- events and results were dicts: an event of an unknown type, or a card missing its move id,
  went through to the UI unnoticed.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import forkrun
from langchain_core.messages import HumanMessage, ToolMessage
from langgraph.graph import END, START, StateGraph
from pydantic import BaseModel, ValidationError
from scripted import ScriptedChatModel, build, call, run_graph, tools_msg
from typing_extensions import TypedDict

from agents.core.contracts import (Card, DoneEvent, StepEvent, ToolEnd, ToolStart, TurnResult, as_event, cards_of)
from agents.supervisor.nodes import collect_cards
from agents.supervisor.tool_calls import traced_node

REPO = Path(__file__).resolve().parents[2]
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
OPTIMIZER_NODES = ["parse_intent", "gather_rosters", "analyze_schedule", "check_injuries", "identify_candidates",
                   "validate_moves", "compose_lineup"]
JSON_KEYS = {"thread_id", "intent", "tool_calls", "answer", "pending_approvals", "transactions", "llm_calls",
             "elapsed_ms", "error"}


def test_a_full_review_reports_every_optimizer_node_in_tool_calls_and_the_audit(make_assistant):
    a = make_assistant()
    events = list(a.stream_turn(REVIEW, "review-calls"))
    result = events[-1].result
    steps = {e.node for e in events if isinstance(e, StepEvent)}  # the nodes that said what they did
    names = [c.name for c in result.tool_calls]
    assert result.pending_approvals and steps == set(OPTIMIZER_NODES) and set(names) == steps | {"summarize"}
    # in graph order; a relaxed pass runs identify_candidates and validate_moves again
    assert names[:4] == OPTIMIZER_NODES[:4] and names[-2:] == ["compose_lineup", "summarize"]
    passes = names[4:-2]
    assert passes and passes == ["identify_candidates", "validate_moves"] * (len(passes) // 2)
    assert all(c.ok and c.ms >= 0 for c in result.tool_calls)
    first = next(c for c in result.tool_calls if c.name == "validate_moves")
    assert first.args["pass"] == 1 and first.args["mode"] == "balanced" and first.args["add_candidates"] > 0
    audit = a.audit("review-calls")[0]["tool_calls"]
    assert [(c["name"], c["ok"], c.get("node")) for c in audit] == [(c.name, True, True) for c in result.tool_calls]
    said = {e.node: e.text for e in events if isinstance(e, StepEvent)}  # the last pass's words
    assert {c["name"]: c["summary"] for c in audit if c["name"] in said} == said


def test_a_node_that_fails_is_a_failed_call_and_still_raises():
    class S(TypedDict, total=False):
        x: int

    def boom(_state):
        raise RuntimeError("the league could not be read")

    g = StateGraph(S)
    g.add_node("gather_rosters", traced_node("gather_rosters", boom, lambda s: {"x": s.get("x")}))
    g.add_edge(START, "gather_rosters")
    g.add_edge("gather_rosters", END)
    events = []
    with pytest.raises(RuntimeError):
        for mode, data in g.compile().stream({"x": 7}, stream_mode=["custom"]):
            events.append(as_event(data))
    start, end = events
    assert isinstance(start, ToolStart) and start.node and start.args == {"x": 7}
    assert isinstance(end, ToolEnd) and end.id == start.id and end.ok is False and end.ms >= 0


def test_card_tools_hand_their_cards_to_graph_state_as_artifacts(demo_source):
    source = demo_source()
    model = ScriptedChatModel([tools_msg(call("optimize_matchup", limit=3)), "Top moves below."],
                              label="free_agent_scan")
    run = run_graph(build(model, source, optimizer_route=False), {"messages": [HumanMessage("Any moves?")]})
    tool_msg = next(m for m in run.tool_messages if m.name == "optimize_matchup")
    question = next(m for m in run.state["messages"] if isinstance(m, HumanMessage))
    handed = run.state["tool_cards"][question.id]
    assert handed == tool_msg.artifact and handed  # the artifact, validated, in state
    assert [c.move_id for c in cards_of(handed)] == [c["move_id"] for c in json.loads(tool_msg.content)["moves"]]
    assert {c["move_id"] for c in run.state["pending_cards"]} <= {c["move_id"] for c in handed}


def test_cards_are_read_from_state_never_from_tool_text():
    card = {"move_id": "mv_1", "title": "Drop A -> Add B", "drop": "A", "add": "B", "drop_id": "a", "add_id": "b",
            "expected_gain": 5.0, "unit": "pts", "expires_at": "2025-01-29T19:00:00", "league_id": "demo-points",
            "team_id": 1, "as_of": "2025-01-29"}
    q = HumanMessage("any moves?", id="q1")
    text_only = ToolMessage(content=json.dumps({"moves": [card]}), tool_call_id="c1", name="optimize_matchup")
    assert collect_cards({"messages": [q, text_only]}) == []  # text that looks like cards is only text
    # cards of an earlier turn are not offered again
    assert collect_cards({"messages": [q, HumanMessage("and now?", id="q2")], "tool_cards": {"q1": [card]}}) == []
    assert [c["move_id"] for c in collect_cards({"messages": [q], "tool_cards": {"q1": [card]}})] == ["mv_1"]


def test_every_event_of_a_turn_is_typed_and_unknown_events_are_refused(make_assistant):
    a = make_assistant()
    events = list(a.stream_turn("How has Tyrese Haliburton played lately?", "typed"))
    assert all(isinstance(e, BaseModel) for e in events)
    assert isinstance(events[-1], DoneEvent) and isinstance(events[-1].result, TurnResult)
    starts = {e.id for e in events if isinstance(e, ToolStart)}
    assert starts and starts == {e.id for e in events if isinstance(e, ToolEnd)}
    with pytest.raises(ValidationError):
        as_event({"type": "cards_now", "cards": []})
    with pytest.raises(ValidationError):
        as_event({"type": "approvals", "cards": [{"title": "no move id"}]})


def test_cards_the_optimizer_makes_are_valid_cards(make_assistant):
    cards = make_assistant().ask(REVIEW, "valid-cards")["pending_approvals"]
    assert cards
    for c in cards:
        assert Card.model_validate(c).model_dump(mode="json") == c  # the card round-trips unchanged


def _cli(home: Path, *args: str) -> tuple[int, dict]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env["COURTSIDE_HOME"] = str(home)
    p = forkrun.run(["-m", "agents", *args, "--json"], cwd=REPO, env=env, timeout=120)
    out = p.stdout.strip()
    return p.returncode, json.loads(out[out.find("{"):])


def test_ask_and_resume_json_are_the_turn_result(fresh_state):
    code, out = _cli(fresh_state.home, "ask", REVIEW, "--as-of", "2025-01-29")
    assert code == 0 and set(out) == JSON_KEYS  # `refused` only when true
    assert TurnResult.model_validate(out).model_dump(mode="json") == out
    assert "parse_intent" in [c["name"] for c in out["tool_calls"]]
    code, bad = _cli(fresh_state.home, "resume", "--thread", out["thread_id"], "--decision", "approve", "--move", "mv_nope")
    assert code == 1 and bad["refused"] is True and set(bad) == JSON_KEYS | {"refused"}
    assert bad["pending_approvals"] == out["pending_approvals"]  # nothing was decided


def test_the_signals_pods_steps_are_calls_of_the_turn(make_assistant):
    events = list(make_assistant().stream_turn("any edges tonight?", "edges"))
    result = events[-1].result
    steps = [e for e in events if isinstance(e, StepEvent) and e.graph == "Signals"]
    assert result.intent == "market_edges" and steps
    assert [(c.name, c.args.get("game_id"), c.ok) for c in result.tool_calls] == \
        [(s.node, s.game_id, s.ok is not False) for s in steps]
    assert all(c.args["game_id"] for c in result.tool_calls)  # each step names its game


def test_an_approval_reports_a_typed_transaction_and_the_audit_keeps_it(make_assistant):
    a = make_assistant()
    card = a.ask(REVIEW, "approve-typed")["pending_approvals"][0]
    r = a.resume("approve-typed", "approve", card["move_id"])
    (t,) = r["transactions"]
    assert (t["move_id"], t["outcome"], t["drop"], t["add"]) == (card["move_id"], "applied", card["drop"], card["add"])
    assert t["expected_gain"] == card["expected_gain"] and t["unit"] == card["unit"]
    assert TurnResult.model_validate(r).model_dump(mode="json") == r
    decision = next(rec for rec in a.audit("approve-typed") if rec["question"].startswith("[decision]"))
    assert decision["transactions"] == r["transactions"]  # stored as JSON, not as a model's repr
