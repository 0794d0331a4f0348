"""An eleventh conversation set (issue #36, session 19), written blind: from the issue, the tool schemas
(agents/tools/schemas.py), the check helpers, the league's rosters (`python -m services roster`) and the
box-score CSV, never from the planner's code, its tests, its commit messages or another set's
conversations, and never run through the assistant while it was written. 25 whole conversations (2-4
turns, 13 points and 12 categories, seven that approve or decline a card and go on).

Voices the earlier sets do not use: a manager who reasons aloud for a paragraph and asks at its end; one
who answers the assistant's own answer ("the top guy's hurt though", "he only plays twice more"); a
hypothetical ("if I drop Bol Bol, who's the best add?"); three players compared in one category; two or
three constraints in one ask (position + games left + count, position + next week + count + category);
the opposite ask ("who should I NOT pick up"); a correction of the player ("no, the other Jones, Tre");
"never mind" while cards wait; the opponent asked about by team name ("Zone Defense"); stat shorthand
("dimes", "3s", "boards", "TOs", "swats"); a number asked back ("how many games does he have left
again?"); thanks mixed with a new ask; the same question asked twice in other words; a categories manager
talking roto ("gain ground", "cats"); totals against per-game; out of scope: FAAB bids and the MVP race.

Classes: constraints reaching tools (count, horizon, position, games left, categories in shorthand, punts,
kept players, trade shape, the drop of a hypothetical, totals vs per game), conversation acts (affirm then
approve, decline then ask why, never mind, correction, same ask twice, thanks + new ask, out of scope),
one verdict per question (holds agree with their numbers, three-way category leader, no punted category in
play, decided cards never pending again). Own checks in fresh10_checks.py. `runner.run(FRESH10)` scores it.
"""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _has_cards, _ir_card
from tests.conversations.fresh7_checks import has, hold_agrees, never_gives, shape_or_none
from tests.conversations.fresh8_checks import (BOGDAN, BOL, CLAXTON, COLLINS, CONLEY, IVEY, MOBLEY, SGA,
                                               changed_named, ir_slot_full, listed_free_agents, not_modelled, one_of,
                                               rank_of)
from tests.conversations.fresh10_checks import (JJJ, MONDAY, TRE, TYUS, added_games_left, cat_reached,
                                                drop_considered, fa_games_left_min, first_listed_games_left,
                                                games_left_said, leader_named, no_out_listed, not_claimed_done,
                                                opponent_players_named, ordered_by_window_total, overlap_with_previous,
                                                punt_reached, research_on, warns_off)
from tests.conversations.runner import first_run_of
from tests.conversations.suite import Conv, D, T, _prev_fas_on

BEAL = "Bradley Beal"
FRIDAY = AS_OF.replace(day=31)
GUARD = lambda v: str(v or "").upper() in {"G", "PG", "SG"}  # noqa: E731
PER_GAME = lambda a: a.get("per") in (None, "game")  # noqa: E731

FRESH10: list[Conv] = [
    # --- points --------------------------------------------------------------------------------------
    Conv("f10-think-aloud", "points", [
        T("so my guards are fine I think, Conley's been steady and Beal is ok, but my bigs get crushed every "
          "week and Claxton barely plays. I keep going back and forth between a streamer and someone to keep, "
          "and honestly I'd rather stop churning, so who's the best center I could add and keep for the rest "
          "of the season?",
          one_of(K.called("get_free_agents", position="C", horizon="rest_of_season"),
                 K.called("get_player_rankings", availability="free_agents", position="C", sort="ros_value")),
          K.not_greeting(), K.no_transaction()),
        T("how many games does he have left this week again?", first_listed_games_left, K.not_greeting())],
      "horizon"),
    Conv("f10-hypo-drop", "points", [
        T("if I drop Bol Bol, who's the best add?", drop_considered(BOL), K.not_greeting()),
        D("approve", 0),
        T("how many games does the new guy have left this week?", added_games_left, K.decided_not_pending())],
      "hypothetical"),
    Conv("f10-three-passers", "points", [
        T("Beal, Conley or Bogdanovic, who's the best passer of the three?", leader_named("ast", BEAL, CONLEY, BOGDAN),
          K.not_called("evaluate_move"), K.no_transaction()),
        T("and over their last 5?", K.called("get_player_game_log", last_n=5), K.not_greeting())], "x-vs-y"),
    Conv("f10-two-constraints", "points", [
        T("give me 4 guards with at least 3 games left this week",
          K.called("get_free_agents", position=GUARD, min_games_remaining=lambda v: (v or 0) >= 3, limit=4),
          K.table_len("Player", 4), fa_games_left_min(3)),
        T("thanks. which of those play Friday?", _prev_fas_on(FRIDAY), K.not_called("optimize_matchup"))],
      "rank-filter"),
    Conv("f10-opponent-name", "points", [
        T("what's Zone Defense got going this week, who are their big guns?", opponent_players_named(3),
          K.not_greeting()),
        T("ok so who do I stream to keep up with them", K.any_called("get_free_agents", "optimize_matchup"),
          K.no_transaction(), K.not_greeting())], "opponent"),
    Conv("f10-not-pickup", "points", [
        T("who should I NOT pick up right now? any traps on the wire?", warns_off, K.no_transaction()),
        T("fine, then who's actually safe to add?", K.called("get_free_agents"), listed_free_agents)], "negation"),
    Conv("f10-never-mind", "points", [
        T("what moves should I make this week?", _has_cards()),
        T("never mind, I'll sit tight for now", not_claimed_done, K.no_transaction(), K.not_greeting()),
        T("ok then how's my matchup looking", K.called("get_matchup_details"), K.no_transaction())],
      "affirmation"),
    Conv("f10-hurt-reply", "points", [
        T("top free agents for this week", K.any_called("get_free_agents", "get_player_rankings")),
        T("the top guy's hurt though. only healthy ones please",
          K.any_called("get_free_agents", "get_player_rankings"), no_out_listed, K.not_greeting())],
      "rank-filter"),
    Conv("f10-affirm-approve", "points", [
        T("best move this week?", _has_cards()),
        T("that works for me", K.top_card_repeated(), K.no_transaction()),
        D("approve", 0),
        T("cool, did that go through?", changed_named, K.decided_not_pending())], "decided"),
    Conv("f10-decline-why", "points", [
        T("find me moves, Conley and Beal aren't going anywhere", K.cards_never_drop(CONLEY), K.cards_never_drop(BEAL),
          _has_cards()),
        D("decline", 0),
        T("why would you drop Bogdanovic rather than Bol Bol anyway?", K.compares(BOGDAN, BOL),
          K.decided_not_pending(), K.not_says(r"^Here is why, from my last answer"))], "why-x-not-y"),
    Conv("f10-totals", "points", [
        T("rank free agents by total steals over the past 2 weeks, totals not per game",
          K.called("get_player_rankings", per="total", window="14", availability="free_agents", sort="STL"),
          ordered_by_window_total("stl", 14)),
        T("and per game?", K.called("get_player_rankings", PER_GAME, window="14", sort="STL"), K.not_greeting())],
      "rank-window"),
    Conv("f10-same-twice", "points", [
        T("top 5 free agents for blocks", cat_reached("BLK"), K.table_len("Player", 5)),
        T("let me ask that another way: which five unowned guys swat the most shots?", cat_reached("BLK"),
          K.table_len("Player", 5), overlap_with_previous(3))], "count"),
    Conv("f10-faab", "points", [
        T("how much FAAB should I bid on Christian Braun?", not_modelled(r"FAAB|bid|budget"), K.not_greeting(),
          K.no_transaction()),
        T("ok, is he worth adding at all then?", K.says(r"Braun"), K.not_greeting(), K.no_transaction())],
      "out-of-scope"),
    # --- categories ------------------------------------------------------------------------------------
    Conv("f10-roto-talk", "categories", [
        T("I'm a roto guy at heart. which cats can I still gain ground in this week?",
          K.called("get_matchup_details")),
        T("punting TOs though, so don't count those", K.no_punted_in_play("TO"), K.not_greeting()),
        T("so who do I stream for boards and 3s?", punt_reached("TO"), cat_reached("REB"), cat_reached("3PM"),
          K.no_punted_in_play("TO"))], "punt-verdict"),
    Conv("f10-dimes-trade", "categories", [
        T("need dimes and steals, find me a trade but JJJ stays",
          K.called("find_trades", exclude=has(JJJ)), cat_reached("AST"), cat_reached("STL"), never_gives(JJJ)),
        T("make it a 2-for-1", K.called("find_trades", shape="2-for-1", exclude=has(JJJ)), shape_or_none(2, 1),
          never_gives(JJJ))], "trade-shape"),
    Conv("f10-threes-total", "categories", [
        T("rank free agents by total 3s made over the last 30 days, totals not per game",
          K.called("get_player_rankings", per="total", window="30", sort="3PM", availability="free_agents"),
          ordered_by_window_total("fg3m", 30)),
        T("just the top 3", K.table_len("Player", 3), ordered_by_window_total("fg3m", 30))], "rank-window"),
    Conv("f10-other-jones", "categories", [
        T("how has Tyus Jones been playing lately?", research_on(TYUS, TRE)),
        T("no, the other Jones, Tre", research_on(TRE, TYUS), K.not_greeting())], "correction"),
    Conv("f10-three-bigs", "categories", [
        T("Mobley, Claxton or JJJ, who's my best shot-blocker?", leader_named("blk", MOBLEY, CLAXTON, JJJ),
          K.not_called("evaluate_move")),
        T("and on the boards?", leader_named("reb", MOBLEY, CLAXTON, JJJ), K.not_greeting())], "x-vs-y"),
    Conv("f10-hold-twice", "categories", [
        T("should I hold Bogdanovic or stream his spot?", hold_agrees(BOGDAN)),
        T("he only plays twice more this week though", games_left_said(BOGDAN),
          K.any_called("evaluate_hold", "get_free_agents", "optimize_matchup", "get_schedule"), K.no_transaction())],
      "hold"),
    Conv("f10-ir-boards", "categories", [
        T("Ivey's out, stash him on IR and find me someone who grabs boards", _ir_card(IVEY), cat_reached("REB")),
        D("approve", 0),
        T("Collins is hurt too. can he go in there as well, and who'd fill his spot?",
          ir_slot_full(COLLINS, IVEY), K.decided_not_pending(), K.not_greeting())], "ir-slots"),
    Conv("f10-punt-steals", "categories", [
        T("punting FT%, stream me a steals guy", punt_reached("FT%"), cat_reached("STL"), _has_cards()),
        D("approve", 0),
        T("same again but for blocks", punt_reached("FT%"), cat_reached("BLK"), K.decided_not_pending(),
          K.no_punted_in_play("FT%"))], "punt-verdict"),
    Conv("f10-decline-opponent", "categories", [
        T("best moves for 3s and boards", cat_reached("3PM"), cat_reached("REB"), _has_cards()),
        D("decline", 0),
        T("thanks. now what does Zone Defense's lineup look like?", opponent_players_named(3),
          K.decided_not_pending(), K.not_called("optimize_matchup"))], "new-request"),
    Conv("f10-hypo-cats", "categories", [
        T("if I cut Bol Bol, who'd be the best add for the rest of the season?", drop_considered(BOL),
          K.not_greeting()),
        D("approve", 0),
        T("how many games does he have left this week again?", added_games_left, K.decided_not_pending())],
      "hypothetical"),
    Conv("f10-mvp", "categories", [
        T("who's winning MVP this year, is Shai the favourite?", not_modelled(r"MVP|awards?"),
          K.not_called("find_trades")),
        T("fine, where does he rank in 9-cat value then?",
          K.called("get_player_rankings", player=lambda v: "shai" in K.fold(str(v)) or "gilgeous" in K.fold(str(v))),
          rank_of(SGA))], "out-of-scope"),
    Conv("f10-three-constraints", "categories", [
        T("3 centers for next week, blocks first",
          K.called("get_free_agents", position="C", horizon="next_week", limit=3),
          cat_reached("BLK"), K.table_len("Player", 3)),
        T("which of them play Monday?", _prev_fas_on(MONDAY), K.not_greeting())], "rank-filter"),
]


def first_run() -> dict | None:
    """The set's one run before anyone tuned to it (share, failed ids, the commit it ran on), once recorded;
    None until then (fresh10_first_run.json absent)."""
    return first_run_of(__file__)
