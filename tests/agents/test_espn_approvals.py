"""The optimizer tools and the human gate on a real ESPN league, replayed offline.

ESPN is requests-mock over the recorded fixtures (tests/fixtures/espn); the free-agent answer has
the test free agent healthy so a move can help. Approving an ESPN card records it once and gives
the manual steps; nothing but GET requests ever reaches "ESPN".
"""
from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import pytest
import requests_mock
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command
from scripted import ScriptedChatModel, call, run_graph, tools_msg

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services" / "espn"))
from espn_replay import (AS_OF, LEAGUE_URL, S2, SEASON_URL, SWID, FakeClock, fixture,  # noqa: E402
                         free_agent_response, player_card, register_league)

from agents.core.approvals import apply_card  # noqa: E402
from agents.core.contracts import Card  # noqa: E402
from agents.supervisor.graph import build_graph  # noqa: E402
from agents.tools.optimizer_tools import build_optimizer_tools  # noqa: E402
from services.espn import EspnLeague, TTLCache, approved_move_steps  # noqa: E402
from services.models import ServiceError  # noqa: E402
from services.store.state import state_store  # noqa: E402

NOON = dt.datetime(2023, 2, 2, 12, 0)  # ESPN's (Eastern) clock in these tests
ASK = "Which free agent should I pick up for Josh Hart this week?"


def _healthy_free_agents() -> dict:
    answer = free_agent_response()
    fa = next(p for p in answer["players"] if p["player"]["fullName"] == "Test Freeagent")
    fa["player"].update(injuryStatus="ACTIVE", injured=False)
    return answer


@pytest.fixture
def espn():
    with requests_mock.Mocker(real_http=False) as m:
        register_league(m, fixture("league_2023_handmade_main.json"), _healthy_free_agents())
        yield m


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def league(espn, clock, monkeypatch) -> EspnLeague:
    monkeypatch.setattr("agents.core.cards.league_now", lambda kind, as_of: NOON)
    return EspnLeague(1234, 2023, espn_s2=S2, swid=SWID, my_team_id=1, as_of=AS_OF, cache=TTLCache(clock=clock))


def _tools(league) -> dict:
    return {t.name: t for t in build_optimizer_tools(league)}


def _writes(espn) -> list[str]:
    return [f"{r.method} {r.url}" for r in espn.request_history if r.method != "GET"]


def _graph(league, turns, at=NOON):
    model = ScriptedChatModel(turns, label="lineup_optimization")
    return build_graph(model, league, InMemorySaver(), clock=lambda _card: at)


def _card_turns():
    return [tools_msg(call("optimize_matchup", allow_drop=["Josh Hart"])), "Swap Josh Hart for Test Freeagent."]


def test_optimize_matchup_on_espn_returns_espn_cards(league, espn):
    out = json.loads(_tools(league)["optimize_matchup"].invoke({"allow_drop": ["hart"]}))
    [card] = out["moves"]
    assert (card["drop"], card["add"], card["league_kind"], card["league_id"]) == (
        "Josh Hart", "Test Freeagent", "espn", "1234")
    assert card["expires_at"] == "2023-02-02T19:00:00" and card["as_of"] == "2023-02-02"
    assert card["expected_gain"] > 0 and card["unit"] == "pts" and card["move_id"].startswith("mv_")
    assert out["unit"] == "fantasy points" and "Karl-Anthony Towns" not in out["starts"]
    assert _writes(espn) == []


def test_optimize_matchup_says_when_no_move_helps(league):
    out = json.loads(_tools(league)["optimize_matchup"].invoke({}))
    assert out["moves"] == [] and out["note"].startswith("no drop/add pair gains over standing pat")


def test_an_espn_card_after_the_lock_expires_at_tomorrows(league, monkeypatch):
    monkeypatch.setattr("agents.core.cards.league_now", lambda kind, as_of: dt.datetime(2023, 2, 2, 20, 0))
    [card] = json.loads(_tools(league)["optimize_matchup"].invoke({"allow_drop": ["Josh Hart"]}))["moves"]
    assert card["expires_at"] == "2023-02-03T19:00:00"


def test_validate_slot_fit_and_daily_lineup_on_espn(league):
    tools = _tools(league)
    fit = json.loads(tools["validate_slot_fit"].invoke({"add": "test freeagent", "drop": "Josh Hart"}))
    assert fit["valid"] and fit["add"] == "Test Freeagent" and fit["add_games_remaining"] == 2
    assert [c["drop"] for c in fit["moves"]] == ["Josh Hart"] and fit["moves"][0]["league_kind"] == "espn"
    with pytest.raises(ServiceError, match="Giannis Antetokounmpo is on Buzzer Beaters's roster"):
        tools["validate_slot_fit"].invoke({"add": "Giannis"})
    with pytest.raises(ServiceError, match="is in your IR slot"):
        tools["validate_slot_fit"].invoke({"add": "Test Freeagent", "drop": "Towns"})
    day = json.loads(tools["compose_daily_lineup"].invoke({"date": "2023-02-03"}))
    assert {s["name"] for s in day["starters"]} == {"Keegan Murray", "Josh Hart"}
    assert {b["reason"] for b in day["bench"]} == {"no game"} and day["on_ir"] == ["Karl-Anthony Towns"]
    with pytest.raises(ServiceError, match="not a remaining day"):
        tools["compose_daily_lineup"].invoke({"date": "2023-02-06"})


def test_graph_reaches_the_gate_and_approve_records_the_steps_only(league, espn, clock, fresh_state):
    graph = _graph(league, _card_turns())
    run = run_graph(graph, {"messages": [HumanMessage(ASK)]}, thread_id="espn-1")
    assert run.path == ["classify_intent", "agent", "tools", "agent", "synthesize"]
    [interrupt] = run.interrupts
    [card] = interrupt.value["cards"]
    assert card["league_kind"] == "espn" and (card["drop"], card["add"]) == ("Josh Hart", "Test Freeagent")
    before = league.roster().model_dump()
    out = graph.invoke(Command(resume={card["move_id"]: "approve"}), run.config)
    steps = approved_move_steps("Josh Hart", "Test Freeagent", 1234)
    [tx] = out["transactions"]
    assert (tx["outcome"], tx["applied"], tx["steps"]) == ("approved", False, steps)
    assert out["answer"].startswith("Approved. Make it in ESPN:\n1. " + steps[0])
    assert _writes(espn) == []
    clock.advance(24 * 3600)  # past every TTL: the roster is read from "ESPN" again
    assert league.roster().model_dump() == before
    assert [(m["move_id"], m["card"]["steps"]) for m in state_store().moves("1234")] == [(card["move_id"], steps)]
    assert [(d["decision"], d["outcome"]) for d in state_store().decisions("espn-1")] == [("approve", "approved")]


def test_double_approval_of_an_espn_card_applies_once(league, espn, fresh_state, demo_source):
    graphs = [_graph(league, _card_turns()) for _ in range(2)]
    runs = [run_graph(g, {"messages": [HumanMessage(ASK)]}, thread_id=f"espn-{i}") for i, g in enumerate(graphs)]
    cards = [r.interrupts[0].value["cards"][0] for r in runs]
    assert cards[0]["move_id"] == cards[1]["move_id"]
    outs = [g.invoke(Command(resume="approve"), r.config) for g, r in zip(graphs, runs, strict=True)]
    assert [len(o["transactions"]) for o in outs] == [1, 0]
    assert "it was approved already" in outs[1]["answer"]
    again = apply_card(league, Card.model_validate(cards[0]), "espn-direct", clock=lambda _c: NOON)
    assert again["outcome"] == "refused"
    assert len(state_store().moves("1234")) == 1 and _writes(espn) == []
    demo = demo_source().league  # the ESPN move never touches the demo league
    assert state_store().moves(demo.league_id) == [] and demo.roster_ids() == demo.drafted[1]


def test_decline_records_nothing_but_the_decision(league, espn, fresh_state):
    graph = _graph(league, _card_turns())
    run = run_graph(graph, {"messages": [HumanMessage(ASK)]}, thread_id="espn-no")
    out = graph.invoke(Command(resume="decline"), run.config)
    assert out["transactions"] == [] and "Nothing changed" in out["answer"]
    assert state_store().moves("1234") == []
    assert [d["outcome"] for d in state_store().decisions("espn-no")] == ["declined"]
    assert _writes(espn) == []


def test_an_expired_espn_card_is_refused(league, espn, fresh_state):
    graph = _graph(league, _card_turns(), at=dt.datetime(2023, 2, 2, 19, 30))
    run = run_graph(graph, {"messages": [HumanMessage(ASK)]}, thread_id="espn-late")
    out = graph.invoke(Command(resume="approve"), run.config)
    assert out["transactions"] == [] and "the card expired at 2023-02-02T19:00:00" in out["answer"]
    assert state_store().moves("1234") == []


def test_a_second_card_dropping_the_same_player_the_same_day_is_refused(league, espn, fresh_state):
    [card] = json.loads(_tools(league)["optimize_matchup"].invoke({"allow_drop": ["Josh Hart"]}))["moves"]
    other = card | {"move_id": "mv_other", "add_id": "999", "add": "Someone Else"}
    assert apply_card(league, Card.model_validate(card), "t", clock=lambda _c: NOON)["outcome"] == "approved"
    refused = apply_card(league, Card.model_validate(other), "t", clock=lambda _c: NOON)
    assert refused["outcome"] == "refused" and "clashes with a move approved earlier today" in refused["reason"]
    stale = card | {"move_id": "mv_stale", "drop_id": "1", "drop": "Nobody"}
    stale_out = apply_card(league, Card.model_validate(stale), "t", clock=lambda _c: NOON)
    assert "no longer on your ESPN roster" in stale_out["reason"]
