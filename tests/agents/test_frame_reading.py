"""How the offline planner fills the request frame (issue #36): one test per class of constraint and
act, over phrasings that are not the issue's. All fail on the code before #36 (there was no frame:
"without giving up SGA" reached no tool, "ok do it" was small talk, "why X not Y" quoted the last
answer, "what are my playoff odds?" was not understood)."""
from __future__ import annotations

import datetime as dt

import pytest

from agents.offline.understand import understood
from agents.offline.nlu import parse

AS_OF = dt.date(2025, 1, 29)
CARDS = ("**Top move: Move Jaden Ivey to IR, add Tyus Jones, +67.0 pts expected this week.** Approve or decline it on "
         "the card.\n\n| Move | This week |\n|---|---|\n| Move Jaden Ivey to IR, add Tyus Jones | +67.0 pts |\n"
         "| Drop Bol Bol -> Add Christian Braun | +77.2 pts |")


def read(*turns: str, answer: str | None = None):
    prev = None
    for t in turns[:-1]:
        prev = understood(parse(t, AS_OF, prev), prev)
    return understood(parse(turns[-1], AS_OF, prev), prev, answer)


@pytest.mark.parametrize("text,kept", [
    ("trade ideas for steals, Shai is untouchable", ["Shai Gilgeous-Alexander"]),
    ("find me a trade but don't trade LeBron", ["LeBron James"]),
    ("any trades for assists other than Barnes?", ["Scottie Barnes"]),
    ("find a deal for boards, not giving up Ball or Mobley", ["LaMelo Ball", "Evan Mobley"]),
])
def test_players_kept_out_of_a_trade_search(text, kept):
    p = read(text)
    assert p.act == "trade_find" and sorted(p.frame.exclude) == sorted(kept)


def test_a_later_message_keeps_the_exclusion_and_adds_its_own():
    p = read("find trades for blocks, keep Shai", "and threes, LeBron stays too")
    assert {"Shai Gilgeous-Alexander", "LeBron James"} <= set(p.frame.exclude)


@pytest.mark.parametrize("text,shape", [
    ("a 2-for-1 for one star?", "2-for-1"),
    ("Beal and Conley for one better guy, any trades?", "2-for-1"),
    ("any 1 for 1 trades for rebounds", "1-for-1"),
])
def test_a_trade_shape(text, shape):
    assert read(text).frame.shape == shape


@pytest.mark.parametrize("text,count", [("top 25 players this month", 25), ("give me 3 pickups", 3),
                                        ("show me the 12 best by steals", 12), ("their last 5 games", None)])
def test_a_count_is_not_a_last_n(text, count):
    assert read(text).frame.count == count


@pytest.mark.parametrize("text,horizon", [("best add for the rest of the year", "rest_of_season"),
                                          ("who has 4 games next week", "next_week"),
                                          ("who do I start tonight", "tonight")])
def test_a_horizon(text, horizon):
    assert read(text).frame.horizon == horizon


def test_a_ranking_follow_up_keeps_window_and_takes_availability():
    p = read("rank the top players over the last 14 days", "only the ones on waivers")
    assert p.act == "research_rankings" and p.frame.window == "14" and p.frame.availability == "free_agents"


@pytest.mark.parametrize("text,card", [("yep do it", 0), ("sounds good, the second one", 1), ("go for it", 0)])
def test_an_affirmation_with_cards_waiting_is_its_own_act(text, card):
    p = read("find the best moves", text, answer=CARDS)
    assert p.frame.act == "affirm" and p.frame.card == card and not p.wants_moves


def test_an_affirmation_without_cards_is_not_one():
    assert read("yep do it", answer="Braun is a free agent.").frame.act != "affirm"


def test_why_x_not_y_and_x_vs_y():
    assert read("how come Bol Bol ahead of Bogdanovic?").frame.act == "why_not"
    p = read("Braun versus Pritchard")
    assert p.frame.act == "versus" and p.act == "research_compare" and p.move is None


@pytest.mark.parametrize("text", ["what are my playoff odds?", "where do I sit in the standings",
                                  "any trade deadline rumours?", "how good is my team"])
def test_out_of_scope(text):
    assert read(text).frame.act == "out_of_scope"


def test_a_new_request_after_a_cue_word_wins_over_the_thread():
    p = read("who should I pick up?", "ok now show me my matchup")
    assert p.act.startswith("matchup")


def test_a_constraint_no_tool_can_honour_is_kept_to_be_said():
    p = read("find a trade without giving up my best guard")
    assert p.frame.unhonoured and "my best guard" in p.frame.unhonoured[0]
