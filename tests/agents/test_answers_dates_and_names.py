"""Issue #18 §3/§4: a date named in the question is honoured or the answer says which date it used;
a player neither named, rostered nor in a tool result never appears in an answer; a points league's
category question offers the category view (a button; in the CLI, its command), never a flag.

Each test fails on the code before this change (named in its docstring).
"""
from __future__ import annotations

import datetime as dt

from agents.core.dates import named_date

AS_OF = dt.date(2025, 1, 29)


def test_named_dates_are_read_in_the_season_year():
    assert named_date("any edges on Jan 30?", AS_OF) == dt.date(2025, 1, 30)
    assert named_date("what about December 25th", AS_OF) == dt.date(2024, 12, 25)  # the season spans New Year
    assert named_date("start on 2/1", AS_OF) == dt.date(2025, 2, 1)
    assert named_date("2025-02-02 lineup", AS_OF) == dt.date(2025, 2, 2)
    assert named_date("he hits 3/4 of his free throws", AS_OF) is None
    assert named_date("who starts tomorrow", AS_OF) is None and named_date("Feb 30", AS_OF) is None


def test_a_lineup_for_a_named_date_is_for_that_date(offline_assistant, csv_facts):
    """Before: "Jan 31" matched no rule and the lineup was for tomorrow (Jan 30)."""
    r = offline_assistant.ask("who should I start on Jan 31?")
    [call] = [c for c in r["tool_calls"] if c["name"] == "compose_daily_lineup"]
    assert call["args"]["date"] == "2025-01-31"
    assert "**2025-01-31: start these" in r["answer"]


def test_edges_on_another_day_say_which_day_was_priced(offline_assistant, csv_games):
    """Before: "any edges on Jan 30?" priced Jan 29's games without a word about it."""
    r = offline_assistant.ask("any edges on Jan 30?")
    priced = {c["args"]["game_id"][:10] for c in r["tool_calls"] if "game_id" in c["args"]}
    assert priced == {"2025-01-29"}
    assert r["answer"].startswith("**You asked about Thu Jan 30; these are Wed Jan 29's games.**")
    assert "as-of date to 2025-01-30" in r["answer"]
    n_games = len({(g["game_date"], g["team"]) for g in csv_games if g["game_date"] == AS_OF}) // 2
    assert f"on all {n_games} games on Wed Jan 29" in r["answer"]


def test_a_player_the_user_did_not_name_is_not_put_in_a_lineup_answer(offline_assistant):
    """Before: "sit T.J. McConnell (not on your roster)": a verdict on a player who is not the
    user's. Named, he is said to be off the roster; not named, he is not in the answer at all."""
    r = offline_assistant.ask("should I start mcconnell tomorrow")
    assert "T.J. McConnell is not on your active roster" in r["answer"]
    assert "sit T.J. McConnell" not in r["answer"]
    from agents.offline.lineup_text import lineup
    from agents.offline.nlu import Parsed
    from agents.core.intents import Intent

    day = {"date": "2025-01-30", "starters": [{"name": "Deandre Ayton", "slot": "C", "expected": 28.4}],
           "bench": [{"name": "Joel Embiid", "reason": "OUT"}], "players_with_games": 1, "expected_total": 28.4}
    done = {"compose_daily_lineup": [{"ok": True, "data": day, "args": {}}]}
    text = lineup(Parsed(text="who should I start tomorrow?", intent=Intent.LINEUP_OPTIMIZATION,
                         players=["T.J. McConnell", "Joel Embiid"]), done)
    assert "McConnell" not in text and "sit Joel Embiid (OUT)" in text


def test_the_cli_offers_the_category_view_as_its_command(offline_assistant):
    """Before: the answer itself said "ask with `--scoring categories`" to every surface."""
    r = offline_assistant.ask("Which categories am I winning?")
    assert "--scoring" not in r["answer"] and "no categories to win" in r["answer"]
    assert r["offers"] == [{"action": "category_view", "label": "Show this matchup by category",
                            "question": "Which categories am I winning?"}]
    assert "offers" not in offline_assistant.ask("How is my matchup going?")  # absent when none


QUESTIONS = ["Which center on the waiver wire would you grab?", "Who is hot on waivers?", "How is my matchup going?",
             "Who should I start tomorrow?", "Compare Jalen Williams and Norman Powell", "Is Embiid worth holding?",
             "Drop Deandre Ayton and add Jonas Valanciunas", "what about tj mcconnell's last 10 games",
             "Review my matchup and help me optimize for this week"]


def test_every_player_in_an_answer_is_named_rostered_or_in_a_result(offline_assistant):
    """A guard over many paths (passes before too, except the lineup case above): each player an
    answer names is the user's, named in the question, or in a tool result or card of the turn."""
    from agents.offline.lineup_text import mentioned

    lg = offline_assistant.source.league
    names = {ps.ref.name for ps in lg.snapshot.players.values()}
    roster = {lg.snapshot.players[p].ref.name for p in lg.roster_ids()}
    for q in QUESTIONS:
        events = list(offline_assistant.stream_turn(q))
        result = events[-1]["result"]
        sources = " ".join(str(e.get("result") or "") for e in events if e["type"] == "tool_end")
        sources += " ".join(f"{c['drop']} {c['add']}" for c in result["pending_approvals"])
        unsourced = [n for n in names if n in result["answer"] and n not in sources and n not in roster
                     and not mentioned(n, q)]
        assert unsourced == [], (q, unsourced)
