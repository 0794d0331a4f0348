"""fresh8's own checks, each shown to pass a right hand-made turn result and to fail a wrong one (no
assistant run: the results are dicts written here, the facts computed from the CSV, the league a
stand-in holding the demo league's rosters of 2025-01-29). Catches a check that cannot fail (a wrong
answer let through, e.g. a punted-in-play or a flipped verdict passing) or one that fails every right
answer (e.g. a last-5 figure computed wrong); and the set cut down (25 whole conversations, both
scorings, >= 6 deciding a card)."""
from __future__ import annotations

from types import SimpleNamespace

from tests.conversations import checks as K
from tests.conversations import fresh8_checks as F
from tests.conversations.checks import AS_OF, NEXT_WEEK, WEEK_END, Ctx
from tests.conversations.fresh8 import FRESH8
from tests.conversations.suite import D

MINE = [F.SGA, F.LEBRON, F.BARNES, F.BALL, "Jaren Jackson Jr.", F.MOBLEY, "Bradley Beal", F.CLAXTON, F.CONLEY,
        F.COLLINS, F.BOGDAN, F.IVEY, F.BOL]
OTHERS = {F.TRAE: 6, "Cade Cunningham": 9}  # rostered elsewhere (the demo league's teams)


class League:
    """The league a check may read: my roster, who owns whom (everyone not listed is a free agent)."""

    def roster(self):
        return SimpleNamespace(entries=[SimpleNamespace(player=SimpleNamespace(name=n)) for n in MINE])

    def resolve_id(self, name):
        return name

    def owner_of(self, pid):
        return 1 if pid in MINE else OTHERS.get(pid)


def _ctx(*results, decided=(), scoring="points"):
    return Ctx(scoring=scoring, results=list(results), decided=list(decided), source=League())


def _table(names, extra=("Owner",), cells=("Free agent",)):
    head = "| Player | " + " | ".join(extra) + " |\n|---|" + "---|" * len(extra) + "\n"
    return head + "".join(f"| {n} | " + " | ".join(cells) + " |\n" for n in names)


def _card(mid, drop, add, kind="swap", gain=10.0):
    return {"move_id": mid, "title": f"{'Move ' + drop + ' to IR' if kind == 'ir' else 'Drop ' + drop} -> Add {add}",
            "drop": drop, "add": add, "drop_id": drop[:5], "add_id": add[:5], "kind": kind, "expected_gain": gain}


SWAP = _card("m1", F.BOL, F.BRAUN)
SWAP2 = _card("m2", F.BOGDAN, F.PRITCHARD)
IR = _card("m3", F.IVEY, F.TYUS, kind="ir")


def _turn(name, **args):
    return {"name": name, "args": args}


def test_the_set_is_whole():
    assert len(FRESH8) == 25 and len({c.id for c in FRESH8}) == 25
    assert all(c.id.startswith("f8-") and 2 <= len(c.turns) <= 4 for c in FRESH8)
    assert {c.scoring for c in FRESH8} == {"points", "categories"} and sum(c.decides for c in FRESH8) >= 6
    assert all(not isinstance(c.turns[0], D) for c in FRESH8)  # a decision needs a card before it


def test_the_facts_the_turns_rely_on():
    """The league facts the conversations assume at 2025-01-29 (the CSV's schedule)."""
    assert K.plays_on(F.BALL, AS_OF) and not K.plays_on(F.LEBRON, AS_OF)
    assert K.plays_on(F.SGA, F.SATURDAY) and not K.plays_on(F.BARNES, F.SATURDAY)
    assert K.last_n_avg(F.TYUS, "ast", 82) > K.last_n_avg(F.CONLEY, "ast", 82)
    assert K.last_n_avg(F.CONLEY, "stl", 82) > K.last_n_avg(F.TYUS, "stl", 82)


def test_names_and_arguments():
    assert F.named(F.SGA, F.MOBLEY)(["Shai", "mobley"]) and F.named(F.BOGDAN)(["Bogdanovic"])
    assert F.named(F.TYUS)(["Jones"]) and F.named(F.TYUS)(["Tyus Jones"]) and not F.named(F.TYUS)(["Herbert Jones"])
    assert not F.named(F.SGA, F.MOBLEY)(["Shai"]) and not F.named(F.SGA)(None)
    assert F.named_arg(F.BOGDAN)({"name": "bogdanovic"}) and not F.named_arg(F.BOGDAN)({"name": "Bol Bol"})
    assert F.days(F.SATURDAY)(["2025-02-01"]) and F.days(AS_OF)([AS_OF]) and not F.days(F.SATURDAY)(["2025-01-31"])


def test_fantasy_points_avg_is_the_league_formula():
    row = [r for r in K.player_rows()[K.fold(F.SGA)] if r["game_date"] < AS_OF][-1]
    g = {k: float(row[k]) for k in F.POINTS_WEIGHTS}
    by_hand = (g["pts"] + g["fg3m"] - g["fga"] + 2 * g["fgm"] - g["fta"] + g["ftm"] + g["reb"] + 2 * g["ast"]
               + 4 * g["stl"] + 4 * g["blk"] - 2 * g["tov"])
    assert abs(F.fantasy_points_avg(F.SGA, 1) - by_hand) < 1e-9


def test_cards_at_least_and_no_ir_card_for():
    assert F.cards_at_least(2)({"pending_approvals": [SWAP, IR]}, _ctx()) is None
    assert F.cards_at_least(2)({"pending_approvals": [SWAP]}, _ctx())
    collins_ir = _card("m9", F.COLLINS, F.BRAUN, kind="ir")
    assert F.no_ir_card_for(F.COLLINS)({"pending_approvals": [SWAP, IR]}, _ctx()) is None
    assert F.no_ir_card_for(F.COLLINS)({"pending_approvals": [SWAP, collins_ir]}, _ctx())
    assert F.no_ir_card_for(F.COLLINS)({"pending_approvals": [_card("m8", F.COLLINS, F.BRAUN)]}, _ctx()) is None


def test_ir_one_again():
    before = {"pending_approvals": [SWAP, IR]}
    right = {"answer": "Move Jaden Ivey to IR and add Tyus Jones: +5.0. Approve the card to make it.",
             "pending_approvals": [IR, SWAP]}
    assert F.ir_one_again(right, _ctx(before, right)) is None
    wrong = {"answer": "Drop Bol Bol, add Christian Braun.", "pending_approvals": [SWAP, IR]}
    assert F.ir_one_again(wrong, _ctx(before, wrong))
    gone = {"answer": "Move Jaden Ivey to IR and add Tyus Jones.", "pending_approvals": []}
    assert F.ir_one_again(gone, _ctx(before, gone))
    no_ir = {"pending_approvals": [SWAP, SWAP2]}
    said = {"answer": "None of those moves uses the IR slot; there is no IR move on the list.", "pending_approvals": []}
    assert F.ir_one_again(said, _ctx(no_ir, said)) is None
    passed_off = {"answer": "Drop Bol Bol, add Christian Braun.", "pending_approvals": [SWAP]}
    assert F.ir_one_again(passed_off, _ctx(no_ir, passed_off))


def test_changed_named_and_next_card_shown():
    offer = {"pending_approvals": [SWAP, SWAP2]}
    done = {"answer": "Approved.", "pending_approvals": [], "transactions": [{"id": "m1"}]}
    right = {"answer": "You dropped Bol Bol and added Christian Braun."}
    assert F.changed_named(right, _ctx(offer, done, right, decided=["m1"])) is None
    assert F.changed_named({"answer": "Your roster is set."}, _ctx(offer, done, {}, decided=["m1"]))
    assert F.changed_named(right, _ctx(offer, done, right))  # nothing decided
    nxt = {"answer": "Next: drop Bogdan Bogdanović, add Payton Pritchard (+8.1).", "pending_approvals": [SWAP2]}
    assert F.next_card_shown(nxt, _ctx(offer, done, nxt, decided=["m1"])) is None
    again = {"answer": "Drop Bol Bol, add Christian Braun.", "pending_approvals": [SWAP]}
    assert F.next_card_shown(again, _ctx(offer, done, again, decided=["m1"]))
    words = {"answer": "Here are your other options.", "pending_approvals": [SWAP2]}
    assert F.next_card_shown(words, _ctx(offer, done, words, decided=["m1"]))


def test_ir_slot_full():
    chk = F.ir_slot_full(F.COLLINS, F.IVEY)
    right = {"answer": "Your one IR slot is already taken by Jaden Ivey, so John Collins cannot go on IR.",
             "pending_approvals": []}
    assert chk(right, _ctx(right)) is None
    card = {"answer": "Drop John Collins -> Add Christian Braun, -7.2 rest of season.",
            "pending_approvals": [_card("m5", F.COLLINS, F.BRAUN)]}
    assert chk(card, _ctx(card))
    sneaky = dict(right, pending_approvals=[_card("m6", F.COLLINS, F.BRAUN, kind="ir")])
    assert chk(sneaky, _ctx(sneaky))
    done = dict(right, transactions=[{"id": "m6"}])
    assert chk(done, _ctx(done))


def test_verdict_kept():
    first = {"answer": "Hold Bogdan Bogdanović: 13.9 expected against 11.2 for the best streamer."}
    kept = {"answer": "Yes: hold him. 13.9 expected against 11.2; the streamer plays one game more but less well."}
    assert F.verdict_kept(kept, _ctx(first, kept)) is None
    flipped = {"answer": "You're right, stream him: 11.2 against 13.9."}
    assert F.verdict_kept(flipped, _ctx(first, flipped))
    bare = {"answer": "Yes, hold him."}
    assert F.verdict_kept(bare, _ctx(first, bare))
    assert F.verdict_kept(kept, _ctx({"answer": "Hi!"}, kept))


def test_cat_winner():
    ast = F.cat_winner(F.TYUS, F.CONLEY, "ast", r"assist|\bAST\b")
    assert ast({"answer": "Tyus Jones gives more assists: 6.1 a game against Conley's 4.3."}, _ctx()) is None
    assert ast({"answer": "Conley is better for assists, 4.3 to 6.1."}, _ctx())
    assert ast({"answer": "Jones averages 11.5 points."}, _ctx())
    stl = F.cat_winner(F.CONLEY, F.TYUS, "stl", r"steal|\bSTL\b")
    assert stl({"answer": "On steals Jones trails Conley: 0.9 against 1.4."}, _ctx()) is None
    assert stl({"answer": "On steals Jones beats Conley."}, _ctx())


def test_all_compared_and_last_n_each():
    names = (F.BRAUN, F.PRITCHARD, F.TYUS)
    ok = {"answer": "Braun 29.4, Pritchard 28.8, Tyus Jones 29.3 fantasy points a game."}
    assert F.all_compared(*names)(ok, _ctx()) is None
    assert F.all_compared(*names)({"answer": "Braun 29.4, Pritchard 28.8."}, _ctx())
    assert F.all_compared(*names)({"answer": "Braun, Pritchard and Jones are all fine."}, _ctx())
    fp = {n: F.fantasy_points_avg(n, 5) for n in names}
    right = {"answer": " ".join(f"{n}: {v:.1f} fp over his last 5." for n, v in fp.items())}
    assert F.last_n_each(5, *names)(right, _ctx()) is None
    pts = {"answer": " ".join(f"{n}: {K.last_n_avg(n, 'pts', 5):.1f} pts." for n in names)}
    assert F.last_n_each(5, *names)(pts, _ctx()) is None
    two = {"answer": " ".join(f"{n}: {v:.2f} fp." for n, v in fp.items())}
    assert F.last_n_each(5, *names)(two, _ctx()) is None
    season = {"answer": " ".join(f"{n}: {F.fantasy_points_avg(n, 5) + 0.3:.1f}." for n in names)}
    assert F.last_n_each(5, *names)(season, _ctx())


def test_not_modelled_status_out_and_rank_of():
    nm = F.not_modelled(r"draftkings|\bDFS\b|daily fantasy")
    assert nm({"answer": "DraftKings lineups are not something I model; here is your lineup tonight."}, _ctx()) is None
    assert nm({"answer": "Your best lineup tonight: SGA, Ball, Barnes."}, _ctx())
    assert F.status_out(F.IVEY)({"answer": "Jaden Ivey is OUT: he missed DET's last 12 games."}, _ctx()) is None
    assert F.status_out(F.IVEY)({"answer": "Jaden Ivey is active."}, _ctx())
    ranked = {"answer": "Scottie Barnes ranks #14 of 310 for the rest of the season."}
    assert F.rank_of(F.BARNES)(ranked, _ctx()) is None
    assert F.rank_of(F.BARNES)({"answer": "Scottie Barnes is 14th rest of season."}, _ctx()) is None
    assert F.rank_of(F.BARNES)({"answer": "Scottie Barnes is good, 48.0 fp last 5."}, _ctx())


def test_all_play_and_my_players_on():
    sat = F.SATURDAY
    yes = [n for n in MINE if K.plays_on(n, sat)]
    no = [n for n in MINE if not K.plays_on(n, sat)]
    assert yes and no
    assert F.all_play(sat)({"answer": _table(yes)}, _ctx()) is None
    assert F.all_play(sat)({"answer": _table(yes[:1] + no[:1])}, _ctx())
    right = {"answer": "Playing Feb 1: " + ", ".join(yes) + ".\nNo game: " + ", ".join(no) + "."}
    assert F.my_players_on(sat)(right, _ctx()) is None
    short = {"answer": "Playing Feb 1: " + ", ".join(yes[1:]) + "."}
    assert F.my_players_on(sat)(short, _ctx())
    wrong = {"answer": "Playing Feb 1: " + ", ".join(yes + no[:1]) + "."}
    assert F.my_players_on(sat)(wrong, _ctx())
    table = {"answer": f"{len(yes)} of yours play Feb 1: " + ", ".join(yes) + ".\n\n"
             + _table(MINE, extra=("Sat Feb 1",), cells=("-",))}
    assert F.my_players_on(sat)(table, _ctx()) is None


def test_games_this_and_next_and_fewest():
    nxt = sum(K.games_between(n, *NEXT_WEEK) for n in MINE)
    now = sum(K.games_between(n, AS_OF, WEEK_END) for n in MINE)
    assert nxt != now
    right = {"answer": f"Next week you have {nxt} games; {now} are left this week."}
    assert F.games_this_and_next(right, _ctx()) is None
    assert F.games_this_and_next({"answer": f"Next week you have {nxt + 5} games; {now} left."}, _ctx())
    assert F.games_this_and_next({"answer": f"Next week you have {nxt} games."}, _ctx())
    counts = {n: K.games_between(n, *NEXT_WEEK) for n in MINE}
    low = min(counts.values())
    lows = [n for n, g in counts.items() if g == low]
    highs = [n for n, g in counts.items() if g > low]
    assert F.fewest_next_week({"answer": f"{lows[0]} has only {low} games next week."}, _ctx()) is None
    assert F.fewest_next_week({"answer": f"{highs[0]} has the fewest, {low + 1} games."}, _ctx())


def test_listed_free_agents():
    assert F.listed_free_agents({"answer": _table([F.BRAUN, F.PRITCHARD + " (DTD)"])}, _ctx()) is None
    assert F.listed_free_agents({"answer": _table([F.BRAUN, F.TRAE])}, _ctx())
    assert F.listed_free_agents({"answer": _table([F.BRAUN, F.BALL])}, _ctx())
    assert F.listed_free_agents({"answer": "Braun is the best pickup."}, _ctx())


def test_tool_argument_checks():
    fa = {"tool_calls": [_turn("get_free_agents", target_categories=["PTS"], limit=3)]}
    rk = {"tool_calls": [_turn("get_player_rankings", availability="free_agents", sort="PTS", limit=3)]}
    assert F.scoring_fa_list(3)(fa, _ctx()) is None and F.scoring_fa_list(3)(rk, _ctx()) is None
    assert F.scoring_fa_list(3)({"tool_calls": [_turn("get_free_agents", target_categories=["PTS"], limit=10)]}, _ctx())
    assert F.scoring_fa_list()({"tool_calls": [_turn("get_free_agents", target_categories=["AST"])]}, _ctx())
    ros = F.ros_fa_pick(["FG%"])
    assert ros({"tool_calls": [_turn("get_free_agents", horizon="rest_of_season", punt=["FG%"])]}, _ctx()) is None
    assert ros({"tool_calls": [_turn("get_player_rankings", availability="free_agents", sort="ros_value",
                                     punt=["FG%", "TO"])]}, _ctx()) is None
    assert ros({"tool_calls": [_turn("get_free_agents", horizon="rest_of_season")]}, _ctx())
    assert ros({"tool_calls": [_turn("get_free_agents", punt=["FG%"])]}, _ctx())
    day = F.daily_lineup_on(AS_OF)
    assert day({"tool_calls": [_turn("compose_daily_lineup")]}, _ctx()) is None
    assert day({"tool_calls": [_turn("compose_daily_lineup", date="2025-01-29")]}, _ctx()) is None
    assert day({"tool_calls": [_turn("compose_daily_lineup", date="2025-01-30")]}, _ctx())
    assert day({"tool_calls": [_turn("get_free_agents")]}, _ctx())


def test_top_card_adds_player_on_and_combinators():
    plays = next(n for n in (F.BRAUN, F.TYUS, F.PRITCHARD) if K.plays_on(n, AS_OF))
    rests = next(n for n in ("Santi Aldama", "Trae Young", "Dyson Daniels") if not K.plays_on(n, AS_OF))
    chk = F.top_card_adds_player_on(AS_OF)
    assert chk({"pending_approvals": [_card("m1", F.BOL, plays)]}, _ctx()) is None
    assert chk({"pending_approvals": [_card("m1", F.BOL, rests)]}, _ctx())
    assert chk({"pending_approvals": []}, _ctx())
    yes, no = (lambda r, c: None), (lambda r, c: "bad")
    assert F.one_of(no, yes)({}, _ctx()) is None and F.one_of(no, no)({}, _ctx())
    assert F.all_of(yes, yes)({}, _ctx()) is None and F.all_of(yes, no)({}, _ctx()) == "bad"


def test_why_top_drop_not():
    offer = {"pending_approvals": [SWAP]}
    chk = F.why_top_drop_not(F.CLAXTON)
    right = {"answer": "Bol Bol gives 5.2 fp a game; Nic Claxton 23.8, and Claxton plays as many games."}
    assert chk(right, _ctx(offer, right)) is None
    assert chk({"answer": "Drop Bol Bol, add Christian Braun: +10.0."}, _ctx(offer, {}))
    assert chk({"answer": "Bol Bol is worse than Claxton."}, _ctx(offer, {}))
    own = {"pending_approvals": [_card("m7", F.CLAXTON, F.BRAUN)]}
    assert chk({"answer": "The card already drops Claxton."}, _ctx(own, {})) is None
