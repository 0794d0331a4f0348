"""One move pipeline: the optimizer node, the optimize_matchup tool and an ESPN league all offer
propose_moves' moves, free of conflicts.

Catches: the tool and the node ranking or filtering moves differently (two pipelines that drift:
the tool kept every move with a positive score, the node a week-gain floor and a 12-player pool),
the ESPN path offering conflicting moves (it ranked the scan without conflict removal: one player
dropped or added on two cards), and a `target_categories` argument the tool accepted and ignored.
"""
from __future__ import annotations

import datetime as dt
import json

import pytest

from agents.matchup_optimizer.nodes import make_nodes
from agents.tools.optimizer_tools import build_optimizer_tools
from services import optimizer as opt
from services.league.demo_source import DemoSource
from services.models import ServiceError
from services.store.state import state_store

AS_OF = dt.date(2025, 1, 29)  # the ESPN mirror's morning

REVIEW = "Review my matchup and help me optimize for this week."
JAN_31 = dt.date(2025, 1, 31)
NODE_ORDER = ["parse_intent", "gather_rosters", "analyze_schedule", "check_injuries", "identify_candidates",
              "validate_moves", "compose_lineup"]


def tool(source, name="optimize_matchup"):
    return next(t for t in build_optimizer_tools(source) if t.name == name)


def moves_of(cards: list[dict]) -> list[tuple]:
    return [(c["drop_id"], c["add_id"], c.get("kind", "swap")) for c in cards]


def no_conflicts(cards: list[dict]) -> bool:
    drops, adds = [c["drop_id"] for c in cards], [c["add_id"] for c in cards]
    return len(set(drops)) == len(drops) and len(set(adds)) == len(adds)


def run_nodes(source, question: str = REVIEW, **label) -> dict:
    """The optimizer's nodes in order; the classifier's label (what routing put in state) asks for moves."""
    from langchain_core.messages import HumanMessage

    from agents.core.intents import IntentLabel

    intent_label = IntentLabel(intent="lineup_optimization", wants_moves=True, **label).model_dump(mode="json")
    nodes, state = make_nodes(source), {"messages": [HumanMessage(question)], "intent_label": intent_label}
    for name in NODE_ORDER:
        state |= nodes[name](state)
    return state


@pytest.mark.parametrize("mode", ["balanced", "this_week"])
def test_jan_31_tool_and_node_offer_the_same_conflict_free_moves(make_assistant, mode):
    a = make_assistant(as_of=JAN_31, advice_mode=mode)
    expected = opt.propose_moves(a.source.optimizer_inputs(season=True), mode=mode)
    assert len(expected.moves) >= 2
    by_tool = json.loads(tool(a.source).invoke({"limit": 3, "mode": mode}))["moves"]
    by_node = a.ask(REVIEW, f"pipe-{mode}")["pending_approvals"]
    assert moves_of(by_tool) == moves_of(by_node) == [(m.drop_id, m.add_id, m.kind) for m in expected.moves]
    assert [c["move_id"] for c in by_tool] == [c["move_id"] for c in by_node]
    wide = json.loads(tool(a.source).invoke({"limit": 10, "mode": mode}))["moves"]
    assert len(wide) >= len(by_tool) and no_conflicts(wide)  # Schröder and Porter Jr. on one card at most


def test_the_tool_honours_target_categories():
    src = DemoSource(dt.date(2025, 1, 29), "categories", store=state_store())
    inputs = src.optimizer_inputs(season=True)
    per_game = {p.player_id: p.expected for p in (*inputs.roster, *inputs.free_agents)}
    plain = json.loads(tool(src).invoke({}))["moves"]
    blocks = json.loads(tool(src).invoke({"target_categories": ["blocks"]}))
    assert blocks["target_categories"] == ["BLK"] and blocks["moves"]
    assert all(per_game[c["add_id"]]["blk"] > per_game[c["drop_id"]]["blk"] for c in blocks["moves"])
    assert moves_of(blocks["moves"]) != moves_of(plain)
    with pytest.raises(ServiceError, match="Unknown category 'charisma'"):
        tool(src).invoke({"target_categories": ["charisma"]})


def test_the_node_honours_target_categories_too():
    src = DemoSource(dt.date(2025, 1, 29), "categories", store=state_store())
    state = run_nodes(src, "Help me optimize my matchup, I need blocks", target_categories=["blocks"])
    assert state["target_categories"] == ["BLK"]
    by_tool = json.loads(tool(src).invoke({"target_categories": ["BLK"]}))["moves"]
    assert moves_of(state["pending_cards"]) == moves_of(by_tool)


@pytest.fixture
def espn_league(mirror_league):
    """The mirror's points league through espn-api over loopback (tests/conftest.py)."""
    return mirror_league("points")


def test_espn_tool_and_node_run_the_same_pipeline(espn_league):
    inputs = espn_league.optimizer_inputs(season=True)  # as the tool reads them (IR cards need the season)
    allow = {p.player_id for p in inputs.roster}  # nobody protected: enough moves to conflict
    expected = opt.propose_moves(inputs, allow_drop=allow, limit=10)
    raw = [m for m in opt.scan_moves(inputs, allow_drop=allow, limit=10) if m.gain > 0]
    assert len({m.add_id for m in raw}) < len(raw)  # the plain ranking repeats a player: conflicts to remove
    names = [espn_league.player_name(pid) for pid in sorted(allow)]
    by_tool = json.loads(tool(espn_league).invoke({"limit": 10, "allow_drop": names}))["moves"]
    assert moves_of(by_tool) == [(m.drop_id, m.add_id, m.kind) for m in expected.moves] and no_conflicts(by_tool)
    assert all(c["league_kind"] == "espn" and c["league_id"] == "20251" for c in by_tool)
    state = run_nodes(espn_league)
    default = json.loads(tool(espn_league).invoke({}))["moves"]
    assert moves_of(state["pending_cards"]) == moves_of(default)
    assert state["week_window"]["start"] == AS_OF.isoformat()
