"""'What's my weakest category?' (issue #36: replies to the message) gets my rank in each category
among the league's teams over the rest of the season, weakest first, and "find me a trade to fix it"
targets the categories it named. Catches 644ab1f: the optimizer's move cards for "whats my weakest
cat" and a trade search with no targets for "fix it"; and a rank off by one or inverted.
"""
from __future__ import annotations

import re

import pytest

from tests.conversations.checks import table_column


def test_ranks_are_the_profiles_order(make_assistant):
    """Each team's category rank is 1 + the teams whose rest-of-season contribution is higher (the
    profile the trade verdicts use), computed here from the profiles."""
    from services.trades.category_profile import team_profiles
    from services.trades.strength import team_strength
    from services.trades.value import Valuer

    a = make_assistant(scoring="categories")
    s = team_strength(a.source)
    prof = team_profiles(Valuer(a.source.history()))
    for t in s.teams:
        for c, r in t.category_ranks.items():
            assert r == 1 + sum(prof[o][c] > prof[t.team_id][c] for o in prof if o != t.team_id)
    assert all(len(t.category_ranks) == 9 and min(t.category_ranks.values()) == 1 or
               max(t.category_ranks.values()) <= len(s.teams) for t in s.teams)
    assert all(not t.category_ranks for t in team_strength(make_assistant(scoring="points").source).teams)


@pytest.mark.parametrize("ask,fix,tool", [("whats my weakest cat", "find me a trade to fix it", "find_trades"),
                                          ("which categories am i worst at", "any pickups to help with that",
                                           "get_free_agents")])
def test_weakest_categories_then_fix_it(make_assistant, ask, fix, tool):
    from services.trades.strength import team_strength

    a = make_assistant(scoring="categories")
    r = a.ask(ask, f"s17-weak-{tool}")
    assert [c["name"] for c in r["tool_calls"]] == ["get_team_strength"] and not r["pending_approvals"]
    mine = next(t for t in team_strength(a.source).teams if t.mine)
    n = len(team_strength(a.source).teams)
    cats, ranks = table_column(r["answer"], "Category"), table_column(r["answer"], "Your rank")
    assert sorted(cats) == sorted(mine.category_ranks) and len(cats) == 9
    assert [int(re.match(r"#(\d+)", x).group(1)) for x in ranks] == [mine.category_ranks[c] for c in cats]
    assert [mine.category_ranks[c] for c in cats] == sorted(mine.category_ranks.values(), reverse=True)
    weak = re.search(r"\*\*Your weakest categories over the rest of the season: ([^*]+)\.\*\*", r["answer"]).group(1)
    named = re.findall(r"([A-Z0-9%]+) \(#(\d+) of (\d+)\)", weak)
    assert named and all(int(k) == mine.category_ranks[c] and int(m) == n for c, k, m in named)
    r = a.ask(fix, f"s17-weak-{tool}")
    args = [c["args"] for c in r["tool_calls"] if c["name"] == tool][0]
    got = args.get("targets") if tool == "find_trades" else args.get("target_categories")
    assert got == [c for c, _, _ in named]


def test_a_points_league_says_no_category_is_weak(make_assistant):
    r = make_assistant(scoring="points").ask("whats my weakest category", "s17-weak-pts")
    assert not r["tool_calls"] and "scores fantasy points" in r["answer"]
