"""Any team (issue #18 §5): the manager of team 4 gets team 4's roster, matchup and cards, with
`--team` on `agents ask` or COURTSIDE_MY_TEAM_ID, and the thread keeps the team it began with.

Fails on the code before: COURTSIDE_MY_TEAM_ID was declared but never read by the demo league, and
`--team` did not exist, so every manager got team 1's cards.
"""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

from services.league.demo import demo_league
from services.store.state import state_store
import forkrun

REPO = Path(__file__).resolve().parents[2]
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


def _cli(home: Path, *args: str, **env_extra: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_") and k != "GOOGLE_API_KEY"}
    env |= {"COURTSIDE_HOME": str(home), **env_extra}
    return forkrun.run(["-m", "agents", *args], cwd=REPO, env=env,
                       timeout=180)


def test_team_4_gets_team_4s_cards_and_the_thread_keeps_its_team(fresh_state, as_of):
    lg = demo_league(as_of, "points", store=state_store(), team_id=4)
    team4, team1 = set(lg.rosters()[4]), set(lg.rosters()[1])
    p = _cli(fresh_state.home, "ask", REVIEW, "--team", "4", "--thread", "t4", "--json")
    assert p.returncode == 0, p.stderr
    cards = json.loads(p.stdout)["pending_approvals"]
    assert cards and {c["team_id"] for c in cards} == {4}
    assert all(c["drop_id"] in team4 and c["drop_id"] not in team1 for c in cards)
    # the thread keeps team 4: a later turn without --team is team 4's; another team is bad input
    p = _cli(fresh_state.home, "ask", "Who is my opponent this week?", "--thread", "t4", "--json")
    name, _manager = lg.team_name(lg.opponent_of(4, lg.week[0]))
    assert p.returncode == 0 and name in json.loads(p.stdout)["answer"]
    p = _cli(fresh_state.home, "ask", "How is my matchup?", "--thread", "t4", "--team", "5", "--json")
    assert p.returncode == 2 and json.loads(p.stdout)["error"].startswith("This conversation is about team 4")
    assert len(p.stderr.strip().splitlines()) == 1
    # approving applies to team 4's roster, not team 1's
    p = _cli(fresh_state.home, "resume", "--thread", "t4", "--decision", "approve", "--move", cards[0]["move_id"],
             "--json")
    assert p.returncode == 0, p.stdout
    after = demo_league(as_of, "points", store=state_store(), team_id=4).rosters()
    assert cards[0]["add_id"] in after[4] and set(after[1]) == team1
    assert [m["team_id"] for m in state_store().moves(lg.league_id)] == [4]


def test_the_environment_team_is_read_and_bad_teams_are_refused(fresh_state):
    p = _cli(fresh_state.home, "ask", "Who is my opponent this week?", "--json", COURTSIDE_MY_TEAM_ID="4")
    q = _cli(fresh_state.home, "ask", "Who is my opponent this week?", "--json")
    assert p.returncode == q.returncode == 0
    assert json.loads(p.stdout)["answer"] != json.loads(q.stdout)["answer"]  # team 4's opponent, not team 1's
    for bad in ("11", "0", "four"):
        r = _cli(fresh_state.home, "ask", "How is my matchup?", "--team", bad, "--json")
        assert r.returncode == 2 and "team" in r.stderr.lower() and "Traceback" not in r.stderr
