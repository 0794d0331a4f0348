"""Answers written from the typed cards (issue #18 §3): every move the prose names is a card the
turn offers, in the card's own words, in the answer, the audit, the history and the reloaded card;
one figure per quantity, or each labelled.

Each test names the contradiction it catches; all but the one marked as a guard fail on the code
before this change.
"""
from __future__ import annotations

import re

import pytest

from services.store.state import state_store

CENTER = "Which center on the waiver wire would you grab?"
# a healthy center of team 1 for a free-agent center while team 1 has OUT players (the one league, Jan 29)
AYTON = "Drop Nic Claxton and add Guerschon Yabusele"
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
MOVE = re.compile(r"(Move (?P<ir_drop>[^,*\n]+?) to IR, add (?P<ir_add>[^,*\n]+?),|Drop (?P<drop>[^,*\n]+?) -> Add "
                  r"(?P<add>[^,*\n]+?),)")


def _moves_named(text: str) -> set[tuple[str, str, str]]:
    """(kind, drop, add) of every move the text states."""
    out = set()
    for m in MOVE.finditer(text):
        out.add(("ir", m["ir_drop"], m["ir_add"]) if m["ir_drop"] else ("swap", m["drop"], m["add"]))
    return out


def _card_moves(cards: list[dict]) -> set[tuple[str, str, str]]:
    return {(c["kind"], c["drop"], c["add"]) for c in cards}


@pytest.mark.parametrize("question", [CENTER, AYTON, REVIEW])
def test_every_move_in_the_answer_is_an_offered_card_in_its_own_words(make_assistant, question):
    """CENTER caught "Also: Drop Joel Embiid -> Add Nick Richards" above the card "Move Joel Embiid
    to IR"; AYTON caught an "Also better" move no card offered (a second IR move of the same player)."""
    a = make_assistant()
    r = a.ask(question, "t")
    cards = r["pending_approvals"]
    assert cards
    named = _moves_named(r["answer"].replace("Your move: ", ""))
    assert named and named <= _card_moves(cards), (named, _card_moves(cards))
    for c in cards:
        if c["kind"] == "ir":  # nowhere is an IR move a drop of that player
            assert f"Drop {c['drop']} -> Add {c['add']}" not in r["answer"]
    # the audit and the history keep the same words
    [rec] = state_store().turns("t")
    assert rec["answer"] == r["answer"]
    assert a.history("t")[-1]["content"] == r["answer"]


def test_the_ir_alternative_names_the_player_it_moves(make_assistant):
    """Caught: "the same add without losing Deandre Ayton: he goes to IR" while the IR card moves
    Brandon Miller (Ayton stays and nobody says who goes to IR); here Claxton and team 1's OUT players."""
    a = make_assistant()
    lg = a.source.league
    assert lg.owner_of("claxtni01") == 1 and lg.owner_of("yabusgu01") is None
    r = a.ask(AYTON, "ayton")
    ir = [c for c in r["pending_approvals"] if c["kind"] == "ir" and c["add"] == "Guerschon Yabusele"]
    text = r["answer"]
    assert "Nic Claxton: he goes to IR" not in text
    for c in ir:
        assert f"{c['drop']} goes to IR instead" in text


def test_an_approved_ir_card_reads_as_an_ir_move_everywhere(make_assistant):
    """The IR card approved: the outcome, the audit, the reloaded decided card and the history say
    "moved X to IR"; none says X was dropped. (A guard: the decision line already said so before;
    it catches a change that builds the outcome from the drop/add pair without the card's kind.)"""
    a = make_assistant()
    cards = a.ask(CENTER, "ir")["pending_approvals"]
    card = next(c for c in cards if c["kind"] == "ir")
    done = a.resume("ir", "approve", card["move_id"])
    line = f"moved {card['drop']} to IR and added {card['add']}"
    assert line in done["answer"] and f"dropped {card['drop']}" not in done["answer"]
    assert line in state_store().turns("ir")[0]["answer"]
    [decided] = [d for d in state_store().decisions("ir") if d["move_id"] == card["move_id"]]
    assert decided["card"]["title"].startswith(f"Move {card['drop']} to IR, add {card['add']}")
    assert any(line in t["content"] for t in a.history("ir"))
    from agents.core.offered import offered_by_question

    reloaded = offered_by_question("ir", [])[0]
    assert [c.title for c in reloaded if c.move_id == card["move_id"]] == [card["title"]]


def test_a_comparison_labels_each_per_game_figure_and_shows_it_in_the_table(offline_assistant):
    """Caught: "Jalen Williams is worth more per game (39.84 vs 35.48)" above a table whose "Expected
    per game" column read 42.12 / 38.02: two quantities under one name. Each per-game figure in the
    prose is now named and sits in the table's column of that name."""
    r = offline_assistant.ask("Who will score more the rest of this week, Norman Powell or Jalen Williams?")
    text = r["answer"]
    assert "compare_players" in [c["name"] for c in r["tool_calls"]]
    table = [row for row in text.splitlines() if row.startswith("| ") and "---" not in row]
    header = [h.strip() for h in table[0].strip("|").split("|")]
    rows = {cells[0]: dict(zip(header, cells)) for cells in
            ([c.strip() for c in row.strip("|").split("|")] for row in table[1:])}
    jw, np_ = rows["Jalen Williams"], rows["Norman Powell"]
    m = re.search(r"Jalen Williams is worth more per game \(([\d.]+) vs ([\d.]+) expected after play probability; "
                  r"projected ([\d.]+) vs ([\d.]+) if he plays\), but Norman Powell has more games left", text)
    assert m, text
    assert (m[1], m[2]) == (jw["Expected per game"], np_["Expected per game"])
    assert (m[3], m[4]) == (jw["Projected per game"], np_["Projected per game"])
    assert float(jw["Projected per game"]) > float(jw["Expected per game"])  # two quantities, two names
