"""A fourteenth conversation set (issue #36, session 25), written blind: from the issues (#36 and #40), the
tool schemas (agents/tools/schemas.py), the architecture notes' tool table, the check helpers (checks.py,
runner.py, fresh6-12_checks.py and their tests), the top of suite.py (Conv, T, D and its helpers, not its
list), the module docstrings of the earlier sets (to push past their voices), services/ and the league it
serves (`python -m services roster` for my team, Splash Mountain and Zone Defense in both scorings;
`python -m services rankings` of free agents) and the box-score CSV; never from the planner's code or any
other file under agents/, its tests, the golden cases, docs/conversation.md, another set's conversations,
a first run's record or the commit messages, and never run through the assistant while it was written.
25 whole conversations (2-4 turns, 13 points and 12 categories, eight that approve or decline a card and
go on).

Voices the earlier sets do not list: a leaguemate's offer relayed from the DMs ("maya just slid into my dms
offering monk for beal, smash or pass") and sweetened a turn later; a manager switching into Spanish
("oye, quien es mejor pickup ... y esta semana nomas?"); a fantasy-football convert ("who has a bye
saturday", "best flex pickup for that day"); three numbered asks in one message ("1) ... 2) ... 3) ...");
counts in words ("a half dozen", "a couple"); players called by their NBA team ("my hornets pg or my
grizzlies big", "the cavs guy vs the nets guy"); "be honest, who's the worst guy on my team" then "yeah cut
him"; a co-manager's dispute to settle and his pushback relayed ("he says you're wrong"); a spreadsheet
voice ("sort FAs by z desc, 14d window, top 8, punt TO", "same but season", "now only centers"); relative
days ("the day after tomorrow", "and the day after that"); affirmations in new words ("that slaps. run
it"); "wait no. undo that"; a decline followed by a constraint ("nothing that drops a big, i need my
bigs"); a preference about a whole position in a trade ("keep all my guards"); out of scope: trash talk in
the league chat, then how far behind am I.

Classes: trade-relayed, code-switch, football-jargon, numbered-asks, undo, count-words, reverse-ask,
two-asks, relative-day, why-x-not-y, out-of-scope, last-n, horizon-ros, analyst-filters, punt-verdict,
trade-shape, team-reference, ir-slot, ir-targeted, negation, affirm-new-words, decline-constraint,
hold-dispute, punt-pickup, trade-keep-positions. Own checks in fresh13_checks.py (facts from the CSV and
the league's rosters, never from the product). `runner.run(FRESH13)` scores it (once, by someone else).
"""
from __future__ import annotations

import datetime as dt

from tests.conversations import checks as K
from tests.conversations import fresh13_checks as F
from tests.conversations.fresh6_checks import _approved_named, _ir_card, _on_ir_named
from tests.conversations.fresh7_checks import (day_players_named, fa_pick_punt, last_n_either,
                                               never_gives, no_punt_in_play, none_from, shape_or_none)
from tests.conversations.fresh8_checks import (cards_at_least, changed_named, cat_winner, daily_lineup_on,
                                               ir_slot_full, named_arg, no_ir_card_for, ros_fa_pick,
                                               verdict_kept, why_top_drop_not, all_play, one_of)
from tests.conversations.fresh9_checks import punt_cleared, top_card_drops
from tests.conversations.fresh10_checks import added_games_left, fa_games_left_min, no_out_listed
from tests.conversations.fresh11_checks import top_card_adds_prev_first
from tests.conversations.fresh12_checks import fa_at, hot_and_verdict
from tests.conversations.suite import (BALL, BEAL, BOGDAN, CLAXTON, COLLINS, CONLEY, IVEY, MOBLEY, SGA, Conv, D, T,
                                       _prev_fas_on, _this_week_ranked)

JJJ, BOL, BRAUN, PRITCHARD = "Jaren Jackson Jr.", "Bol Bol", "Christian Braun", "Payton Pritchard"
MONK, GEORGE, SENGUN = "Malik Monk", "Keyonte George", "Alperen Şengün"
THU, FRI, SAT, SUN = dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1), dt.date(2025, 2, 2)

ND = K.decided_not_pending()
NO_TX = K.no_transaction()
HUMAN = (K.not_greeting(), K.no_clarify())


def _is(name):
    return lambda v: bool(v) and any(F.is_player(name, str(x)) for x in (v if isinstance(v, list) else [v]))


def _has_all(*names):
    return lambda v: isinstance(v, list) and all(any(F.is_player(n, str(x)) for x in v) for n in names)


def _is_team(*words):
    return lambda v: isinstance(v, list) and any(any(w in K.fold(str(x)) for w in words) for x in v)


def _season(v) -> bool:
    """The season window, passed or left to its default."""
    return v in (None, "season")


def _no_guards(a) -> bool:
    return str(a.get("not_position") or "").upper() == "G" or str(a.get("position") or "").upper() in {"SF", "PF", "C", "F"}


FRESH13: list[Conv] = [
    # ------------------------------------------------------------------ points (13)
    Conv("f13-relayed-offer", "points", [
        T("maya (splash mountain) just slid into my dms offering malik monk for beal. smash or pass??",
          *HUMAN, F.trade_args(give=(BEAL,), get=(MONK,)), F.trade_verdict(MONK, BEAL), NO_TX),
        T("ok what if she throws in keyonte george too",
          *HUMAN, F.trade_args(give=(BEAL,), get=(MONK, GEORGE)), F.trade_verdict(MONK, GEORGE), F.says_cut, NO_TX),
    ], cls="trade-relayed"),

    Conv("f13-spanish", "points", [
        T("oye, quien es mejor pickup: braun o pritchard? para el resto de la temporada",
          *HUMAN, K.compares(BRAUN, PRITCHARD), K.says(r"season|temporada|rest of|ros\b")),
        T("y esta semana nomas?",
          *HUMAN, K.compares(BRAUN, PRITCHARD), F.each_games_left(BRAUN, PRITCHARD)),
    ], cls="code-switch"),

    Conv("f13-bye-week", "points", [
        T("coming over from fantasy football lol. who on my team has a bye saturday",
          *HUMAN, F.idle_named(SAT)),
        T("whats the best flex pickup for that day then",
          *HUMAN, F.fa_list(play_on=lambda v: bool(v) and SAT.isoformat() in [str(x)[:10] for x in v]),
          all_play(SAT), NO_TX),
    ], cls="football-jargon"),

    Conv("f13-numbered", "points", [
        T("3 qs: 1) whos hot on waivers rn 2) is bol bol even worth a roster spot 3) how many games does shai "
          "have left this wk",
          *HUMAN, hot_and_verdict(BOL), F.games_left_of(SGA)),
        T("cool drop bol for the top guy on that hot list",
          *HUMAN, top_card_drops(BOL), top_card_adds_prev_first, NO_TX),
        D("approve", 0),
        T("k whos starting for me tmrw",
          *HUMAN, daily_lineup_on(THU), day_players_named(THU), ND),
    ], cls="numbered-asks"),

    Conv("f13-undo", "points", [
        T("optimize my roster for the long haul, i dont care about this week at all",
          *HUMAN, F.not_mode("this_week"), cards_at_least(1)),
        D("approve", 0),
        T("wait no. undo that, i liked my old guy better",
          *HUMAN, F.undo_answered, ND),
        T("what moves have i made so far",
          *HUMAN, _approved_named, NO_TX, ND),
    ], cls="undo"),

    Conv("f13-half-dozen", "points", [
        T("gimme a half dozen streamers for this week, healthy guys only",
          *HUMAN, F.fa_list(limit=6, healthy_only=True), K.table_len("Player", 6), no_out_listed),
        T("too many. a couple is fine, the ones with the most games",
          *HUMAN, F.most_games_of_previous(2), no_out_listed),
    ], cls="count-words"),

    Conv("f13-worst", "points", [
        T("be honest, who's the worst guy on my team",
          *HUMAN, F.worst_of_mine),
        T("yeah cut him for whoever's best this week",
          *HUMAN, F.top_card_drops_prev_named,
          one_of(K.called("optimize_matchup", mode="this_week"), K.called("evaluate_move", mode="this_week"),
                 _this_week_ranked), NO_TX),
        D("decline", 0),
        T("fine keep him then. show me the best center on the wire with 3 games left",
          *HUMAN, fa_at({"C"}), fa_games_left_min(3), ND),
    ], cls="reverse-ask"),

    Conv("f13-two-asks", "points", [
        T("swap bol bol for christian braun and also is my team actually good or nah",
          *HUMAN, K.called("evaluate_move", drop=_is(BOL), add=_is(BRAUN)), K.any_called("get_team_strength"),
          F.strength_rank_said, NO_TX),
        D("approve", 0),
        T("nice. how many games does the new guy have left this week",
          *HUMAN, added_games_left, ND),
    ], cls="two-asks"),

    Conv("f13-relative-day", "points", [
        T("who sits for me the day after tomorrow?",
          *HUMAN, daily_lineup_on(FRI), day_players_named(FRI)),
        T("and the day after that",
          *HUMAN, daily_lineup_on(SAT), day_players_named(SAT)),
    ], cls="relative-day"),

    Conv("f13-why-not", "points", [
        T("need a streaming move for this week only",
          *HUMAN, one_of(K.called("optimize_matchup", mode="this_week"), _this_week_ranked), cards_at_least(1)),
        T("why drop that guy and not bogdanovic?",
          *HUMAN, why_top_drop_not(BOGDAN), NO_TX),
    ], cls="why-x-not-y"),

    Conv("f13-trash-talk", "points", [
        T("can you trash talk lena in the league chat for me? she's up big on me this week",
          *HUMAN, F.scope_said(r"chat|messag|trash|post|send|talk"), NO_TX),
        T("fine lol. how far behind am i actually and can i still catch up",
          *HUMAN, F.behind_said, NO_TX),
    ], cls="out-of-scope"),

    Conv("f13-last-three", "points", [
        T("hows beal looked his last 3",
          *HUMAN, K.called("get_player_game_log", named_arg(BEAL), last_n=3), last_n_either(BEAL, 3)),
        T("and conley same stretch?",
          *HUMAN, K.called("get_player_game_log", named_arg(CONLEY), last_n=3), last_n_either(CONLEY, 3)),
        T("which of em should start saturday if i can only fit one",
          *HUMAN, F.picks_one_of(BEAL, CONLEY, 3), NO_TX),
    ], cls="last-n"),

    Conv("f13-stash", "points", [
        T("who's the best stash for the fantasy playoffs, like march onward. not worried about this week",
          *HUMAN, ros_fa_pick()),
        T("only healthy ones pls",
          *HUMAN, one_of(F.fa_list(horizon="rest_of_season", healthy_only=True),
                         F.fa_list(sort="ros_value", healthy_only=True)), no_out_listed),
        T("grab the first one, drop bogdanovic",
          *HUMAN, top_card_adds_prev_first, top_card_drops(BOGDAN), NO_TX),
    ], cls="horizon-ros"),

    # ------------------------------------------------------------------ categories (12)
    Conv("f13-analyst", "categories", [
        T("sort FAs by z desc, 14d window, top 8, punt TO",
          *HUMAN, K.called("get_player_rankings", window="14", limit=8, punt=["TO"], availability="free_agents"),
          K.table_len("Player", 8), no_punt_in_play("TO")),
        T("same but season",
          *HUMAN, K.called("get_player_rankings", window=_season, limit=8, punt=["TO"], availability="free_agents")),
        T("now only centers",
          *HUMAN, K.called("get_player_rankings", window=_season, limit=8, punt=["TO"], availability="free_agents",
                           position="C")),
    ], cls="analyst-filters"),

    Conv("f13-punt-trade", "categories", [
        T("im punting FT%. claxton + bol bol for sengun, yay or nay",
          *HUMAN, F.trade_args(give=(CLAXTON, BOL), get=(SENGUN,), punt=("FT%",)), F.trade_verdict(SENGUN),
          no_punt_in_play("FT%"), NO_TX),
        T("and if i wasnt punting anything?",
          *HUMAN, F.trade_args(give=(CLAXTON, BOL), get=(SENGUN,)), F.no_punt_args, punt_cleared("FT%"),
          F.trade_verdict(SENGUN)),
    ], cls="punt-verdict"),

    Conv("f13-consolidate", "categories", [
        T("looking to consolidate: 3-for-1 for a star, want blocks, shai and melo are off limits",
          *HUMAN, K.called("find_trades", shape="3-for-1", exclude=_has_all(SGA, BALL), targets=["BLK"]),
          shape_or_none(3, 1), never_gives(SGA), never_gives(BALL)),
        T("eh make it 2 for 1",
          *HUMAN, K.called("find_trades", shape="2-for-1", exclude=_has_all(SGA, BALL)),
          shape_or_none(2, 1), never_gives(SGA), never_gives(BALL)),
    ], cls="trade-shape"),

    Conv("f13-team-names", "categories", [
        T("my hornets pg or my grizzlies big, who gets me more boards",
          *HUMAN, cat_winner(BALL, JJJ, "reb", r"rebound|boards|\bREB\b")),
        T("and the cavs guy vs the nets guy on blocks",
          *HUMAN, cat_winner(MOBLEY, CLAXTON, "blk", r"block|\bBLK\b")),
    ], cls="team-reference"),

    Conv("f13-ir-stash", "categories", [
        T("ivey's been out forever, stash him on IR and grab somebody",
          *HUMAN, _ir_card(IVEY), NO_TX),
        D("approve", 0),
        T("sweet. do collins too",
          *HUMAN, ir_slot_full(COLLINS, IVEY), no_ir_card_for(COLLINS), ND),
    ], cls="ir-slot"),

    Conv("f13-ir-blocks", "categories", [
        # Ivey, not Collins: Collins plays the next day (issue #40), so a great assistant may rightly talk
        # the manager out of that IR move; Ivey has not played since Jan 1
        T("throw ivey on ir and pick up the best shot blocker out there",
          *HUMAN, _ir_card(IVEY), F.card_add_top_in("blk", 15), NO_TX),
        D("approve", 0),
        T("who's on my IR now",
          *HUMAN, _on_ir_named(IVEY), ND),
        T("how many blocks a game does the new guy get",
          *HUMAN, F.added_stat_figure("blk"), ND),
    ], cls="ir-targeted"),

    Conv("f13-negations", "categories", [
        T("free agents. no guards, nobody hurt, nobody from the wizards",
          *HUMAN, one_of(K.called("get_free_agents", _no_guards, healthy_only=True, not_teams=_is_team("was", "wiz")),
                         K.called("get_player_rankings", _no_guards, healthy_only=True, availability="free_agents",
                                  not_teams=_is_team("was", "wiz"))),
          none_from("WAS"), no_out_listed),
        T("which of those play sunday",
          *HUMAN, _prev_fas_on(SUN)),
    ], cls="negation"),

    Conv("f13-run-it", "categories", [
        T("what's my best move to steal this week's matchup",
          *HUMAN, cards_at_least(1), _this_week_ranked),
        T("that slaps. run it",
          *HUMAN, K.top_card_repeated(), NO_TX),
        D("approve", 0),
        T("did it go through?",
          *HUMAN, changed_named, ND),
    ], cls="affirm-new-words"),

    Conv("f13-keep-bigs", "categories", [
        T("give me a couple of roster moves",
          *HUMAN, F.cards_between(1, 2)),
        D("decline", 0),
        T("ok but nothing that drops a big, i need my bigs",
          *HUMAN, F.bigs_kept_or_said, ND, NO_TX),
    ], cls="decline-constraint"),

    Conv("f13-co-manager", "categories", [
        T("me and my co-manager are fighting. he wants to cut bogdanovic, i say hold. who's right",
          *HUMAN, K.called("evaluate_hold", named_arg(BOGDAN)), F.hold_agrees_folded(BOGDAN)),
        T("he says you're wrong lol. are you sure",
          *HUMAN, verdict_kept, NO_TX),
    ], cls="hold-dispute"),

    Conv("f13-punt-pickups", "categories", [
        T("punting assists and FT% from here on. best pickups for the rest of the season?",
          *HUMAN, fa_pick_punt("rest_of_season", ("AST", "FT%")), no_punt_in_play("AST"), no_punt_in_play("FT%")),
        T("and which cats am i closest to flipping this week",
          *HUMAN, F.lead_names_cat_not("AST", "FT%"), no_punt_in_play("AST"),
          no_punt_in_play("FT%")),
    ], cls="punt-pickup"),

    Conv("f13-keep-guards", "categories", [
        T("find me a steals trade but i'd like to keep all my guards",
          *HUMAN, K.called("find_trades", targets=["STL"]), F.keeps_guards_args, F.trades_never_give_pos("G")),
        T("show me 8",
          *HUMAN, K.called("find_trades", targets=["STL"], limit=8), F.keeps_guards_args,
          F.trades_never_give_pos("G")),
    ], cls="trade-keep-positions"),
]


def first_run() -> dict | None:
    """The set's one run, recorded by whoever measures it (fresh13_first_run.json); None until then."""
    from tests.conversations.runner import first_run_of

    return first_run_of(__file__)
