"""Group-chat register (issue #42) through the runtime, on phrasings written for these tests (not the
issue's, not the held-out sets'): shorthand, stat slang, two requests in one turn, trade slang,
rankings with a punt in passing, desk slang and follow-ups, the signals pod in other words, small
talk with laughter, the league's rules from its scoring weights, matchup follow-ups, team
complaints and low-confidence messages. Each test names what the code before issue #42 did."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from tests.conftest import share_nlu_model

AS_OF = dt.date(2025, 1, 29)


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, courtside_home):
    from agents.core.runtime import Assistant
    from services.config import reset_settings_cache
    from services.store.build import DB_NAME
    from tests.db_files import copy_database

    home = tmp_path_factory.mktemp("nlu-register")
    copy_database(courtside_home / DB_NAME, home / DB_NAME)
    share_nlu_model(home)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("COURTSIDE_HOME", str(home))
        reset_settings_cache()
        yield Assistant(as_of=AS_OF)
    reset_settings_cache()


def _turn(a, question: str, thread: str) -> tuple[dict, list[dict]]:
    events = list(a.stream_turn(question, thread))
    result = events[-1]["result"]
    if result["pending_approvals"]:
        a.resume(thread, "decline")
    return result, events


def _calls(events) -> list[tuple[str, dict]]:
    return [(e["name"], e.get("args") or {}) for e in events if e["type"] == "tool_start"]


def _results(events, name: str) -> list[dict]:
    import json

    return [json.loads(e["result"]) for e in events if e["type"] == "tool_end" and e["name"] == name
            and isinstance(e.get("result"), str) and e["result"].startswith("{")]


def test_shorthand_status_question_checks_that_night(assistant):
    """'is kyrie playin tn' (tn = tonight). Before: the shorthand day was not read, so no schedule
    check for that night."""
    result, events = _turn(assistant, "is kyrie playin tn", "reg-sh")
    calls = _calls(events)
    assert ("get_player_status", {"name": "Kyrie Irving"}) in calls
    assert ("get_schedule", {"names": ["Kyrie Irving"], "start": "2025-01-29", "end": "2025-01-29"}) in calls


def test_stat_slang_over_last_n_leads_with_that_stat(assistant, csv_facts):
    """'trae dimes l6' leads with his assists average over exactly those 6 games (from the CSV).
    Before: 'l6' was not a count and 'dimes' reached the model as typed."""
    result, events = _turn(assistant, "trae dimes l6", "reg-stat")
    assert ("get_player_game_log", {"name": "Trae Young", "last_n": 6}) in _calls(events)
    rows = csv_facts.player_games("youngtr01", AS_OF)[-6:]
    want = sum(r["ast"] for r in rows) / len(rows)
    m = re.search(r"\*\*Trae Young over his last 6 games: ([\d.]+) assists per game", result["answer"])
    assert m, result["answer"][:400]
    assert float(m.group(1)) == pytest.approx(want, abs=0.051)


def test_two_requests_in_one_message_are_answered_in_turn(assistant):
    """'is lamelo playing tonight? also best pickup at pf' gets both: his status and a PF scan, in one
    turn, one answer with both parts, the scan's cards. Before: only the first was answered."""
    result, events = _turn(assistant, "is lamelo playing tonight? also best pickup at pf", "reg-two")
    calls = _calls(events)
    assert ("get_player_status", {"name": "LaMelo Ball"}) in calls
    scans = [a for n, a in calls if n == "get_free_agents"]
    assert scans and scans[0]["position"] == "PF"
    first, second = result["answer"].split("\n\n---\n\n")
    assert "LaMelo Ball" in first
    listed = [f["name"] for f in _results(events, "get_free_agents")[0]["free_agents"][:3]]
    assert all(name in second for name in listed)
    # two requests, two budgets of 8 (Limits.tool_budget); nothing was cut off by the guard
    assert len(calls) <= 16 and not any("tool calls per turn" in (e.get("text") or "") for e in events)


def test_trade_slang_evaluates_the_named_trade(assistant):
    """'kuminga for mobley straight up, who wins' evaluates that trade (give Kuminga, get Mobley).
    Before: a drop/add or a player comparison."""
    result, events = _turn(assistant, "kuminga for mobley straight up, who wins", "reg-trade")
    assert ("evaluate_trade", {"give": ["Jonathan Kuminga"], "get": ["Evan Mobley"]}) in _calls(events)


def test_rankings_with_a_punt_in_passing_rank_with_the_punt(assistant):
    """'who's top 12 if i'm punting blocks' calls the rankings for 12 with BLK punted. Before: no tool."""
    result, events = _turn(assistant, "who's top 12 if i'm punting blocks", "reg-punt")
    assert [a.get("limit") for n, a in _calls(events) if n == "get_player_rankings"] == [12]
    ranked = _results(events, "get_player_rankings")
    assert ranked and ranked[0]["punt"] == ["BLK"] and "punting BLK" in result["answer"]


def test_desk_follow_up_with_no_team_quotes_the_same_game(assistant):
    """'and the o/u?' after a line question prices the same game. Before: no team, no quote."""
    _turn(assistant, "odds on lakers vs nuggets", "reg-desk")
    result, events = _turn(assistant, "and the o/u?", "reg-desk")
    assert result["intent"] == "market_desk"
    assert "could not price" not in result["answer"] and "Lakers" in result["answer"] or "LAL" in result["answer"]


def test_desk_bet_in_slang_reads_amount_and_odds_not_the_bucks(assistant):
    """'15 bucks on the knicks ML @ 2.05': $15 at 2.05 on the Knicks. Before: 'bucks' was Milwaukee."""
    from agents.offline.nlu import parse

    p = parse("15 bucks on the knicks ML @ 2.05", AS_OF)
    assert (p.act, p.teams, p.amount, p.odds) == ("market_desk", ["NYK"], 15.0, 2.05)


def test_signals_in_other_words_reach_the_pod(assistant):
    """'where is vegas sleeping tonight' is the signals pod. Before: general advice or a lineup."""
    result, _ = _turn(assistant, "where is vegas sleeping tonight", "reg-pod")
    assert result["intent"] == "market_edges"


@pytest.mark.parametrize("text", ["lmaooo thanks 😂", "haha ok 👍", "😅"])
def test_small_talk_with_laughter_calls_no_tool(assistant, text):
    """Before: read as player research (three tools) or as nonsense."""
    result, events = _turn(assistant, text, f"reg-lol-{abs(hash(text))}")
    assert not _calls(events) and result["intent"] == "general_advice"
    assert not result["answer"].startswith("I didn't follow that")


def test_league_rules_are_answered_from_the_scoring_weights(assistant):
    """'does a block count more than a rebound in this league' states both weights from the league's
    scoring and which moves the score more, with no tool. Before: tips or a clarifying question."""
    from services.league.scoring import POINTS_WEIGHTS

    result, events = _turn(assistant, "does a block count more than a rebound in this league", "reg-rules")
    assert not _calls(events)
    ans = result["answer"]
    assert f"A block: {POINTS_WEIGHTS['blk']:+g} a block" in ans and f"A rebound: {POINTS_WEIGHTS['reb']:+g} a rebound" in ans
    assert "So a block moves your score more than a rebound" in ans


def test_league_rules_in_a_categories_league_say_each_category_counts_once():
    from agents.offline.rules_talk import rules_answer

    assert "each of the nine categories" in rules_answer(["STL", "REB"], "categories")


def test_matchup_follow_up_about_them_stays_on_the_matchup(assistant):
    """'are any of their guys banged up' after a matchup question reads the opponent's roster.
    Before: a clarifying question or small talk."""
    _turn(assistant, "how's my matchup going", "reg-mf")
    result, events = _turn(assistant, "are any of their guys banged up", "reg-mf")
    assert result["intent"] == "matchup_analysis"
    assert "get_opponent_roster" in [n for n, _ in _calls(events)]


def test_team_complaint_scans_free_agents_for_that_category(assistant):
    """'my forwards can't grab a board, smh' scans free agents for rebounds. Before: a clarifying
    question or the optimizer with no target."""
    result, events = _turn(assistant, "my forwards can't grab a board, smh", "reg-tc")
    scans = [a for n, a in _calls(events) if n == "get_free_agents"]
    assert scans and scans[0]["target_categories"] == ["REB"]


def test_low_confidence_asks_back_with_the_likeliest_readings(assistant):
    """'what's ur take on all this' is asked back with choices and calls nothing. Before: general
    advice tips with no tool and no question."""
    result, events = _turn(assistant, "what's ur take on all this", "reg-lc")
    clarify = [e for e in events if e["type"] == "clarify"]
    assert clarify and 2 <= len(clarify[0]["choices"]) <= 3 and not _calls(events)
    assert "Did you mean one of these?" in result["answer"]


def test_trade_sides_are_found_where_a_nickname_stands():
    """'sga for ant, who comes out ahead' gives SGA and gets Edwards. Before: the sides were found by
    surname only, so a nickname's player landed on neither side and a trade search was run instead."""
    from agents.offline.nlu import parse
    from agents.offline.trade_talk import plan_trade

    p = parse("sga for ant, who comes out ahead", AS_OF)
    assert plan_trade(p, {}) == [("evaluate_trade", {"give": ["Shai Gilgeous-Alexander"], "get": ["Anthony Edwards"]})]
