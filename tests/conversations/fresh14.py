"""A fifteenth conversation set (issue #36), written blind by a helper: from the issues (#36 and #40), the tool
schemas (agents/tools/schemas.py), the check helpers (checks.py, runner.py, fresh6-13_checks.py and their
tests), the top of suite.py (Conv, T, D and its helpers, not its list), the module docstrings of the
earlier sets (to push past their voices), services/ and the league it serves (my roster and every team's
in both scorings, `python -m services rankings --available` in both) and the box-score CSV; never from the
planner's code or any other file under agents/, its tests, the golden cases, docs/conversation.md, another
set's conversations (an over-long read showed the first two and the last of fresh13's; nothing here
follows them), a first run's record or the commit messages, and never run through the assistant while it
was written. 25 whole conversations (2-4 turns, 13 points and 12 categories, nine that approve or decline a
card and go on).

Voices the earlier sets do not list: a terse power user typing filters like a query ("fa. C. ros. top 4.",
"same, PF", "excl PHO"); a manager thumbing on his phone, no punctuation ("yo who shud i grab for the wknd
lol", "need a trade for ast n stl but shai n barnes r untouchable"); a beginner who asks what the jargon
means ("people keep telling me to 'stream' bogdanovic. what does that even mean", "the IR thing people
talk about", "what does punting mean"); a correction inside the same message ("give me 8, no wait, make it 6", "for tomorrow, wait no,
friday"); a conditional ("if beal sits tonight who do i start instead"); comparatives on stats ("who's the
better rebounder", "the better shot blocker", "a better passer", "from deep", "over their last 5, who's
been scoring more"); "the guy you just suggested"; a whole NBA team kept out ("no suns guys, i'm way too
heavy on phoenix"); counts and horizons in new words ("just one", "at least 4 options", "a dozen", "3 tho
not 5", "since new year's", "over his last ten outings", "the week after this one", "the rest of the
year"); a trade with four constraints (a shape, two players kept, a count, then a position coming back);
a weekend ask with no answer in the schedule (nobody plays both Saturday and Sunday); age as the argument
in a hold dispute ("he's 37 and washed") and pushback with no new fact; "X or Y, which one do I cut" then
the verdict reversed by the manager; a punt verdict with a player added to each side and the punts then
scrapped; affirmations in new words ("green light, make it so"); declines then a preference ("pass. and
keep bol bol, i believe in him"); cue words before a new request ("switching gears", "one more thing",
"unrelated but"); out of scope: a live score, a player's contract.

Classes: terse-filters, weekend-days, beginner-jargon, conditional-lineup, reference-suggested,
exclude-team, comparative-then-day, trade-multi-constraint, hold-dispute, why-x-not-y, out-of-scope,
horizon-window, affirm-new-words, punt-verdict, ir-slot, x-vs-y-stat, filter-previous, trade-exclude,
cut-dispute, horizon-next-week, beginner-punt, decline-then-keep, cue-new-request, self-correction,
count-words. Own checks in fresh14_checks.py (facts from the CSV and the league's rosters, never from the
product). `runner.run(FRESH14)` scores it (once, by someone else).
"""
from __future__ import annotations

import datetime as dt

from tests.conversations import checks as K
from tests.conversations import fresh14_checks as F
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _added_not_listed, _ir_card, _on_ir_named
from tests.conversations.fresh7_checks import (days, fa_next_week_min, has, hold_agrees, never_gives, no_punt_in_play,
                                               none_from, roster_reflects_move, shape_or_none)
from tests.conversations.fresh8_checks import (BOL, all_play, cards_at_least, changed_named, daily_lineup_on,
                                               ir_slot_full, last_n_each, named_arg, next_card_shown, one_of,
                                               top_card_adds_player_on, verdict_kept)
from tests.conversations.fresh9_checks import punt_cleared, top_card_drops
from tests.conversations.fresh10_checks import drop_considered, fa_games_left_min, no_out_listed
from tests.conversations.fresh11_checks import all_play_any
from tests.conversations.fresh12_checks import day_each, named_all, subset_of_previous
from tests.conversations.fresh13_checks import (added_stat_figure, behind_said, cards_between, fa_list,
                                                hold_agrees_folded, lead_names_cat_not, no_punt_args, scope_said,
                                                trade_args, trade_verdict)
from tests.conversations.suite import (BALL, BARNES, BEAL, BOGDAN, CLAXTON, COLLINS, CONLEY, IVEY, LEBRON, MOBLEY,
                                       SGA, Conv, D, T, _this_week_ranked)

PRITCHARD, ZION, MURPHY = "Payton Pritchard", "Zion Williamson", "Trey Murphy III"
THU, FRI, SAT, SUN = dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1), dt.date(2025, 2, 2)

ND = K.decided_not_pending()
NO_TX = K.no_transaction()
HUMAN = (K.not_greeting(), K.no_clarify())
PHO = F.team_arg("pho", "phoenix", "suns")
FT_PUNT = F.has_cat("FT%")


def _no_guards(**want):
    """'skip the guards': guards left out (not_position G) or only forwards and centers asked for."""
    return one_of(fa_list(not_position=F.upper_is("G"), **want),
                  fa_list(position=F.upper_is("SF", "PF", "C", "F"), **want))


FRESH14: list[Conv] = [
    # ------------------------------------------------------------------ points (13)
    Conv("f14-terse-query", "points", [
        T("fa. C. ros. top 4.",
          *HUMAN, F.ros_fa_list(position=F.upper_is("C"), limit=4), K.table_len("Player", 4)),
        T("same, PF",
          *HUMAN, F.ros_fa_list(position=F.upper_is("PF"), limit=4), K.table_len("Player", 4)),
        T("excl PHO",
          *HUMAN, F.ros_fa_list(position=F.upper_is("PF"), limit=4, not_teams=PHO), none_from("PHO"),
          K.table_len("Player", 4)),
    ], cls="terse-filters"),

    Conv("f14-phone-weekend", "points", [
        T("yo who shud i grab for the wknd lol need bodies sat n sun",
          *HUMAN, fa_list(play_on=days(SAT, SUN)), all_play_any(SAT, SUN)),
        T("ok but only ppl w games both days",
          *HUMAN, F.nobody_both_days(SAT, SUN)),
        T("ok fine just sat then top 3",
          *HUMAN, fa_list(play_on=days(SAT, exact=True), limit=3), all_play(SAT), K.table_len("Player", 3)),
    ], cls="weekend-days"),

    Conv("f14-beginner-stream-ir", "points", [
        T("sorry i'm new to this. people keep telling me to 'stream' bogdanovic. what does that even mean, and "
          "should i?",
          *HUMAN, F.explains_term(r"stream", r"(pick|add|grab|sign)\w*[^.]*(free agent|waiver|games?)|swap|rotat|"
                                             r"short[- ]term|temporar|for (his|their|the) games"),
          hold_agrees_folded(BOGDAN), NO_TX),
        T("ok and the IR thing people talk about, can i use it for ivey? he's been hurt forever",
          *HUMAN, F.explains_term(r"\bIR\b|injured reserve", r"slot|does(n'?t| not) count|free(s|d)? up|"
                                                          r"keeps? him|stays? (on )?(your|the)|roster spot|open"),
          _ir_card(IVEY), NO_TX),
        D("approve", 0, ND),
        T("did that go through? who's in my IR now",
          *HUMAN, _on_ir_named(IVEY), ND),
    ], cls="beginner-jargon"),

    Conv("f14-if-beal-sits", "points", [
        T("if beal sits tonight who do i start instead",
          *HUMAN, one_of(daily_lineup_on(AS_OF), fa_list(play_on=days(AS_OF))), named_all(BEAL),
          F.no_idle_starter(AS_OF), NO_TX),
        T("ok grab someone who plays tonight for bol then",
          *HUMAN, top_card_drops(BOL), top_card_adds_player_on(AS_OF), NO_TX),
        D("approve", 0, ND),
        T("so who's in my lineup tonight now",
          *HUMAN, daily_lineup_on(AS_OF), roster_reflects_move, F.no_idle_starter(AS_OF), ND),
    ], cls="conditional-lineup"),

    Conv("f14-guy-you-suggested", "points", [
        T("gimme one move for this week, just one",
          *HUMAN, K.called("optimize_matchup", limit=1), cards_between(1, 1), NO_TX),
        T("how many games does the guy you just suggested have left",
          *HUMAN, F.card_add_games_left, NO_TX),
        D("approve", 0, ND),
        T("and what's he been averaging his last 5",
          *HUMAN, F.added_last_n(5), ND),
    ], cls="reference-suggested"),

    Conv("f14-no-suns", "points", [
        T("best pickups for the rest of the year but no suns guys, i'm way too heavy on phoenix already",
          *HUMAN, F.ros_fa_list(not_teams=PHO), none_from("PHO")),
        T("and leave out anyone who's banged up",
          *HUMAN, F.ros_fa_list(not_teams=PHO, healthy_only=True), none_from("PHO"), no_out_listed),
    ], cls="exclude-team"),

    Conv("f14-better-rebounder", "points", [
        T("who's the better rebounder, mobley or claxton?",
          *HUMAN, K.compares(MOBLEY, CLAXTON), F.stat_leader(MOBLEY, CLAXTON, "reb", r"rebound|boards|\breb\b")),
        T("and the better shot blocker?",
          *HUMAN, F.stat_leader(MOBLEY, CLAXTON, "blk", r"block|\bblk\b|swat|rim prot")),
        T("ok so if i can only start one of them saturday, which one",
          *HUMAN, day_each(SAT, MOBLEY, CLAXTON), F.no_idle_starter(SAT)),
    ], cls="comparative-then-day"),

    Conv("f14-trade-four-constraints", "points", [
        T("find me a trade: two of mine for one of theirs, don't touch shai or melo, and i want at least 4 options",
          *HUMAN, K.called("find_trades", shape="2-for-1", exclude=has(SGA, BALL), limit=lambda v: v >= 4),
          shape_or_none(2, 1), never_gives(SGA), never_gives(BALL), NO_TX),
        T("same deal but i want a center coming back",
          *HUMAN, K.called("find_trades", shape="2-for-1", exclude=has(SGA, BALL), get_position="C"),
          shape_or_none(2, 1), F.trades_get_pos("C"), never_gives(SGA), never_gives(BALL), NO_TX),
    ], cls="trade-multi-constraint"),

    Conv("f14-washed-conley", "points", [
        T("my gut says cut conley, he's 37 and washed. what do the numbers say",
          *HUMAN, K.called("evaluate_hold", named_arg(CONLEY)), hold_agrees(CONLEY), NO_TX),
        T("nah you're wrong, he's cooked, everybody knows it",
          *HUMAN, verdict_kept, NO_TX),
        T("fine. say i do cut him, who's the best add",
          *HUMAN, drop_considered(CONLEY), NO_TX),
    ], cls="hold-dispute"),

    Conv("f14-why-not-pritchard", "points", [
        T("what's my best move this week",
          *HUMAN, K.called("optimize_matchup"), cards_at_least(2), _this_week_ranked, NO_TX),
        T("why that guy and not pritchard?",
          *HUMAN, F.why_top_add_not(PRITCHARD), NO_TX),
        D("decline", 0, ND),
        T("ok whats the next best then",
          *HUMAN, next_card_shown, ND, NO_TX),
    ], cls="why-x-not-y"),

    Conv("f14-live-score-contract", "points", [
        T("what's the score of the cavs game right now?",
          *HUMAN, scope_said(r"live|scores?\b|right now|real[- ]time|in[- ]progress|in[- ]game")),
        T("ok then how's my matchup looking",
          *HUMAN, K.called("get_matchup_details"), behind_said),
        T("unrelated but how much is beal getting paid, is he worth that contract",
          *HUMAN, F.scope_with_figure(r"contract|salar|paid|money|\$", BEAL)),
    ], cls="out-of-scope"),

    Conv("f14-since-new-year", "points", [
        T("who's been the best free agent since new year's? top 6",
          *HUMAN, fa_list(window="30", limit=6), K.table_len("Player", 6)),
        T("over his last ten outings what's the top guy averaging",
          *HUMAN, F.game_log_of_prev_first(10)),
        T("now just the ones from that list who play tomorrow",
          *HUMAN, F.first_list_on(THU)),
    ], cls="horizon-window"),

    Conv("f14-green-light", "points", [
        T("i need blocks. find me a move",
          *HUMAN, K.called("optimize_matchup", target_categories=["BLK"]), cards_at_least(1), NO_TX),
        T("green light, make it so",
          *HUMAN, K.top_card_repeated(), NO_TX),
        D("approve", 0, ND),
        T("cool. what's his shot-blocking been like lately",
          *HUMAN, added_stat_figure("blk"), ND),
    ], cls="affirm-new-words"),

    # ------------------------------------------------------------------ categories (12)
    Conv("f14-punt-zion", "categories", [
        T("i'm punting FT% and turnovers. would mobley for zion be worth it?",
          *HUMAN, trade_args(give=(MOBLEY,), get=(ZION,), punt=("FT%", "TO")), trade_verdict(MOBLEY, ZION),
          no_punt_in_play("FT%"), no_punt_in_play("TO"), NO_TX),
        T("what if i throw in claxton and get trey murphy back as well",
          *HUMAN, trade_args(give=(MOBLEY, CLAXTON), get=(ZION, MURPHY), punt=("FT%", "TO")),
          trade_verdict(ZION, MURPHY), no_punt_in_play("FT%"), no_punt_in_play("TO"), NO_TX),
        T("scrap the punts. straight up, mobley for zion?",
          *HUMAN, trade_args(give=(MOBLEY,), get=(ZION,), exact=True), no_punt_args, punt_cleared("FT%"),
          trade_verdict(MOBLEY, ZION), NO_TX),
    ], cls="punt-verdict"),

    Conv("f14-ir-share", "categories", [
        T("stash ivey on IR and grab someone",
          *HUMAN, _ir_card(IVEY), NO_TX),
        D("approve", 0, ND),
        T("can collins share the IR with him?",
          *HUMAN, ir_slot_full(COLLINS, IVEY), ND),
    ], cls="ir-slot"),

    Conv("f14-passer-deep", "categories", [
        T("is lamelo a better passer than lebron?",
          *HUMAN, K.compares(BALL, LEBRON), F.stat_leader(BALL, LEBRON, "ast", r"assist|pass|dimes|\bast\b")),
        T("what about from deep",
          *HUMAN, F.stat_leader(BALL, LEBRON, "fg3m", r"three|3pm|3s\b|deep|3-point|triple|3pt")),
        T("over their last 5, who's been scoring more",
          *HUMAN, F.last_n_leader("pts", 5, BALL, LEBRON, r"scor|points|\bpts\b"), last_n_each(5, BALL, LEBRON)),
    ], cls="x-vs-y-stat"),

    Conv("f14-steals-then-filter", "categories", [
        T("best steals guys on waivers, give me 8. no wait, make it 6",
          *HUMAN, F.cat_fa_list("STL", 6), K.table_len("Player", 6)),
        T("of those, only the healthy ones",
          *HUMAN, subset_of_previous, no_out_listed),
        T("and of what's left, who has 3 games left this week",
          *HUMAN, subset_of_previous, fa_games_left_min(3)),
    ], cls="filter-previous"),

    Conv("f14-phone-trade", "categories", [
        T("need a trade for ast n stl but shai n barnes r untouchable dont even ask",
          *HUMAN, K.called("find_trades", targets=["AST", "STL"], exclude=has(SGA, BARNES)),
          never_gives(SGA), never_gives(BARNES), NO_TX),
        T("show me 3 tho not 5",
          *HUMAN, K.called("find_trades", targets=["AST", "STL"], exclude=has(SGA, BARNES), limit=3),
          F.trades_at_most(3), never_gives(SGA), never_gives(BARNES), NO_TX),
    ], cls="trade-exclude"),

    Conv("f14-cut-bogi-or-bol", "categories", [
        T("bogdan or bol bol, which one do i cut",
          *HUMAN, F.cut_pick(BOL, BOGDAN), NO_TX),
        T("ok cut him, who replaces him",
          *HUMAN, top_card_drops(BOL), NO_TX),
        D("decline", 0, ND),
        T("actually nah i'm keeping bol. drop bogdan instead",
          *HUMAN, top_card_drops(BOGDAN), K.cards_never_drop(BOL), ND, NO_TX),
    ], cls="cut-dispute"),

    Conv("f14-week-after-this", "categories", [
        T("looking ahead to the week after this one, who's worth grabbing?",
          *HUMAN, fa_list(horizon="next_week"), K.says(r"next week|feb(ruary)?\.? 3|3 feb|2/3")),
        T("only guys with 3 games that week",
          *HUMAN, fa_list(horizon="next_week", min_games_remaining=3), fa_next_week_min(3)),
        T("and no centers",
          *HUMAN, fa_list(horizon="next_week", min_games_remaining=3, not_position=F.upper_is("C")),
          fa_next_week_min(3)),
    ], cls="horizon-next-week"),

    Conv("f14-what-is-punting", "categories", [
        T("what does punting mean? a guy in my league says i should punt free throws because of claxton and mobley",
          *HUMAN, F.explains_term(r"\bpunt", r"give up|giving up|ignor|sacrific|conced|not (try|compet|chas)|"
                                             r"stop (caring|chasing)|on purpose|write off|writ\w* off|forfeit|"
                                             r"throw (away|out)|leave out|left out"),
          named_all(CLAXTON, MOBLEY), NO_TX),
        T("ok let's do that. who should i pick up then",
          *HUMAN, fa_list(punt=FT_PUNT), no_punt_in_play("FT%")),
        T("and which categories can i still win this week",
          *HUMAN, K.any_called("get_matchup_details", "get_team_strength", "optimize_matchup"),
          lead_names_cat_not("FT%"), no_punt_in_play("FT%")),
    ], cls="beginner-punt"),

    Conv("f14-keep-bol", "categories", [
        T("give me two moves for this week",
          *HUMAN, K.called("optimize_matchup", limit=2), cards_between(1, 2), NO_TX),
        D("decline", 0, ND),
        T("pass on that. and keep bol bol, i believe in him",
          *HUMAN, F.kept_or_said(BOL), ND, NO_TX),
    ], cls="decline-then-keep"),

    Conv("f14-switching-gears", "categories", [
        T("how's my matchup vs zone defense looking",
          *HUMAN, K.called("get_matchup_details"), K.says(r"Zone Defense")),
        T("switching gears, who's the best pure shooter on waivers? threes only",
          *HUMAN, F.cat_fa_list("3PM")),
        T("one more thing, does he play friday",
          *HUMAN, F.prev_first_plays(FRI, "Friday")),
    ], cls="cue-new-request"),

    Conv("f14-tomorrow-no-friday", "categories", [
        T("who should i pick up for tomorrow, wait no, friday",
          *HUMAN, fa_list(play_on=days(FRI, exact=True)), all_play(FRI)),
        T("top 3 is plenty",
          *HUMAN, fa_list(play_on=days(FRI, exact=True), limit=3), K.table_len("Player", 3), all_play(FRI)),
        T("skip the guards, i got plenty",
          *HUMAN, _no_guards(play_on=days(FRI, exact=True), limit=3), all_play(FRI)),
    ], cls="self-correction"),

    Conv("f14-one-for-boards", "categories", [
        T("one move for boards. one.",
          *HUMAN, K.called("optimize_matchup", target_categories=["REB"], limit=1), cards_between(1, 1), NO_TX),
        D("approve", 0, ND),
        T("what did that just change",
          *HUMAN, changed_named, ND),
        T("now show me a dozen free agents by steals",
          *HUMAN, F.cat_fa_list("STL", 12), K.table_len("Player", 12), _added_not_listed, ND),
    ], cls="count-words"),
]


def first_run() -> dict | None:
    """The set's one run, recorded by whoever measures it (fresh14_first_run.json); None until then."""
    from tests.conversations.runner import first_run_of

    return first_run_of(__file__)
