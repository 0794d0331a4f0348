"""evaluate_move on a real ESPN league, replayed offline: the user's move scored by the same
optimizer scan as the ESPN cards, a card of kind "espn" marked as the user's, nothing sent."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services" / "espn"))
from espn_replay import replayed_league_healthy_fa  # noqa: E402

from agents.tools.move_tools import build_move_tools  # noqa: E402
from services import optimizer as opt  # noqa: E402


@pytest.fixture
def league():
    with replayed_league_healthy_fa() as lg:
        yield lg


def test_the_users_espn_move_is_scored_and_marked(league):
    tool = next(t for t in build_move_tools(league) if t.name == "evaluate_move")
    out = json.loads(tool.invoke({"drop": "Test Freeagent", "add": "Josh Hart"}))  # reversed: ownership decides
    hart, fa = league.resolve_id("Josh Hart"), league.resolve_id("Test Freeagent")
    ref = next(m for m in opt.scan_moves(league.optimizer_inputs(), allow_drop={hart}) if (m.drop_id, m.add_id) == (hart, fa))
    mine = out["move"]
    assert out["swapped"] is True and (mine["drop"], mine["add"]) == ("Josh Hart", "Test Freeagent")
    assert mine["origin"] == "user" and mine["league_kind"] == "espn" and mine["title"].startswith("Your move: ")
    assert mine["expected_gain"] == round(ref.gain, 1)
    assert (mine["expected_gain"] < 0) == any("expected to cost" in w for w in out["warnings"])
