"""Issue #36: a name several players answer to is resolved by context, in any act, before asking.

The order: a namesake on my roster, then one named in the thread's earlier answers (the free agents
just shown), and only then a question naming the few likeliest. Catches the code before this
(8 Joneses listed for "Braun vs Jones" after a list showing one; "how's jackson playing" asked about
with Jaren Jackson Jr. on my roster; "is williams worth an add?" listing 12 Williamses).
"""
from __future__ import annotations

import re

from tests.conversations import checks as K

NAMESAKES = {  # the box scores' players of each surname (tests/conversations/fresh2.py lists them too)
    "jones": ("Spencer Jones", "Tre Jones", "Isaac Jones", "Kai Jones", "Tyus Jones", "Colby Jones", "Herbert Jones",
              "Derrick Jones Jr.", "Dillon Jones", "Mason Jones"),
    "williams": ("Cody Williams", "Brandon Williams", "Alondes Williams", "Kenrich Williams", "Grant Williams",
                 "Nate Williams", "Mark Williams", "Robert Williams", "Vince Williams Jr.", "Patrick Williams",
                 "Jaylin Williams", "Jalen Williams", "Ziaire Williams"),
}


def _names_reaching_tools(r) -> list[str]:
    out = []
    for c in r["tool_calls"]:
        for k, v in c["args"].items():
            if k in ("name", "add", "drop", "player") and isinstance(v, str):
                out.append(v)
            if k in ("names", "exclude", "give", "get") and isinstance(v, list):
                out += v
    return out


def _mine(assistant) -> set[str]:
    return {e.player.name for e in assistant.source.roster().entries}


def test_a_namesake_on_my_roster_is_the_one_taken(make_assistant):
    a = make_assistant(scoring="categories")
    mine = [n for n in _mine(a) if re.search(r"\bJackson\b", n)]
    assert mine == ["Jaren Jackson Jr."]  # the demo league's roster on Jan 29
    r = a.ask("how's jackson playing")
    assert "Jaren Jackson Jr." in _names_reaching_tools(r)
    assert not any("Jackson" in n and n != "Jaren Jackson Jr." for n in _names_reaching_tools(r))
    lead = r["answer"].split("\n\n")[0]
    assert "Jaren Jackson Jr." in lead and re.search(r"other players? also", lead) and "roster" in lead
    assert not re.search(r"Which Jackson|Did you mean", r["answer"])
    r2 = a.ask("his last 4?", r["thread_id"])
    logs = [c["args"] for c in r2["tool_calls"] if c["name"] == "get_player_game_log"]
    assert logs == [{"name": "Jaren Jackson Jr.", "last_n": 4}]
    assert f"{K.last_n_avg('Jaren Jackson Jr.', 'pts', 4):.1f}" in r2["answer"]  # from the box scores
    assert "I took" not in r2["answer"]  # said once, not on every turn


def test_the_one_the_thread_just_showed_is_the_one_compared(make_assistant):
    a = make_assistant(scoring="points")
    r1 = a.ask("best waiver guards rn")
    shown = [n for n in NAMESAKES["jones"] if n in r1["answer"]]
    assert len(shown) == 1 and not any("Jones" in n for n in _mine(a))
    r2 = a.ask("braun vs jones", r1["thread_id"])
    compared = [c["args"]["names"] for c in r2["tool_calls"] if c["name"] == "compare_players"]
    assert compared == [["Christian Braun", shown[0]]]
    assert not any(c["name"] in ("evaluate_move", "validate_slot_fit") for c in r2["tool_calls"])
    lead = r2["answer"].split("\n\n")[0]
    assert shown[0] in lead and "last answer" in lead and re.search(r"\d+ other players also", lead)
    # every act: an exclusion in a follow-up takes the same Jones out of the list
    r3 = a.ask("guards on waivers but not jones", r2["thread_id"])
    excluded = [c["args"].get("exclude") for c in r3["tool_calls"] if c["name"] == "get_free_agents"]
    assert excluded and all(shown[0] in (x or []) for x in excluded)
    assert shown[0] not in K.table_column(r3["answer"], "Player")


def test_with_nothing_in_context_it_asks_naming_the_few_likeliest(make_assistant):
    a = make_assistant(scoring="points")
    r = a.ask("is williams worth an add?")
    named = [n for n in NAMESAKES["williams"] if n in r["answer"]]
    assert 2 <= len(named) <= 5 and "?" in r["answer"]
    assert [c["name"] for c in r["tool_calls"]] == ["get_my_roster"]  # nothing run on a guess
    r2 = a.ask("jalen", r["thread_id"])  # the one Jalen the question named
    assert "Jalen Williams" in _names_reaching_tools(r2)
    assert not any(n.startswith("Jalen ") and n != "Jalen Williams" for n in _names_reaching_tools(r2))
