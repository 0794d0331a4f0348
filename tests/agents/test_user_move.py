"""The user's own move ("Drop Embiid and pick up Jrue Holiday"), end to end with the offline planner.

The gain in the answer and on the card is checked against the re-solve-everything reference scan
(`services.optimizer.reference`, a separate implementation) on the same inputs; games left and
statuses come from the CSV. Phrasings the rules were not written for are included.
"""
from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from agents.tools.optimizer_tools import best_moves
from services import optimizer as opt
from services.optimizer.reference import reference_scan

AS_OF = dt.date(2025, 1, 29)
WEEK_END = dt.date(2025, 2, 2)
EMBIID, JRUE, JOKIC, DUNN, MILLER = "embiijo01", "holidjr01", "jokicni01", "dunnkr01", "millebr02"

EMBIID_FOR_JRUE = [
    "Drop Embiid and pick up Jrue Holiday",
    "Swap Embiid for Jrue Holiday",
    "Should I add Jrue Holiday and drop Joel Embiid?",
    # not written for:
    "thinking of cutting embiid to grab jrue holiday, good idea?",
    "What if I release Joel Embiid and sign Jrue Holiday",
    "Jrue Holiday in, Embiid out?",
]


def reference_gain(lg, drop_id: str, add_id: str) -> float:
    """The move's gain by the reference scan (every lineup re-solved), on the league's inputs."""
    prep = opt.prepare(opt.from_demo_league(lg, free_agents=[add_id]))
    k = [p.player_id for p in prep.roster.players].index(drop_id)
    return float(reference_scan(prep, np.array([k]))[0][0, 0])


def games_left(csv_facts, pid: str) -> int:
    return len(csv_facts.team_games_between(csv_facts.team_of(pid, AS_OF), AS_OF, WEEK_END))


@pytest.mark.parametrize("question", EMBIID_FOR_JRUE)
def test_the_named_move_is_evaluated_exactly(offline_assistant, csv_facts, question):
    r = offline_assistant.ask(question)
    assert r["intent"] == "free_agent_scan"
    assert [c["name"] for c in r["tool_calls"]] == ["evaluate_move"] and r["tool_calls"][0]["ok"]
    lg = offline_assistant.source.league
    gain = round(reference_gain(lg, EMBIID, JRUE), 1)
    mine = r["pending_approvals"][0]
    assert (mine["drop_id"], mine["add_id"], mine["origin"]) == (EMBIID, JRUE, "user")
    assert mine["expected_gain"] == gain and mine["title"].startswith("Your move: ")
    assert (mine["add_games_remaining"], mine["drop_games_remaining"]) == (games_left(csv_facts, JRUE),
                                                                           games_left(csv_facts, EMBIID))
    season = mine["season_gain"]
    assert mine["title"] == (f"Your move: Drop Joel Embiid -> Add Jrue Holiday, {gain:+} pts expected this week, "
                             f"{season:+} pts rest of season")
    assert f"**{mine['title']}** (Jrue Holiday" in r["answer"]
    # Embiid is OUT in the CSV (12+ missed games), so the week gain is positive; losing him costs the season
    assert csv_facts.missed_in_row(EMBIID, AS_OF) >= 3 and gain > 0
    assert season < 0 and f"**Warning:** it costs {abs(season)} pts over the rest of the season." in r["answer"]
    assert "Joel Embiid is one of the league's top-40" in r["answer"] and mine["reasons"][0].startswith("Warning:")
    # the other card is the optimizer's own top offer, and the answer says why it is better
    top = best_moves(offline_assistant.source, limit=1, mode="balanced")[0]
    others = r["pending_approvals"][1:]
    assert others and (others[0]["drop_id"], others[0]["add_id"], others[0]["kind"]) == (top.drop_id, top.add_id, top.kind)
    for c in others:
        assert not (c["drop_id"] == EMBIID and c["kind"] == "swap") and c["season_gain"] > season
        assert f"{c['title']}: " in r["answer"]
    assert r["transactions"] == []


@pytest.mark.parametrize("question", ["Would picking up Kris Dunn for Nikola Jokic help?",
                                      "swap jokic for kris dunn"])
def test_a_losing_move_gets_a_warning_and_the_better_alternative(offline_assistant, question):
    r = offline_assistant.ask(question)
    lg = offline_assistant.source.league
    gain = round(reference_gain(lg, JOKIC, DUNN), 1)
    assert gain < 0
    mine = r["pending_approvals"][0]
    assert (mine["drop_id"], mine["add_id"], mine["expected_gain"]) == (JOKIC, DUNN, gain)
    assert f"**Warning:** this move is expected to cost {abs(gain)} pts this week." in r["answer"]
    assert mine["reasons"][0] == f"Warning: this move is expected to cost {abs(gain)} pts this week."
    better = r["answer"].split("**Better:** ")[1]
    assert better.startswith(r["pending_approvals"][1]["title"])
    assert r["pending_approvals"][1]["expected_gain"] > gain


def test_a_move_of_two_of_my_players_is_refused_plainly(offline_assistant):
    r = offline_assistant.ask("Should I drop Jokic and add Embiid?")
    assert [c["name"] for c in r["tool_calls"]] == ["evaluate_move"] and not r["tool_calls"][0]["ok"]
    assert "Joel Embiid is on your roster already." in r["answer"] and r["pending_approvals"] == []


def test_add_x_or_y_is_not_a_move(offline_assistant):
    r = offline_assistant.ask("Should I add Jrue Holiday or Ayo Dosunmu?")
    assert "evaluate_move" not in [c["name"] for c in r["tool_calls"]]


def test_approving_the_users_card_makes_exactly_that_move(make_assistant):
    a = make_assistant()
    r = a.ask("Drop Embiid and pick up Jrue Holiday", "user-move")
    mine = r["pending_approvals"][0]
    done = a.resume("user-move", "approve", mine["move_id"])
    assert [(t["drop"], t["add"]) for t in done["transactions"]] == [("Joel Embiid", "Jrue Holiday")]
    roster = a.source.league.roster_ids()
    assert JRUE in roster and EMBIID not in roster and MILLER in roster


def test_the_tool_scores_the_move_in_categories_too(demo_source):
    """Any model gets the same tool; in categories the unit is categories won."""
    import json

    from agents.tools import build_tools

    src = demo_source(AS_OF, "categories")
    lg = src.league
    drop_id, add_id = lg.roster_ids()[-1], src.free_agents(limit=1)[0].player.player_id
    names = {pid: lg.snapshot.players[pid].ref.name for pid in (drop_id, add_id)}
    tool = next(t for t in build_tools(src) if t.name == "evaluate_move")
    out = json.loads(tool.invoke({"drop": names[add_id], "add": names[drop_id]}))  # reversed: ownership decides
    assert out["swapped"] is True and out["unit"] == "cats"
    assert (out["move"]["drop_id"], out["move"]["add_id"]) == (drop_id, add_id)
    assert out["move"]["expected_gain"] == round(reference_gain(lg, drop_id, add_id), 2)
