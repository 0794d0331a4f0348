"""fresh16's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV at 2025-01-29 and a league
roster written here as the demo league has it). Catches a check that cannot fail (a move run for the season
when the week was asked, a this-week list for 'thru the break', the bigs left tradeable, assists that reached
no tool, another player named for the grizzlies' rookie big, a sarcastic turn taken as a yes, a swap dropping
the player to keep, a healthy player cut, the wrong row added, a confident IR card on a player about to play, a
verdict on another trade than the one pointed at, trades sending others than the players named, the worse
shooter called better, a stocks figure that is not his, a this-week verdict for a rest-of-season ask, a
three-game player called the one with the fewest games, a healthy player benched with slots to spare) or one
that fails every right answer; and the set cut down or lopsided (`test_the_seventeenth_set_is_whole`).
"""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

from tests.conversations import checks as K
from tests.conversations import fresh16_checks as F
from tests.conversations.checks import AS_OF, Ctx
from tests.conversations.fresh16 import BOL, EDEY, FRESH16, FRI, JJJ
from tests.conversations.suite import BEAL, BOGDAN, CLAXTON, COLLINS, CONLEY, IVEY, MOBLEY, D, T
from tests.conversations.test_fresh10_checks import _r, _table

BRAUN, PRITCHARD, TYUS = "Christian Braun", "Payton Pritchard", "Tyus Jones"
ALDAMA, MISSI = "Santi Aldama", "Yves Missi"
VUCEVIC = "Nikola Vučević"

# my roster on 2025-01-29 (`python -m services roster`): name, status, eligibility
ROSTER = [("Shai Gilgeous-Alexander", "ACTIVE", "PG G"), ("LeBron James", "ACTIVE", "SF PF F"),
          ("Scottie Barnes", "ACTIVE", "SF PF F"), ("LaMelo Ball", "ACTIVE", "PG G"), (JJJ, "ACTIVE", "PF C F"),
          (MOBLEY, "ACTIVE", "PF C F"), (BEAL, "ACTIVE", "SG G"), (CLAXTON, "ACTIVE", "C"), (CONLEY, "ACTIVE", "PG G"),
          (COLLINS, "OUT", "PF C F"), (BOGDAN, "DTD", "SG G"), (IVEY, "OUT", "SG G"), (BOL, "DTD", "SF PF F")]


class _Source:
    def roster(self, team_id=None):
        return NS(entries=[NS(player=NS(name=n, eligible=e.split() + ["UTIL"]), status=s, on_ir=False)
                           for n, s, e in ROSTER])


def _ctx(*results, decided=(), scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=_Source())


def _card(add, drop, mid="m1", kind="swap", gain=57.2):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop, "kind": kind,
            "title": f"Drop {drop}, add {add}" if kind == "swap" else f"Move {drop} to IR, add {add}",
            "expected_gain": gain}


def _trades(*rows):
    return "| You give | You get | Value |\n|---|---|---|\n" + "".join(f"| {g} | {h} | +1.2 |\n" for g, h in rows)


def test_the_seventeenth_set_is_whole():
    assert len(FRESH16) == 25 and len({c.id for c in FRESH16}) == 25
    assert all(c.id.startswith("f16-") and 2 <= len(c.turns) <= 4 and c.cls for c in FRESH16)
    assert sum(c.scoring == "points" for c in FRESH16) == 13
    assert sum(c.scoring == "categories" for c in FRESH16) == 12
    assert all(not isinstance(c.turns[0], D) for c in FRESH16)
    # a decision needs a message before it (the cards it decides)
    assert all(isinstance(c.turns[i - 1], T) for c in FRESH16 for i, t in enumerate(c.turns) if isinstance(t, D))
    goes_on = [c for c in FRESH16 if any(isinstance(t, D) and any(isinstance(u, T) for u in c.turns[i + 1:])
                                         for i, t in enumerate(c.turns))]
    assert len(goes_on) >= 10 and sum(c.decides for c in FRESH16) >= 11
    assert len({c.cls for c in FRESH16}) >= 20
    # every message has a check beyond 'no error'; every decision checks that no decided card comes back
    assert all(len(t.checks) >= 2 for c in FRESH16 for t in c.turns if isinstance(t, T))
    assert all(len(t.checks) >= 1 for c in FRESH16 for t in c.turns if isinstance(t, D))


# --- predicates ---------------------------------------------------------------------------------------------------
def test_predicates():
    assert F.has_cats("STL", "BLK")(["blk", "STL", "REB"]) and not F.has_cats("STL", "BLK")(["STL"])
    assert not F.has_cats("AST")(None)
    assert F.season_window(None) and F.season_window("season") and not F.season_window("14")
    assert F.means(CLAXTON, "clax") and F.means(BOGDAN, "bogi", "bogi") and F.means(JJJ, "jjj")
    assert F.means(BOGDAN, "Bogdanovic") and not F.means(BOGDAN, "bogi") and not F.means(CLAXTON, "cla")
    assert F.named_as(BOGDAN, "bogi")({"name": "bogi"}) and not F.named_as(BOGDAN, "bogi")({"name": "Beal"})


# --- what reached the tools ---------------------------------------------------------------------------------------
def test_move_mode():
    check = F.move_mode("this_week")
    assert check(_r(calls=[("optimize_matchup", {"mode": "this_week", "limit": 3})]), _ctx()) is None
    assert check(_r(calls=[("evaluate_move", {"drop": "Bol Bol", "add": BRAUN, "mode": "this_week"})]), _ctx()) is None
    assert check(_r(calls=[("optimize_matchup", {"limit": 3})]), _ctx())  # the season's balance, not the week
    assert check(_r(calls=[("get_free_agents", {"horizon": "this_week"})]), _ctx())


def test_fa_beyond_this_week():
    assert F.fa_beyond_this_week(_r(calls=[("get_free_agents", {"horizon": "rest_of_season"})]), _ctx()) is None
    assert F.fa_beyond_this_week(_r(calls=[("get_free_agents", {"horizon": "next_week"})]), _ctx()) is None
    assert F.fa_beyond_this_week(_r(calls=[("get_player_rankings", {"availability": "free_agents",
                                                                    "sort": "ros_value"})]), _ctx()) is None
    assert F.fa_beyond_this_week(_r(calls=[("get_free_agents", {})]), _ctx())
    assert F.fa_beyond_this_week(_r(calls=[("get_player_rankings", {"sort": "ros_value"})]), _ctx())  # all players


def test_keeps_bigs_args():
    check = F.keeps_bigs_args(JJJ, MOBLEY, CLAXTON)
    assert check(_r(calls=[("find_trades", {"keep_positions": ["C"], "targets": ["STL", "BLK"]})]), _ctx()) is None
    assert check(_r(calls=[("find_trades", {"exclude": ["jjj", "mobley", "clax"]})]), _ctx()) is None
    assert check(_r(calls=[("find_trades", {"exclude": ["jjj", "mobley"]})]), _ctx())  # clax left tradeable
    assert check(_r(calls=[("find_trades", {"keep_positions": ["G"]})]), _ctx())
    assert check(_r(calls=[("get_free_agents", {"exclude": [JJJ, MOBLEY, CLAXTON]})]), _ctx())


def test_ast_reached():
    assert F.ast_reached(_r(calls=[("optimize_matchup", {"target_categories": ["AST"]})]), _ctx()) is None
    assert F.ast_reached(_r(calls=[("optimize_matchup", {"leaders_in": "ast"})]), _ctx()) is None
    assert F.ast_reached(_r(calls=[("get_player_rankings", {"sort": "AST"})]), _ctx()) is None
    assert F.ast_reached(_r(calls=[("optimize_matchup", {"target_categories": ["STL"]})]), _ctx())
    assert F.ast_reached(_r(calls=[("optimize_matchup", {})]), _ctx())


# --- team and role ------------------------------------------------------------------------------------------------
def test_resolved_with_figure():
    check = F.resolved_with_figure(EDEY)
    assert check(_r("Zach Edey (MEM, C) is a free agent averaging 24.0 fantasy points and 7.5 boards."), _ctx()) is None
    assert check(_r("That's Edey.\n| Player | FP/G |\n|---|---|\n| Zach Edey | 24.0 |"), _ctx()) is None
    assert check(_r("Which Grizzlies big do you mean?"), _ctx())
    assert check(_r("Zach Edey is a rookie center for Memphis."), _ctx())  # no figure
    assert check(_r("Santi Aldama averages 28.9 fantasy points."), _ctx())  # the other Grizzlies big


# --- cards --------------------------------------------------------------------------------------------------------
def test_top_card_defended():
    prev = _r("Drop Bol Bol, add Christian Braun: +57.2 this week.", cards=[_card(BRAUN, BOL)])
    good = _r("Fair to be wary, but Bol Bol gives you 4.9 fantasy points a game and Christian Braun 29.4; "
              "the card is still waiting if you want it.", cards=[_card(BRAUN, BOL)])
    assert F.top_card_defended(good, _ctx(prev, good)) is None
    claimed = _r("Done! I've dropped Bol Bol and added Christian Braun, 29.4 a game.")
    assert F.top_card_defended(claimed, _ctx(prev, claimed))
    sorry = _r("Sorry about that! Anything else?")
    assert F.top_card_defended(sorry, _ctx(prev, sorry))
    executed = _r(good["answer"], tx=[{"id": 1}])
    assert F.top_card_defended(executed, _ctx(prev, executed))
    nofig = _r("Bol Bol for Christian Braun is a good move, trust me.")
    assert F.top_card_defended(nofig, _ctx(prev, nofig))


def test_swaps_never_drop():
    check = F.swaps_never_drop(COLLINS)
    assert check(_r(cards=[_card(BRAUN, BOL), _card(TYUS, COLLINS, "m2", kind="ir")]), _ctx()) is None
    assert check(_r(cards=[_card(BRAUN, BOL), _card(TYUS, COLLINS, "m2")]), _ctx())


def test_card_for():
    assert F.card_for(IVEY)(_r(cards=[_card(BRAUN, IVEY, kind="ir")]), _ctx()) is None
    assert F.card_for(IVEY)(_r(cards=[_card(BRAUN, BOL), _card(TYUS, IVEY, "m2")]), _ctx()) is None
    assert F.card_for(IVEY)(_r(cards=[_card(BRAUN, BOL)]), _ctx())
    assert F.card_for(IVEY)(_r("Ivey is OUT."), _ctx())


def test_cards_spare_healthy():
    ok = _r(cards=[_card(BRAUN, BOL), _card(TYUS, BOGDAN, "m2"), _card(ALDAMA, COLLINS, "m3", kind="ir")])
    assert F.cards_spare_healthy(ok, _ctx()) is None
    assert F.cards_spare_healthy(_r(cards=[_card(BRAUN, BOL), _card(TYUS, CONLEY, "m2")]), _ctx())  # Conley is ACTIVE
    assert F.cards_spare_healthy(_r("Nothing else worth doing."), _ctx())


def test_card_adds_row_of_turn():
    first = _r(_table([BRAUN, PRITCHARD, TYUS]))
    card_turn = _r("Drop Bol Bol, add Christian Braun.\n" + _table([BRAUN]), cards=[_card(BRAUN, BOL)])
    check = F.card_adds_row_of_turn(0, 1)
    good = _r(cards=[_card(PRITCHARD, BOL, "m2")])
    assert check(good, _ctx(first, card_turn, _r(), good)) is None
    wrong = _r(cards=[_card(TYUS, BOL, "m2")])
    assert check(wrong, _ctx(first, card_turn, _r(), wrong))
    assert check(good, _ctx(_r("no list"), good))
    assert check(_r(), _ctx(first, _r()))  # no card


# --- IR timing ----------------------------------------------------------------------------------------------------
def test_ir_timing():
    check = F.ir_timing(COLLINS)
    soon = _r("John Collins has missed 3 games but Utah plays Thursday and he's day-to-day: likely back soon, so I "
              "would not burn the IR slot on him.")
    assert check(soon, _ctx()) is None
    priced = _r("Move John Collins to IR, add Christian Braun: Collins has a 35% chance to play by Sunday.",
                cards=[_card(BRAUN, COLLINS, kind="ir")])
    assert check(priced, _ctx()) is None
    blind = _r("Put John Collins on IR and add Christian Braun: +57.2 this week.",
               cards=[_card(BRAUN, COLLINS, kind="ir")])
    assert check(blind, _ctx())
    unpriced = _r("John Collins is expected back in about a week; IR him and add Braun (+57.2).",
                  cards=[_card(BRAUN, COLLINS, kind="ir")])
    assert check(unpriced, _ctx())
    he = _r("Hold off on IR for John Collins. He's day-to-day and Utah plays Thursday.")
    assert check(he, _ctx()) is None
    silent = _r("Here are your best moves: add Christian Braun for Bol Bol (+57.2).")
    assert check(silent, _ctx())
    season = _r("John Collins is not expected back this season.")
    assert check(season, _ctx())


# --- trades -------------------------------------------------------------------------------------------------------
def test_trade_args_prev_row():
    prev = _r(_trades(("Bradley Beal + Bogdan Bogdanović", VUCEVIC),
                      ("Bradley Beal + Bogdan Bogdanović", "Rudy Gobert")))
    check = F.trade_args_prev_row(0)
    good = _r(calls=[("evaluate_trade", {"give": ["Bradley Beal", "Bogdanovic"], "get": ["Vucevic"]})])
    assert check(good, _ctx(prev, good)) is None
    other = _r(calls=[("evaluate_trade", {"give": ["Bradley Beal", "Bogdanovic"], "get": ["Rudy Gobert"]})])
    assert check(other, _ctx(prev, other))
    half = _r(calls=[("evaluate_trade", {"give": ["Bradley Beal"], "get": [VUCEVIC]})])
    assert check(half, _ctx(prev, half))
    punted = F.trade_args_prev_row(0, punt=("FG%",))
    assert punted(good, _ctx(prev, good))  # the punt dropped
    with_punt = _r(calls=[("evaluate_trade", {"give": [BEAL, BOGDAN], "get": [VUCEVIC], "punt": ["FG%"]})])
    assert punted(with_punt, _ctx(prev, with_punt)) is None
    assert check(good, _ctx(_r("no trades"), good))


def test_prev_row_verdict():
    prev = _r(_trades(("Bradley Beal + Bogdan Bogdanović", VUCEVIC)))
    check = F.prev_row_verdict(0)
    good = _r("Take it: Beal and Bogdanović for Vučević gains you 0.42 categories a week; Bench Mob gains 0.10.")
    assert check(good, _ctx(prev, good)) is None
    missing = _r("Take it: Beal and Bogdanović gain you 0.42 a week.")
    assert check(missing, _ctx(prev, missing))
    summed = _r("Take it: Beal and Bogdanović for Vučević is a combined gain of 0.52 for both teams.")
    assert check(summed, _ctx(prev, summed))


def test_trades_give_any():
    check = F.trades_give_any(BOL, BOGDAN)
    assert check(_r(_trades((BOL, "Dyson Daniels"), (f"{BOGDAN} + {BOL}", "Alex Caruso"))), _ctx()) is None
    assert check(_r(_trades((f"{BOL} + {CONLEY}", "Dyson Daniels"))), _ctx())  # Conley sent too
    assert check(_r(_trades((BEAL, "Dyson Daniels"))), _ctx())
    assert check(_r("No trades found that send Bol Bol or Bogdanović."), _ctx()) is None
    assert check(_r("Here are some ideas."), _ctx())


def test_trades_give_only():
    check = F.trades_give_only(JJJ)
    assert check(_r(_trades((JJJ, "Alperen Şengün"), (JJJ, "Domantas Sabonis"))), _ctx()) is None
    assert check(_r(_trades((f"{JJJ} + {BOL}", "Alperen Şengün"))), _ctx())
    assert check(_r(_trades((MOBLEY, "Alperen Şengün"))), _ctx())
    assert check(_r("I couldn't find a trade for Jackson alone."), _ctx()) is None


# --- who is better ------------------------------------------------------------------------------------------------
def test_pct_and_leader():
    fg_m, fg_c = F.pct(MOBLEY, "fgm", "fga"), F.pct(CLAXTON, "fgm", "fga")
    assert fg_m > fg_c and F.pct(MOBLEY, "fgm", "fga", 10) > F.pct(CLAXTON, "fgm", "fga", 10)
    fg = F.pct_leader(MOBLEY, CLAXTON, "fgm", "fga", r"\bfg|field goal|shoot|percent|%")
    assert fg(_r(f"Mobley shoots better from the field: {fg_m:.1%} to {fg_c:.1%}."), _ctx()) is None
    assert fg(_r(f"Evan Mobley's FG% is higher ({fg_m:.1%} vs {fg_c:.1%}) than Claxton's."), _ctx()) is None
    assert fg(_r(f"Claxton has the better FG%: {fg_c:.1%}."), _ctx())
    assert fg(_r("Both are fine."), _ctx())
    ft = F.pct_leader(MOBLEY, CLAXTON, "ftm", "fta", r"\bft|free throw|line|percent|%")
    assert ft(_r("Mobley, by a mile: 75.6% from the line against Claxton's 52.7%."), _ctx()) is None
    assert ft(_r("Claxton is ahead at the free-throw line."), _ctx())


# --- figures ------------------------------------------------------------------------------------------------------
def _stl_blk(name, n=None):
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    rows = rows[-n:] if n else rows
    return (sum(float(r["stl"]) for r in rows) / len(rows), sum(float(r["blk"]) for r in rows) / len(rows))


def test_added_sum_figure():
    check = F.added_sum_figure(("stl", "blk"))
    offered = _r(cards=[_card(ALDAMA, BOL)])
    stl, blk = _stl_blk(ALDAMA)
    good = _r(f"Santi Aldama puts up {stl + blk:.1f} stocks a game this season.")
    assert check(good, _ctx(offered, _r(), good, decided=["m1"])) is None
    parts = _r(f"Aldama: {stl:.2f} steals and {blk:.2f} blocks a game.")
    assert check(parts, _ctx(offered, _r(), parts, decided=["m1"])) is None
    wrong = _r(f"Santi Aldama puts up {stl + blk + 0.8:.1f} stocks a game.")
    assert check(wrong, _ctx(offered, _r(), wrong, decided=["m1"]))
    _, blk10 = _stl_blk(ALDAMA, 10)
    mixed = _r(f"Aldama: {stl:.2f} steals a game (season), {blk10 + 2.5:.2f} blocks.")  # a made-up blocks figure
    assert check(mixed, _ctx(offered, _r(), mixed, decided=["m1"]))
    assert check(good, _ctx(_r(), good))  # nothing decided


def test_add_verdict():
    check = F.add_verdict(EDEY)
    good = _r("Adding Zach Edey for Bol Bol gains +1.34 z over the rest of the season.",
              calls=[("evaluate_move", {"add": "Zach Edey", "drop": "Bol Bol"})])
    assert check(good, _ctx()) is None
    card = _r("Yes: drop Bol Bol, add Zach Edey, +1.34 rest of season.", cards=[_card(EDEY, BOL)])
    assert check(card, _ctx()) is None
    week = _r(good["answer"], calls=[("evaluate_move", {"add": "Edey", "drop": "Bol Bol", "mode": "this_week"})])
    assert check(week, _ctx())
    assert check(_r("Edey is a fine player, averaging 7.5 boards."), _ctx())  # no verdict reached a tool
    nofig = _r("Sure, add Zach Edey.", calls=[("evaluate_move", {"add": "Zach Edey", "drop": "Bol Bol"})])
    assert check(nofig, _ctx())
    tx = _r(good["answer"], calls=[("evaluate_move", {"add": EDEY, "drop": BOL})], tx=[{"id": 1}])
    assert check(tx, _ctx())


def test_swap_judged():
    check = F.swap_judged(CLAXTON, EDEY, "clax")
    assert check(_r(calls=[("evaluate_move", {"drop": "clax", "add": "Zach Edey"})]), _ctx()) is None
    assert check(_r(calls=[("validate_slot_fit", {"add": "Edey", "drop": "Nic Claxton"})]), _ctx()) is None
    assert check(_r(calls=[("evaluate_move", {"drop": "Bol Bol", "add": "Zach Edey"})]), _ctx())  # another drop
    assert check(_r(calls=[("evaluate_move", {"drop": "Claxton", "add": "Edey", "mode": "this_week"})]), _ctx())
    assert check(_r(calls=[("evaluate_move", {"drop": "Claxton", "add": "Edey"})], tx=[{"id": 1}]), _ctx())


# --- days and games -----------------------------------------------------------------------------------------------
def test_most_left_of_prev():
    # Braun (DEN): 3 left counted from this morning, 2 from tomorrow; Aldama 2 and 2; Missi 2 and 1
    sunday = dt.date(2025, 2, 2)
    assert (K.games_between(BRAUN, AS_OF, sunday), K.games_between(MISSI, AS_OF, sunday)) == (3, 2)
    prev = _r(_table([ALDAMA, BRAUN, MISSI]))
    for answer, right in [("Christian Braun has the most: 3 games left.", True),
                          ("Aldama and Braun both have 2 more after today; Aldama is the pick.", True),
                          ("Yves Missi has the most games left.", False), ("They all play a lot.", False)]:
        got = F.most_left_of_prev(_r(answer), _ctx(prev, _r(answer)))
        assert (got is None) == right, (answer, got)


def test_plays_on_verdict():
    sat, sun = dt.date(2025, 2, 1), dt.date(2025, 2, 2)
    assert K.plays_on(BOGDAN, sat) and not K.plays_on(BOGDAN, sun)  # Atlanta: Saturday yes, Sunday no
    on_sat, on_sun = F.plays_on_verdict(BOGDAN, sat, "Saturday"), F.plays_on_verdict(BOGDAN, sun, "Sunday")
    assert on_sat(_r("Yes: Atlanta plays Saturday, though Bogdanović is day-to-day."), _ctx()) is None
    assert on_sat(_r("Yep, he has a game that day (he's day-to-day, so check before lock)."), _ctx()) is None
    assert on_sat(_r("No, Bogdanović has no game Saturday."), _ctx())
    assert on_sat(_r("Nope, he's off that day."), _ctx())
    assert on_sun(_r("On Sunday Bogdanović has no game: Atlanta is off."), _ctx()) is None
    assert on_sun(_r("Nope, no game for him then."), _ctx()) is None
    assert on_sun(_r("Yes, Bogdanović plays Sunday."), _ctx())
    assert on_sun(_r("Here is your lineup."), _ctx())
    assert on_sat(_r("Saturday: Atlanta plays, but Bogdanović may not play (day-to-day)."), _ctx()) is None
    assert on_sun(_r("Bogdanović plays Saturday; on Sunday he doesn't play."), _ctx()) is None


def test_prev_first_plays_on():
    feb3 = dt.date(2025, 2, 3)
    prev = _r(_table([BRAUN, ALDAMA]))
    check = F.prev_first_plays_on(feb3, "Monday")
    yes = "plays" if K.plays_on(BRAUN, feb3) else "has no game"
    wrong = "has no game" if K.plays_on(BRAUN, feb3) else "plays"
    good, bad = _r(f"Christian Braun {yes} on Monday, Feb 3."), _r(f"Christian Braun {wrong} on Monday, Feb 3.")
    assert check(good, _ctx(prev, good)) is None
    assert check(bad, _ctx(prev, bad))
    other = _r(f"Santi Aldama {yes} on Monday.")
    assert check(other, _ctx(prev, other))  # not the first guy
    assert check(good, _ctx(_r("no list"), good))


def test_fewest_left_named():
    # counted from this morning: SGA, LeBron, Jackson, Claxton, Collins, Bogdanović have 2; from tomorrow SGA and
    # Claxton have 1
    one_each = _r("Shai Gilgeous-Alexander and Nic Claxton: 1 game left each (Saturday).")
    assert F.fewest_left_named(one_each, _ctx()) is None
    assert F.fewest_left_named(_r("LeBron James, with 2 (Thursday and Saturday)."), _ctx()) is None
    assert F.fewest_left_named(_r("Scottie Barnes has the fewest, 2 more."), _ctx())  # 3 this morning, 2 tomorrow
    assert F.fewest_left_named(_r("Christian Braun has 3 left."), _ctx())  # none of mine


def test_nobody_sits():
    check = F.nobody_sits(FRI)  # Friday: Barnes, Ball, Beal and Bol Bol (day-to-day) play; Ivey is OUT
    assert check(_r("Nobody: only four of your guys play Friday (Barnes, Ball, Beal, Bol Bol), and all of them "
                    "start."), _ctx()) is None
    assert check(_r("No need to sit anyone. Start everyone with a game; maybe sit Bol Bol if he's ruled out."),
                 _ctx()) is None  # a day-to-day player may sit
    assert check(_r("Sit Bradley Beal on Friday, he's been cold."), _ctx())
    assert check(_r("Start Barnes, Ball and Beal."), _ctx())  # never says nobody sits
    assert check(_r("Everyone starts except: bench Scottie Barnes."), _ctx())
