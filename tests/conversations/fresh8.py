"""A ninth conversation set (issue #36, session 18), written blind: from the issue, the tool schemas
(agents/tools/schemas.py) and the tools' descriptions, the check helpers, the league's rosters
(`python -m services roster`) and the box-score CSV, never from the planner's code, its tests, its
commit messages or another set being written beside it, and never run through the assistant while it
was written. 25 whole conversations (2-4 turns, 14 points and 11 categories, six that approve or decline a
card and go on) in voices the earlier sets barely use: a manager who gives his reasoning ("Collins
should be back saturday so i dont want to burn the IR spot"), one who asks for an opinion and pushes
back ("are you sure? that seems wrong to me", "that's a terrible idea, why ..."), several constraints in
one breath (two target categories, two kept players and a shape), voice-to-text run-ons without
punctuation, bare replies to the assistant's own list ("2", "the IR one", "next one?"), three players
compared, a date for a day ("Feb 1"), this week against next, a hold with a horizon ("till the
weekend"), a ranking narrowed over four turns (window, position, free agents, count), a trade verdict
under a punt, "do it then" that must not execute,
approve then "what changed" / "did that go through", decline then "next one?" or a new request,
out-of-scope questions (standings, Twitter injury news, DraftKings, keeper value, next year's draft)
said as not modelled with the nearest thing offered, category talk in a points league and points talk
in a categories league.

Classes: constraints reaching tools (exclude, shape, count, horizon/mode, day filters, filters on the
previous answer, punts, target categories, the IR slot), conversation acts (affirm, why X not Y,
X vs Y, three-way, new request after a cue word, out of scope, pushback), one verdict per question
(a hold agrees with its numbers and does not flip on pushback alone; no punted category in play;
decided cards never pending again). Its own checks are in fresh8_checks.py (facts computed there from
the box-score CSV and the league's rosters). `runner.run(FRESH8)` scores it.
"""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _has_cards, _ir_card
from tests.conversations.fresh8_checks import (BARNES, BOGDAN, BOL, BRAUN, CLAXTON, COLLINS, CONLEY, FRIDAY, IVEY,
                                               LEBRON, MOBLEY, PRITCHARD, SATURDAY, SGA, TRAE, TYUS, all_compared,
                                               all_of, all_play, cards_at_least, cat_winner, changed_named,
                                               daily_lineup_on, days, fewest_next_week, games_this_and_next,
                                               ir_one_again, ir_slot_full, last_n_each, listed_free_agents,
                                               my_players_on, named, named_arg, next_card_shown, no_ir_card_for,
                                               not_modelled, one_of, rank_of, ros_fa_pick, scoring_fa_list,
                                               status_out, top_card_adds_player_on, verdict_kept, why_top_drop_not)
from tests.conversations.runner import first_run_of
from tests.conversations.suite import Conv, D, T, _hold_agrees, _prev_fas_on, _strength_rank, _this_week_ranked

FRESH8: list[Conv] = [
    # --- a manager who gives his reasoning ------------------------------------------------------------
    Conv("f8-reason-ir", "points", [
        T("Collins should be back saturday so i dont want to burn the IR spot on him. what else can I do, "
          "give me a few options", K.called("optimize_matchup"), cards_at_least(2), no_ir_card_for(COLLINS),
          K.not_greeting(), K.no_clarify()),
        T("2", K.nth_card_repeated(1), K.no_transaction(), K.not_greeting(), K.no_clarify())], "ir-slots"),
    # --- asks for an opinion, then pushes back -----------------------------------------------------------
    Conv("f8-pushback-hold", "categories", [
        T("your honest opinion: do I ride it out with Bogdanovic or swap him for a streamer?",
          K.called("evaluate_hold", named_arg(BOGDAN)), _hold_agrees, K.not_greeting()),
        T("are you sure? that seems wrong to me", verdict_kept, K.not_greeting(), K.no_clarify(), K.no_transaction()),
        T("ok and if I only care about this week?", K.called("evaluate_hold", named_arg(BOGDAN), mode="this_week"),
          _hold_agrees, K.not_greeting())], "hold-pushback"),
    # --- several constraints at once ------------------------------------------------------------------
    Conv("f8-stacked-trade", "categories", [
        T("need steals and assists, can't lose Shai or Mobley, and only 2-for-1s where I send two",
          K.called("find_trades", targets=["STL", "AST"], exclude=named(SGA, MOBLEY), shape="2-for-1"),
          K.trades_never_give(SGA), K.trades_never_give(MOBLEY), K.trades_have_shape(2, 1)),
        T("just the best 3", K.called("find_trades", limit=3, exclude=named(SGA, MOBLEY), shape="2-for-1"),
          K.table_len("You give", 3), K.trades_never_give(SGA), K.trades_never_give(MOBLEY),
          K.trades_have_shape(2, 1), K.not_greeting())], "trade-exclude"),
    # --- voice to text, no punctuation ------------------------------------------------------------------
    Conv("f8-runon-tonight", "points", [
        T("ok so ivey is out again and i need somebody who actually plays tonight who do i grab off the wire",
          one_of(all_of(K.called("get_free_agents", play_on=days(AS_OF)), all_play(AS_OF)),
                 top_card_adds_player_on(AS_OF)), K.not_greeting(), K.no_clarify(), K.no_transaction()),
        T("what about saturday feb 1 give me 3 names",
          K.called("get_free_agents", play_on=days(SATURDAY), limit=3), K.table_len("Player", 3), all_play(SATURDAY),
          K.not_greeting())], "day-filter"),
    # --- bare replies to the assistant's own list -----------------------------------------------------
    Conv("f8-the-ir-one", "points", [
        T("show me 4 moves, IR moves count too", K.called("optimize_matchup", limit=4), cards_at_least(2)),
        T("the IR one", ir_one_again, K.no_transaction(), K.not_greeting(), K.no_clarify())], "affirm"),
    # --- three players compared, then a window on the comparison --------------------------------------
    Conv("f8-three-way", "points", [
        T("Braun, Pritchard or Tyus Jones, who's the best pickup for the rest of the year",
          all_compared(BRAUN, PRITCHARD, TYUS), K.not_called("evaluate_move"), K.not_greeting(), K.no_clarify()),
        T("just their last 5 games", last_n_each(5, BRAUN, PRITCHARD, TYUS), K.not_greeting(), K.no_clarify())],
      "x-vs-y"),
    # --- a day by its date; this week against next ----------------------------------------------------
    Conv("f8-feb1-roster", "categories", [
        T("who on my team plays Feb 1", my_players_on(SATURDAY), K.not_greeting(), K.no_clarify()),
        T("how many games do I have next week compared to what's left of this one", games_this_and_next,
          K.not_greeting())], "day"),
    # --- holds with a horizon -------------------------------------------------------------------------
    Conv("f8-hold-weekend", "points", [
        T("can I hold Ivey till the weekend or is that a waste", K.called("evaluate_hold", named_arg(IVEY)),
          _hold_agrees, status_out(IVEY), K.not_greeting()),
        T("and Collins, same question", K.called("evaluate_hold", named_arg(COLLINS)), _hold_agrees,
          K.not_greeting())], "hold-horizon"),
    # --- a ranking narrowed over four turns -------------------------------------------------------------
    Conv("f8-rank-stack", "categories", [
        T("rank everybody over the last 30 days", K.called("get_player_rankings", window="30")),
        T("centers only", K.called("get_player_rankings", window="30", position="C"), K.not_greeting()),
        T("who's available", K.called("get_player_rankings", window="30", position="C", availability="free_agents"),
          listed_free_agents, K.not_greeting()),
        T("top 6", K.called("get_player_rankings", window="30", position="C", availability="free_agents", limit=6),
          K.table_len("Player", 6), listed_free_agents)], "rank-filter"),
    # --- a trade verdict under a punt ---------------------------------------------------------------------
    Conv("f8-punt-trade", "categories", [
        T("I punt FT% and TO. Mobley for Trae Young, would you?",
          K.called("evaluate_trade", give=named(MOBLEY), get=named(TRAE), punt=["FT%", "TO"]),
          K.no_punted_in_play("FT%"), K.no_punted_in_play("TO")),
        T("what if I throw in Bol Bol",
          K.called("evaluate_trade", give=named(MOBLEY, BOL), get=named(TRAE), punt=["FT%", "TO"]),
          K.no_punted_in_play("FT%"), K.no_punted_in_play("TO"), K.not_greeting())], "punt-verdict"),
    # --- "do it" must not execute; approve, then what changed ------------------------------------------
    Conv("f8-do-it", "points", [
        T("whats the smartest move I can make this week", K.called("optimize_matchup"), _has_cards()),
        T("do it then", K.top_card_repeated(), K.no_transaction(), K.not_greeting()),
        D("approve", 0),
        T("so what changed", changed_named, K.decided_not_pending(), K.not_greeting())], "decided"),
    # --- decline, then the next -----------------------------------------------------------------------------
    Conv("f8-decline-next", "categories", [
        T("any add/drop that helps REB and BLK", K.called("optimize_matchup", target_categories=["REB", "BLK"]),
          cards_at_least(2)),
        D("decline", 0),
        T("next one?", next_card_shown, K.decided_not_pending(), K.not_greeting(), K.no_transaction())], "decided"),
    Conv("f8-decline-trade", "points", [
        T("if I can only make one swap today which is it", K.called("optimize_matchup", limit=1), _has_cards(1)),
        D("decline", 0),
        T("fine. then find me a trade for more points, Shai and LeBron are off limits",
          K.called("find_trades", exclude=named(SGA, LEBRON)), K.trades_never_give(SGA), K.trades_never_give(LEBRON),
          K.decided_not_pending(), K.not_greeting())], "new-request"),
    # --- out of scope, the nearest thing offered ------------------------------------------------------
    Conv("f8-standings", "points", [
        T("how many games back of first place am I", not_modelled(r"standings|games back|first place|records?\b"),
          _strength_rank, K.not_greeting()),
        T("ok then how am I doing in this week's matchup", K.called("get_matchup_details"), K.not_greeting())],
      "out-of-scope"),
    Conv("f8-twitter", "categories", [
        T("saw on twitter Ivey is out another 3 weeks, true?",
          not_modelled(r"twitter|social media|outside (news|sources)|real[- ]time|reports?|timelines?|return date"),
          K.any_called("get_player_status", "get_player_news", "search_news_by_topic", "get_my_roster"),
          status_out(IVEY), K.not_greeting()),
        T("should I IR him then", _ir_card(IVEY), K.no_transaction(), K.not_greeting())], "out-of-scope"),
    Conv("f8-dfs", "points", [
        T("build me a draftkings lineup for tonight", not_modelled(r"draftkings|\bDFS\b|daily fantasy|salar"),
          one_of(K.called("compose_daily_lineup"), K.says(r"\byour\b[^.]*lineup|\bstart\b")), K.not_greeting()),
        T("fine, just my own lineup tonight then", daily_lineup_on(AS_OF), K.not_greeting())], "out-of-scope"),
    Conv("f8-keeper", "categories", [
        T("what's Barnes worth as a keeper next season", not_modelled(r"keeper|next season|next year|dynasty"),
          K.not_greeting()),
        T("ok where does he rank for the rest of this season",
          K.any_called("get_player_rankings"), rank_of(BARNES),
          K.not_greeting())], "out-of-scope"),
    Conv("f8-draft-then-move", "points", [
        T("who should I take first overall in next year's draft", not_modelled(r"draft|next year|next season"),
          K.not_greeting()),
        T("whatever. one move I should make right now?", K.called("optimize_matchup", limit=1), _has_cards(1)),
        D("approve", 0),
        T("did that go through?", changed_named, K.decided_not_pending(), K.not_greeting())], "decided"),
    # --- category talk in a points league; a filter on the previous answer ------------------------------
    Conv("f8-cats-in-points", "points", [
        T("I need threes and steals, who's out there", K.called("get_free_agents", target_categories=["3PM", "STL"]),
          listed_free_agents),
        T("any of them playing friday", _prev_fas_on(FRIDAY), K.not_greeting(), K.no_clarify())], "filter-previous"),
    # --- points talk in a categories league; a count on the previous answer -----------------------------
    Conv("f8-points-in-cats", "categories", [
        T("who's the best pure scorer on waivers, points per game", scoring_fa_list(), listed_free_agents),
        T("cut it to 3", scoring_fa_list(3), K.table_len("Player", 3), K.not_greeting())], "count"),
    # --- why X not Y ----------------------------------------------------------------------------------------
    Conv("f8-terrible-why", "points", [
        T("who do I drop for a streamer this week", K.called("optimize_matchup"), _has_cards()),
        T("that's a terrible idea, why that guy and not Claxton", why_top_drop_not(CLAXTON), K.no_transaction(),
          K.not_greeting(), K.no_clarify())], "why-x-not-y"),
    # --- X vs Y by one category, then another --------------------------------------------------------------
    Conv("f8-conley-tyus", "categories", [
        T("Conley vs Tyus Jones, who helps my assists more", K.called("compare_players", names=named(CONLEY, TYUS)),
          cat_winner(TYUS, CONLEY, "ast", r"assist|\bAST\b|dimes"), K.not_called("evaluate_move")),
        T("and for steals", cat_winner(CONLEY, TYUS, "stl", r"steal|\bSTL\b"), K.not_greeting(), K.no_clarify())],
      "x-vs-y"),
    # --- the one IR slot -----------------------------------------------------------------------------------
    Conv("f8-ir-full", "points", [
        T("put Ivey on IR and pick up whoever's best", _ir_card(IVEY), K.no_transaction()),
        D("approve", 0),
        T("now stash Collins on IR as well", ir_slot_full(COLLINS, IVEY), K.not_greeting()),
        T("then what's my best move without touching IR", K.called("optimize_matchup"), no_ir_card_for(COLLINS),
          K.decided_not_pending(), K.not_greeting())], "ir-slots"),
    # --- a punt said once, honoured in the list and the matchup ---------------------------------------------
    Conv("f8-punt-fg", "categories", [
        T("punting FG% this season. best pickups rest of season", ros_fa_pick(["FG%"]), K.no_punted_in_play("FG%")),
        T("which cats am I close in this week", K.called("get_matchup_details"), K.no_punted_in_play("FG%"),
          K.not_greeting())], "punt-verdict"),
    # --- this week only, a count; approve; next week's games -----------------------------------------------
    Conv("f8-stream-two", "points", [
        T("only care about this week, streaming. give me 2 moves",
          K.called("optimize_matchup", mode="this_week", limit=2), _has_cards(2), _this_week_ranked),
        D("approve", 0),
        T("next week who on my roster has the fewest games", fewest_next_week, K.decided_not_pending(),
          K.not_greeting())], "horizon"),
]


def first_run() -> dict | None:
    """The set's one run before anyone tuned to it (share, failed ids, the commit it ran on), once recorded."""
    return first_run_of(__file__)
