"""Classes of listening failure fixed in session 24 (issue #36), one test per class over phrasings of
our own (no held-out set's wording):

- a kept position of mine ("I'd rather keep my guards", "not trading my centers") reaches the trade
  search: the finder never sends a player of mine eligible there (it had no such argument, so the
  frame's `keep_positions` was silently dropped for trades), whatever fills the argument (the offline
  planner's frame, or a real model's call);
- a clause after a question that only keeps a position or rules out a team ("any trade for blocks? not
  trading my centers", "who's the best pickup? nobody from phoenix") is the first request's constraint,
  not a second request of its own (the message was answered twice, the second time without the first's
  targets, under "Not applied: ... no player I know by that").

Each fails on e460c98 (main before these fixes), said per test.
"""
from __future__ import annotations

import json

import pytest

from services.models import ServiceError
from tests.agents.test_conversation_classes import AS_OF

BLK = ["BLK"]


def _eligible(src, name: str) -> list[str]:
    return src.history().snapshot.players[src.resolve_id(name)].ref.eligible


def test_the_finder_never_sends_a_player_of_a_kept_position(demo_source):
    """Without the lock the blocks search sends centers of mine (so the lock has work to do); with it none
    of the trades sends a C-eligible player of mine, the search says whom it keeps, and a named give still
    goes. Fails on e460c98: find_trades took no keep_positions (TypeError)."""
    from services.trades.find import find_trades

    src = demo_source(AS_OF, "categories")
    free = find_trades(src, targets=BLK, limit=5)
    assert any("C" in _eligible(src, n) for t in free.trades for n in t.give)
    kept = find_trades(src, targets=BLK, limit=5, keep_positions=["C"])
    assert kept.trades and kept.keep_positions == ["C"]
    assert all("C" not in _eligible(src, n) for t in kept.trades for n in t.give)
    assert "keeping my C" in kept.headline and kept.candidates < free.candidates
    centers = [e.player.name for e in src.roster().entries if "C" in e.player.eligible and not e.on_ir]
    assert centers and all(c in kept.headline for c in centers)
    named = find_trades(src, give=[centers[0]], limit=3, keep_positions=["C"])
    assert named.trades and all(centers[0] in t.give for t in named.trades)
    with pytest.raises(ServiceError, match="Unknown positions"):
        find_trades(src, targets=BLK, keep_positions=["Q"])


@pytest.mark.parametrize("text,pos", [
    ("any trade for blocks? not trading my centers", "C"),
    ("find me a rebounds trade but I'd rather keep my guards", "G"),
])
def test_a_kept_position_reaches_the_trade_search_once(make_assistant, text, pos):
    """One search, with the asked category and the kept position; no row sends a player of mine eligible
    there, and nothing says the lock was not applied. Fails on e460c98: the lock never reached the finder
    (all rows could send one), and the first phrasing ran two searches, the second without its target,
    under 'Not applied: not trading my centers (no player I know by that)'."""
    from tests.conversations import checks as K

    a = make_assistant(scoring="categories")
    r = a.ask(text, f"s24-keep-{pos}")
    calls = [c["args"] for c in r["tool_calls"] if c["name"] == "find_trades"]
    assert len(calls) == 1, calls
    assert calls[0].get("keep_positions") == [pos] and calls[0].get("targets")
    gives = K.table_column(r["answer"], "You give")
    assert gives and all(pos not in _eligible(a.source, n) for g in gives for n in g.split(" + "))
    assert "Not applied" not in r["answer"]


def test_a_models_kept_position_reaches_the_finder():
    """A real model's call (scripted) with keep_positions=['C']: the tool takes it and no trade it returns
    sends a center of mine. Fails on e460c98, whose schema had no such field (the call was refused)."""
    from langchain_core.messages import HumanMessage

    from services.league.demo_source import DemoSource
    from services.store.state import state_store
    from tests.agents.scripted import ScriptedChatModel, build, call, run_graph, tools_msg

    model = ScriptedChatModel([tools_msg(call("find_trades", targets=BLK, keep_positions=["C"], limit=3)),
                               "Here are three."])
    src = DemoSource(AS_OF, "categories", store=state_store())
    run = run_graph(build(model, src), {"messages": [HumanMessage("blocks trade, but my bigs stay")]}, "s24")
    [tm] = [m for m in run.tool_messages if m.name == "find_trades"]
    data = json.loads(tm.content)
    data = data.get("data", data)
    assert data["keep_positions"] == ["C"] and len(data["trades"]) == 3
    assert all("C" not in _eligible(src, n) for t in data["trades"] for n in t["give"])


@pytest.mark.parametrize("text,arg,want", [
    ("who's the best pickup? nobody from phoenix", "not_teams", ["PHO"]),
    ("best streamer this week? no lakers guys", "not_teams", ["LAL"]),
])
def test_a_team_ruled_out_after_the_question_is_its_constraint(text, arg, want):
    """The team clause is the pickup's constraint and the list is asked once, with the team left out. Fails
    on e460c98: the clause was no constraint there (`constraint_only` false), so a message whose second
    piece parses as a request of its own was split and answered twice."""
    from agents.offline.multi import constraint_only, pieces
    from tests.agents.test_conversation_classes import plan

    assert constraint_only(pieces(text)[-1])
    calls = [c["args"] for c in plan(text).tool_calls if c["name"] == "get_free_agents"]
    assert len(calls) == 1 and calls[0].get(arg) == want


# --- a pool ranked per 36 minutes or by rising minutes (services/league/rank_rates.py, agents/offline/pool_rates.py)

def _rank_tool(demo_source, scoring="points"):
    from agents.tools import build_tools

    return next(t for t in build_tools(demo_source(AS_OF, scoring)) if t.name == "get_player_rankings")


def _before(csv_games, start=None):
    from collections import defaultdict

    out = defaultdict(list)
    for r in csv_games:
        if r["game_date"] < AS_OF and (start is None or r["game_date"] >= start):
            out[r["player"]].append(r)
    return out


def test_a_per_36_ranking_is_the_csvs_rates_of_players_with_a_sample(demo_source, csv_games):
    """Each row's fantasy points per 36 is 36 x his points / his minutes before the date (from the CSV);
    the rows are in that order; nobody under 12 minutes a game is ranked; the top five are the CSV's top
    five per 36 among players with 10+ games and 12+ minutes a game. Fails on e460c98 (per '36' refused)."""
    got = json.loads(_rank_tool(demo_source).invoke({"per": "36", "limit": 10}))
    assert got["per"] == "36" and len(got["players"]) == 10
    games = _before(csv_games)
    rate = {n: 36 * sum(g["fpts"] for g in gs) / sum(g["min"] for g in gs) for n, gs in games.items()
            if sum(g["min"] for g in gs) > 0}
    mpg = {n: sum(g["min"] for g in gs) / len(gs) for n, gs in games.items()}
    for row in got["players"]:
        assert row["per_36"]["fpts"] == pytest.approx(rate[row["name"]], abs=0.02)
        assert mpg[row["name"]] >= 12
    keys = [row["per_36"]["fpts"] for row in got["players"]]
    assert keys == sorted(keys, reverse=True)
    best = sorted((n for n, gs in games.items() if len(gs) >= 10 and mpg[n] >= 12), key=lambda n: -rate[n])
    assert [row["name"] for row in got["players"][:5]] == best[:5]


def test_a_minutes_trend_ranking_is_the_windows_minutes_over_the_seasons(demo_source, csv_games):
    """Each row's change is his minutes a game over the 14 days before the date minus his season's (from
    the CSV), in falling order, the biggest riser among players with half their team's games first.
    Fails on e460c98 (no such sort)."""
    import datetime as dt
    import math

    start = AS_OF - dt.timedelta(days=14)
    got = json.loads(_rank_tool(demo_source).invoke({"sort": "minutes_trend", "window": "14", "limit": 8}))
    season, recent = _before(csv_games), _before(csv_games, start)
    change = {n: sum(g["min"] for g in gs) / len(gs) - sum(g["min"] for g in season[n]) / len(season[n])
              for n, gs in recent.items()}
    rows = got["players"]
    assert len(rows) == 8
    for row in rows:
        assert row["minutes_change"] == pytest.approx(change[row["name"]], abs=0.02)
    assert [r["minutes_change"] for r in rows] == sorted((r["minutes_change"] for r in rows), reverse=True)
    team_dates = {}
    for r in csv_games:
        if start <= r["game_date"] < AS_OF:
            team_dates.setdefault(r["team"], set()).add(r["game_date"])
    sample = [n for n, gs in recent.items()
              if len(gs) >= min(math.ceil(0.5 * max(len(team_dates[gs[-1]["team"]]), len(gs))), 10)]
    assert rows[0]["name"] == max(sample, key=lambda n: change[n])
    with pytest.raises(Exception, match="minutes_trend compares a window"):
        _rank_tool(demo_source).invoke({"sort": "minutes_trend"})


def test_the_rankings_take_the_lists_filters(demo_source):
    """A position or a team ruled out, or a minutes ceiling, leaves those players out of the ranking and
    says so in its filters. Fails on e460c98: the ranking tool had none of them (the frame's 'nobody
    from okc' or 'no centers' was dropped without a word)."""
    tool = _rank_tool(demo_source, "categories")
    every = json.loads(tool.invoke({"window": "14", "sort": "STL", "limit": 30}))["players"]
    assert any(r["team"] == "OKC" for r in every) and any("C" in r["pos"] for r in every)
    got = json.loads(tool.invoke({"window": "14", "sort": "STL", "limit": 30, "not_teams": ["thunder"],
                                  "not_position": "c", "max_minutes": 30}))
    assert got["filters"]["not_teams"] == ["OKC"] and got["filters"]["not_position"] == "C"
    assert got["players"] and all(r["team"] != "OKC" and r["mpg"] < 30 for r in got["players"])
    src = demo_source(AS_OF, "categories")
    assert all("C" not in _eligible(src, r["name"]) for r in got["players"])
    with pytest.raises(Exception, match="not_position must be one of"):
        tool.invoke({"not_position": "QB"})


@pytest.mark.parametrize("turns,want", [
    (("best per 36 guys on waivers",), {"per": "36", "availability": "free_agents", "limit": 10}),
    (("top 5 per-36 rebounders available",), {"per": "36", "availability": "free_agents", "limit": 5, "sort": "REB"}),
    (("which free agents are getting more minutes lately",),
     {"sort": "minutes_trend", "availability": "free_agents", "window": "7"}),
    (("who's seen the biggest jump in playing time across the league this month",),
     {"sort": "minutes_trend", "window": "30"}),
    (("anyone on the wire getting a bigger role?",), {"sort": "minutes_trend", "window": "14"}),
    (("which free agents are getting more minutes lately", "only guards"),
     {"sort": "minutes_trend", "window": "7", "position": "G", "availability": "free_agents"}),
    (("best per 36 guys on waivers", "top 3"), {"per": "36", "limit": 3, "availability": "free_agents"}),
])
def test_a_pool_per_36_or_by_rising_minutes_is_that_ranking(turns, want):
    """Fails on e460c98: a per-36 ask naming nobody reached no ranking (the per-36 act needs a player;
    'per 36' was a count of 36), and a pool's minutes trend went to a news search."""
    from tests.agents.test_conversation_classes import args_of, plan

    a = args_of(plan(*turns), "get_player_rankings")
    assert {k: a.get(k) for k in want} == want


def test_a_named_players_per_36_and_a_minutes_ceiling_are_not_a_pool_ranking():
    """The guards on the rule above: a named player's per 36 is his game log's rates, and 'only guys under
    25 minutes' after a list is a ceiling. Pass on e460c98; fail on a pool rule without its guards (no
    player check; any 'less ... minutes' read as a trend)."""
    from tests.agents.test_conversation_classes import args_of, plan

    assert args_of(plan("whats bol bol per 36?"), "get_player_game_log")["name"] == "Bol Bol"
    a = args_of(plan("top pickups", "only guys playing less than 25 minutes a night"), "get_free_agents")
    assert a["max_minutes"] == 25


def test_a_per_36_answer_shows_the_rates_and_whom_it_filtered(make_assistant):
    """The answer's table has the per-36 column with each row's rate and real minutes; players under 12
    minutes a game are said as filtered for their minutes. Fails on e460c98 (no per-36 ranking)."""
    from tests.conversations import checks as K

    a = make_assistant(scoring="points")
    r = a.ask("top 5 per 36 free agents", "s24-per36")
    [call] = [c["args"] for c in r["tool_calls"] if c["name"] == "get_player_rankings"]
    assert call["per"] == "36" and call["limit"] == 5 and call["availability"] == "free_agents"
    col = K.table_column(r["answer"], "FPTS/36 (min a game)")
    assert len(col) == 5
    rates = [float(c.split(" (")[0]) for c in col]
    assert rates == sorted(rates, reverse=True) and all(float(c.split("(")[1].rstrip(")")) >= 12 for c in col)
    assert "per 36 minutes" in r["answer"] and "too few minutes for per-36 rates" in r["answer"]
    assert "a per-36 ranking needs 12" in r["answer"]


def test_a_models_per_36_call_reaches_the_ranking():
    """A real model's call (scripted) with per='36' and a team ruled out: the tool takes both. Fails on
    e460c98, whose schema refused per '36' and had no not_teams."""
    from langchain_core.messages import HumanMessage

    from services.league.demo_source import DemoSource
    from services.store.state import state_store
    from tests.agents.scripted import ScriptedChatModel, build, call, run_graph, tools_msg

    model = ScriptedChatModel([tools_msg(call("get_player_rankings", per="36", availability="free_agents",
                                              not_teams=["Celtics"], limit=4)), "Here they are."])
    src = DemoSource(AS_OF, "points", store=state_store())
    run = run_graph(build(model, src), {"messages": [HumanMessage("best per-36 free agents, no celtics")]}, "s24p")
    [tm] = [m for m in run.tool_messages if m.name == "get_player_rankings"]
    data = json.loads(tm.content)
    data = data.get("data", data)
    assert data["per"] == "36" and data["filters"]["not_teams"] == ["BOS"] and len(data["players"]) == 4
    assert all(r["team"] != "BOS" and r["per_36"]["fpts"] > 0 for r in data["players"])


# --- three-player trades: a consolidation (3-for-1, 3-for-2) or the other way (1-for-3, 2-for-3)

BEAL3 = ["Bradley Beal", "Mike Conley", "Bogdan Bogdanović"]


def test_the_finder_searches_three_player_shapes_valued_as_evaluate_trade(demo_source):
    """Every 3-for-1 sends the three named and brings one; each side's gain is evaluate_trade's for that
    trade (over its own free moves, the two open spots filled from the wire); a 1-for-3 with nobody named
    brings three and cuts two. Fails on e460c98 (an unknown shape)."""
    from services.trades.evaluate import evaluate_trade
    from services.trades.find import find_trades

    src = demo_source(AS_OF, "points")
    found = find_trades(src, give=BEAL3, shape="3-for-1", limit=3)
    assert found.shape == "3-for-1" and found.trades and "3-for-1" in found.headline
    for t in found.trades:
        assert sorted(t.give) == sorted(BEAL3) and len(t.get) == 1
    for t in found.trades[:2]:
        ev = evaluate_trade(src, t.give, t.get)
        assert t.my_change == pytest.approx(ev.mine.gain, abs=0.11)
        assert t.their_change == pytest.approx(ev.partner.gain, abs=0.11)
    wide = find_trades(src, shape="1-for-3", limit=2)
    assert wide.trades and all(len(t.give) == 1 and len(t.get) == 3 and len(t.my_cut) == 2 for t in wide.trades)


@pytest.mark.parametrize("turns,want", [
    (("package beal, conley and bogdanovic for one star, 3 for 1",), {"shape": "3-for-1", "give": BEAL3}),
    (("3 for 2 deal: beal conley bogdanovic for two better guys",), {"shape": "3-for-2", "give": BEAL3}),
    (("beal conley and bogdan for a star?",), {"shape": "3-for-1", "give": BEAL3}),
    (("package beal, conley and bogdanovic for one star, 3 for 1", "what about 3 for 2"),
     {"shape": "3-for-2", "give": BEAL3}),
    (("turn barnes into three solid players, 1 for 3",), {"shape": "1-for-3", "give": ["Scottie Barnes"], "limit": 5}),
])
def test_a_three_player_trade_is_that_search(turns, want):
    """Fails on e460c98: the shape was read only with ones and twos, so 'beal conley bogdanovic for two
    better guys' compared the three players and the 3-for-1 sent Beal alone; 'three solid players' was a
    count of three results."""
    from tests.agents.test_conversation_classes import args_of, plan

    a = args_of(plan(*turns), "find_trades")
    assert {k: a.get(k) for k in want} == want


def test_a_three_for_one_conversation_shows_only_that_shape(make_assistant):
    """The full runtime: every row gives the three and gets one. Fails on e460c98 (rows of Beal alone)."""
    from tests.conversations import checks as K

    a = make_assistant(scoring="points")
    r = a.ask("package beal, conley and bogdanovic for one star, 3 for 1", "s24-3for1")
    gives, gets = K.table_column(r["answer"], "You give"), K.table_column(r["answer"], "You get")
    assert gives and len(gives) == len(gets)
    assert all(sorted(g.split(" + ")) == sorted(BEAL3) and " + " not in h for g, h in zip(gives, gets, strict=True))


# --- form on my roster, a span of dates, dynasty asks

def test_form_on_my_roster_is_each_players_last_five_against_his_season(make_assistant, csv_games):
    """'who on my team is underperforming': one roster call; the lead names the healthy players whose last
    five games are 15% and 3 fantasy points a game under their season, computed here from the CSV, worst
    first; 'overperforming' leads with the ones above. Fails on e460c98: a news search about injuries."""
    from collections import defaultdict

    a = make_assistant(scoring="points")
    r = a.ask("who on my team is underperforming lately?", "s24-form")
    assert [c["name"] for c in r["tool_calls"]] == ["get_my_roster"]
    roster = {e.player.name: e.status for e in a.source.roster().entries}
    games = defaultdict(list)
    for g in csv_games:
        if g["game_date"] < AS_OF and g["player"] in roster:
            games[g["player"]].append(g["fpts"])
    season = {n: sum(v) / len(v) for n, v in games.items()}
    last5 = {n: sum(v[-5:]) / len(v[-5:]) for n, v in games.items()}
    under = sorted((n for n in games if roster[n] != "OUT" and last5[n] < 0.85 * season[n]
                    and season[n] - last5[n] >= 3), key=lambda n: (last5[n] - season[n]) / season[n])
    assert under, "the demo roster has players under their season (the check has work to do)"
    lead = r["answer"].split("\n\n")[0]
    assert lead.startswith("**Under their season lately")
    assert all(n in lead for n in under) and sorted(under, key=lead.find) == under
    assert not [n for n in roster if n in lead and n not in under]
    assert "Form is measured in box-score fantasy points" not in r["answer"]  # a points league's own unit
    for n in under:
        assert f"{last5[n]:.1f} vs {season[n]:.1f}" in lead
    up = a.ask("any of my guys overperforming?", "s24-form-up")
    assert up["answer"].startswith("**Above their season lately") or up["answer"].startswith("**Nobody on your team is well above")


@pytest.mark.parametrize("text,span", [
    ("who should I stream from feb 4 to feb 7", ("2025-02-04", "2025-02-07")),
    ("best pickups feb 3-5?", ("2025-02-03", "2025-02-05")),
    ("free agents with games between Feb 1 and Feb 2", ("2025-02-01", "2025-02-02")),
])
def test_a_span_of_dates_is_the_pickup_lists_days(text, span):
    """The list asks for players with a game on each day of the span (ranked by those games). Fails on
    e460c98: only the span's first day reached the tool."""
    import datetime as dt

    from tests.agents.test_conversation_classes import args_of, plan

    first, last = (dt.date.fromisoformat(d) for d in span)
    want = [first + dt.timedelta(days=i) for i in range((last - first).days + 1)]
    got = [dt.date.fromisoformat(str(d)) for d in args_of(plan(text), "get_free_agents")["play_on"]]
    assert got == want


@pytest.mark.parametrize("text,tool", [
    ("how many games does beal have feb 3-9", "get_schedule"),
    ("compare beal and conley between feb 3 and feb 9", "compare_players"),
])
def test_a_span_of_dates_is_the_schedule_or_comparisons_window(text, tool):
    """Fails on e460c98: the span's first day alone (a one-day schedule) or this week's comparison."""
    from tests.agents.test_conversation_classes import args_of, plan

    a = args_of(plan(text), tool)
    assert (a.get("start"), a.get("end")) == ("2025-02-03", "2025-02-09")


def test_named_range_reads_spans_and_refuses_backwards_ones():
    """The reader itself: month names, a bare second day, ISO dates, across a month; a span that ends before
    it starts is none. Fails on e460c98 (no such function)."""
    import datetime as dt

    from agents.core.dates import named_range

    d = dt.date
    assert named_range("from Feb 3 to Feb 9", AS_OF) == (d(2025, 2, 3), d(2025, 2, 9))
    assert named_range("jan 30 - feb 2 streamers", AS_OF) == (d(2025, 1, 30), d(2025, 2, 2))
    assert named_range("2025-02-03 through 2025-02-05", AS_OF) == (d(2025, 2, 3), d(2025, 2, 5))
    assert named_range("feb 9 to feb 3", AS_OF) is None and named_range("who plays feb 3", AS_OF) is None


@pytest.mark.parametrize("text", ["is jjj a good dynasty hold?", "in dynasty would you keep mobley long term?"])
def test_a_dynasty_ask_says_it_is_not_modelled(text):
    """Fails on e460c98: 'dynasty hold' was read as this season's hold verdict, with no word that values
    beyond this season are not modelled."""
    from tests.agents.test_conversation_classes import plan

    msg = plan(text)
    assert [c["name"] for c in msg.tool_calls] == ["get_player_rankings"]
    assert msg.tool_calls[0]["args"]["sort"] == "ros_value"


# --- an edit of the list just shown

@pytest.mark.parametrize("turns,want", [
    (("best pickups this week?", "drop the injured ones"), {"healthy_only": True}),
    (("best pickups this week?", "take out the centers"), {"not_position": "C"}),
    (("best pickups this week?", "take braun off the list"), {"exclude": ["Christian Braun"]}),
    (("who should I stream?", "get rid of any guards please"), {"not_position": "G"}),
])
def test_an_edit_of_the_list_just_shown_is_that_list_again(make_assistant, turns, want):
    """The full runtime (the edit reads the list the answer showed): the list again with the edit, and the
    player taken off is not in it. Fails on e460c98: 'drop the injured ones' asked what I meant, 'take out
    the centers' kept them, and 'take braun off the list' asked what I meant about him."""
    a = make_assistant(scoring="points")
    thread = f"s24-list-{abs(hash(turns))}"
    for t in turns:
        r = a.ask(t, thread)
    calls = [c["args"] for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert calls and {k: calls[0].get(k) for k in want} == want
    if "exclude" in want:
        assert "Left out Christian Braun, as you asked." in r["answer"]


def test_a_position_edit_after_a_ranking_keeps_the_ranking(make_assistant):
    """After 'top 10 free agents by steals last 14 days', 'get rid of the guards' is the same ranking without
    guard-eligible players, said in its header. Fails on e460c98: a pickup scan (and the ranking tool had no
    not_position)."""
    a = make_assistant(scoring="points")
    a.ask("top 10 free agents by steals last 14 days", "s24-edit")
    r = a.ask("get rid of the guards", "s24-edit")
    [call] = [c["args"] for c in r["tool_calls"] if c["name"] == "get_player_rankings"]
    assert call["not_position"] == "G" and call["sort"] == "STL" and call["window"] == "14"
    assert "(free_agents, no G)" in r["answer"]
    from tests.conversations import checks as K

    names = K.table_column(r["answer"], "Player")
    assert names and all("G" not in _eligible(a.source, n.split(" (")[0]) for n in names)


def test_a_move_after_a_list_is_still_a_move():
    """The guard on the rule above: a player of mine named with 'drop' and an add is a move, and 'drop a
    center' with an article other than 'the' is no filter. Passes on e460c98; fails on an edit rule that
    reads every 'drop' after a list as an edit (checked by dropping its `removed` guards)."""
    from tests.agents.test_conversation_classes import args_of, plan

    assert args_of(plan("best pickups this week?", "drop bol and add braun"), "evaluate_move") == {
        "drop": "Bol Bol", "add": "Christian Braun"}
    from agents.offline.list_filters import not_position_of

    assert not_position_of("add a guard, drop a center") is None


@pytest.mark.parametrize("turns,row", [
    (("best pickups this week?", "swap bol for the second one"), 1),
    (("best pickups this week?", "grab #3 for bogdanovic"), 2),
    (("best pickups this week?", "drop bol bol for number 2"), 1),
])
def test_a_swap_around_a_rows_place_adds_that_rows_player(make_assistant, turns, row):
    """The move's add is the list's row at that place (read from the answer's table), its drop my player.
    Fails on e460c98: 'the second one' was read as agreeing to card 2 (and Bol Bol checked as an add), '#3'
    as no row at all."""
    from tests.conversations import checks as K

    a = make_assistant(scoring="points")
    thread = f"s24-row-{row}-{len(turns[1])}"
    first = a.ask(turns[0], thread)
    listed = K.table_column(first["answer"], "Player")
    r = a.ask(turns[1], thread)
    [move] = [c["args"] for c in r["tool_calls"] if c["name"] == "evaluate_move"]
    assert move["add"] == listed[row] and move["drop"] in ("Bol Bol", "Bogdan Bogdanović")


def test_a_cards_place_alone_still_agrees_to_that_card(make_assistant):
    """The guard: 'do #2' after cards is that card shown again with its button, no move evaluated. Passes on
    e460c98; fails on a row rule without its swap cue."""
    a = make_assistant(scoring="points")
    first = a.ask("best pickups this week?", "s24-do2")
    r = a.ask("do #2", "s24-do2")
    assert not [c for c in r["tool_calls"] if c["name"] == "evaluate_move"]
    second = first["pending_approvals"][1]["title"]
    assert second.split(",")[0].split(" -> ")[0] in r["answer"]


# --- the team's strength asked any way round; a ranking by fantasy points in a categories league; next week
#     named as its dates; a game count in words

@pytest.mark.parametrize("text", ["then just tell me how strong my team is", "how good are we", "is our roster actually good?",
                                  "how solid is my squad"])
def test_the_teams_strength_asked_any_way_round_is_the_strength_table(text):
    """Fails on e460c98: only 'how good is my team' / 'is my team any good' in that word order reached it."""
    from tests.agents.test_conversation_classes import plan

    assert [c["name"] for c in plan(text, scoring="categories").tool_calls] == ["get_team_strength"]


def test_a_ranking_by_fantasy_points_in_a_categories_league_sorts_by_them():
    """Fails on e460c98: the sort was the league's z-sum ('value') whatever the message said."""
    from tests.agents.test_conversation_classes import args_of, plan

    turns = ("forget cats for a sec, who are the top free agents by fantasy points", "3 of them")
    for i in (1, 2):
        a = args_of(plan(*turns[:i], scoring="categories"), "get_player_rankings")
        assert a["sort"] == "fpts" and a["availability"] == "free_agents"
    assert args_of(plan(*turns, scoring="categories"), "get_player_rankings")["limit"] == 3


@pytest.mark.parametrize("text,least", [
    ("which free agents have a four-game schedule from Feb 3 to Feb 9 that I could grab now?", 4),
    ("who should I stream from feb 3 to feb 9", 1),
    ("any 3-game guys on waivers from feb 3 through feb 9?", 3),
])
def test_next_week_named_by_its_dates_is_next_weeks_games(text, least):
    """Feb 3-9 is the next matchup week (Monday to Sunday after Jan 29): the list asks for next week with the
    game count said in words or digits, not seven separate days. Fails on e460c98: one day (Feb 3), and
    'four-game' was no count."""
    from tests.agents.test_conversation_classes import args_of, plan

    a = args_of(plan(text), "get_free_agents")
    assert a.get("horizon") == "next_week" and not a.get("play_on") and a["min_games_remaining"] == least


def test_a_day_after_a_month_is_no_shorthand():
    """'feb 4 to feb 7' keeps its 4 (it was spelled out as 'for', so the span lost its first day); the
    shorthand itself still reads. Fails on e460c98 ('from feb for to feb 7')."""
    from agents.core.normalize import normalize

    assert normalize("who should I stream from feb 4 to feb 7") == "who should I stream from feb 4 to feb 7"
    assert normalize("harden 4 kawhi") == "harden for kawhi" and normalize("good 2 go") == "good to go"


@pytest.mark.parametrize("text", ["when is the trade deadline", "how long do waivers take to clear",
                                  "when do the fantasy playoffs start?"])
def test_a_league_rule_or_date_says_it_is_not_in_the_data_and_offers_what_is(make_assistant, text):
    """A rule's date is no news: the answer says rules and dates are not in the data, calls no tool, and offers
    the trade search and the wire. Fails on e460c98: the deadline read as news (a roster status table), the
    others as other requests."""
    a = make_assistant(scoring="points")
    r = a.ask(text, f"s24-rules-{len(text)}")
    assert r["answer"].startswith("**League rules and dates") and not r["tool_calls"]
    assert "find me a trade" in r["answer"] and not r["pending_approvals"]


def test_deadline_news_is_still_news():
    """The guard: deadline deals and rumours are the news topic (its roster status), not a rule. Passes on
    e460c98; fails on a rules pattern that takes every 'deadline'."""
    from agents.offline.scope import topic_of

    assert topic_of("any deadline deals involving my guys?").name == "news"
    assert topic_of("when is the trade deadline").name == "rules"


# --- doubt with no new fact is the same request again; an English word one edit from a surname is no player

@pytest.mark.parametrize("doubt", ["are you sure? that seems wrong to me", "really?", "hmm I don't buy it",
                                   "double check that"])
def test_doubt_alone_re_asks_the_last_request_with_the_same_verdict(make_assistant, doubt):
    """A pushback with no new fact re-runs the previous request: the same tool with the same arguments, and
    the same verdict (a verdict flips on a new fact, never on doubt alone). Fails on e460c98: 'wrong' was
    read as the player Wong and 'seems wrong' as a move, 'really?' as a greeting."""
    a = make_assistant(scoring="points")
    thread = f"s24-doubt-{len(doubt)}"
    first = a.ask("should I drop Bol Bol for Christian Braun?", thread)
    r = a.ask(doubt, thread)
    call = lambda res: [(c["name"], c["args"]) for c in res["tool_calls"] if c["name"] == "evaluate_move"]
    assert call(first) and call(r) == call(first)
    verdict = lambda res: res["answer"].split("\n")[0]
    assert verdict(r) == verdict(first)


def test_a_doubt_with_a_new_question_is_that_question():
    """The guard: 'are you sure Beal is better' names a player, so it is a question of its own, not a redo.
    Its second line is the guard (fails on a doubt pattern that swallows whatever follows 'are you sure');
    the first fails on e460c98, where no doubt was a redo."""
    from agents.offline.redo import redo_asked

    assert redo_asked("are you sure? that seems wrong to me") and redo_asked("really?")
    assert not redo_asked("are you sure Beal is better than Conley")
    assert not redo_asked("really? what about Ivey")


@pytest.mark.parametrize("word", ["wrong", "heart", "reason", "states"])
def test_an_english_word_one_edit_from_a_surname_is_no_player(word):
    """Fails on e460c98: 'wrong' matched Wong (Isaiah Wong), 'heart' Hart, 'reason' Eason at ratio >= 86
    ('states' never matched: kept as a guard on a loosened cutoff)."""
    from agents.offline.slots import player_mentions

    assert player_mentions(f"that {word} seems off to me") == []


@pytest.mark.parametrize("typo,name", [("mobly", "Evan Mobley"), ("bogdanovich", "Bogdan Bogdanović"),
                                       ("iring", "Kyrie Irving")])
def test_a_typo_of_a_surname_still_names_him(typo, name):
    """The guard on the first-letters rule: a typo keeps a name's first two letters. Passes on e460c98 for
    these; fails on a rule that drops fuzzy single words altogether."""
    from agents.offline.slots import player_mentions

    assert [m[2] for m in player_mentions(f"what about {typo}")] == [name]
