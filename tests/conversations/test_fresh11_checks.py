"""fresh11's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV at 2025-01-29).
Catches a check that cannot fail (the wrong stocks leader picked, a player with fewer games named, one
roster's games left unsaid, the 'injured' player listed again, a trade not sending both, a card adding
the wrong player, a declined card unexplained, a claimed move) or one that fails every right answer; and
the set cut down (25 whole conversations, both scorings, >= 6 deciding a card)."""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

from tests.conversations import checks as K
from tests.conversations import fresh11_checks as F
from tests.conversations.checks import AS_OF, WEEK_END, Ctx
from tests.conversations.fresh11 import FRESH11
from tests.conversations.suite import BEAL, CLAXTON, CONLEY, MOBLEY, D
from tests.conversations.test_fresh10_checks import _r, _table  # the hand-made turn result and list

JJJ, TYUS, BRAUN = "Jaren Jackson Jr.", "Tyus Jones", "Christian Braun"
ME = [("Shai Gilgeous-Alexander", "ACTIVE"), ("John Collins", "OUT"), ("Evan Mobley", "ACTIVE")]
OPP = [("Nikola Jokić", "ACTIVE"), ("Joel Embiid", "OUT"), ("Trae Young", "ACTIVE")]


def _entries(rows):
    return NS(entries=[NS(player=NS(name=n), status=s, on_ir=False) for n, s in rows])


class _Source:
    def roster(self):
        return _entries(ME)

    def opponent_roster(self):
        return _entries(OPP)


def _ctx(*results, decided=()):
    return Ctx(scoring="categories", results=list(results), decided=list(decided), source=_Source())


def _card(add, drop, mid="m1"):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop,
            "title": f"Add {add}, drop {drop}", "expected_gain": 4.2}


def test_the_set_is_whole():
    assert len(FRESH11) == 25 and len({c.id for c in FRESH11}) == 25
    assert all(c.id.startswith("f11-") and 2 <= len(c.turns) <= 4 for c in FRESH11)
    assert {c.scoring for c in FRESH11} == {"points", "categories"} and sum(c.decides for c in FRESH11) >= 7
    assert sum(c.scoring == "points" for c in FRESH11) == 13
    assert all(not isinstance(c.turns[0], D) for c in FRESH11) and all(c.cls for c in FRESH11)


def _stocks(name, n=None):
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    rows = rows[-n:] if n else rows
    return sum(float(r["stl"]) + float(r["blk"]) for r in rows) / len(rows)


def test_leader_by():
    names = (CLAXTON, JJJ, MOBLEY)
    lead = {max(names, key=_stocks), max(names, key=lambda x: _stocks(x, 10))}
    loser = min(names, key=_stocks)
    assert loser not in lead
    check = F.leader_by(("stl", "blk"), *names)
    win = sorted(lead)[0]
    assert check(_r(f"{win} gets the most stocks: {_stocks(win):.1f} per game."), _ctx()) is None
    assert check(_r(f"{loser} gets the most stocks of the three."), _ctx())
    assert check(_r("They are all fine."), _ctx())


def test_most_games_left_of():
    names = (CLAXTON, JJJ, MOBLEY)
    g = {n: K.games_between(n, AS_OF, WEEK_END) for n in names}
    top, low = max(names, key=g.get), min(names, key=g.get)
    assert g[top] > g[low]
    check = F.most_games_left_of(*names)
    assert check(_r(f"{top} has the most games left: {g[top]}."), _ctx()) is None
    assert check(_r(f"{low} has the most games left."), _ctx())


def test_games_left_both():
    def total(rows, start, healthy=False):
        return sum(K.games_between(n, start, WEEK_END) for n, s in rows if not (healthy and s == "OUT"))
    theirs, mine = total(OPP, AS_OF), total(ME, AS_OF)
    good = _r(f"Zone Defense has {theirs} games left to your {mine}, so they have more.")
    assert F.games_left_both(good, _ctx()) is None
    assert F.games_left_both(_r(f"Zone Defense has {theirs} games left, more than you."), _ctx())
    wrong = 99 if 99 not in {theirs, mine} else 98
    assert F.games_left_both(_r(f"They have {wrong} and you have {mine}, more for them."), _ctx())


def test_drops_or_corrects():
    prev = _r(_table([BRAUN, TYUS, "Santi Aldama"]))
    assert F.drops_or_corrects(0)(_r(_table([TYUS, "Santi Aldama", "Jeremy Sochan"])), _ctx(prev, None)) is None
    assert F.drops_or_corrects(0)(_r(f"{BRAUN} is not injured: he is ACTIVE and played last night."),
                                  _ctx(prev, None)) is None
    assert F.drops_or_corrects(0)(_r(_table([BRAUN, TYUS])), _ctx(prev, None))
    assert F.drops_or_corrects(0)(_r(_table(["Jusuf Nurkić (OUT)", TYUS])), _ctx(prev, None))
    assert F.drops_or_corrects(0)(_r("Sure."), _ctx(prev, None))


def test_all_play_any():
    sat, sun = dt.date(2025, 2, 1), dt.date(2025, 2, 2)
    weekend = [n for n in (BRAUN, TYUS, "Santi Aldama", "Jeremy Sochan", "Payton Pritchard", "Dennis Schröder",
                           "Bilal Coulibaly", "Andrew Nembhard", "Zach Edey", "Klay Thompson")
               if K.plays_on(n, sat) or K.plays_on(n, sun)]
    idle = [n for n in (BRAUN, TYUS, "Santi Aldama", "Jeremy Sochan", "Payton Pritchard", "Dennis Schröder",
                        "Bilal Coulibaly", "Andrew Nembhard", "Zach Edey", "Klay Thompson", "Yves Missi",
                        "Rui Hachimura", "Ty Jerome")
            if not (K.plays_on(n, sat) or K.plays_on(n, sun))]
    assert weekend and idle
    check = F.all_play_any(sat, sun)
    assert check(_r(_table(weekend[:3])), _ctx()) is None
    assert check(_r(_table([weekend[0], idle[0]])), _ctx())
    assert check(_r("Grab someone."), _ctx())


def test_trades_give_all():
    table = "| You give | You get |\n|---|---|\n| Bradley Beal + Mike Conley | Jalen Brunson |\n"
    assert F.trades_give_all(BEAL, CONLEY)(_r(table), _ctx()) is None
    assert F.trades_give_all(BEAL, CONLEY)(_r("I couldn't find a 2-for-1 trade for them."), _ctx()) is None
    bad = "| You give | You get |\n|---|---|\n| Bradley Beal + LaMelo Ball | Jalen Brunson |\n"
    assert F.trades_give_all(BEAL, CONLEY)(_r(bad), _ctx())
    assert F.trades_give_all(BEAL, CONLEY)(_r("Here you go."), _ctx())


def test_stat_figure():
    rows = [r for r in K.player_rows()[K.fold(F.LONZO)] if r["game_date"] < AS_OF]
    season = sum(float(r["stl"]) for r in rows) / len(rows)
    check = F.stat_figure(F.LONZO, "stl")
    assert check(_r(f"Lonzo Ball averages {season:.2f} steals a game, a real help."), _ctx()) is None
    assert check(_r(f"Lonzo Ball averages {season + 0.7:.2f} steals a game."), _ctx())
    assert check(_r(f"He averages {season:.2f} steals."), _ctx())


def test_top_card_checks():
    three = next(n for n in (TYUS, BRAUN, "Jeremy Sochan") if K.games_between(n, AS_OF, WEEK_END) >= 3)
    two = next(n for n in ("Santi Aldama", "Dennis Schröder", "Zach Edey") if K.games_between(n, AS_OF, WEEK_END) < 3)
    assert F.top_card_adds(TYUS)(_r(cards=[_card(TYUS, "Bogdan Bogdanović")]), _ctx()) is None
    assert F.top_card_adds(TYUS)(_r(cards=[_card("Ayo Dosunmu", "Bogdan Bogdanović")]), _ctx())
    assert F.top_card_adds(TYUS)(_r(), _ctx())
    assert F.top_card_add_games_left(3)(_r(cards=[_card(three, "Bol Bol")]), _ctx()) is None
    assert F.top_card_add_games_left(3)(_r(cards=[_card(two, "Bol Bol")]), _ctx())
    prev = _r(_table([BRAUN, TYUS]))
    assert F.top_card_adds_prev_first(_r(cards=[_card(BRAUN, "Bol Bol")]), _ctx(prev, None)) is None
    assert F.top_card_adds_prev_first(_r(cards=[_card(TYUS, "Bol Bol")]), _ctx(prev, None))


def test_explains_decided_card():
    offered = _r(cards=[_card(BRAUN, "Bol Bol", "m1")])
    good = _r("I offered Christian Braun for Bol Bol because it gains +4.2 this week: Bol has 5.2 over his last 5.")
    assert F.explains_decided_card(good, _ctx(offered, _r(), good, decided=["m1"])) is None
    assert F.explains_decided_card(_r("It was the top move."), _ctx(offered, _r(), _r(), decided=["m1"]))
    assert F.explains_decided_card(_r("Braun for Bol Bol, +4.2.", tx=[{"id": 1}]),
                                   _ctx(offered, _r(), _r(), decided=["m1"]))
    assert F.explains_decided_card(good, _ctx(_r(), good))


def test_nothing_went_through():
    assert F.nothing_went_through(_r("No, nothing went through: you declined the Braun card and made no moves."),
                                  _ctx()) is None
    assert F.nothing_went_through(_r("Your roster has no changes."), _ctx()) is None
    assert F.nothing_went_through(_r("Yes, Braun was added."), _ctx())
    assert F.nothing_went_through(_r("No moves.", tx=[{"id": 1}]), _ctx())


def test_weakest_named():
    ran = [("get_team_strength", {})]
    assert F.weakest_named(_r("Your weakest category is FT% (9th of 10).", ran), _ctx()) is None
    assert F.weakest_named(_r("You rank last in steals.", ran), _ctx()) is None
    assert F.weakest_named(_r("Your team is fine.", ran), _ctx())
    assert F.weakest_named(_r("Your weakest category is FT%."), _ctx())
