"""Classes the eleventh held-out set (tests/conversations/fresh10.py) still missed after session 20 (issue
#36, session 21), one test per class, in phrasings of its own (none is the set's wording):

- totals against per game: "total rebounds", "combined blocks", "not averages" rank the window's sums
  (`per="total"`, carried into a follow-up), and the table shows the ranked category's own column,
  ordered by the CSV's sums;

Each fails on fb3f575 (session 20's last product commit plus a test-only one) except the guards, which say so.
"""
from __future__ import annotations

import datetime as dt
import re

import pytest

from tests.agents.test_conversation_classes import args_of, plan
from tests.conversations import checks as K

AS_OF = dt.date(2025, 1, 29)


@pytest.mark.parametrize("text,sort,window", [
    ("who has the most total rebounds among free agents in the last 30 days", "REB", "30"),
    ("rank everyone by combined blocks over the past week", "BLK", "7"),
    ("top 3pm on waivers over 14 days, raw numbers not averages", "3PM", "14"),
])
def test_a_totals_ask_ranks_the_windows_sums(text, sort, window):
    """fb3f575: `per` never reached get_player_rankings, so every 'total' ask ranked per-game averages."""
    a = args_of(plan(text, scoring="categories"), "get_player_rankings")
    assert (a.get("per"), a.get("sort"), a.get("window")) == ("total", sort, window)


def test_a_follow_up_keeps_the_totals():
    """fb3f575: 'only 4' after a totals ranking dropped `per` with everything else it never had."""
    a = args_of(plan("free agents ranked by total assists, last 2 weeks", "only 4 please"), "get_player_rankings")
    assert (a.get("per"), a.get("sort"), a.get("limit")) == ("total", "AST", 4)


@pytest.mark.parametrize("text", ["top free agents by assists per game, last 14 days", "best rebounders lately"])
def test_a_per_game_ask_is_not_a_totals_one(text):
    """The guard (passes on fb3f575 too): per game asked, or nothing said, is never a totals ranking."""
    assert args_of(plan(text), "get_player_rankings").get("per") in (None, "game")


def _column(answer: str, head: str) -> list[tuple[str, float]]:
    lines = [ln for ln in answer.splitlines() if ln.startswith("|")]
    cells = [[c.strip() for c in ln.strip("|").split("|")] for ln in lines]
    i, j = cells[0].index("Player"), cells[0].index(head)
    return [(re.sub(r" \(.*\)$", "", r[i]), float(r[j])) for r in cells[2:]]


def test_the_totals_table_shows_the_sums_in_their_order(offline_assistant):
    """fb3f575: the table had no column of the ranked category, and a counting category's totals were ranked
    by z x games (a player below the mean fell the more he played), not by the stat's sum. Each row's
    'REB total' is the CSV's sum over the 30 days before the as-of date, and the rows run by it."""
    r = offline_assistant.ask("free agents with the most total rebounds, last 30 days", "s21-totals")
    assert r["error"] is None
    rows = _column(r["answer"], "REB total")
    assert len(rows) >= 5
    start = AS_OF - dt.timedelta(days=30)
    for name, shown in rows:
        games = [g for g in K.player_rows()[K.fold(name)] if start <= g["game_date"] < AS_OF]
        assert shown == sum(float(g["reb"]) for g in games), name
    assert [v for _, v in rows] == sorted((v for _, v in rows), reverse=True)
