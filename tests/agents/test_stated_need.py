"""A stated need checked against the scoreboard (issue #25 item 3): "I'm down in assists and
steals" while the user leads assists 65-57 (99%) must say so with the numbers, name the close
categories and advise on the categories in play. The scoreboard figures are summed here from the
box scores over the rosters each team had on each day of the week (read from the league, not
hard-coded; the morning lineup's starters, whose stats come from the CSV), so the test
follows whatever league the demo runs."""
from __future__ import annotations

import datetime as dt
import re

import pytest

AS_OF = dt.date(2025, 1, 29)
COUNTS = {"PTS": "pts", "REB": "reb", "AST": "ast", "STL": "stl", "BLK": "blk", "3PM": "fg3m", "TO": "tov"}
# "points" alone is read as fantasy points (slots.find_categories), so the PTS claim says "scoring"
WORDS = {"PTS": "scoring", "REB": "rebounds", "AST": "assists", "STL": "steals", "BLK": "blocks", "3PM": "threes",
         "TO": "turnovers"}


@pytest.fixture
def cats(make_assistant):
    return make_assistant(scoring="categories")


def _banked(csv_facts, lg, team: int) -> dict[str, float]:
    from services.league.scoreboard import day_starters

    out = dict.fromkeys(COUNTS, 0.0)
    for day in lg.days_played:
        if day >= AS_OF:
            continue
        rows = csv_facts.day_rows(day)
        roster = lg.roster_on(team, day)
        # a day counts its starters: the morning lineup (the product's, at most 10 of the day's
        # roster; position slots can bench a player who played even on a day with 10 or fewer);
        # their stats are read here from the CSV
        starters = day_starters(lg, roster, day)
        assert len(starters) <= 10 and set(starters) <= set(roster), day
        played = [pid for pid in starters if pid in rows]
        for pid in played:
            if pid in rows:
                for c, k in COUNTS.items():
                    out[c] += rows[pid][k]
    return out


def _fig(x: float) -> str:
    return f"{x:g}"


def test_a_wrong_need_is_corrected_with_the_scoreboard(cats, csv_facts):
    """Catches: the need taken at face value (the issue: the answer never said the user led AST
    65-57 at 99%, and the card chased STL and TO while AST did not move)."""
    lg = cats.source.league
    opp = lg.opponent_of(lg.my_team_id, lg.week[0])
    mine, theirs = _banked(csv_facts, lg, lg.my_team_id), _banked(csv_facts, lg, opp)
    lines = {x.category: x for x in cats.source.matchup().categories}
    for c in COUNTS:  # the scoreboard the answer reads is the box scores' (every rostered game counted)
        assert (lines[c].mine, lines[c].theirs) == (mine[c], theirs[c]), c
    # the category the week has settled most clearly (today: a lead, as in the issue; in another league
    # it may be a deficit out of reach), and the most open one
    settled = max(COUNTS, key=lambda c: abs(lines[c].win_probability - 0.5))
    p = lines[settled].win_probability
    assert p >= 0.8 or p <= 0.2
    live = min((c for c in COUNTS if c != settled), key=lambda c: abs(lines[c].win_probability - 0.5))
    r = cats.ask(f"I'm down in {WORDS[settled]} and {WORDS[live]}")
    assert r["error"] is None and r["intent"] == "free_agent_scan"
    answer = r["answer"]
    score = f"{settled} {_fig(mine[settled])}-{_fig(theirs[settled])} ({p:.0%}"
    said = f"you lead {score} to win it)" if p >= 0.8 else f"you trail {score}: out of reach this week)"
    assert said in answer, answer[:600]
    assert re.search(r"close categories are [^.]*" + re.escape(live) + r" \(", answer) or f"{live} is in play" in answer
    [scan] = [c["args"] for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert settled not in (scan["target_categories"] or []) and live in scan["target_categories"]
    first = [c["name"] for c in r["tool_calls"]]
    assert first.index("get_matchup_details") < first.index("get_free_agents")  # checked before advising


def test_a_true_need_is_taken_as_said(cats):
    """Catches: a check that corrects everything. A need in a category still in play is chased
    as asked, with no correction."""
    lines = {x.category: x for x in cats.source.matchup().categories}
    live = [c for c in COUNTS if 0.2 < lines[c].win_probability < 0.8]
    r = cats.ask(f"I need {WORDS[live[0]]}, who should I pick up?")
    assert "Checked against the scoreboard" not in r["answer"]
    [scan] = [c["args"] for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert scan["target_categories"] == [live[0]]


def test_the_optimizer_route_checks_the_need_too(cats):
    lines = {x.category: x for x in cats.source.matchup().categories}
    settled = max(COUNTS, key=lambda c: abs(lines[c].win_probability - 0.5))
    r = cats.ask(f"Find me roster moves, I need {WORDS[settled]}")
    assert r["intent"] == "lineup_optimization"
    assert f"you {'lead' if lines[settled].win_probability >= 0.5 else 'trail'} {settled}" in r["answer"]


def test_the_matchup_answer_checks_a_claim_too(cats):
    """'How's my matchup? I think I'm losing X' where X is settled: the answer says where X stands."""
    lines = {x.category: x for x in cats.source.matchup().categories}
    settled = max(COUNTS, key=lambda c: abs(lines[c].win_probability - 0.5))
    r = cats.ask(f"how's my matchup? I think I'm losing {WORDS[settled]}")
    assert r["intent"] == "matchup_analysis"
    assert "Checked against the scoreboard" in r["answer"] and f" {settled} " in r["answer"]


@pytest.mark.parametrize("wish", ["i need {w}. best move?", "need more {w}, any moves?"])
def test_a_wish_for_a_settled_category_is_chased_as_asked(cats, wish):
    """Catches e1c1d52 (session 22): 'I need dimes, best move?' with assists out of reach this week
    chased FT% instead; a wish is not a claim about the scoreboard. The moves chase the category asked
    and the answer says the scoreboard settles it this week."""
    lines = {x.category: x for x in cats.source.matchup().categories}
    settled = max((c for c in COUNTS if c != "TO"), key=lambda c: abs(lines[c].win_probability - 0.5))
    assert lines[settled].win_probability <= 0.2 or lines[settled].win_probability >= 0.8
    r = cats.ask(wish.format(w=WORDS[settled]))
    [cand] = [c["args"] for c in r["tool_calls"] if c["name"] in ("identify_candidates", "get_free_agents")]
    assert cand["target_categories"] == [settled]  # the optimizer's candidates or the pickup scan
    assert f"The moves below still chase {settled}, as you asked" in r["answer"]


def test_a_claim_about_the_scoreboard_still_gives_way(cats):
    """Guard (held on e1c1d52 too): 'I'm losing X' with X settled chases the categories in play."""
    lines = {x.category: x for x in cats.source.matchup().categories}
    settled = max((c for c in COUNTS if c != "TO"), key=lambda c: abs(lines[c].win_probability - 0.5))
    r = cats.ask(f"I'm losing {WORDS[settled]}, find me moves")
    [cand] = [c["args"] for c in r["tool_calls"] if c["name"] == "identify_candidates"]
    assert settled not in cand["target_categories"]
