"""`python -m agents trade evaluate|find` and the evaluate_trade / find_trades tools.

The finder's numbers must be evaluate_trade's (one implementation); the CLI keeps the `error` key
and the exit codes (0 ok, 2 bad input)."""
from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys

import pytest

from services.trades.evaluate import evaluate_trade
from services.trades.find import find_trades

AS_OF = dt.date(2025, 1, 29)


def _cli(*args):
    p = subprocess.run([sys.executable, "-m", "agents", "trade", *args], capture_output=True, text=True, timeout=180)
    return p.returncode, p.stdout, p.stderr


def _rosters(src):
    """{team id: (name, its active players' names, its IR players' names)} of the league on AS_OF."""
    lg = src.history()
    name = lambda ids: [lg.snapshot.players[p].ref.name for p in ids]  # noqa: E731
    return {t: (lg.team_name(t)[0], name(lg.roster_ids(t)), name(lg.ir_ids(t))) for t in lg.team_ids}


def test_evaluate_cli_json_contract(demo_source):
    """Catches a CLI that drops the verdict or the cut, or answers bad input with exit 0 / a traceback.
    Players are read from the league on Jan 29: two of my active players for one of a full partner's."""
    src = demo_source(AS_OF, "points")
    teams, me = _rosters(src), src.history().my_team_id
    my_name, mine, _ = teams[me]
    partner = next(t for t in sorted(teams) if t != me and len(teams[t][1]) == 13)
    give, get = mine[:2], teams[partner][1][0]
    code, out, err = _cli("evaluate", "--give", give[0], "--give", give[1], "--get", get, "--team", str(me),
                          "--as-of", "2025-01-29", "--scoring", "points", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["error"] is None and d["mine"]["team_name"] == my_name and d["perspective"] is None
    assert [p["player"]["name"] for p in d["mine"]["gives"]] == give
    assert len(mine) == 13  # so the 2-for-1 leaves me one spot and the partner one too many
    assert len(d["partner"]["cut"]) == 1 and len(d["mine"]["pickup"]) == 1  # 2-for-1: their cut, my open spot
    assert d["winner"] in (d["mine"]["team_name"], d["partner"]["team_name"], "even") and d["reasons"]
    code, out, err = _cli("evaluate", "--give", get, "--get", give[0], "--team", str(me), "--as-of", "2025-01-29",
                          "--json")
    assert code == 2 and f"not on {my_name}'s roster" in json.loads(out)["error"] and "Traceback" not in err
    code, out, err = _cli("find", "--give", give[0], "--limit", "2", "--as-of", "2025-01-29", "--json")
    assert code == 0 and len(json.loads(out)["trades"]) == 2
    assert ".. screening candidates" in err and ".. valuing the best candidates exactly" in err  # streamed progress
    code, out, _ = _cli("find", "--target", "XYZ", "--json")
    assert code == 2 and "Unknown categories" in json.loads(out)["error"]


def test_evaluate_cli_without_team_stands_on_the_giving_team(demo_source):
    """`trade evaluate` with no --team evaluates for the team that owns the --give players and says so
    (the shared contract check gives a player who is not on my team). Catches a CLI that still
    evaluates for my team (exit 2 "not on ...'s roster"), one that does not say whose view it is, and
    one that accepts give players of two teams or a get player from the giving team (exit 2 each)."""
    src = demo_source(AS_OF, "points")
    teams, me = _rosters(src), src.history().my_team_id
    giver, taker = [t for t in sorted(teams) if t != me][:2]
    give, get = teams[giver][1][0], teams[taker][1][0]
    code, out, err = _cli("evaluate", "--give", give, "--get", get, "--as-of", "2025-01-29", "--scoring", "points",
                          "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["error"] is None and d["mine"]["team_id"] == giver and d["partner"]["team_id"] == taker
    assert d["perspective"] == f"{give} is on {teams[giver][0]}; evaluated for that team"
    code, out, _ = _cli("evaluate", "--give", give, "--get", get, "--as-of", "2025-01-29", "--scoring", "points")
    assert code == 0 and out.splitlines()[0] == f"{give} is on {teams[giver][0]}; evaluated for that team"
    code, out, err = _cli("evaluate", "--give", give, "--give", teams[taker][1][1], "--get", teams[me][1][0],
                          "--as-of", "2025-01-29", "--json")
    assert code == 2 and "must all be on one team" in json.loads(out)["error"] and "Traceback" not in err
    code, out, err = _cli("evaluate", "--give", give, "--get", teams[giver][1][1], "--as-of", "2025-01-29", "--json")
    assert code == 2 and f"is on {teams[giver][0]} too" in json.loads(out)["error"] and "Traceback" not in err


def test_finder_ranks_both_sides_gain_first_with_evaluate_numbers(demo_source):
    """Catches a finder whose values differ from evaluate_trade's, one that ranks a one-sided trade
    over a trade both teams gain from, or a --give filter that is ignored."""
    src = demo_source(AS_OF, "points")
    mine = _rosters(src)[src.history().my_team_id][1]
    found = find_trades(src, give=[mine[0]], limit=5)
    assert found.trades and all(mine[0] in t.give for t in found.trades)
    flags = [t.both_gain for t in found.trades]
    assert flags == sorted(flags, reverse=True)
    for t in found.trades[:3]:
        ev = evaluate_trade(src, t.give, t.get)
        assert ev.mine.ros_change == pytest.approx(t.my_change, abs=0.11)
        assert ev.partner.ros_change == pytest.approx(t.their_change, abs=0.11)
        assert t.both_gain == (ev.mine.ros_change > 0 and ev.partner.ros_change > 0)


def test_finder_get_brings_the_player_in(demo_source):
    """"What would it take to get Zubac?": every trade brings him in, from his team only, and the
    partner gains (he would accept). Catches a --get filter that is ignored."""
    src = demo_source(AS_OF, "points")
    found = find_trades(src, get=["Ivica Zubac"], limit=5)
    owner = src.league.owner_of(src.resolve_id("Ivica Zubac"))
    assert found.trades and found.get == ["Ivica Zubac"]
    assert all("Ivica Zubac" in t.get and t.partner_id == owner for t in found.trades)
    assert found.trades[0].both_gain


def test_finder_targets_categories(demo_source):
    """"Find me a trade that improves my assists": every trade gains assists+steals for me, the
    partner gains, and my value does not drop by more than the stated 1%."""
    src = demo_source(AS_OF, "categories")
    found = find_trades(src, targets=["assists", "STL"], limit=5)
    assert found.targets == ["AST", "STL"] and found.trades
    gains = [t.target_gain for t in found.trades]
    assert all(g > 0 for g in gains) and gains == sorted(gains, reverse=True)
    for t in found.trades[:2]:
        ev = evaluate_trade(src, t.give, t.get)
        shift = {c.category: c.change for c in ev.mine.categories}
        assert ev.partner.ros_change > 0
        assert shift["AST"] + shift["STL"] > 0


def test_tools_are_registered_and_answer(demo_source):
    """The supervisor's tools: evaluate_trade returns both sides and the verdict from the service."""
    from agents.tools import TOOL_NAMES, build_tools

    assert {"evaluate_trade", "find_trades", "get_player_rankings"} <= set(TOOL_NAMES)
    src = demo_source(AS_OF, "points")
    tools = {t.name: t for t in build_tools(src)}
    teams, me = _rosters(src), src.history().my_team_id
    give, get = teams[me][1][0], teams[next(t for t in sorted(teams) if t != me)][1][0]
    d = json.loads(tools["evaluate_trade"].invoke({"give": [give], "get": [get]}))
    ev = evaluate_trade(src, [give], [get])
    assert d["verdict"] == ev.verdict and d["mine"]["ros_change"] == ev.mine.ros_change
    f = json.loads(tools["find_trades"].invoke({"give": [give], "limit": 2}))
    assert len(f["trades"]) == 2
