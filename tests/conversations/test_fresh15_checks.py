"""fresh15's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV at 2025-01-29).
Catches a check that cannot fail (a relayed swap judged on other players, a schedule that stops before the
asked day, a rest-of-season list passed off as this week's, seven rows for 'a handful', the last guy named
for 'the first one', the real-points leader called the best in fantasy points, a two-game player said to
have the most left, totals missing, a hold on the lower figure, a card's number restated with no unit, a
category's chance never given, a next-week count wrong) or one that fails every right answer; and the set
cut down or lopsided (`test_the_sixteenth_set_is_whole`: 25 whole conversations, 13 points and 12
categories, >= 9 deciding a card and going on, a D always after a T, >= 15 classes, unique f15- ids, >= 2
checks on every message and >= 1 on every decision).
"""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations import fresh15_checks as F
from tests.conversations.checks import AS_OF, NEXT_WEEK, WEEK_END, Ctx
from tests.conversations.fresh13_checks import fpts_avg
from tests.conversations.fresh15 import BOL, BRAUN, FEB3, FRESH15, JJJ, PRITCHARD
from tests.conversations.suite import BALL, BARNES, BOGDAN, COLLINS, MOBLEY, D, T
from tests.conversations.test_fresh10_checks import _r, _table

TYUS = "Tyus Jones"


def _ctx(*results, decided=(), scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=None)


def _card(add, drop, mid="m1", kind="swap", gain=57.2):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop, "kind": kind,
            "title": f"Drop {drop}, add {add}", "expected_gain": gain}


def test_the_sixteenth_set_is_whole():
    assert len(FRESH15) == 25 and len({c.id for c in FRESH15}) == 25
    assert all(c.id.startswith("f15-") and 2 <= len(c.turns) <= 4 and c.cls for c in FRESH15)
    assert sum(c.scoring == "points" for c in FRESH15) == 13
    assert sum(c.scoring == "categories" for c in FRESH15) == 12
    assert all(not isinstance(c.turns[0], D) for c in FRESH15)
    # a decision needs a message before it (the cards it decides)
    assert all(isinstance(c.turns[i - 1], T) for c in FRESH15 for i, t in enumerate(c.turns) if isinstance(t, D))
    goes_on = [c for c in FRESH15 if any(isinstance(t, D) and any(isinstance(u, T) for u in c.turns[i + 1:])
                                         for i, t in enumerate(c.turns))]
    assert len(goes_on) >= 9
    assert len({c.cls for c in FRESH15}) >= 15
    # every message has a check beyond 'no error'; every decision checks that no decided card comes back
    assert all(len(t.checks) >= 2 for c in FRESH15 for t in c.turns if isinstance(t, T))
    assert all(len(t.checks) >= 1 for c in FRESH15 for t in c.turns if isinstance(t, D))


# --- predicates ------------------------------------------------------------------------------------------
def test_predicates():
    assert F.lacks_cat("AST")(None) and F.lacks_cat("AST")(["STL", "REB"]) and not F.lacks_cat("AST")(["ast"])
    assert F.on_date(FEB3)("2025-02-03") and F.on_date(FEB3)(FEB3) and not F.on_date(FEB3)("2025-02-02")
    assert not F.on_date(FEB3)(None)
    assert F.in_range(3, 6)(5) and not F.in_range(3, 6)(10) and not F.in_range(3, 6)(None)


# --- what reached the tools --------------------------------------------------------------------------------
def test_move_call():
    check = F.move_call(COLLINS, BRAUN)
    assert check(_r(calls=[("evaluate_move", {"drop": "collins", "add": "Braun"})]), _ctx()) is None
    assert check(_r(calls=[("validate_slot_fit", {"add": "Christian Braun", "drop": "John Collins"})]), _ctx()) is None
    assert check(_r(calls=[("evaluate_move", {"drop": "Jaden Ivey", "add": "Christian Braun"})]), _ctx())
    assert check(_r(calls=[("evaluate_move", {"drop": "Braun", "add": "Collins"})]), _ctx())  # the other way round
    assert check(_r(calls=[("evaluate_move", {"drop": "collins", "add": "Braun"})], tx=[{"id": 1}]), _ctx())


def test_schedule_on():
    check = F.schedule_on(FEB3)
    assert check(_r(calls=[("get_schedule", {"start": "2025-02-03", "end": "2025-02-03"})]), _ctx()) is None
    assert check(_r(calls=[("get_schedule", {"start": "2025-02-03", "end": "2025-02-09"})]), _ctx()) is None
    assert check(_r(calls=[("compose_daily_lineup", {"date": "2025-02-03"})]), _ctx()) is None
    # the default window ends on Sunday Feb 2: the asked Monday is not in it
    assert check(_r(calls=[("get_schedule", {})]), _ctx())
    assert check(_r(calls=[("get_schedule", {"start": "2025-02-04", "end": "2025-02-09"})]), _ctx())
    assert check(_r(calls=[("compose_daily_lineup", {"date": "2025-02-01"})]), _ctx())


def test_fa_this_week():
    assert F.fa_this_week(_r(calls=[("get_free_agents", {})]), _ctx()) is None
    assert F.fa_this_week(_r(calls=[("get_free_agents", {"horizon": "this_week", "limit": 5})]), _ctx()) is None
    assert F.fa_this_week(_r(calls=[("get_free_agents", {"horizon": "rest_of_season"})]), _ctx())
    assert F.fa_this_week(_r(calls=[("get_free_agents", {"horizon": "rest_of_season"}), ("get_free_agents", {})]),
                          _ctx())
    assert F.fa_this_week(_r(calls=[("get_player_rankings", {"availability": "free_agents", "sort": "ros_value"})]),
                          _ctx())
    assert F.fa_this_week(_r(calls=[("get_free_agents", {"horizon": "next_week"})]), _ctx())


# --- tables ----------------------------------------------------------------------------------------------------
def test_table_len_between():
    check = F.table_len_between(3, 6)
    assert check(_r(_table([BRAUN, PRITCHARD, TYUS])), _ctx()) is None
    assert check(_r(_table([BRAUN, PRITCHARD, TYUS, "Santi Aldama", "Naz Reid"])), _ctx()) is None
    assert check(_r(_table([BRAUN, PRITCHARD])), _ctx())
    assert check(_r(_table([f"Player {i}" for i in range(10)])), _ctx())
    assert check(_r("Braun, Pritchard and Jones."), _ctx())


def test_has_player_table():
    assert F.has_player_table(3)(_r(_table([BRAUN, PRITCHARD, TYUS])), _ctx()) is None
    assert F.has_player_table(3)(_r(_table([BRAUN])), _ctx())
    assert F.has_player_table(2)(_r("Christian Braun is the best pickup."), _ctx())


def test_first_list_row():
    first = _r(_table([BRAUN, PRITCHARD, TYUS]))
    between = _r("You lead Zone Defense 512.4 to 480.1.\n" + _table(["Nikola Jokić", "Trae Young"]))
    check = F.first_list_row(0)
    assert check(_r("Christian Braun has 3 games left this week."), _ctx(first, between, _r())) is None
    assert check(_r("Tyus Jones has 3 games left."), _ctx(first, between, _r()))  # the last one
    assert check(_r("Nikola Jokić has 3 games left."), _ctx(first, between, _r()))  # the matchup's table
    assert check(_r("Not Tyus Jones: Christian Braun has 3 left."), _ctx(first, between, _r()))
    assert check(_r("Braun: 3 games."), _ctx(_r("no list"), _r()))


# --- who leads ---------------------------------------------------------------------------------------------------
def test_fpts_leader():
    # the trap: Jackson leads the last 10 in real points, Barnes in fantasy points
    assert K.last_n_avg(JJJ, "pts", 10) > K.last_n_avg(BARNES, "pts", 10)
    assert fpts_avg(BARNES, 10) > fpts_avg(JJJ, 10) > fpts_avg(MOBLEY, 10)
    check = F.fpts_leader(10, BARNES, MOBLEY, JJJ)
    right = (f"Scottie Barnes has been the best: {fpts_avg(BARNES, 10):.1f} fantasy points a game over his last 10, "
             f"to Jackson's {fpts_avg(JJJ, 10):.1f} and Mobley's {fpts_avg(MOBLEY, 10):.1f}.")
    assert check(_r(right), _ctx()) is None
    assert check(_r("Jaren Jackson Jr. has been the best, 23.3 points a game over his last 10."), _ctx())
    assert check(_r("All three are fine."), _ctx())


def test_most_games_left_today():
    assert K.games_between(BARNES, AS_OF, WEEK_END) == 3 and K.games_between(JJJ, AS_OF, WEEK_END) == 2
    check = F.most_games_left_today(BARNES, MOBLEY, JJJ)
    assert check(_r("Barnes and Mobley have the most, 3 games each; Jackson has 2."), _ctx()) is None
    assert check(_r("Mobley has the most games left: 3."), _ctx()) is None
    assert check(_r("Jaren Jackson Jr. has the most games left this week."), _ctx())
    assert check(_r("They have 3, 3 and 2."), _ctx())


def test_season_total_shown():
    # the trap of the turn before: LaMelo is ahead per minute, Mobley in total fantasy points
    assert fpts_avg(BALL) > fpts_avg(MOBLEY)
    rows = {n: len(F._rows(n)) for n in (BALL, MOBLEY)}
    tb, tm = round(fpts_avg(BALL) * rows[BALL]), round(fpts_avg(MOBLEY) * rows[MOBLEY])
    assert tm > tb
    check = F.season_total_shown(BALL, MOBLEY)
    assert check(_r(f"Mobley has more: {tm:,} fantasy points to LaMelo's {tb:,} (Ball has missed games)."),
                 _ctx()) is None
    assert check(_r(f"Mobley {tm} fp, Ball {tb} fp."), _ctx()) is None
    assert check(_r(f"Mobley has more: {tm:,} fantasy points."), _ctx())  # Ball's total missing
    assert check(_r("Mobley has more: 39.98 a game against 46.77."), _ctx())  # per game, not totals
    assert check(_r(f"Mobley {tm + 40}, Ball {tb - 30}."), _ctx())


# --- verdicts ----------------------------------------------------------------------------------------------------
def test_droppable_verdict():
    check = F.droppable_verdict(BOGDAN)
    assert check(_r("Yes, Bogdanović is droppable: 13.9 expected this week against a streamer's 24.0."),
                 _ctx()) is None
    assert check(_r("Drop him. Bogdanovic 13.9 vs 24.0 for the best free agent."), _ctx()) is None
    assert check(_r("Bogdanović is not droppable: 30.5 for him against a replacement's 24.0."), _ctx()) is None
    assert check(_r("No, keep Bogdanović: 13.9 expected against a streamer's 24.0."), _ctx())
    assert check(_r("Yes, cut Bogdanovic: 30.5 against a streamer's 24.0."), _ctx())
    assert check(_r("Yes, he's droppable."), _ctx())  # no figures behind it


def test_gain_explained():
    prev = _r(cards=[_card(BRAUN, BOL, gain=57.2)])
    right = ("+57.2 is the expected gain in fantasy points from adding Christian Braun for Bol Bol, this week and "
             "over the rest of the season.")
    assert F.gain_explained(_r(right), _ctx(prev, _r())) is None
    assert F.gain_explained(_r("The 57 means Braun adds 57 fantasy points over the season."), _ctx(prev, _r())) is None
    assert F.gain_explained(_r("+63 is the expected fantasy points gain for Braun this week."), _ctx(prev, _r()))
    assert F.gain_explained(_r("+57.2 for Braun, this week."), _ctx(prev, _r()))  # no unit
    assert F.gain_explained(_r("+57.2 fantasy points."), _ctx(prev, _r()))  # whose?
    assert F.gain_explained(_r(right), _ctx(_r(), _r()))  # no card earlier
    cats = _r(cards=[_card(BRAUN, BOL, gain=0.25)])
    said = "+0.25 is the expected number of categories Braun swings your way this week."
    assert F.gain_explained(_r(said), _ctx(cats, _r(), scoring="categories")) is None
    assert F.gain_explained(_r("+0.25 for Braun this week."), _ctx(cats, _r(), scoring="categories"))


def test_cat_chance_said():
    check = F.cat_chance_said("STL")
    assert check(_r("Steals: you have a 62% chance to win them this week."), _ctx()) is None
    assert check(_r("| Category | You | Them | Win |\n|---|---|---|---|\n| STL | 12 | 9 | 71% |"), _ctx()) is None
    assert check(_r("STL win probability 55.3 %."), _ctx()) is None
    assert check(_r("You're up 3 steals so far."), _ctx())
    assert check(_r("Blocks: 62% to win. Steals are close."), _ctx())


def test_added_next_week_games():
    n = K.games_between(BRAUN, *NEXT_WEEK)
    card = _card(BRAUN, BOL, "m5")
    ctx = _ctx(_r(cards=[card]), _r(), decided=["m5"])
    assert F.added_next_week_games(_r(f"Christian Braun plays {n} games next week (Feb 3-9)."), ctx) is None
    assert F.added_next_week_games(_r(f"Braun: next week he has {n} games."), ctx) is None
    assert F.added_next_week_games(_r(f"Christian Braun plays {n + 1} games next week."), ctx)
    assert F.added_next_week_games(_r(f"He plays {n} games next week."), ctx)  # not named
    assert F.added_next_week_games(_r(f"Christian Braun plays {n} games."), _ctx(_r(), _r()))  # nothing decided
    assert K.games_between(PRITCHARD, *NEXT_WEEK) != n  # another add would be another count
    other = _ctx(_r(cards=[_card(PRITCHARD, BOL, "m6")]), _r(), decided=["m6"])
    assert F.added_next_week_games(_r(f"Payton Pritchard plays {n} games next week."), other)
