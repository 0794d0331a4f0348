"""Three classes from the thirteenth set's first run (issue #36), in phrasings of their own:

- position eligibility: "is claxton eligible at center?" gets a verdict that leads (yes/no, from the
  league's eligible positions), with the positions he is listed at and the lineup slots that means;
  a short follow-up ("ok and lamelo at the 4?") keeps the question; points and categories alike;
- per 36: the named player's (or, as a follow-up, the thread's player's) rates per 36 minutes from the
  season's box scores, points and fantasy points in points, the categories in categories;
- minutes trends on my roster: each player's recent minutes per game against his season's, rising
  first with the change, computed from the box scores through `get_my_roster(minutes_last_n=N)`.

Facts are computed here from the raw CSV (tests/conftest.py). Each test fails on e1c1d52 (main before
this work): `get_player_status` had no eligibility, `get_player_game_log` no per-36, `get_my_roster` no
minutes argument, and the planner answered these with a status, a game log or a news search.
"""
from __future__ import annotations

import json
import re

import pytest

from tests.agents.test_conversation_classes import args_of, plan

CLAXTON, BALL, MOBLEY, BEAL = "Nic Claxton", "LaMelo Ball", "Evan Mobley", "Bradley Beal"


def _pid(csv_players, name: str) -> str:
    return next(pid for pid, r in csv_players.items() if r["name"] == name)


def _lead(answer: str) -> str:
    return answer.split("\n\n")[0]


def _per36(rows: list[dict], key: str) -> float:
    return 36 * sum(r[key] for r in rows) / sum(r["min"] for r in rows)


def _tools(demo_source, scoring: str = "points") -> dict:
    from agents.tools.registry import build_tools

    return {t.name: t for t in build_tools(demo_source(scoring=scoring))}


# --- position eligibility -------------------------------------------------------------------------------
def test_the_status_tool_says_where_each_player_is_eligible(demo_source, csv_players):
    """e1c1d52: get_player_status carried no position at all, so no model could answer 'can X play C?'."""
    tools = _tools(demo_source)
    for name in (CLAXTON, BALL, BEAL, MOBLEY):
        got = json.loads(tools["get_player_status"].invoke({"name": name}))
        listed = csv_players[_pid(csv_players, name)]["pos"]  # the CSV's one position: always among his
        assert listed in got["positions"] and listed in got["eligible_slots"] and "UTIL" in got["eligible_slots"]
        if listed in ("PG", "SG"):  # a guard fills the G slot; his neighbouring position is never a big's
            assert "G" in got["eligible_slots"] and not {"PF", "C"} & set(got["eligible_slots"])


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_an_eligibility_question_gets_the_verdict_first_and_its_follow_up_too(make_assistant, csv_players, scoring):
    """e1c1d52: 'is claxton eligible at center?' was answered with his status and game log, and the
    follow-up with LaMelo Ball's; neither said yes or no."""
    a = make_assistant(scoring=scoring)
    r1 = a.ask("is claxton eligible at center?", None)
    assert csv_players[_pid(csv_players, CLAXTON)]["pos"] == "C"
    lead = _lead(r1["answer"])
    assert lead.startswith("**Yes: Nic Claxton is eligible at C") and "UTIL" in lead
    assert [c["name"] for c in r1["tool_calls"]] == ["get_player_status"]
    r2 = a.ask("ok and lamelo at the 4?", r1["thread_id"])
    lead = _lead(r2["answer"])
    assert csv_players[_pid(csv_players, BALL)]["pos"] == "PG"  # a point guard: never a power forward
    assert lead.startswith("**No: LaMelo Ball is not eligible at PF") and "PG" in lead and "UTIL" in lead


@pytest.mark.parametrize("turns,who", [
    (("could i slot mobley in at the 5",), MOBLEY),
    (("does beal qualify at point guard?",), BEAL),
    (("can claxton play PF", "how about mobley"), MOBLEY),
])
def test_an_eligibility_question_looks_up_the_player_only(turns, who):
    """e1c1d52: these read as a game log, a schedule or a pickup ask (get_player_game_log / get_free_agents)."""
    msg = plan(*turns)
    assert [c["name"] for c in msg.tool_calls] == ["get_player_status"]
    assert args_of(msg, "get_player_status") == {"name": who}


# --- per 36 -----------------------------------------------------------------------------------------------
def test_the_game_log_tool_carries_per_36_rates_from_the_box_scores(demo_source, csv_facts, csv_players, as_of):
    """e1c1d52: get_player_game_log had no per-36 figure."""
    got = json.loads(_tools(demo_source)["get_player_game_log"].invoke({"name": CLAXTON, "last_n": 10}))
    rows = csv_facts.player_games(_pid(csv_players, CLAXTON), before=as_of)
    for window, games in (("season", rows), ("window", rows[-10:])):
        r = got["per_36"][window]
        assert r["games"] == len(games)
        for key in ("pts", "reb", "blk", "fpts"):
            assert r[key] == pytest.approx(_per36(games, key), abs=0.01)


def test_per_36_as_a_follow_up_is_shown_for_the_thread_player(make_assistant, csv_facts, csv_players, as_of):
    """e1c1d52: 'what's that per 36?' after a question about Mobley repeated his game log (no per-36)."""
    a = make_assistant()
    r1 = a.ask("how has mobley been playing lately", None)
    r2 = a.ask("what's that per 36?", r1["thread_id"])
    rows = csv_facts.player_games(_pid(csv_players, MOBLEY), before=as_of)
    lead = _lead(r2["answer"])
    assert "Evan Mobley per 36 minutes this season" in lead
    assert f"{_per36(rows, 'fpts'):.1f} fantasy pts" in lead and f"{_per36(rows, 'pts'):.1f} pts" in lead


def test_per_36_in_categories_shows_the_categories(make_assistant, csv_facts, csv_players, as_of):
    """e1c1d52: 'give me claxton's numbers per 36' was a five-game log with per-game averages."""
    r = make_assistant(scoring="categories").ask("give me claxton's numbers per 36", None)
    rows = csv_facts.player_games(_pid(csv_players, CLAXTON), before=as_of)
    lead = _lead(r["answer"])
    for key, label in (("reb", "REB"), ("blk", "BLK"), ("ast", "AST")):
        assert f"{_per36(rows, key):.1f} {label}" in lead
    assert "fantasy" not in lead


# --- minutes trends ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("text,n", [("who among my squad gets more playing time lately", 5),
                                    ("any of my guys seeing less run over the last 10?", 10),
                                    ("has anyone's role grown on my roster recently", 5)])
def test_a_minutes_trend_question_reads_the_roster_minutes(text, n):
    """e1c1d52: a search of the generated news notes (search_news_by_topic), or a clarifying question."""
    assert args_of(plan(text), "get_my_roster") == {"minutes_last_n": n}


def _trends(demo_source, csv_facts, as_of, n: int) -> dict[str, float]:
    out = {}
    for e in demo_source().roster().entries:
        mins = [r["min"] for r in csv_facts.player_games(e.player.player_id, before=as_of)]
        out[e.player.name] = sum(mins[-n:]) / len(mins[-n:]) - sum(mins) / len(mins)
    return out


def test_the_roster_tool_compares_recent_minutes_with_the_season(demo_source, csv_facts, as_of):
    """e1c1d52: get_my_roster took no argument and said nothing of minutes."""
    got = json.loads(_tools(demo_source)["get_my_roster"].invoke({"minutes_last_n": 10}))
    want = _trends(demo_source, csv_facts, as_of, 10)
    rows = got["minutes_trend"]["players"]
    assert got["minutes_trend"]["last_n"] == 10 and len(rows) == len(want)
    for r in rows:
        assert r["change"] == pytest.approx(want[r["name"]], abs=0.01)
    assert [r["name"] for r in rows] == sorted(want, key=lambda k: (-round(want[k], 2), k))
    assert len(got["players"]) == len(want)  # the roster itself is whole beside it


def test_a_minutes_trend_answer_leads_with_who_rose_and_by_how_much(make_assistant, demo_source, csv_facts, as_of):
    """e1c1d52: 'None of your players is playing more minutes lately' (the 6-minute news threshold),
    while several of my players' last 5 games beat their season minutes."""
    r = make_assistant().ask("which of my players are getting more minutes these days?", None)
    trend = _trends(demo_source, csv_facts, as_of, 5)
    rose = sorted((k for k, v in trend.items() if v >= 1.0), key=lambda k: -trend[k])
    fell = [k for k, v in trend.items() if v <= -1.0]
    assert rose and fell
    lead = _lead(r["answer"])
    assert "last 5 games" in lead
    spots = [lead.index(n) for n in rose]
    assert spots == sorted(spots)  # biggest rise first
    for name in rose:
        shown = float(re.search(rf"{re.escape(name)} ([+-]\d+\.\d)", lead).group(1))
        assert shown == pytest.approx(trend[name], abs=0.06)
    assert not any(n in lead for n in fell)
    falling = next(p for p in r["answer"].split("\n\n") if p.startswith("Falling:"))
    assert min(fell, key=lambda k: trend[k]) in falling.split(",")[0]
