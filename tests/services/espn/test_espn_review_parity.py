"""`agents ask "Review my matchup" --json` on an ESPN league gives the demo source's answer (issue #37
item 1): the CLI in its own process with COURTSIDE_LEAGUE=espn pointed at the mirror (espn-api over
loopback HTTP) and the same CLI on the demo source, same date, both scorings: the banked score,
games left, the projection and (asked for moves) the top three cards.

Broken version this catches: the ESPN source's matchup projected from ESPN's season averages over
every game left and its cards from those averages (Jan 29 points: "projected for the 28 and 30
games left: 1240.5 - 1647.0" where the demo's lineups give 1170.1 - 1505.6; other best players).
"""
from __future__ import annotations

import json

import pytest

import forkrun
from tests.espn_mirror import REPO, league_json

REVIEW = "Review my matchup"
MOVES = "What moves should I make this week?"


def _ask(home, question: str, extra: dict) -> dict:
    import os

    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_")}
    env |= {"COURTSIDE_HOME": str(home), "COURTSIDE_AS_OF": "2025-01-29"} | extra
    out = forkrun.run(["-m", "agents", "ask", question, "--json"], cwd=REPO, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-800:]
    result = json.loads(out.stdout)
    assert result["error"] is None, result["error"]
    return result


@pytest.fixture
def home(fresh_state, courtside_home):
    """A home of the test's own (the CLI writes its turns), reading the run's ESPN history."""
    (fresh_state.home / "espn").symlink_to(courtside_home / "espn", target_is_directory=True)
    return fresh_state.home


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_review_my_matchup_is_the_demos_answer(mirror_league, espn_mirror, home, scoring):
    league = mirror_league(scoring)
    league.history()  # the run's history is built before the CLI reads it
    espn_env = {"COURTSIDE_LEAGUE": "espn", "COURTSIDE_ESPN_URL": espn_mirror["url"], "COURTSIDE_ESPN_SEASON": "2025",
                "COURTSIDE_ESPN_LEAGUE_ID": str(league.espn_id)}
    questions = (REVIEW, MOVES) if scoring == "points" else (REVIEW,)
    for question in questions:
        espn = _ask(home, question, espn_env)
        demo = _ask(home, question, {"COURTSIDE_SCORING": scoring})
        assert [t["name"] for t in espn["tool_calls"]] == [t["name"] for t in demo["tool_calls"]]
        marked = " (ESPN live score) after" if scoring == "points" else " in categories (ESPN live score) after"
        plain = " after" if scoring == "points" else " in categories after"
        assert marked in espn["answer"]
        said = ("Statuses are ESPN's injury report", "Statuses are inferred from missed games")  # where OUT comes from
        assert said[0] in espn["answer"] or said[1] not in demo["answer"]
        assert espn["answer"].replace(marked, plain, 1).replace(*said) == demo["answer"], question
        cards = lambda r: [(c["title"], c["expected_gain"], c.get("season_gain")) for c in r["pending_approvals"]][:3]  # noqa: E731
        assert cards(espn) == cards(demo)
        assert all(c["league_kind"] == "espn" for c in espn["pending_approvals"])
    if scoring == "points":
        assert len(cards(espn)) == 3
        box = league_json(espn_mirror["url"], scoring, "mMatchupScore&view=mScoreboard")["schedule"]
        match = next(m for m in box if 1 in (m["home"]["teamId"], m["away"]["teamId"]))
        me, them = (match["home"], match["away"]) if match["home"]["teamId"] == 1 else (match["away"], match["home"])
        review = _ask(home, REVIEW, espn_env)["answer"]
        assert f"{me['totalPoints']:.1f} - {them['totalPoints']:.1f}" in review  # ESPN's live score
