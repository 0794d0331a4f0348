"""An eighth conversation set (issue #36, session 18), written blind: from the issue, the tool schemas
(agents/tools/schemas.py and the tools' registered names and descriptions), the check helpers, the
earlier sets (read only to avoid their phrasings), the docs and the data (the box-score CSV and the
demo league's rosters on 2025-01-29, read through services), never from the planner's code, its tests
or the repository's history, and never run through the assistant while it was written. 25 whole
conversations (2-4 turns; 13 points, 12 categories; six that approve or decline a card and go on).

Voices: terse texting with typos ("trde 4 blks", "jus 3"), a long rambling message with the question
last, polite formal English ("Would you kindly advise whether I ought to retain..."), non-native
English ("please you can give me 6 player free agent"), sports-radio slang ("who you rolling with
down the stretch, gimme the hot take"; "bet, lock in the first one": 'bet' as 'ok'), a number quoted
back wrong ("you said +57"), "that guy", "the 2nd one", "from that", "them", corrections mid-thread ("sorry I meant friday, not tomorrow"), two asks
in one message, a constraint said the turn before the request ("Shai's not going anywhere. ever."),
a preference as a constraint ("I'd rather keep my guards"), punts said once and relied on later,
real-money betting and trade rumours (out of scope: said so, with the nearest thing offered).

Classes: constraints reaching the tools (players kept in trades, a player to get, trade shapes,
counts, horizons: tonight, tomorrow, a named day, the weekend, next week, rest of season, last 7/14
days, last N games; position and day filters on the previous answer, punts in pickups, holds, trades
and matchup answers), conversation acts (affirmations that show the card again and never execute,
why-X-not-Y, X-vs-Y, next-best after a decline, out-of-scope questions), one verdict per question
(hold agrees with its numbers, this-week ranking, no punted category in play, the IR slot's limit,
a week where no team plays 4 games), decided cards never pending again and the roster after a move.
Its own checks are in fresh7_checks.py (facts computed there from the CSV and the league's rosters).
`runner.run(FRESH7)` scores it.
"""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations import fresh7_checks as F
from tests.conversations.fresh2 import JACKSON
from tests.conversations.fresh3 import _first_card_again
from tests.conversations.fresh4 import _ir_listed
from tests.conversations.fresh6_checks import (FREE_AGENT, _all_play, _compares_top_drop, _games_left, _has_cards,
                                               _ir_card, _plays_day_verdict, _quoted_gain_answered)
from tests.conversations.runner import first_run_of
from tests.conversations.suite import (BARNES, BEAL, CLAXTON, COLLINS, IVEY, LEBRON, MOBLEY, SGA, Conv, D, T,
                                       _hold_agrees, _prev_fas_on, _this_week_ranked)

TYUS, SCHRODER, ALDAMA, SOCHAN = "Tyus Jones", "Dennis Schröder", "Santi Aldama", "Jeremy Sochan"
WEMBY, CADE, KLAY, BUTLER = "Victor Wembanyama", "Cade Cunningham", "Klay Thompson", "Jimmy Butler"
THURSDAY, FRIDAY, SATURDAY, SUNDAY = F.THURSDAY, F.FRIDAY, F.SATURDAY, F.SUNDAY
KEEP_BIGS = F.has(JACKSON, MOBLEY)
KEEP_STARS = F.has(SGA, LEBRON)


def _hold(name):
    """The hold verdict agrees with its own numbers, in the suite's wording or any other."""
    return F.any_of(_hold_agrees, F.hold_agrees(name))


FRESH7: list[Conv] = [
    # --- a constraint said the turn before the request -------------------------------------------
    Conv("s7-shai-ever", "points", [
        T("Shai's not going anywhere. ever. just so you know", K.no_transaction(), K.not_greeting()),
        T("ok find me a rebounds trade", K.called("find_trades", exclude=F.has(SGA), targets=["REB"]),
          F.never_gives(SGA)),
        T("make it two of mine for one of theirs",
          K.called("find_trades", exclude=F.has(SGA), shape="2-for-1", targets=["REB"]),
          F.shape_or_none(2, 1), F.never_gives(SGA))], "trade-exclude"),
    # --- terse texting, typos ----------------------------------------------------------------------
    Conv("s7-trde-blks", "categories", [
        T("trde 4 blks. keep jjj n mobley off the table",  # '4' is 'for', not a count
          K.called("find_trades", lambda a: a.get("limit") != 4, targets=["BLK"], exclude=KEEP_BIGS),
          F.never_gives(JACKSON), F.never_gives(MOBLEY)),
        T("jus 3", K.called("find_trades", limit=3, targets=["BLK"], exclude=KEEP_BIGS), K.table_len("You give", 3),
          F.never_gives(JACKSON), F.never_gives(MOBLEY))], "trade-exclude"),
    # --- a player to get, a shape, players kept ---------------------------------------------------
    Conv("s7-pry-cade", "categories", [
        T("what would it take to pry Cade Cunningham loose? I'd give up to two guys, just not SGA or LeBron",
          K.called("find_trades", get=F.has(CADE), exclude=KEEP_STARS), F.trades_all_get(CADE),
          F.never_gives(SGA), F.never_gives(LEBRON), F.gives_at_most(2)),
        T("only the straight 1-for-1s", K.called("find_trades", get=F.has(CADE), shape="1-for-1", exclude=KEEP_STARS),
          F.shape_or_none(1, 1), F.trades_all_get(CADE), F.never_gives(SGA), F.never_gives(LEBRON))], "trade-shape"),
    # --- a long rambling message, the question last; a week nobody plays 4 ------------------------
    Conv("s7-ramble-next-week", "points", [
        T("So my week is basically toast, I'm getting smoked by Zone Defense and I've made my peace with it, no "
          "point pretending otherwise. What I really want is a head start on next week, so: which free agents "
          "have a four-game schedule from Feb 3 to Feb 9 that I could grab now?",
          K.called("get_free_agents", horizon="next_week"), F.nobody_has_4_next_week, K.no_clarify()),
        T("ok then the 3-game guys. forwards only, top 3",
          K.called("get_free_agents", horizon="next_week", position="F", limit=3), K.table_len("Player", 3),
          F.fa_next_week_min(3))], "horizon"),
    # --- a number quoted back wrong -----------------------------------------------------------------
    Conv("s7-quote-57", "points", [
        T("alright, what's the play on waivers this week, who comes in and who goes?", _has_cards()),
        T("wait you said +57 on the top one?? where does that number even come from", _quoted_gain_answered,
          K.not_greeting(), K.no_transaction())], "quote-back"),
    # --- polite formal English; a punt added to the same question -----------------------------------
    Conv("s7-formal-hold", "categories", [
        T("Good evening. Would you kindly advise whether I ought to retain Nic Claxton, or release him in favour "
          "of a streaming option for the remainder of this week?", K.called("evaluate_hold", F.named(CLAXTON)),
          _hold(CLAXTON)),
        T("Thank you. I should add that I am punting free-throw percentage. Does that alter your recommendation?",
          K.called("evaluate_hold", F.named(CLAXTON), punt=["FT%"]), _hold(CLAXTON), F.no_punt_in_play("FT%"))],
      "punt-verdict"),
    # --- non-native English, a count, a day filter on that list --------------------------------------
    Conv("s7-nonnative-count", "points", [
        T("please you can give me 6 player free agent, who have many game this week?",
          F.any_of(K.called("get_free_agents", limit=6),
                   K.called("get_player_rankings", availability="free_agents", limit=6)), K.table_len("Player", 6)),
        T("from this list who play in saturday?", _prev_fas_on(SATURDAY), K.not_greeting())], "day-filter"),
    # --- two asks in one message; 'their' -----------------------------------------------------------
    Conv("s7-two-asks", "points", [
        T("how many games does Barnes have left this week, and who's the better pickup right now, Aldama or "
          "Sochan?", _games_left(BARNES), K.compares(ALDAMA, SOCHAN), K.not_called("evaluate_move"), K.no_clarify()),
        T("and their last 10?", K.called("get_player_game_log", last_n=10), F.last_n_either(ALDAMA, 10),
          F.last_n_either(SOCHAN, 10))], "horizon"),
    # --- IR: a card approved, then the one slot is full ---------------------------------------------
    Conv("s7-ir-then-full", "points", [
        T("collins is out, stick him on IR and grab whoever's best", _ir_card(COLLINS), K.no_transaction()),
        D("approve", 0),
        T("ivey's hurt too, same thing for him", F.ir_full_said, F.no_ir_card(IVEY), K.decided_not_pending(),
          K.not_greeting())], "ir-slots"),
    Conv("s7-ir-both", "categories", [
        T("who do I have on IR right now, and who's hurt?", _ir_listed, F.out_named, K.not_greeting()),
        T("can I stash both of them?", F.one_ir_slot, K.no_transaction(), K.not_greeting())], "ir-slots"),
    # --- sports-radio slang, X vs Y, then 'who's got more games' -------------------------------------
    Conv("s7-radio-vs", "points", [
        T("Tyus Jones or Schroder, who you rolling with down the stretch? gimme the hot take",
          K.compares(TYUS, SCHRODER), K.not_called("evaluate_move"), K.no_clarify()),
        T("aight and who's got more games left this week", _games_left(TYUS), _games_left(SCHRODER),
          F.said_better(TYUS, SCHRODER, r"game"), K.not_greeting())], "x-vs-y"),
    # --- out of scope: a real-money bet, a trade rumour ----------------------------------------------
    Conv("s7-bet", "points", [
        T("sga over 30.5 pts tonight. should I put $100 on it??", F.no_bet_advice(SGA), F.points_figure(SGA),
          K.no_transaction(), K.not_greeting()),
        T("fine. is he at least playing tonight", _plays_day_verdict(SGA, K.AS_OF, "tonight|today"),
          K.not_greeting())], "out-of-scope"),
    Conv("s7-rumour", "points", [
        T("heard the heat are shopping jimmy butler. does that change anything for my team?",
          F.no_rumour_tracking(BUTLER), K.not_greeting(), K.no_transaction()),
        T("ok whatever. anybody on my team banged up?", F.out_named, K.not_greeting())], "out-of-scope"),
    # --- why X not Y with 'that guy' -----------------------------------------------------------------
    Conv("s7-why-that-guy", "points", [
        T("who's the cut if I wanna stream someone in?", _has_cards()),
        T("why cut that guy and not Beal?", _compares_top_drop(BEAL), K.not_greeting(), K.no_transaction()),
        T("ok fine, go with the 2nd one", _first_card_again(1), K.no_transaction(), K.not_greeting())],
      "why-x-not-y"),
    # --- the weekend: a named day's lineup, then nobody idle -----------------------------------------
    Conv("s7-wedding-weekend", "points", [
        T("gonna be at a wedding all weekend with no phone. can you set my lineup for sunday now so I don't forget",
          K.called("compose_daily_lineup", date=SUNDAY.isoformat()), F.day_players_named(SUNDAY)),
        T("and is there anyone on my team with no game at all saturday or sunday?", F.nobody_idle(SATURDAY, SUNDAY),
          K.not_greeting(), K.no_clarify())], "horizon"),
    # --- negations and a count on a list, then 'which of them' ---------------------------------------
    Conv("s7-no-nuggets", "points", [
        T("5 streamers for this week. nobody from the nuggets and not klay either",
          K.any_called("get_free_agents", "get_player_rankings"), K.table_len("Player", 5), F.none_from("DEN"),
          F.not_listed(KLAY)),
        T("which of them has the most games left", F.most_games_named, K.not_greeting())], "negation"),
    # --- a preference as a constraint, then an affirmation -------------------------------------------
    Conv("s7-keep-guards", "categories", [
        T("I'd rather keep my guards. what moves do you like this week?", K.called("optimize_matchup"),
          F.cards_keep("G")),
        T("ok I like the top one", K.top_card_repeated(), K.no_transaction(), K.not_greeting(), F.cards_keep("G"))],
      "negation"),
    # --- a correction mid-thread ---------------------------------------------------------------------
    Conv("s7-correction-day", "categories", [
        T("best steals pickup for tomorrow?", K.called("get_free_agents", target_categories=["STL"],
                                                     play_on=F.days(THURSDAY)), _all_play(THURSDAY)),
        T("sorry I meant friday, not tomorrow",
          K.called("get_free_agents", target_categories=["STL"], play_on=F.days(FRIDAY, exact=True)),
          _all_play(FRIDAY), K.not_greeting())], "day-filter"),
    # --- rankings: a window, a count, filters on the previous answer -----------------------------------
    Conv("s7-boards-centers", "categories", [
        T("who grabbed the most boards per game the last 7 days? top 10",
          K.called("get_player_rankings", window="7", sort="REB", limit=10), K.table_len("Player", 10)),
        T("just the centers from that", K.called("get_player_rankings", window="7", sort="REB", position="C")),
        T("any of them actually on waivers?",
          K.called("get_player_rankings", window="7", sort="REB", position="C", availability="free_agents"),
          F.any_of(FREE_AGENT, K.says(r"\b(none|no free agents?|nobody|no one)\b")))], "rank-filter"),
    # --- punts said once and relied on in a pickup and a trade verdict -------------------------------
    Conv("s7-punt-house", "categories", [
        T("fyi we punt assists AND turnovers in this house", K.no_transaction(), K.not_greeting()),
        T("best pickup for the rest of the year?", F.fa_pick_punt("rest_of_season", ("AST", "TO")),
          F.no_punt_in_play("AST"), F.no_punt_in_play("TO")),
        T("would you do Barnes for Wembanyama straight up",
          K.called("evaluate_trade", give=F.has(BARNES), get=F.has(WEMBY), punt=["AST", "TO"]),
          F.no_punt_in_play("AST"), F.no_punt_in_play("TO"))], "punt-verdict"),
    # --- decided cards, then on ----------------------------------------------------------------------
    Conv("s7-decline-next", "categories", [
        T("give me your three best add-drop moves this week, ranked", K.called("optimize_matchup", limit=3),
          _has_cards(3)),
        D("decline", 0),
        T("ok, next best then", F.names_first_set_card(1), K.decided_not_pending(), K.not_greeting())], "decided"),
    Conv("s7-decline-blk-rank", "categories", [
        T("I need a blocks guy. who do I drop for one?",
          F.any_of(K.called("optimize_matchup", target_categories=["BLK"]), K.called("validate_slot_fit")),
          _has_cards()),
        D("decline", 0),
        T("forget the drop then, just rank the best shot blockers available over the last 2 weeks",
          K.called("get_player_rankings", window="14", availability="free_agents", sort="BLK"), FREE_AGENT,
          K.decided_not_pending())], "decided"),
    Conv("s7-punt-approve", "categories", [
        T("ft% is dead to me this year, punting it. so what moves for this week?",
          K.called("optimize_matchup", punt=["FT%"]), _has_cards(), F.no_punt_in_play("FT%")),
        D("approve", 0),
        T("alright, where's my matchup still up for grabs?", K.called("get_matchup_details"), F.no_punt_in_play("FT%"),
          K.decided_not_pending())], "decided"),
    Conv("s7-one-and-roster", "points", [
        T("if you could make just one add/drop for me what would it be", _has_cards(1)),
        D("approve", 0),
        T("let me see my roster now", K.called("get_my_roster"), F.roster_reflects_move, K.decided_not_pending())],
      "decided"),
    Conv("s7-must-win", "categories", [
        T("season's a wash, I just need THIS matchup. streaming moves pls", K.called("optimize_matchup", mode="this_week"),
          _this_week_ranked),
        T("bet, lock in the first one", K.top_card_repeated(), K.no_transaction(), K.not_greeting()),
        D("approve", 0),
        T("what's left to do?", K.decided_not_pending(), K.not_greeting())], "decided"),
]


def first_run() -> dict | None:
    """The set's one run before the fixes (share, failed ids, the commit it ran on), as recorded."""
    return first_run_of(__file__)
