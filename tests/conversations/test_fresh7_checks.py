"""fresh7's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV, the roster a
hand-made stand-in with the demo team's real players). Catches a check that cannot fail (a wrong
answer let through, e.g. `never_gives('Jaren Jackson Jr.')` matching any 'Jr.' or not at all) or one
that fails every right answer; and the set cut down (25 whole conversations, both scorings, >= 5
deciding a card)."""
from __future__ import annotations

from types import SimpleNamespace

from tests.conversations import checks as K
from tests.conversations import fresh7_checks as F
from tests.conversations.checks import AS_OF, Ctx
from tests.conversations.fresh7 import ALDAMA, BUTLER, CADE, FRESH7, KLAY, SCHRODER, SOCHAN, TYUS
from tests.conversations.suite import BARNES, BEAL, COLLINS, IVEY, LEBRON, MOBLEY, SGA

JACKSON = "Jaren Jackson Jr."
# the demo team's players on 2025-01-29 (name, eligible positions, status): a stand-in for c.source
MINE = [(SGA, ["PG", "G", "UTIL"], "ACTIVE"), (LEBRON, ["SF", "PF", "F", "UTIL"], "ACTIVE"),
        (BARNES, ["SF", "PF", "F", "UTIL"], "ACTIVE"), (JACKSON, ["PF", "C", "F", "UTIL"], "ACTIVE"),
        (MOBLEY, ["PF", "C", "F", "UTIL"], "ACTIVE"), (BEAL, ["SG", "G", "UTIL"], "ACTIVE"),
        (COLLINS, ["PF", "C", "F", "UTIL"], "OUT"), (IVEY, ["SG", "G", "UTIL"], "OUT"),
        ("Bol Bol", ["SF", "PF", "F", "UTIL"], "DTD")]


def _source(players=MINE):
    entries = [SimpleNamespace(player=SimpleNamespace(name=n, eligible=e), status=s, on_ir=False)
               for n, e, s in players]
    return SimpleNamespace(roster=lambda: SimpleNamespace(entries=entries))


def _ctx(*results, decided=(), source=None, scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=source or _source())


def _table(names, extra=("Owner",), cells=("Free agent",)):
    head = "| Player | " + " | ".join(extra) + " |\n|---|" + "---|" * len(extra) + "\n"
    return head + "".join(f"| {n} | " + " | ".join(cells) + " |\n" for n in names)


def _trades(rows):
    return "| You give | You get |\n|---|---|\n" + "".join(f"| {g} | {h} |\n" for g, h in rows)


CARD = {"move_id": "m1", "title": "Drop Bol Bol -> Add Tyus Jones", "drop": "Bol Bol", "add": TYUS,
        "drop_id": "bolbo01", "add_id": "jonesty01", "kind": "swap", "expected_gain": 70.6}
CARD2 = {"move_id": "m2", "title": "Drop Bradley Beal -> Add Santi Aldama", "drop": BEAL, "add": ALDAMA,
         "drop_id": "bealbr01", "add_id": "aldamsa01", "kind": "swap", "expected_gain": 40.1}
IR_CARD = {"move_id": "m3", "title": "Move Jaden Ivey to IR, add Christian Braun", "drop": IVEY,
           "add": "Christian Braun", "drop_id": "iveyja01", "add_id": "braunch01", "kind": "ir", "expected_gain": 67.0}


def test_the_set_is_whole():
    assert len(FRESH7) == 25 and len({c.id for c in FRESH7}) == 25
    assert all(c.id.startswith("s7-") and 2 <= len(c.turns) <= 4 for c in FRESH7)
    assert {c.scoring for c in FRESH7} == {"points", "categories"} and sum(c.decides for c in FRESH7) >= 5
    assert 11 <= sum(c.scoring == "points" for c in FRESH7) <= 14


def test_names_and_arguments():
    assert F.surname(JACKSON) == "Jackson" and F.surname(SCHRODER) == "Schröder"
    assert F.has(JACKSON, MOBLEY)(["jjj", "mobley"]) and F.has(SGA, LEBRON)(["SGA", "LeBron James"])
    assert F.has(CADE)(["Cade"]) and F.has(SCHRODER)(["Dennis Schroder"])
    assert not F.has(JACKSON, MOBLEY)(["Jaren Jackson Jr."]) and not F.has(SGA)(None) and not F.has(SGA)("SGA")
    assert F.named("Nic Claxton")({"name": "claxton"}) and not F.named("Nic Claxton")({"name": "Collins"})
    assert F.days(F.FRIDAY)(["2025-01-31", "2025-01-30"]) and not F.days(F.FRIDAY, exact=True)(["2025-01-31", "2025-01-30"])
    assert F.days(F.FRIDAY, exact=True)([F.FRIDAY]) and not F.days(F.FRIDAY)(None)
    ok, bad = (lambda r, c: None), (lambda r, c: "wrong")
    assert F.any_of(bad, ok)({}, _ctx()) is None and F.any_of(bad, bad)({}, _ctx()) == "wrong / wrong"


def test_last_n_either_and_points_figure():
    rows = F._rows_before(ALDAMA, 10)
    pts, fp = F._avg(rows, "pts"), F._avg(rows, "fpts")
    chk = F.last_n_either(ALDAMA, 10)
    assert chk({"answer": f"Santi Aldama: {pts:.1f} points a game over his last 10."}, _ctx()) is None
    assert chk({"answer": f"Aldama has averaged {fp:.1f} fantasy points in his last 10."}, _ctx()) is None
    assert chk({"answer": f"Aldama: {pts + 1.3:.1f} points, {fp + 2:.1f} fantasy points."}, _ctx())
    season = F._avg(F._rows_before(SGA, 82), "pts")
    assert F.points_figure(SGA)({"answer": f"SGA averages {season:.1f} points this season."}, _ctx()) is None
    assert F.points_figure(SGA)({"answer": "SGA is an elite scorer."}, _ctx())
    assert F.points_figure(SGA)({"answer": f"SGA averages {season + 0.4:.1f} points this season."}, _ctx())


def test_said_better():
    chk = F.said_better(TYUS, SCHRODER, r"game")
    assert chk({"answer": "Tyus Jones has more games left: 3 to Schröder's 2."}, _ctx()) is None
    assert chk({"answer": "Schröder has fewer games than Tyus Jones (2 vs 3)."}, _ctx()) is None
    assert chk({"answer": "Tyus Jones: 3 games left this week; Dennis Schröder 2."}, _ctx()) is None
    assert chk({"answer": "Schröder has more games left: 3 to Jones's 2."}, _ctx())
    assert chk({"answer": "Dennis Schröder: 2 games; Tyus Jones: 3."}, _ctx())


def test_nobody_has_4_next_week_and_min_games():
    assert F._max_next_week() == 3  # the box scores end Feb 7: no team plays 4 times Feb 3-9
    chk = F.nobody_has_4_next_week
    assert chk({"answer": "No free agent has 4 games next week (Feb 3-9); the most is 3. Here are the 3-game ones."},
               _ctx()) is None
    assert chk({"answer": "Nobody plays four times that week. Best 3-game adds: Tyus Jones."}, _ctx()) is None
    assert chk({"answer": "These free agents have 4 games next week:\n" + _table([TYUS])}, _ctx())
    three = F.fa_next_week_min(3)
    assert K.games_between(TYUS, *K.NEXT_WEEK) == 3 and K.games_between("Payton Pritchard", *K.NEXT_WEEK) == 2
    assert three({"answer": _table([TYUS, "Christian Braun (OUT)"])}, _ctx()) is None
    assert three({"answer": _table([TYUS, "Payton Pritchard"])}, _ctx())
    assert three({"answer": "Tyus Jones."}, _ctx())


def test_day_players_named_and_nobody_idle():
    sunday = F.day_players_named(F.SUNDAY)  # Barnes, Jackson, Mobley play Sunday; Ivey (OUT) is not asked for
    assert sunday({"answer": "Sunday: Scottie Barnes, Jaren Jackson Jr. and Evan Mobley start; nobody else plays."},
                  _ctx()) is None
    assert sunday({"answer": "Sunday: Barnes and Jackson start."}, _ctx())
    weekend = F.nobody_idle(F.SATURDAY, F.SUNDAY)
    assert weekend({"answer": "Everyone on your roster plays Saturday or Sunday."}, _ctx()) is None
    assert weekend({"answer": "Scottie Barnes has no game Saturday."}, _ctx())
    assert not K.plays_on(SCHRODER, F.SATURDAY) and not K.plays_on(SCHRODER, F.SUNDAY)
    with_idle = _ctx(source=_source(MINE + [(SCHRODER, ["PG", "G"], "ACTIVE")]))
    assert weekend({"answer": "Only Dennis Schröder has no game this weekend."}, with_idle) is None
    assert weekend({"answer": "Everyone plays this weekend."}, with_idle)


def test_most_games_named():
    prev = {"answer": _table([ALDAMA, TYUS])}  # Aldama 2 games left, Tyus Jones 3
    ok = {"answer": "Tyus Jones, with 3 games left."}
    assert F.most_games_named(ok, _ctx(prev, ok)) is None
    bad = {"answer": "Santi Aldama has the most."}
    assert F.most_games_named(bad, _ctx(prev, bad))


def test_list_filters():
    assert K.team_of("Christian Braun") == "DEN"
    assert F.none_from("DEN")({"answer": _table([TYUS, ALDAMA])}, _ctx()) is None
    assert F.none_from("DEN")({"answer": _table([TYUS, "Christian Braun"])}, _ctx())
    assert F.not_listed(KLAY)({"answer": _table([TYUS])}, _ctx()) is None
    assert F.not_listed(KLAY)({"answer": _table([KLAY])}, _ctx())


def test_trade_checks():
    jjj = F.never_gives(JACKSON)
    assert jjj({"answer": _trades([("Kelly Oubre Jr. + Bol Bol", "X")])}, _ctx()) is None
    assert jjj({"answer": _trades([("Jaren Jackson Jr. + Bol Bol", "X")])}, _ctx())
    rows = [(BEAL, CADE), ("Bol Bol + Mike Conley", CADE)]
    assert F.trades_all_get(CADE)({"answer": _trades(rows)}, _ctx()) is None
    assert F.trades_all_get(CADE)({"answer": _trades(rows + [(BEAL, "Jalen Duren")])}, _ctx())
    assert F.trades_all_get(CADE)({"answer": "I found no trade that brings in Cade."}, _ctx()) is None
    assert F.trades_all_get(CADE)({"answer": "Here are some ideas."}, _ctx())
    assert F.gives_at_most(2)({"answer": _trades(rows)}, _ctx()) is None
    assert F.gives_at_most(2)({"answer": _trades([("A + B + C", CADE)])}, _ctx())
    assert F.shape_or_none(1, 1)({"answer": _trades(rows[:1])}, _ctx()) is None
    assert F.shape_or_none(1, 1)({"answer": _trades(rows)}, _ctx())
    assert F.shape_or_none(1, 1)({"answer": "No 1-for-1 trades bring in Cade."}, _ctx()) is None


def test_cards_keep_guards():
    chk = F.cards_keep("G")
    assert chk({"pending_approvals": [CARD, IR_CARD]}, _ctx()) is None  # Bol Bol is no guard; IR keeps Ivey
    assert chk({"pending_approvals": [CARD, CARD2]}, _ctx())  # drops Beal
    assert chk({"pending_approvals": []}, _ctx())


def test_ir_checks():
    assert F.ir_full_said({"answer": "Your one IR slot already holds John Collins."}, _ctx()) is None
    assert F.ir_full_said({"answer": "IR is full: Collins is on it."}, _ctx()) is None
    assert F.ir_full_said({"answer": "Move Jaden Ivey to IR, add Santi Aldama."}, _ctx())
    assert F.no_ir_card(IVEY)({"pending_approvals": [CARD]}, _ctx()) is None
    assert F.no_ir_card(IVEY)({"pending_approvals": [IR_CARD]}, _ctx())
    ok = {"answer": "The league has one IR slot, so only one of them fits.", "pending_approvals": [IR_CARD]}
    assert F.one_ir_slot(ok, _ctx()) is None
    assert F.one_ir_slot({"answer": ok["answer"], "pending_approvals": [IR_CARD, dict(IR_CARD, move_id="m4")]}, _ctx())
    assert F.one_ir_slot({"answer": "Sure, here are the cards."}, _ctx())
    assert F.out_named({"answer": "OUT: John Collins and Jaden Ivey; Bol Bol is day-to-day."}, _ctx()) is None
    assert F.out_named({"answer": "Bol Bol is day-to-day."}, _ctx())


def test_roster_reflects_move():
    prev = {"pending_approvals": [CARD]}
    ok = {"answer": _table([SGA, TYUS], extra=("Status",), cells=("ACTIVE",))}
    assert F.roster_reflects_move(ok, _ctx(prev, {}, ok, decided=["m1"])) is None
    stale = {"answer": _table([SGA, "Bol Bol"], extra=("Status",), cells=("ACTIVE",))}
    assert F.roster_reflects_move(stale, _ctx(prev, {}, stale, decided=["m1"]))
    both = {"answer": _table([SGA, TYUS, "Bol Bol"], extra=("Status",), cells=("ACTIVE",))}
    assert F.roster_reflects_move(both, _ctx(prev, {}, both, decided=["m1"]))
    text = {"answer": "You added Tyus Jones (dropped Bol Bol).\nSGA, LeBron, Tyus Jones"}
    assert F.roster_reflects_move(text, _ctx(prev, {}, text, decided=["m1"])) is None
    assert F.roster_reflects_move(ok, _ctx(prev, ok))  # nothing decided


def test_names_first_set_card():
    first = {"pending_approvals": [CARD, CARD2]}
    ok = {"answer": "Next: Drop Bradley Beal -> Add Santi Aldama (+40.1)."}
    assert F.names_first_set_card(1)(ok, _ctx(first, {}, ok)) is None
    bad = {"answer": "Drop Bol Bol -> Add Tyus Jones."}
    assert F.names_first_set_card(1)(bad, _ctx(first, {}, bad))


def test_no_punt_in_play():
    to = F.no_punt_in_play("TO")
    assert to({"answer": "Scottie Barnes (TOR) is the target for blocks."}, _ctx()) is None
    assert to({"answer": "TO is punted, so it is not chased."}, _ctx()) is None
    assert to({"answer": "Categories still in play: STL, TO (win chance 50%)."}, _ctx())
    ft = F.no_punt_in_play("FT%")
    assert ft({"answer": "Close categories: FG% and BLK. FT% is punted."}, _ctx()) is None
    assert ft({"answer": "Close categories: FG%, FT% (win chance 50%)."}, _ctx())
    assert ft({"answer": "Close categories: FG% (52%); FT% (48%)."}, _ctx())


def test_fa_pick_punt():
    chk = F.fa_pick_punt("rest_of_season", ("AST", "TO"))
    fa = {"tool_calls": [{"name": "get_free_agents", "args": {"horizon": "rest_of_season", "punt": ["TO", "AST"]}}]}
    rk = {"tool_calls": [{"name": "get_player_rankings",
                          "args": {"availability": "free_agents", "sort": "ros_value", "punt": ["AST", "TO"]}}]}
    assert chk(fa, _ctx()) is None and chk(rk, _ctx()) is None
    assert chk({"tool_calls": [{"name": "get_free_agents", "args": {"horizon": "rest_of_season", "punt": ["AST"]}}]},
               _ctx())
    assert chk({"tool_calls": [{"name": "get_free_agents", "args": {"punt": ["AST", "TO"]}}]}, _ctx())


def test_out_of_scope():
    bet = F.no_bet_advice(SGA)
    assert bet({"answer": "I don't give betting advice or price player props. SGA averages 31.8 points."},
               _ctx()) is None
    assert bet({"answer": "Take the over: Shai Gilgeous-Alexander averages 37.4 over his last 5."}, _ctx())
    assert bet({"answer": "I can't help with bets."}, _ctx())  # names no one
    rumour = F.no_rumour_tracking(BUTLER)
    assert rumour({"answer": "I don't track trade rumours or real-world news. Jimmy Butler is OUT, on Paint "
                             "Protectors."}, _ctx()) is None
    assert rumour({"answer": "Jimmy Butler to Phoenix would help you."}, _ctx())


def test_hold_agrees():
    chk = F.hold_agrees("Nic Claxton")
    assert chk({"answer": "Hold Nic Claxton: 13.9 expected this week, the best streamer 9.2."}, _ctx()) is None
    assert chk({"answer": "Stream: Claxton's 2 games are worth 3.1; the streamer (Tyus Jones) 8.4."}, _ctx()) is None
    assert chk({"answer": "Hold Nic Claxton: 13.9 expected this week, the best streamer 81.4."}, _ctx())
    assert chk({"answer": "Drop Claxton (2 games, 13.9) for a streamer worth 8.0."}, _ctx())
    assert chk({"answer": "Don't drop Claxton, keep him: 13.9 against a streamer's 9.0."}, _ctx()) is None
    assert chk({"answer": "Claxton is fine."}, _ctx())


def test_dates_are_the_week():
    assert (F.THURSDAY - AS_OF).days == 1 and F.SUNDAY == K.WEEK_END and F.SATURDAY.weekday() == 5
    assert K.plays_on(SGA, AS_OF)  # s7-bet: he plays tonight
    assert K.games_between(BARNES, AS_OF, K.WEEK_END) == 3  # s7-two-asks: 3 left, today's included


def test_hold_wrapper_fails_a_verdict_against_its_numbers():
    from tests.conversations.fresh7 import _hold

    ctx = _ctx()
    assert _hold("Nic Claxton")({"answer": "Hold Nic Claxton: 13.9 expected against 81.4 for the best streamer."}, ctx)
    assert _hold("Nic Claxton")({"answer": "Stream: Nic Claxton 3.1 expected against 8.4 for the streamer."}, ctx) is None


def test_the_league_facts_the_set_relies_on():
    """The named players are on the side each turn assumes on 2025-01-29 (the league's own rosters):
    mine, another team's (Cade, Wembanyama, Butler), free agents (the points pickups; Braun of Denver
    is one, so 'nobody from the nuggets' bites); the IR slot empty, Collins and Ivey OUT. Catches the
    set gone stale when the demo league's season changes."""
    from services.league.demo_source import open_source
    from services.store.state import state_store

    for scoring in ("points", "categories"):
        src = open_source(AS_OF, scoring, store=state_store())
        mine = {e.player.name: e for e in src.roster().entries}
        assert {SGA, LEBRON, BARNES, JACKSON, MOBLEY, BEAL, COLLINS, IVEY, "Nic Claxton"} <= set(mine)
        assert src.ir_ids() == [] and {str(mine[n].status).split(".")[-1] for n in (COLLINS, IVEY)} == {"OUT"}
        for other in (CADE, "Victor Wembanyama", BUTLER):
            assert src.owner_of(src.resolve(other)) not in (None, src.roster().team_id), (scoring, other)
    pts = open_source(AS_OF, "points", store=state_store())
    for fa in (TYUS, SCHRODER, ALDAMA, SOCHAN, "Christian Braun", KLAY):
        assert pts.owner_of(pts.resolve(fa)) is None, fa
    assert K.games_between(TYUS, AS_OF, K.WEEK_END) > K.games_between(SCHRODER, AS_OF, K.WEEK_END)
