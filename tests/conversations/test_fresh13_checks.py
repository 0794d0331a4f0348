"""fresh13's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV at 2025-01-29).
Catches a check that cannot fail (a trade verdict on other players, a punt left in the call, a Saturday
player said to have a bye, Shai's games miscounted, a couple kept that are not the ones with the most
games, a star called the worst, a card dropping someone else, a bench pick against the numbers, a big
dropped after 'I need my bigs', a punted category as the closest to flip, a guard traded after 'keep my
guards', an undo that executes or offers another move, gains summed) or one that fails every right
answer; and the set cut down or lopsided (`test_the_fourteenth_set_is_whole`: 25 whole conversations, 13
points and 12 categories, >= 7 deciding a card and going on, >= 15 classes, unique f13- ids).
"""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

from tests.conversations import checks as K
from tests.conversations import fresh13_checks as F
from tests.conversations.checks import AS_OF, WEEK_END, Ctx
from tests.conversations.fresh13 import (BOL, BRAUN, FRESH13, GEORGE, JJJ, MONK, PRITCHARD, SAT, SENGUN)
from tests.conversations.suite import (BALL, BARNES, BEAL, BOGDAN, CLAXTON, COLLINS, CONLEY, IVEY, LEBRON, MOBLEY,
                                       SGA, D, T)
from tests.conversations.test_fresh10_checks import _r, _table

G, F_, C = ["PG", "G", "UTIL"], ["SF", "PF", "F", "UTIL"], ["PF", "C", "F", "UTIL"]
ME = [(SGA, "ACTIVE", G), (LEBRON, "ACTIVE", F_), (BARNES, "ACTIVE", F_), (BALL, "ACTIVE", G),
      (JJJ, "ACTIVE", C), (MOBLEY, "ACTIVE", C), (BEAL, "ACTIVE", ["SG", "G", "UTIL"]), (CLAXTON, "ACTIVE", ["C", "UTIL"]),
      (CONLEY, "ACTIVE", G), (COLLINS, "OUT", C), (BOGDAN, "DTD", ["SG", "G", "UTIL"]), (IVEY, "OUT", ["SG", "G", "UTIL"]),
      (BOL, "DTD", F_)]
MINE = {n for n, _, _ in ME}


class _Source:
    def roster(self):
        return NS(entries=[NS(player=NS(name=n, eligible=e), status=s, on_ir=False) for n, s, e in ME])

    def opponent_roster(self):
        return NS(team_name="Zone Defense", entries=[])

    def owner_of(self, pid):
        """Mine are team 1's; everyone else a free agent (the tests' wire)."""
        name = next(rows[-1]["player"] for rows in K.player_rows().values() if rows[-1]["player_id"] == pid)
        return 1 if name in MINE else None


SRC = _Source()


def _ctx(*results, decided=(), scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=SRC)


def _card(add, drop, mid="m1", kind="swap", gain=10.0):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop, "kind": kind,
            "title": f"{'Move ' + drop + ' to IR' if kind == 'ir' else 'Drop ' + drop}, add {add}", "expected_gain": gain}


def _trades(rows):
    return "| You give | You get | Gain |\n|---|---|---|\n" + "".join(f"| {g} | {h} | +1.0 |\n" for g, h in rows)


def test_the_fourteenth_set_is_whole():
    assert len(FRESH13) == 25 and len({c.id for c in FRESH13}) == 25
    assert all(c.id.startswith("f13-") and 2 <= len(c.turns) <= 4 and c.cls for c in FRESH13)
    assert sum(c.scoring == "points" for c in FRESH13) == 13
    assert sum(c.scoring == "categories" for c in FRESH13) == 12
    assert all(not isinstance(c.turns[0], D) for c in FRESH13)
    # a decision needs a message before it (the cards it decides)
    assert all(isinstance(c.turns[i - 1], T) for c in FRESH13 for i, t in enumerate(c.turns) if isinstance(t, D))
    goes_on = [c for c in FRESH13 if any(isinstance(t, D) and any(isinstance(u, T) for u in c.turns[i + 1:])
                                         for i, t in enumerate(c.turns))]
    assert len(goes_on) >= 7
    assert len({c.cls for c in FRESH13}) >= 15
    # every message has a check beyond 'no error'
    assert all(len(t.checks) >= 2 for c in FRESH13 for t in c.turns if isinstance(t, T))


# --- tools' arguments --------------------------------------------------------------------------------
def test_trade_args():
    check = F.trade_args(give=(BEAL,), get=(MONK, GEORGE))
    assert check(_r(calls=[("evaluate_trade", {"give": ["Beal"], "get": ["Malik Monk", "Keyonte George"]})]), _ctx()) is None
    assert check(_r(calls=[("evaluate_trade", {"give": ["Beal"], "get": ["Malik Monk"]})]), _ctx())
    assert check(_r(calls=[("evaluate_trade", {"give": ["Conley"], "get": ["Monk", "George"]})]), _ctx())
    punt = F.trade_args(give=(CLAXTON, BOL), get=(SENGUN,), punt=("FT%",))
    assert punt(_r(calls=[("t", {"give": ["claxton", "bol bol"], "get": ["Sengun"], "punt": ["FT%"]})]), _ctx()) is None
    assert punt(_r(calls=[("t", {"give": ["claxton", "bol bol"], "get": ["Sengun"]})]), _ctx())


def test_no_punt_args():
    assert F.no_punt_args(_r(calls=[("t", {"give": ["Claxton"], "punt": []})]), _ctx()) is None
    assert F.no_punt_args(_r(calls=[("t", {"give": ["Claxton"], "punt": ["FT%"]})]), _ctx())


def test_fa_list():
    check = F.fa_list(limit=6, healthy_only=True)
    assert check(_r(calls=[("get_free_agents", {"limit": 6, "healthy_only": True})]), _ctx()) is None
    assert check(_r(calls=[("get_player_rankings", {"limit": 6, "healthy_only": True, "availability": "free_agents"})]),
                 _ctx()) is None
    assert check(_r(calls=[("get_free_agents", {"limit": 10, "healthy_only": True})]), _ctx())
    assert check(_r(calls=[("get_player_rankings", {"limit": 6, "healthy_only": True, "availability": "all"})]), _ctx())
    sat = F.fa_list(play_on=lambda v: SAT.isoformat() in [str(x)[:10] for x in v])
    assert sat(_r(calls=[("get_free_agents", {"play_on": ["2025-02-01"]})]), _ctx()) is None
    assert sat(_r(calls=[("get_free_agents", {"play_on": ["2025-01-31"]})]), _ctx())
    assert sat(_r(calls=[("get_free_agents", {})]), _ctx())


def test_not_mode():
    check = F.not_mode("this_week")
    assert check(_r(calls=[("optimize_matchup", {"mode": "balanced"})]), _ctx()) is None
    assert check(_r(calls=[("optimize_matchup", {"mode": "this_week"})]), _ctx())
    assert check(_r(calls=[("get_free_agents", {})]), _ctx())


def test_keeps_guards_args():
    assert F.keeps_guards_args(_r(calls=[("find_trades", {"keep_positions": ["G"]})]), _ctx()) is None
    guards = [n for n, _, e in ME if "G" in e]
    assert F.keeps_guards_args(_r(calls=[("find_trades", {"exclude": guards})]), _ctx()) is None
    assert F.keeps_guards_args(_r(calls=[("find_trades", {"exclude": [SGA]})]), _ctx())
    assert F.keeps_guards_args(_r(calls=[("find_trades", {"targets": ["STL"]})]), _ctx())


# --- trades in the answer ------------------------------------------------------------------------------
def test_trades_never_give_pos():
    check = F.trades_never_give_pos("G")
    assert check(_r(_trades([("Evan Mobley", "Dyson Daniels"), ("Bol Bol + Nic Claxton", "Herb Jones")])), _ctx()) is None
    assert check(_r(_trades([("Evan Mobley", "Dyson Daniels"), ("Mike Conley", "Alex Caruso")])), _ctx())
    assert check(_r("No trades found that keep your guards."), _ctx()) is None
    assert check(_r("Here you go."), _ctx())


def test_trade_verdict():
    check = F.trade_verdict(MONK, BEAL)
    assert check(_r("Pass: Malik Monk for Bradley Beal costs you 41.2 rest of season; Maya gains 12.0."), _ctx()) is None
    assert check(_r("Monk for Beal: it wins by 53.2 combined value for both of you."), _ctx())
    assert check(_r("Pass: Monk for Beal is bad."), _ctx())  # no figure
    assert check(_r("Pass on Monk, 12.0."), _ctx())  # Beal not named


def test_says_cut():
    assert F.says_cut(_r("Taking both means cutting Bol Bol to make room."), _ctx()) is None
    assert F.says_cut(_r("You'd get Monk and George for Beal; a fine deal."), _ctx())


# --- days and games ----------------------------------------------------------------------------------------
def test_idle_named():
    check = F.idle_named(SAT)
    right = _r("No game Saturday for Scottie Barnes, Jaren Jackson Jr., Evan Mobley and Jaden Ivey (OUT anyway).")
    assert check(right, _ctx()) is None
    assert check(_r("Barnes, Jackson and Mobley have a bye Saturday."), _ctx())  # Ivey missing
    wrong = _r("Barnes, Jackson, Mobley and Ivey are off the slate. Shai Gilgeous-Alexander has a bye too.")
    assert check(wrong, _ctx())  # OKC plays Saturday


def test_games_left_of():
    n = sorted(F._games_left(SGA))
    assert F.games_left_of(SGA)(_r(f"3) Shai has {n[-1]} games left this week."), _ctx()) is None
    assert F.games_left_of(SGA)(_r("3) Shai has 4 games left this week."), _ctx())
    assert F.games_left_of(SGA)(_r(f"Braun has {n[-1]} games left."), _ctx())


def test_each_games_left():
    b, p = max(F._games_left(BRAUN)), max(F._games_left(PRITCHARD))
    check = F.each_games_left(BRAUN, PRITCHARD)
    assert check(_r(f"This week Braun has {b} games left and Pritchard {p} games left."), _ctx()) is None
    assert check(_r(f"This week Braun has {b} games left."), _ctx())
    assert check(_r(f"Braun has {b + 2} games left; Pritchard {p} games left."), _ctx())


def test_most_games_of_previous():
    fas = ["Christian Braun", "Payton Pritchard", "Tyus Jones", "Santi Aldama", "Dennis Schröder", "De'Andre Hunter"]
    g = {n: K.games_between(n, AS_OF, WEEK_END) for n in fas}
    best = sorted(fas, key=lambda n: -g[n])
    prev = _r(_table(fas))
    check = F.most_games_of_previous(2)
    assert check(_r(_table(best[:2])), _ctx(prev, _r())) is None
    assert g[best[0]] > g[best[-1]]  # the wrong pick below has fewer games
    assert check(_r(_table([best[0], best[-1]])), _ctx(prev, _r()))
    assert check(_r(_table(best[:3])), _ctx(prev, _r()))
    assert check(_r(_table([best[0], "Naz Reid"])), _ctx(prev, _r()))


def test_worst_of_mine():
    assert F.worst_of_mine(_r("Bol Bol, honestly: 4.9 fantasy points a game."), _ctx()) is None
    assert F.worst_of_mine(_r("Jaden Ivey: he's OUT and gives you nothing."), _ctx()) is None
    assert F.worst_of_mine(_r("Mike Conley is your weakest link."), _ctx())
    assert F.worst_of_mine(_r("Nobody is bad."), _ctx())


def test_top_card_drops_prev_named():
    prev = _r("Bol Bol is the worst, then Bogdanovic.")
    assert F.top_card_drops_prev_named(_r(cards=[_card("Tyus Jones", BOL)]), _ctx(prev, _r())) is None
    assert F.top_card_drops_prev_named(_r(cards=[_card("Tyus Jones", BOGDAN)]), _ctx(prev, _r()))
    assert F.top_card_drops_prev_named(_r(), _ctx(prev, _r()))


def test_picks_one_of():
    assert F.fpts_avg(SGA) > F.fpts_avg(CONLEY) and F.fpts_avg(SGA, 3) > F.fpts_avg(CONLEY, 3)
    check = F.picks_one_of(SGA, CONLEY, 3)
    assert check(_r("Start Shai Gilgeous-Alexander over Conley."), _ctx()) is None
    assert check(_r("Start Conley over Gilgeous-Alexander."), _ctx())
    assert check(_r("Both are fine."), _ctx())
    # Beal has the better season, Conley the better last 3: either pick is a right reading
    either = F.picks_one_of(BEAL, CONLEY, 3)
    assert either(_r("Start Beal."), _ctx()) is None and either(_r("Start Conley."), _ctx()) is None


# --- cards -------------------------------------------------------------------------------------------------
def test_cards_between():
    assert F.cards_between(1, 2)(_r(cards=[_card("A B", BOL), _card("C D", BOGDAN, "m2")]), _ctx()) is None
    assert F.cards_between(1, 2)(_r(cards=[_card("A B", BOL, f"m{i}") for i in range(3)]), _ctx())
    assert F.cards_between(1, 2)(_r(), _ctx())


def test_card_add_top_in():
    pool = F._free_agent_pool(_ctx())
    best = max(pool, key=lambda n: sum(float(x["blk"]) for x in F._rows(n)) / len(F._rows(n)))
    check = F.card_add_top_in("blk", 15)
    assert check(_r(cards=[_card(best, COLLINS, kind="ir")]), _ctx()) is None
    assert check(_r(cards=[_card("Tyus Jones", COLLINS, kind="ir")]), _ctx())  # a point guard
    assert check(_r(), _ctx())


def test_added_stat_figure():
    card = _card("Donovan Clingan", COLLINS, "m9", kind="ir")
    blk = sum(float(x["blk"]) for x in F._rows("Donovan Clingan")) / len(F._rows("Donovan Clingan"))
    ctx = _ctx(_r(cards=[card]), _r(), decided=["m9"])
    assert F.added_stat_figure("blk")(_r(f"Donovan Clingan blocks {blk:.2f} shots a game."), ctx) is None
    assert F.added_stat_figure("blk")(_r(f"Donovan Clingan blocks {blk + 0.5:.2f} shots a game."), ctx)
    assert F.added_stat_figure("blk")(_r(f"He blocks {blk:.2f} a game."), ctx)


def test_undo_answered():
    card = _card("Christian Braun", BOL, "m3")
    ctx = _ctx(_r(cards=[card]), _r(), decided=["m3"])
    back = _card(BOL, "Christian Braun", "m4")
    assert F.undo_answered(_r("To undo it, approve this: drop Christian Braun, add Bol Bol back.", cards=[back]), ctx) is None
    assert F.undo_answered(_r("You approved dropping Bol Bol for Christian Braun; nothing to undo here."), ctx) is None
    assert F.undo_answered(_r("Done: Bol Bol is back, Braun dropped.", tx=[{"add": BOL}]), ctx)
    assert F.undo_answered(_r("Undo Bol Bol / Braun? Try this instead.", cards=[_card("Tyus Jones", BOGDAN, "m5")]), ctx)


def test_bigs_kept_or_said():
    assert F.bigs_kept_or_said(_r(cards=[_card("Tyus Jones", BOL)]), _ctx()) is None
    assert F.bigs_kept_or_said(_r(cards=[_card("Tyus Jones", CLAXTON)]), _ctx())
    assert F.bigs_kept_or_said(_r("I can't limit the moves to keep your bigs."), _ctx()) is None
    assert F.bigs_kept_or_said(_r("Here are some ideas."), _ctx())


# --- matchup, categories, scope ----------------------------------------------------------------------------
def test_behind_said():
    assert F.behind_said(_r("Zone Defense leads 420.0 to 286.0; your win probability is 1%."), _ctx()) is None
    assert F.behind_said(_r("You're behind, keep going."), _ctx())
    assert F.behind_said(_r("Zone Defense leads 420.0 to 286.0."), _ctx())


def test_lead_names_cat_not():
    check = F.lead_names_cat_not("AST", "FT%")
    assert check(_r("Closest to flip: BLK (79%) and FG% (69%)."), _ctx()) is None
    assert check(_r("Closest to flip: FT% at 50%."), _ctx())
    assert check(_r("You're close in a few."), _ctx())


def test_scope_said():
    check = F.scope_said(r"chat|messag|trash|post|send|talk")
    assert check(_r("I can't post in your league chat, but here's the matchup."), _ctx()) is None
    assert check(_r("Sure! Lena, your team stinks."), _ctx())
    assert check(_r("I can't post in your league chat.", tx=[{"add": "x"}]), _ctx())


def test_hold_agrees_folded():
    check = F.hold_agrees_folded(BOGDAN)
    right = _r("Stream: Bogdanovic 13.9 expected this week against 81.4 for the streamer.")
    assert check(right, _ctx()) is None
    wrong = _r("Hold Bogdanović: 13.9 expected this week against 81.4 for the streamer.")
    assert check(wrong, _ctx())


def test_strength_rank_said():
    assert F.strength_rank_said(_r("Your team is 3rd of 10 over the rest of the season."), _ctx()) is None
    assert F.strength_rank_said(_r("You rank #4 of 10."), _ctx()) is None
    assert F.strength_rank_said(_r("Your team is pretty good."), _ctx())
