"""Two filters a manager puts on a free-agent list (issue #36, session 22; the thirteenth set's "nobody
from phoenix either" and "only guys under 30 mpg"): `get_free_agents(not_teams=..., max_minutes=...)`,
read from the message into the request frame, carried into short follow-ups and cleared by "any
minutes is fine". Each fails on e1c1d52 (no such arguments: the list kept the team's players and the
30+ mpg players, and the filters never reached the tool)."""
from __future__ import annotations

import datetime as dt
import json
from collections import defaultdict

import pytest

from tests.agents.test_conversation_classes import plan

AS_OF = dt.date(2025, 1, 29)


def _fa_tool(demo_source):
    from agents.tools import build_tools

    return next(t for t in build_tools(demo_source()) if t.name == "get_free_agents")


def _season_mpg(csv_games) -> dict[str, float]:
    mins = defaultdict(list)
    for r in csv_games:
        if r["game_date"] < AS_OF:
            mins[r["player"]].append(r["min"])
    return {k: sum(v) / len(v) for k, v in mins.items()}


def test_not_teams_leaves_the_teams_players_out(demo_source, csv_games):
    tool = _fa_tool(demo_source)
    every = json.loads(tool.invoke({"healthy_only": True, "limit": 25}))["free_agents"]
    assert any(f["team"] == "PHO" for f in every)  # the list has Suns to leave out
    got = json.loads(tool.invoke({"healthy_only": True, "limit": 25, "not_teams": ["suns", "MIA"]}))
    assert got["free_agents"] and not {f["team"] for f in got["free_agents"]} & {"PHO", "MIA"}
    assert got["filters"]["not_teams"] == ["MIA", "PHO"]
    assert [f["name"] for f in got["free_agents"]][:5] == [f["name"] for f in every if f["team"] not in ("PHO", "MIA")][:5]


def test_an_unknown_team_is_said(demo_source):
    from services.models import ServiceError

    with pytest.raises(ServiceError, match="Unknown NBA team 'Gotham'"):
        _fa_tool(demo_source).invoke({"not_teams": ["Gotham"]})


def test_max_minutes_keeps_only_players_under_it_from_the_csv(demo_source, csv_games):
    mpg = _season_mpg(csv_games)
    tool = _fa_tool(demo_source)
    every = json.loads(tool.invoke({"healthy_only": True, "limit": 25}))["free_agents"]
    assert any(mpg[f["name"]] >= 30 for f in every if f["name"] in mpg)  # someone to filter out
    got = json.loads(tool.invoke({"healthy_only": True, "limit": 25, "max_minutes": 30}))["free_agents"]
    assert got and all(mpg[f["name"]] < 30 for f in got if f["name"] in mpg)


def test_the_filters_reach_the_tool_and_carry_into_follow_ups():
    def fa(*turns):
        return next(c["args"] for c in plan(*turns, scoring="categories").tool_calls if c["name"] == "get_free_agents")

    assert fa("best waiver guards, nobody from the lakers or the heat")["not_teams"] == ["LAL", "MIA"]
    assert fa("top pickups", "only guys playing less than 25 minutes a night")["max_minutes"] == 25


def test_any_minutes_clears_the_ceiling(make_assistant):
    a = make_assistant(scoring="categories")
    r1 = a.ask("best free agent forwards this week", None)
    r2 = a.ask("just ones under 28 mpg", r1["thread_id"])
    r3 = a.ask("ok minutes don't matter, show me 4", r2["thread_id"])
    args = [next(c["args"] for c in r["tool_calls"] if c["name"] == "get_free_agents") for r in (r2, r3)]
    assert args[0]["max_minutes"] == 28 and args[0]["position"] == "F"
    assert "max_minutes" not in args[1] and args[1]["limit"] == 4 and args[1]["position"] == "F"
    assert "under 28 minutes a game this season" in r2["answer"]


def test_the_frame_carries_the_filters_into_any_models_call():
    """e1c1d52 had no such frame fields: a real model's bare get_free_agents call after 'nobody from phoenix,
    under 30 mpg' lost both. The supervisor's wrapper (agents.core.frame.tool_args) fills each argument the
    call left unset; one the call set is kept."""
    from agents.core.frame import RequestFrame, tool_args
    from agents.tools.schemas import FreeAgentArgs

    f = RequestFrame(not_teams=["PHO"], max_minutes=30)
    fields = FreeAgentArgs.model_fields
    assert tool_args(f, fields, {"limit": 5}) == {"limit": 5, "not_teams": ["PHO"], "max_minutes": 30}
    assert tool_args(f, fields, {"max_minutes": 25})["max_minutes"] == 25
