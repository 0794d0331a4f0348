"""A twelfth conversation set (issue #36, session 21), written blind: from the issue, the tool schemas
(agents/tools/schemas.py), the check helpers (checks.py, fresh6-10_checks.py), the top of suite.py (Conv,
T, D and its helpers, not its list), the league's rosters (`python -m services roster` and the demo
source's rosters) and the box-score CSV; never from the planner's code, its tests, the golden cases,
docs/conversation.md, another set's conversations or the commit messages, and never run through the
assistant while it was written. 25 whole conversations (2-4 turns, 13 points and 12 categories, eight
that approve or decline a card and go on).

Voices: lowercase and typos, slang and shorthand ("dimes", "stocks", "3s", "tov", "bogi", "melo", "wk");
a long message that reasons about the roster before it asks; replies to the assistant's own answer ("the
first one is injured isnt he", "any of those play monday", "whoever wins that"); corrections of the player
("nah the bulls one. lonzo") and of the move ("wait not conley, beal"); constraints stacked in one ask
(guards + last two weeks + four; bigs + next week + 3 games + three + boards; a dimes trade without Shai or
Melo; Beal + Conley two-for-one); horizon words (tonight, this weekend, next week, rest of season, the last
two weeks, the last week); totals then per game; a punt then a verdict and the punt withdrawn; "who should
I stay away from"; three bigs compared on stocks; a hold-or-drop verdict that must agree with its numbers;
the IR slot filled then asked again; the opponent asked about by team name; "yep go" while a card waits;
decline then "why"; "nvm" after a decline; thanks with a new ask; the same ask twice in other words; out of
scope (DFS salaries, dynasty keepers, deadline rumours) then an in-scope follow-up.

Classes: rank-window, horizon, count, totals, x-vs-y, hold, opponent, out-of-scope, trade-shape,
trade-exclude, punt-verdict, negation, correction, reply-to-answer, same-ask, long-reason, affirmation,
decline-why, never-mind, ir-slots, thanks-new. Own checks in fresh11_checks.py. `runner.run(FRESH11)`
scores it.
"""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _has_cards, _ir_card, _on_ir_named
from tests.conversations.fresh7_checks import (fa_next_week_min, has, hold_agrees, last_n_either, never_gives,
                                               no_punt_in_play, no_rumour_tracking, shape_or_none)
from tests.conversations.fresh8_checks import (BOGDAN, BOL, CLAXTON, COLLINS, CONLEY, IVEY, MOBLEY, PRITCHARD, SGA,
                                               TRAE, TYUS, all_compared, all_play, cat_winner, changed_named, days,
                                               ir_slot_full, listed_free_agents, named_arg, next_card_shown,
                                               not_modelled, one_of, status_out, is_player)
from tests.conversations.fresh9_checks import nth_listed, punt_cleared, top_card_drops
from tests.conversations.fresh10_checks import (JJJ, MONDAY, added_games_left, cat_reached, drop_considered,
                                                fa_games_left_min, no_out_listed, not_claimed_done,
                                                opponent_players_named, ordered_by_window_total,
                                                overlap_with_previous, punt_reached, research_on, warns_off)
from tests.conversations.fresh11_checks import (AYO, LONZO, MELO, WEMBY, all_play_any, drops_or_corrects,
                                                explains_decided_card, games_left_both, leader_by,
                                                most_games_left_of, nothing_went_through, stat_figure,
                                                top_card_add_games_left, top_card_adds, top_card_adds_prev_first,
                                                trades_give_all, weakest_named)
from tests.conversations.runner import first_run_of
from tests.conversations.suite import BEAL, Conv, D, T, _prev_fas_on

FRIDAY, SATURDAY, SUNDAY = AS_OF.replace(day=31), AS_OF.replace(month=2, day=1), AS_OF.replace(month=2, day=2)
GUARD = lambda v: str(v or "").upper() in {"G", "PG", "SG"}  # noqa: E731
BIG = lambda v: str(v or "").upper() in {"C", "PF", "F"}  # noqa: E731
PER_GAME = lambda a: a.get("per") in (None, "game")  # noqa: E731
FREE = lambda a: a.get("availability") == "free_agents"  # noqa: E731
IS = lambda name: (lambda v: is_player(name, str(v or "")))  # noqa: E731
THREES = lambda v: K.fold(str(v or "")) in {"3pm", "fg3m", "3p", "threes"}  # noqa: E731
GE3 = lambda v: (v or 0) >= 3  # noqa: E731
HOLD_BOGI = "bogi's been ice cold lately, hold him or drop him for a streamer? be honest"

FRESH11: list[Conv] = [
    # --- points -----------------------------------------------------------------------------------------
    Conv("f11-guards-2wk-four", "points", [
        T("yo who's been the best pickup over like the last 2 weeks, guards only, gimme 4",
          K.called("get_player_rankings", FREE, window="14", limit=4, position=GUARD),
          K.table_len("Player", 4), listed_free_agents),
        T("k which of them play friday", _prev_fas_on(FRIDAY), K.not_greeting()),
    ], cls="rank-window"),
    Conv("f11-ros-five-first-hurt", "points", [
        T("best 5 FAs for rest of season?",
          one_of(K.called("get_free_agents", horizon="rest_of_season", limit=5),
                 K.called("get_player_rankings", FREE, sort="ros_value", limit=5)),
          K.table_len("Player", 5), listed_free_agents),
        T("the first one is injured isnt he? gimme healthy guys", drops_or_corrects(0), K.no_clarify()),
    ], cls="reply-to-answer"),
    Conv("f11-stocks-three-bigs", "points", [
        T("who gets more stocks claxton, jjj or mobley", leader_by(("stl", "blk"), CLAXTON, JJJ, MOBLEY),
          all_compared(CLAXTON, JJJ, MOBLEY), K.no_transaction()),
        T("and which of the 3 has the most games left this wk", most_games_left_of(CLAXTON, JJJ, MOBLEY)),
    ], cls="x-vs-y"),
    Conv("f11-hold-bogi", "points", [
        T(HOLD_BOGI, K.called("evaluate_hold", named_arg(BOGDAN)), hold_agrees(BOGDAN), K.no_transaction()),
        T("ok if i do drop him who's the best add", drop_considered(BOGDAN), K.not_greeting()),
    ], cls="hold"),
    Conv("f11-zone-defense-games", "points", [
        T("whats zone defense got going this wk? they got more games left than me?",
          opponent_players_named(3), games_left_both),
        T("who on their side scares u the most", opponent_players_named(1), K.says(r"\d+\.\d"), K.not_greeting()),
    ], cls="opponent"),
    Conv("f11-dfs-then-log", "points", [
        T("whats shai's draftkings salary tonight, worth a dfs play?",
          not_modelled(r"DFS|DraftKings|salar|daily fantasy"), K.no_transaction()),
        T("fine just show me his last 5 then", K.called("get_player_game_log", named_arg(SGA), last_n=5),
          last_n_either(SGA, 5)),
    ], cls="out-of-scope"),
    Conv("f11-beal-conley-2for1", "points", [
        T("beal + conley for one better guard? 2 for 1",
          K.called("find_trades", shape="2-for-1", give=has(BEAL, CONLEY)), shape_or_none(2, 1),
          trades_give_all(BEAL, CONLEY)),
        T("show me like 8 of em", K.called("find_trades", shape="2-for-1", limit=8), shape_or_none(2, 1)),
    ], cls="trade-shape"),
    Conv("f11-waivers-twice", "points", [
        T("top free agents rn?", listed_free_agents),
        T("basically who's the best dude sitting on waivers for me",
          one_of(overlap_with_previous(2), nth_listed(0)), K.not_greeting()),
    ], cls="same-ask"),
    Conv("f11-threes-totals-week", "points", [
        T("most 3s made by free agents over the last week, TOTALS not per game",
          K.called("get_player_rankings", FREE, window="7", per="total", sort=THREES),
          ordered_by_window_total("fg3m", 7), listed_free_agents),
        T("now per game", K.called("get_player_rankings", PER_GAME, FREE, window="7", sort=THREES)),
    ], cls="totals"),
    Conv("f11-bol-yep-go", "points", [
        T("bol bol's been useless, who do i grab for him? want someone w 3 games left this week",
          drop_considered(BOL), _has_cards(), top_card_add_games_left(3)),
        T("yep go", K.top_card_repeated(), K.no_transaction()),
        D("approve", 0),
        T("how many games does the new guy have left", added_games_left, K.decided_not_pending()),
    ], cls="affirmation"),
    Conv("f11-stream-decline-why", "points", [
        T("any move that helps me this week only? pure streaming",
          K.called("optimize_matchup", mode="this_week"), _has_cards()),
        D("decline", 0),
        T("why'd u even suggest that one", explains_decided_card, K.decided_not_pending()),
        T("ok whats the next best", next_card_shown, K.decided_not_pending()),
    ], cls="decline-why"),
    Conv("f11-three-moves-nvm", "points", [
        T("gimme 3 moves", K.called("optimize_matchup", limit=lambda v: v in (None, 3)), _has_cards()),
        D("decline", 0),
        T("nvm leave the rest for now", not_claimed_done, K.decided_not_pending(), K.not_greeting()),
        T("wait did anything actually go through?", nothing_went_through),
    ], cls="never-mind"),
    Conv("f11-conley-no-beal", "points", [
        T("drop conley for pritchard?", K.called("evaluate_move", drop=IS(CONLEY), add=IS(PRITCHARD))),
        T("wait no not conley, beal. beal for pritchard",
          K.called("evaluate_move", drop=IS(BEAL), add=IS(PRITCHARD)), top_card_drops(BEAL),
          top_card_adds(PRITCHARD)),
        D("approve", 0),
        T("so conley's still mine right? what changed", changed_named, K.says(r"Conley"), K.decided_not_pending()),
    ], cls="correction"),
    # --- categories -------------------------------------------------------------------------------------
    Conv("f11-bigs-next-week-boards", "categories", [
        T("next week i need 3 bigs w 3+ games who help on the boards",
          K.called("get_free_agents", horizon="next_week", limit=3, position=BIG, min_games_remaining=GE3),
          cat_reached("REB"), fa_next_week_min(3), K.table_len("Player", 3), listed_free_agents),
        T("any of those play monday", _prev_fas_on(MONDAY)),
    ], cls="horizon"),
    Conv("f11-wire-traps", "categories", [
        T("who should i stay away from on the wire rn, any traps", warns_off, K.no_transaction()),
        T("ok then who's actually worth grabbing for steals", cat_reached("STL"), listed_free_agents),
    ], cls="negation"),
    Conv("f11-dimes-trade-keep-two", "categories", [
        T("find me a dimes trade, not giving up shai or melo",
          K.called("find_trades", exclude=has(SGA, MELO)), cat_reached("AST"), never_gives(SGA), never_gives(MELO)),
        T("same thing but im punting tov", punt_reached("TO"), K.called("find_trades", exclude=has(SGA, MELO)),
          never_gives(SGA), never_gives(MELO)),
    ], cls="trade-exclude"),
    Conv("f11-dynasty-wemby", "categories", [
        T("is wemby a better dynasty keeper than shai long term?",
          not_modelled(r"dynasty|keeper|long[- ]term|next season|future season"), K.no_transaction()),
        T("ok this season then, who's better for blocks", cat_winner(WEMBY, SGA, "blk", r"block|BLK")),
    ], cls="out-of-scope"),
    Conv("f11-collins-deadline", "categories", [
        T("heard collins might get moved before the deadline, u hear anything?", no_rumour_tracking(COLLINS)),
        T("whatever. when's he back", K.any_called("get_player_status"), status_out(COLLINS)),
    ], cls="out-of-scope"),
    Conv("f11-ball-bulls-one", "categories", [
        T("hows ball been, last 5?",
          one_of(K.any_called("get_player_game_log", "get_player_status"), K.says(r"\bLonzo\b"))),
        T("nah the bulls one. lonzo", research_on(LONZO, MELO)),
        T("would he help my steals", stat_figure(LONZO, "stl"), K.no_clarify()),
    ], cls="correction"),
    Conv("f11-punt-fg-trae", "categories", [
        T("punting fg% — mobley for trae straight up, do i win that?",
          K.called("evaluate_trade", give=has(MOBLEY), get=has(TRAE), punt=["FG%"]), no_punt_in_play("FG%")),
        T("and if i wasnt punting?", punt_cleared("FG%"), K.any_called("evaluate_trade")),
    ], cls="punt-verdict"),
    Conv("f11-long-guard-stream", "categories", [
        T("ok so my team is loaded at bigs, jjj mobley claxton and collins whenever he's back, but my guards "
          "are thin since ivey went down and bogi's been hit or miss. i dont really want to drop anyone good, "
          "just stream a guard thru sunday. who's the best guard with 3 games left?",
          K.called("get_free_agents", position=GUARD), fa_games_left_min(3), listed_free_agents, no_out_listed),
        T("and if its just tonight?", K.called("get_free_agents", position=GUARD, play_on=days(AS_OF)),
          all_play(AS_OF)),
    ], cls="long-reason"),
    Conv("f11-ivey-ir-then-collins", "categories", [
        T("ivey's out, stash him on IR and grab someone", _ir_card(IVEY)),
        D("approve", 0),
        T("collins too? he's out as well", ir_slot_full(COLLINS, IVEY), K.decided_not_pending()),
        T("k so who's on my IR rn", _on_ir_named(IVEY)),
    ], cls="ir-slots"),
    Conv("f11-punt-ft-blocks-add", "categories", [
        T("im punting ft% this season. need blocks, best add?", punt_reached("FT%"), cat_reached("BLK"),
          _has_cards()),
        D("approve", 0),
        T("cool. so which cats are still close vs zone defense", no_punt_in_play("FT%"), K.decided_not_pending(),
          K.not_greeting()),
    ], cls="punt-verdict"),
    Conv("f11-dimes-tyus-ayo", "categories", [
        T("tyus jones or dosunmu for dimes",
          K.any_called("compare_players", "get_player_rankings", "get_player_game_log"),
          cat_winner(TYUS, AYO, "ast", r"assist|AST|dime")),
        T("ok get me whoever wins that, drop bogi", top_card_drops(BOGDAN), top_card_adds(TYUS)),
        D("approve", 0),
        T("what changed", changed_named, K.decided_not_pending()),
    ], cls="x-vs-y"),
    Conv("f11-weekend-steals-thanks", "categories", [
        T("who's a good steals streamer for this weekend",
          K.called("get_free_agents", play_on=days(SATURDAY, SUNDAY)), cat_reached("STL"),
          all_play_any(SATURDAY, SUNDAY)),
        T("add the top one for bol", top_card_drops(BOL), top_card_adds_prev_first),
        D("approve", 0),
        T("thx! also whats my weakest cat now", weakest_named, K.decided_not_pending()),
    ], cls="thanks-new"),
]


def first_run() -> dict | None:
    """The set's one run before anyone tuned to it (fresh11_first_run.json), once someone records it."""
    return first_run_of(__file__)
