"""fresh18's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no assistant
run: the results are dicts written here, the facts computed from the CSV at 2025-01-29 and a league written here
as the demo league has it: my roster and its statuses, a wire, free agents' eligibility). Catches a check that
cannot fail (the wrong card on top, an edit that kept the old drop, the first card repeated for 'the last one', a
rostered player taken for 'the first guy', a three-point figure that is not his, a clashing card called still
fine, a center added against 'no centers', a hurt player called healthy, no percent for a return, empty slots
miscounted before and after a move, a Saturday verdict against the schedule, a two-game player picked for the
most games, a two-game roster player named first for next week, a comparison through the wrong day, the
manager's guess echoed as a total, a wrong average, the wrong rebounder, the worse shooter picked, an out-of-scope
answer with nothing offered, a ranking opening with a star) or one that fails every right answer; and the set cut
down or lopsided (`test_the_nineteenth_set_is_whole`).
"""
from __future__ import annotations

from types import SimpleNamespace as NS

from tests.conversations import checks as K
from tests.conversations import fresh18_checks as F
from tests.conversations.checks import Ctx
from tests.conversations.fresh18 import ALVARADO, BOL, BRAUN, FEB7, FEB8, FRESH18, FRI, JEROME, PRITCHARD, SAT
from tests.conversations.suite import BOGDAN, COLLINS, CONLEY, SGA, D, T
from tests.conversations.test_fresh10_checks import _r, _table
from tests.conversations.test_fresh17_checks import ROSTER

TYUS, SOCHAN, ALDAMA, EDEY = "Tyus Jones", "Jeremy Sochan", "Santi Aldama", "Zach Edey"
ELIGIBLE = {BRAUN: "SG G", TYUS: "PG G", PRITCHARD: "PG SG G", SOCHAN: "PF C F", ALDAMA: "SF PF F", EDEY: "C",
            JEROME: "SG G", ALVARADO: "PG G"}
FREE = set(ELIGIBLE)
STATUS = {n: s for n, s, _ in ROSTER} | {n: "ACTIVE" for n in FREE}


def _pid(name: str) -> str:
    return K.player_rows()[K.fold(name)][-1]["player_id"]


class _Source:
    def roster(self, team_id=None):
        return NS(entries=[NS(player=NS(name=n, eligible=e.split() + ["UTIL"]), status=s, on_ir=False)
                           for n, s, e in ROSTER])

    def resolve_id(self, name):
        return _pid(name)

    def history(self):
        players = {_pid(n): NS(ref=NS(eligible=e.split() + ["UTIL"])) for n, e in ELIGIBLE.items()}
        return NS(snapshot=NS(players=players))

    def owner_of(self, pid):
        name = next(rows[-1]["player"] for rows in K.player_rows().values() if rows[-1]["player_id"] == pid)
        return None if name in FREE else 1

    def player_status(self, name):
        return NS(status=next(s for n, s in STATUS.items() if K.fold(n) == K.fold(name)))


def _ctx(*results, decided=(), scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=_Source())


def _card(add, drop, mid="m1", kind="swap", gain=12.5):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop, "kind": kind,
            "title": f"Drop {drop}, add {add}" if kind == "swap" else f"Move {drop} to IR, add {add}",
            "expected_gain": gain}


def _three():
    return [_card(BRAUN, BOL, "m1"), _card(TYUS, BOL, "m2"), _card(PRITCHARD, BOGDAN, "m3")]


# --- the set --------------------------------------------------------------------------------------------------------
def test_the_nineteenth_set_is_whole():
    assert len(FRESH18) == 25 and len({c.id for c in FRESH18}) == 25
    assert all(c.id.startswith("f18-") and 2 <= len(c.turns) <= 4 and c.cls for c in FRESH18)
    assert sum(c.scoring == "points" for c in FRESH18) == 13
    assert sum(c.scoring == "categories" for c in FRESH18) == 12
    assert all(not isinstance(c.turns[0], D) for c in FRESH18)
    # a decision needs a message before it (the cards it decides)
    assert all(isinstance(c.turns[i - 1], T) for c in FRESH18 for i, t in enumerate(c.turns) if isinstance(t, D))
    assert all(t.decision in ("approve", "decline") for c in FRESH18 for t in c.turns if isinstance(t, D))
    goes_on = [c for c in FRESH18 if any(isinstance(t, D) and any(isinstance(u, T) for u in c.turns[i + 1:])
                                         for i, t in enumerate(c.turns))]
    assert sum(c.decides for c in FRESH18) >= 11 and len(goes_on) >= 11
    assert len({c.cls for c in FRESH18}) == 25
    # every message has a check beyond 'no error'; every decision checks that no decided card comes back
    assert all(len(t.checks) >= 3 for c in FRESH18 for t in c.turns if isinstance(t, T))
    assert all(len(t.checks) >= 1 for c in FRESH18 for t in c.turns if isinstance(t, D))
    # every turn after a decision checks that the decided card is not pending again
    nd = K.decided_not_pending().__code__
    for c in FRESH18:
        first = next((i for i, t in enumerate(c.turns) if isinstance(t, D)), None)
        if first is not None:
            assert all(any(getattr(x, "__code__", None) is nd for x in t.checks) for t in c.turns[first:]), c.id


# --- cards ----------------------------------------------------------------------------------------------------------
def test_top_card_is():
    check = F.top_card_is(BOL, BRAUN)
    assert check(_r("Drop Bol Bol, add Braun.", cards=[_card(BRAUN, BOL)]), _ctx()) is None
    assert check(_r(cards=[_card(TYUS, BOL)]), _ctx())
    assert check(_r(cards=[_card(TYUS, BOL), _card(BRAUN, BOL, "m2")]), _ctx())  # not on top
    assert check(_r("Braun is a fine add."), _ctx())  # no card
    assert F.top_card_is(BOGDAN, PRITCHARD, "bogi")(_r(cards=[_card(PRITCHARD, BOGDAN)]), _ctx()) is None


def test_swap_call():
    check = F.swap_call(BOGDAN, PRITCHARD, "bogi")
    assert check(_r(calls=[("evaluate_move", {"drop": "bogi", "add": "pritchard"})]), _ctx()) is None
    assert check(_r(calls=[("validate_slot_fit", {"drop": BOGDAN, "add": PRITCHARD})]), _ctx()) is None
    assert check(_r(calls=[("evaluate_move", {"drop": "bol", "add": "pritchard"})]), _ctx())
    assert check(_r(calls=[("evaluate_move", {"drop": "bogi", "add": "pritchard"})], tx=[{"add": PRITCHARD}]), _ctx())


def test_edited_card():
    offered = _r("Three moves.", cards=_three())
    check = F.edited_card(1, BOGDAN, "bogi")
    edited = _r("Drop Bogdanović, add Tyus Jones.", cards=[_card(TYUS, BOGDAN, "m9")])
    assert check(edited, _ctx(offered, _r())) is None
    assert check(_r(cards=[_card(BRAUN, BOGDAN, "m9")]), _ctx(offered, _r()))  # card 1's add, not card 2's
    assert check(_r(cards=[_card(TYUS, BOL, "m2")]), _ctx(offered, _r()))  # the old drop kept
    assert check(_r("Tyus for Bogdanović."), _ctx(offered, _r()))  # no card
    assert check(_r(cards=[_card(TYUS, BOGDAN, "m9")]), _ctx(_r(), _r()))  # no earlier cards


def test_last_card_repeated():
    offered = _r("Three moves.", cards=_three())
    right = _r("Drop Bogdan Bogdanović, add Payton Pritchard: approve the card to make it.", cards=_three())
    assert F.last_card_repeated(right, _ctx(offered, right)) is None
    first = _r("Drop Bol Bol, add Christian Braun: approve it below.", cards=_three())
    assert F.last_card_repeated(first, _ctx(offered, first))
    gone = _r("Drop Bogdan Bogdanović, add Payton Pritchard: approve it.", cards=_three()[:2])
    assert F.last_card_repeated(gone, _ctx(offered, gone))
    done = _r("Drop Bogdan Bogdanović, add Payton Pritchard: approve it.", cards=_three(), tx=[{"add": PRITCHARD}])
    assert F.last_card_repeated(done, _ctx(offered, done))


def test_top_card_adds_prev_first():
    lineup = "| Slot | Player |\n|---|---|\n| SG | Bradley Beal |\n| SF | Scottie Barnes |\n\n"
    prev = _r("Friday: 5 open spots.\n\n" + lineup + _table([BRAUN, TYUS]))
    check = F.top_card_adds_prev_first(BOL)
    assert check(_r(cards=[_card(BRAUN, BOL)]), _ctx(prev, _r())) is None
    assert check(_r(cards=[_card(TYUS, BOL)]), _ctx(prev, _r()))  # the second guy
    assert check(_r(cards=[_card(BRAUN, CONLEY)]), _ctx(prev, _r()))  # the wrong drop
    carded = _r("Drop Bol Bol, add Tyus Jones.", cards=[_card(TYUS, BOL)])
    assert check(_r(cards=[_card(TYUS, BOL, "m2")]), _ctx(carded, _r())) is None
    assert check(_r(cards=[_card(BRAUN, BOL)]), _ctx(_r("No list."), _r()))


def test_card_stat_figure():
    offered = _r("Moves.", cards=[_card(BRAUN, BOL), _card(PRITCHARD, BOGDAN, "m2")])
    check = F.card_stat_figure(-1, "fg3m")
    assert check(_r("Pritchard hits 3.23 threes a game this season."), _ctx(offered, _r(), _r())) is None
    assert check(_r("Pritchard: 2.30 a game over his last 10."), _ctx(offered, _r(), _r())) is None
    assert check(_r("Pritchard hits 4.1 threes a game."), _ctx(offered, _r(), _r()))
    assert check(_r("Braun hits 3.23 threes a game."), _ctx(offered, _r(), _r()))  # the wrong card


def test_rejudged():
    offered = _r("Moves.", cards=_three())
    ctx = _ctx(offered, _r("Done."), _r(), decided=["m1"])
    # card 3 drops Bogdanović: no clash with the approved Bol -> Braun
    call = [("evaluate_move", {"drop": BOGDAN, "add": PRITCHARD})]
    assert F.rejudged(2)(_r("Pritchard for Bogdanović still gains 8.2.", call), ctx) is None
    assert F.rejudged(2)(_r("Pritchard is still fine."), ctx)  # no fresh verdict
    assert F.rejudged(2)(_r("Still worth it.", call), ctx)  # does not name the move
    # card 2 drops Bol Bol, already dropped by the approved card
    assert F.rejudged(1)(_r("Bol Bol is already gone, so the Tyus Jones move can no longer be made."), ctx) is None
    assert F.rejudged(1)(_r("Tyus Jones for Bol Bol: still +4.1."), ctx)
    assert F.rejudged(1)(_r("Tyus Jones is gone."), _ctx(offered, _r(), _r()))  # nothing decided


def test_card_add_not_pos():
    check = F.card_add_not_pos("C")
    assert check(_r(cards=[_card(TYUS, BOL)]), _ctx()) is None
    assert check(_r(cards=[_card(TYUS, BOL), _card(EDEY, BOGDAN, "m2")]), _ctx())
    assert check(_r(cards=[_card(SOCHAN, BOL)]), _ctx())  # eligible at C too
    assert check(_r("I can't keep centers out of the moves, so none are shown."), _ctx()) is None
    assert check(_r("No move found."), _ctx())


# --- status and return ----------------------------------------------------------------------------------------------
def test_status_said():
    check = F.status_said(BOL)  # DTD in the league
    assert check(_r("Not quite: Bol Bol is listed day-to-day, he's missed PHO's last 2 games."), _ctx()) is None
    assert check(_r("The podcast says he's healthy, but Bol Bol has missed 2 straight (DTD)."), _ctx()) is None
    assert check(_r("Yes, Bol Bol is fully healthy."), _ctx())
    assert check(_r("Bol Bol is day-to-day. He is healthy and good to go."), _ctx())  # both at once
    assert check(_r("Here are some free agents."), _ctx())
    jerome = F.status_said(JEROME)  # ACTIVE
    assert jerome(_r("He's not hurt: Ty Jerome played CLE's last game and is active."), _ctx()) is None
    assert jerome(_r("Ty Jerome is day-to-day."), _ctx())
    assert jerome(_r("Ty Jerome averages 23.6 fantasy points."), _ctx())


def test_chance_said():
    check = F.chance_said(COLLINS)
    assert check(_r("Collins has about a 37% chance to play by Sunday."), _ctx()) is None
    assert check(_r("John Collins: missed 3 straight.\nHe plays by Sunday with 36.9 %."), _ctx()) is None
    assert check(_r("Collins might be back soon."), _ctx())
    assert check(_r("Braun is 90% likely to start."), _ctx())


# --- days, slots and games ------------------------------------------------------------------------------------------
def test_open_slots_said():
    # Friday: Barnes, Ball, Beal play, Ivey (OUT) and Bol Bol (DTD) too: 7, 6 or 5 of the 10 slots open
    check = F.open_slots_said(FRI)
    assert check(_r("You'll have 7 empty starting spots Friday."), _ctx()) is None
    assert check(_r("Open slots Friday: 5 (counting Ivey and Bol Bol)."), _ctx()) is None
    assert check(_r("You'll have 3 empty spots Friday."), _ctx())
    assert check(_r("Friday looks thin."), _ctx())
    # after Bol Bol -> Braun (DEN plays Friday): 5 or 6 open
    offered, done = _r(cards=[_card(BRAUN, BOL)]), _r("Done.")
    after = F.open_slots_said(FRI, after_move=True)
    ctx = _ctx(offered, done, _r(), decided=["m1"])
    assert after(_r("Now 6 open spots Friday."), ctx) is None
    assert after(_r("Still 7 empty spots Friday."), ctx)
    assert after(_r("Now 6 open spots."), _ctx(_r(), _r()))  # nothing decided


def test_first_list_row_plays():
    first = _r(_table([BRAUN, TYUS, SOCHAN, PRITCHARD]))
    ctx = _ctx(first, _r(cards=[_card(BRAUN, BOL)]), _r("Done."), _r(), decided=["m1"])
    check = F.first_list_row_plays(3, SAT, "Saturday")  # Pritchard: BOS has no Saturday game
    assert check(_r("Pritchard doesn't play Saturday; Boston is off."), ctx) is None
    assert check(_r("Yes, Pritchard plays Saturday."), ctx)
    assert check(_r("Sochan plays Saturday."), ctx)  # the third guy
    assert F.first_list_row_plays(2, SAT, "Saturday")(_r("Sochan plays Saturday vs MIN."), ctx) is None


def test_added_weekend():
    ctx = _ctx(_r(cards=[_card(BRAUN, BOL)]), _r("Done."), _r(), decided=["m1"])  # DEN: Saturday, no Sunday
    assert F.added_weekend(_r("Braun plays Saturday, not Sunday."), ctx) is None
    assert F.added_weekend(_r("Braun has no game Saturday."), ctx)
    pctx = _ctx(_r(cards=[_card(PRITCHARD, BOL)]), _r("Done."), _r(), decided=["m1"])  # BOS: Sunday only
    assert F.added_weekend(_r("Yes: Pritchard plays Sunday at home."), pctx) is None
    assert F.added_weekend(_r("Pritchard has no game Sunday."), pctx)
    assert F.added_weekend(_r("Yes, Saturday."), _ctx(_r(), _r()))  # nothing decided


def test_most_left_of_first():
    # Caruso (OKC): tonight and Saturday left; Braun (DEN): tonight, Friday, Saturday (more either way counted)
    ctx = _ctx(_r(_table(["Alex Caruso", BRAUN])), _r("Braun has no game Sunday."), _r())
    assert F.most_left_of_first(_r("Braun has the most: 3 games left."), ctx) is None
    assert F.most_left_of_first(_r("Caruso has the most games left."), ctx)
    assert F.most_left_of_first(_r("No idea."), ctx)


def test_next_week_most_mine():
    # next week (Feb 3-9, the box scores through Feb 7): Barnes 3, LeBron James 2
    assert F.next_week_most_mine(_r("Scottie Barnes and most of your roster play 3 games."), _ctx()) is None
    assert F.next_week_most_mine(_r("LeBron James plays the most next week."), _ctx())
    assert F.next_week_most_mine(_r("Plenty of games."), _ctx())


def test_window_call():
    check = F.window_call(FEB7, FEB8, BRAUN, PRITCHARD)
    ok = [("compare_players", {"names": ["braun", "pritchard"], "end": "2025-02-07"})]
    assert check(_r(calls=ok), _ctx()) is None
    assert check(_r(calls=[("get_schedule", {"names": [BRAUN, PRITCHARD], "end": "2025-02-08"})]), _ctx()) is None
    assert check(_r(calls=[("compare_players", {"names": ["braun", "pritchard"], "end": "2025-02-02"})]), _ctx())
    assert check(_r(calls=[("compare_players", {"names": ["braun"], "end": "2025-02-07"})]), _ctx())


# --- figures --------------------------------------------------------------------------------------------------------
def test_week_total_said():
    check = F.week_total_said(BRAUN)  # 29.42 a game x 3 games left: 88.3
    assert check(_r("Close: 29.4 x 3 = 88.3, so about 88."), _ctx()) is None
    assert check(_r("Braun: about 88 over his 3 games."), _ctx()) is None
    assert check(_r("Yes, like 90."), _ctx())  # the guess echoed
    assert check(_r("Braun: about 120."), _ctx())
    fa = NS(player=NS(name=BRAUN), expected_per_game=27.15, value=29.41, score=81.44)
    src = _Source()
    src.free_agents = lambda limit=50: [fa]
    ctx = Ctx(scoring="points", results=[], decided=[], source=src)
    assert check(_r("His expected week: 81.4 points."), ctx) is None  # the wire's own total


def test_fp_avg_shown():
    assert F.fp_avg_shown(BRAUN)(_r("Christian Braun averages 29.4 fantasy points a game over the season."), _ctx()) is None
    assert F.fp_avg_shown(BRAUN)(_r("Braun averages 27.2 fantasy points."), _ctx())
    assert F.fp_avg_shown(BRAUN)(_r("He averages 29.4."), _ctx())  # not named


def test_prev_leader():
    ctx = _ctx(_r(_table([PRITCHARD, SOCHAN, TYUS])), _r())
    assert F.prev_leader("reb")(_r("Sochan is the best rebounder of them at 7.9 a game."), ctx) is None
    assert F.prev_leader("reb")(_r("Pritchard is the best on the boards."), ctx)
    assert F.prev_leader("reb")(_r("Pritchard is the best on the boards."), _ctx(_r(), _r()))  # no list


def test_dominant_pick():
    check = F.dominant_pick(JEROME, ALVARADO)
    assert check(_r("Ty Jerome is the better pick: 51.1% FG and 88.3% FT against 39.2% and 78.6%."), _ctx()) is None
    assert check(_r("Go with Alvarado, he steals more."), _ctx())
    assert check(_r("They're similar."), _ctx())
    assert F.dominant_pick(ALVARADO, JEROME)(_r("Go with Alvarado."), _ctx())  # refuses: he is not ahead


def test_scope_offer():
    check = F.scope_offer(r"veto|vot(e|es|ing)\b|between")
    right = "I can't weigh in on a veto vote between other teams. Here's where every team ranks instead."
    assert check(_r(right), _ctx()) is None
    assert check(_r("Vetoes aren't something I model, but I can rank the teams."), _ctx()) is None
    assert check(_r("I can't help with vetoes."), _ctx())  # nothing offered
    assert check(_r("Sure, veto it."), _ctx())  # no scope statement
    assert check(_r("I don't do veto votes.", calls=[("get_team_strength", {})]), _ctx()) is None


# --- tools, the roster ranked -------------------------------------------------------------------------------------
def test_lists_and_lacks():
    assert F.lists(BOGDAN, BOL)(["bogi", "bol bol"]) and not F.lists(BOGDAN, BOL)(["bol bol"])
    assert F.lacks("give", CONLEY)({"give": ["bogi", "bol"]}) and not F.lacks("give", CONLEY)({"give": ["conley"]})


_WORST_FIRST = [BOL, BOGDAN, "Jaden Ivey", CONLEY, "Nic Claxton", "Bradley Beal", COLLINS, "Scottie Barnes",
                "Evan Mobley", "Jaren Jackson Jr.", "LeBron James", "LaMelo Ball", SGA]


def test_ranked_worst_first():
    rows = "".join(f"| {i} | {n} | 0.0 |\n" for i, n in enumerate(_WORST_FIRST, 1))
    table = "| # | Player | z |\n|---|---|---|\n" + rows
    assert F.ranked_worst_first(_r("Worst to best:\n\n" + table), _ctx()) is None
    assert F.ranked_worst_first(_r("Best to worst:\n\n" + table.replace(BOL, "X").replace(SGA, BOL).replace("X", SGA)),
                                _ctx())
    assert F.ranked_worst_first(_r(", ".join(_WORST_FIRST) + "."), _ctx()) is None  # prose order
    assert F.ranked_worst_first(_r(", ".join(_WORST_FIRST[:6]) + "."), _ctx())  # not the whole team
    moved = [n for n in _WORST_FIRST if n != CONLEY] + [CONLEY]
    assert F.ranked_worst_first(_r(", ".join(moved) + "."), _ctx())  # closes with Conley


def test_top_card_drops_prev_worst():
    prev = _r(", ".join(_WORST_FIRST) + ".")
    assert F.top_card_drops_prev_worst(_r(cards=[_card(BRAUN, BOL)]), _ctx(prev, _r())) is None
    assert F.top_card_drops_prev_worst(_r(cards=[_card(BRAUN, CONLEY)]), _ctx(prev, _r()))
    assert F.top_card_drops_prev_worst(_r("Done."), _ctx(prev, _r()))


def test_better_over():
    # Braun: 29.4 season / 37.6 last 5 fantasy points, 6 games through Feb 7; Pritchard: 28.8 / 26.2, 5 games
    check = F.better_over(BRAUN, PRITCHARD, FEB7)
    assert check(_r("Braun is the better pick: 6 games to Pritchard's 5, and 37.6 a game lately."), _ctx()) is None
    assert check(_r("Go with Pritchard over the next 10 days."), _ctx())
    assert check(_r("Both have games."), _ctx())
    assert F.better_over(PRITCHARD, BRAUN, FEB7)(_r("Go with Pritchard."), _ctx())  # refuses: he is not ahead
