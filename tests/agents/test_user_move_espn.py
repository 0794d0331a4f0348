"""evaluate_move on an ESPN league (the mirror through espn-api over loopback): the user's move
scored by the same optimizer scan as the ESPN cards, on the league's box-score history, a card of
kind "espn" marked as the user's, nothing sent.

Broken versions caught: the user's move scored on ESPN's season averages (another gain than the
scan's), the names taken in the order typed (a free agent "dropped").
"""
from __future__ import annotations

import json

import pytest

from agents.tools.move_tools import build_move_tools
from services import optimizer as opt


@pytest.fixture
def league(mirror_league):
    return mirror_league("points")


def test_the_users_espn_move_is_scored_and_marked(league, demo_source):
    inputs = league.optimizer_inputs()
    drop = min(inputs.roster, key=lambda p: p.expected["fpts"] * p.availability)  # my weakest player
    add = max(inputs.free_agents, key=lambda p: p.expected["fpts"] * p.availability * len(p.game_days))
    tool = next(t for t in build_move_tools(league) if t.name == "evaluate_move")
    out = json.loads(tool.invoke({"drop": add.name, "add": drop.name}))  # reversed: ownership decides
    ref = next(m for m in opt.scan_moves(inputs, allow_drop={drop.player_id})
               if (m.drop_id, m.add_id) == (drop.player_id, add.player_id))
    mine = out["move"]
    assert out["swapped"] is True and (mine["drop"], mine["add"]) == (drop.name, add.name)
    assert mine["origin"] == "user" and mine["league_kind"] == "espn" and mine["title"].startswith("Your move: ")
    assert mine["expected_gain"] == round(ref.gain, 1)
    demo = json.loads(next(t for t in build_move_tools(demo_source()) if t.name == "evaluate_move")
                      .invoke({"drop": drop.name, "add": add.name}))["move"]
    assert (mine["expected_gain"], mine.get("season_gain")) == (demo["expected_gain"], demo.get("season_gain"))
    assert (mine["expected_gain"] < 0) == any("expected to cost" in w for w in out["warnings"])
