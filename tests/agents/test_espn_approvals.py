"""The optimizer tools and the human gate on an ESPN league: the mirror (the demo league of Jan 29 in
ESPN's shapes) read through the real espn-api client over loopback (issue #37: the inputs come
from the league's box-score history). Approving an ESPN card records it once and gives the
manual steps; nothing but GET requests ever reaches "ESPN".

Broken versions caught: ESPN cards built on ESPN's season averages (other moves and gains than the
demo source's on the same date), a card approved twice, a write sent to ESPN.
"""
from __future__ import annotations

import datetime as dt
import json

import pytest
from langchain_core.messages import HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from langgraph.types import Command
from scripted import ScriptedChatModel, call, run_graph, tools_msg

from agents.core.approvals import apply_card
from agents.core.contracts import Card
from agents.supervisor.graph import build_graph
from agents.tools.optimizer_tools import build_optimizer_tools
from services.espn import approved_move_steps
from services.models import ServiceError
from services.store.state import state_store
from tests.espn_mirror import AS_OF, NOON, writes

ASK = "Which free agent should I pick up this week?"


@pytest.fixture
def league(mirror_league, espn_noon):
    return mirror_league("points")


@pytest.fixture
def top(league, demo_source) -> dict:
    """The top card of the demo source on Jan 29 (its drop, add, kind and gain)."""
    [first, *_] = json.loads(next(t for t in build_optimizer_tools(demo_source(AS_OF)) if t.name == "optimize_matchup")
                             .invoke({}))["moves"]
    return first


def _tools(league) -> dict:
    return {t.name: t for t in build_optimizer_tools(league)}


def _graph(league, turns, at=NOON):
    model = ScriptedChatModel(turns, label="lineup_optimization")
    return build_graph(model, league, InMemorySaver(), clock=lambda _card: at)


def _card_turns(top):
    return [tools_msg(call("optimize_matchup")), f"Swap {top['drop']} for {top['add']}."]


def _move(c: dict) -> tuple:
    return (c["drop"], c["add"], c["kind"], c["expected_gain"], c.get("season_gain"))


def test_optimize_matchup_on_espn_returns_the_demos_cards_as_espn_cards(league, sent, demo_source):
    out = json.loads(_tools(league)["optimize_matchup"].invoke({}))
    demo = json.loads(next(t for t in build_optimizer_tools(demo_source(AS_OF)) if t.name == "optimize_matchup")
                      .invoke({}))
    assert [_move(c) for c in out["moves"]] == [_move(c) for c in demo["moves"]] and len(out["moves"]) >= 3
    card = out["moves"][0]
    assert (card["league_kind"], card["league_id"], card["as_of"]) == ("espn", "20251", "2025-01-29")
    assert card["expires_at"] == "2025-01-29T19:00:00"
    assert card["expected_gain"] > 0 and card["unit"] == "pts" and card["move_id"].startswith("mv_")
    assert out["unit"] == "fantasy points" and out["starts"] == demo["starts"]
    assert sent and writes(sent) == []


def test_an_espn_card_after_the_lock_expires_at_tomorrows(league, monkeypatch, top):
    monkeypatch.setattr("agents.core.cards.league_now", lambda kind, as_of: dt.datetime(2025, 1, 29, 20, 0))
    [card, *_] = json.loads(_tools(league)["optimize_matchup"].invoke({"allow_drop": [top["drop"]]}))["moves"]
    assert card["expires_at"] == "2025-01-30T19:00:00"


def test_validate_slot_fit_and_daily_lineup_on_espn(league, top, demo_source):
    tools = _tools(league)
    fit = json.loads(tools["validate_slot_fit"].invoke({"add": top["add"], "drop": top["drop"]}))
    assert fit["valid"] and fit["add"] == top["add"]
    assert [c["drop"] for c in fit["moves"]] == [top["drop"]] and fit["moves"][0]["league_kind"] == "espn"
    lg = league.history()
    theirs = lg.snapshot.players[lg.roster_ids(lg.opponent_id)[0]].ref.name
    with pytest.raises(ServiceError, match=f"{theirs} is on {lg.team_name(lg.opponent_id)[0]}'s roster"):
        tools["validate_slot_fit"].invoke({"add": theirs})
    demo_tools = {t.name: t for t in build_optimizer_tools(demo_source(AS_OF))}
    day = json.loads(tools["compose_daily_lineup"].invoke({"date": "2025-01-31"}))
    want = json.loads(demo_tools["compose_daily_lineup"].invoke({"date": "2025-01-31"}))
    assert [(s["name"], s["slot"]) for s in day["starters"]] == [(s["name"], s["slot"]) for s in want["starters"]]
    assert [(b["name"], b["reason"]) for b in day["bench"]] == [(b["name"], b["reason"]) for b in want["bench"]]
    with pytest.raises(ServiceError, match="not a remaining day"):
        tools["compose_daily_lineup"].invoke({"date": "2025-02-03"})


def _card(run, top: dict) -> dict:
    """The card of the demo's top move among those the turn stopped at the gate with."""
    [interrupt] = run.interrupts
    return next(c for c in interrupt.value["cards"] if (c["drop"], c["add"], c["kind"]) == (top["drop"], top["add"], top["kind"]))


def test_graph_reaches_the_gate_and_approve_records_the_steps_only(fresh_state, league, sent, top, mirror_league):
    graph = _graph(league, _card_turns(top))
    run = run_graph(graph, {"messages": [HumanMessage(ASK)]}, thread_id="espn-1")
    assert run.path == ["classify_intent", "agent", "tools", "agent", "synthesize"]
    card = _card(run, top)
    assert card["league_kind"] == "espn"
    before = league.roster().model_dump()
    out = graph.invoke(Command(resume={card["move_id"]: "approve"}), run.config)
    steps = approved_move_steps(top["drop"], top["add"], 20251)
    [tx] = out["transactions"]
    assert (tx["outcome"], tx["applied"], tx["steps"]) == ("approved", False, steps)
    assert out["answer"].startswith("Approved. Make it in ESPN:\n1. " + steps[0])
    assert writes(sent) == []
    assert mirror_league("points").roster().model_dump() == before  # read again from "ESPN": unchanged
    assert [(m["move_id"], m["card"]["steps"]) for m in state_store().moves("20251")] == [(card["move_id"], steps)]
    assert [(d["decision"], d["outcome"]) for d in state_store().decisions("espn-1")] == [("approve", "approved")]


def test_double_approval_of_an_espn_card_applies_once(fresh_state, league, sent, top, demo_source):
    graphs = [_graph(league, _card_turns(top)) for _ in range(2)]
    runs = [run_graph(g, {"messages": [HumanMessage(ASK)]}, thread_id=f"espn-{i}") for i, g in enumerate(graphs)]
    cards = [_card(r, top) for r in runs]
    assert cards[0]["move_id"] == cards[1]["move_id"]
    outs = [g.invoke(Command(resume={cards[0]["move_id"]: "approve"}), r.config) for g, r in zip(graphs, runs, strict=True)]
    assert [len(o["transactions"]) for o in outs] == [1, 0]
    assert "it was approved already" in outs[1]["answer"]
    again = apply_card(league, Card.model_validate(cards[0]), "espn-direct", clock=lambda _c: NOON)
    assert again["outcome"] == "refused"
    assert len(state_store().moves("20251")) == 1 and writes(sent) == []
    demo = demo_source().league  # the ESPN move never touches the demo league
    assert state_store().moves(demo.league_id) == [] and demo.roster_ids() == demo.drafted[1]


def test_decline_records_nothing_but_the_decision(fresh_state, league, sent, top):
    graph = _graph(league, _card_turns(top))
    run = run_graph(graph, {"messages": [HumanMessage(ASK)]}, thread_id="espn-no")
    out = graph.invoke(Command(resume="decline"), run.config)
    assert out["transactions"] == [] and "Nothing changed" in out["answer"]
    assert state_store().moves("20251") == []
    decided = [d["outcome"] for d in state_store().decisions("espn-no")]
    assert decided and set(decided) == {"declined"}
    assert writes(sent) == []


def test_an_expired_espn_card_is_refused(fresh_state, league, top):
    graph = _graph(league, _card_turns(top), at=dt.datetime(2025, 1, 29, 19, 30))
    run = run_graph(graph, {"messages": [HumanMessage(ASK)]}, thread_id="espn-late")
    out = graph.invoke(Command(resume="approve"), run.config)
    assert out["transactions"] == [] and "the card expired at 2025-01-29T19:00:00" in out["answer"]
    assert state_store().moves("20251") == []


def test_a_second_card_dropping_the_same_player_the_same_day_is_refused(fresh_state, league, top):
    [card, *_] = json.loads(_tools(league)["optimize_matchup"].invoke({"allow_drop": [top["drop"]]}))["moves"]
    other = card | {"move_id": "mv_other", "add_id": "999", "add": "Someone Else"}
    assert apply_card(league, Card.model_validate(card), "t", clock=lambda _c: NOON)["outcome"] == "approved"
    refused = apply_card(league, Card.model_validate(other), "t", clock=lambda _c: NOON)
    assert refused["outcome"] == "refused" and "clashes with a move approved earlier today" in refused["reason"]
    stale = card | {"move_id": "mv_stale", "drop_id": "1", "drop": "Nobody"}
    stale_out = apply_card(league, Card.model_validate(stale), "t", clock=lambda _c: NOON)
    assert "no longer on your ESPN roster" in stale_out["reason"]


def test_an_espn_ir_card_is_approved_with_espns_steps(fresh_state, league, sent):
    """The IR card (an OUT player to the open IR slot, a free agent to his roster spot) is recorded
    with ESPN's clicks; one for a player ESPN does not list OUT is refused. Broken version: every
    ESPN IR card refused ("IR moves in an ESPN league are made on ESPN's roster page")."""
    from services.espn.moves import ir_steps

    cards = json.loads(_tools(league)["optimize_matchup"].invoke({"limit": 10}))["moves"]
    card = next(c for c in cards if c["kind"] == "ir")
    lg = league.history()
    assert lg.snapshot.players[card["drop_id"]].status == "OUT" and lg.ir_ids() == []
    out = apply_card(league, Card.model_validate(card), "espn-ir", clock=lambda _c: NOON)
    steps = ir_steps(card["drop"], card["add"], 20251)
    assert (out["outcome"], out["applied"], out["steps"]) == ("approved", False, steps)
    assert any("IR slot" in s and card["drop"] in s for s in steps) and not any("Drop" in s for s in steps)
    healthy = next(p for p in lg.roster_ids() if lg.snapshot.players[p].status == "ACTIVE")
    forged = card | {"move_id": "mv_ir_healthy", "drop_id": healthy, "drop": lg.snapshot.players[healthy].ref.name,
                     "add_id": card["add_id"]}
    refused = apply_card(league, Card.model_validate(forged), "espn-ir2", clock=lambda _c: NOON)
    assert refused["outcome"] == "refused" and "only an OUT player can go to IR" in refused["reason"]
    assert [m["move_id"] for m in state_store().moves("20251")] == [card["move_id"]] and writes(sent) == []
