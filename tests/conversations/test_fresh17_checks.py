"""fresh17's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no assistant
run: the results are dicts written here, the facts computed from the CSV at 2025-01-29 and a league written here
as the demo league has it: my roster and its statuses, a wire, free agents' eligibility). Catches a check that
cannot fail (a forward in a guards-only list, the wrong player as the drop, a schedule that stops at Sunday, a
waiting card dropped by a question, a made-up gap between two cards, the added player offered again, a two-game
player picked for the most games next week, a one-list player said to be on both, a weak shot blocker first, the
wrong trade for assists, a percentage that is not his, the worse shooter called better, a game tonight or on
Thursday denied or invented, a Saturday verdict against the schedule, a miscounted day, a healthy player called
iffy, games through the 9th miscounted, a French count that is wrong, the dropped player still in the lineup) or
one that fails every right answer; and the set cut down or lopsided (`test_the_eighteenth_set_is_whole`).
"""
from __future__ import annotations

from types import SimpleNamespace as NS

from tests.conversations import checks as K
from tests.conversations import fresh17_checks as F
from tests.conversations.checks import AS_OF, Ctx
from tests.conversations.fresh17 import BOL, BRAUN, FEB9, FRESH17, JJJ, SAT, SUN, THU
from tests.conversations.suite import BEAL, BOGDAN, CLAXTON, COLLINS, CONLEY, IVEY, MOBLEY, SGA, D, T
from tests.conversations.test_fresh10_checks import _r, _table

TYUS, HERB, ALDAMA, MISSI, PRITCHARD = "Tyus Jones", "Herbert Jones", "Santi Aldama", "Yves Missi", "Payton Pritchard"
EDEY, WILLIAMS, CLINGAN, STEWART, WATSON = ("Zach Edey", "Robert Williams", "Donovan Clingan", "Isaiah Stewart",
                                            "Peyton Watson")
PAUL, HART, CADE, FOX = "Chris Paul", "Isaiah Hartenstein", "Cade Cunningham", "De'Aaron Fox"

# my roster on 2025-01-29 (`python -m services roster`): name, status, eligibility
ROSTER = [(SGA, "ACTIVE", "PG G"), ("LeBron James", "ACTIVE", "SF PF F"), ("Scottie Barnes", "ACTIVE", "SF PF F"),
          ("LaMelo Ball", "ACTIVE", "PG G"), (JJJ, "ACTIVE", "PF C F"), (MOBLEY, "ACTIVE", "PF C F"),
          (BEAL, "ACTIVE", "SG G"), (CLAXTON, "ACTIVE", "C"), (CONLEY, "ACTIVE", "PG G"), (COLLINS, "OUT", "PF C F"),
          (BOGDAN, "DTD", "SG G"), (IVEY, "OUT", "SG G"), (BOL, "DTD", "SF PF F")]
# free agents' eligibility in the demo league (its player records)
ELIGIBLE = {BRAUN: "SG G", TYUS: "PG G", PRITCHARD: "PG SG G", ALDAMA: "SF PF F", EDEY: "C", MISSI: "C"}
# the tests' wire: everyone here is a free agent, everyone else rostered
FREE = {BRAUN, TYUS, PRITCHARD, ALDAMA, EDEY, MISSI, WILLIAMS, CLINGAN, STEWART, WATSON}


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
        return None if name in FREE else 4

    def player_status(self, name):
        return NS(status="ACTIVE")


def _ctx(*results, decided=(), scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=_Source())


def _card(add, drop, mid="m1", kind="swap", gain=57.2):
    return {"move_id": mid, "add": add, "drop": drop, "add_id": add, "drop_id": drop, "kind": kind,
            "title": f"Drop {drop}, add {add}" if kind == "swap" else f"Move {drop} to IR, add {add}",
            "expected_gain": gain}


def _trades(*rows):
    return "| You give | You get | Value |\n|---|---|---|\n" + "".join(f"| {g} | {h} | +1.2 |\n" for g, h in rows)


def _approved(add, drop=BOL):
    """A conversation that offered and approved one card: its results so far."""
    return _r(f"Drop {drop}, add {add}.", cards=[_card(add, drop)]), _r("Done.")


def test_the_eighteenth_set_is_whole():
    assert len(FRESH17) == 25 and len({c.id for c in FRESH17}) == 25
    assert all(c.id.startswith("f17-") and 2 <= len(c.turns) <= 4 and c.cls for c in FRESH17)
    assert sum(c.scoring == "points" for c in FRESH17) == 13
    assert sum(c.scoring == "categories" for c in FRESH17) == 12
    assert all(not isinstance(c.turns[0], D) for c in FRESH17)
    # a decision needs a message before it (the cards it decides)
    assert all(isinstance(c.turns[i - 1], T) for c in FRESH17 for i, t in enumerate(c.turns) if isinstance(t, D))
    assert all(t.decision in ("approve", "decline") for c in FRESH17 for t in c.turns if isinstance(t, D))
    goes_on = [c for c in FRESH17 if any(isinstance(t, D) and any(isinstance(u, T) for u in c.turns[i + 1:])
                                         for i, t in enumerate(c.turns))]
    assert sum(c.decides for c in FRESH17) >= 11 and len(goes_on) >= 10
    assert len({c.cls for c in FRESH17}) >= 20
    # every message has a check beyond 'no error'; every decision checks that no decided card comes back
    assert all(len(t.checks) >= 3 for c in FRESH17 for t in c.turns if isinstance(t, T))
    assert all(len(t.checks) >= 1 for c in FRESH17 for t in c.turns if isinstance(t, D))
    # every turn after a decision checks that the decided card is not pending again
    nd = K.decided_not_pending().__code__
    for c in FRESH17:
        first = next((i for i, t in enumerate(c.turns) if isinstance(t, D)), None)
        if first is not None:
            assert all(any(getattr(x, "__code__", None) is nd for x in t.checks) for t in c.turns[first:]), c.id


# --- the league's facts -------------------------------------------------------------------------------------------
def test_listed_eligible():
    check = F.listed_eligible("G")
    assert check(_r(_table([BRAUN, TYUS, PRITCHARD])), _ctx()) is None
    assert check(_r(_table([BRAUN, ALDAMA])), _ctx())  # Aldama is SF/PF
    assert check(_r("Braun and Jones."), _ctx())  # no table
    assert check(_r(_table([BRAUN, "Nobody Atall"])), _ctx())  # not a player the league knows


# --- what reached the tools ---------------------------------------------------------------------------------------
def test_drop_reached():
    check = F.drop_reached(BOGDAN, "bogdonavic")
    assert check(_r(calls=[("evaluate_move", {"drop": "bogdonavic", "add": TYUS})]), _ctx()) is None
    assert check(_r(calls=[("optimize_matchup", {"allow_drop": ["Bogdan Bogdanović"]})]), _ctx()) is None
    assert check(_r(cards=[_card(TYUS, BOGDAN)]), _ctx()) is None
    assert check(_r(calls=[("evaluate_move", {"drop": "Bol Bol", "add": TYUS})]), _ctx())
    assert check(_r(cards=[_card(TYUS, BOL)]), _ctx())
    assert check(_r(cards=[_card(TYUS, BOGDAN)], tx=[{"id": 1}]), _ctx())


def test_schedule_to():
    check = F.schedule_to(FEB9)
    assert check(_r(calls=[("get_schedule", {"names": ["Shai"], "end": "2025-02-09"})]), _ctx()) is None
    assert check(_r(calls=[("compare_players", {"names": [SGA, BEAL], "end": "2025-02-09"})]), _ctx()) is None
    assert check(_r(calls=[("get_schedule", {"names": ["Shai"]})]), _ctx())  # the week's end, not the 9th
    assert check(_r(calls=[("get_schedule", {"end": "2025-02-02"})]), _ctx())


# --- cards --------------------------------------------------------------------------------------------------------
def test_prev_cards_pending():
    cards = [_card(BRAUN, BOL), _card(TYUS, BOGDAN, "m2", gain=41.5)]
    prev = _r("Two moves.", cards=cards)
    assert F.prev_cards_pending(_r("Because ...", cards=cards), _ctx(prev, _r())) is None
    assert F.prev_cards_pending(_r("Because ...", cards=cards[:1]), _ctx(prev, _r()))
    assert F.prev_cards_pending(_r("Because ..."), _ctx(prev, _r()))
    assert F.prev_cards_pending(_r("Done.", cards=cards, tx=[{"id": 1}]), _ctx(prev, _r()))
    assert F.prev_cards_pending(_r("Because ...", cards=cards), _ctx(_r(), _r()))  # no card before


def test_cards_gap():
    prev = _r("Two moves.", cards=[_card(BRAUN, BOL), _card(TYUS, BOGDAN, "m2", gain=41.5)])
    check = F.cards_gap(0, 1)
    both = _r("Braun is worth +57.2 this week; Tyus Jones +41.5.")
    assert check(both, _ctx(prev, both)) is None
    gap = _r("Taking Tyus Jones instead of Braun costs you about 15.7 fantasy points.")
    assert check(gap, _ctx(prev, gap)) is None
    wrong = _r("Taking Tyus Jones instead of Braun costs you about 20.3 fantasy points.")
    assert check(wrong, _ctx(prev, wrong))
    unnamed = _r("The second one gives up 15.7 points against the first.")
    assert check(unnamed, _ctx(prev, unnamed))
    assert check(both, _ctx(_r(), both))  # no cards before
    assert check(_r(both["answer"], tx=[{"id": 1}]), _ctx(prev, both))


def test_cards_never_add_decided():
    offered, done = _approved(BRAUN)
    assert F.cards_never_add_decided(_r(cards=[_card(TYUS, BOGDAN, "m2")]), _ctx(offered, done, decided=["m1"])) is None
    again = _r(cards=[_card(BRAUN, BOGDAN, "m2")])
    assert F.cards_never_add_decided(again, _ctx(offered, done, again, decided=["m1"]))
    assert F.cards_never_add_decided(again, _ctx(_r(), again))  # nothing decided


def test_card_adds_prev_most_next_week():
    # next week (Feb 3-9, the box scores through Feb 7): Braun 3, Pritchard 2, Missi 2
    assert (K.games_between(BRAUN, *K.NEXT_WEEK), K.games_between(PRITCHARD, *K.NEXT_WEEK),
            K.games_between(MISSI, *K.NEXT_WEEK)) == (3, 2, 2)
    prev = _r(_table([PRITCHARD, BRAUN, MISSI]))
    good = _r(cards=[_card(BRAUN, BOL)])
    assert F.card_adds_prev_most_next_week(good, _ctx(prev, good)) is None
    wrong = _r(cards=[_card(PRITCHARD, BOL)])
    assert F.card_adds_prev_most_next_week(wrong, _ctx(prev, wrong))
    assert F.card_adds_prev_most_next_week(_r(), _ctx(prev, _r()))  # no card
    assert F.card_adds_prev_most_next_week(good, _ctx(_r("no list"), good))


# --- lists --------------------------------------------------------------------------------------------------------
def test_on_both_lists():
    a, b = _r(_table([BRAUN, TYUS, ALDAMA])), _r(_table([TYUS, HERB, MISSI]))
    for answer, right in [("Just one: Tyus Jones is on both lists.", True),
                          ("Tyus is the only name on both.", True),
                          ("Herbert Jones is on both.", False),  # the other Jones
                          ("Christian Braun and Tyus Jones are on both lists.", False),  # Braun is on one
                          ("Nobody.", False)]:
        got = F.on_both_lists(_r(answer), _ctx(a, b, _r(answer)))
        assert (got is None) == right, (answer, got)
    c2 = _r(_table([EDEY, PRITCHARD]))
    assert F.on_both_lists(_r("Nobody is on both lists."), _ctx(a, c2, _r())) is None
    assert F.on_both_lists(_r("Braun is."), _ctx(a, c2, _r()))
    assert F.on_both_lists(_r("Tyus Jones."), _ctx(a, _r()))  # one list only


def test_first_row_top_in():
    check = F.first_row_top_in("blk", 5)  # the tests' wire: Williams, Clingan, Missi, Stewart, Watson block the most
    assert check(_r(_table([MISSI, EDEY])), _ctx()) is None
    assert check(_r(_table([WATSON])), _ctx()) is None  # the wire's best over his last 10
    assert check(_r(_table([BRAUN, MISSI])), _ctx())
    assert check(_r("Missi blocks 1.5 a game."), _ctx())  # no table


# --- trades -------------------------------------------------------------------------------------------------------
def test_prev_get_leader():
    # assists a game, season (last 10): Paul 8.2 (8.0), Hartenstein 4.1 (5.0), Cunningham 9.4 (9.0), Fox 6.2 (6.0)
    prev = _r(_trades(("LeBron James", f"{PAUL} + {HART}"), ("LeBron James", f"{HART} + {CADE}"),
                      ("LeBron James", FOX)))
    check = F.prev_get_leader("ast")
    for answer, right in [("The Hartenstein + Cunningham deal brings back the most assists, 13.5 a game.", True),
                          ("Cade Cunningham is the best passer of the lot.", True),
                          ("Chris Paul brings the most assists back.", False),
                          ("De'Aaron Fox is the best of them for assists.", False),
                          ("They all pass a bit.", False)]:
        got = check(_r(answer), _ctx(prev, _r(answer)))
        assert (got is None) == right, (answer, got)
    assert check(_r("Cade."), _ctx(_r("no trades"), _r()))


# --- figures ------------------------------------------------------------------------------------------------------
def test_pct_shown():
    check = F.pct_shown(JJJ, "fgm", "fga")
    season, last5 = F.pct(JJJ, "fgm", "fga"), F.pct(JJJ, "fgm", "fga", 5)
    assert check(_r(f"Jaren Jackson Jr. makes {100 * season:.1f}% of his shots this season."), _ctx()) is None
    assert check(_r(f"JJJ is at {season:.3f}"[:-5] + f"{season:.3f}"[1:] + " from the field."), _ctx()) is None
    assert check(_r(f"Lately it's better than it feels: {100 * last5:.0f}% over his last 5, Jackson."), _ctx()) is None
    assert check(_r("Jackson makes 45.2% of his shots."), _ctx())
    assert check(_r(f"{100 * season:.1f}% from the field."), _ctx())  # whose?


def test_pct_compared():
    # field goals: Mobley 56.7% (55.9% last 10) over Jackson 49.9% (51.4%); free throws: Jackson 78.2% (76.7%) over
    # Mobley 75.6% (69.0%)
    fg = F.pct_compared(JJJ, MOBLEY, "fgm", "fga", r"\bfg\b|field[- ]goal|shoot|shot|percent|%")
    for answer, right in [("Worse: JJJ shoots 49.9% to Mobley's 56.7%.", True),
                          ("Mobley's is higher, 56.7% vs 49.9%.", True),
                          ("It's worse than Mobley's: 49.9% to 56.7%.", True),
                          ("Jackson trails Mobley from the field, 49.9% to 56.7%.", True),
                          ("JJJ is the better shooter from the field, 49.9% to 56.7%.", False),
                          ("Better: JJJ shoots 49.9%.", False),
                          ("Both shoot fine.", False)]:
        got = fg(_r(answer), _ctx())
        assert (got is None) == right, (answer, got)
    # 'that' was his last-5 figure: over the last 5 Jackson (57.5%) beats Mobley (50.0%)
    assert fg(_r("Lately it's better: 57.5% over his last 5 against Mobley's 50.0%."), _ctx()) is None
    assert fg(_r("Mobley is better over the last 5, 50.0% to Jackson's 57.5%."), _ctx())
    ft = F.pct_compared(JJJ, MOBLEY, "ftm", "fta", r"\bft\b|free[- ]throw|\bline\b|percent|%")
    assert ft(_r("From the line it flips: JJJ is better, 78.2% to Mobley's 75.6%."), _ctx()) is None
    assert ft(_r("Better. He hits 78.2% at the line."), _ctx()) is None
    assert ft(_r("Mobley is better at the line."), _ctx())


# --- days and games -----------------------------------------------------------------------------------------------
def test_day_verdicts():
    tonight = F.day_verdicts(AS_OF, BEAL)  # Phoenix plays on the as-of Wednesday
    for answer, right in [("No tip-off times in my data, but yes, Beal plays tonight.", True),
                          ("I can't see start times; the Suns host Detroit tonight.", True),
                          ("I don't have tip-off times. He's in action tonight (vs. Detroit).", True),
                          ("Beal doesn't play tonight.", False),
                          ("He's off tonight.", False),
                          ("I don't have tip times.", False)]:
        got = tonight(_r(answer), _ctx())
        assert (got is None) == right, (answer, got)
    thu = F.day_verdicts(THU, BOGDAN, BOL)  # Atlanta plays Thursday, Phoenix does not
    assert K.plays_on(BOGDAN, THU) and not K.plays_on(BOL, THU)
    for answer, right in [("DTD means day-to-day. Bogdanović plays Thursday; Bol Bol doesn't.", True),
                          ("Bogdanović might not play Thursday even though Atlanta has a game, while Bol Bol has no "
                           "game.", True),
                          ("Bogdanović: yes (ATL at home). Bol Bol: no.", True),
                          ("Bogdanović plays Thursday but Bol Bol doesn't play.", True),
                          ("Neither plays Thursday.", False),
                          ("Both play Thursday.", False),
                          ("Bol Bol plays Thursday, Bogdanović has no game.", False)]:
        got = thu(_r(answer), _ctx())
        assert (got is None) == right, (answer, got)


def test_added_plays_on():
    assert K.plays_on(BRAUN, SAT) and not K.plays_on(ALDAMA, SAT)  # Denver plays Saturday, Memphis does not
    check = F.added_plays_on(SAT, "Saturday")
    offered, done = _approved(BRAUN)
    assert check(_r("Yes, Braun plays Saturday too."), _ctx(offered, done, _r(), decided=["m1"])) is None
    assert check(_r("No, he has no game Saturday."), _ctx(offered, done, _r(), decided=["m1"]))
    offered, done = _approved(ALDAMA)
    assert check(_r("No: Aldama is off Saturday."), _ctx(offered, done, _r(), decided=["m1"])) is None
    assert check(_r("Yes, Aldama plays Saturday."), _ctx(offered, done, _r(), decided=["m1"]))
    assert check(_r("Yes."), _ctx(_r(), _r()))  # nothing decided


def test_count_playing():
    # Thursday: LeBron, Jackson, Mobley, Conley, Collins (OUT), Bogdanović (DTD): 6, 5 not OUT, 4 ACTIVE
    check = F.count_playing(THU)
    for answer, right in [("Six of your guys have a game tomorrow.", True),
                          ("5 of them play Thursday (Collins is out).", True),
                          ("Four healthy players suit up: LeBron, JJJ, Mobley and Conley.", True),
                          ("3 players play tomorrow.", False),
                          ("LeBron, JJJ and Mobley play.", False)]:
        got = check(_r(answer), _ctx())
        assert (got is None) == right, (answer, got)
    # Sunday after adding Pritchard for Bol Bol: Barnes, Jackson, Mobley, Ivey (OUT), Pritchard: 5, or 4 not OUT
    after = F.count_playing(SUN, after_move=True)
    offered, done = _approved(PRITCHARD)
    assert after(_r("Five of your players go Sunday now."), _ctx(offered, done, _r(), decided=["m1"])) is None
    assert after(_r("4 guys play Sunday (Ivey is out)."), _ctx(offered, done, _r(), decided=["m1"])) is None
    assert after(_r("Three players go Sunday."), _ctx(offered, done, _r(), decided=["m1"]))
    assert after(_r("Five of your players go Sunday now."), _ctx(_r(), _r()))  # nothing decided


def test_iffy_named():
    check = F.iffy_named(THU)
    assert check(_r("Collins (OUT) and Bogdanović (DTD) are the iffy ones."), _ctx()) is None
    assert check(_r("Bogdanovic is day-to-day; the rest are healthy."), _ctx())  # Collins missing
    assert check(_r("Collins is OUT and Bogdanović is DTD. LeBron is questionable too."), _ctx())
    assert check(_r("Collins is OUT and Bogdanović is DTD. LeBron, Mobley and Conley are not iffy."), _ctx()) is None


def test_games_through():
    # Shai through Feb 9 (the box scores end Feb 7): Jan 29, Feb 1, 3, 5, 7: 5 games, 4 from tomorrow
    assert K.games_between(SGA, AS_OF, FEB9) == 5
    check = F.games_through(SGA, FEB9)
    assert check(_r("Shai has 5 games between now and Feb 7, where the schedule ends."), _ctx()) is None
    assert check(_r("SGA: 4 more games after tonight, through the 9th."), _ctx()) is None
    assert check(_r("| Player | Games |\n|---|---|\n| Shai Gilgeous-Alexander | 5 |"), _ctx()) is None
    assert check(_r("Shai has 6 games between now and the 9th."), _ctx())
    assert check(_r("Shai plays on Feb 5 and Feb 7."), _ctx())  # no count


def test_team_games_through():
    mine = [n for n, _, _ in ROSTER]
    total = sum(K.games_between(n, AS_OF, FEB9) for n in mine)
    check = F.team_games_through(FEB9)
    assert check(_r(f"Your roster has {total} games combined through Feb 7."), _ctx()) is None
    assert check(_r(f"Combined: {total}."), _ctx()) is None
    assert check(_r(f"Your roster has {total + 9} games combined."), _ctx())
    assert check(_r("Plenty of games."), _ctx())


def test_added_games_left_any():
    # Braun (DEN): Jan 29, 31 and Feb 1 left this week: 3, or 2 from tomorrow
    offered, done = _approved(BRAUN)
    ctx = _ctx(offered, done, _r(), decided=["m1"])
    assert F.added_games_left_any(_r("Il reste 3 matchs à Braun cette semaine."), ctx) is None
    assert F.added_games_left_any(_r("Braun a encore deux matchs après ce soir."), ctx) is None
    assert F.added_games_left_any(_r("Braun has three games left this week."), ctx) is None
    assert F.added_games_left_any(_r("Braun a 4 matchs cette semaine."), ctx)
    assert F.added_games_left_any(_r("Il lui reste 3 matchs."), ctx)  # not named
    assert F.added_games_left_any(_r("Braun: 3 matchs."), _ctx(_r(), _r()))  # nothing decided


# --- lineups after a move -----------------------------------------------------------------------------------------
def test_lineup_after_move():
    check = F.lineup_after_move(SAT)  # Braun (DEN) and Bol Bol (PHO) both play Saturday
    offered, done = _approved(BRAUN)
    ctx = _ctx(offered, done, _r(), decided=["m1"])
    lineup = "| Slot | Player |\n|---|---|\n| SG | Bradley Beal |\n| G | Christian Braun |\n"
    assert check(_r("Saturday:\n" + lineup), ctx) is None
    assert check(_r("Bol Bol was dropped for Braun.\n" + lineup), ctx) is None
    assert check(_r(lineup + "| UTIL | Bol Bol |\n"), ctx)  # the dropped player still starts
    assert check(_r("| Slot | Player |\n|---|---|\n| SG | Bradley Beal |\n"), ctx)  # Braun missing
    assert check(_r(lineup + "\nStart Bol Bol at F."), ctx)
    assert check(_r(lineup + "\nBraun takes Bol Bol's spot."), ctx) is None
    assert check(_r(lineup), _ctx(_r(), _r()))  # nothing decided
