"""`python -m agents trade evaluate|find` and the evaluate_trade / find_trades tools.

The finder's numbers must be evaluate_trade's (one implementation); the CLI keeps the `error` key
and the exit codes (0 ok, 2 bad input)."""
from __future__ import annotations

import datetime as dt
import json

import pytest

import forkrun

from services.trades.evaluate import evaluate_trade
from services.trades.find import find_trades
from tests.trade_rule import sides

AS_OF = dt.date(2025, 1, 29)


def _cli(*args):
    p = forkrun.run(["-m", "agents", "trade", *args], timeout=180)
    return p.returncode, p.stdout, p.stderr


def test_evaluate_cli_json_contract(demo_source):
    """Catches a CLI that drops the verdict or the cut, or answers bad input with exit 0 / a traceback."""
    src = demo_source(AS_OF, "points")
    mine, _, theirs = sides(src)
    team = src.league.team_name(src.league.my_team_id)[0]
    code, out, err = _cli("evaluate", "--give", mine[3], "--give", mine[8], "--get", theirs[2],
                          "--as-of", "2025-01-29", "--json")
    assert code == 0, err
    d = json.loads(out)
    assert d["error"] is None and d["mine"]["team_name"] == team
    assert [p["player"]["name"] for p in d["mine"]["gives"]] == [mine[3], mine[8]]
    assert len(d["partner"]["cut"]) == 1 and len(d["mine"]["pickup"]) == 1  # 2-for-1: their cut, my open spot
    assert d["outcome"] in ("both gain", "you gain", "they gain", "neither gains") and d["reasons"]
    assert "winner" not in d and "margin" not in d  # each side's gain apart: no winner "by" a difference
    code, out, err = _cli("evaluate", "--give", theirs[2], "--get", mine[3], "--json")  # said backwards: turned
    d = json.loads(out)
    assert code == 0 and d["turned"].startswith(f"Read as you giving {mine[3]}")
    assert d["mine"]["gives"][0]["player"]["name"] == mine[3]
    other = next(t for t in src.league.team_ids if t not in (src.league.my_team_id, d["partner"]["team_id"]))
    stranger = src.league.snapshot.players[src.league.roster_ids(other)[0]].ref.name
    code, out, err = _cli("evaluate", "--give", stranger, "--get", theirs[2], "--team", str(src.league.my_team_id),
                          "--json")  # with --team, a give player must be on that team
    assert code == 2 and f"not on {team}'s roster" in json.loads(out)["error"] and "Traceback" not in err
    code, out, err = _cli("find", "--give", mine[3], "--limit", "2", "--json")
    assert code == 0 and len(json.loads(out)["trades"]) == 2
    assert ".. screening candidates" in err and ".. valuing the best candidates exactly" in err  # streamed progress
    code, out, _ = _cli("find", "--target", "XYZ", "--json")
    assert code == 2 and "Unknown categories" in json.loads(out)["error"]


def _rosters(src):
    """{team id: (name, its active players' names, its IR players' names)} of the league on AS_OF."""
    lg = src.history()
    name = lambda ids: [lg.snapshot.players[p].ref.name for p in ids]  # noqa: E731
    return {t: (lg.team_name(t)[0], name(lg.roster_ids(t)), name(lg.ir_ids(t))) for t in lg.team_ids}


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
    code, out, _ = _cli("evaluate", "--give", teams[me][1][0], "--get", get, "--as-of", "2025-01-29", "--json")
    d = json.loads(out)  # my own player given: my view, nothing to say
    assert code == 0 and d["mine"]["team_id"] == me and d["perspective"] is None
    code, out, _ = _cli("evaluate", "--give", give, "--get", get, "--as-of", "2025-01-29", "--scoring", "points")
    assert code == 0 and out.splitlines()[0] == f"{give} is on {teams[giver][0]}; evaluated for that team"
    code, out, err = _cli("evaluate", "--give", give, "--give", teams[taker][1][1], "--get", teams[me][1][0],
                          "--as-of", "2025-01-29", "--json")
    assert code == 2 and "must all be on one team" in json.loads(out)["error"] and "Traceback" not in err
    code, out, err = _cli("evaluate", "--give", give, "--get", teams[giver][1][1], "--as-of", "2025-01-29", "--json")
    assert code == 2 and f"is on {teams[giver][0]} too" in json.loads(out)["error"] and "Traceback" not in err


def test_finder_ranks_acceptable_trades_first_with_evaluate_numbers(demo_source):
    """Catches a finder whose values differ from evaluate_trade's (each side's gain over its own free
    moves, and the figure as the rosters stand), one that ranks a trade the partner declines over
    one he accepts and I gain from, or a --give filter that is ignored."""
    src = demo_source(AS_OF, "points")
    mine, _, _ = sides(src)
    found = find_trades(src, give=[mine[3]], limit=5)
    assert found.trades and all(mine[3] in t.give for t in found.trades)
    flags = [t.acceptable and t.my_change > 0 for t in found.trades]
    assert flags == sorted(flags, reverse=True)
    for t in found.trades[:3]:
        ev = evaluate_trade(src, t.give, t.get)
        assert ev.mine.gain == pytest.approx(t.my_change, abs=0.11)
        assert ev.partner.gain == pytest.approx(t.their_change, abs=0.11)
        assert ev.mine.ros_change == pytest.approx(t.my_raw_change, abs=0.11)
        assert t.both_gain == (ev.mine.gain > 0 and ev.partner.gain > 0)
        assert t.acceptable == ev.partner_accepts


def test_finder_get_brings_the_player_in(demo_source):
    """"What would it take to get X?" (a partner's mid-roster player): every trade brings him in,
    from his team only, trades both sides gain from first. Catches a --get filter that is ignored."""
    src = demo_source(AS_OF, "points")
    _, owner, theirs = sides(src)
    x = theirs[5]
    found = find_trades(src, get=[x], limit=5)
    assert found.trades and found.get == [x]
    assert all(x in t.get and t.partner_id == owner for t in found.trades)
    flags = [t.acceptable and t.my_change > 0 for t in found.trades]
    assert flags == sorted(flags, reverse=True)


def test_finder_targets_categories(demo_source):
    """"Find me a trade that improves my assists": every trade gains assists+steals for me and my
    value does not drop by more than the stated 1%; the trades the partner accepts by his rule
    first, then by the target gain, each flagged as evaluate_trade's verdict says."""
    src = demo_source(AS_OF, "categories")
    found = find_trades(src, targets=["assists", "STL"], limit=5)
    assert found.targets == ["AST", "STL"] and found.trades
    keys = [(t.acceptable, t.target_gain) for t in found.trades]
    assert all(g > 0 for _, g in keys) and keys == sorted(keys, reverse=True)
    for t in found.trades[:2]:
        ev = evaluate_trade(src, t.give, t.get)
        shift = {c.category: c.change for c in ev.mine.categories}
        assert t.acceptable == ev.partner_accepts == (ev.partner.gain >= ev.partner_needed)
        assert shift["AST"] + shift["STL"] > 0


def test_tools_are_registered_and_answer(demo_source):
    """The supervisor's tools: evaluate_trade returns both sides and the verdict from the service."""
    from agents.tools import TOOL_NAMES, build_tools

    assert {"evaluate_trade", "find_trades", "get_player_rankings"} <= set(TOOL_NAMES)
    src = demo_source(AS_OF, "points")
    mine, _, theirs = sides(src)
    tools = {t.name: t for t in build_tools(src)}
    d = json.loads(tools["evaluate_trade"].invoke({"give": [mine[3]], "get": [theirs[3]]}))
    ev = evaluate_trade(src, [mine[3]], [theirs[3]])
    assert d["verdict"] == ev.verdict and d["mine"]["ros_change"] == ev.mine.ros_change
    f = json.loads(tools["find_trades"].invoke({"give": [mine[3]], "limit": 2}))
    assert len(f["trades"]) == 2


def test_cli_in_categories(demo_source):
    """`--scoring categories`: evaluate carries the category profile with ranks before and after
    (equal to the service's), and find honours --target and --protect. Catches a CLI that drops
    the scoring flag or the protected category."""
    src = demo_source(AS_OF, "categories")
    mine, _, theirs = sides(src)
    code, out, err = _cli("evaluate", "--give", mine[3], "--get", theirs[3], "--scoring", "categories", "--json")
    assert code == 0, err
    d = json.loads(out)
    ev = evaluate_trade(src, [mine[3]], [theirs[3]])
    assert [(c["category"], c["change"], c["rank_before"], c["rank_after"]) for c in d["mine"]["categories"]] == \
        [(c.category, c.change, c.rank_before, c.rank_after) for c in ev.mine.categories]
    code, out, err = _cli("find", "--target", "AST", "--protect", "PTS", "--limit", "3", "--scoring", "categories",
                          "--json")
    assert code == 0, err
    f = json.loads(out)
    assert f["targets"] == ["AST"] and f["protect"] == ["PTS"] and f["error"] is None
    assert all(t["protected"]["PTS"] >= 0 and t["target_gain"] > 0 for t in f["trades"])


def test_find_cli_honours_shape_exclude_and_punt(demo_source):
    """`trade find --shape 2-for-1 --exclude NAME` returns only 2-for-1s (two of mine for one of
    theirs) that never move the excluded player; `--punt` reaches the search (categories) and the
    text states each side's gain apart. Catches a CLI without the frame's shape and locks (it had
    none: an unknown argument, exit 2)."""
    src = demo_source(AS_OF, "points")
    mine, _, _ = sides(src)
    code, out, err = _cli("find", "--shape", "2-for-1", "--exclude", mine[0], "--limit", "4", "--json")
    assert code == 0, err
    f = json.loads(out)
    assert f["error"] is None and f["shape"] == "2-for-1" and f["exclude"] == [mine[0]] and f["trades"]
    assert all(len(t["give"]) == 2 and len(t["get"]) == 1 and mine[0] not in t["give"] for t in f["trades"])
    code, out, err = _cli("find", "--punt", "FG%", "--limit", "2", "--scoring", "categories", "--json")
    assert code == 0, err
    assert json.loads(out)["punt"] == ["FG%"]


def test_no_summed_verdict_in_cli_tool_or_answer(demo_source):
    """Each side's gain stated apart in the CLI text, the tool's verdict and the chat answer: never
    "wins the trade by" (the two sides' changes added or differenced: "wins by 144" for a 0.1%
    gain). Catches the old verdict."""
    import re

    from agents.tools import build_tools

    src = demo_source(AS_OF, "points")
    mine, _, theirs = sides(src)
    code, out, err = _cli("evaluate", "--give", mine[3], "--get", theirs[3], "--as-of", "2025-01-29")
    assert code == 0, err
    ev = evaluate_trade(src, [mine[3]], [theirs[3]])
    for text in (out, ev.verdict):
        assert not re.search(r"wins (the trade )?by", text)
        assert f"{ev.mine.team_name} {ev.mine.gain:+.1f}" in text and f"{ev.partner.team_name} {ev.partner.gain:+.1f}" in text
    tools = {t.name: t for t in build_tools(src)}
    d = json.loads(tools["evaluate_trade"].invoke({"give": [mine[3]], "get": [theirs[3]]}))
    assert d["verdict"] == ev.verdict and d["mine"]["gain"] == ev.mine.gain and d["partner"]["gain"] == ev.partner.gain
    p = forkrun.run(["-m", "agents", "ask", f"would you trade {mine[3]} for {theirs[3]}?", "--as-of", "2025-01-29",
                     "--json"], timeout=240)
    r = json.loads(p.stdout)
    assert p.returncode == 0 and r["error"] is None, p.stderr[-2000:]
    assert [c["name"] for c in r["tool_calls"]] == ["evaluate_trade"]
    answer = r["answer"]
    assert not re.search(r"wins (the trade )?by", answer)
    assert f"{ev.mine.gain:+.1f}" in answer and f"{ev.partner.gain:+.1f}" in answer and "over its best free moves" in answer
