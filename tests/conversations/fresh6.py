"""A seventh conversation set (issue #36, session 17), written blind: from the issue, the tool schemas
(agents/tools/schemas.py), the check helpers and the data, never from the planner's code, its tests or
its commit messages, and never run through the assistant while it was written. 20 whole conversations
(2-4 turns, points and categories, four that approve or decline a card and go on) in voices the earlier
sets barely use: sarcastic and impatient ("ugh. again."), answering the assistant ("rebounds", "yes",
"the first"), changing his mind mid-thread ("actually forget trades"), two questions in one message,
quoting a number back, nicknames (Bron, Melo, JJJ, Shai), one-word turns in a hurry ("blocks?",
"friday?"), emoji, categories talk in a points league. Classes: pickups with a day or a count,
rankings with windows and filters, trades with kept players and shapes, IR, hold vs stream, why X not
Y, X vs Y, the roster view, what did I approve, out-of-scope questions, punts mid-thread, decided cards
never pending again. Its own checks are in fresh6_checks.py (facts computed there from the box-score CSV).
`runner.run(FRESH6)` scores it.
"""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations.fresh2 import JACKSON
from tests.conversations.fresh3 import _first_card_again
from tests.conversations.fresh6_checks import (FREE_AGENT, FRIDAY, KEEP_JJJ, SATURDAY, SUNDAY, THURSDAY, TRAE,
                                               _added_not_listed, _all_play, _approved_named, _blk_fa_list,
                                               _blocks_winner, _compares_top_drop, _days, _fa_pick, _games_left,
                                               _has_cards, _ir_card, _lead_last_n, _named_arg, _not_modelled,
                                               _on_ir_named, _plays_day_verdict, _quoted_gain_answered,
                                               _roster_all_named, has)
from tests.conversations.runner import first_run_of
from tests.conversations.suite import (BALL, COLLINS, CONLEY, IVEY, LEBRON, MOBLEY, SGA, Conv, D, T,
                                       _hold_agrees, _prev_fas_on, _strength_rank)

FRESH6: list[Conv] = [
    # --- sarcastic / impatient --------------------------------------------------------------------
    Conv("s6-ugh-drop", "points", [
        T("ugh. again. who do I drop", K.called("optimize_matchup"), _has_cards(), K.not_greeting(), K.no_clarify()),
        T("not bol bol ffs, someone else", K.cards_never_drop("Bol Bol"), _has_cards(), K.not_greeting(),
          K.no_transaction())], "negation"),
    Conv("s6-why-not-bron", "points", [
        T("what should i do with my roster this week", _has_cards()),
        T("lol why not drop lebron instead", _compares_top_drop(LEBRON), K.not_greeting(), K.no_transaction())],
      "why-x-not-y"),
    # --- answering the assistant ------------------------------------------------------------------
    Conv("s6-answer-cat", "categories", [
        T("want to grab someone off waivers to help one category", K.not_greeting()),
        T("rebounds", K.called("get_free_agents", target_categories=["REB"]), K.not_greeting(), K.no_clarify())],
      "answer"),
    Conv("s6-the-first", "points", [
        T("give me 3 add/drop options", K.called("optimize_matchup", limit=3), _has_cards(3)),
        T("the first", _first_card_again(0), K.no_transaction(), K.not_greeting()),
        D("approve", 0),
        T("remind me what I approved?", K.called("get_my_moves"), _approved_named, K.decided_not_pending())],
      "decided"),
    Conv("s6-ir-yes", "points", [
        T("is ivey worth stashing on IR?", K.says(r"\bOUT\b|injur|hasn'?t played|missed"), K.not_greeting()),
        T("yes", _ir_card(IVEY), K.no_transaction(), K.not_greeting()),
        D("approve", 0),
        T("who's on my IR now", _on_ir_named(IVEY), K.decided_not_pending(), K.not_greeting())], "ir-slots"),
    # --- changing his mind -------------------------------------------------------------------------
    Conv("s6-mind-change", "categories", [
        T("any trades that get me more steals? keeping JJJ",
          K.called("find_trades", targets=["STL"], exclude=KEEP_JJJ), K.trades_never_give(JACKSON)),
        T("actually forget trades, just give me a pickup for steals",
          K.called("get_free_agents", target_categories=["STL"]), K.not_called("find_trades"), K.not_greeting())],
      "new-request"),
    Conv("s6-nick-trade", "categories", [
        T("Bron + Melo for one stud? Shai stays",
          K.called("find_trades", give=has(LEBRON, BALL), shape="2-for-1", exclude=has(SGA)),
          K.trades_have_shape(2, 1), K.trades_never_give(SGA)),
        T("nah, 1 for 1s, just Bron", K.called("find_trades", give=has(LEBRON), shape="1-for-1"),
          K.trades_have_shape(1, 1), K.trades_never_give(SGA), K.trades_never_give(BALL))], "trade-shape"),
    # --- two things at once ------------------------------------------------------------------------
    Conv("s6-two-at-once", "points", [
        T("how many games does Melo have left this week and is he playing friday?", K.called("get_schedule"),
          _games_left(BALL), _plays_day_verdict(BALL, FRIDAY, "Friday"), K.no_clarify()),
        T("and Bron?", _games_left(LEBRON), _plays_day_verdict(LEBRON, FRIDAY, "Friday"), K.not_greeting())],
      "horizon"),
    # --- quoting a number back ---------------------------------------------------------------------
    Conv("s6-quote-number", "categories", [
        T("what moves would help me this week", _has_cards()),
        T("you said +63 for the top one earlier, why is it different now?", _quoted_gain_answered,
          K.not_greeting(), K.no_transaction())], "quote-back"),
    # --- in a hurry: one-word turns ----------------------------------------------------------------
    Conv("s6-hurry", "categories", [
        T("top pickups rn", K.called("get_free_agents")),
        T("blocks?", K.called("get_free_agents", target_categories=["BLK"]), K.not_greeting(), K.no_clarify()),
        T("friday?", K.called("get_free_agents", target_categories=["BLK"], play_on=_days(FRIDAY)),
          _all_play(FRIDAY), K.not_greeting())], "day-filter"),
    Conv("s6-day-count", "points", [
        T("need 2 guys who play tomorrow", K.called("get_free_agents", limit=2, play_on=_days(THURSDAY)),
          K.table_len("Player", 2), _all_play(THURSDAY)),
        T("sunday. 4 of em", K.called("get_free_agents", limit=4, play_on=_days(SUNDAY)),
          K.table_len("Player", 4), _all_play(SUNDAY))], "day-filter"),
    # --- emoji, rankings with windows and filters --------------------------------------------------
    Conv("s6-emoji-rank", "points", [
        T("🔥 best players last 14 days, top 8", K.called("get_player_rankings", window="14", limit=8),
          K.table_len("Player", 8)),
        T("only guards 🙏", K.called("get_player_rankings", window="14", position="G")),
        T("free agents only 👀", K.called("get_player_rankings", window="14", position="G",
                                          availability="free_agents"), FREE_AGENT)], "rank-filter"),
    # --- hold vs stream, with a punt said mid-thread -----------------------------------------------
    Conv("s6-hold-conley", "categories", [
        T("keep conley or stream the spot? be honest", K.called("evaluate_hold", _named_arg(CONLEY)), _hold_agrees),
        T("oh I'm punting FT% btw. same q", K.called("evaluate_hold", _named_arg(CONLEY), punt=["FT%"]),
          _hold_agrees, K.no_punted_in_play("FT%"))], "punt-verdict"),
    Conv("s6-punt-redo", "categories", [
        T("best adds this week", K.called("get_free_agents")),
        T("we're punting TO and FT% from now on"),
        T("ok redo that", K.called("get_free_agents", punt=["TO", "FT%"]), K.no_punted_in_play("TO"),
          K.no_punted_in_play("FT%"), K.not_greeting()),
        T("Collins for Trae Young, yay or nay?",
          K.called("evaluate_trade", give=has(COLLINS), get=has(TRAE), punt=["TO", "FT%"]),
          K.no_punted_in_play("FT%"), K.no_punted_in_play("TO"))], "punt-verdict"),
    # --- X vs Y --------------------------------------------------------------------------------------
    Conv("s6-jjj-mobley", "categories", [
        T("JJJ or Mobley ROS?", K.called("compare_players", names=has(JACKSON, MOBLEY)), K.not_called("evaluate_move"),
          K.compares(JACKSON, MOBLEY)),
        T("blocks?", _blocks_winner(JACKSON, MOBLEY), K.not_greeting(), K.no_clarify())], "x-vs-y"),
    # --- roster view -------------------------------------------------------------------------------
    Conv("s6-roster-sat", "points", [
        T("show me my team", K.called("get_my_roster"), _roster_all_named, K.not_greeting()),
        T("who on there plays saturday?", _prev_fas_on(SATURDAY), K.not_greeting())], "roster-view"),
    # --- out of scope --------------------------------------------------------------------------------
    Conv("s6-playoffs", "categories", [
        T("am I gonna make the playoffs or what 🙄", _not_modelled,
          _strength_rank, K.not_greeting()),
        T("whatever. how's my matchup this week then", K.called("get_matchup_details"), K.not_greeting())],
      "out-of-scope"),
    # --- categories talk in a points league; 'his' after a list ---------------------------------------
    Conv("s6-dimes-points", "points", [
        T("need dimes. who's a cheap pickup for assists", K.called("get_free_agents", target_categories=["AST"])),
        T("his last 5 assists?", _lead_last_n("ast", 5), K.not_greeting())], "horizon"),
    # --- decided cards, then on ---------------------------------------------------------------------
    Conv("s6-decline-blk", "categories", [
        T("optimize my week, blocks focus", K.called("optimize_matchup", target_categories=["BLK"]), _has_cards()),
        D("decline", 0),
        T("meh. top 5 shot blockers on waivers then",
          _blk_fa_list(5), K.table_len("Player", 5),
          K.decided_not_pending(), K.not_greeting())], "decided"),
    Conv("s6-one-move", "points", [
        T("best single move for this week", K.called("optimize_matchup", limit=1), _has_cards(1)),
        D("approve", 0),
        T("cool 👍 top 5 FAs rest of season", _fa_pick("rest_of_season", 5), K.table_len("Player", 5),
          _added_not_listed, K.decided_not_pending())], "decided"),
]


def first_run() -> dict | None:
    """The set's one run before the fixes (share, failed ids, the commit it ran on), as recorded."""
    return first_run_of(__file__)
