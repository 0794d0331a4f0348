"""fresh12's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV at 2025-01-29).
Catches a check that cannot fail (a per-36 figure off by two, a falling player's minutes called rising,
a 34-mpg guard let through an under-30 filter, a wrong yes on position eligibility, the idle player said
to play, the wrong row's games left, a card adding another row, one of two asks left unanswered, a
2-for-1 passed off as a 2-for-2, a player new to a filtered list) or one that fails every right answer;
and the set cut down or lopsided (`test_the_thirteenth_set_is_whole`: 25 whole conversations, 13 points
and 12 categories, >= 7 deciding a card and going on, unique ids).
"""
from __future__ import annotations

from types import SimpleNamespace as NS

from tests.conversations import checks as K
from tests.conversations import fresh12 as S
from tests.conversations import fresh12_checks as F
from tests.conversations.checks import AS_OF, WEEK_END, Ctx
from tests.conversations.fresh12 import FRESH12, JJJ, SAT, SUN, WEMBY
from tests.conversations.suite import BALL, BEAL, BOGDAN, CLAXTON, CONLEY, MOBLEY, SGA, D, T
from tests.conversations.test_fresh10_checks import _r, _table  # the hand-made turn result and list

BOL = "Bol Bol"
ME = [(SGA, "ACTIVE", ["PG", "G", "UTIL"]), (JJJ, "ACTIVE", ["PF", "C", "F", "UTIL"]),
      (BEAL, "ACTIVE", ["SG", "G", "UTIL"]), (BALL, "ACTIVE", ["PG", "G", "UTIL"]),
      (MOBLEY, "ACTIVE", ["PF", "C", "F", "UTIL"]), (CONLEY, "ACTIVE", ["PG", "G", "UTIL"])]


class _Source:
    def roster(self):
        return NS(entries=[NS(player=NS(name=n, eligible=e), status=s, on_ir=False) for n, s, e in ME])


def _ctx(*results, decided=()):
    return Ctx(scoring="points", results=list(results), decided=list(decided), source=_Source())


def _card(add, drop, mid="m1"):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop,
            "title": f"Add {add}, drop {drop}"}


def test_the_thirteenth_set_is_whole():
    assert len(FRESH12) == 25 and len({c.id for c in FRESH12}) == 25
    assert all(c.id.startswith("f12-") and 2 <= len(c.turns) <= 4 and c.cls for c in FRESH12)
    assert sum(c.scoring == "points" for c in FRESH12) == 13
    assert sum(c.scoring == "categories" for c in FRESH12) == 12
    assert all(not isinstance(c.turns[0], D) for c in FRESH12)
    # a card approved or declined, then the thread goes on (a message after the decision)
    goes_on = [c for c in FRESH12 if any(isinstance(t, D) and any(isinstance(u, T) for u in c.turns[i + 1:])
                                         for i, t in enumerate(c.turns))]
    assert len(goes_on) >= 7
    assert all(t.checks for c in FRESH12 for t in c.turns if isinstance(t, T))


def test_per36_shown():
    exact = F.per36(BOL, "pts")
    check = F.per36_shown(BOL)
    assert check(_r(f"Bol Bol is at {exact:.1f} points per 36 this season."), _ctx()) is None
    assert check(_r(f"Bol Bol is at {exact + 2:.1f} points per 36."), _ctx())
    assert check(_r(f"He is at {exact:.1f} per 36."), _ctx())  # nobody named


def test_minutes_up_named():
    assert F.minutes_up_named(_r("Jaren Jackson Jr. is trending up: 31.6 a night over his last 5."), _ctx()) is None
    assert F.minutes_up_named(_r("LaMelo Ball's minutes are rising."), _ctx())  # Ball fell 4.7 over his last 5
    assert F.minutes_up_named(_r("Jackson is up. Ball's minutes are rising too."), _ctx())
    assert F.minutes_up_named(_r("Shai is steady at 34."), _ctx())


def test_under_mpg_or_said():
    check = F.under_mpg_or_said(30)
    assert check(_r(_table([CONLEY, BOGDAN])), _ctx()) is None
    assert check(_r(_table([CONLEY, SGA])), _ctx())  # SGA plays 34.4
    assert check(_r("I can't filter free agents by minutes; here is the list.\n\n" + _table([SGA])), _ctx()) is None
    assert check(_r("Here you go."), _ctx())
    assert check(_r("Only guys under 30 minutes:\n\n" + _table([SGA])), _ctx())  # a 34-mpg guard passed off


def test_eligibility_verdict():
    yes, no = F.eligibility_verdict(JJJ, "C"), F.eligibility_verdict(BEAL, "SF")
    assert yes(_r("Yes: Jaren Jackson Jr. is eligible at PF, C, F and UTIL."), _ctx()) is None
    assert yes(_r("Yes, Jackson is eligible there: the only C you roster besides Mobley."), _ctx()) is None
    assert yes(_r("No, Jackson is not eligible at C."), _ctx())
    assert no(_r("No. Beal is only eligible at SG, G and UTIL, so not SF."), _ctx()) is None
    assert no(_r("Beal isn't SF-eligible; he plays SG, G and UTIL."), _ctx()) is None
    assert no(_r("Beal is eligible at SG, G and UTIL only."), _ctx()) is None
    assert no(_r("Yes, Beal can play SF for you."), _ctx())


def test_fa_at():
    check = F.fa_at({"C"}, limit=3)
    assert check(_r(calls=[("get_free_agents", {"position": "C", "limit": 3})]), _ctx()) is None
    assert check(_r(calls=[("get_player_rankings", {"position": "C", "limit": 3, "availability": "free_agents"})]),
                 _ctx()) is None
    assert check(_r(calls=[("get_free_agents", {"position": "C", "limit": 10})]), _ctx())
    assert check(_r(calls=[("get_player_rankings", {"position": "C", "limit": 3, "availability": "all"})]), _ctx())


def test_day_each():
    assert K.plays_on(MOBLEY, SUN) and not K.plays_on(CLAXTON, SUN)
    check = F.day_each(SUN, MOBLEY, CLAXTON)
    assert check(_r("Mobley plays Sunday against X, Claxton has no game."), _ctx()) is None
    assert check(_r("No. Only Mobley plays Sunday; Claxton is off."), _ctx()) is None
    assert check(_r("Both do: Mobley and Claxton play Sunday."), _ctx())
    assert check(_r("Only Mobley — Claxton has no game Sunday."), _ctx()) is None
    assert check(_r("Mobley plays Sunday, but Claxton plays Saturday, not Sunday."), _ctx()) is None
    assert check(_r("Mobley has no game Sunday, Claxton plays."), _ctx())
    assert check(_r("Mobley plays Sunday."), _ctx())  # Claxton not answered


def test_nth_listed_games_left_and_card():
    names = [CONLEY, BOGDAN, BEAL]
    games = K.games_between(BOGDAN, AS_OF, WEEK_END)
    first = _r(_table(names))
    middle = _r("| Player | Games |\n|---|---|\n| Bogdan Bogdanović | 2 |\n")  # a one-row table later
    check = F.nth_listed_games_left(1)
    assert check(_r(f"Bogdanović has {games} games left this week."), _ctx(first, _r())) is None
    assert check(_r(f"Conley has {K.games_between(CONLEY, AS_OF, WEEK_END)} games left."), _ctx(first, _r()))
    assert check(_r(f"Bogdanović has {games + 2} games left."), _ctx(first, _r()))
    card = F.card_adds_nth_listed(1)
    assert card(_r(cards=[_card(BOGDAN, BOL)]), _ctx(first, middle, _r())) is None
    assert card(_r(cards=[_card(CONLEY, BOL)]), _ctx(first, middle, _r()))
    assert card(_r("Done."), _ctx(first, _r()))


def test_hot_and_verdict():
    check = F.hot_and_verdict(BOL)
    both = [("get_hot_free_agents", {"limit": 8}), ("evaluate_hold", {"name": "bol"})]
    assert check(_r(calls=both), _ctx()) is None
    assert check(_r(calls=[("get_hot_free_agents", {})], cards=[_card("Tyus Jones", BOL)]), _ctx()) is None
    assert check(_r(calls=[("get_hot_free_agents", {})]), _ctx())  # Bol's question left out
    assert check(_r(calls=[("evaluate_hold", {"name": "Bol Bol"})]), _ctx())  # who's hot left out


def test_two_for_two_or_said():
    two = "| You give | You get |\n|---|---|\n| Bradley Beal + Bogdan Bogdanović | Trae Young + Dejounte Murray |\n"
    one = "| You give | You get |\n|---|---|\n| Bradley Beal + Bogdan Bogdanović | Trae Young |\n"
    assert F.two_for_two_or_said(_r(two), _ctx()) is None
    assert F.two_for_two_or_said(_r("The search does not do 2-for-2; the nearest are 2-for-1:\n\n" + one), _ctx()) \
        is None
    assert F.two_for_two_or_said(_r(one), _ctx())
    assert F.two_for_two_or_said(_r("Here are some ideas."), _ctx())
    assert F.two_for_two_or_said(_r("Only 2-for-2 deals here:\n\n" + one), _ctx())  # a 2-for-1 passed off


def test_subset_of_previous():
    prev = _r(_table([CONLEY, BOGDAN, "Tyus Jones"]))
    assert F.subset_of_previous(_r(_table([CONLEY, "Tyus Jones"])), _ctx(prev, _r())) is None
    assert F.subset_of_previous(_r(_table([CONLEY, "Jusuf Nurkic"])), _ctx(prev, _r()))
    assert F.subset_of_previous(_r("none"), _ctx(prev, _r()))


def test_weekend_list_and_player_tool():
    fas = [CONLEY, MOBLEY, JJJ, BEAL]
    idle = "Stephen Curry"  # Golden State has no game on Feb 1 or 2
    assert all(K.plays_on(n, SAT) or K.plays_on(n, SUN) for n in fas)
    assert not (K.plays_on(idle, SAT) or K.plays_on(idle, SUN))
    call = ("get_free_agents", {"play_on": [SAT.isoformat(), SUN.isoformat()]})
    check = S._weekend_list()
    assert check(_r(_table(fas), calls=[call]), _ctx()) is None
    assert check(_r(_table(fas), calls=[("get_free_agents", {"play_on": [SAT.isoformat()]})]), _ctx())
    assert check(_r(_table([CONLEY, idle]), calls=[call]), _ctx())
    tool = S._player_tool(WEMBY)
    assert tool(_r(calls=[("get_player_game_log", {"name": "wemby", "last_n": 5})]), _ctx()) is None
    assert tool(_r(calls=[("get_player_game_log", {"name": "Jokic"})]), _ctx())


def test_named_all():
    check = F.named_all(WEMBY, "Nikola Jokić")
    assert check(_r("Wembanyama has 3 games left, Jokic 3."), _ctx()) is None
    assert check(_r("Wembanyama has 3 games left."), _ctx())
