"""A roster question gets the roster (issue #36, "replies to the message"): who is on it, who may not
play, the IR slot, games left this week and each player's numbers in the league's units; no general
tips. Facts from the CSV (conftest's `csv_facts`), the roster's members from the league.

Catches the broken version of 644ab1f: "Who is on my roster?" answered with the streaming tip and
"In 9-category head-to-head leagues you win each category separately" in a points league above the
table, and a table without positions or season numbers (a fresh-clone Chromium run read it).
"""
from __future__ import annotations

import re

import pytest

from tests.agents.test_answers_fit import AS_OF, csv_status, games_left, names_of


def _rows(answer: str) -> dict[str, list[str]]:
    out = {}
    for line in answer.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) > 4 and cells[0] not in ("Player",) and not cells[0].startswith("-"):
            out[cells[0]] = cells
    return out


@pytest.mark.parametrize("scoring,question", [
    ("points", "Who is on my roster?"), ("points", "show me my guys"),
    ("categories", "who do i have on my team rn"), ("categories", "what does my squad look like"),
])
def test_a_roster_question_gets_the_roster_in_the_leagues_units(make_assistant, csv_facts, scoring, question):
    a = make_assistant(scoring=scoring)
    r = a.ask(question)
    assert r["error"] is None and r["intent"] == "general_advice"
    assert [c["name"] for c in r["tool_calls"]] == ["get_my_roster"]
    answer = r["answer"]
    assert "Streaming means" not in answer and "9-category" not in answer and "In points leagues" not in answer
    lg = a.source.league
    ids = lg.roster_ids()
    rows = _rows(answer)
    assert sorted(rows) == sorted(names_of(lg, ids))  # every player, nobody else
    assert f"{len(ids)} players on the active roster" in answer
    doubtful = []
    for pid in ids:
        name, status = lg.snapshot.players[pid].ref.name, csv_status(csv_facts, pid)
        row = rows[name]
        assert row[3] == status and int(row[4]) == len(games_left(csv_facts, pid))
        if status != "ACTIVE":
            doubtful.append(f"{name} ({status})")
        games = csv_facts.player_games(pid, AS_OF)
        if scoring == "points":
            assert row[-2] and row[-1]  # the season and last-5 fantasy averages (points units)
        else:  # season per-game points, rebounds, assists from the box scores
            for col, key in ((5, "pts"), (6, "reb"), (7, "ast")):
                assert float(row[col]) == pytest.approx(sum(g[key] for g in games) / len(games), abs=0.0051)
    said = re.search(r"May not play: ([^.]*)\.", answer)
    assert said and sorted(said.group(1).split(", ")) == sorted(doubtful)
    healthy = sum(len(games_left(csv_facts, p)) for p in ids if csv_status(csv_facts, p) != "OUT")
    assert f"Games left this week: {healthy} for the players not OUT" in answer
    header = next(line for line in answer.splitlines() if line.startswith("| Player"))
    assert ("FPts avg" in header) == (scoring == "points") and ("REB" in header) == (scoring == "categories")


def test_a_topic_asked_beside_the_roster_keeps_its_tip(make_assistant):
    """'what is streaming and who's on my team': the tip asked for and the roster, no other tip (catches
    a roster view that drops the question's topic, or one that adds every tip)."""
    r = make_assistant(scoring="points").ask("what is streaming? and who is on my team")
    assert r["error"] is None
    assert re.search(r"\bStreaming\W* means", r["answer"]) and "players on the active roster" in r["answer"]
    assert "Put OUT players in the IR slot" not in r["answer"]


@pytest.mark.parametrize("question", ["How many games do I have left this week?", "how many games we got left this wk"])
def test_how_many_games_left_leads_with_the_total(make_assistant, csv_facts, question):
    """'How many games do I have left?' is answered with the number (the roster's games to Sunday, and
    those of players not OUT, from the CSV's schedules); 644ab1f led with who has the most."""
    a = make_assistant(scoring="points")
    r = a.ask(question)
    ids = a.source.league.roster_ids()
    total = sum(len(games_left(csv_facts, p)) for p in ids)
    playing = sum(len(games_left(csv_facts, p)) for p in ids if csv_status(csv_facts, p) != "OUT")
    assert r["answer"].startswith(f"**Games left this week ({AS_OF} to 2025-02-02): {total} for your roster, "
                                  f"{playing} of them for players not OUT.**")
