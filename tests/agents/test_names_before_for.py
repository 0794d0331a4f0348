"""A lowercase surname in "x for Y" (issue #36, session 16): the name is resolved by who is on my
roster first (then the thread, then the league), whatever its case, before trade vs swap is decided.
Catches 49f4923, where "ball for trae young" (no question mark) and "trade ball for trae young"
read only Trae Young and searched trades giving him ("Trae Young is not on Courtside Crew's active
roster"), and "jackson for trae young?" searched trades instead of valuing that trade (Jaren Jackson
Jr.'s suffix hid his surname from the side reader).
"""
from __future__ import annotations

import pytest

from tests.agents.test_conversation_classes import args_of, plan
from agents.offline.trade_sides import split_sides


@pytest.mark.parametrize("text,give,get", [
    ("ball for trae young", "LaMelo Ball", "Trae Young"),
    ("trade ball for trae young", "LaMelo Ball", "Trae Young"),
    ("jackson for trae young?", "Jaren Jackson Jr.", "Trae Young"),
    ("james for jalen green, fair?", "LeBron James", "Jalen Green"),
])
def test_a_lowercase_surname_of_mine_before_for_is_my_side(make_assistant, text, give, get):
    a = make_assistant(scoring="points")
    r = a.ask(text, "nf")
    [ev] = [c["args"] for c in r["tool_calls"] if c["name"] == "evaluate_trade"]
    assert ev == {"give": [give], "get": [get]}
    assert not any(c["name"] == "find_trades" for c in r["tool_calls"])


def test_a_lowercase_surname_for_a_free_agent_is_a_swap(make_assistant):
    a = make_assistant(scoring="points")
    r = a.ask("ball for braun", "nf2")
    [mv] = [c["args"] for c in r["tool_calls"] if c["name"] == "evaluate_move"]
    assert mv["drop"] == "LaMelo Ball" and mv["add"] == "Christian Braun"
    assert r["answer"].lstrip("_").count("Drop LaMelo Ball -> Add Christian Braun") >= 1


def test_a_suffix_does_not_hide_the_side():
    assert split_sides("jackson for trae young?", ["Jaren Jackson Jr.", "Trae Young"]) == (
        ["Jaren Jackson Jr."], ["Trae Young"])
    assert split_sides("trae young for jackson?", ["Jaren Jackson Jr.", "Trae Young"]) == (
        ["Trae Young"], ["Jaren Jackson Jr."])
