"""evaluate_move on a real ESPN league, replayed offline: the user's move scored by the same
optimizer scan as the ESPN cards, a card of kind "espn" marked as the user's, nothing sent."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
import requests_mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services" / "espn"))
from espn_replay import AS_OF, S2, SWID, FakeClock, fixture, free_agent_response, register_league  # noqa: E402

from agents.tools.move_tools import build_move_tools  # noqa: E402
from services import optimizer as opt  # noqa: E402
from services.espn import EspnLeague, TTLCache  # noqa: E402


@pytest.fixture
def league():
    answer = free_agent_response()
    fa = next(p for p in answer["players"] if p["player"]["fullName"] == "Test Freeagent")
    fa["player"].update(injuryStatus="ACTIVE", injured=False)
    with requests_mock.Mocker(real_http=False) as m:
        register_league(m, fixture("league_2023_handmade_main.json"), answer)
        yield EspnLeague(1234, 2023, espn_s2=S2, swid=SWID, my_team_id=1, as_of=AS_OF, cache=TTLCache(clock=FakeClock()))
        assert all(r.method == "GET" for r in m.request_history)


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
