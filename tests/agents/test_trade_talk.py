"""The offline planner's trade and ranking plans and answers (agents/offline/trade_talk.py): the
right tool with the right arguments for the question, and an answer whose figures are the tool's."""
from __future__ import annotations

import datetime as dt
import json
from types import SimpleNamespace

import pytest

from agents.offline.trade_talk import plan_trade, trade_answer

AS_OF = dt.date(2025, 1, 29)


def _run(src, calls):
    from agents.tools import build_tools

    tools = {t.name: t for t in build_tools(src)}
    done = {}
    for name, args in calls:
        out = tools[name].invoke(args)
        content = out[0] if isinstance(out, tuple) else out
        done.setdefault(name, []).append({"ok": True, "data": json.loads(content)})
    return done


@pytest.mark.parametrize("text, act, players, cats, expected", [
    ("Would you trade Tyler Herro for Jalen Brunson?", "trade_evaluate", ["Tyler Herro", "Jalen Brunson"], [],
     [("evaluate_trade", {"give": ["Tyler Herro"], "get": ["Jalen Brunson"]})]),
    ("is Herro and Mark Williams for Brunson fair?", "trade_evaluate", ["Tyler Herro", "Mark Williams", "Jalen Brunson"], [],
     [("evaluate_trade", {"give": ["Tyler Herro", "Mark Williams"], "get": ["Jalen Brunson"]})]),
    ("who would take Herro?", "trade_find", ["Tyler Herro"], [], [("find_trades", {"limit": 5, "give": ["Tyler Herro"]})]),
    ("what would it take to get Ivica Zubac?", "trade_find", ["Ivica Zubac"], [],
     [("find_trades", {"limit": 5, "get": ["Ivica Zubac"]})]),
    ("find me a trade that improves my assists", "trade_find", [], ["AST"], [("find_trades", {"limit": 5, "targets": ["AST"]})]),
    ("top 10 free agents by steals over the last 14 days", "research_rankings", [], ["STL"],
     [("get_player_rankings", {"window": "14", "limit": 10, "availability": "free_agents", "sort": "STL"})]),
    ("where does Herro rank this month?", "research_rankings", ["Tyler Herro"], [],
     [("get_player_rankings", {"window": "30", "limit": 10, "player": "Tyler Herro"})]),
])
def test_plans(text, act, players, cats, expected):
    """Catches a trade read backwards (give and get swapped), a lost category or window."""
    p = SimpleNamespace(text=text, act=act, players=players, categories=cats)
    assert plan_trade(p, {}) == expected
    assert plan_trade(p, {"x": []}) == []


def test_answers_carry_the_tools_figures(demo_source):
    """Catches an answer that drops the verdict, the cut of a 2-for-1, or a rank."""
    from tests.trade_rule import sides

    src = demo_source(AS_OF, "points")
    mine, _, theirs = sides(src)  # read from the league: no owner is named here
    p = SimpleNamespace(text=f"is {mine[3]} and {mine[8]} for {theirs[2]} fair?", act="trade_evaluate",
                        players=[mine[3], mine[8], theirs[2]], categories=[])
    done = _run(src, plan_trade(p, {}))
    d = done["evaluate_trade"][0]["data"]
    text = trade_answer(p, done)
    assert d["verdict"] in text and all(r in text for r in d["reasons"])
    assert d["mine"]["gives"][1]["name"] == mine[8] and d["partner"]["gives"][0]["name"] == theirs[2]
    assert f"cuts {d['partner']['cut'][0]['name']}" in text and "2025-03-24" in text
    p = SimpleNamespace(text="where does Herro rank this month?", act="research_rankings", players=["Tyler Herro"],
                        categories=[])
    done = _run(src, plan_trade(p, {}))
    row = done["get_player_rankings"][0]["data"]["players"][0]
    assert trade_answer(p, done).startswith(f"**Tyler Herro ranks #{row['rank']} of ")


@pytest.mark.parametrize("question, tool", [
    ("Would you trade Tyler Herro for Jalen Brunson?", "evaluate_trade"),
    ("top 10 free agents by steals over the last 14 days", "get_player_rankings"),
    ("who would take Herro?", "find_trades"),
])
def test_chat_routes_trade_and_ranking_questions(make_assistant, question, tool):
    """The offline planner (learned intent model + plans) answers in chat with the right tool.
    Catches "trade A for B" read as a drop/add, or a ranking question sent to the free-agent scan."""
    r = make_assistant(as_of=AS_OF, scoring="points").ask(question, f"talk-{tool}")
    assert [c["name"] for c in r["tool_calls"]] == [tool] and r["error"] is None
