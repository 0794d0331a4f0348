"""Chat routing both ways: a line question is answered from get_market_state (numbers equal the
market at the desk clock), a bet request goes to the market maker with its steps and card; other
questions stay with the fantasy assistant."""
from __future__ import annotations

import datetime as dt

import pytest

from agents.desk.ask import is_desk_question
from agents.desk.clock import DeskClock
from agents.desk.tools import market_view
from agents.core.runtime import Assistant
from services.desk.book import DeskBook

AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)


@pytest.fixture
def chat(fresh_state):
    DeskClock(DeskBook(fresh_state.store)).set(AT)  # ticks are 15 min: the test runs well inside one
    a = Assistant(provider="offline")

    def ask(q: str) -> tuple[dict, list[dict]]:
        events = list(a.stream_turn(q))
        return next(e["result"] for e in events if e["type"] == "done"), events

    return ask, fresh_state


def test_line_question_is_answered_from_get_market_state(chat):
    ask, _ = chat
    res, _ = ask("What's the line on Bulls-Celtics tonight?")
    assert res["intent"] == "market_desk" and [c["name"] for c in res["tool_calls"]] == ["get_market_state"]
    view = market_view("2025-01-29-CHI-BOS", AT)
    assert f"BOS {view['spread']['home_line']:+g}" in res["answer"]
    assert f"total {view['total']['line']:g}" in res["answer"] and str(view["moneyline"]["home"]) in res["answer"]
    assert "Priced from the spread" in res["answer"] and "simulated" in res["answer"]


def test_line_question_for_a_later_game_says_it_is_not_listed(chat):
    ask, _ = chat
    res, _ = ask("what are the odds for celtics vs knicks?")
    assert res["intent"] == "market_desk" and "2025-02-08" in res["answer"] and "not listed yet" in res["answer"]


def test_bet_request_is_routed_to_the_market_maker(chat):
    ask, fresh = chat
    line = market_view("2025-01-29-CHI-BOS", AT)["spread"]["home_line"]
    res, events = ask(f"I'd take the Celtics {line:+g} at 1.95 for 20")
    assert res["intent"] == "market_desk"
    assert [c["name"] for c in res["tool_calls"]] == ["get_my_recent_decisions", "get_market_state", "get_my_exposure",
                                                      "compare_odds", "compute_exposure_impact"]
    card = next(e["quote"] for e in events if e["type"] == "desk_card")
    assert card["status"] == "accepted" and card["request"]["line"] == line and card["request"]["amount"] == 20
    assert res["answer"].startswith("**Accepted**: CHI @ BOS: BOS")
    book = DeskBook(fresh.store)
    assert [p["quote_id"] for p in book.positions()] == [card["quote_id"]]
    assert len(book.calcs(quote_id=card["quote_id"])) == 2


def test_a_bet_without_odds_is_not_priced(chat):
    ask, fresh = chat
    res, _ = ask("I'd like to bet the Knicks at 2.1")  # no market, no amount
    assert res["intent"] == "market_desk" and res["answer"].startswith("I could not price that")
    assert DeskBook(fresh.store).positions() == []


@pytest.mark.parametrize(("q", "desk"), [
    ("Should I pick up a Celtics player this week?", False),
    ("How has Jayson Tatum played lately?", False),
    ("Who should I start tonight?", False),
    ("Is the Lakers spread moving?", True),
    ("give me the Nuggets -2.5 at 1.91 for $50", True),
    ("over 230.5 in Bulls Celtics, I'll bet it at 1.9 for 10", True),
])
def test_desk_questions_are_told_apart(q, desk):
    assert is_desk_question(q) is desk
