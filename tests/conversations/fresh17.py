"""An eighteenth conversation set (issue #36), written blind by a helper: from the issues (#36 and #40), the tool
schemas (agents/tools/schemas.py), the check helpers (checks.py, runner.py, fresh6-16_checks.py and their tests),
the top of suite.py (Conv, T, D and its helpers, not its list), the module docstrings of the earlier sets (to
push past their voices), services/ and the league it serves (my roster and its statuses in both scorings,
`python -m services rankings --available` in both, the opponent, the owners and eligibility of free agents,
the trade finder's shapes) and the box-score CSV; never from the planner's code or any other file under
agents/, its tests, the golden cases, docs/conversation.md, another set's conversations (fresh16.py's imports
and its last ~15 lines were read for the `first_run()` shape, which showed the end of its last conversation;
nothing here follows it; a count of tool-name strings over tests/conversations/*.py, which takes in the earlier
sets' files, showed tool names and counts only), a first run's record or the commit messages, and never run
through the assistant while it was written. 25 whole conversations (2-4 turns, 13 points and 12 categories,
twelve that approve or decline a card, every one of them going on after the decision).

Voices the earlier sets do not list: a request written as a bulleted checklist ("requirements: - guards only
- 3+ games left this wk - nobody hurt - top 5 pls"); misspelled player names the manager never corrects ("bol
boll", "cristian braun", "bogdonavic"); a hedged, grudging yes while a card waits ("ehh... i mean... i guess??
sure. fine. whatever") and a bare emoji one ("👍"), neither of which may execute; a what-if on the second card
against the first ("how much am i giving up vs the first"); trade jargon for shapes ("a consolidation trade, 2
of my mid guys for 1 stud", "split barnes into 2 pieces", "throw in bol bol as a sweetener", "sell high ...
for him alone"); poker talk for a hold ("hold or fold?") and "same q for bol bol" carried to the other player,
then "if u had to cut one of the two"; glossary questions on the product's own labels ("what does DTD mean
next to bogi", "what's the 'z' number in your rankings"); a day of the month alone ("on the 31st"); a date
horizon ("between now and the 9th", then "my whole roster combined"); a leading question with a false premise
("nobody on my team plays sunday, right?"); a manager switching wholly into French for three turns ("c'est
qui le meilleur agent libre pour les rebonds", "prends le premier et laisse tomber bol bol", "il lui reste
combien de matchs"); a percentage asked of his shots ("what % of his shots does jjj actually make"), then
"better or worse than mobley's" and "and from the line?", where the leader flips; ALL-CAPS anger at a card
("WHY THAT FIRST ONE. EXPLAIN.") then a decline and a position kept ("keeps all my forwards"); buyer's remorse
after an approval ("wait did i just mess that up? be honest"); "anyone on both lists?" across two rankings;
counts of my own players on a day ("how many of my guys actually play tmrw", "which of those are iffy", "how
many of mine go sunday now" after a move); "is he playing saturday too?" of the player just added; the IR
slot filled and then asked again ("collins too, same deal") with "when's he supposed to be back" for the
pronoun; out of scope: a tip-off time and a player's height, each with the nearest thing the product has (his
game tonight, his blocks).

Classes: checklist-filters, misspelled-move, hedged-approve, card-whatif, trade-consolidate, scope-tipoff,
hold-or-fold, glossary-dtd, ir-return, next-week-most, both-lists, day-of-month, scope-height, punt-idiom,
trade-sweetener, code-switch-french, false-premise, pct-figure, trade-sell-high, emoji-approve,
buyers-remorse, glossary-z, day-count, caps-decline, horizon-through-date. Together they cover trades with
shapes and locks, pickups with horizons, counts and filters, IR and return timing, hold vs stream, day
lineups, comparisons, follow-ups on an earlier list or card, affirmations while a card waits, punts held
across turns, negations, out-of-scope and glossary questions. Own checks in fresh17_checks.py (facts from the
CSV and the league's rosters, never from the product). `runner.run(FRESH17)` scores it (once, by someone else).
"""
from __future__ import annotations

import datetime as dt

from tests.conversations import checks as K
from tests.conversations import fresh16_checks as F16
from tests.conversations import fresh17_checks as F
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _ir_card
from tests.conversations.fresh7_checks import (any_of, cards_keep, day_players_named, days, fa_pick_punt, has,
                                               never_gives, no_punt_in_play, shape_or_none)
from tests.conversations.fresh8_checks import (all_play, cards_at_least, daily_lineup_on, ir_slot_full,
                                               my_players_on, next_card_shown, top_card_adds_player_on)
from tests.conversations.fresh9_checks import top_card_drops
from tests.conversations.fresh10_checks import cat_reached, fa_games_left_min, no_out_listed
from tests.conversations.fresh11_checks import (explains_decided_card, stat_figure, top_card_adds,
                                                top_card_adds_prev_first, trades_give_all)
from tests.conversations.fresh13_checks import (card_add_top_in, cards_between, fa_list, hold_agrees_folded,
                                                lead_names_cat_not, not_mode, picks_one_of, says_cut, scope_said)
from tests.conversations.fresh14_checks import (added_last_n, cat_fa_list, cut_pick, explains_term, no_idle_starter,
                                                upper_is)
from tests.conversations.fresh15_checks import cat_chance_said, move_call, table_len_between
from tests.conversations.suite import (BALL, BARNES, BEAL, BOGDAN, COLLINS, CONLEY, IVEY, LEBRON, MOBLEY, SGA, Conv,
                                       D, T, _prev_fas_on)

JJJ, BOL, BRAUN, WEMBY = "Jaren Jackson Jr.", "Bol Bol", "Christian Braun", "Victor Wembanyama"
THU, FRI, SAT, SUN, FEB9 = (dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1), dt.date(2025, 2, 2),
                            dt.date(2025, 2, 9))

HUMAN = (K.not_greeting(), K.no_clarify())
NO_TX = K.no_transaction()
ND = K.decided_not_pending()
STL_BLK = F16.has_cats("STL", "BLK")
AT_LEAST_3 = lambda v: v is not None and int(v) >= 3  # noqa: E731
FG_TOPIC = r"\bfg\b|fg%|field[- ]goal|shoot|shot|percent|%|efficien"
FT_TOPIC = r"\bft\b|ft%|free[- ]throw|\bline\b|charity|percent|%"

FRESH17: list[Conv] = [
    # --- points -------------------------------------------------------------------------------------------
    Conv("f17-checklist-filters", "points", [
        T("need a pickup. requirements:\n- guards only\n- 3+ games left this wk\n- nobody hurt\n- top 5 pls",
          *HUMAN, fa_list(position=upper_is("G"), healthy_only=True, min_games_remaining=AT_LEAST_3, limit=5),
          F.listed_eligible("G"), fa_games_left_min(3), no_out_listed, K.table_len("Player", 5)),
        T("which of em play friday",
          *HUMAN, _prev_fas_on(FRI)),
    ], cls="checklist-filters"),
    Conv("f17-misspelled-move", "points", [
        T("shud i drop bol boll for cristian braun?? be real w me",
          *HUMAN, move_call(BOL, BRAUN), top_card_adds(BRAUN), top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("cool. now same thing for bogdonavic, who's the best guy to swap him out for",
          *HUMAN, F.drop_reached(BOGDAN, "bogdonavic"), top_card_drops(BOGDAN), F.cards_never_add_decided, ND, NO_TX),
    ], cls="misspelled-move"),
    Conv("f17-hedged-approve", "points", [
        T("whats the single best move i can make rn",
          *HUMAN, cards_between(1, 1), NO_TX),
        T("ehh... i mean... i guess?? sure. fine. whatever",
          *HUMAN, K.top_card_repeated(), NO_TX),
        D("approve", 0, ND),
        T("ok so who's starting saturday now",
          *HUMAN, daily_lineup_on(SAT), F.lineup_after_move(SAT), no_idle_starter(SAT), ND),
    ], cls="hedged-approve"),
    Conv("f17-card-whatif", "points", [
        T("optimize my roster. conley and beal stay, period",
          *HUMAN, K.cards_never_drop(CONLEY), K.cards_never_drop(BEAL), cards_at_least(2), NO_TX),
        T("what if i took the 2nd one instead? how much am i giving up vs the first",
          *HUMAN, F.cards_gap(0, 1), F.prev_cards_pending),
        D("approve", 1, ND),
        T("k. now the same thing but for the rest of the season, same rules",
          *HUMAN, not_mode("this_week"), K.cards_never_drop(CONLEY), K.cards_never_drop(BEAL),
          F.cards_never_add_decided, ND),
    ], cls="card-whatif"),
    Conv("f17-trade-consolidate", "points", [
        T("looking for a consolidation trade, 2 of my mid guys for 1 stud. shai, bron and melo are locked",
          *HUMAN, K.called("find_trades", shape="2-for-1", exclude=has(SGA, LEBRON, BALL)), shape_or_none(2, 1),
          never_gives(SGA), never_gives(LEBRON), never_gives(BALL)),
        T("flip it. what if i split barnes into 2 pieces instead",
          *HUMAN, K.called("find_trades", shape="1-for-2", give=has(BARNES)), F16.trades_give_only(BARNES),
          shape_or_none(1, 2)),
        T("the top one of those: yay or nay",
          *HUMAN, F16.trade_args_prev_row(0), F16.prev_row_verdict(0), says_cut),
    ], cls="trade-consolidate"),
    Conv("f17-scope-tipoff", "points", [
        T("what time does beal tip off tonight?",
          *HUMAN, scope_said(r"\btip|start time|\btimes?\b|o'?clock|\bET\b|\bPT\b"),
          F.day_verdicts(AS_OF, BEAL)),
        T("ugh ok. beal or conley in my last util spot tonight then",
          *HUMAN, picks_one_of(BEAL, CONLEY, 10)),
    ], cls="scope-tipoff"),
    Conv("f17-hold-or-fold", "points", [
        T("bogi: hold or fold? sick of seeing DTD next to his name",
          *HUMAN, K.called("evaluate_hold", F16.named_as(BOGDAN, "bogi")), hold_agrees_folded(BOGDAN)),
        T("same q for bol bol",
          *HUMAN, K.called("evaluate_hold", F16.named_as(BOL)), hold_agrees_folded(BOL)),
        T("if u had to cut one of the two, who goes",
          *HUMAN, cut_pick(BOGDAN, BOL), NO_TX),
    ], cls="hold-or-fold"),
    Conv("f17-glossary-dtd", "points", [
        T("what does DTD mean next to bogi and bol bol? and do either of em play thursday",
          *HUMAN, explains_term(r"\bDTD\b", r"day[- ]to[- ]day|stands for|short for|\bmeans?\b"),
          F.day_verdicts(THU, BOGDAN, BOL)),
        T("who's the best healthy fill-in for thursday then? just 3",
          *HUMAN, fa_list(play_on=days(THU), healthy_only=True, limit=3), all_play(THU), no_out_listed,
          table_len_between(3, 3)),
    ], cls="glossary-dtd"),
    Conv("f17-ir-return", "points", [
        T("ivey hasnt suited up since new years day. IR him and grab somebody",
          *HUMAN, _ir_card(IVEY), F16.ir_timing(IVEY), NO_TX),
        D("approve", 0, ND),
        T("collins too, same deal",
          *HUMAN, ir_slot_full(COLLINS, IVEY), ND),
        T("so when's he supposed to be back anyway",
          *HUMAN, F16.ir_timing(COLLINS), NO_TX, ND),
    ], cls="ir-return"),
    Conv("f17-next-week-most", "points", [
        T("lemme get 7 names for next week specifically (feb 3-9), not this week",
          *HUMAN, fa_list(horizon="next_week", limit=7), K.table_len("Player", 7)),
        T("swap bol for whoever on that list has the most games next week",
          *HUMAN, F.card_adds_prev_most_next_week, top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("what's he been averaging his last 5",
          *HUMAN, added_last_n(5), ND),
    ], cls="next-week-most"),
    Conv("f17-both-lists", "points", [
        T("top 5 free agents rn",
          *HUMAN, fa_list(limit=5), K.table_len("Player", 5)),
        T("now top 5 over the last 2 weeks",
          *HUMAN, K.called("get_player_rankings", window="14", availability="free_agents", limit=5),
          K.table_len("Player", 5)),
        T("anyone on both lists?",
          *HUMAN, F.on_both_lists),
    ], cls="both-lists"),
    Conv("f17-day-of-month", "points", [
        T("who do i start on the 31st?",
          *HUMAN, daily_lineup_on(FRI), day_players_named(FRI), no_idle_starter(FRI)),
        T("i've got empty slots that night right? grab me someone who plays then, bol's useless",
          *HUMAN, top_card_adds_player_on(FRI), top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("is he playing saturday too?",
          *HUMAN, F.added_plays_on(SAT, "Saturday"), ND),
    ], cls="day-of-month"),
    Conv("f17-scope-height", "points", [
        T("how tall is wemby fr?? and how many blocks a game is he getting",
          *HUMAN, scope_said(r"\btall\b|height|inches|feet|\bcm\b|measur|wingspan"), stat_figure(WEMBY, "blk")),
        T("anyone on the wire close to that in blocks?",
          *HUMAN, cat_fa_list("BLK"), F.first_row_top_in("blk", 8)),
    ], cls="scope-height"),
    # --- categories -----------------------------------------------------------------------------------------
    Conv("f17-punt-idiom", "categories", [
        T("we're a no-FT% household over here. best ros pickup for me?",
          *HUMAN, fa_pick_punt("rest_of_season", ("FT%",)), no_punt_in_play("FT%")),
        T("add him, drop bol",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOL), no_punt_in_play("FT%"), NO_TX),
        D("approve", 0, ND),
        T("where am i weakest now",
          *HUMAN, lead_names_cat_not("FT%"), no_punt_in_play("FT%"), ND),
    ], cls="punt-idiom"),
    Conv("f17-trade-sweetener", "categories", [
        T("need steals + blocks help via trade. 1 for 1 only. mobley and jjj are off limits",
          *HUMAN, K.called("find_trades", shape="1-for-1", targets=STL_BLK, exclude=has(MOBLEY, JJJ)),
          never_gives(MOBLEY), never_gives(JJJ), shape_or_none(1, 1)),
        T("same but i'll throw in bol bol as a sweetener",
          *HUMAN, K.called("find_trades", shape="2-for-1", give=has(BOL), exclude=has(MOBLEY, JJJ), targets=STL_BLK),
          trades_give_all(BOL), shape_or_none(2, 1), never_gives(MOBLEY), never_gives(JJJ)),
    ], cls="trade-sweetener"),
    Conv("f17-code-switch-french", "categories", [
        T("salut! c'est qui le meilleur agent libre pour les rebonds cette semaine? top 3 stp",
          *HUMAN, cat_fa_list("REB", 3), K.table_len("Player", 3)),
        T("parfait. prends le premier et laisse tomber bol bol",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("merci! il lui reste combien de matchs cette semaine?",
          *HUMAN, F.added_games_left_any, ND),
    ], cls="code-switch-french"),
    Conv("f17-false-premise", "categories", [
        T("nobody on my team plays sunday, right?",
          *HUMAN, my_players_on(SUN)),
        T("ok then swap bol for a streamer who actually plays sunday",
          *HUMAN, top_card_adds_player_on(SUN), top_card_drops(BOL), NO_TX),
        D("approve", 0, ND),
        T("so how many of mine go sunday now",
          *HUMAN, F.count_playing(SUN, after_move=True), ND),
    ], cls="false-premise"),
    Conv("f17-pct-figure", "categories", [
        T("what % of his shots does jjj actually make? feels like nothing drops for him lately",
          *HUMAN, F.pct_shown(JJJ, "fgm", "fga")),
        T("is that better or worse than mobley's",
          *HUMAN, F.pct_compared(JJJ, MOBLEY, "fgm", "fga", FG_TOPIC)),
        T("and from the line?",
          *HUMAN, F.pct_compared(JJJ, MOBLEY, "ftm", "fta", FT_TOPIC)),
    ], cls="pct-figure"),
    Conv("f17-trade-sell-high", "categories", [
        T("bron's 40 and still balling. sell high? what can i get for him alone",
          *HUMAN, K.called("find_trades", give=has(LEBRON)), F16.trades_give_only(LEBRON)),
        T("which of those gets me the most assists back",
          *HUMAN, F.prev_get_leader("ast")),
    ], cls="trade-sell-high"),
    Conv("f17-emoji-approve", "categories", [
        T("need a blocks guy. drop whoever's worst on my team for him",
          *HUMAN, any_of(cat_reached("BLK"), K.called("optimize_matchup", leaders_in=upper_is("BLK"))),
          card_add_top_in("blk", 10), NO_TX),
        T("👍",
          *HUMAN, K.top_card_repeated(), NO_TX),
        D("approve", 0, ND),
        T("what's that do to my odds in blocks this week",
          *HUMAN, cat_chance_said("BLK"), ND),
    ], cls="emoji-approve"),
    Conv("f17-buyers-remorse", "categories", [
        T("best move for this week's matchup. streaming is fine, i don't care about ros",
          *HUMAN, F16.move_mode("this_week"), cards_at_least(2), NO_TX),
        D("approve", 0, ND),
        T("wait did i just mess that up? be honest",
          *HUMAN, explains_decided_card, ND),
        T("ok whats the next best one after that",
          *HUMAN, next_card_shown, F.cards_never_add_decided, ND),
    ], cls="buyers-remorse"),
    Conv("f17-glossary-z", "categories", [
        T("what's the 'z' number in your rankings actually mean? and who leads it among free agents over the last "
          "14 days",
          *HUMAN, explains_term(r"\bz\b|z-?scores?|z-?sum",
                                r"standard deviation|average|\bmean\b|above|below|spread|compared|relative|typical"),
          K.called("get_player_rankings", window="14", availability="free_agents")),
        T("only guards out of that",
          *HUMAN, K.called("get_player_rankings", window="14", availability="free_agents", position=upper_is("G")),
          F.listed_eligible("G")),
    ], cls="glossary-z"),
    Conv("f17-day-count", "categories", [
        T("how many of my guys actually play tmrw",
          *HUMAN, F.count_playing(THU)),
        T("and which of those are iffy",
          *HUMAN, F.iffy_named(THU)),
    ], cls="day-count"),
    Conv("f17-caps-decline", "categories", [
        T("any moves worth making? keep it short",
          *HUMAN, cards_at_least(1), NO_TX),
        T("WHY THAT FIRST ONE. EXPLAIN. IT MAKES ZERO SENSE",
          *HUMAN, F16.top_card_defended, F.prev_cards_pending),
        D("decline", 0, ND),
        T("fine. give me something that keeps all my forwards then",
          *HUMAN, cards_keep("F"), ND, NO_TX),
    ], cls="caps-decline"),
    Conv("f17-horizon-through-date", "categories", [
        T("how many games does shai have between now and the 9th",
          *HUMAN, F.schedule_to(FEB9), F.games_through(SGA, FEB9)),
        T("and my whole roster combined?",
          *HUMAN, F.schedule_to(FEB9), F.team_games_through(FEB9)),
    ], cls="horizon-through-date"),
]


def first_run() -> dict | None:
    """The set's one run, recorded by whoever measures it (fresh17_first_run.json); None until then."""
    from tests.conversations.runner import first_run_of

    return first_run_of(__file__)
