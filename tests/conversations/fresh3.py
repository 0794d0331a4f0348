"""A fourth conversation set (issue #36, session 15), written before that session's planner fixes
and run once, never tuned to: 20 whole conversations in the shorthand a manager types (typos,
"fa", "ros", "szn", "2for1", "l5", "w/o"), negated filters ("no injured guys", "nobody on IR"),
follow-ups on earlier answers, cards affirmed by number ("do 2", "the 1st one", "no, the second"),
"why X not Y", punts stated mid-thread, horizons and counts. `runner.run(FRESH3)` scores it; its
figure is `conversations_fresh3` in `bench/nlu.py --json`, its first run
`conversations_fresh3_first_run` (fresh3_first_run.json).
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.runner import first_run_of
from tests.conversations.fresh2 import _named
from tests.conversations.suite import (BALL, BARNES, BEAL, BOGDAN, COLLINS, CONLEY, MOBLEY, CLAXTON, Conv, D, T,
                                       _hold_agrees, _last_n_figure, _prev_fas_on, _strength_rank, excludes)

FRIDAY = dt.date(2025, 1, 31)


def _first_card_again(i: int):
    """An affirmation naming card i+1 of the thread's first cards: that card leads the answer (its add
    and its drop), the answer says to approve it, and it is still pending (text never executes)."""
    def check(r, c):
        first = next((x for x in c.results if x.get("pending_approvals")), None)
        if first is None or len(first["pending_approvals"]) <= i:
            return f"no card {i + 1} earlier in the thread"
        card = first["pending_approvals"][i]
        lead = (r.get("answer") or "").split("\n\n")[0]
        if card["add"] not in lead or card["drop"] not in lead:
            return f"card {i + 1} ({card['title'][:50]}) does not lead the answer: {lead[:100]!r}"
        if not re.search(r"\bapprov", r.get("answer") or "", re.I):
            return "does not say to approve it"
        if card["move_id"] not in [x["move_id"] for x in r.get("pending_approvals", [])]:
            return f"card {i + 1} is no longer pending"
        return None
    return check


def _healthy_listed(r, c):
    """Every free agent in the answer's table is ACTIVE by the league's own status report (inferred
    from missed team games in the box scores), and there is a table."""
    names = [re.sub(r"\s*\([^)]*\)$", "", n) for n in K.table_column(r.get("answer") or "", "Player") if n]
    if not names:
        return "no player table"
    bad = [n for n in names if str(c.source.player_status(n).status) != "ACTIVE"]
    return f"not healthy: {bad[:4]}" if bad else None


FRESH3: list[Conv] = [
    # --- trades: shapes, typos, players kept ----------------------------------------------------
    Conv("h-2for1", "points", [
        T("2for1: beal n conley for somebody better", K.called("find_trades", give=[BEAL, CONLEY], shape="2-for-1"),
          K.trades_have_shape(2, 1)),
        T("show me 3", K.called("find_trades", limit=3, shape="2-for-1"), K.table_len("You give", 3),
          K.trades_have_shape(2, 1))], "trade-shape"),
    Conv("h-1for2", "categories", [
        T("barnes for 2 decent guys, any deals?", K.called("find_trades", give=[BARNES], shape="1-for-2"),
          K.trades_have_shape(1, 2)),
        T("k thanks", K.no_transaction(), K.not_called("find_trades"))], "trade-shape"),
    Conv("h-trade-typo", "categories", [
        T("trade ideas for rebs, mobly is off limits", K.called("find_trades", exclude=excludes(MOBLEY),
                                                                targets=["REB"]), K.trades_never_give(MOBLEY)),
        T("wat about 3s", K.called("find_trades", exclude=excludes(MOBLEY), targets=["3PM"]),
          K.trades_never_give(MOBLEY))], "trade-exclude"),
    Conv("h-trade-keep", "points", [
        T("any trades w/o moving lamelo?", K.called("find_trades", exclude=excludes(BALL)), K.trades_never_give(BALL)),
        T("1 for 1 only", K.called("find_trades", exclude=excludes(BALL), shape="1-for-1"), K.trades_have_shape(1, 1),
          K.trades_never_give(BALL))], "trade-shape"),
    # --- cards affirmed by number ---------------------------------------------------------------
    Conv("h-affirm-do2", "points", [
        T("any moves i should make?"),
        T("do 2", K.nth_card_repeated(1), K.no_transaction(), K.not_greeting())], "affirmation"),
    Conv("h-affirm-first", "points", [
        T("suggest a waiver move"),
        T("yea the 1st one", _first_card_again(0), K.no_transaction(), K.not_greeting()),
        T("hmm no, the second", _first_card_again(1), K.no_transaction())], "affirmation"),
    # --- why X not Y ----------------------------------------------------------------------------
    Conv("h-why", "points", [
        T("best moves for this wk?"),
        T("why drop collins and not bogdanovic?", K.compares(COLLINS, BOGDAN),
          K.not_says(r"^Here is why, from my last answer"))], "why-x-not-y"),
    # --- negated filters ------------------------------------------------------------------------
    Conv("h-neg-injured", "points", [
        T("best fa, no injured guys", K.called("get_free_agents", healthy_only=True), _healthy_listed),
        T("just 4", K.called("get_free_agents", limit=4, healthy_only=True), K.table_len("Player", 4),
          _healthy_listed)], "negation"),
    Conv("h-neg-ir", "categories", [
        T("top waiver adds for steals, nobody on IR or out", K.called("get_free_agents", healthy_only=True),
          _healthy_listed),
        T("only guards", K.called("get_free_agents", healthy_only=True, position="G"), _healthy_listed)], "negation"),
    Conv("h-neg-drop", "points", [
        T("find me moves, collins n bol bol aren't going anywhere", K.cards_never_drop(COLLINS),
          K.cards_never_drop("Bol Bol")),
        T("any others?", K.not_greeting(), K.cards_never_drop(COLLINS), K.cards_never_drop("Bol Bol"))], "negation"),
    # --- punts stated mid-thread ----------------------------------------------------------------
    Conv("h-punt-mid", "categories", [
        T("who should i grab for boards"),
        T("oh btw im punting ft%"),
        T("so who then?", K.called("get_free_agents", punt=["FT%"]), K.no_punted_in_play("FT%"))], "punt-verdict"),
    Conv("h-punt-trade", "categories", [
        T("not caring about TOs anymore"),
        T("ball for trae young, yay or nay?", K.called("evaluate_trade", punt=["TO"]), K.no_punted_in_play("TO"))],
      "punt-verdict"),
    Conv("h-punt-find", "categories", [
        T("punt fg% n ft%. find me a trade for blk", K.called("find_trades", punt=["FG%", "FT%"], targets=["BLK"]),
          K.no_punted_in_play("FG%"), K.no_punted_in_play("FT%")),
        T("what about a waiver guy instead", K.called("get_free_agents", punt=["FG%", "FT%"]))], "punt-verdict"),
    # --- horizons -------------------------------------------------------------------------------
    Conv("h-ros", "points", [
        T("best pickup ros", K.called("get_free_agents", horizon="rest_of_season"), K.says(r"rest of (the )?season")),
        T("nxt wk instead", K.called("get_free_agents", horizon="next_week"))], "horizon"),
    Conv("h-szn", "categories", [
        T("who's the best add for the szn", K.called("get_free_agents", horizon="rest_of_season")),
        T("only fwds", K.called("get_free_agents", horizon="rest_of_season", position="F"))], "horizon"),
    Conv("h-lastn", "categories", [
        T("mobley l5", K.called("get_player_game_log", _named(MOBLEY), last_n=5), _last_n_figure(MOBLEY, 5)),
        T("n claxton?", K.called("get_player_game_log", _named(CLAXTON), last_n=5), _last_n_figure(CLAXTON, 5))],
      "horizon"),
    # --- counts and follow-ups on the previous answer -------------------------------------------
    Conv("h-count-follow", "points", [
        T("gimme 7 fa", K.called("get_free_agents", limit=7), K.table_len("Player", 7)),
        T("which of those r playing fri", _prev_fas_on(FRIDAY))], "day-filter"),
    # --- out of scope, holds, decided cards -----------------------------------------------------
    Conv("h-scope", "points", [
        T("am i a playoff team?", K.says(r"(standings|playoff)[^.]*not"), _strength_rank),
        T("ok whats my weakest spot then", K.not_greeting())], "out-of-scope"),
    Conv("h-hold", "categories", [
        T("hold bogdanovich or stream?", _hold_agrees),
        T("n collins?", K.called("evaluate_hold"), _hold_agrees)], "hold"),
    Conv("h-ir-decided", "points", [
        T("ir ivey and grab sb"), D("approve", 0),
        T("anything else i can do?", K.decided_not_pending(), K.not_greeting())], "decided"),
]



def first_run() -> dict | None:
    """The set's one run before the fixes (share, failed ids, the commit it ran on), as recorded."""
    return first_run_of(__file__)
