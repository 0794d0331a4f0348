"""fresh14's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV at 2025-01-29).
Catches a check that cannot fail (a weekend list passed off as two-day players when no team plays both
days, a player with no game started, the season's scorer called the last 5's, the better of two cut, a
guard brought back for a center, five trades for 'show me 3', a why answered with no figures, a miscounted
games-left, a kept player dropped, jargon used and never explained, a contract question answered as if it
were modelled) or one that fails every right answer; and the set cut down or lopsided
(`test_the_fifteenth_set_is_whole`: 25 whole conversations, 13 points and 12 categories, >= 8 deciding a
card and going on, a D always after a T, >= 15 classes, unique f14- ids).
"""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace as NS

from tests.conversations import checks as K
from tests.conversations import fresh14_checks as F
from tests.conversations.checks import AS_OF, WEEK_END, Ctx
from tests.conversations.fresh8_checks import BOL
from tests.conversations.fresh14 import FRESH14, FRI, PRITCHARD, SAT, SUN, THU, _no_guards
from tests.conversations.suite import (BALL, BARNES, BEAL, BOGDAN, CLAXTON, COLLINS, CONLEY, IVEY, LEBRON, MOBLEY,
                                       SGA, D, T)
from tests.conversations.test_fresh10_checks import _r, _table

JJJ, BRAUN = "Jaren Jackson Jr.", "Christian Braun"
G, F_, C = ["PG", "G", "UTIL"], ["SF", "PF", "F", "UTIL"], ["PF", "C", "F", "UTIL"]
ME = [(SGA, "ACTIVE", G), (LEBRON, "ACTIVE", F_), (BARNES, "ACTIVE", F_), (BALL, "ACTIVE", G),
      (JJJ, "ACTIVE", C), (MOBLEY, "ACTIVE", C), (BEAL, "ACTIVE", ["SG", "G", "UTIL"]), (CLAXTON, "ACTIVE", ["C", "UTIL"]),
      (CONLEY, "ACTIVE", G), (COLLINS, "OUT", C), (BOGDAN, "DTD", ["SG", "G", "UTIL"]), (IVEY, "OUT", ["SG", "G", "UTIL"]),
      (BOL, "DTD", F_)]
THEIRS = [("Jarrett Allen", "ACTIVE", ["C", "UTIL"]), ("Dyson Daniels", "ACTIVE", ["PG", "SG", "G", "UTIL"]),
          ("Jakob Poeltl", "ACTIVE", ["C", "UTIL"])]


class _Source:
    def _entries(self, rows):
        return [NS(player=NS(name=n, eligible=e), status=s, on_ir=False) for n, s, e in rows]

    def roster(self, team_id=None):
        return NS(entries=self._entries(THEIRS if team_id == 2 else ME))

    def opponent_roster(self):
        return NS(team_name="Zone Defense", entries=[])

    def info(self):
        return NS(teams=[NS(team_id=1), NS(team_id=2)])


SRC = _Source()


def _ctx(*results, decided=(), scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=SRC)


def _card(add, drop, mid="m1", kind="swap", gain=10.0):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop, "kind": kind,
            "title": f"{'Move ' + drop + ' to IR' if kind == 'ir' else 'Drop ' + drop}, add {add}", "expected_gain": gain}


def _trades(rows):
    return "| You give | You get | Gain |\n|---|---|---|\n" + "".join(f"| {g} | {h} | +1.0 |\n" for g, h in rows)


def _avg(name, stat, n=None):
    return F._per_game(name, stat, n)


def test_the_fifteenth_set_is_whole():
    assert len(FRESH14) == 25 and len({c.id for c in FRESH14}) == 25
    assert all(c.id.startswith("f14-") and 2 <= len(c.turns) <= 4 and c.cls for c in FRESH14)
    assert sum(c.scoring == "points" for c in FRESH14) == 13
    assert sum(c.scoring == "categories" for c in FRESH14) == 12
    assert all(not isinstance(c.turns[0], D) for c in FRESH14)
    # a decision needs a message before it (the cards it decides)
    assert all(isinstance(c.turns[i - 1], T) for c in FRESH14 for i, t in enumerate(c.turns) if isinstance(t, D))
    goes_on = [c for c in FRESH14 if any(isinstance(t, D) and any(isinstance(u, T) for u in c.turns[i + 1:])
                                         for i, t in enumerate(c.turns))]
    assert len(goes_on) >= 8
    assert len({c.cls for c in FRESH14}) >= 15
    # every message has a check beyond 'no error'; every decision checks that no decided card comes back
    assert all(len(t.checks) >= 2 for c in FRESH14 for t in c.turns if isinstance(t, T))
    assert all(t.checks for c in FRESH14 for t in c.turns if isinstance(t, D))


# --- predicates and what reached the tools ------------------------------------------------------------------
def test_predicates():
    assert F.team_arg("pho", "suns")(["PHO"]) and F.team_arg("pho", "suns")(["Phoenix Suns"])
    assert not F.team_arg("pho", "suns")(["DEN"]) and not F.team_arg("pho")(None)
    assert F.upper_is("PF")("pf") and not F.upper_is("PF")("C") and not F.upper_is("C")(None)
    assert F.has_cat("FT%")(["ft%", "TO"]) and not F.has_cat("FT%")(["TO"]) and not F.has_cat("FT%")(None)


def test_ros_fa_list():
    check = F.ros_fa_list(position=F.upper_is("C"), limit=4)
    assert check(_r(calls=[("get_free_agents", {"horizon": "rest_of_season", "position": "C", "limit": 4})]),
                 _ctx()) is None
    assert check(_r(calls=[("get_player_rankings", {"availability": "free_agents", "sort": "ros_value",
                                                    "position": "C", "limit": 4})]), _ctx()) is None
    assert check(_r(calls=[("get_free_agents", {"horizon": "this_week", "position": "C", "limit": 4})]), _ctx())
    assert check(_r(calls=[("get_free_agents", {"horizon": "rest_of_season", "position": "C", "limit": 10})]), _ctx())
    assert check(_r(calls=[("get_player_rankings", {"availability": "all", "sort": "ros_value", "position": "C",
                                                    "limit": 4})]), _ctx())
    pho = F.ros_fa_list(not_teams=F.team_arg("pho", "phoenix", "suns"))
    assert pho(_r(calls=[("get_free_agents", {"horizon": "rest_of_season", "not_teams": ["PHO"]})]), _ctx()) is None
    assert pho(_r(calls=[("get_free_agents", {"horizon": "rest_of_season"})]), _ctx())


def test_no_guards():
    check = _no_guards(limit=3)
    assert check(_r(calls=[("get_free_agents", {"not_position": "G", "limit": 3})]), _ctx()) is None
    assert check(_r(calls=[("get_free_agents", {"position": "C", "limit": 3})]), _ctx()) is None
    assert check(_r(calls=[("get_free_agents", {"position": "PG", "limit": 3})]), _ctx())
    assert check(_r(calls=[("get_free_agents", {"not_position": "G", "limit": 10})]), _ctx())


def test_cat_fa_list():
    check = F.cat_fa_list("STL", 6)
    assert check(_r(calls=[("get_free_agents", {"target_categories": ["STL"], "limit": 6})]), _ctx()) is None
    assert check(_r(calls=[("get_player_rankings", {"availability": "free_agents", "sort": "stl", "limit": 6})]),
                 _ctx()) is None
    # the 8 he took back in the same message
    assert check(_r(calls=[("get_free_agents", {"target_categories": ["STL"], "limit": 8})]), _ctx())
    assert check(_r(calls=[("get_player_rankings", {"availability": "all", "sort": "STL", "limit": 6})]), _ctx())
    assert check(_r(calls=[("get_free_agents", {"target_categories": ["AST"], "limit": 6})]), _ctx())
    assert F.cat_fa_list("3PM")(_r(calls=[("get_free_agents", {"target_categories": ["3PM"]})]), _ctx()) is None


def test_game_log_of_prev_first():
    prev = _r(_table([BRAUN, PRITCHARD]))
    ten = _avg(BRAUN, "pts", 10)
    check = F.game_log_of_prev_first(10)
    right = _r(f"Christian Braun, last 10: {ten:.1f} points a game.",
               calls=[("get_player_game_log", {"name": "Christian Braun", "last_n": 10})])
    assert check(right, _ctx(prev, _r())) is None
    five = _r(f"Christian Braun, last 10: {ten:.1f} points a game.",
              calls=[("get_player_game_log", {"name": "Christian Braun", "last_n": 5})])
    assert check(five, _ctx(prev, _r()))
    other = _r(f"Payton Pritchard, last 10: {ten:.1f}.",
               calls=[("get_player_game_log", {"name": PRITCHARD, "last_n": 10})])
    assert check(other, _ctx(prev, _r()))
    wrong = _r(f"Braun, last 10: {ten + 3:.1f} points.",
               calls=[("get_player_game_log", {"name": "braun", "last_n": 10})])
    assert check(wrong, _ctx(prev, _r()))


# --- days -------------------------------------------------------------------------------------------------------
def test_nobody_both_days():
    assert not [t for t, ds in K.team_dates().items() if SAT in ds and SUN in ds]  # no back-to-back that weekend
    check = F.nobody_both_days(SAT, SUN)
    assert check(_r("No free agent plays both Saturday and Sunday: no team has a back-to-back this weekend."),
                 _ctx()) is None
    assert check(_r("Nobody has games on both days. Closest:\n" + _table(["Christian Braun"])), _ctx()) is None
    assert check(_r("Guys with games both days:\n" + _table(["Christian Braun", "Tyus Jones"])), _ctx())
    # a pair of days with a back-to-back (Cleveland plays Jan 29 and 30): every listed player plays both
    b2b = F.nobody_both_days(AS_OF, THU)
    assert b2b(_r(_table(["Ty Jerome"])), _ctx()) is None
    assert b2b(_r(_table(["Ty Jerome", "Christian Braun"])), _ctx())
    assert b2b(_r("Nobody plays both days."), _ctx())


def test_no_idle_starter():
    assert not K.plays_on(LEBRON, AS_OF) and K.plays_on(BOL, AS_OF)
    check = F.no_idle_starter(AS_OF)
    assert check(_r("Everyone else with a game tonight already starts; start Bol Bol in Beal's spot."), _ctx()) is None
    assert check(_r("Don't start LeBron James, he has no game tonight; slot Bol Bol."), _ctx()) is None
    assert check(_r("| Slot | Player |\n|---|---|\n| UTIL | LeBron James |\nStart Bol Bol."), _ctx()) is None
    assert check(_r("Start LeBron James instead."), _ctx())
    assert check(_r("I'd roll with Jaren Jackson Jr. in that spot."), _ctx())
    sat = F.no_idle_starter(SAT)
    assert sat(_r("Start Claxton over Mobley: Mobley has no game Saturday."), _ctx()) is None
    assert sat(_r("Go with Mobley, the better rebounder."), _ctx())


def test_prev_first_plays():
    assert K.plays_on("Sam Hauser", FRI) and not K.plays_on("Kentavious Caldwell-Pope", FRI)
    check = F.prev_first_plays(FRI, "Friday")
    yes = _r(_table(["Sam Hauser", "Tyus Jones"]))
    assert check(_r("Yes: Sam Hauser plays Friday (Jan 31)."), _ctx(yes, _r())) is None
    assert check(_r("Sam Hauser has no game Friday."), _ctx(yes, _r()))
    assert check(_r("Yes, he plays Friday."), _ctx(yes, _r()))  # who?
    no = _r(_table(["Kentavious Caldwell-Pope"]))
    assert check(_r("Caldwell-Pope has no game Friday; Orlando is off."), _ctx(no, _r())) is None
    assert check(_r("Caldwell-Pope plays Friday."), _ctx(no, _r()))


def test_first_list_on():
    assert K.plays_on("Santi Aldama", THU) and K.plays_on("De'Andre Hunter", THU) and not K.plays_on(BRAUN, THU)
    first = _r(_table([BRAUN, "Santi Aldama", "De'Andre Hunter"]))
    between = _r("Christian Braun, last 10: 15.8 points.\n" + _table([BRAUN]))
    check = F.first_list_on(THU)
    assert check(_r("Of those, Santi Aldama and De'Andre Hunter play tomorrow."), _ctx(first, between, _r())) is None
    assert check(_r("Christian Braun and Santi Aldama play tomorrow."), _ctx(first, between, _r()))
    assert check(_r("Santi Aldama plays tomorrow."), _ctx(first, between, _r()))  # Hunter missing


# --- who is better ----------------------------------------------------------------------------------------------
def test_stat_leader():
    assert _avg(MOBLEY, "reb") > _avg(CLAXTON, "reb") and _avg(MOBLEY, "reb", 10) > _avg(CLAXTON, "reb", 10)
    check = F.stat_leader(MOBLEY, CLAXTON, "reb", r"rebound|boards")
    assert check(_r("Evan Mobley is the better rebounder: 8.9 boards a game to Claxton's 7.6."), _ctx()) is None
    assert check(_r("Claxton is the better rebounder, 7.6 to 8.9."), _ctx())
    passer = F.stat_leader(BALL, LEBRON, "ast", r"assist|pass")
    assert passer(_r("No: LeBron is the better passer, 8.9 assists to LaMelo's 7.3."), _ctx()) is None
    assert passer(_r("Yes, LaMelo is the better passer: 7.3 assists."), _ctx())


def test_last_n_leader():
    assert _avg(BALL, "pts") > _avg(LEBRON, "pts") and _avg(LEBRON, "pts", 5) > _avg(BALL, "pts", 5)  # the trap
    check = F.last_n_leader("pts", 5, BALL, LEBRON, r"scor|points")
    assert check(_r("Over the last 5, LeBron has scored more: 23.8 points to Ball's 20.6."), _ctx()) is None
    assert check(_r("LaMelo has scored more: 28.2 points a game this season."), _ctx())


def test_cut_pick():
    check = F.cut_pick(BOL, BOGDAN)
    assert check(_r("Cut Bol Bol: 3.2 points a game to Bogdanović's 10.0."), _ctx()) is None
    assert check(_r("Keep Bogdanovic and drop Bol Bol (3.2 points, 1.6 boards)."), _ctx()) is None
    assert check(_r("Bol Bol is the one to go: 3.2 points."), _ctx()) is None
    assert check(_r("Drop Bogdanović, keep Bol (1.6 boards a game)."), _ctx())
    assert check(_r("Don't cut Bol Bol; Bogdanović at 10.0 is the drop."), _ctx())
    assert check(_r("Cut Bol Bol."), _ctx())  # no figure
    undecidable = F.cut_pick(BALL, LEBRON)(_r("Cut LeBron 1.0."), _ctx())
    assert undecidable == "check undecidable: neither is below in every counting stat"


# --- trades ------------------------------------------------------------------------------------------------------
def test_trades_get_pos():
    check = F.trades_get_pos("C")
    assert check(_r(_trades([("Bol Bol + Nic Claxton", "Jarrett Allen"), ("Beal + Conley", "Jakob Poeltl")])),
                 _ctx()) is None
    assert check(_r(_trades([("Bol Bol + Nic Claxton", "Jarrett Allen"), ("Beal + Conley", "Dyson Daniels")])), _ctx())
    assert check(_r("No trades found that bring back a center."), _ctx()) is None
    assert check(_r("Here you go."), _ctx())


def test_trades_at_most():
    rows = [("Evan Mobley", f"Player {i}") for i in range(5)]
    assert F.trades_at_most(3)(_r(_trades(rows[:3])), _ctx()) is None
    assert F.trades_at_most(3)(_r(_trades(rows)), _ctx())
    assert F.trades_at_most(3)(_r("No trades found."), _ctx()) is None
    assert F.trades_at_most(3)(_r("Sure."), _ctx())


# --- cards ---------------------------------------------------------------------------------------------------------
def test_why_top_add_not():
    prev = _r(cards=[_card(BRAUN, BOL)])
    check = F.why_top_add_not(PRITCHARD)
    assert check(_r("Braun's 29.4 a game beats Pritchard's 28.8, and he has 3 games left."), _ctx(prev, _r())) is None
    assert check(_r("Braun is just better than Pritchard."), _ctx(prev, _r()))
    assert check(_r("Braun is at 29.4 and 3.0 games."), _ctx(prev, _r()))  # Pritchard not named
    already = _r(cards=[_card(PRITCHARD, BOL)])
    assert check(_r("The card already adds Payton Pritchard."), _ctx(already, _r())) is None


def test_card_add_games_left():
    prev = _r(cards=[_card(BRAUN, BOL)])
    n = max(K.games_between(BRAUN, AS_OF, WEEK_END), K.games_between(BRAUN, AS_OF + dt.timedelta(days=1), WEEK_END))
    assert F.card_add_games_left(_r(f"Christian Braun has {n} games left this week."), _ctx(prev, _r())) is None
    assert F.card_add_games_left(_r(f"Christian Braun has {n + 2} games left this week."), _ctx(prev, _r()))
    assert F.card_add_games_left(_r(f"Bol Bol has {n} games left."), _ctx(prev, _r()))
    assert F.card_add_games_left(_r("He has 3 games left."), _ctx(_r(), _r()))  # no card earlier


def test_added_last_n():
    card = _card(BRAUN, BOL, "m7")
    ctx = _ctx(_r(cards=[card]), _r(), decided=["m7"])
    five = _avg(BRAUN, "pts", 5)
    assert F.added_last_n(5)(_r(f"Christian Braun: {five:.1f} points a game over his last 5."), ctx) is None
    assert F.added_last_n(5)(_r(f"Christian Braun: {_avg(BRAUN, 'pts'):.2f} points a game this season."), ctx)
    assert F.added_last_n(5)(_r(f"He's at {five:.1f} over his last 5."), ctx)  # not named
    assert F.added_last_n(5)(_r(f"Braun: {five:.1f}."), _ctx(_r(), _r()))  # nothing decided


def test_kept_or_said():
    check = F.kept_or_said(BOL)
    assert check(_r(cards=[_card("Santi Aldama", BOGDAN)]), _ctx()) is None
    assert check(_r(cards=[_card("Santi Aldama", BOL)]), _ctx())
    assert check(_r(cards=[_card("Santi Aldama", BOL, kind="ir")]), _ctx()) is None  # an IR move keeps him
    said = _r("I can't protect Bol Bol from the moves, but you can decline any card that drops him.")
    assert check(said, _ctx()) is None
    assert check(_r("Sure thing."), _ctx())


# --- words ---------------------------------------------------------------------------------------------------------
def test_explains_term():
    stream = F.explains_term(r"stream", r"(pick|add|grab|sign)\w*[^.]*(free agent|waiver|games?)|swap|short[- ]term")
    assert stream(_r("Streaming means picking up a free agent for his games this week, then dropping him."),
                  _ctx()) is None
    assert stream(_r("You should stream Bogdanović: 13.9 against 24.0."), _ctx())
    punt = F.explains_term(r"\bpunt", r"give up|ignor|conced")
    assert punt(_r("To punt a category is to give up on it on purpose and build for the other eight."), _ctx()) is None
    assert punt(_r("Punting FT% fits Claxton and Mobley."), _ctx())


def test_scope_with_figure():
    check = F.scope_with_figure(r"contract|salar|paid", BEAL)
    assert check(_r("I don't have contract or salary data. Beal gives you 31.4 fantasy points a game."), _ctx()) is None
    assert check(_r("I don't have salary data."), _ctx())  # Beal not named, nothing offered
    assert check(_r("Beal is paid $50M, worth it at 31.4."), _ctx())  # answered as if modelled
    assert check(_r("I don't have contract data for Bradley Beal."), _ctx())  # no figure
