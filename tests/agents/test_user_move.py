"""The user's own move ("Drop Collins and pick up Tyus Jones"), end to end with the offline planner.

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
# The league's team 1 on Jan 29 (read in `players`): an OUT player of mine, the top free agent, my best player.
DROP_OUT_FOR_TOP_FA = [
    "Drop {out_last} and pick up {fa}",
    "Swap {out_last} for {fa}",
    "Should I add {fa} and drop {out}?",
    # not written for:
    "thinking of cutting {out_last_lower} to grab {fa_lower}, good idea?",
    "What if I release {out} and sign {fa}",
    "{fa} in, {out_last} out?",
]


@pytest.fixture
def players(demo_source, csv_facts):
    """Names read from the league (not from the code's answers): an OUT player of my roster (OUT
    checked in the CSV: 3+ missed games in a row) whose surname no other player has, the top free
    agent, and my best player by per-game value."""
    src = demo_source(AS_OF, "points")
    lg = src.league
    snap = lg.snapshot
    last = lambda pid: snap.players[pid].ref.name.split()[-1]  # noqa: E731
    surnames = [last(p) for p in snap.players]
    out = next(p for p in sorted(lg.roster_ids()) if snap.players[p].status == "OUT" and surnames.count(last(p)) == 1)
    assert csv_facts.missed_in_row(out, AS_OF) >= 3
    fa = src.free_agents(limit=1)[0].player.player_id
    best = max(lg.roster_ids(), key=lambda p: snap.players[p].expected_fpts)
    name = lambda pid: snap.players[pid].ref.name  # noqa: E731
    return {"out_id": out, "fa_id": fa, "best_id": best, "out": name(out), "out_last": last(out),
            "out_last_lower": last(out).lower(), "fa": name(fa), "fa_lower": name(fa).lower(), "best": name(best),
            "best_last": last(best)}


def reference_gain(lg, drop_id: str, add_id: str) -> float:
    """The move's gain by the reference scan (every lineup re-solved), on the league's inputs."""
    prep = opt.prepare(opt.from_demo_league(lg, free_agents=[add_id]))
    k = [p.player_id for p in prep.roster.players].index(drop_id)
    return float(reference_scan(prep, np.array([k]))[0][0, 0])


def games_left(csv_facts, pid: str) -> int:
    return len(csv_facts.team_games_between(csv_facts.team_of(pid, AS_OF), AS_OF, WEEK_END))


@pytest.mark.parametrize("question", DROP_OUT_FOR_TOP_FA)
def test_the_named_move_is_evaluated_exactly(offline_assistant, csv_facts, players, question):
    out_id, fa_id = players["out_id"], players["fa_id"]
    r = offline_assistant.ask(question.format(**players))
    assert r["intent"] == "free_agent_scan"
    assert [c["name"] for c in r["tool_calls"]] == ["evaluate_move"] and r["tool_calls"][0]["ok"]
    lg = offline_assistant.source.league
    gain = round(reference_gain(lg, out_id, fa_id), 1)
    mine = r["pending_approvals"][0]
    assert (mine["drop_id"], mine["add_id"], mine["origin"]) == (out_id, fa_id, "user")
    assert mine["expected_gain"] == gain and mine["title"].startswith("Your move: ")
    assert (mine["add_games_remaining"], mine["drop_games_remaining"]) == (games_left(csv_facts, fa_id),
                                                                           games_left(csv_facts, out_id))
    season = mine["season_gain"]
    assert mine["title"] == (f"Your move: Drop {players['out']} -> Add {players['fa']}, {gain:+} pts expected this "
                             f"week, {season:+} pts rest of season")
    assert f"**{mine['title']}** ({players['fa']}" in r["answer"]
    # the dropped player is OUT in the CSV (3+ missed games in a row), so the week gain is positive;
    # a season loss, when there is one, is said as a warning
    assert csv_facts.missed_in_row(out_id, AS_OF) >= 3 and gain > 0
    warning = f"**Warning:** it costs {abs(season)} pts over the rest of the season."
    assert (warning in r["answer"]) == (season < 0)
    # the other card is the optimizer's own top offer, and the answer says why it is better
    top = best_moves(offline_assistant.source, limit=1, mode="balanced")[0]
    others = r["pending_approvals"][1:]
    assert others and (others[0]["drop_id"], others[0]["add_id"], others[0]["kind"]) == (top.drop_id, top.add_id, top.kind)
    for c in others:
        assert not (c["drop_id"] == out_id and c["kind"] == "swap") and c["season_gain"] > season
        assert f"{c['title']}: " in r["answer"]
    assert r["transactions"] == []


@pytest.mark.parametrize("question", ["Would picking up {fa} for {best} help?",
                                      "swap {best_last} for {fa_lower}"])
def test_a_losing_move_gets_a_warning_and_the_better_alternative(offline_assistant, players, question):
    """My best player for the top free agent: the week loss is warned about, the star protection
    says why, and a better card follows. Catches a losing move offered without a warning."""
    best_id, fa_id = players["best_id"], players["fa_id"]
    r = offline_assistant.ask(question.format(**players))
    lg = offline_assistant.source.league
    gain = round(reference_gain(lg, best_id, fa_id), 1)
    assert gain < 0
    mine = r["pending_approvals"][0]
    assert (mine["drop_id"], mine["add_id"], mine["expected_gain"]) == (best_id, fa_id, gain)
    assert f"{players['best']} is one of the league's top-40" in r["answer"]
    assert f"**Warning:** this move is expected to cost {abs(gain)} pts this week." in r["answer"]
    assert mine["reasons"][0] == f"Warning: this move is expected to cost {abs(gain)} pts this week."
    better = r["answer"].split("**Better:** ")[1]
    assert better.startswith(r["pending_approvals"][1]["title"])
    assert r["pending_approvals"][1]["expected_gain"] > gain


def test_a_move_of_two_of_my_players_is_refused_plainly(offline_assistant, players):
    r = offline_assistant.ask("Should I drop {best_last} and add {out}?".format(**players))
    assert [c["name"] for c in r["tool_calls"]] == ["evaluate_move"] and not r["tool_calls"][0]["ok"]
    assert f"{players['out']} is on your roster already." in r["answer"] and r["pending_approvals"] == []


def test_add_x_or_y_is_not_a_move(offline_assistant):
    r = offline_assistant.ask("Should I add Jrue Holiday or Ayo Dosunmu?")
    assert "evaluate_move" not in [c["name"] for c in r["tool_calls"]]


def test_approving_the_users_card_makes_exactly_that_move(make_assistant, players):
    """Catches an approval that applies another card, or touches anyone but the two players."""
    a = make_assistant()
    before = set(a.source.league.roster_ids())
    r = a.ask("Drop {out_last} and pick up {fa}".format(**players), "user-move")
    mine = r["pending_approvals"][0]
    done = a.resume("user-move", "approve", mine["move_id"])
    assert [(t["drop"], t["add"]) for t in done["transactions"]] == [(players["out"], players["fa"])]
    assert set(a.source.league.roster_ids()) == before - {players["out_id"]} | {players["fa_id"]}


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
