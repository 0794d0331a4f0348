"""fresh6's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV). Catches a check
that cannot fail (a wrong answer let through) or one that fails every right answer; and the set cut
down (20 whole conversations, both scorings, >= 3 deciding a card)."""
from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from tests.conversations import checks as K
from tests.conversations import fresh6_checks as F
from tests.conversations.fresh6 import FRESH6
from tests.conversations.checks import AS_OF, WEEK_END, Ctx


def _ctx(*results, decided=(), source=None, scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=source)


def _table(names, extra=("Owner",), cells=("Free agent",)):
    head = "| Player | " + " | ".join(extra) + " |\n|---|" + "---|" * len(extra) + "\n"
    return head + "".join(f"| {n} | " + " | ".join(cells) + " |\n" for n in names)


CARD = {"move_id": "m1", "title": "Drop Bol Bol -> Add Ty Jerome", "drop": "Bol Bol", "add": "Ty Jerome",
        "drop_id": "bolbo01", "add_id": "jeromty01", "kind": "swap", "expected_gain": 12.34}
IR_CARD = {"move_id": "m2", "title": "Move Jaden Ivey to IR -> Add Ty Jerome", "drop": "Jaden Ivey",
           "add": "Ty Jerome", "drop_id": "iveyja01", "add_id": "jeromty01", "kind": "ir", "expected_gain": 5.0}


def test_the_set_is_whole():
    assert len(FRESH6) == 20 and len({c.id for c in FRESH6}) == 20
    assert all(c.id.startswith("s6-") and 2 <= len(c.turns) <= 4 for c in FRESH6)
    assert {c.scoring for c in FRESH6} == {"points", "categories"} and sum(c.decides for c in FRESH6) >= 3


def test_alias_predicates():
    assert F.has(F.LEBRON, F.BALL)(["Bron", "Melo"]) and F.has(F.SGA)(["Shai Gilgeous-Alexander"])
    assert not F.has(F.LEBRON, F.BALL)(["LeBron James"]) and not F.has(F.SGA)(None)
    assert F._named_arg(F.CONLEY)({"name": "conley"}) and not F._named_arg(F.CONLEY)({"name": "Collins"})
    assert F._days(F.FRIDAY)(["2025-01-31"]) and F._days(F.FRIDAY)([F.FRIDAY])
    assert not F._days(F.FRIDAY)(["2025-01-30"]) and not F._days(F.FRIDAY)(None)


def _plays(day, yes=True):
    """Free agents (from the CSV's players) who play / do not play on `day`."""
    out = []
    for rows in K.player_rows().values():
        name = rows[-1]["player"]
        try:
            if K.plays_on(name, day) == yes:
                out.append(name)
        except (IndexError, KeyError):
            continue
        if len(out) == 3:
            return out
    return out


def test_all_play():
    yes, no = _plays(F.FRIDAY), _plays(F.FRIDAY, False)
    chk = F._all_play(F.FRIDAY)
    assert chk({"answer": _table([n + " (OUT)" for n in yes[:1]] + yes[1:])}, _ctx()) is None
    assert chk({"answer": _table(yes[:2] + no[:1])}, _ctx())
    assert chk({"answer": "nobody"}, _ctx())


def test_has_cards():
    assert F._has_cards()({"pending_approvals": [CARD]}, _ctx()) is None
    assert F._has_cards(3)({"pending_approvals": [CARD]}, _ctx())
    assert F._has_cards()({"pending_approvals": []}, _ctx())


def test_games_left_and_day_verdict():
    full = K.games_between(F.BALL, AS_OF, WEEK_END)
    assert F._games_left(F.BALL)({"answer": f"LaMelo Ball has {full} games left this week."}, _ctx()) is None
    assert F._games_left(F.BALL)({"answer": f"LaMelo Ball has {full + 2} games left this week."}, _ctx())
    assert K.plays_on(F.BALL, F.FRIDAY) and not K.plays_on(F.LEBRON, F.FRIDAY)  # the facts the turns rely on
    ball, bron = F._plays_day_verdict(F.BALL, F.FRIDAY, "Friday"), F._plays_day_verdict(F.LEBRON, F.FRIDAY, "Friday")
    assert ball({"answer": "Yes, he plays Friday (Jan 31) at home."}, _ctx()) is None
    assert ball({"answer": "No, he has no game Friday."}, _ctx())
    assert ball({"answer": "He has 3 games."}, _ctx())
    assert bron({"answer": "LeBron has 2 games. He does not play on Friday."}, _ctx()) is None
    assert bron({"answer": "LeBron plays Friday."}, _ctx())


def test_quoted_gain_answered():
    prev = {"pending_approvals": [CARD]}
    ok = {"answer": "I did not say +63: the top card, adding Ty Jerome, is +12.3 this week."}
    assert F._quoted_gain_answered(ok, _ctx(prev, ok)) is None
    bad = {"answer": "Yes, +63 is right for Ty Jerome."}
    assert F._quoted_gain_answered(bad, _ctx(prev, bad))
    unnamed = {"answer": "It is +12.3."}
    assert F._quoted_gain_answered(unnamed, _ctx(prev, unnamed))


def test_compares_top_drop():
    prev = {"pending_approvals": [CARD]}
    ok = {"answer": "Bol Bol is worth 14.2 rest of season; LeBron James 45.1, so Bol goes."}
    assert F._compares_top_drop(F.LEBRON)(ok, _ctx(prev, ok)) is None
    bad = {"answer": "Here is the card again: Drop Bol Bol -> Add Ty Jerome."}
    assert F._compares_top_drop(F.LEBRON)(bad, _ctx(prev, bad))


def test_approved_named_and_added_not_listed():
    prev = {"pending_approvals": [CARD]}
    ok = {"answer": "You approved: dropped Bol Bol, added Ty Jerome (Jan 29)."}
    assert F._approved_named(ok, _ctx(prev, ok, decided=["m1"])) is None
    assert F._approved_named({"answer": "You added Ty Jerome."}, _ctx(prev, {}, decided=["m1"]))
    assert F._approved_named(ok, _ctx(prev, ok))  # nothing decided
    fine = {"answer": _table(["Tyus Jones", "Cam Thomas"])}
    assert F._added_not_listed(fine, _ctx(prev, fine, decided=["m1"])) is None
    again = {"answer": _table(["Ty Jerome", "Cam Thomas"])}
    assert F._added_not_listed(again, _ctx(prev, again, decided=["m1"]))


def test_roster_all_named():
    names = ["Shai Gilgeous-Alexander", "Bogdan Bogdanović", "Bol Bol"]
    src = SimpleNamespace(roster=lambda: SimpleNamespace(
        entries=[SimpleNamespace(player=SimpleNamespace(name=n)) for n in names]))
    ok = {"answer": _table(["Shai Gilgeous-Alexander", "Bogdan Bogdanovic", "Bol Bol"])}
    assert F._roster_all_named(ok, _ctx(ok, source=src)) is None
    short = {"answer": _table(["Shai Gilgeous-Alexander", "Bol Bol"])}
    assert F._roster_all_named(short, _ctx(short, source=src))


def test_lead_last_n():
    prev = {"answer": _table(["Tyus Jones", "Ty Jerome"])}
    want = K.last_n_avg("Tyus Jones", "ast", 5)
    ok = {"answer": f"Tyus Jones: {want:.1f} assists a game over his last 5.",
          "tool_calls": [{"name": "get_player_game_log", "args": {"name": "Tyus Jones", "last_n": 5}}]}
    assert F._lead_last_n("ast", 5)(ok, _ctx(prev, ok)) is None
    wrong_man = {"answer": ok["answer"],
                 "tool_calls": [{"name": "get_player_game_log", "args": {"name": "Ty Jerome", "last_n": 5}}]}
    assert F._lead_last_n("ast", 5)(wrong_man, _ctx(prev, wrong_man))
    wrong_n = {"answer": f"Tyus Jones: {want + 1:.1f} assists.", "tool_calls": ok["tool_calls"]}
    assert F._lead_last_n("ast", 5)(wrong_n, _ctx(prev, wrong_n))


def test_blocks_winner():
    assert K.last_n_avg(F.JACKSON, "blk", 82) > K.last_n_avg(F.MOBLEY, "blk", 82)  # the fact the turn relies on
    chk = F._blocks_winner(F.JACKSON, F.MOBLEY)
    assert chk({"answer": "On blocks, Jaren Jackson Jr. is better: 1.6 a game to Mobley's 1.4."}, _ctx()) is None
    assert chk({"answer": "Mobley leads on blocks: 1.4 to Jackson's 1.6."}, _ctx())
    assert chk({"answer": "Jackson is better overall."}, _ctx())


def test_ir_card_and_on_ir():
    assert F._ir_card(F.IVEY)({"pending_approvals": [IR_CARD]}, _ctx()) is None
    assert F._ir_card(F.IVEY)({"pending_approvals": [CARD, IR_CARD]}, _ctx())
    assert F._ir_card(F.IVEY)({"pending_approvals": []}, _ctx())
    assert F._on_ir_named(F.IVEY)({"answer": "On IR: Jaden Ivey (OUT)."}, _ctx()) is None
    assert F._on_ir_named(F.IVEY)({"answer": "Your IR slot is empty."}, _ctx())


def test_fa_pick():
    chk = F._fa_pick("rest_of_season", 5)
    fa = {"tool_calls": [{"name": "get_free_agents", "args": {"horizon": "rest_of_season", "limit": 5}}]}
    rk = {"tool_calls": [{"name": "get_player_rankings",
                          "args": {"availability": "free_agents", "limit": 5, "sort": "ros_value"}}]}
    assert chk(fa, _ctx()) is None and chk(rk, _ctx()) is None
    assert chk({"tool_calls": [{"name": "get_free_agents", "args": {"limit": 5}}]}, _ctx())
    assert chk({"tool_calls": [{"name": "get_free_agents", "args": {"horizon": "rest_of_season", "limit": 10}}]},
               _ctx())


def test_dates_are_the_week():
    assert (F.THURSDAY - AS_OF).days == 1 and F.SUNDAY == WEEK_END and F.SATURDAY.weekday() == 5
    assert dt.date(2025, 1, 31).strftime("%A") == "Friday"


def test_blocks_winner_reads_sentences_with_decimals():
    chk = F._blocks_winner(F.JACKSON, F.MOBLEY)
    assert chk({"answer": "Blocks: Mobley 1.43, Jackson 1.64, so Jackson has the edge."}, _ctx()) is None
    assert chk({"answer": "Blocks: Jackson 1.64 and Mobley 1.43 a game, but Mobley is better."}, _ctx())
    assert chk({"answer": "Mobley has fewer blocks than Jaren Jackson Jr. (1.43 vs 1.64)."}, _ctx()) is None
    assert chk({"answer": "Jackson has fewer blocks than Mobley lately."}, _ctx())


def test_quoted_gain_small_figures_are_not_matched_by_a_zero():
    card = dict(CARD, expected_gain=0.25)
    prev = {"pending_approvals": [card]}
    bad = {"answer": "Ty Jerome: +0.6 categories, as I said."}
    assert F._quoted_gain_answered(bad, _ctx(prev, bad))
    ok = {"answer": "The top card (Ty Jerome) is +0.25 categories, not +63."}
    assert F._quoted_gain_answered(ok, _ctx(prev, ok)) is None


def test_not_modelled():
    assert F._not_modelled({"answer": "I don't model standings or playoff odds; your team ranks #3 of 10."},
                           _ctx()) is None
    assert F._not_modelled({"answer": "Standings aren't in the data."}, _ctx()) is None
    assert F._not_modelled({"answer": "You are winning your matchup 5-4."}, _ctx())


def test_blk_fa_list():
    chk = F._blk_fa_list(5)
    assert chk({"tool_calls": [{"name": "get_free_agents", "args": {"target_categories": ["BLK"], "limit": 5}}]},
               _ctx()) is None
    assert chk({"tool_calls": [{"name": "get_player_rankings",
                                "args": {"availability": "free_agents", "sort": "BLK", "limit": 5}}]}, _ctx()) is None
    assert chk({"tool_calls": [{"name": "get_free_agents", "args": {"target_categories": ["REB"], "limit": 5}}]},
               _ctx())
    assert chk({"tool_calls": [{"name": "get_player_rankings", "args": {"sort": "BLK", "limit": 5}}]}, _ctx())


def test_day_verdict_reads_the_negation_beside_the_day():
    ball, bron = F._plays_day_verdict(F.BALL, F.FRIDAY, "Friday"), F._plays_day_verdict(F.LEBRON, F.FRIDAY, "Friday")
    assert ball({"answer": "He is not injured, and he plays Friday vs LAC."}, _ctx()) is None
    assert ball({"answer": "Friday: off."}, _ctx())
    assert bron({"answer": "No, the Lakers don't play Friday (Jan 31)."}, _ctx()) is None
    assert bron({"answer": "Friday (Jan 31): no game for LeBron."}, _ctx()) is None
    assert bron({"answer": "He is not injured, and he plays Friday."}, _ctx())
