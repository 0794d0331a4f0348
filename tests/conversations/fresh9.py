"""A tenth conversation set (issue #36, session 18), written blind: from the issue, the tool schemas
(agents/tools/schemas.py) and the tools' descriptions, the check helpers, the league's rosters
(`python -m services roster`) and the box-score CSV, never from the planner's code, its tests, its
commit messages or another set, and never run through the assistant while it was written. 25 whole
conversations (2-4 turns, 12 points and 13 categories, six that approve or decline a card and go on).

Voices the earlier sets do not use: a manager mid-game texting fast with autocorrect slips ("Bill Bill"
for Bol Bol, "tnight"), one who writes only lowercase surnames or first names, one asking about the
other side of the matchup in the second person ("what's the other guy got going"), one who states a
preference in one turn and expects it kept later ("I hate streaming bigs" ... "ok find me a streamer";
"Conley's untouchable" ... two requests later), follow-ups by a list's position ("the third guy",
"the last one on that list"), by quantity ("give me 2 more", "too many, fewer"), horizon switches
("what about over the rest of the season instead"), a category with a horizon in a comparison, a day
by its date ("feb 2"), the one IR slot full, a hold with a deadline ("until Sunday"), a trade verdict
with a player added to my side, a punt set and then withdrawn, "sounds good" / "yh" that must not
execute before a real approve, decline then "anything else?", out-of-scope asks (playoff odds,
betting props, FanDuel, keepers, injury rumours) said as not modelled with the nearest thing offered,
category talk in a points league and fantasy-points talk in a categories league.

Classes: constraints reaching tools (count, horizon, position, day, punts set and cleared, target
categories, the IR slot, kept players and dislikes over turns), conversation acts (affirm, approve,
decline then next, position and quantity follow-ups, X vs Y, out of scope), one verdict per question
(holds agree with their numbers, no punted category in play, decided cards never pending again).
Own checks in fresh9_checks.py. `runner.run(FRESH9)` scores it.
"""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _has_cards, _ir_card, _plays_day_verdict
from tests.conversations.fresh7_checks import last_n_either
from tests.conversations.fresh8_checks import (BALL, BARNES, BOGDAN, BOL, CLAXTON, COLLINS, CONLEY, IVEY, SGA,
                                               all_of, cards_at_least, cat_winner, changed_named, daily_lineup_on,
                                               ir_slot_full, listed_free_agents, named, named_arg, next_card_shown,
                                               no_ir_card_for, not_modelled, one_of, ros_fa_pick, scoring_fa_list,
                                               status_out)
from tests.conversations.fresh9_checks import (BEAL, CADE, SUNDAY, TOMORROW, fewer_listed, more_listed, not_bigs,
                                               nth_listed, punt_cleared, top_card_drops)
from tests.conversations.runner import first_run_of
from tests.conversations.suite import Conv, D, T, _hold_agrees, _prev_fas_on, _strength_rank

_G = lambda v: str(v or "").upper() in {"G", "PG", "SG"}  # noqa: E731 - a guard position argument

FRESH9: list[Conv] = [
    # --- texting fast mid-game, autocorrect slips; "yh" must not execute, then a real approve ----------
    Conv("f9-bill-bill", "points", [
        T("whos the move rn, fine droppin Bill Bill for smbdy", K.any_called("optimize_matchup", "evaluate_move"),
          _has_cards(), top_card_drops(BOL),
          K.not_greeting(), K.no_clarify(), K.no_transaction()),
        T("yh", K.top_card_repeated(), K.no_transaction(), K.not_greeting()),
        D("approve", 0),
        T("k wat changed", changed_named, K.decided_not_pending(), K.not_greeting())], "decided"),
    # --- lowercase surnames, a category and a horizon -----------------------------------------------------
    Conv("f9-beal-bogdan-3s", "categories", [
        T("beal or bogdanovic for threes the rest of the way", K.called("compare_players", names=named(BEAL, BOGDAN)),
          cat_winner(BEAL, BOGDAN, "fg3m", r"three|\b3PM\b|\b3s\b|triples"), K.not_called("evaluate_move"),
          K.not_greeting(), K.no_clarify()),
        T("ok and just over this week", K.called("compare_players", names=named(BEAL, BOGDAN)), K.not_greeting(),
          K.no_clarify())], "x-vs-y"),
    Conv("f9-lowercase-feb2", "categories", [
        T("claxton play feb 2?", _plays_day_verdict(CLAXTON, SUNDAY, "Sunday"), K.not_greeting(), K.no_clarify()),
        T("ivey?", _plays_day_verdict(IVEY, SUNDAY, "Sunday"), K.not_greeting(), K.no_clarify()),
        T("conley", _plays_day_verdict(CONLEY, SUNDAY, "Sunday"), K.not_greeting(), K.no_clarify())], "day"),
    # --- second person about the opponent ------------------------------------------------------------------
    Conv("f9-other-guy", "categories", [
        T("what's the other guy got going this week, is he loaded up?", K.called("get_matchup_details"),
          K.not_greeting(), K.no_clarify()),
        T("so where is he beating me", K.called("get_matchup_details"), K.not_greeting(), K.no_clarify())],
      "matchup"),
    # --- a dislike stated once, kept later -------------------------------------------------------------------
    Conv("f9-hate-bigs", "points", [
        T("fyi I hate streaming bigs, they never get minutes for me", K.not_greeting(), K.no_transaction()),
        T("how's my week looking", K.called("get_matchup_details"), K.not_greeting()),
        T("ok find me a streamer", not_bigs, listed_free_agents, K.not_greeting(), K.no_clarify())], "preference"),
    Conv("f9-conley-untouchable", "categories", [
        T("Conley is untouchable for me, remember that. who should I cut for a pickup this week",
          K.called("optimize_matchup"), K.cards_never_drop(CONLEY), K.not_greeting()),
        T("and if it's only about blocks", K.called("optimize_matchup", target_categories=["BLK"]),
          K.cards_never_drop(CONLEY), K.not_greeting(), K.no_clarify())], "preference"),
    # --- follow-ups by position in a list ---------------------------------------------------------------
    Conv("f9-third-guy", "points", [
        T("top free agents right now", listed_free_agents, K.not_greeting()),
        T("tell me about the third guy", nth_listed(2), K.not_greeting(), K.no_clarify(), K.no_transaction())],
      "position-followup"),
    Conv("f9-last-one", "categories", [
        T("best available guards", one_of(K.called("get_free_agents", position=_G),
                                          K.called("get_player_rankings", availability="free_agents", position=_G)),
          listed_free_agents),
        T("the last one on that list, is he healthy?", nth_listed(-1), K.not_greeting(), K.no_clarify())],
      "position-followup"),
    # --- quantity follow-ups ----------------------------------------------------------------------------------
    Conv("f9-two-more", "points", [
        T("3 waiver adds for what's left of the week", K.called("get_free_agents", limit=3), K.table_len("Player", 3),
          listed_free_agents),
        T("give me 2 more", more_listed(2), listed_free_agents, K.not_greeting(), K.no_clarify())], "count"),
    Conv("f9-fewer", "categories", [
        T("rank the top 15 free agents over the last 14 days",
          K.called("get_player_rankings", window="14", availability="free_agents", limit=15)),
        T("too many, fewer", fewer_listed, K.called("get_player_rankings", window="14", availability="free_agents"),
          K.not_greeting(), K.no_clarify())], "count"),
    # --- horizon switch ---------------------------------------------------------------------------------------
    Conv("f9-ros-instead", "points", [
        T("best free agent to pick up for this week", listed_free_agents, K.not_greeting()),
        T("what about over the rest of the season instead", ros_fa_pick(), listed_free_agents, K.not_greeting(),
          K.no_clarify())], "horizon"),
    # --- IR with the slot full --------------------------------------------------------------------------------
    Conv("f9-ir-then-full", "points", [
        T("stick Ivey in the IR spot and grab somebody", _ir_card(IVEY), K.no_transaction()),
        D("approve", 0),
        T("collins too while ur at it", ir_slot_full(COLLINS, IVEY), K.not_greeting())], "ir-slots"),
    Conv("f9-ir-approve-next", "categories", [
        T("make room by IRing Collins, whats the best add", _ir_card(COLLINS), K.no_transaction()),
        D("approve", 0),
        T("ok and my next best move", K.called("optimize_matchup"), no_ir_card_for(COLLINS),
          K.decided_not_pending(), K.not_greeting())], "decided"),
    # --- holds with a deadline ----------------------------------------------------------------------------
    Conv("f9-keep-till-sunday", "points", [
        T("can I keep Collins until Sunday", K.called("evaluate_hold", named_arg(COLLINS)), _hold_agrees,
          status_out(COLLINS), K.not_greeting()),
        T("same for Bogdanovic", K.called("evaluate_hold", named_arg(BOGDAN)), _hold_agrees, K.not_greeting(),
          K.no_clarify())], "hold-horizon"),
    # --- a trade verdict with a player added to my side -------------------------------------------------------
    Conv("f9-trade-add-mine", "categories", [
        T("Barnes for Cade Cunningham, yay or nay", K.called("evaluate_trade", give=named(BARNES), get=named(CADE)),
          K.not_greeting()),
        T("what if I add Claxton on my side", K.called("evaluate_trade", give=named(BARNES, CLAXTON), get=named(CADE)),
          K.not_greeting(), K.no_clarify())], "trade-verdict"),
    # --- a punt set, then withdrawn --------------------------------------------------------------------------
    Conv("f9-punt-withdrawn", "categories", [
        T("punting FT%. best pickups for the week?", K.any_called("get_free_agents", "optimize_matchup"),
          K.no_punted_in_play("FT%")),
        T("actually I'm not punting FT% anymore, redo it", K.any_called("get_free_agents", "optimize_matchup"),
          punt_cleared("FT%"), K.not_greeting(), K.no_clarify())], "punt-verdict"),
    # --- affirmation that must not execute, then approve ---------------------------------------------------
    Conv("f9-sounds-good", "points", [
        T("what's my single best add this week", K.called("optimize_matchup"), _has_cards()),
        T("sounds good", K.top_card_repeated(), K.no_transaction(), K.not_greeting()),
        D("approve", 0),
        T("and my roster now?", changed_named, K.decided_not_pending(), K.not_greeting())], "decided"),
    # --- decline, then "anything else?" ------------------------------------------------------------------
    Conv("f9-anything-else", "categories", [
        T("give me a couple of moves that help steals", K.called("optimize_matchup", target_categories=["STL"]),
          cards_at_least(2)),
        D("decline", 0),
        T("anything else?", next_card_shown, K.decided_not_pending(), K.not_greeting(), K.no_transaction())],
      "decided"),
    Conv("f9-decline-hold", "points", [
        T("one move, go", K.called("optimize_matchup", limit=1), _has_cards(1)),
        D("decline", 0),
        T("nah. is Bogdanovic even worth holding", K.called("evaluate_hold", named_arg(BOGDAN)), _hold_agrees,
          K.decided_not_pending(), K.not_greeting())], "decided"),
    # --- out of scope, the nearest thing offered ------------------------------------------------------
    Conv("f9-playoff-odds", "categories", [
        T("am I making the playoffs at this rate", not_modelled(r"standings|playoffs?|records?\b|odds"),
          _strength_rank, K.not_greeting()),
        T("then just tell me how strong my team is", K.any_called("get_team_strength"), K.not_greeting())],
      "out-of-scope"),
    Conv("f9-prop-bet", "points", [
        T("should I bet the over on Shai 31.5 points tonight",
          not_modelled(r"\bbet|props?\b|wager|sportsbook|gambl|odds|over/under"), K.not_greeting()),
        T("ok just his last 5 then", last_n_either(SGA, 5), K.not_greeting(), K.no_clarify())], "out-of-scope"),
    Conv("f9-fanduel", "categories", [
        T("fanduel lineup for tonight under 60k?", not_modelled(r"fanduel|\bDFS\b|daily fantasy|salar"),
          K.not_greeting()),
        T("k then who do I start in my league tonight", daily_lineup_on(AS_OF), K.not_greeting())], "out-of-scope"),
    Conv("f9-keeper-pick", "points", [
        T("lamelo or barnes, who do i keep next year", not_modelled(r"keeper|next year|next season|dynasty"),
          K.not_greeting()),
        T("fine, for the rest of this season then who's better",
          one_of(K.called("compare_players", names=named(BALL, BARNES)), K.any_called("get_player_rankings")),
          K.not_greeting(), K.no_clarify())], "out-of-scope"),
    # --- category talk in a points league; fantasy points in a categories league ------------------------
    Conv("f9-blocks-in-points", "points", [
        T("need blocks bad, anybody on waivers", K.called("get_free_agents", target_categories=["BLK"]),
          listed_free_agents),
        T("only the ones who go tomorrow", _prev_fas_on(TOMORROW), K.not_greeting(), K.no_clarify())],
      "filter-previous"),
    Conv("f9-fpts-in-cats", "categories", [
        T("forget cats for a sec, who are the top free agents by fantasy points",
          one_of(K.called("get_player_rankings", availability="free_agents", sort="fpts"),
                 all_of(K.says(r"categor"), listed_free_agents)), K.not_greeting()),
        T("3 of them", K.table_len("Player", 3), listed_free_agents, K.not_greeting())], "count"),
]


def first_run() -> dict | None:
    """The set's one run before anyone tuned to it (share, failed ids, the commit it ran on), once recorded."""
    return first_run_of(__file__)
