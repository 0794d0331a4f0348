"""fresh10's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV at 2025-01-29).
Catches a check that cannot fail (a shorthand category that never reached a tool, the other Jones looked
up, a three-way pick of the wrong player, a list not in total order, a 'never mind' that claims a move)
or one that fails every right answer; and the set cut down (25 whole conversations, both scorings,
>= 6 deciding a card)."""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

from tests.conversations import checks as K
from tests.conversations import fresh10_checks as F
from tests.conversations.checks import AS_OF, WEEK_END, Ctx
from tests.conversations.fresh10 import FRESH10
from tests.conversations.suite import D

FAS = ["Christian Braun", "Payton Pritchard", "Tyus Jones", "Naz Reid", "Keon Ellis"]
OPP = ["Nikola Jokić", "Victor Wembanyama", "Trae Young", "Jaylen Brown"]


class _Source:
    def opponent_roster(self):
        return NS(entries=[NS(player=NS(name=n)) for n in OPP])


def _ctx(*results, decided=(), scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=_Source())


def _table(names):
    return "| Player | Owner |\n|---|---|\n" + "".join(f"| {n} | Free agent |\n" for n in names)


def _r(answer="", calls=(), cards=(), tx=()):
    return {"answer": answer, "tool_calls": [{"name": n, "args": a} for n, a in calls],
            "pending_approvals": list(cards), "transactions": list(tx)}


def _card(add, drop, mid="m1"):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop,
            "title": f"Add {add}, drop {drop}"}


def test_the_set_is_whole():
    assert len(FRESH10) == 25 and len({c.id for c in FRESH10}) == 25
    assert all(c.id.startswith("f10-") and 2 <= len(c.turns) <= 4 for c in FRESH10)
    assert {c.scoring for c in FRESH10} == {"points", "categories"} and sum(c.decides for c in FRESH10) >= 6
    assert 12 <= sum(c.scoring == "points" for c in FRESH10) <= 13
    assert all(not isinstance(c.turns[0], D) for c in FRESH10)  # a decision needs a card before it


def test_cat_reached():
    ok = _r(calls=[("get_free_agents", {"target_categories": ["REB", "3PM"]})])
    assert F.cat_reached("REB")(ok, _ctx()) is None and F.cat_reached("3PM")(ok, _ctx()) is None
    assert F.cat_reached("AST")(_r(calls=[("find_trades", {"targets": ["AST"]})]), _ctx()) is None
    assert F.cat_reached("BLK")(_r(calls=[("get_player_rankings", {"sort": "BLK"})]), _ctx()) is None
    assert F.cat_reached("BLK")(ok, _ctx())
    assert F.cat_reached("REB")(_r(calls=[("get_free_agents", {})]), _ctx())


def test_punt_reached():
    assert F.punt_reached("TO")(_r(calls=[("get_free_agents", {"punt": ["TO"]})]), _ctx()) is None
    assert F.punt_reached("TO")(_r(calls=[("get_free_agents", {"punt": ["FT%"]})]), _ctx())


def test_drop_considered():
    assert F.drop_considered("Bol Bol")(_r(calls=[("evaluate_move", {"drop": "Bol Bol", "add": "Naz Reid"})]),
                                        _ctx()) is None
    assert F.drop_considered("Bol Bol")(_r(cards=[_card("Naz Reid", "Bol Bol")]), _ctx()) is None
    assert F.drop_considered("Bol Bol")(_r(cards=[_card("Naz Reid", "Mike Conley")]), _ctx())
    assert F.drop_considered("Bol Bol")(_r(cards=[_card("Naz Reid", "Bol Bol")], tx=[{"add": "Naz Reid"}]), _ctx())


def test_research_on_the_other_jones():
    right = _r("Tre Jones over his last 5: 9.8 points.", [("get_player_game_log", {"name": "Tre Jones", "last_n": 5})])
    assert F.research_on(F.TRE, F.TYUS)(right, _ctx()) is None
    wrong = _r("Tyus Jones over his last 5: 9.8 points.", [("get_player_game_log", {"name": "Tyus Jones"})])
    assert F.research_on(F.TRE, F.TYUS)(wrong, _ctx())
    assert F.research_on(F.TRE, F.TYUS)(_r("Jones is fine.", [("get_player_game_log", {"name": "Jones"})]), _ctx())


def test_fa_games_left_min():
    left = {n: K.games_between(n, AS_OF, WEEK_END) for n in FAS}
    three = [n for n in FAS if left[n] >= 3]
    short = [n for n in FAS if left[n] < 3]
    assert three, left
    assert F.fa_games_left_min(3)(_r(_table(three)), _ctx()) is None
    assert F.fa_games_left_min(left[three[0]] + 1)(_r(_table(three[:1])), _ctx())
    if short:
        assert F.fa_games_left_min(3)(_r(_table(three + short)), _ctx())
    assert F.fa_games_left_min(3)(_r("no table"), _ctx())


def test_games_left_asked_back():
    first = FAS[0]
    n = K.games_between(first, AS_OF, WEEK_END)
    prev = _r(_table(FAS))
    assert F.first_listed_games_left(_r(f"{first} has {n} games left this week."), _ctx(prev, {})) is None
    assert F.first_listed_games_left(_r(f"{first} has {n + 3} games left."), _ctx(prev, {}))
    card = _card("Naz Reid", "Bol Bol")
    m = K.games_between("Naz Reid", AS_OF, WEEK_END)
    c = _ctx(_r(cards=[card]), {}, {}, decided=["m1"])
    assert F.added_games_left(_r(f"Naz Reid has {m} games left this week."), c) is None
    assert F.added_games_left(_r(f"Naz Reid has {m + 2} games left this week."), c)
    assert F.added_games_left(_r(f"He has {m} games left."), c)


def _pg(name, stat, n=None):
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    rows = rows[-n:] if n else rows
    return sum(float(r[stat]) for r in rows) / len(rows)


def test_leader_named_of_three():
    names = ("Evan Mobley", "Nic Claxton", "Jaren Jackson Jr.")
    season = {n: _pg(n, "blk") for n in names}
    last10 = {n: _pg(n, "blk", 10) for n in names}
    lead = max(season, key=season.get)
    losers = [n for n in names if n != max(season, key=season.get) and n != max(last10, key=last10.get)]
    ok = _r(f"{lead.split()[-1 if 'Jr' not in lead else 1]} is the best shot-blocker of the three, "
            f"{season[lead]:.1f} a game.")
    assert F.leader_named("blk", *names)(ok, _ctx()) is None
    assert losers
    bad = _r(f"{losers[0].replace(' Jr.', '').split()[-1]} is the best shot-blocker, ahead of {lead.split()[1]}.")
    assert F.leader_named("blk", *names)(bad, _ctx())
    assert F.leader_named("blk", *names)(_r("They all block shots."), _ctx())


def test_ordered_by_window_total():
    start, end = AS_OF - dt.timedelta(days=14), AS_OF - dt.timedelta(days=1)
    pool = ["Christian Braun", "Payton Pritchard", "Tyus Jones", "Naz Reid", "Keon Ellis", "Tre Jones"]
    tot = {n: F._window_total(n, "stl", start, end) for n in pool}
    ranked = sorted(pool, key=lambda n: -tot[n])
    assert tot[ranked[0]] > tot[ranked[-1]]
    assert F.ordered_by_window_total("stl", 14)(_r(_table(ranked)), _ctx()) is None
    assert F.ordered_by_window_total("stl", 14)(_r(_table(list(reversed(ranked)))), _ctx())
    assert F.ordered_by_window_total("stl", 14)(_r(_table(ranked[:1])), _ctx())


def test_opponent_players_named():
    assert F.opponent_players_named(3)(_r("Zone Defense leans on Jokić, Wembanyama and Trae Young."), _ctx()) is None
    assert F.opponent_players_named(3)(_r("Zone Defense has Jokić."), _ctx())


def test_no_out_listed():
    assert F.no_out_listed(_r(_table(["Naz Reid", "Keon Ellis"])), _ctx()) is None
    assert F.no_out_listed(_r(_table(["Naz Reid (OUT)", "Keon Ellis"])), _ctx())
    assert F.no_out_listed(_r("Everyone's healthy."), _ctx())


def test_overlap_with_previous():
    prev = _r(_table(FAS))
    assert F.overlap_with_previous(3)(_r(_table(FAS[1:] + ["Tre Jones"])), _ctx(prev, {})) is None
    assert F.overlap_with_previous(3)(_r(_table(["Tre Jones", "Bol Bol", "Ben Simmons"])), _ctx(prev, {}))


def test_not_claimed_done():
    assert F.not_claimed_done(_r("Fine, nothing was changed; the cards stay there if you want them."), _ctx()) is None
    assert F.not_claimed_done(_r("OK. I've dropped Bol Bol and added Naz Reid."), _ctx())
    assert F.not_claimed_done(_r("OK.", tx=[{"add": "Naz Reid"}]), _ctx())


def test_warns_off():
    fa = [("get_free_agents", {})]
    assert F.warns_off(_r("I'd avoid Ben Simmons: he is OUT.", fa), _ctx()) is None
    assert F.warns_off(_r("Best pickups: Naz Reid, Keon Ellis.", fa), _ctx())
    assert F.warns_off(_r("I'd avoid Ben Simmons."), _ctx())


def test_games_left_said():
    n = K.games_between("Bogdan Bogdanović", AS_OF, WEEK_END)
    assert F.games_left_said("Bogdan Bogdanović")(_r(f"Right, Bogdanovic has {n} games left."), _ctx()) is None
    assert F.games_left_said("Bogdan Bogdanović")(_r(f"Bogdanovic has {n + 2} games left."), _ctx())
