"""The request frame reaches the tools whatever the model (issue #36): a scripted model's tool call
with a constraint field gets it honoured, and a constraint only on the classifier's frame is
copied into the call by the supervisor's tool wrapper. Facts (games next week, free agents) come
from the CSV box scores, computed here.

Each test fails on the code before #36: `find_trades` had no `exclude` or `shape` (the call failed
as a bad argument, and a frame had nowhere to go), `get_player_rankings` cut its rows to 5 when
asked for 15 (the result cap halved the list), `get_free_agents` had no horizon, and nothing
carried a ranking's window and availability into the call.
"""
from __future__ import annotations

import datetime as dt
import json

import pytest
from langchain_core.messages import HumanMessage
from scripted import ScriptedChatModel, build, call, run_graph, tools_msg

from agents.core.frame import RequestFrame
from agents.core.intents import IntentLabel
from services.league.demo_source import DemoSource
from services.store.state import state_store
from tests.conversations import checks as K

AS_OF = dt.date(2025, 1, 29)
SGA, BEAL, CONLEY = "Shai Gilgeous-Alexander", "Bradley Beal", "Mike Conley"


@pytest.fixture(scope="module")
def points():
    return DemoSource(AS_OF, "points", store=state_store())


def _run(source, tool_call, frame: RequestFrame | None = None, thread="t"):
    label = IntentLabel(intent="player_research", frame=frame or RequestFrame())
    model = ScriptedChatModel(turns=[tools_msg(tool_call), "done"], label=label)
    run = run_graph(build(model, source), {"messages": [HumanMessage("scripted")]}, thread)
    [tm] = run.tool_messages
    assert getattr(tm, "status", "success") != "error", tm.content
    return json.loads(tm.content), run


def test_a_model_that_excludes_sga_gets_no_trade_giving_him(points):
    """The issue's 'find me an assists trade without giving up SGA': before, all five gave him
    (and find_trades had no `exclude` to pass). Also the player the unconstrained search gives
    most: excluded, he is in none of the trades."""
    got, _ = _run(points, call("find_trades", targets=["AST"], exclude=[SGA]))
    assert got["trades"] and got["exclude"] == [SGA]
    assert all(SGA not in t["give"] and SGA not in t["get"] for t in got["trades"])
    free, _ = _run(points, call("find_trades", targets=["AST"]), thread="t2")
    gives = [n for t in free["trades"] for n in t["give"]]
    top = max(set(gives), key=gives.count)
    kept, _ = _run(points, call("find_trades", targets=["AST"], exclude=[top]), thread="t3")
    assert kept["trades"] and all(top not in t["give"] for t in kept["trades"])


def test_the_frame_alone_reaches_the_trade_finder(points):
    """A model that understood 'keep Shai' in its label but left it out of the call: the wrapper
    copies the frame's exclude into the call."""
    got, run = _run(points, call("find_trades", targets=["AST"]), RequestFrame(exclude=[SGA]))
    assert got["exclude"] == [SGA] and all(SGA not in t["give"] for t in got["trades"])
    [start] = [e for e in run.of("tool_start") if e["name"] == "find_trades"]
    assert start["args"]["exclude"] == [SGA]


def test_a_two_for_one_shape_returns_only_two_for_one(points):
    """'Beal + Conley for one better player': before, 1-for-2 offers came back."""
    got, _ = _run(points, call("find_trades", give=[BEAL, CONLEY], shape="2-for-1", limit=5))
    assert got["trades"] and got["shape"] == "2-for-1"
    for t in got["trades"]:
        assert sorted(t["give"]) == sorted([BEAL, CONLEY]) and len(t["get"]) == 1


def test_a_count_returns_that_many_rows(points):
    """'top 15' showed 5: the result cap halved the rows."""
    got, _ = _run(points, call("get_player_rankings", limit=15))
    assert len(got["players"]) == 15 and [p["rank"] for p in got["players"]] == list(range(1, 16))


def test_window_and_availability_from_the_frame(points):
    """'only free agents' after a 14-day ranking kept neither: the frame carries both into the call."""
    got, _ = _run(points, call("get_player_rankings"), RequestFrame(window="14", availability="free_agents"))
    assert got["window"] == "14" and got["filters"]["availability"] == "free_agents"
    assert got["players"] and all(p["owner"] == "Free agent" for p in got["players"])


def test_next_week_horizon_counts_next_weeks_games(points):
    """'next week's 3-game players' was answered for this week: each listed free agent has at least
    3 games Monday-Sunday next week (the box scores' schedule, counted here)."""
    got, _ = _run(points, call("get_free_agents", healthy_only=True, min_games_remaining=3, limit=8),
                  RequestFrame(horizon="next_week"))
    start, end = K.NEXT_WEEK
    assert got["window"] == [start.isoformat(), end.isoformat()] and got["free_agents"]
    for f in got["free_agents"]:
        assert f["games_next_week"] == K.games_between(f["name"], start, end) >= 3
    scores = [f["score"] for f in got["free_agents"]]
    assert scores == sorted(scores, reverse=True)


def test_rest_of_season_horizon_ranks_by_season_value(points):
    """'best pickup for the rest of the season' was ranked on this week."""
    got, _ = _run(points, call("get_free_agents", healthy_only=True, limit=5), RequestFrame(horizon="rest_of_season"))
    ros = [f["ros_value"] for f in got["free_agents"]]
    assert ros == sorted(ros, reverse=True) and ros[0] > 0
    week, _ = _run(points, call("get_free_agents", healthy_only=True, limit=5), thread="t9")
    assert [f["name"] for f in week["free_agents"]] != [f["name"] for f in got["free_agents"]]
