"""Issue 10, section 3: in a categories league the offline planner answers in that mode's units.

Questions of every intent (several in phrasings no rule was written for) go through the runtime
with `scoring="categories"`; no answer may speak in fantasy points or show an unrounded float, win
chances are percents, and a player's per-category averages in the answer equal the averages
computed here from the CSV (conftest's `csv_facts`).
"""
from __future__ import annotations

import datetime as dt
import re

import pytest

AS_OF = dt.date(2025, 1, 29)
LABELS = {"PTS": "pts", "REB": "reb", "AST": "ast", "STL": "stl", "BLK": "blk", "3PM": "fg3m", "TO": "tov"}
LOG_RE = re.compile(r"Last (\d+) games for (.+?) \(per game\): (.+?); ([\d.]+) min\.(?: Season: (.+?)\.(?:\n|$))?")

QUESTIONS = [
    "How has Nikola Jokic played lately?",
    "How is Jalen Brunson doing?",
    "haliburton last 10 games",
    "Is Anthony Davis or Bam Adebayo better lately?",
    "Who are the best free agents at center?",
    "who's heating up on the waiver wire",
    "Compare LaMelo Ball and Trae Young for the rest of the week",
    "how many games do my guys have left this week",
    "How is my matchup looking?",
    "what does the other team's roster look like",
    "Who should I start tomorrow?",
    "Should I drop Collin Sexton?",
    "Review my matchup and help me optimize for this week.",
    "anyone worth streaming at PG?",
]


@pytest.fixture
def cats(make_assistant):
    return make_assistant(scoring="categories")


def _figures(text: str) -> dict[str, float]:
    """'PTS 27.0, REB 12.8, ..., FG% 0.688' -> {'PTS': 27.0, ...}."""
    return {k: float(v) for k, v in re.findall(r"(PTS|REB|AST|STL|BLK|3PM|FG%|FT%|TO) (-?\d+\.\d+)", text)}


def _csv_averages(rows: list[dict]) -> dict[str, float]:
    n = len(rows)
    out = {label: sum(r[k] for r in rows) / n for label, k in LABELS.items()}
    fga, fta = sum(r["fga"] for r in rows), sum(r["fta"] for r in rows)
    out["FG%"] = sum(r["fgm"] for r in rows) / fga if fga else 0.0
    out["FT%"] = sum(r["ftm"] for r in rows) / fta if fta else 0.0
    return out


def _assert_units(answer: str) -> None:
    assert "FPts" not in answer
    assert "fantasy p" not in answer.lower()
    assert not re.findall(r"\d+\.\d{4,}", answer), re.findall(r"\d+\.\d{4,}", answer)
    assert not re.search(r"(win chance|win prob|prob\.)\s*0\.\d", answer, re.I)  # chances are percents
    for pct in re.findall(r"(?:FG%|FT%)\s+(\d+\.\d+)", answer):  # FG%/FT% always with three decimals
        assert len(pct.split(".")[1]) == 3, pct


@pytest.mark.parametrize("question", QUESTIONS)
def test_categories_answers_use_category_units(cats, question):
    r = cats.ask(question)
    assert r["error"] is None
    answer = r["answer"]
    assert len(answer) > 80
    _assert_units(answer)


def _check_log(csv_facts, answer: str, pid: str, name: str, n: int) -> dict[str, float]:
    logs = {m.group(2): m for m in LOG_RE.finditer(answer)}
    assert name in logs, answer
    m = logs[name]
    assert int(m.group(1)) == n
    rows = csv_facts.player_games(pid, AS_OF)
    want, got = _csv_averages(rows[-n:]), _figures(m.group(3))
    assert set(got) == set(want)  # all nine categories
    for label, value in want.items():
        tol = 0.0006 if label.endswith("%") else 0.0051
        assert abs(got[label] - value) <= tol, (label, got[label], value)
    assert abs(float(m.group(4)) - sum(r["min"] for r in rows[-n:]) / n) <= 0.0051
    season, got_season = _csv_averages(rows), _figures(m.group(5) or "")
    assert set(got_season) == set(season)
    for label, value in season.items():
        assert abs(got_season[label] - value) <= (0.0006 if label.endswith("%") else 0.0051), (label, value)
    return want


@pytest.mark.parametrize("question,pid,name,n", [
    ("How has Nikola Jokic played lately?", "jokicni01", "Nikola Jokić", 5),
    ("How is Jalen Brunson doing?", "brunsja01", "Jalen Brunson", 5),
    ("show me tyrese haliburton's last 8 games", "halibty01", "Tyrese Haliburton", 8),
    ("jokic numbers over his last 3?", "jokicni01", "Nikola Jokić", 3),
])
def test_player_research_shows_csv_category_averages(cats, csv_facts, question, pid, name, n):
    r = cats.ask(question)
    assert r["intent"] == "player_research"
    _assert_units(r["answer"])
    _check_log(csv_facts, r["answer"], pid, name, n)
    # the game table lists the category columns, one row per game
    assert "| Date | Opp | Min | PTS | REB | AST | STL | BLK | 3PM | FG | FT | TO |" in r["answer"]
    dates = [str(g["game_date"]) for g in csv_facts.player_games(pid, AS_OF)[-n:]]
    assert all(f"| {d} |" in r["answer"] for d in dates)


def test_two_players_compared_by_categories_won(cats, csv_facts):
    r = cats.ask("Anthony Davis or Bam Adebayo, who's been better recently?")
    answer = r["answer"]
    _assert_units(answer)
    davis = _check_log(csv_facts, answer, "davisan02", "Anthony Davis", 5)
    bam = _check_log(csv_facts, answer, "adebaba01", "Bam Adebayo", 5)
    won = {"Anthony Davis": 0, "Bam Adebayo": 0}
    for label in davis:
        a, b = round(davis[label], 3), round(bam[label], 3)
        if a != b:
            better_a = a < b if label == "TO" else a > b
            won["Anthony Davis" if better_a else "Bam Adebayo"] += 1
    leader = max(won, key=won.get)
    other = min(won, key=won.get)
    assert won[leader] > won[other]
    assert f"**{leader} has been better lately: he wins {won[leader]} of 9 categories" in answer
    assert f"{other} {won[other]} (" in answer


def test_free_agent_table_reads_in_categories(cats, csv_facts, csv_players):
    r = cats.ask("Who are the best free agents at center?")
    answer = r["answer"]
    header = "| Player | Pos | Team | Games left | PTS | REB | AST | STL | BLK | 3PM | FG% | FT% | TO | z per game | z x games |"
    assert header in answer
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in answer.split(header, 1)[1].splitlines()[2:]
            if line.startswith("| ")]
    assert len(rows) >= 3
    for cells in rows[:3]:  # season per-game averages of each free agent, from the CSV
        pid = next(p for p, row in csv_players.items() if row["name"] == cells[0])
        want = _csv_averages(csv_facts.player_games(pid, AS_OF))
        got = dict(zip(["PTS", "REB", "AST", "STL", "BLK", "3PM", "FG%", "FT%", "TO"], map(float, cells[4:13])))
        for label, value in want.items():
            assert abs(got[label] - value) <= (0.0006 if label.endswith("%") else 0.0051), (cells[0], label, value)


def test_points_league_still_reads_in_fantasy_points(make_assistant):
    r = make_assistant(scoring="points").ask("How is Jalen Brunson doing?")
    assert "fantasy pts per game" in r["answer"] and "FPts" in r["answer"]
