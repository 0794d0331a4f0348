""""Why X not Y" after move cards compares the two options on the cards' own numbers (issue #36,
session 16): the card's gain this week and over the season against the same move with the other
player in it (the same add, the same kind: IR or a drop), valued by the optimizer's move evaluation,
with his return odds for an IR move. Catches 49f4923, which answered from compare_players' raw
expectation ("John Collins over Jaden Ivey: 14.5 expected over 2 games"), a verdict that
contradicts the card ranking Ivey's IR move first; and the abbreviation "y X not Y", read as research.
"""
from __future__ import annotations

import re

import pytest

MOVES = "find the best moves for this week"


def _lines_with(answer: str, head: str) -> list[str]:
    return [ln for ln in answer.splitlines() if ln.startswith(f"- {head}")]


def _gain(x: float, unit: str) -> str:
    return f"{x:+.1f}" if unit == "pts" else f"{x:+.2f}"


@pytest.mark.parametrize("scoring,text", [("points", "why Collins not Ivey?"),
                                          ("categories", "how come ivey over collins"),
                                          ("points", "y collins not ivey")])
def test_why_an_ir_card_and_not_another_out_player(make_assistant, scoring, text):
    a = make_assistant(scoring=scoring)
    r1 = a.ask(MOVES, "wn")
    card = next(c for c in r1["pending_approvals"] if c["kind"] == "ir")
    assert card["drop"] == "Jaden Ivey"  # the data's case: Collins is OUT too, with no card of his own
    r2 = a.ask(text, "wn")
    calls = [(c["name"], c["args"]) for c in r2["tool_calls"]]
    assert ("compare_players" not in [n for n, _ in calls])
    [(_, args)] = [c for c in calls if c[0] == "evaluate_move"]
    assert args["drop"] == "John Collins" and args["add"] == card["add"] and args["kind"] == "ir"
    other = next(c for c in r2["pending_approvals"] if c["drop"] == "John Collins")
    assert other["kind"] == "ir" and other["add"] == card["add"]
    mine = _lines_with(r2["answer"], f"Move Jaden Ivey to IR, add {card['add']}")
    theirs = _lines_with(r2["answer"], f"Move John Collins to IR, add {card['add']}")
    assert len(mine) == len(theirs) == 1
    assert _gain(card["expected_gain"], card["unit"]) in mine[0] and f"{card['season_gain']:+}" in mine[0]
    assert _gain(other["expected_gain"], other["unit"]) in theirs[0] and f"{other['season_gain']:+}" in theirs[0]
    assert re.search(r"chance he plays within 3 days \d+%", theirs[0])  # his return odds, as the IR card gives them
    assert "expected over" not in r2["answer"]  # not compare_players' raw expectation


def test_why_one_card_not_another_uses_both_cards(make_assistant):
    """Both players on cards: the two cards' figures side by side, no new computation."""
    a = make_assistant(scoring="points")
    r1 = a.ask(MOVES, "wn2")
    by_drop = {c["drop"]: c for c in r1["pending_approvals"]}
    r2 = a.ask("why Bogdanovic not Bol?", "wn2")
    assert not [c for c in r2["tool_calls"] if c["name"] in ("compare_players", "evaluate_move")]
    bol, bog = by_drop["Bol Bol"], by_drop["Bogdan Bogdanović"]
    first = r2["answer"].splitlines()[0]
    lead = bol if (bol["expected_gain"], bol["season_gain"]) > (bog["expected_gain"], bog["season_gain"]) else bog
    assert first.startswith(f"**Drop {lead['drop']} -> Add {lead['add']} ranks ahead")
    for c in (bol, bog):
        [ln] = _lines_with(r2["answer"], f"Drop {c['drop']} -> Add {c['add']}")
        assert f"{c['expected_gain']:+.1f} pts this week" in ln and f"{c['season_gain']:+.1f} pts rest of season" in ln
