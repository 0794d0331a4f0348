"""Classes the twelfth held-out set (tests/conversations/fresh11.py; first run 10/25 on 469e665) missed
(issue #36, session 21), one test per class, in phrasings of its own (none is the set's wording):

- who has been the best pickup over a past window ("over the past 14 days", "this past week") is that
  window's free-agent ranking, not this week's scan; a totals ask with a category and "most" is a ranking
  whatever the intent model read;
- "who do I grab for him" with one player named: he is the drop;
- nicknames managers type ("bogi", "kuz", "herb") name their player.

Each fails on 469e665 (the commit the set first ran on) except the guards, which say so.
"""
from __future__ import annotations

import pytest

from tests.agents.test_conversation_classes import args_of, plan


@pytest.mark.parametrize("text,window", [("best waiver pickup over the past 14 days? forwards, top 3", "14"),
                                         ("which free agent has been the best add this past week", "7")])
def test_the_best_pickup_over_a_past_window_is_that_windows_ranking(text, window):
    """469e665: a pickup scan over this week's games, the window dropped."""
    a = args_of(plan(text), "get_player_rankings")
    assert a["window"] == window and a["availability"] == "free_agents"


@pytest.mark.parametrize("text,sort,window", [("most steals by free agents the past week, TOTALS not averages", "STL", "7"),
                                              ("waiver guys with the most blocks last 7 days, totals", "BLK", "7"),
                                              ("most assists in total among free agents last month", "AST", "30")])
def test_a_totals_ask_with_a_category_is_a_ranking(text, sort, window):
    """469e665: the first two were pickup scans over this week (the window and the totals dropped); the
    last is the guard (a ranking there too)."""
    a = args_of(plan(text), "get_player_rankings")
    assert (a["sort"], a["per"], a["window"]) == (sort, "total", window)


def test_best_pickups_this_week_stay_the_scan():
    """The guard (passes on 469e665 too)."""
    assert "get_free_agents" in [c["name"] for c in plan("best pickups for this week, guards only").tool_calls]


def test_grab_for_him_drops_the_one_player_named():
    """469e665: 'for him' named nobody, so Bol Bol was read as the add (every slot fit failed)."""
    msg = plan("bol bol has been awful. who should I pick up for him?")
    fits = [c["args"] for c in msg.tool_calls if c["name"] == "get_player_status"]
    assert fits == [{"name": "Bol Bol"}] and "get_free_agents" in [c["name"] for c in msg.tool_calls]


@pytest.mark.parametrize("nick,name", [("bogi", "Bogdan Bogdanović"), ("kuz", "Kyle Kuzma"), ("herb", "Herbert Jones")])
def test_a_nickname_names_its_player(nick, name):
    """469e665: the nickname named nobody (a hold question became a search of slump notes)."""
    from agents.offline.slots import find_players

    assert find_players(f"how has {nick} looked lately") == [name]
