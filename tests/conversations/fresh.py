"""A second conversation set (issue #36), written after the planner's fixes and run once, never
tuned to: new phrasings of the suite's classes. `runner.run(FRESH)` scores it; its figure is the
honest one (the first suite's failures were fixed while it ran)."""
from __future__ import annotations

from tests.conversations import checks as K
from tests.conversations.suite import (BARNES, BOGDAN, CONLEY, SGA, Conv, D, T,
                                       _hold_agrees, _prev_fas_on, _strength_rank, excludes)
from tests.conversations.checks import AS_OF

FRESH: list[Conv] = [
    Conv("f-trade-keep", "points", [
        T("get me more blocks via trade but SGA is untouchable",
          K.called("find_trades", exclude=excludes(SGA)), K.trades_never_give(SGA)),
        T("what about steals", K.called("find_trades", exclude=excludes(SGA)), K.trades_never_give(SGA))],
      "trade-exclude"),
    Conv("f-trade-keep2", "categories", [
        T("trade options for rebounds, just don't touch Barnes",
          K.called("find_trades", exclude=excludes(BARNES)), K.trades_never_give(BARNES)),
        T("ok thanks", K.not_called("find_trades"))], "trade-exclude"),
    Conv("f-trade-shape", "points", [
        T("could I flip Conley and Bogdanovic for one good player?", K.called("find_trades", shape="2-for-1"),
          K.trades_have_shape(2, 1)),
        T("cool", K.no_transaction())], "trade-shape"),
    Conv("f-rank", "categories", [
        T("top 12 in blocks over the last 30 days", K.called("get_player_rankings", limit=12, window="30", sort="BLK"),
          K.table_len("Player", 12)),
        T("only ones I can pick up", K.called("get_player_rankings", window="30", availability="free_agents"),
          K.listed_all("Owner", lambda o: o == "Free agent", "free agents"))], "rank-filter"),
    Conv("f-rank2", "points", [
        T("show me the 20 best players lately", K.called("get_player_rankings", limit=20), K.table_len("Player", 20)),
        T("and which of them play tomorrow?", _prev_fas_on(AS_OF.replace(day=30)))], "day-filter"),
    Conv("f-ros", "points", [
        T("who's the best long-term pickup?", K.called("get_free_agents", horizon="rest_of_season")),
        T("thanks", K.no_transaction())], "horizon"),
    Conv("f-lastn", "points", [
        T("LaMelo or Beal?"),
        T("how about their last 6?", K.called("get_player_game_log", last_n=6))], "horizon"),
    Conv("f-affirm", "points", [
        T("help me optimize my roster"),
        T("ok do the top one", K.top_card_repeated(), K.no_transaction(), K.not_greeting())], "affirmation"),
    Conv("f-affirm2", "categories", [
        T("any roster moves worth making?"),
        T("yes, go ahead with that", K.top_card_repeated(), K.no_transaction(), K.not_greeting())], "affirmation"),
    Conv("f-why", "points", [
        T("recommend some roster moves"),
        T("why Bol Bol and not Bogdanovic?", K.compares("Bol Bol", BOGDAN),
          K.not_says(r"^Here is why, from my last answer"))], "why-x-not-y"),
    Conv("f-vs", "categories", [
        T("Claxton vs Mobley", K.any_called("compare_players", "get_player_game_log"), K.not_called("evaluate_move")),
        T("thanks", K.no_transaction())], "x-vs-y"),
    Conv("f-scope", "points", [
        T("will I make the playoffs?", K.says(r"(standings|playoff odds)[^.]*not"), _strength_rank),
        T("ok", K.no_transaction())], "out-of-scope"),
    Conv("f-scope2", "categories", [
        T("how do I stack up against the league?", _strength_rank),
        T("thanks", K.no_transaction())], "out-of-scope"),
    Conv("f-new", "points", [
        T("who should I add?"),
        T("ok now how does my matchup look", K.called("get_matchup_details"), K.not_called("get_free_agents"))],
      "new-request"),
    Conv("f-punt", "categories", [
        T("I'm punting FG% this year"),
        T("would you trade Mobley for Trae Young?", K.called("evaluate_trade", punt=["FG%"]),
          K.not_says(r"Zone Defense wins the trade by [\d.]+ category value:"))], "punt-verdict"),
    Conv("f-hold", "points", [
        T("should I keep Bol Bol or use his spot for a streamer?", _hold_agrees),
        T("thanks", K.no_transaction())], "hold"),
    Conv("f-neg", "points", [
        T("find me moves, but Conley isn't going anywhere", K.cards_never_drop(CONLEY)),
        T("ok", K.no_transaction())], "negation"),
    Conv("f-ir", "categories", [
        T("stash Ivey on IR"), D("approve", 0),
        T("now put Collins on IR as well", K.says(r"IR[^.]*(full|taken|holds|occupied)"), K.decided_not_pending())],
      "ir-slots"),
    Conv("f-bench", "categories", [
        T("who starts tomorrow?"),
        T("why is Beal on the bench?", K.says(r"Beal"), K.not_says(r"^Here is why, from my last answer"),
          K.not_says(r"fantasy p(oin)?ts"))], "lineup-reason"),
    Conv("f-count", "categories", [
        T("give me 4 free agents who help steals", K.called("get_free_agents", limit=4), K.table_len("Player", 4)),
        T("thanks", K.no_transaction())], "count"),
]
