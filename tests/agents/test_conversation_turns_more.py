"""More classes from the CLI check of issue #36's examples (session 15): what a turn after waiting
cards, a lineup or a scan answers. Each test names the broken version it catches."""
from __future__ import annotations

import re


def test_who_else_after_move_cards_is_the_next_free_agents(make_assistant):
    """Catches "Cool. who else?" after move cards re-running the optimizer: the same moves offered
    again (pending listed them twice), or a greeting (the issue's example)."""
    a = make_assistant(scoring="points")
    r1 = a.ask("find the best moves for this week", "we1")
    adds = {c["add"] for c in r1["pending_approvals"]}
    assert adds
    r2 = a.ask("Cool. who else?", "we1")
    [scan] = [c["args"] for c in r2["tool_calls"] if c["name"] == "get_free_agents"]
    assert adds <= set(scan["exclude"])
    assert not any(c["name"] == "validate_moves" for c in r2["tool_calls"])
    listed = [ln.split("|")[1].strip() for ln in r2["answer"].splitlines() if re.match(r"\|\s*[A-Z]", ln)]
    assert listed and not adds & set(listed)


def test_a_move_offered_again_is_pending_once(make_assistant):
    """Catches pending_approvals listing the same move twice when a later turn offers it again (the
    older set's card and the new one both listed: six cards for three moves)."""
    a = make_assistant(scoring="points")
    a.ask("find the best moves for this week", "we2")
    r = a.ask("find me roster moves", "we2")
    keys = [(c["kind"], c["drop_id"], c["add_id"]) for c in r["pending_approvals"]]
    assert keys and len(keys) == len(set(keys))


def test_why_is_a_surname_that_is_a_word_benched(make_assistant):
    """Catches "why is Ball benched?" quoting the last answer ("Here is why, from my last answer"):
    'Ball' is a common word, so no player was read and the act was not why_benched."""
    a = make_assistant(scoring="categories")
    a.ask("set my lineup for the rest of the week", "we3")
    r = a.ask("why is Ball benched?", "we3")
    assert not r["answer"].startswith("Here is why")
    assert any(c["name"] == "compose_daily_lineup" for c in r["tool_calls"])
    lead = r["answer"].split("\n")[0]
    assert "LaMelo Ball" in lead and "fantasy p" not in r["answer"]


def test_a_season_move_first_says_why(make_assistant):
    """Catches a balanced answer whose top card gains less this week than another card with nothing
    saying why it ranks first (the issue's "+0.06 against +0.25" example)."""
    a = make_assistant(scoring="categories")
    r = a.ask("optimize for this week", "we4")
    cards = r["pending_approvals"]
    best = max(cards, key=lambda c: c["expected_gain"])
    if best["expected_gain"] > cards[0]["expected_gain"]:
        assert "ranks first because balanced advice weighs the rest of the season" in r["answer"]
        assert f"the card adding {best['add']} gains more this week" in r["answer"]
    else:  # the data no longer has the case; the test would not tell the two versions apart
        raise AssertionError("the top card is also this week's best: pick another question for this test")


import pytest  # noqa: E402


@pytest.mark.parametrize("text", ["which free agents play 4 times next week?", "any 4 gamers next week",
                                  "gimme 4 fa"])
def test_a_4_before_a_unit_is_a_number(text):
    """Catches the shorthand reader turning a count into "for" ("play 4 times next week" read as "play
    for times", so the 4-game filter never reached get_free_agents: horizon-next-2)."""
    from agents.core.normalize import normalize

    assert " 4 " in f" {normalize(text)} "
