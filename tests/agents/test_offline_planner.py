"""The offline planner through the runtime over real services and real data.

Expected numbers come from the CSV (conftest's `csv_facts`), never from the services.
"""
from __future__ import annotations

import datetime as dt
import re

import pytest

from agents.core.intents import Intent
from agents.offline.nlu import parse

AS_OF = dt.date(2025, 1, 29)
THU = dt.date(2025, 1, 30)

PHRASINGS = [
    ("How has Haliburton played his last 5 games?", Intent.PLAYER_RESEARCH),
    ("Is jokic playing tomorrow?", Intent.PLAYER_RESEARCH),
    ("what's the news on Embiid", Intent.PLAYER_RESEARCH),
    ("Tell me about SGA's recent form", Intent.PLAYER_RESEARCH),
    ("My guard is listed DTD. Should I hold or stream his spot?", Intent.PLAYER_RESEARCH),
    ("how many minutes is Wemby playing lately", Intent.PLAYER_RESEARCH),
    ("Any injury news on my team?", Intent.PLAYER_RESEARCH),
    ("Who should I stream for the rest of this week? I'm down in assists and steals.", Intent.FREE_AGENT_SCAN),
    ("Any good free agents at center?", Intent.FREE_AGENT_SCAN),
    ("Who's the best pickup on waivers right now?", Intent.FREE_AGENT_SCAN),
    ("find me a point guard with 3 games left", Intent.FREE_AGENT_SCAN),
    ("I need blocks, who's out there?", Intent.FREE_AGENT_SCAN),
    ("Is Tobias Harris worth adding?", Intent.FREE_AGENT_SCAN),
    ("How is my matchup looking?", Intent.MATCHUP_ANALYSIS),
    ("Am I winning this week?", Intent.MATCHUP_ANALYSIS),
    ("What are my chances against my opponent?", Intent.MATCHUP_ANALYSIS),
    ("I have 11 players active on Thursday. Who sits?", Intent.LINEUP_OPTIMIZATION),
    ("Who should I start tonight?", Intent.LINEUP_OPTIMIZATION),
    ("Who do I bench on Saturday?", Intent.LINEUP_OPTIMIZATION),
    ("Review my matchup and help me optimize for this week without destroying my team.", Intent.LINEUP_OPTIMIZATION),
    ("hi", Intent.GENERAL_ADVICE),
    ("thanks!", Intent.GENERAL_ADVICE),
    ("What is punting FT%?", Intent.GENERAL_ADVICE),
    ("How does streaming work?", Intent.GENERAL_ADVICE),
]


@pytest.mark.parametrize("question,intent", PHRASINGS)
def test_intents_of_real_phrasings(question, intent):
    assert parse(question, AS_OF).intent == intent


def test_no_phantom_players_from_common_words():
    assert parse("Who's the best pickup on waivers right now?", AS_OF).players == []


@pytest.mark.parametrize("text,day", [("tonight", AS_OF), ("today", AS_OF), ("tomorrow", THU),
                                      ("on Thursday", THU), ("Friday", dt.date(2025, 1, 31)),
                                      ("on sunday", dt.date(2025, 2, 2)), ("on 2025-02-01", dt.date(2025, 2, 1))])
def test_day_references(offline_assistant, text, day):
    r = offline_assistant.ask(f"Who should I start {text}?")
    assert r["intent"] == "lineup_optimization"
    assert [c["args"] for c in r["tool_calls"]] == [{"date": day.isoformat()}]
    assert f"**{day.isoformat()}:" in r["answer"]


def _avg(rows, key):
    return sum(r[key] for r in rows) / len(rows)


def test_haliburton_last_5_matches_the_csv_and_follow_up_uses_last_10(offline_assistant, csv_facts):
    games = csv_facts.player_games("halibty01", before=AS_OF)
    last5, last10 = games[-5:], games[-10:]
    r = offline_assistant.ask("How has Haliburton played his last 5 games?")
    assert r["intent"] == "player_research"
    logs = [c for c in r["tool_calls"] if c["name"] == "get_player_game_log"]
    assert [(c["args"], c["ok"]) for c in logs] == [({"name": "Tyrese Haliburton", "last_n": 5}, True)]
    a = r["answer"]
    expected = f"Last 5 games for Tyrese Haliburton: {_avg(last5, 'pts'):.1f} pts, {_avg(last5, 'reb'):.1f} reb, " \
               f"{_avg(last5, 'ast'):.1f} ast"
    assert expected in a
    assert f"**{round(_avg(last5, 'fpts'), 1)} fantasy pts per game**" in a
    assert f"(season {round(_avg(games, 'fpts'), 2)})" in a
    for g in last5:
        assert f"| {g['game_date']} | {g['opp']} |" in a and f"| {g['fpts']} |" in a

    r2 = offline_assistant.ask("what about his last 10?", r["thread_id"])
    logs = [c for c in r2["tool_calls"] if c["name"] == "get_player_game_log"]
    assert [c["args"] for c in logs] == [{"name": "Tyrese Haliburton", "last_n": 10}]
    assert r2["intent"] == "player_research"
    assert f"Last 10 games for Tyrese Haliburton: {_avg(last10, 'pts'):.1f} pts" in r2["answer"]
    assert f"**{round(_avg(last10, 'fpts'), 1)} fantasy pts per game**" in r2["answer"]


def test_jokic_tomorrow_checks_the_schedule(offline_assistant, csv_facts):
    r = offline_assistant.ask("Is jokic playing tomorrow?")
    sched = [c for c in r["tool_calls"] if c["name"] == "get_schedule"]
    assert [c["args"] for c in sched] == [{"names": ["Nikola Jokić"], "start": "2025-01-30", "end": "2025-01-30"}]
    team = csv_facts.team_of("jokicni01", AS_OF)
    plays = csv_facts.team_games_between(team, THU, THU)
    when = "2025-01-30" if plays else "no game"
    assert f"Schedule for Nikola Jokić from 2025-01-30 to 2025-01-30: {when}." in r["answer"]


def test_categories_go_to_the_free_agent_filter(offline_assistant):
    r = offline_assistant.ask("Who should I stream for the rest of this week? I'm down in assists and steals.")
    assert r["intent"] == "free_agent_scan"
    fa = [c for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert len(fa) == 1 and fa[0]["args"]["target_categories"] == ["AST", "STL"]
    assert fa[0]["args"]["healthy_only"] is True and fa[0]["args"]["min_games_remaining"] >= 1
    assert "Top free agents for AST, STL" in r["answer"]
    assert 1 <= sum(c["name"] == "validate_slot_fit" for c in r["tool_calls"]) <= 3


def test_who_sits_on_thursday_counts_real_games(offline_assistant, csv_facts):
    lg = offline_assistant.source.league
    r = offline_assistant.ask("I have 11 players active on Thursday. Who sits?")
    assert r["tool_calls"][0]["name"] == "compose_daily_lineup" and r["tool_calls"][0]["args"] == {"date": "2025-01-30"}
    out = {pid for pid in lg.roster_ids() if lg.snapshot.players[pid].status == "OUT"}
    with_game = [pid for pid in lg.roster_ids() if csv_facts.team_games_between(csv_facts.team_of(pid, AS_OF), THU, THU)]
    playing = [pid for pid in with_game if pid not in out]
    # an OUT player whose team plays may fill a slot nobody healthy needs (his return chance is > 0)
    assert f"**2025-01-30: start these {min(len(with_game), 10)}," in r["answer"]
    assert f"the schedule shows {len(playing)} of your players with a game that day, not 11" in r["answer"]


def test_a_greeting_uses_no_tools(offline_assistant):
    r = offline_assistant.ask("hello")
    assert r["intent"] == "general_advice" and r["tool_calls"] == [] and r["answer"].startswith("Hi!")
    assert r["llm_calls"] == 2


def test_hold_or_stream_for_a_dtd_guard(offline_assistant):
    r = offline_assistant.ask("My guard is listed DTD. Should I hold or stream his spot?")
    names = [c["name"] for c in r["tool_calls"]]
    assert names[0] == "get_my_roster"
    assert {"get_player_status", "get_player_news", "get_free_agents", "deep_analysis"} <= set(names)
    dtd = r["tool_calls"][names.index("get_player_status")]["args"]["name"]
    lg = offline_assistant.source.league
    pid = offline_assistant.source.resolve(dtd)
    assert pid in lg.roster_ids() and lg.snapshot.players[pid].status != "ACTIVE"
    assert re.search(r"\*\*(Hold|Stream)", r["answer"])


def test_empty_and_huge_questions_are_refused(offline_assistant):
    assert offline_assistant.ask("   ")["refused"] is True
    r = offline_assistant.ask("x" * 5000)
    assert r["refused"] is True and "too long" in r["answer"]


def test_a_long_thread_runs_every_turns_tools(fresh_state):
    """Tool-call ids are unique per turn, so turn 4 runs its tools like turn 1 did."""
    from agents.core.runtime import Assistant

    a = Assistant()
    thread = "long-thread"
    names = ["Nikola Jokić", "Joel Embiid", "Luka Dončić", "Giannis Antetokounmpo"]
    for name in names:
        r = a.ask(f"How is {name} doing?", thread)
        ran = [(c["name"], c["args"].get("name")) for c in r["tool_calls"]]
        assert ("get_player_status", name) in ran and ("get_player_game_log", name) in ran
        assert all(c["ok"] for c in r["tool_calls"])
        assert f"**{name}**" in r["answer"] and "safety limit" not in r["answer"]


def test_the_streaming_answer_names_exactly_the_cards_offered(fresh_state):
    from agents.core.runtime import Assistant

    r = Assistant().ask("Who should I pick up for assists and steals?")
    assert r["pending_approvals"]
    for card in r["pending_approvals"]:  # in the card's own words: an IR card is "Move X to IR", never "Drop X"
        head = f"Move {card['drop']} to IR, add {card['add']}" if card["kind"] == "ir" else \
            f"Drop {card['drop']} -> Add {card['add']}"
        assert f"{head}, {card['expected_gain']:+} pts expected" in r["answer"]
    assert r["answer"].count("Drop ") + r["answer"].count(" to IR, add ") == len(r["pending_approvals"])
    drops = [c["drop_id"] for c in r["pending_approvals"]]
    adds = [c["add_id"] for c in r["pending_approvals"]]
    assert len(set(drops)) == len(drops) and len(set(adds)) == len(adds)


def test_the_answer_streams_as_deltas_before_the_final_answer(fresh_state):
    from agents.core.runtime import Assistant

    events = list(Assistant().stream_turn("How has Tyrese Haliburton played lately?", "stream-1"))
    kinds = [e["type"] for e in events]
    deltas = "".join(e["text"] for e in events if e["type"] == "answer_delta")
    final = next(e["text"] for e in events if e["type"] == "answer")
    assert deltas and final.startswith(deltas[:200])
    assert kinds.index("answer_delta") < kinds.index("answer")
    assert all("tool_calls" not in e for e in events if e["type"] == "answer_delta")


def test_tomorrow_in_next_matchup_week_still_gets_a_lineup(fresh_state, csv_facts):
    import datetime as dt
    import json as _json

    from agents.core.runtime import Assistant

    sunday, monday = dt.date(2024, 12, 15), dt.date(2024, 12, 16)
    a = Assistant(as_of=sunday)
    events = list(a.stream_turn("Who should I start tomorrow?", "next-week"))
    end = next(e for e in events if e["type"] == "tool_end" and e["name"] == "compose_daily_lineup")
    assert end["ok"]
    day = _json.loads(end["result"])
    lg = a.source.league
    with_game = [pid for pid in lg.roster_ids()
                 if csv_facts.team_games_between(csv_facts.team_of(pid, sunday), monday, monday)]
    playing = [pid for pid in with_game if lg.snapshot.players[pid].status != "OUT"]
    assert day["date"] == "2024-12-16" and day["players_with_games"] == len(playing)
    assert len(day["starters"]) == min(len(with_game), 10)  # an OUT player with a game fills a free slot
