"""A message that only states a punt (issue #36, session 16) is acknowledged with what it changes, in
the league's own units: the categories still in play this week with their win chances, the punted
ones left out, and the top free agents valued without them; in a points league, that nothing changes.
Catches 49f4923, which answered "I'm punting FT% from now on" with the generic matchup text (FT%
listed with its 50% win chance) and "not caring about TO anymore" with a clarifying question.
"""
from __future__ import annotations

import re

import pytest


def _in_play(answer: str) -> dict[str, str]:
    line = next(ln for ln in answer.splitlines() if ln.startswith("This week, categories still in play"))
    return dict(re.findall(r"([A-Z3%]+) \((?:win chance )?(\d+%)\)", line))


@pytest.mark.parametrize("text,punted", [("I'm punting FT% from now on", {"FT%"}),
                                         ("not caring about TO anymore", {"TO"}),
                                         ("ok so officially punting fg% and ft%", {"FG%", "FT%"})])
def test_a_punt_alone_says_what_it_changes(make_assistant, text, punted):
    a = make_assistant(scoring="categories")
    base = a.ask("how is my matchup looking?", "pu0")
    [m] = [c for c in base["tool_calls"] if c["name"] == "get_matchup_details"]
    table = dict(re.findall(r"^\| (FG%|FT%|3PM|REB|AST|STL|BLK|TO|PTS) \|.*\| (\d+%) \|$", base["answer"], re.M))
    assert len(table) == 9
    r = a.ask(text, "pu1")
    assert r["answer"].startswith(f"**Punting {', '.join(sorted(punted, key=list(table).index))}")
    [fa] = [c["args"] for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert set(fa["punt"]) == punted
    shown = _in_play(r["answer"])
    assert set(shown) == set(table) - punted  # every other category, with the matchup's own win chance
    assert all(shown[c] == table[c] for c in shown)
    assert re.search(r"Top free agents now \(.*not counted", r["answer"])
    assert "Did you mean" not in r["answer"] and "trails" not in r["answer"]


def test_stopping_a_punt_brings_the_category_back(make_assistant):
    a = make_assistant(scoring="categories")
    a.ask("I'm punting FT% from now on", "pu2")
    r = a.ask("ok stop punting", "pu2")
    assert r["answer"].startswith("**No category punted any more")
    assert "FT%" in _in_play(r["answer"])
    [fa] = [c["args"] for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert not fa.get("punt")


def test_a_punt_in_a_points_league_changes_nothing(make_assistant):
    a = make_assistant(scoring="points")
    r = a.ask("im punting ft% from now on", "pu3")
    assert r["answer"].startswith("**This league scores fantasy points, so there is no category to punt")
    assert not r["tool_calls"] or all(c["name"] not in ("get_matchup_details",) for c in r["tool_calls"])
