"""Classes found in session 17 (issue #36), each with phrasings of its own:

- a shape-only follow-up to a category trade search ("straight deals only", "1 for 1s please",
  "what about 2 for 1s") is the same search for the same categories in the new shape; 644ab1f
  dropped the categories whenever the follow-up set a shape or named a player to give, and read no
  shape in a plural "1 for 1s" / "2 for 1s" (the first: "I didn't follow that");
- a punt stated with a contraction or a reason ("ok we're punting turnovers and FG% now", "gonna punt
  blocks, they've been awful") is the punt act (644ab1f: the greeting, a clarifying question), and
  its answer says how the punt moved the free agents (644ab1f: the new order only); a category
  named beside the punt ("punting FT%, losing assists") stays a request for it;
- a pickup request's day ("who should i pick up tmrw", "need a pickup for friday", "weekend streamers")
  lists only free agents with a game that day (644ab1f: this week's list, the day dropped), a position
  ruled out ("anyone but centers", "no bigs please") is left out (644ab1f: centers only, the
  negation read as the filter), a count in words ("top five", "a couple of trade ideas") is the count
  (644ab1f: 8 and 5), and a follow-up keeps the day and the ruled-out position;
- learner's English ("which player I should to add", "who I should start tonight") reads as the
  question (644ab1f: a clarifying question);
- a move verb whose object is nobody named ("with Collins out and Ivey hurt, maybe drop someone?") is
  no drop/add of the two named (644ab1f: "drop Collins, add Ivey": "Ivey is on your roster already");
- preferring a card ("the second one sounds better, go with that") is agreeing to it (644ab1f: the
  greeting);
- "who's better for blocks?" after comparing two players compares those two on blocks and says who
  (644ab1f: a free-agent scan for blocks);
- a drop named alone ("drop bol bol", "cut claxton, who's the best add") is that player's drop with
  the best adds evaluated against him (644ab1f: his name read as the add);
- "how many points did SGA score last night?" is his last game, its date and points, and says when he
  did not play the night before (644ab1f: his last-5 averages, no date);
- players ruled out in a follow-up to a search ("without giving up mobley or jjj" after a trade search,
  "not interested in braun" / "i dont trust braun, who else" after a pickup list or a fit check) are
  the same search without them (644ab1f: a comparison of the two; the same list with Braun first);
- "rest of season matters more than this week" with weak categories ranks pickups for those
  categories over the season (644ab1f: this week, chasing FT% instead);
- "is he injured?" after a free-agent list is about the list's lead (644ab1f: the list again or a
  clarifying question);
- "when is he back?" / "how long is X out for?" leads with the return model's odds game by game
  (get_player_status now carries them; 644ab1f: no return estimate at all);
- "is Mobley or JJJ better rest of season?" compares rest-of-season value and games left (644ab1f:
  their last 5 games). Part two (trades under discussion, self-corrections): test_conversation_classes_s17b.py.
"""
from __future__ import annotations

import pytest

from tests.agents.test_conversation_classes import BEAL, args_of, plan


@pytest.mark.parametrize("turns,want", [
    (("find me a trade for assists and steals", "straight deals only"), {"targets": ["AST", "STL"], "shape": "1-for-1"}),
    (("any deals that help my blocks?", "1 for 1s please"), {"targets": ["BLK"], "shape": "1-for-1"}),
    (("trade ideas to boost rebounds", "what about 2 for 1s"), {"targets": ["REB"], "shape": "2-for-1"}),
    (("find trades for threes", "what if its just Beal straight up"),
     {"targets": ["3PM"], "shape": "1-for-1", "give": [BEAL]}),
])
def test_a_shape_follow_up_keeps_the_searchs_categories(turns, want):
    a = args_of(plan(*turns, scoring="categories"), "find_trades")
    assert {k: a.get(k) for k in want} == want


def test_a_new_category_in_the_follow_up_replaces_the_old():
    """'now for steals, straight up' after an assists search: steals, not assists (the carry must not
    override a category the message names)."""
    a = args_of(plan("find trades for assists", "now for steals, 1 for 1", scoring="categories"), "find_trades")
    assert a.get("targets") == ["STL"] and a.get("shape") == "1-for-1"


@pytest.mark.parametrize("message,punt", [("I'm punting FT% from now on", ["FT%"]),
                                          ("ok we're punting turnovers and FG% now", ["FG%", "TO"]),
                                          ("yeah gonna punt blocks, they've been awful", ["BLK"])])
def test_a_punt_says_how_it_moved_the_free_agents(make_assistant, message, punt):
    """The punt answer gives each shown free agent's place over all nine categories and who the punt
    pushed out of the top (644ab1f showed the new order only). The places are the league's own
    all-nine ranking with the same filters (its values are checked against the CSV elsewhere)."""
    import re

    a = make_assistant(scoring="categories")
    r = a.ask(message, f"s17-punt-{len(punt)}")
    assert r["error"] is None
    fa = [c for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert fa and sorted(fa[0]["args"]["punt"]) == sorted(punt)
    every = [f.player.name for f in a.source.free_agents(None, True, 1, None, 50)]
    shown = [f.player.name for f in a.source.free_agents(None, True, 1, None, 6, punt=tuple(punt))]
    line = re.search(r"How punting [^:]+ moved them: (.*)", r["answer"]).group(1)
    for i, name in enumerate(shown, 1):
        was = every.index(name) + 1 if name in every else None
        if was != i:
            assert f"{name} #{i} (was #{was})" in line if was else f"{name} #{i} (was outside the top 50)" in line
    for name in every[:6]:
        if name not in shown:
            assert f"{name} (#{every.index(name) + 1} over all nine)" in line


def test_a_points_league_punt_changes_nothing_and_says_so(make_assistant):
    r = make_assistant(scoring="points").ask("I'm punting FT% from now on", "s17-punt-pts")
    assert "nothing changes" in r["answer"] and "How punting" not in r["answer"]


def test_a_category_named_beside_a_punt_is_still_a_request(make_assistant):
    """'punting FT%, losing assists': a need for assists, valued without FT% (catches a punt reader that
    takes any message with a punt and no question word as the punt alone)."""
    r = make_assistant(scoring="categories").ask("I'm punting FT%, losing assists", "s17-punt-ast")
    assert "Punting FT% from here on" not in r["answer"]
    fa = [c for c in r["tool_calls"] if c["name"] == "get_free_agents"]
    assert fa and fa[0]["args"].get("punt") == ["FT%"] and "AST" in r["answer"]


def _listed(answer: str) -> list[str]:
    from tests.conversations.checks import table_column

    return table_column(answer, "Player")


@pytest.mark.parametrize("scoring,turns,days,not_c,count", [
    ("points", ["yo who should i pick up tmrw"], ["2025-01-30"], False, None),
    ("categories", ["need a pickup for friday, no bigs please"], ["2025-01-31"], True, None),
    ("points", ["top five streamers for the weekend"], ["2025-02-01", "2025-02-02"], False, 5),
    ("points", ["top five streamers for the weekend", "anyone but centers"], ["2025-02-01", "2025-02-02"], True, 5),
])
def test_a_pickups_day_and_ruled_out_position_reach_the_list(make_assistant, csv_facts, scoring, turns, days, not_c,
                                                             count):
    import datetime as dt

    a = make_assistant(scoring=scoring)
    for t in turns:
        r = a.ask(t, f"s17-day-{abs(hash(tuple(turns)))}")
    assert r["error"] is None and r["intent"] == "free_agent_scan"
    args = [c["args"] for c in r["tool_calls"] if c["name"] == "get_free_agents"][0]
    assert args.get("play_on") == days and (args.get("not_position") == "C") == not_c and args.get("position") is None
    if count:
        assert args["limit"] == count
    lg = a.source.league
    by_name = {lg.snapshot.players[pid].ref.name: pid for pid in lg.snapshot.players}
    listed = _listed(r["answer"])
    assert listed and (count is None or len(listed) == count)
    want = [dt.date.fromisoformat(d) for d in days]
    for name in listed:  # each plays on one of the days (his team's CSV schedule), and no center when ruled out
        pid = by_name[name]
        team = csv_facts.team_of(pid, dt.date(2025, 1, 29))
        assert any(csv_facts.team_games_between(team, d, d) for d in want), f"{name} has no game on {days}"
        if not_c:
            assert "C" not in lg.snapshot.players[pid].ref.eligible, name
    assert "with a game on" in r["answer"]


def test_a_count_in_words_is_the_count():
    from tests.agents.test_conversation_classes import args_of

    assert args_of(plan("give me a couple of trade ideas"), "find_trades")["limit"] == 2
    assert args_of(plan("half a dozen pickups please"), "get_free_agents")["limit"] == 6


@pytest.mark.parametrize("text,act", [("which player I should to add for this week?", "optimize"),
                                      ("who I should to start tonight", "lineup_day"),
                                      ("what I do with my lineup tomorrow", "lineup_day")])
def test_learners_english_reads_as_the_question(text, act):
    import datetime as dt

    from agents.offline.nlu import parse

    assert parse(text, dt.date(2025, 1, 29)).act == act


def test_a_move_verb_on_nobody_named_is_no_move(make_assistant):
    r = make_assistant(scoring="points").ask(
        "honestly with Collins out and Ivey hurt I'm not sure what to do, maybe drop someone? what should I do this week",
        "s17-runon")
    assert "evaluate_move" not in [c["name"] for c in r["tool_calls"]]
    assert "on your roster already" not in r["answer"] and r["pending_approvals"]


@pytest.mark.parametrize("reply,place", [("the second one sounds better, go with that", 1),
                                         ("i'd rather take the third one", 2)])
def test_preferring_a_card_is_agreeing_to_it(make_assistant, reply, place):
    a = make_assistant(scoring="points")
    first = a.ask("optimize my lineup for this week", f"s17-pref-{place}")
    titles = [c["title"] for c in first["pending_approvals"]]
    assert len(titles) > place
    r = a.ask(reply, f"s17-pref-{place}")
    assert not r["tool_calls"] and not r["transactions"]
    move = titles[place].split(",")[0]
    assert f"Card {place + 1} is waiting for you: {move}" in r["answer"]


@pytest.mark.parametrize("follow,cat,key", [("who's better for blocks", "blocks", "blk"),
                                            ("and for boards?", "rebounds", "reb")])
def test_whos_better_for_a_category_after_a_comparison(make_assistant, follow, cat, key):
    from tests.conversations import checks as K

    a = make_assistant(scoring="categories")
    a.ask("compare mobley and jjj over the last 10", f"s17-cmp-{key}")
    r = a.ask(follow, f"s17-cmp-{key}")
    logs = [c["args"] for c in r["tool_calls"] if c["name"] == "get_player_game_log"]
    assert sorted(x["name"] for x in logs) == ["Evan Mobley", "Jaren Jackson Jr."] and all(x["last_n"] == 10 for x in logs)
    mob, jjj = K.last_n_avg("Evan Mobley", key, 10), K.last_n_avg("Jaren Jackson Jr.", key, 10)
    (best, bv), (other, ov) = sorted([("Evan Mobley", mob), ("Jaren Jackson Jr.", jjj)], key=lambda x: -x[1])
    import re

    m = re.match(rf"\*\*For {cat}, {best} is better: ([\d.]+) per game over his last 10 against {other}'s ([\d.]+)\.\*\*",
                 r["answer"])
    assert m, r["answer"][:200]
    assert float(m.group(1)) == pytest.approx(bv, abs=0.051) and float(m.group(2)) == pytest.approx(ov, abs=0.051)


@pytest.mark.parametrize("scoring,text,name", [("points", "drop bol bol", "Bol Bol"),
                                               ("categories", "cut claxton, who's the best add", "Nic Claxton")])
def test_a_drop_named_alone_is_his_drop(make_assistant, scoring, text, name):
    r = make_assistant(scoring=scoring).ask(text, f"s17-drop-{scoring}")
    fits = [c["args"] for c in r["tool_calls"] if c["name"] == "validate_slot_fit"]
    assert fits and all(f.get("drop") == name and f["add"] != name for f in fits)
    for card in r["pending_approvals"]:  # any card drops him, never adds him
        assert f"Drop {name} -> Add" in card["title"], card["title"]


@pytest.mark.parametrize("scoring,text,name,stat,label", [
    ("points", "how many points did SGA score last night", "Shai Gilgeous-Alexander", "pts", "points"),
    ("points", "how many points did lebron score yesterday", "LeBron James", "pts", "points"),
    ("categories", "how many boards did mobley get in his last game", "Evan Mobley", "reb", "rebounds"),
])
def test_last_night_is_his_last_game_with_its_date(make_assistant, scoring, text, name, stat, label):
    import datetime as dt

    from tests.conversations import checks as K

    r = make_assistant(scoring=scoring).ask(text, f"s17-night-{stat}-{name[:3]}")
    logs = [c["args"] for c in r["tool_calls"] if c["name"] == "get_player_game_log"]
    assert logs == [{"name": name, "last_n": 1}]
    last = [g for g in K.player_rows()[K.fold(name)] if g["game_date"] < K.AS_OF][-1]  # the CSV's last game
    value = float(last[stat])
    assert f"**{name} in his last game ({last['game_date']} vs " in r["answer"]
    assert f"): {value:g} {label}.**" in r["answer"]
    night = K.AS_OF - dt.timedelta(days=1)
    said = f"**{name} did not play last night ({night}): his last game was {last['game_date']}.**"
    asked_night = "last night" in text or "yesterday" in text
    assert (said in r["answer"]) == (asked_night and last["game_date"] != night)


def test_players_ruled_out_after_a_trade_search_are_kept_out():
    from tests.agents.test_conversation_classes import args_of

    a = args_of(plan("trade ideas for assists", "without giving up mobley or jjj", scoring="categories"), "find_trades")
    assert a.get("targets") == ["AST"] and sorted(a["exclude"]) == ["Evan Mobley", "Jaren Jackson Jr."]


@pytest.mark.parametrize("turns", [("best pickups this week", "not interested in braun"),
                                   ("should I pick up braun", "i dont trust braun, who else"),
                                   ("who should I add?", "pass on christian braun")])
def test_a_player_turned_down_leaves_the_pickup_list(turns):
    from tests.agents.test_conversation_classes import args_of

    a = args_of(plan(*turns), "get_free_agents")
    assert a.get("exclude") == ["Christian Braun"]


def test_the_season_over_this_week_with_weak_categories(make_assistant):
    a = make_assistant(scoring="categories")
    r = a.ask("im getting killed in steals and threes every week, who do i grab, rest of season matters more than "
              "this week btw", "s17-ros")
    args = [c["args"] for c in r["tool_calls"] if c["name"] == "get_free_agents"][0]
    assert args["horizon"] == "rest_of_season" and sorted(args["target_categories"]) == ["3PM", "STL"]
    assert "The advice below chases" not in r["answer"]
    from tests.conversations.checks import table_column

    stl = [float(x) for x in table_column(r["answer"], "STL")]
    threes = [float(x) for x in table_column(r["answer"], "3PM")]
    score = [float(x) for x in table_column(r["answer"], "3PM+STL x games")]
    assert stl and len(stl) == len(threes) == len(score) and score == sorted(score, reverse=True)
    assert r["answer"].startswith("**Best pickup for 3PM, STL over the rest of the season: ")


def test_he_after_a_list_is_its_lead(make_assistant):
    a = make_assistant(scoring="points")
    first = a.ask("who's the best free agent center", "s17-he")
    # the answer names the list's first row first (session 28: "who's the best ...?" is answered by the
    # ranking; the card below may add another player), and "he" is the player it named
    import re

    lead = re.match(r"\*\*Top of the list(?: for [^:*]+)?: ([^*]+)\*\*", first["answer"]).group(1)
    assert lead in first["answer"].split("| Player |", 1)[1].split("\n")[2], "the lead is the table's first row"
    r = a.ask("is he injured?", "s17-he")
    assert [c["args"] for c in r["tool_calls"] if c["name"] == "get_player_status"] == [{"name": lead}]
    r = a.ask("how many games does he have left", "s17-he")
    assert [c["args"].get("names") for c in r["tool_calls"] if c["name"] == "get_schedule"] == [[lead]]


@pytest.mark.parametrize("turns,name", [(("whats the deal with ivey", "when is he back"), "Jaden Ivey"),
                                        (("how long is collins out for",), "John Collins")])
def test_when_is_he_back_leads_with_the_return_model(make_assistant, turns, name):
    """'When is he back?' leads with the return model's chance he has played by each of his team's next
    games and when it passes one half (644ab1f: his status and last-5 line, no return at all). The
    chances are the model's own (services/league/returns.py, calibrated in #40's tests); the games are
    his team's next dates from the CSV's schedule."""
    import datetime as dt
    import re

    a = make_assistant(scoring="points")
    for t in turns:
        r = a.ask(t, f"s17-back-{name[:3]}")
    head = r["answer"].split("\n")[0]
    assert head.startswith(f"**Return model for {name} (his team's next games; the chance he has played by each): ")
    shown = re.findall(r"(\w{3}) (\w{3}) (\d{1,2}) (\d{1,3})%", head)
    assert shown
    from services.league.returns import return_odds

    lg = a.source.league
    pid = next(p for p in lg.roster_ids() if lg.snapshot.players[p].ref.name == name)
    o = return_odds(lg.snapshot, pid, dt.date(2025, 2, 2))
    assert [f"{d:%b} {d.day}" for d in o.dates] == [f"{m} {d}" for _, m, d, _ in shown]
    assert [round(p * 100) for p in o.by_game] == [int(x) for *_, x in shown]
    assert [int(x) for *_, x in shown] == sorted(int(x) for *_, x in shown)  # cumulative: never falls
    half = next(((d - dt.date(2025, 1, 29)).days for d, p in zip(o.dates, o.by_game) if p >= 0.5), None)
    assert (f"more likely than not back within {half} days" in head) if half is not None else "less than even" in head


@pytest.mark.parametrize("scoring,text", [("points", "is mobley or jjj better rest of season"),
                                          ("categories", "mobley vs jjj for the rest of the season")])
def test_a_rest_of_season_comparison_compares_the_season(make_assistant, scoring, text):
    """Two players 'rest of season' are compared on rest-of-season value, with each one's games left
    in the season (his team's remaining dates in the CSV); 644ab1f compared their last 5 games."""
    import re

    from tests.conversations import checks as K

    r = make_assistant(scoring=scoring).ask(text, f"s17-ros-cmp-{scoring}")
    calls = [c["args"] for c in r["tool_calls"] if c["name"] == "get_player_rankings"]
    assert sorted(c["player"] for c in calls) == ["Evan Mobley", "Jaren Jackson Jr."]
    assert all(c["sort"] == "ros_value" for c in calls) and "get_player_game_log" not in str(r["tool_calls"])
    m = re.match(r"\*\*Over the rest of the season, (.+?): ([\d.]+) .+? expected over (\d+) games left, against "
                 r"(.+?)'s ([\d.]+) over (\d+)\.\*\*", r["answer"])
    assert m and float(m.group(2)) >= float(m.group(5))
    import csv

    sched = [g for g in csv.DictReader(open(K.DATA / "games.csv", encoding="utf-8")) if g["season_type"] == "regular"]
    for name, games in ((m.group(1), m.group(3)), (m.group(4), m.group(6))):  # his team's regular-season games left
        team = K.team_of(name)
        left = sum(team in (g["home"], g["away"]) and g["game_date"] >= K.AS_OF.isoformat() for g in sched)
        assert int(games) == left, name
