"""A sixteenth conversation set (issue #36), written blind by a helper: from the issues (#36 and #40), the tool
schemas (agents/tools/schemas.py), the check helpers (checks.py, runner.py, fresh6-14_checks.py and their
tests), the top of suite.py (Conv, T, D and its helpers, not its list), the module docstrings of the earlier
sets (to push past their voices), services/ and the league it serves (my roster and every team's in both
scorings, `python -m services rankings --available` in both) and the box-score CSV; never from the planner's
code or any other file under agents/, its tests, the golden cases, docs/conversation.md, another set's
conversations (fresh14.py's bottom was read for its `first_run()`, which showed its last two conversations;
nothing here follows them), a first run's record or the commit messages, and never run through the
assistant while it was written. 25 whole conversations (2-4 turns, 13 points and 12 categories, ten that
approve or decline a card and go on).

Voices the earlier sets do not list: a friend's advice passed on and judged ("my buddy keeps telling me to
drop collins for braun. is he right or is he trolling", "he also swears braun's a better long-haul piece");
an offer pasted from the league chat in quotes; a manager who counts games, not days ("counting games not
days", "the most games next week, monday the 3rd through sunday the 9th"); a reference two turns back across
an unrelated question ("back to that pickup list: the first guy you mentioned, not the last one"); a
constraint said once and held for three turns ("I'm punting assists this whole chat" ... matchup ... trade);
NBA slang for roles ("a stretch four", "a wing who can guard", "a floor general", "a big coming back");
per minute against raw season totals, with the leader flipping between them (LaMelo per minute, Mobley in
totals); "is X droppable"; dates written "2/3", "thursday the 6th", "saturday 2/1"; three of mine compared
over a last 10; "wait, actually don't. undo that" after an approval; a trade with "anyone but" three players,
then a shape; "what's that number on the first one actually mean"; a categories manager asking one
category's win chance, then a move for it and the chance again; negations as "minus", "sans", "w/o"; counts
as "a couple", "a handful", "exactly one", "a single swap"; the IR slot asked for twice (Ivey, then Collins);
horizons in new words ("for the long haul", "just for this week's matchup"); out of scope: All-Star voting,
then the trade it leads to; "that's the guy. yes." while a card waits.

Classes: relayed-friend, games-count, refer-back-two, per-minute-vs-totals, droppable, three-way, undo,
trade-anyone-but, number-meaning, ir-slot-full, next-week-games, out-of-scope, affirm-then-approve,
punt-held, position-slang, trade-position-slang, date-formats, cat-probability, negation-words,
horizon-new-words, decline-then-constraint, pasted-offer, lineup-day, count-words, hold-horizon. Own checks
in fresh15_checks.py (facts from the CSV and the league's rosters, never from the product).
`runner.run(FRESH15)` scores it (once, by someone else).
"""
from __future__ import annotations

import datetime as dt

from tests.conversations import checks as K
from tests.conversations import fresh15_checks as F
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _added_not_listed, _ir_card, _on_ir_named
from tests.conversations.fresh7_checks import (fa_next_week_min, has, named, never_gives, no_punt_in_play,
                                               none_from, roster_reflects_move, said_better, shape_or_none)
from tests.conversations.fresh8_checks import (cards_at_least, changed_named, daily_lineup_on, ir_slot_full,
                                               last_n_each, my_players_on, one_of, top_card_adds_player_on)
from tests.conversations.fresh9_checks import top_card_drops
from tests.conversations.fresh10_checks import added_games_left, cat_reached, fa_games_left_min, no_out_listed
from tests.conversations.fresh11_checks import top_card_add_games_left, top_card_adds_prev_first, trades_give_all
from tests.conversations.fresh12_checks import nth_listed_games_left, per36_shown
from tests.conversations.fresh13_checks import (added_stat_figure, cards_between, each_games_left, fa_list,
                                                hold_agrees_folded, idle_named, lead_names_cat_not, trade_args,
                                                trade_verdict, undo_answered)
from tests.conversations.fresh14_checks import (cat_fa_list, has_cat, no_idle_starter, ros_fa_list,
                                                scope_with_figure, team_arg, trades_get_pos, upper_is)
from tests.conversations.suite import (BALL, BARNES, BEAL, BOGDAN, COLLINS, IVEY, LEBRON, MOBLEY, SGA, Conv,
                                       D, T)

JJJ, BOL = "Jaren Jackson Jr.", "Bol Bol"
BRAUN, PRITCHARD, JALEN_W = "Christian Braun", "Payton Pritchard", "Jalen Williams"
SAT, FEB3, FEB6 = dt.date(2025, 2, 1), dt.date(2025, 2, 3), dt.date(2025, 2, 6)

HUMAN = (K.not_greeting(), K.no_clarify())
NO_TX = K.no_transaction()
ND = K.decided_not_pending()
SUNS = team_arg("pho", "phoenix", "suns")
KEEP3 = has(SGA, LEBRON, BARNES)

FRESH15: list[Conv] = [
    # --- points ---------------------------------------------------------------------------------------------
    Conv("f15-buddy-drop", "points", [
        T("my buddy keeps telling me to drop collins for braun. is he right or is he trolling",
          *HUMAN, F.move_call(COLLINS, BRAUN), trade_verdict(COLLINS, BRAUN)),
        T("he also swears braun's a better long-haul piece than pritchard. true?",
          *HUMAN, K.any_called("compare_players", "get_player_rankings", "get_free_agents", "evaluate_move"),
          K.compares(BRAUN, PRITCHARD), NO_TX),
    ], cls="relayed-friend"),

    Conv("f15-games-not-days", "points", [
        T("counting games not days — which free agents get me the most games between now and sunday?",
          *HUMAN, one_of(fa_list(min_games_remaining=3), fa_list(sort="games_left_week")), fa_games_left_min(3)),
        T("just a handful of those, and only the ones who are actually healthy",
          *HUMAN, one_of(fa_list(healthy_only=True, min_games_remaining=3, limit=F.in_range(3, 6)),
                         fa_list(healthy_only=True, sort="games_left_week", limit=F.in_range(3, 6))),
          F.table_len_between(3, 6), no_out_listed, fa_games_left_min(3)),
    ], cls="games-count"),

    Conv("f15-two-turns-back", "points", [
        T("who are the top free agents for this week?",
          *HUMAN, fa_list(), F.has_player_table(3)),
        T("how'm i doing against zone defense so far",
          *HUMAN, K.any_called("get_matchup_details"), K.says(r"Zone Defense|Lena")),
        T("ok back to that pickup list. the first guy you mentioned, not the last one — how many games has he got left?",
          *HUMAN, F.first_list_row(0), nth_listed_games_left(0)),
    ], cls="refer-back-two"),

    Conv("f15-per-minute", "points", [
        T("per minute, who's been more productive this year: lamelo or mobley?",
          *HUMAN, K.any_called("compare_players", "get_player_rankings", "get_player_game_log", "get_roster"),
          said_better(BALL, MOBLEY, r"minute|per[- ]?36|\b36\b|rate"), per36_shown(BALL), per36_shown(MOBLEY)),
        T("flip it. total fantasy points on the season, who's got more?",
          *HUMAN, said_better(MOBLEY, BALL, r"total|overall|cumulative|raw|season"),
          F.season_total_shown(BALL, MOBLEY)),
    ], cls="per-minute-vs-totals"),

    Conv("f15-droppable", "points", [
        T("real talk, is bogdanovic droppable?",
          *HUMAN, K.called("evaluate_hold", named(BOGDAN)), F.droppable_verdict(BOGDAN), NO_TX),
        T("then who would you grab in his spot",
          *HUMAN, top_card_drops(BOGDAN), NO_TX),
        D("approve", 0, ND),
        T("show me my roster now",
          *HUMAN, roster_reflects_move, ND),
    ], cls="droppable"),

    Conv("f15-three-of-mine", "points", [
        T("barnes, mobley, jjj — who's been the best of the three over their last 10?",
          *HUMAN, K.any_called("compare_players", "get_player_game_log"), F.fpts_leader(10, BARNES, MOBLEY, JJJ),
          last_n_each(10, BARNES, MOBLEY, JJJ)),
        T("and which of those three has the most games left this week?",
          *HUMAN, F.most_games_left_today(BARNES, MOBLEY, JJJ), each_games_left(BARNES, MOBLEY, JJJ)),
    ], cls="three-way"),

    Conv("f15-undo", "points", [
        T("if you could make exactly one move for me right now, what would it be?",
          *HUMAN, cards_between(1, 1), NO_TX),
        D("approve", 0, ND),
        T("wait, actually don't. undo that",
          *HUMAN, undo_answered, ND),
    ], cls="undo"),

    Conv("f15-anyone-but", "points", [
        T("shop me some trade ideas for steals — anyone but shai, lebron or barnes",
          *HUMAN, K.called("find_trades", exclude=KEEP3, targets=has_cat("STL")),
          never_gives(SGA), never_gives(LEBRON), never_gives(BARNES)),
        T("make it a 2 for 1",
          *HUMAN, K.called("find_trades", shape="2-for-1", exclude=KEEP3), shape_or_none(2, 1),
          never_gives(SGA), never_gives(LEBRON), never_gives(BARNES)),
    ], cls="trade-anyone-but"),

    Conv("f15-what-the-number-means", "points", [
        T("give me a couple of moves",
          *HUMAN, cards_between(2, 3), NO_TX),
        T("what's that number on the first one actually mean?",
          *HUMAN, F.gain_explained, NO_TX),
        D("approve", 0, ND),
        T("did that go through?",
          *HUMAN, changed_named, ND),
    ], cls="number-meaning"),

    Conv("f15-ir-twice", "points", [
        T("stash ivey on IR and grab somebody for his spot",
          *HUMAN, _ir_card(IVEY), NO_TX),
        D("approve", 0, ND),
        T("also IR collins while you're at it",
          *HUMAN, ir_slot_full(COLLINS, IVEY), ND),
        T("remind me who's sitting in my IR spot",
          *HUMAN, _on_ir_named(IVEY), ND),
    ], cls="ir-slot-full"),

    Conv("f15-next-week-games", "points", [
        T("which free agents give me the most games next week, monday the 3rd through sunday the 9th?",
          *HUMAN, fa_list(horizon="next_week"), fa_next_week_min(3)),
        T("put the top guy in for bol bol",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("how many games does he get next week then?",
          *HUMAN, F.added_next_week_games, ND),
    ], cls="next-week-games"),

    Conv("f15-all-star", "points", [
        T("is beal gonna make the all-star team? thinking I should sell before the voting comes out",
          *HUMAN, scope_with_figure(r"all[- ]?star|voting|\bvotes?\b", BEAL), NO_TX),
        T("fine. what could I actually get for him in a trade?",
          *HUMAN, K.called("find_trades", give=has(BEAL)), trades_give_all(BEAL)),
    ], cls="out-of-scope"),

    Conv("f15-thats-the-guy", "points", [
        T("make me a move for tonight's games",
          *HUMAN, top_card_adds_player_on(AS_OF), NO_TX),
        T("that's the guy. yes.",
          *HUMAN, K.top_card_repeated(), NO_TX),
        D("approve", 0, ND),
        T("how many games does the new guy have left?",
          *HUMAN, added_games_left, ND),
    ], cls="affirm-then-approve"),

    # --- categories -----------------------------------------------------------------------------------------
    Conv("f15-punt-all-chat", "categories", [
        T("heads up, I'm punting assists this whole chat. who's the best pickup?",
          *HUMAN, one_of(fa_list(punt=has_cat("AST")), K.called("optimize_matchup", punt=has_cat("AST"))),
          no_punt_in_play("AST")),
        T("how's my matchup with zone defense looking",
          *HUMAN, K.any_called("get_matchup_details"), no_punt_in_play("AST"), lead_names_cat_not("AST")),
        T("any trade that'd help me?",
          *HUMAN, K.called("find_trades", punt=has_cat("AST"), targets=F.lacks_cat("AST")), no_punt_in_play("AST")),
    ], cls="punt-held"),

    Conv("f15-stretch-four", "categories", [
        T("I need a stretch four — somebody who spaces the floor and can still rebound",
          *HUMAN, fa_list(position=upper_is("PF", "F")), cat_reached("3PM"), F.has_player_table(2)),
        T("add the first one for bol bol",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("now find me a wing who can guard",
          *HUMAN, fa_list(position=upper_is("SF", "SG", "F")), _added_not_listed, ND),
    ], cls="position-slang"),

    Conv("f15-floor-general", "categories", [
        T("trade me into a floor general. not giving up SGA or Ball though",
          *HUMAN, K.called("find_trades", exclude=has(SGA, BALL)),
          one_of(K.called("find_trades", get_position=upper_is("PG", "G")), K.called("find_trades", targets=has_cat("AST"))),
          never_gives(SGA), never_gives(BALL), trades_get_pos("PG")),
        T("actually, make it a big coming back instead",
          *HUMAN, K.called("find_trades", get_position=upper_is("C"), exclude=has(SGA, BALL)), trades_get_pos("C"),
          never_gives(SGA), never_gives(BALL)),
    ], cls="trade-position-slang"),

    Conv("f15-slash-dates", "categories", [
        T("who on my team plays 2/3?",
          *HUMAN, F.schedule_on(FEB3), my_players_on(FEB3)),
        T("and thursday the 6th?",
          *HUMAN, F.schedule_on(FEB6), my_players_on(FEB6)),
    ], cls="date-formats"),

    Conv("f15-steals-odds", "categories", [
        T("what are my odds of winning steals this week?",
          *HUMAN, K.any_called("get_matchup_details"), F.cat_chance_said("STL")),
        T("give me a move that pushes that up",
          *HUMAN, cat_reached("STL"), cards_at_least(1), NO_TX),
        D("approve", 0, ND),
        T("so where are my steals odds at now?",
          *HUMAN, F.cat_chance_said("STL"), ND),
    ], cls="cat-probability"),

    Conv("f15-minus-sans-wo", "categories", [
        T("best free agents minus anyone on the suns",
          *HUMAN, fa_list(not_teams=SUNS), none_from("PHO")),
        T("sans centers too",
          *HUMAN, fa_list(not_teams=SUNS, not_position=upper_is("C")), none_from("PHO")),
        T("and w/o the banged up guys",
          *HUMAN, fa_list(not_teams=SUNS, not_position=upper_is("C"), healthy_only=True), no_out_listed,
          none_from("PHO")),
    ], cls="negation-words"),

    Conv("f15-long-haul", "categories", [
        T("for the long haul, who's the best pickup out there?",
          *HUMAN, ros_fa_list(), F.has_player_table(2)),
        T("and just for this week's matchup?",
          *HUMAN, F.fa_this_week, F.has_player_table(2)),
    ], cls="horizon-new-words"),

    Conv("f15-decline-three-games", "categories", [
        T("find me a single swap that adds 3s",
          *HUMAN, one_of(K.called("optimize_matchup", target_categories=["3PM"]),
                         K.called("optimize_matchup", leaders_in="3PM")), cards_between(1, 1), NO_TX),
        D("decline", 0, ND),
        T("something else — but the guy's gotta have 3 games left",
          *HUMAN, top_card_add_games_left(3), ND, NO_TX),
    ], cls="decline-then-constraint"),

    Conv("f15-pasted-offer", "categories", [
        T('pasting from our league chat: "Mobley for Jalen Williams straight up, you in?" good for me or nah',
          *HUMAN, trade_args(give=(MOBLEY,), get=(JALEN_W,)), trade_verdict(MOBLEY, JALEN_W), NO_TX),
        T("and if I'm punting FT%, same answer?",
          *HUMAN, trade_args(give=(MOBLEY,), get=(JALEN_W,), punt=("FT%",)), trade_verdict(MOBLEY, JALEN_W),
          no_punt_in_play("FT%")),
    ], cls="pasted-offer"),

    Conv("f15-saturday-lineup", "categories", [
        T("set my lineup for saturday 2/1",
          *HUMAN, daily_lineup_on(SAT), no_idle_starter(SAT)),
        T("who's got no game that day?",
          *HUMAN, idle_named(SAT)),
    ], cls="lineup-day"),

    Conv("f15-handful-blocks", "categories", [
        T("a handful of guys on the wire who'd help my blocks",
          *HUMAN, cat_fa_list("BLK"), F.table_len_between(3, 6)),
        T("grab the top one, drop bol",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("how many blocks a game does he get?",
          *HUMAN, added_stat_figure("blk"), ND),
    ], cls="count-words"),

    Conv("f15-hold-this-week", "categories", [
        T("just for this week's matchup — hold bogdanovic or stream him?",
          *HUMAN, K.called("evaluate_hold", named(BOGDAN), mode="this_week"), hold_agrees_folded(BOGDAN)),
        T("and over the long haul?",
          *HUMAN, K.called("evaluate_hold", named(BOGDAN), mode=lambda v: v != "this_week"),
          hold_agrees_folded(BOGDAN)),
    ], cls="hold-horizon"),
]


def first_run() -> dict | None:
    """The set's one run, recorded by whoever measures it (fresh15_first_run.json); None until then."""
    from tests.conversations.runner import first_run_of

    return first_run_of(__file__)
