"""Classes found in session 17 (issue #36), each with phrasings of its own:

- a shape-only follow-up to a category trade search ("straight deals only", "1 for 1s please",
  "what about 2 for 1s") is the same search for the same categories in the new shape; 644ab1f
  dropped the categories whenever the follow-up set a shape or named a player to give, and read no
  shape in a plural "1 for 1s" / "2 for 1s" (the first: "I didn't follow that");
- a punt stated with a contraction or a reason ("ok we're punting turnovers and FG% now", "gonna punt
  blocks, they've been awful") is the punt act (644ab1f: the greeting, a clarifying question), and
  its answer says how the punt moved the free agents (644ab1f: the new order only); a category
  named beside the punt ("punting FT%, losing assists") stays a request for it.
"""
from __future__ import annotations

import pytest

from tests.agents.test_conversation_classes import BEAL, args_of, plan


@pytest.mark.parametrize("turns,want", [
    (("find me a trade for assists and steals", "straight deals only"), {"targets": ["AST", "STL"], "shape": "1-for-1"}),
    (("any deals that help my blocks?", "1 for 1s please"), {"targets": ["BLK"], "shape": "1-for-1"}),
    (("trade ideas to boost rebounds", "what about 2 for 1s"), {"targets": ["REB"], "shape": "2-for-1"}),
    (("find trades for threes", "what if its just Beal straight up"),
     {"targets": ["3PM"], "shape": "1-for-1", "give": [BEAL]}),
])
def test_a_shape_follow_up_keeps_the_searchs_categories(turns, want):
    a = args_of(plan(*turns, scoring="categories"), "find_trades")
    assert {k: a.get(k) for k in want} == want


def test_a_new_category_in_the_follow_up_replaces_the_old():
    """'now for steals, straight up' after an assists search: steals, not assists (the carry must not
    override a category the message names)."""
    a = args_of(plan("find trades for assists", "now for steals, 1 for 1", scoring="categories"), "find_trades")
    assert a.get("targets") == ["STL"] and a.get("shape") == "1-for-1"


@pytest.mark.parametrize("message,punt", [("I'm punting FT% from now on", ["FT%"]),
                                          ("ok we're punting turnovers and FG% now", ["FG%", "TO"]),
                                          ("yeah gonna punt blocks, they've been awful", ["BLK"])])
def test_a_punt_says_how_it_moved_the_free_agents(make_assistant, message, punt):
    """The punt answer gives each shown free agent's place over all nine categories and who the punt
    pushed out of the top (644ab1f showed the new order only). The places are the league's own
    all-nine ranking with the same filters (its values are checked against the CSV elsewhere)."""
    import re

    a = make_assistant(scoring="categories")
    r = a.ask(message, f"s17-punt-{len(punt)}")
    assert r["error"] is None
    fa = [c for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert fa and sorted(fa[0]["args"]["punt"]) == sorted(punt)
    every = [f.player.name for f in a.source.free_agents(None, True, 1, None, 50)]
    shown = [f.player.name for f in a.source.free_agents(None, True, 1, None, 6, punt=tuple(punt))]
    line = re.search(r"How punting [^:]+ moved them: (.*)", r["answer"]).group(1)
    for i, name in enumerate(shown, 1):
        was = every.index(name) + 1 if name in every else None
        if was != i:
            assert f"{name} #{i} (was #{was})" in line if was else f"{name} #{i} (was outside the top 50)" in line
    for name in every[:6]:
        if name not in shown:
            assert f"{name} (#{every.index(name) + 1} over all nine)" in line


def test_a_points_league_punt_changes_nothing_and_says_so(make_assistant):
    r = make_assistant(scoring="points").ask("I'm punting FT% from now on", "s17-punt-pts")
    assert "nothing changes" in r["answer"] and "How punting" not in r["answer"]


def test_a_category_named_beside_a_punt_is_still_a_request(make_assistant):
    """'punting FT%, losing assists': a need for assists, valued without FT% (catches a punt reader that
    takes any message with a punt and no question word as the punt alone)."""
    r = make_assistant(scoring="categories").ask("I'm punting FT%, losing assists", "s17-punt-ast")
    assert "Punting FT% from here on" not in r["answer"]
    fa = [c for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert fa and fa[0]["args"].get("punt") == ["FT%"] and "AST" in r["answer"]
