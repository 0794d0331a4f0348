"""A nineteenth conversation set (issue #36), written blind by a helper: from the issues (#36 and #40), the tool
schemas (agents/tools/schemas.py), the check helpers (checks.py, runner.py, fresh6-17_checks.py and their tests),
the top of suite.py (Conv, T, D and its helpers, not its list), the module docstrings of the earlier sets (to
push past their voices), services/ and the league it serves (my roster and its statuses in both scorings, every
team's roster in both, `python -m services rankings --available` and `--rostered` in both, the opponent and the
matchup, the owners, statuses and eligibility of free agents, the return model's odds for my absent players, the
trade finder's shapes tried on the asks below) and the box-score CSV; never from the planner's code or any other
file under agents/, its tests, the golden cases, docs/conversation.md, another set's conversations (fresh17.py's
imports and its last 15 lines were read for the `first_run()` shape, which showed the end of its last
conversation; nothing here follows it; a count of tool-name strings over the check files and suite.py showed
tool names and counts only), a first run's record or the commit messages, and never run through the assistant
while it was written. 25 whole conversations (2-4 turns, 13 points and 12 categories, thirteen that approve or
decline a card, every one of them going on after the decision).

Voices the earlier sets do not list: a row of the assistant's own table pasted back as the question ("| Christian
Braun | DEN | SG | 3 g |  ^ this guy"); moves written as arrows and signs ("bol -> braun ?", "-bogi +pritchard
?"); a podcast's claim checked against the data ("heard on a pod bol bol is fully healthy now"); a conditional on
a future absence ("if collins sits thursday too do i just IR him"), with the odds asked as a number; a league
vote on two other managers' trade ("should i vote to veto??"), then the team-strength rank it leads to; the
fantasy playoffs' schedule months past the data; "everybody's on the table except shai and melo" as a lock; a
waiting card edited before approval ("the 2nd one but drop bogi instead"); hold talk as "ride it out or cut
bait"; empty starting spots counted on a day, filled, and counted again; arithmetic on the previous answer's
figure ("so times his games left, that's what, like 90?", then "same math for pritchard"); three named bench
players packaged for one, then one of them taken back ("forget conley"); "say less 🔒" while a card waits; a
manager typing for his little brother's team ("he says fine", "he gets confused by lists"); punts said as "can
burn for all i care" and held into the matchup and a trade; three negations in one breath, then one of them
corrected a turn later ("oops meant 32 min not 30"); the fourth row of a list asked about across an approval;
a worst-to-best ranking of the whole roster, then "cut the worst one"; a horizon in days ("next 10 days only");
autopilot lineups asked for (out of scope), then tonight's, then why a star is missing from it; "the last one.
that one. go" pointing at the bottom card; "remind me what the third option was" after approving the first, then
whether it still holds; a long aside about a wife and the app before a one-move ask with four constraints; two
shooting constraints at once ("need fg% but can't afford to tank my ft%"), where one guard is ahead on both
over every window.

Classes: pasted-row, arrow-move, hearsay-status, conditional-ir, scope-veto, scope-fantasy-playoffs,
trade-available-except, edit-card, hold-idiom, open-slots, number-followup, trade-3for1-named, affirm-slang,
proxy-manager, punt-idiom-held, triple-filter, refer-across-decision, roster-order, horizon-days-count,
scope-autopilot, affirm-last-card, recall-card-after-approve, ramble-two-constraints, compare-two-constraints,
trade-get-center-keep-guards. Together they cover trades with shapes and locks, pickups with horizons, counts
and filters, IR and return timing, hold vs stream, day lineups, comparisons, follow-ups on an earlier list or
card, affirmations while a card waits, punts held across turns, negations and out-of-scope questions. Own
checks in fresh18_checks.py (facts from the CSV and the league's rosters, never from the product).
`runner.run(FRESH18)` scores it (once, by someone else).
"""
from __future__ import annotations

import datetime as dt

from tests.conversations import checks as K
from tests.conversations import fresh18_checks as F
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _ir_card, _roster_all_named
from tests.conversations.fresh7_checks import (any_of, days, fa_pick_punt, has, names_first_set_card, never_gives,
                                               no_punt_in_play, none_from, shape_or_none, trades_all_get)
from tests.conversations.fresh8_checks import (all_play, cards_at_least, changed_named, daily_lineup_on,
                                               fewest_next_week, next_card_shown, top_card_adds_player_on)
from tests.conversations.fresh9_checks import top_card_drops
from tests.conversations.fresh10_checks import added_games_left, cat_reached, no_out_listed
from tests.conversations.fresh11_checks import explains_decided_card, trades_give_all, weakest_named
from tests.conversations.fresh12_checks import card_adds_nth_listed, under_mpg_or_said
from tests.conversations.fresh13_checks import (added_stat_figure, cards_between, fa_list, hold_agrees_folded,
                                                keeps_guards_args, lead_names_cat_not, not_mode, strength_rank_said,
                                                trade_args, trade_verdict, trades_never_give_pos)
from tests.conversations.fresh14_checks import (no_idle_starter, nobody_both_days, team_arg, trades_at_most,
                                                trades_get_pos)
from tests.conversations.fresh15_checks import droppable_verdict, fa_this_week, table_len_between
from tests.conversations.fresh16_checks import (ast_reached, cards_spare_healthy, has_cats, ir_timing, move_mode,
                                                plays_on_verdict, prev_row_verdict, trade_args_prev_row)
from tests.conversations.fresh17_checks import added_plays_on, day_verdicts, games_through, lineup_after_move
from tests.conversations.suite import (BALL, BOGDAN, COLLINS, CONLEY, LEBRON, MOBLEY, SGA, Conv, D, T,
                                       _prev_fas_on)

BOL, BRAUN, PRITCHARD, TRAE = "Bol Bol", "Christian Braun", "Payton Pritchard", "Trae Young"
JEROME, ALVARADO, SENGUN = "Ty Jerome", "Jose Alvarado", "Alperen Şengün"
THU, FRI, SAT, SUN = dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1), dt.date(2025, 2, 2)
FEB7, FEB8 = dt.date(2025, 2, 7), dt.date(2025, 2, 8)  # ten days from today (Jan 29) or from tomorrow
NOP = team_arg("nop", "pelican", "new orleans")

HUMAN = (K.not_greeting(), K.no_clarify())
AFTER = K.decided_not_pending()

FRESH18: list[Conv] = [
    Conv("f18-pasted-row", "points", [
        T("need 5 pickups that actually help me for the rest of this week, nothing long term",
          *HUMAN, fa_list(limit=5), fa_this_week, K.table_len("Player", 5)),
        T("| Christian Braun | DEN | SG | 3 g |\n^ this guy. he got a sunday game or nah",
          *HUMAN, plays_on_verdict(BRAUN, SUN, "Sunday")),
        T("k. out of the 5 you gave me who's got the most games left",
          *HUMAN, F.most_left_of_first),
    ], cls="pasted-row"),
    Conv("f18-arrow-move", "points", [
        T("bol -> braun ?",
          *HUMAN, K.no_transaction(), F.top_card_is(BOL, BRAUN)),
        D("approve", 0, AFTER),
        T("-bogi +pritchard ?",
          *HUMAN, AFTER, K.no_transaction(),
          any_of(F.top_card_is(BOGDAN, PRITCHARD, "bogi"), F.swap_call(BOGDAN, PRITCHARD, "bogi"))),
    ], cls="arrow-move"),
    Conv("f18-hearsay-status", "categories", [
        T("heard on a pod that bol bol is fully healthy now. that match what your data says?",
          *HUMAN, F.status_said(BOL)),
        T("ok so if he's iffy show me guys with games fri AND sat to stream in. both days, top 6",
          *HUMAN, K.called("get_free_agents", play_on=days(FRI, SAT), play_on_all=True, limit=6),
          nobody_both_days(FRI, SAT), table_len_between(1, 6)),
        T("which of those is the best on the boards",
          *HUMAN, F.prev_leader("reb")),
    ], cls="hearsay-status"),
    Conv("f18-conditional-ir", "points", [
        T("if collins sits thursday too do i just IR him or keep waiting? and what's the % he actually plays by sunday",
          *HUMAN, K.no_transaction(), ir_timing(COLLINS), F.chance_said(COLLINS)),
        T("ok IR him and grab the best guy you can",
          *HUMAN, K.no_transaction(), _ir_card(COLLINS)),
        D("approve", 0, AFTER),
        T("cool. who's riding my bench thursday now",
          *HUMAN, AFTER, daily_lineup_on(THU), lineup_after_move(THU), no_idle_starter(THU)),
    ], cls="conditional-ir"),
    Conv("f18-scope-veto", "categories", [
        T("maya and theo just did herro for amen thompson. should i vote to veto?? feels rigged ngl",
          *HUMAN, F.scope_offer(r"veto|vot(e|es|ing)\b|other (teams|managers)|between|not involv|don'?t involve|"
                                r"league (rules|decision)")),
        T("whatever. am i better than both of em now? where do i rank",
          *HUMAN, K.any_called("get_team_strength"), strength_rank_said),
        T("and what's my worst cat",
          *HUMAN, weakest_named),
    ], cls="scope-veto"),
    Conv("f18-scope-fantasy-playoffs", "points", [
        T("thinking way ahead: which of my guys have the best schedule for the fantasy playoffs, weeks 21 thru 23?",
          *HUMAN, F.scope_offer(r"playoff|weeks? 2[1-3]|march|that far|beyond|past|after|future|schedule|ahead")),
        T("fine. next week then, who on my team plays the most",
          *HUMAN, F.next_week_most_mine),
        T("and who plays the fewest",
          *HUMAN, fewest_next_week),
    ], cls="scope-fantasy-playoffs"),
    Conv("f18-trade-available-except", "categories", [
        T("everybody on my roster is on the table except shai and melo. find me a steals trade",
          *HUMAN, K.called("find_trades", exclude=has(SGA, BALL), targets=has_cats("STL")),
          never_gives(SGA), never_gives(BALL)),
        T("only ones where i send 2 and get 1 back",
          *HUMAN, K.called("find_trades", shape="2-for-1", exclude=has(SGA, BALL), targets=has_cats("STL")),
          shape_or_none(2, 1), never_gives(SGA), never_gives(BALL)),
        T("top one. worth it or nah, be real",
          *HUMAN, trade_args_prev_row(0), prev_row_verdict(0)),
    ], cls="trade-available-except"),
    Conv("f18-edit-card", "points", [
        T("3 streaming moves for this week, i don't care about ros",
          *HUMAN, K.called("optimize_matchup", mode="this_week", limit=3), cards_at_least(2)),
        T("the 2nd one but drop bogi instead of whoever it drops",
          *HUMAN, F.edited_card(1, BOGDAN, "bogi")),
        D("approve", 0, AFTER),
        T("so who's covering bogi's spot saturday",
          *HUMAN, AFTER, lineup_after_move(SAT), any_of(daily_lineup_on(SAT), added_plays_on(SAT, "Saturday"))),
    ], cls="edit-card"),
    Conv("f18-hold-idiom", "points", [
        T("bogi. ride it out or cut bait? only this week matters to me",
          *HUMAN, hold_agrees_folded(BOGDAN),
          any_of(K.called("evaluate_hold", mode="this_week"), move_mode("this_week"))),
        T("ok cut him then, for whoever you'd stream",
          *HUMAN, K.no_transaction(), top_card_drops(BOGDAN)),
        D("decline", 0, AFTER),
        T("nah wait not that guy. next best streamer for bogi's spot?",
          *HUMAN, AFTER, K.no_transaction(), next_card_shown, top_card_drops(BOGDAN)),
    ], cls="hold-idiom"),
    Conv("f18-open-slots", "points", [
        T("friday: how many empty starting spots am i looking at, and who off waivers actually plays that day to "
          "fill em",
          *HUMAN, F.open_slots_said(FRI), any_of(all_play(FRI), top_card_adds_player_on(FRI))),
        T("first guy. drop bol for him",
          *HUMAN, K.no_transaction(), F.top_card_adds_prev_first(BOL)),
        D("approve", 0, AFTER),
        T("so how many empties friday now",
          *HUMAN, AFTER, F.open_slots_said(FRI, after_move=True)),
    ], cls="open-slots"),
    Conv("f18-number-followup", "points", [
        T("whats braun avg in fantasy pts this yr",
          *HUMAN, F.fp_avg_shown(BRAUN)),
        T("so times his games left this wk thats what, like 90?",
          *HUMAN, F.week_total_said(BRAUN)),
        T("same math for pritchard",
          *HUMAN, F.week_total_said(PRITCHARD)),
    ], cls="number-followup"),
    Conv("f18-trade-3for1-named", "categories", [
        T("package bogi, bol bol and conley for one actual starter",
          *HUMAN, K.called("find_trades", shape="3-for-1", give=F.lists(BOGDAN, BOL, CONLEY)),
          trades_give_all(BOGDAN, BOL, CONLEY), shape_or_none(3, 1)),
        T("ok forget conley, just bogi + bol for one guy",
          *HUMAN, K.called("find_trades", F.lacks("give", CONLEY), shape="2-for-1", give=F.lists(BOGDAN, BOL)),
          trades_give_all(BOGDAN, BOL), never_gives(CONLEY), shape_or_none(2, 1)),
        T("lol fine. what would it take to land sengun",
          *HUMAN, K.called("find_trades", get=has(SENGUN)), trades_all_get(SENGUN)),
    ], cls="trade-3for1-named"),
    Conv("f18-affirm-slang", "categories", [
        T("need blocks bad. one pickup, and tell me who goes",
          *HUMAN, any_of(cat_reached("BLK"), K.called("optimize_matchup", leaders_in="BLK")), cards_between(1, 1)),
        T("say less 🔒",
          *HUMAN, K.no_transaction(), K.top_card_repeated()),
        D("approve", 0, AFTER),
        T("how many swats a night is he good for",
          *HUMAN, AFTER, added_stat_figure("blk")),
    ], cls="affirm-slang"),
    Conv("f18-proxy-manager", "points", [
        T("typing this for my little brother, it's his team not mine lol. he wants to know if conley is worth keeping "
          "or if there's somebody better just sitting on waivers",
          *HUMAN, any_of(hold_agrees_folded(CONLEY), droppable_verdict(CONLEY))),
        T("he says fine, drop conley. for who? just the one best swap, he gets confused by lists",
          *HUMAN, K.no_transaction(), top_card_drops(CONLEY), cards_between(1, 1)),
        D("approve", 0, AFTER),
        T("he wants to know what actually changed on his roster",
          *HUMAN, AFTER, changed_named),
    ], cls="proxy-manager"),
    Conv("f18-punt-idiom-held", "categories", [
        T("ft% and turnovers can burn for all i care. best wire adds for the rest of the year",
          *HUMAN, fa_pick_punt("rest_of_season", ("FT%", "TO"))),
        T("how's my matchup looking, which cats can i still steal",
          *HUMAN, K.any_called("get_matchup_details"), no_punt_in_play("FT%"), no_punt_in_play("TO"),
          lead_names_cat_not("FT%", "TO")),
        T("would you do mobley for trae",
          *HUMAN, trade_args(give=(MOBLEY,), get=(TRAE,), punt=("FT%", "TO")), trade_verdict(MOBLEY, TRAE),
          no_punt_in_play("FT%"), no_punt_in_play("TO")),
    ], cls="punt-idiom-held"),
    Conv("f18-triple-filter", "points", [
        T("wire guys: nobody hurt, nobody playing more than 30 min a night, nobody from the pels. top 8",
          *HUMAN, fa_list(healthy_only=True, max_minutes=30, not_teams=NOP, limit=8), none_from("NOP"), no_out_listed,
          under_mpg_or_said(30), K.table_len("Player", 8)),
        T("oops meant 32 min not 30. and make it 12",
          *HUMAN, fa_list(healthy_only=True, max_minutes=32, not_teams=NOP, limit=12), none_from("NOP"),
          under_mpg_or_said(32), K.table_len("Player", 12)),
        T("which of those play tmrw",
          *HUMAN, _prev_fas_on(THU)),
    ], cls="triple-filter"),
    Conv("f18-refer-across-decision", "points", [
        T("top 6 free agents for this week pls",
          *HUMAN, fa_list(limit=6), fa_this_week, K.table_len("Player", 6)),
        T("add the top guy, drop bol",
          *HUMAN, K.no_transaction(), card_adds_nth_listed(0), top_card_drops(BOL)),
        D("approve", 0, AFTER),
        T("and the 4th guy on that first list — does he play saturday?",
          *HUMAN, AFTER, F.first_list_row_plays(3, SAT, "Saturday")),
    ], cls="refer-across-decision"),
    Conv("f18-roster-order", "categories", [
        T("rank my whole team worst to best. be brutal",
          *HUMAN, F.ranked_worst_first, _roster_all_named),
        T("cut the worst one, grab whoever's best",
          *HUMAN, K.no_transaction(), F.top_card_drops_prev_worst),
        D("approve", 0, AFTER),
        T("how many games does the new guy get this week",
          *HUMAN, AFTER, added_games_left),
    ], cls="roster-order"),
    Conv("f18-horizon-days-count", "points", [
        T("next 10 days only: braun or pritchard?",
          *HUMAN, F.window_call(FEB7, FEB8, BRAUN, PRITCHARD), F.better_over(BRAUN, PRITCHARD, FEB7),
          games_through(BRAUN, FEB7), games_through(PRITCHARD, FEB7)),
        T("ok add him, cut bogi",
          *HUMAN, K.no_transaction(), F.top_card_is(BOGDAN, BRAUN, "bogi")),
        D("decline", 0, AFTER),
        T("hm. why'd you like him so much anyway",
          *HUMAN, AFTER, explains_decided_card),
    ], cls="horizon-days-count"),
    Conv("f18-scope-autopilot", "categories", [
        T("can u just set my lineup every day automatically so i dont have to think about it",
          *HUMAN, F.scope_offer(r"automatic\w*|every day|each day|daily|autopilot|on (its|my|your) own|for you|"
                                r"set (it|your|lineups?)|in advance")),
        T("ugh fine. tonight's then",
          *HUMAN, daily_lineup_on(AS_OF), no_idle_starter(AS_OF)),
        T("why isnt lebron in it",
          *HUMAN, day_verdicts(AS_OF, LEBRON)),
    ], cls="scope-autopilot"),
    Conv("f18-affirm-last-card", "categories", [
        T("3 moves that help my threes",
          *HUMAN, K.called("optimize_matchup", limit=3),
          any_of(cat_reached("3PM"), K.called("optimize_matchup", leaders_in="3PM")), cards_at_least(2)),
        T("the last one. that one. go",
          *HUMAN, K.no_transaction(), F.last_card_repeated),
        T("wait how many 3s does that guy actually hit a game",
          *HUMAN, K.no_transaction(), F.card_stat_figure(-1, "fg3m")),
    ], cls="affirm-last-card"),
    Conv("f18-recall-card-after-approve", "categories", [
        T("top 3 moves rn",
          *HUMAN, K.called("optimize_matchup", limit=3), cards_at_least(3)),
        D("approve", 0, AFTER),
        T("remind me what the third option was",
          *HUMAN, AFTER, K.no_transaction(), names_first_set_card(2)),
        T("still worth doing now that the first one went through?",
          *HUMAN, AFTER, F.rejudged(2)),
    ], cls="recall-card-after-approve"),
    Conv("f18-ramble-two-constraints", "categories", [
        T("ok so long story. my wife thinks i spend way too much time on this app (she's not wrong lol) so i want ONE "
          "move for the rest of the season and then i'm logging off for a while. no centers, i've got enough bigs with "
          "jjj, mobley and clax, and i want somebody who helps my assists because that's where i get killed every "
          "single week. oh and don't drop anybody healthy, i mean it",
          *HUMAN, ast_reached, cards_spare_healthy, cards_between(1, 1), not_mode("this_week"),
          F.card_add_not_pos("C")),
        D("approve", 0, AFTER),
        T("k done. does he play this weekend?",
          *HUMAN, AFTER, F.added_weekend),
    ], cls="ramble-two-constraints"),
    Conv("f18-compare-two-constraints", "categories", [
        T("need fg% but i can't afford to tank my ft% either — ty jerome or alvarado?",
          *HUMAN, F.dominant_pick(JEROME, ALVARADO), K.compares(JEROME, ALVARADO)),
        T("grab him for bol",
          *HUMAN, K.no_transaction(), F.top_card_is(BOL, JEROME)),
        D("approve", 0, AFTER),
        T("he's not hurt or anything right? don't wanna get burned",
          *HUMAN, AFTER, F.status_said(JEROME)),
    ], cls="compare-two-constraints"),
    Conv("f18-trade-get-center-keep-guards", "points", [
        T("trade me into a better center. my guards aren't going anywhere",
          *HUMAN, keeps_guards_args, K.called("find_trades", get_position="C"), trades_get_pos("C"),
          trades_never_give_pos("G")),
        T("3 max",
          *HUMAN, K.called("find_trades", limit=3, get_position="C"), keeps_guards_args, trades_at_most(3),
          trades_never_give_pos("G")),
        T("2nd one — yes or no",
          *HUMAN, trade_args_prev_row(1), prev_row_verdict(1)),
    ], cls="trade-get-center-keep-guards"),
]


def first_run() -> dict | None:
    """The set's one run, recorded by whoever measures it (fresh18_first_run.json); None until then."""
    from tests.conversations.runner import first_run_of

    return first_run_of(__file__)
