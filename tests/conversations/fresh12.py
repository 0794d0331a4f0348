"""A thirteenth conversation set (issue #36, session 22), written blind: from the issue, the tool schemas
(agents/tools/schemas.py), the check helpers (checks.py, fresh6-11_checks.py), the top of suite.py (Conv,
T, D and its helpers, not its list), the module docstrings of the earlier sets (to push past their
voices), the architecture notes' tool table, the league's rosters (`python -m services roster`, mine and
Zone Defense's) and the box-score CSV; never from the planner's code, its tests, the golden cases,
docs/conversation.md, another set's conversations or the commit messages, and never run through the
assistant while it was written. 25 whole conversations (2-4 turns, 13 points and 12 categories, seven
that approve or decline a card and go on).

Voices: a named weekday ("who should I start thursday"), weekend-only streaming, "per 36" and "minutes
trending up", a player of this week's opponent asked about by name ("wemby, he's on the team I'm
playing"), chained follow-ups by reference ("the second one", "add him", "both of them", "the other
two"), a constraint added a turn later and withdrawn the turn after ("only guys under 30 mpg" ... "actually
no, any minutes"), three players compared on one stat, stacked negations ("not bigs, not injured") and a
third added later ("nobody from phoenix either"), a trade asked in a shape no search offers (2-for-2)
then narrowed to 1-for-1 with a player kept out, a punt set then swapped for another, IR asked with the
one slot just filled, affirmations in new words ("send it", "lock it in", "that one works"), decline then
"something else", out of scope (standings, a betting prop, Twitter news) then a real question, two asks in
one message ("who's hot and should I drop bol"), terse ("fa c?", "top 3 only") and typos ("rebouns",
"givin", "w/o").

Classes: day, weekend, per-36, minutes-trend, opponent-player, three-way, ir-slots, affirm-new-words,
decline-alt, out-of-scope, multi-question, trade-shape, terse, punt-changed, negation, eligibility,
later-constraint, chained-followup, both-of-them, trade-exclude. Own checks in fresh12_checks.py.
`runner.run(FRESH12)` scores it (once, by someone else).
"""
from __future__ import annotations

import datetime as dt

from tests.conversations import checks as K
from tests.conversations import fresh6_checks as F6
from tests.conversations import fresh7_checks as F7
from tests.conversations import fresh8_checks as F8
from tests.conversations import fresh9_checks as F9
from tests.conversations import fresh10_checks as F10
from tests.conversations import fresh11_checks as F11
from tests.conversations import fresh12_checks as F
from tests.conversations.checks import AS_OF
from tests.conversations.suite import (BALL, BEAL, BOGDAN, CLAXTON, COLLINS, CONLEY, IVEY, LEBRON, MOBLEY, SGA, Conv,
                                       D, T)

JJJ, BOL, WEMBY, JOKIC, TRAE, EMBIID = ("Jaren Jackson Jr.", "Bol Bol", "Victor Wembanyama", "Nikola Jokić",
                                        "Trae Young", "Joel Embiid")
THU, FRI, SAT, SUN = (dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1), dt.date(2025, 2, 2))


def _weekend_list():
    """Weekend streamers: the play_on dates reached get_free_agents, and every listed player plays one of them."""
    return F8.all_of(K.called("get_free_agents", play_on=F7.days(SAT, SUN)), F11.all_play_any(SAT, SUN))


def _player_tool(name):
    """A tool about one player ran on him (game log, status, a ranking row, or a comparison naming him)."""
    return F8.one_of(*[K.called(t, F7.named(name)) for t in ("get_player_game_log", "get_player_status")],
                     K.called("get_player_rankings", lambda a: F7.is_player(name, str(a.get("player") or ""))),
                     K.called("compare_players", names=F7.has(name)))


POINTS = [
    Conv("f12-thursday-start", "points", [
        T("who should I start thursday", F8.daily_lineup_on(THU), F7.day_players_named(THU), K.no_clarify()),
        T("and is bogdan even playing that day", F6._plays_day_verdict(BOGDAN, THU, "Thursday"), K.not_greeting()),
    ], cls="day"),
    Conv("f12-weekend-stream", "points", [
        T("need a weekend-only streamer, guys with games sat and sun", _weekend_list(), F8.listed_free_agents),
        T("which of those are actually healthy", F10.no_out_listed, F11.all_play_any(SAT, SUN), K.not_greeting()),
    ], cls="weekend"),
    Conv("f12-per36-bol", "points", [
        T("whats bol bol per 36? feels like he'd be a monster with real minutes", F.per36_shown(BOL),
          K.no_clarify()),
        T("ok but in real life he plays 6 a night. should i just drop him",
          K.any_called("evaluate_hold", "evaluate_move", "optimize_matchup"), F7.hold_agrees(BOL), K.no_transaction()),
    ], cls="per-36"),
    Conv("f12-minutes-up", "points", [
        T("whose minutes are trending up on my team", F.minutes_up_named, K.not_greeting()),
        T("per 36 for jjj then", F.per36_shown(JJJ)),
    ], cls="minutes-trend"),
    Conv("f12-opp-wemby", "points", [
        T("how has wemby been the last 5? he's on the team i'm playing this week", _player_tool(WEMBY),
          F7.last_n_either(WEMBY, 5)),
        T("how many games do he and jokic have left this week", F10.games_left_said(WEMBY),
          F10.games_left_said(JOKIC), F.named_all(WEMBY, JOKIC), K.not_greeting()),
    ], cls="opponent-player"),
    Conv("f12-three-way-threes", "points", [
        T("beal, bogdanovic or ivey - who hits more 3s", F11.leader_by(("fg3m",), BEAL, BOGDAN, IVEY),
          F8.all_compared(BEAL, BOGDAN, IVEY)),
        T("ivey's out though. so between the other two", F11.leader_by(("fg3m",), BEAL, BOGDAN), K.not_greeting()),
    ], cls="three-way"),
    Conv("f12-ir-full", "points", [
        T("ivey's out, put him on IR and pick someone up", F6._ir_card(IVEY), K.no_transaction()),
        D("approve", 0),
        T("collins too, IR him", F8.ir_slot_full(COLLINS, IVEY), K.decided_not_pending()),
        T("ok so who's on my IR right now", F6._on_ir_named(IVEY), K.no_transaction()),
    ], cls="ir-slots"),
    Conv("f12-send-it", "points", [
        T("best move for this week only? streaming is fine",
          K.called("optimize_matchup", mode="this_week"), F8.cards_at_least(1)),
        T("send it", K.top_card_repeated(), K.no_transaction(), K.not_greeting()),
        D("approve", 0),
        T("did it go through? what's my roster look like now", F7.roster_reflects_move, K.decided_not_pending()),
    ], cls="affirm-new-words"),
    Conv("f12-decline-alt", "points", [
        T("give me 3 pickup moves that don't drop shai or lebron",
          F8.one_of(K.called("optimize_matchup", limit=3), F8.cards_at_least(3)),
          K.cards_never_drop(SGA), K.cards_never_drop(LEBRON), F8.cards_at_least(1)),
        D("decline", 0),
        T("nah something else then", F7.names_first_set_card(1), K.decided_not_pending(), K.no_transaction(),
          K.not_greeting()),
    ], cls="decline-alt"),
    Conv("f12-oos-standings", "points", [
        T("where am i in the standings", F8.not_modelled(r"standings|league table|record"), K.not_greeting()),
        T("fine. who should i pick up for tomorrow then",
          F8.all_play(THU), F8.listed_free_agents),
    ], cls="out-of-scope"),
    Conv("f12-hot-and-bol", "points", [
        T("who's hot rn and should i drop bol for one of them", F.hot_and_verdict(BOL), K.no_transaction()),
        T("that one works", K.top_card_repeated(), K.no_transaction()),
        D("approve", 0),
        T("how many games does the new guy have left", F10.added_games_left, K.decided_not_pending()),
    ], cls="multi-question"),
    Conv("f12-trade-2for2", "points", [
        T("trade idea: beal and bogdanovic for two better guards, a 2 for 2", F.two_for_two_or_said,
          F11.trades_give_all(BEAL, BOGDAN), K.not_greeting()),
        T("ok just beal for one guy then, and keep conley out of it",
          K.called("find_trades", give=F7.has(BEAL), shape="1-for-1"),
          F7.never_gives(CONLEY), F7.shape_or_none(1, 1)),
    ], cls="trade-shape"),
    Conv("f12-terse-fa-c", "points", [
        T("fa c?", F.fa_at({"C"}), F8.listed_free_agents),
        T("top 3 only", F.fa_at({"C"}, limit=3), K.table_len("Player", 3)),
    ], cls="terse"),
]

CATEGORIES = [
    Conv("f12-cat-punt-swap", "categories", [
        T("im punting FT%. best pickup for the rest of the season?", F7.fa_pick_punt("rest_of_season", ("FT%",)),
          F7.no_punt_in_play("FT%")),
        T("actually scrap that, punt TO instead and put FT% back in", F10.punt_reached("TO"),
          F9.punt_cleared("FT%"), F7.fa_pick_punt("rest_of_season", ("TO",)), F7.no_punt_in_play("TO")),
    ], cls="punt-changed"),
    Conv("f12-cat-stacked-neg", "categories", [
        T("streamers pls. not bigs, not injured",
          F8.one_of(K.called("get_free_agents", not_position="C", healthy_only=True),
                    K.called("get_free_agents", healthy_only=True,
                             position=lambda p: str(p).upper() in F.GUARDS | {"SF"})),
          F10.no_out_listed),
        T("nobody from phoenix either", F7.none_from("PHO"), F8.one_of(F9.not_bigs, F.subset_of_previous),
          F10.no_out_listed, K.not_greeting()),
    ], cls="negation"),
    Conv("f12-cat-eligibility", "categories", [
        T("can jjj play center for me?", F.eligibility_verdict(JJJ, "C")),
        T("what about beal at SF", F.eligibility_verdict(BEAL, "SF"), K.not_greeting()),
    ], cls="eligibility"),
    Conv("f12-cat-mpg-later", "categories", [
        T("best free agent guards this week", F.fa_at(F.GUARDS), F8.listed_free_agents),
        T("only guys under 30 mpg", F.under_mpg_or_said(30), K.not_greeting()),
        T("actually no, any minutes is fine, just give me 5", F.fa_at(F.GUARDS, limit=5),
          K.table_len("Player", 5)),
    ], cls="later-constraint"),
    Conv("f12-cat-second-one", "categories", [
        T("top 5 free agents for steals over the last 2 weeks",
          K.called("get_player_rankings", window="14", availability="free_agents", limit=5,
                   sort=lambda s: str(s).upper() == "STL"),
          K.table_len("Player", 5)),
        T("the second one, how many games he got left this week", F.nth_listed_games_left(1), K.not_greeting()),
        T("add him, drop bol", F.card_adds_nth_listed(1), F9.top_card_drops(BOL),
          K.no_transaction()),
    ], cls="chained-followup"),
    Conv("f12-cat-both", "categories", [
        T("mobley vs claxton for blocks", F11.leader_by(("blk",), MOBLEY, CLAXTON), K.compares(MOBLEY, CLAXTON)),
        T("are both of them playing sunday?", F.day_each(SUN, MOBLEY, CLAXTON), K.not_greeting()),
    ], cls="both-of-them"),
    Conv("f12-cat-lock-it", "categories", [
        T("i need dimes. best move?", F10.cat_reached("AST"), F8.cards_at_least(1)),
        T("lock it in", K.top_card_repeated(), K.no_transaction()),
        D("approve", 0),
        T("what's my weakest cat now", F11.weakest_named, K.decided_not_pending()),
    ], cls="affirm-new-words"),
    Conv("f12-cat-decline-next", "categories", [
        T("any move that helps blocks without dropping jjj", F10.cat_reached("BLK"), K.cards_never_drop(JJJ),
          F8.cards_at_least(1)),
        D("decline", 0),
        T("ok the next one on the list works", F7.names_first_set_card(1), K.no_transaction(),
          K.decided_not_pending(), K.cards_never_drop(JJJ)),
    ], cls="decline-alt"),
    Conv("f12-cat-ir-then", "categories", [
        T("stash collins on IR and add the best streamer", F6._ir_card(COLLINS), K.no_transaction()),
        D("approve", 0),
        T("now ivey too?", F8.ir_slot_full(IVEY, COLLINS), K.decided_not_pending()),
        T("fine. then who's my weakest guy to cut instead", K.decided_not_pending(), F7.no_ir_card(IVEY),
          K.not_greeting(), K.no_transaction()),
    ], cls="ir-slots"),
    Conv("f12-cat-oos-prop", "categories", [
        T("will trae go over 10.5 assists tonight? thinking of betting it", F7.no_bet_advice(TRAE)),
        T("ok then does he even play tonight", F6._plays_day_verdict(TRAE, AS_OF, "tonight|today|Wednesday"),
          K.not_greeting()),
    ], cls="out-of-scope"),
    Conv("f12-cat-oos-news", "categories", [
        T("any news on embiid? saw something on twitter", F8.not_modelled(r"news|twitter|reports?|rumou?rs?"),
          F8.status_out(EMBIID)),
        T("ok whatever. who's hot on the wire then", K.any_called(*F.HOT_TOOLS, "get_player_rankings"),
          F8.listed_free_agents, K.not_greeting()),
    ], cls="out-of-scope"),
    Conv("f12-cat-trade-typos", "categories", [
        T("find me a trade for rebouns w/o givin up shai or melo",
          K.called("find_trades", targets=["REB"], exclude=F7.has(SGA, BALL)),
          F7.never_gives(SGA), F7.never_gives(BALL)),
        T("same but also keep jjj", K.called("find_trades", targets=["REB"], exclude=F7.has(SGA, BALL, JJJ)),
          F7.never_gives(JJJ),
          F7.never_gives(SGA), F7.never_gives(BALL)),
    ], cls="trade-exclude"),
]

FRESH12: list[Conv] = POINTS + CATEGORIES


def first_run() -> dict | None:
    """The set's one run, recorded by whoever measures it (fresh12_first_run.json); None until then."""
    from tests.conversations.runner import first_run_of

    return first_run_of(__file__)
