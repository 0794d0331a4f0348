"""Classes found in session 17 (issue #36), part two: the trade under discussion and self-corrections,
each with phrasings of its own (part one: test_conversation_classes_s17.py):

- "what if I add Conley to it?" / "throw in Bol Bol too" / "ask for Capela too" after a trade verdict
  is that trade with the player on the side named (644ab1f: a pickup fit check of Conley), and "ok
  propose it" proposes that trade (644ab1f: the greeting);
- a self-correction ("compare beal and conley. wait I meant bogdanovic not conley", "show me trades,
  actually forget trades, just give me a pickup", "sorry I meant Mobley not Mitchell" as its own turn)
  is what the manager ends up asking (644ab1f: all three compared, the trades, a clarifying question).
"""
from __future__ import annotations

import pytest

from tests.agents.test_conversation_classes import plan


@pytest.mark.parametrize("turns,give,get", [
    (("would you trade barnes for trae young?", "what if I add conley to it"),
     ["Scottie Barnes", "Mike Conley"], ["Trae Young"]),
    (("is Beal for Jalen Green fair?", "throw in Bol Bol too"), ["Bradley Beal", "Bol Bol"], ["Jalen Green"]),
    (("would you trade barnes for trae young?", "ask for Clint Capela too"), ["Scottie Barnes"],
     ["Trae Young", "Clint Capela"]),
])
def test_adding_a_player_to_the_trade_under_discussion(turns, give, get):
    """'What if I add Conley to it?' after a trade verdict is that trade with Conley on my side ('ask
    for Capela too': on theirs); 644ab1f checked whether Conley fits my roster as a pickup."""
    from tests.agents.test_conversation_classes import args_of

    a = args_of(plan(*turns), "evaluate_trade")
    assert sorted(a["give"]) == sorted(give) and sorted(a["get"]) == sorted(get)


def plan_all(*turns: str, scoring: str = "points"):
    """`plan` with every tool of the registry bound (propose_trade and get_my_moves included)."""
    import datetime as dt

    from langchain_core.messages import AIMessage, HumanMessage

    from agents.models.model_call import CallInfo, call_config
    from agents.offline.planner import OfflinePlanner
    from agents.tools import TOOL_NAMES

    msgs = [m for t in turns[:-1] for m in (HumanMessage(t), AIMessage("Here you go."))] + [HumanMessage(turns[-1])]
    planner = OfflinePlanner().bind_tools([{"name": n} for n in TOOL_NAMES])
    return planner.invoke(msgs, config=call_config(CallInfo(purpose="plan", as_of=dt.date(2025, 1, 29), scoring=scoring)))


@pytest.mark.parametrize("reply", ["ok propose it", "send them the offer", "fine, make the offer"])
def test_propose_it_after_a_verdict_proposes_that_trade(reply):
    from tests.agents.test_conversation_classes import args_of

    a = args_of(plan_all("would you trade barnes for trae young?", reply), "propose_trade")
    assert a == {"give": ["Scottie Barnes"], "get": ["Trae Young"]}


@pytest.mark.parametrize("text,tool,want", [
    ("compare beal and conley. wait I meant bogdanovic not conley", "compare_players",
     {"names": ["Bradley Beal", "Bogdan Bogdanović"]}),
    ("show me trades, actually forget trades, just give me a pickup", "get_free_agents", {}),
    ("trade ideas. actually no - pickups for steals", "get_free_agents", {"target_categories": ["STL"]}),
])
def test_a_self_correction_in_the_message_is_what_it_ends_up_asking(text, tool, want):
    """644ab1f compared all three players and searched trades (the first request, then cancelled)."""
    from tests.agents.test_conversation_classes import args_of

    msg = plan(text, scoring="categories")
    a = args_of(msg, tool)
    assert {k: a.get(k) for k in want} == want
    assert "find_trades" not in [c["name"] for c in msg.tool_calls] or tool == "find_trades"


@pytest.mark.parametrize("turns,tool,want", [
    (("how has Donovan Mitchell played lately", "sorry I meant Mobley not Mitchell"), "get_player_game_log",
     {"name": "Evan Mobley"}),
    (("would you trade barnes for trae young", "oops i meant lamelo not barnes"), "evaluate_trade",
     {"give": ["LaMelo Ball"], "get": ["Trae Young"]}),
])
def test_a_correction_of_a_name_redoes_the_previous_request(turns, tool, want):
    from tests.agents.test_conversation_classes import args_of

    a = args_of(plan(*turns), tool)
    assert {k: a.get(k) for k in want} == want


@pytest.mark.parametrize("text", ["should I wait on Ivey or drop him", "is he actually any good this week?"])
def test_wait_and_actually_inside_a_sentence_cancel_nothing(text):
    from agents.offline.corrections import rewrite

    assert rewrite(text) == text
