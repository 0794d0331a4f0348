"""A seventeenth conversation set (issue #36), written blind by a helper: from the issues (#36 and #40), the tool
schemas (agents/tools/schemas.py), the check helpers (checks.py, runner.py, fresh6-15_checks.py and their tests),
the top of suite.py (Conv, T, D and its helpers, not its list), the module docstrings of the earlier sets (to
push past their voices), services/ and the league it serves (my roster and every team's in both scorings,
`python -m services rankings --available` in both, the opponent) and the box-score CSV; never from the
planner's code or any other file under agents/, its tests, the golden cases, docs/conversation.md, another
set's conversations (fresh15.py's imports and its last ~30 lines were read for the FRESH15 list and
`first_run()`, which showed its last three conversations, and a filtered read of its imports let two check lines
of its first through; nothing here follows them), a first run's record or the commit messages, and never run
through the assistant while it was written. 25 whole conversations (2-4 turns, 13 points and 12 categories,
eleven that approve or decline a card, ten of them going on after the decision).

Voices the earlier sets do not list: a rant with the question buried in it ("my whole group chat is roasting
me — is he even worth holding"); a free agent called by his NBA team and role ("the grizzlies' rookie big, the
really tall one"); "same but for 9-cat value" in a points league; a correction in its own turn ("no I meant
next week", "no wait, I meant sunday"); sarcasm at a waiting card ("oh wow, brilliant. genius move 🙄") that
must neither execute nor be taken as a yes; a voice-to-text run-on that buries a punt, two players to move and
two categories in one breath; two asks joined by "two things:"; a glossary question inside a request ("whats
'ros' mean on these cards and who's the best ros pickup", "what are 'stocks' exactly, and who's got the most of
em"), and one after a trade list ("what does punting actually do to the numbers you're showing me"); emoji as
punctuation ("🏀 saturday lineup?? 🤔", "yessir 🫡"); shorthand "fg pct", "ft pct", "3s", "stocks", "boards",
"dimes", "clax", "bogi", "melo"; horizons "the rest of the week", "thru the weekend", "thru the all star
break, not just this week", "thru sunday"; counts "top three", "a few", "just the top three", "alone"; negations
"no one from the lakers", "nobody from phoenix or the lakers", "keep my bigs, I need jjj mobley and clax",
"doesn't drop him", "doesn't cost me a guard", "don't drop anybody healthy"; approvals "pull the trigger",
"make it happen cap'n", "yessir 🫡 that one"; declines "hard no", "hard pass"; out of scope: last season's
numbers (comparing against last season is not modelled) and a rookie's college career, each with the nearest
thing the product has; an IR question on a player about to return (John Collins on the as-of day: he played the
next night, issue #40), answered with his return, not a confident IR card.

Classes: hold-rant, team-role, same-but-z, negation-team, ir-approve, ir-timing, trade-keep-bigs, lineup-day,
sarcasm-card, glossary-ros, compare-dimes, trade-verdict, horizon-correction, punt-held, glossary-stocks,
compare-pct, trade-shape, ir-decline, window-switch, two-asks, out-of-scope, affirm-new-words, lineup-sit,
runon-punt-trade, horizon-break. Together they cover trades with constraints, pickups with horizons, counts and
filters, IR, hold vs stream, lineups on a day, comparisons, follow-ups referring back, affirmations while a
card waits, punts held across turns, out-of-scope questions and glossary questions mixed with a request. Own
checks in fresh16_checks.py (facts from the CSV and the league's rosters, never from the product).
`runner.run(FRESH16)` scores it (once, by someone else).
"""
from __future__ import annotations

import datetime as dt

from tests.conversations import checks as K
from tests.conversations import fresh16_checks as F
from tests.conversations.fresh6_checks import _ir_card, _on_ir_named
from tests.conversations.fresh7_checks import (cards_keep, day_players_named, days, fa_next_week_min, has,
                                               last_n_either, never_gives, no_punt_in_play, none_from,
                                               roster_reflects_move, shape_or_none)
from tests.conversations.fresh8_checks import (cards_at_least, changed_named, daily_lineup_on, next_card_shown,
                                               top_card_adds_player_on)
from tests.conversations.fresh9_checks import top_card_drops
from tests.conversations.fresh10_checks import (added_games_left, cat_reached, fa_games_left_min, no_out_listed,
                                                punt_reached)
from tests.conversations.fresh11_checks import stat_figure, top_card_adds_prev_first, trades_give_all
from tests.conversations.fresh12_checks import day_each
from tests.conversations.fresh13_checks import (added_stat_figure, fa_list, hold_agrees_folded, trade_args,
                                                trade_verdict)
from tests.conversations.fresh14_checks import (explains_term, no_idle_starter, ros_fa_list,
                                                scope_with_figure, stat_leader, team_arg, trades_at_most,
                                                trades_get_pos, upper_is)
from tests.conversations.fresh15_checks import (fa_this_week, fpts_leader, lacks_cat, schedule_on,
                                                table_len_between)
from tests.conversations.suite import (BALL, BEAL, BOGDAN, CLAXTON, COLLINS, CONLEY, IVEY, MOBLEY, SGA, Conv, D,
                                       T, _prev_fas_on)

JJJ, BOL, EDEY, WEMBY = "Jaren Jackson Jr.", "Bol Bol", "Zach Edey", "Victor Wembanyama"
THU, FRI, SAT, SUN, FEB3 = (dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1), dt.date(2025, 2, 2),
                            dt.date(2025, 2, 3))

HUMAN = (K.not_greeting(), K.no_clarify())
NO_TX = K.no_transaction()
ND = K.decided_not_pending()
LAKERS = team_arg("lal", "lakers")
SUNS = team_arg("pho", "phoenix", "suns")
STOCKS = F.has_cats("STL", "BLK")
STOCKS_MEANT = r"steal[^.]*block|block[^.]*steal|\bSTL\b[^.]*\bBLK\b|\bBLK\b[^.]*\bSTL\b"
NO_FT_TO = (no_punt_in_play("FT%"), no_punt_in_play("TO"))

FRESH16: list[Conv] = [
    # --- points ---------------------------------------------------------------------------------------------
    Conv("f16-rant-bol", "points", [
        T("ok I'm SO done with bol bol. dude has given me basically nothing for two weeks, I keep starting him like "
          "an idiot and he puts up a 5 burger, my whole group chat is roasting me — is he even worth holding or do "
          "I just stream the spot??",
          *HUMAN, K.called("evaluate_hold", F.named_as(BOL)), hold_agrees_folded(BOL)),
        T("fine. swap him for whoever's best the rest of the week",
          *HUMAN, top_card_drops(BOL), F.move_mode("this_week"), NO_TX),
        D("approve", 0, ND),
        T("how many games does the new guy have left this week",
          *HUMAN, added_games_left, ND),
    ], cls="hold-rant"),

    Conv("f16-grizzlies-big", "points", [
        T("is the grizzlies' rookie big worth a pickup? the really tall one",
          *HUMAN, F.resolved_with_figure(EDEY)),
        T("how's he looked his last 5",
          *HUMAN, K.called("get_player_game_log", F.named_as(EDEY, "edey"), last_n=5), last_n_either(EDEY, 5)),
        T("would he be an upgrade on clax for the rest of the season",
          *HUMAN, F.swap_judged(CLAXTON, EDEY, "clax"), F.add_verdict(EDEY)),
    ], cls="team-role"),

    Conv("f16-same-but-z", "points", [
        T("top three free agents by fantasy points over the last 2 weeks",
          *HUMAN, fa_list(window="14", limit=3), table_len_between(3, 3)),
        T("same but for 9-cat value",
          *HUMAN, fa_list(window="14", limit=3, sort="z_sum"), table_len_between(3, 3)),
        T("who out of those has the most games left",
          *HUMAN, F.most_left_of_prev),
    ], cls="same-but-z"),

    Conv("f16-no-lakers", "points", [
        T("need a few streamers for the rest of the week, no one from the lakers tho, I've got enough LA drama 🙄",
          *HUMAN, fa_list(not_teams=LAKERS), fa_this_week, none_from("LAL"), table_len_between(2, 5)),
        T("ok the top guy for bol bol. pull the trigger",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("did it go thru? show me my roster",
          *HUMAN, roster_reflects_move, ND),
    ], cls="negation-team"),

    Conv("f16-ivey-stash", "points", [
        T("ivey hasnt played since new years. can i stash him on IR and still pick someone up",
          *HUMAN, _ir_card(IVEY), NO_TX),
        T("make it happen cap'n",
          *HUMAN, K.top_card_repeated(), NO_TX),
        D("approve", 0, ND),
        T("so who's sitting in my IR slot now, and who'd I end up adding",
          *HUMAN, _on_ir_named(IVEY), changed_named, ND),
    ], cls="ir-approve"),

    Conv("f16-collins-timing", "points", [
        T("collins has missed 3 straight. should i IR him and grab someone or is he back soon",
          *HUMAN, F.ir_timing(COLLINS), NO_TX),
        T("ok then what's my best move for this week that doesn't drop him",
          *HUMAN, F.swaps_never_drop(COLLINS), cards_at_least(1), F.move_mode("this_week")),
        D("decline", 0, ND),
        T("yeah hard no on that one lol. what's next",
          *HUMAN, next_card_shown, F.swaps_never_drop(COLLINS), ND),
    ], cls="ir-timing"),

    Conv("f16-stocks-keep-bigs", "points", [
        T("looking to trade for more stocks but keep my bigs, I need jjj mobley and clax",
          *HUMAN, F.keeps_bigs_args(JJJ, MOBLEY, CLAXTON), K.called("find_trades", targets=STOCKS),
          never_gives(JJJ), never_gives(MOBLEY), never_gives(CLAXTON)),
        T("just the top three",
          *HUMAN, K.called("find_trades", limit=3), F.keeps_bigs_args(JJJ, MOBLEY, CLAXTON), trades_at_most(3),
          never_gives(JJJ), never_gives(MOBLEY), never_gives(CLAXTON)),
        T("wait what's 'stocks' in your numbers, is it just steals plus blocks",
          *HUMAN, explains_term(r"stocks", STOCKS_MEANT), NO_TX),
    ], cls="trade-keep-bigs"),

    Conv("f16-emoji-saturday", "points", [
        T("🏀 saturday lineup?? who starts who sits 🤔",
          *HUMAN, daily_lineup_on(SAT), no_idle_starter(SAT)),
        T("and bogi — is he even playing that day or nah",
          *HUMAN, F.plays_on_verdict(BOGDAN, SAT, "Saturday")),
        T("no wait I meant sunday",
          *HUMAN, F.plays_on_verdict(BOGDAN, SUN, "Sunday")),
    ], cls="lineup-day"),

    Conv("f16-sarcasm-card", "points", [
        T("give me your best add/drop for this week",
          *HUMAN, F.move_mode("this_week"), cards_at_least(1)),
        T("oh wow, brilliant. cut one of my guys for some scrub off the wire. genius move 🙄",
          *HUMAN, F.top_card_defended, NO_TX),
        D("decline", 0, ND),
        T("yeah figured. anything that doesn't cost me a guard then?",
          *HUMAN, cards_keep("G"), ND),
    ], cls="sarcasm-card"),

    Conv("f16-glossary-ros", "points", [
        T("whats 'ros' mean on these cards and who's the best ros pickup rn",
          *HUMAN, explains_term(r"\bROS\b", r"rest[- ]of[- ](the[- ])?season|remaining"), ros_fa_list()),
        T("top three only, and nobody who's hurt",
          *HUMAN, ros_fa_list(limit=3, healthy_only=True), no_out_listed, table_len_between(3, 3)),
        T("the second one — swap him in for bogdanovic",
          *HUMAN, F.card_adds_row_of_turn(1, 1), top_card_drops(BOGDAN), NO_TX),
        D("approve", 0, ND),
    ], cls="glossary-ros"),

    Conv("f16-dimes-melo-shai", "points", [
        T("who dishes more dimes, melo or shai",
          *HUMAN, stat_leader(BALL, SGA, "ast", r"assist|dime|\bast\b|pass|dish")),
        T("ok and in fantasy points over their last 5?",
          *HUMAN, fpts_leader(5, BALL, SGA)),
        T("is melo better than he was last year tho? feels like it",
          *HUMAN, scope_with_figure(r"last (season|year)|previous season|prior season|2023", BALL)),
    ], cls="compare-dimes"),

    Conv("f16-wemby-verdict", "points", [
        T("would zone defense go for jjj + bol bol for wemby? be real",
          *HUMAN, trade_args(give=(JJJ, BOL), get=(WEMBY,)), trade_verdict(JJJ, BOL, WEMBY)),
        T("what if I throw conley in too",
          *HUMAN, trade_args(give=(JJJ, BOL, CONLEY), get=(WEMBY,)), trade_verdict(JJJ, CONLEY, WEMBY)),
        T("lol ok forget it. who's actually gettable for jjj alone",
          *HUMAN, K.called("find_trades", give=has(JJJ)), F.trades_give_only(JJJ)),
    ], cls="trade-verdict"),

    Conv("f16-next-week-fix", "points", [
        T("who on waivers plays the most games",
          *HUMAN, fa_games_left_min(3)),
        T("no I meant next week",
          *HUMAN, fa_list(horizon="next_week"), fa_next_week_min(3)),
        T("does the first guy play monday the 3rd?",
          *HUMAN, F.prev_first_plays_on(FEB3, "Monday")),
    ], cls="horizon-correction"),

    # --- categories -----------------------------------------------------------------------------------------
    Conv("f16-punt-ft-to", "categories", [
        T("fyi I'm punting FT% and turnovers the rest of the way. best pickup for me?",
          *HUMAN, K.any_called("get_free_agents", "get_player_rankings", "optimize_matchup"),
          punt_reached("FT%"), punt_reached("TO"), *NO_FT_TO),
        T("how'm I looking vs zone defense this week",
          *HUMAN, K.says(r"Zone Defense|\bLena\b"), *NO_FT_TO),
        T("ok find me a trade that helps wherever I'm weakest",
          *HUMAN, K.called("find_trades", punt=F.has_cats("FT%", "TO"), targets=lambda v: lacks_cat("FT%")(v)
                           and lacks_cat("TO")(v)), *NO_FT_TO),
    ], cls="punt-held"),

    Conv("f16-stocks-gloss", "categories", [
        T("what are 'stocks' exactly, and who's got the most of em on the wire?",
          *HUMAN, explains_term(r"stocks", STOCKS_MEANT), fa_list(target_categories=STOCKS)),
        T("grab the top one for bol bol",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("how many stocks a game does he put up?",
          *HUMAN, F.added_sum_figure(("stl", "blk")), ND),
    ], cls="glossary-stocks"),

    Conv("f16-fg-pct", "categories", [
        T("fg pct — mobley or claxton, who's helping me more there",
          *HUMAN, F.pct_leader(MOBLEY, CLAXTON, "fgm", "fga", r"\bfg|field goal|shoot|efficien|percent|%")),
        T("and ft pct?",
          *HUMAN, F.pct_leader(MOBLEY, CLAXTON, "ftm", "fta", r"\bft|free throw|line|percent|%")),
        T("eh I'm punting ft% anyway. which one do I start thursday if I can only fit one",
          *HUMAN, day_each(THU, MOBLEY, CLAXTON), no_idle_starter(THU), no_punt_in_play("FT%")),
    ], cls="compare-pct"),

    Conv("f16-beal-conley-center", "categories", [
        T("2 for 1: beal + conley for a center who gets boards and blocks",
          *HUMAN, K.called("find_trades", shape="2-for-1", give=has(BEAL, CONLEY), get_position="C"),
          cat_reached("REB"), cat_reached("BLK"), shape_or_none(2, 1), trades_give_all(BEAL, CONLEY),
          trades_get_pos("C")),
        T("nah keep conley, do beal + bogdanovic instead",
          *HUMAN, K.called("find_trades", shape="2-for-1", give=has(BEAL, BOGDAN)), never_gives(CONLEY),
          trades_give_all(BEAL, BOGDAN), trades_get_pos("C")),
        T("is the first one any good for me or am i getting fleeced",
          *HUMAN, F.trade_args_prev_row(0), F.prev_row_verdict(0)),
    ], cls="trade-shape"),

    Conv("f16-ivey-options", "categories", [
        T("ivey's been out forever. options? IR, drop, whatever works",
          *HUMAN, F.card_for(IVEY), NO_TX),
        D("decline", 0, ND),
        T("hard pass on that one. something else, but don't drop anybody healthy",
          *HUMAN, next_card_shown, F.cards_spare_healthy, ND),
        D("approve", 0, ND),
    ], cls="ir-decline"),

    Conv("f16-boards-window", "categories", [
        T("top three rebounders on the wire over the last two weeks",
          *HUMAN, fa_list(window="14", sort=upper_is("REB"), limit=3), table_len_between(3, 3)),
        T("same but whole season",
          *HUMAN, fa_list(window=F.season_window, sort=upper_is("REB"), limit=3), table_len_between(3, 3)),
        T("any of those play friday?",
          *HUMAN, _prev_fas_on(FRI)),
    ], cls="window-switch"),

    Conv("f16-two-things-bogi", "categories", [
        T("two things: is bogi worth holding thru the weekend, and who's my best streamer for sunday",
          *HUMAN, K.called("evaluate_hold", F.named_as(BOGDAN, "bogi")), fa_list(play_on=days(SUN))),
        T("ok swap bogi for the sunday guy",
          *HUMAN, top_card_drops(BOGDAN), top_card_adds_player_on(SUN), NO_TX),
        D("approve", 0, ND),
        T("so who am I starting sunday now",
          *HUMAN, daily_lineup_on(SUN), no_idle_starter(SUN), ND),
    ], cls="two-asks"),

    Conv("f16-edey-college", "categories", [
        T("how'd zach edey do in college? is he gonna be a monster or what",
          *HUMAN, scope_with_figure(r"college|purdue|ncaa", EDEY)),
        T("fine. worth adding him for boards and blocks the rest of the season?",
          *HUMAN, F.add_verdict(EDEY)),
        T("what's his blocks per game",
          *HUMAN, stat_figure(EDEY, "blk")),
    ], cls="out-of-scope"),

    Conv("f16-dimes-yessir", "categories", [
        T("need dimes bad. what's my best add/drop for assists?",
          *HUMAN, F.ast_reached, cards_at_least(1)),
        T("yessir 🫡 that one",
          *HUMAN, K.top_card_repeated(), NO_TX),
        D("approve", 0, ND),
        T("how many dimes does he average?",
          *HUMAN, added_stat_figure("ast"), ND),
    ], cls="affirm-new-words"),

    Conv("f16-friday-sit", "categories", [
        T("who do I sit friday, if anyone",
          *HUMAN, schedule_on(FRI), day_players_named(FRI),
          F.nobody_sits(FRI)),
        T("rest of the week thru sunday — who's got the fewest games left",
          *HUMAN, F.fewest_left_named),
    ], cls="lineup-sit"),

    Conv("f16-runon-punt-fg", "categories", [
        T("so basically im punting fg% cuz my team is all chuckers lol and i wanna move bol bol and bogdanovic for "
          "anyone who helps 3s and steals can you find something that works idk",
          *HUMAN, K.called("find_trades", punt=F.has_cats("FG%"), targets=F.has_cats("3PM", "STL"),
                           give=lambda v: bool(v) and any(any(F.means(n, str(x)) for n in (BOL, BOGDAN))
                                                          for x in v)),
          F.trades_give_any(BOL, BOGDAN), no_punt_in_play("FG%")),
        T("hmm the first one, yay or nay?",
          *HUMAN, F.trade_args_prev_row(0, punt=("FG%",)), F.prev_row_verdict(0), no_punt_in_play("FG%")),
        T("what does punting actually do to the numbers you're showing me",
          *HUMAN, explains_term(r"punt", r"ignor|left out|leave[s]? (it )?out|drop|give[s]? up|doesn'?t count|"
                                         r"not count|exclud|no weight|zero weight|without"),
          no_punt_in_play("FG%")),
    ], cls="runon-punt-trade"),

    Conv("f16-thru-break", "categories", [
        T("who should I grab that'll actually help thru the all star break, not just this week? top three, and "
          "nobody from phoenix or the lakers",
          *HUMAN, F.fa_beyond_this_week, fa_list(not_teams=lambda v: SUNS(v) and LAKERS(v), limit=3),
          none_from("PHO"), none_from("LAL"), table_len_between(3, 3)),
        T("slot the best one in for bol",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOL), NO_TX),
        D("decline", 0, ND),
        T("ok then the 2nd one",
          *HUMAN, F.card_adds_row_of_turn(0, 1), top_card_drops(BOL), ND),
    ], cls="horizon-break"),
]


def first_run() -> dict | None:
    """The set's one run, recorded by whoever measures it (fresh16_first_run.json); None until then."""
    from tests.conversations.runner import first_run_of

    return first_run_of(__file__)
