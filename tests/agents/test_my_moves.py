"""'What did I just do?' and 'undo that' (issue #36: replies to the message): answered from the
league's record of approved moves and decided cards (`get_my_moves`), never from a matchup or the
capabilities list, and an undo is said to be a new move approved on its card.

Catches 644ab1f: "what did I just do" after an approval got the weekly matchup, "can you undo that"
the capabilities list; and a tool that lists another team's or another league's moves, or shows a
realized (hindsight) gain.
"""
from __future__ import annotations

import json

import pytest


def test_no_moves_yet_then_the_approved_one_then_undo(make_assistant):
    a = make_assistant(scoring="points")
    r = a.ask("what moves have I made so far?", "s17-moves")
    assert [c["name"] for c in r["tool_calls"]] == ["get_my_moves"]
    assert r["answer"].startswith("**No move approved in this league yet:**")
    offer = a.ask("optimize my lineup for this week", "s17-moves")
    top = offer["pending_approvals"][0]
    a.resume("s17-moves", "approve", top["move_id"])
    card = next(c for c in offer["pending_approvals"] if c["move_id"] == top["move_id"])
    r = a.ask("what did I just do", "s17-moves")
    assert [c["name"] for c in r["tool_calls"]] == ["get_my_moves"] and not r["transactions"]
    line = f"- 2025-01-29: Dropped {card['drop']}, added {card['add']} (expected {card['expected_gain']:+} pts that week"
    assert "newest first (1):**" in r["answer"] and line in r["answer"]
    r = a.ask("can you undo that", "s17-moves")
    assert f"**A chat message can't undo a move: \"Dropped {card['drop']}, added {card['add']}\"" in r["answer"]
    assert not r["transactions"] and not r["pending_approvals"]


def test_the_tool_reads_this_team_in_this_league_only_and_no_hindsight(make_assistant):
    from agents.tools.registry import build_tools

    a = make_assistant(scoring="points")
    offer = a.ask("optimize my lineup for this week", "s17-tool")
    a.resume("s17-tool", "decline")
    tools = {t.name: t for t in build_tools(a.source)}
    d = json.loads(tools["get_my_moves"].invoke({}))
    assert d["applied"] == [] and d["league_id"] == a.source.league_id
    offered = [c["title"] for c in offer["pending_approvals"]]
    assert {x["decision"] for x in d["decided"]} == {"decline"}  # a decline with no card named closes them all
    assert sorted(x["title"] for x in d["decided"]) == sorted(offered)
    assert "realized_gain" not in json.dumps(d)
    other = make_assistant(scoring="categories")  # another league (categories) sees none of it
    assert json.loads({t.name: t for t in build_tools(other.source)}["get_my_moves"].invoke({}))["decided"] == []
    with pytest.raises(Exception):
        tools["get_my_moves"].invoke({"limit": 0})


@pytest.mark.parametrize("text", ["remind me what I changed", "what have I approved?", "show my recent moves",
                                  "undo my last move"])
def test_phrasings_reach_the_record(make_assistant, text):
    r = make_assistant(scoring="points").ask(text, f"s17-ph-{abs(hash(text))}")
    assert [c["name"] for c in r["tool_calls"]] == ["get_my_moves"], (text, r["answer"][:120])
