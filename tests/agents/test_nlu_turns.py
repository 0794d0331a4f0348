"""The learned planner through the runtime: follow-ups resolved from the thread, a clarifying
question with choices, "I didn't follow that", DTD explained, and a one-stat question answered
with that stat's average (computed here from the CSV, not by the code under test)."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from tests.conftest import share_nlu_model

AS_OF = dt.date(2025, 1, 29)


@pytest.fixture(scope="module")
def assistant(tmp_path_factory, courtside_home):

    from agents.core.runtime import Assistant
    from services.store.build import DB_NAME
    from tests.db_files import copy_database
    from services.config import reset_settings_cache

    home = tmp_path_factory.mktemp("nlu-turns")
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
        a.resume(thread, "decline")  # the next question of these threads comes after the cards are decided
    return result, events


def _calls(events) -> list[tuple[str, dict]]:
    return [(e["name"], e.get("args") or {}) for e in events if e["type"] == "tool_start"]


def test_what_about_his_last_10_reads_the_player_from_the_thread(assistant):
    """Catches: a pronoun follow-up answered with tips (or about nobody)."""
    _turn(assistant, "hows tatum been lately", "fu-tatum")
    result, events = _turn(assistant, "what about his last 10?", "fu-tatum")
    assert ("get_player_game_log", {"name": "Jayson Tatum", "last_n": 10}) in _calls(events)
    assert "Last 10 games for Jayson Tatum" in result["answer"]


def test_only_centers_please_rescans_the_free_agents_at_center(assistant):
    """Catches: the ellipsis losing the previous request (no free-agent scan, or one without C)."""
    _turn(assistant, "who are the best pickups?", "fu-centers")
    result, events = _turn(assistant, "only centers please", "fu-centers")
    scans = [args for name, args in _calls(events) if name == "get_free_agents"]
    assert scans and scans[0]["position"] == "C"
    assert result["intent"] == "free_agent_scan"


def test_redo_it_for_this_week_reruns_the_optimizer_in_streaming_mode(assistant):
    _turn(assistant, "look over my squad, which changes should I make", "fu-redo")
    assistant.graph.get_state(assistant.config("fu-redo"))
    result, events = _turn(assistant, "I only care about this week, redo it", "fu-redo")
    label = assistant.graph.get_state(assistant.config("fu-redo")).values["intent_label"]
    assert label["wants_moves"] and label["this_week_only"] is True
    assert any(e["type"] == "step" for e in events)  # the optimizer's nodes ran again


def test_why_that_move_quotes_the_previous_answer_and_calls_nothing(assistant):
    """Catches: 'why that move?' read as a new request (tools, new cards) or answered with tips."""
    first, _ = _turn(assistant, "find the best roster moves for this week", "fu-why")
    result, events = _turn(assistant, "why that move?", "fu-why")
    assert not _calls(events) and not result["pending_approvals"]
    assert result["answer"].startswith("Here is why, from my last answer")
    quoted = [ln for ln in result["answer"].splitlines()[2:] if ln.strip() and not ln.startswith("_")]
    assert quoted and all(ln in first["answer"] for ln in quoted)


@pytest.mark.parametrize("text", ["?", "asdkjh qwpeo zzkx", "what's the capital of peru"])
def test_nonsense_gets_i_didnt_follow_that_with_three_examples(assistant, text):
    """Catches: the old two streaming tips for anything the rules did not match."""
    result, events = _turn(assistant, text, f"unk-{abs(hash(text))}")
    assert result["answer"].startswith("I didn't follow that.")
    assert len(re.findall(r"^- .+\?$|^- Find .+$", result["answer"], re.M)) == 3
    assert not _calls(events) and "Streaming means" not in result["answer"]
    clarify = [e for e in events if e["type"] == "clarify"]
    assert clarify and clarify[0]["understood"] is False and len(clarify[0]["choices"]) == 3


def test_a_vague_question_asks_back_with_two_or_three_choices(assistant):
    result, events = _turn(assistant, "is it worth it", "vague-1")
    clarify = [e for e in events if e["type"] == "clarify"]
    assert clarify and clarify[0]["understood"] is True and 2 <= len(clarify[0]["choices"]) <= 3
    assert "Did you mean one of these?" in result["answer"]
    assert all(f"- {c}" in result["answer"] for c in clarify[0]["choices"]) and not _calls(events)


def test_what_does_dtd_mean_is_explained(assistant):
    result, events = _turn(assistant, "what does DTD mean", "dtd-1")
    assert "day-to-day" in result["answer"] and not _calls(events)
    assert result["intent"] == "general_advice"


def test_one_stat_over_last_n_states_that_stat_average(assistant, csv_facts):
    """'how many threes ... last 10' leads with the 3PM average over exactly those games, from the CSV."""
    result, events = _turn(assistant, "how many threes is steph hitting over his last 10", "stat-1")
    rows = csv_facts.player_games("curryst01", AS_OF)[-10:]
    want = sum(r["fg3m"] for r in rows) / len(rows)
    m = re.search(r"\*\*Stephen Curry over his last 10 games: ([\d.]+) threes made per game", result["answer"])
    assert m, result["answer"][:400]
    assert float(m.group(1)) == pytest.approx(want, abs=0.051)


def test_a_bet_with_amount_first_reaches_the_desk_with_its_terms(assistant):
    """'I'd like to bet 30 on the Warriors +9.5 at 1.91' used to answer 'say the odds and the amount'."""
    result, events = _turn(assistant, "I'd like to bet 30 on the Warriors +9.5 at 1.91", "desk-1")
    assert result["intent"] == "market_desk"
    assert "say the odds and the amount" not in result["answer"]


def test_stash_him_on_ir_moves_the_named_player_to_ir(assistant):
    """'Ivey is hurt, stash him on IR and pick someone up' was read as player research; then the
    optimizer offered its own top move (in the one league on Jan 29: John Collins, team 1's other
    OUT player, to IR). Now: one card, Ivey to IR, with the add that scores best for that IR move."""
    lg = assistant.source.league
    out = [p for p in lg.roster_ids() if lg.snapshot.players[p].status == "OUT"]
    assert "iveyja01" in out and len(out) >= 2  # another OUT player the optimizer could pick instead
    result, events = _turn(assistant, "Ivey is hurt, stash him on IR and pick someone up", "ir-1")
    cards = result["pending_approvals"]
    assert result["intent"] == "lineup_optimization" and len(cards) == 1
    assert (cards[0]["kind"], cards[0]["drop"]) == ("ir", "Jaden Ivey")
    assert f"Move Jaden Ivey to IR, add {cards[0]['add']}" in result["answer"]
