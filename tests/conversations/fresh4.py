"""A fifth conversation set (issue #36, session 16), written blind (from the issue, the tool schemas
and the data, not from the planner's code) and run once before anyone tuned to it: 25 whole
conversations in registers the earlier sets do not use: polite long forms, British spellings
("optimise", "centres", "fortnight", "cheers", "ta"), terse forms, run-on messages, emoji,
"untouchable", "flip", "bundle", "churn", "league table". Trades with players kept and shapes,
rankings over windows with counts and follow-up filters, horizons (tonight, a named day, next week,
rest of season), IR (slot full, who is on IR), hold vs stream, "why X not Y", "X v. Y", affirmations
while cards wait, cards approved/declined and the thread going on, out-of-scope questions, punts
stated mid-thread, new requests after "also"/"ok now". `runner.run(FRESH4)` scores it; its figure
is `conversations_fresh4` in `bench/nlu.py --json`, its first run `conversations_fresh4_first_run`
(fresh4_first_run.json).
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, NEXT_WEEK
from tests.conversations.fresh2 import JACKSON, _named
from tests.conversations.fresh3 import _first_card_again
from tests.conversations.runner import first_run_of
from tests.conversations.suite import (BARNES, BEAL, CLAXTON, CONLEY, LEBRON, MOBLEY, SGA,
                                       Conv, D, T, _hold_agrees, _last_n_figure, _prev_fas_on,
                                       _roster_next_week_total, _strength_rank, _this_week_ranked, excludes,
                                       next_week_args)

BRAUN, PRITCHARD = "Christian Braun", "Payton Pritchard"
THURSDAY, FRIDAY, SATURDAY = dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1)


def _last_n_stat(name: str, stat: str, n: int):
    """The answer shows the player's last-n average of a box-score stat (CSV column `stat`, e.g.
    'reb'), computed from the box scores before the as-of date, to one or two decimals (5.2 or 5.17:
    the first run's check wanted one decimal only and failed a right 5.17 = 31/6)."""
    def check(r, c):
        want = K.last_n_avg(name, stat, n)
        a = r.get("answer") or ""
        return None if re.search(rf"\b({want:.1f}|{want:.2f})\b", a) else \
            f"{name}'s last-{n} {stat} average {want:.2f} not shown"
    return check


def _games_said(name: str, start: dt.date, end: dt.date):
    """The answer gives the player's game count between start and end (the box scores' schedule)."""
    def check(r, c):
        want = K.games_between(name, start, end)
        return None if re.search(rf"\b{want} games?\b", r.get("answer") or "", re.I) else \
            f"{name}'s {want} games {start}..{end} not said"
    return check


def _ir_listed(r, c):
    """'Who is on IR?': the players the league's roster has on IR are named; with none, the answer
    says the IR slot is empty (nobody on it)."""
    on_ir = [e.player.name for e in c.source.roster().entries if e.on_ir]
    a = r.get("answer") or ""
    if not on_ir:
        return None if re.search(r"\b(nobody|no one|no player|empty|none)\b|\bno\b[^.]*\bon IR", a, re.I) else \
            f"does not say the IR slot is empty: {a[:120]!r}"
    missing = [n for n in on_ir if K.fold(n) not in K.fold(a)]
    return f"IR players not named: {missing}" if missing else None


def _card_titled(pattern: str):
    """A waiting card's title matches `pattern` (e.g. the IR move asked for)."""
    def check(r, c):
        titles = [x["title"] for x in r.get("pending_approvals", [])]
        return None if any(re.search(pattern, t, re.I) for t in titles) else \
            f"no card /{pattern}/ among {[t[:50] for t in titles[:3]]}"
    return check


FREE_AGENT = K.listed_all("Owner", lambda o: o == "Free agent", "free agents")


FRESH4: list[Conv] = [
    # --- trades: players kept, shapes, targets ---------------------------------------------------
    Conv("i-untouchable", "categories", [
        T("looking to upgrade my dimes via trade, SGA is untouchable btw",
          K.called("find_trades", exclude=excludes(SGA), targets=["AST"]), K.trades_never_give(SGA)),
        T("cheers. and for threes?", K.called("find_trades", exclude=excludes(SGA), targets=["3PM"]),
          K.trades_never_give(SGA))], "trade-exclude"),
    Conv("i-bundle", "points", [
        T("bundle Claxton + Bol Bol, want one guy back",
          K.called("find_trades", give=[CLAXTON, "Bol Bol"], shape="2-for-1"), K.trades_have_shape(2, 1)),
        T("top 2 only", K.called("find_trades", limit=2, shape="2-for-1"), K.table_len("You give", 2),
          K.trades_have_shape(2, 1))], "trade-shape"),
    Conv("i-flip", "points", [
        T("could i flip jjj for a pair of rotation guys?", K.called("find_trades", give=[JACKSON], shape="1-for-2"),
          K.trades_have_shape(1, 2)),
        T("nvm, leave jackson alone. straight swaps for boards that don't involve him",
          K.called("find_trades", exclude=excludes(JACKSON), shape="1-for-1", targets=["REB"]),
          K.trades_never_give(JACKSON), K.trades_have_shape(1, 1))], "trade-shape"),
    Conv("i-keep-two", "categories", [
        T("Could you find me some trade targets for steals and blocks? I'd like to keep both LeBron and Barnes, "
          "thank you.", K.called("find_trades", exclude=lambda v: excludes(LEBRON)(v) and excludes(BARNES)(v),
                                 targets=["STL", "BLK"]),
          K.trades_never_give(LEBRON), K.trades_never_give(BARNES)),
        T("only show 4", K.called("find_trades", limit=4, exclude=lambda v: excludes(LEBRON)(v) and excludes(BARNES)(v)),
          K.table_len("You give", 4), K.trades_never_give(LEBRON), K.trades_never_give(BARNES))], "trade-exclude"),
    # --- rankings: windows, counts, filters on the previous answer -------------------------------
    Conv("i-rank-7", "points", [
        T("best 12 performers past 7 days?", K.called("get_player_rankings", window="7", limit=12),
          K.table_len("Player", 12)),
        T("only the unowned ones", K.called("get_player_rankings", window="7", availability="free_agents"),
          FREE_AGENT)], "rank-filter"),
    Conv("i-rank-30-pos", "categories", [
        T("blocks leaders last 30 days, top 10 pls", K.called("get_player_rankings", window="30", sort="BLK", limit=10),
          K.table_len("Player", 10)),
        T("just centres", K.called("get_player_rankings", window="30", sort="BLK", position="C"))], "rank-filter"),
    Conv("i-fortnight-day", "points", [
        T("top 6 FAs over the last fortnight", K.called("get_player_rankings", window="14", limit=6,
                                                       availability="free_agents"), K.table_len("Player", 6)),
        T("any of them on the court saturday?", _prev_fas_on(SATURDAY))], "day-filter"),
    Conv("i-lastn-reb", "categories", [
        T("jackson's last 6 games, how's his rebounding looking", K.called("get_player_game_log", _named(JACKSON),
                                                                          last_n=6), _last_n_stat(JACKSON, "reb", 6)),
        T("and mobley over the same stretch", K.called("get_player_game_log", _named(MOBLEY), last_n=6),
          _last_n_stat(MOBLEY, "reb", 6))], "horizon"),
    # --- horizons ---------------------------------------------------------------------------------
    Conv("i-tonite", "points", [
        T("who's in my starting lineup tonite?", K.called("compose_daily_lineup", date=AS_OF.isoformat())),
        T("thursday?", K.called("compose_daily_lineup", date=THURSDAY.isoformat()))], "horizon"),
    Conv("i-next-week-games", "points", [
        T("How many games is Beal getting next week?", K.called("get_schedule", next_week_args),
          _games_said(BEAL, *NEXT_WEEK)),
        T("and across my whole team", K.called("get_schedule", next_week_args), _roster_next_week_total)], "horizon"),
    Conv("i-long-term", "categories", [
        T("long-term add, rest of the season, who's the pick?", K.called("get_free_agents", horizon="rest_of_season"),
          K.says(r"rest of (the )?season")),
        T("ok but just for next week", K.called("get_free_agents", horizon="next_week"))], "horizon"),
    Conv("i-week-only", "points", [
        T("Only this week matters to me, please optimise my roster", K.called("optimize_matchup", mode="this_week"),
          _this_week_ranked),
        T("cheers", K.no_transaction())], "this-week"),
    # --- IR -----------------------------------------------------------------------------------------
    Conv("i-ir-full", "points", [
        T("stash ivey on ir n add the best guy"), D("approve", 0),
        T("Could Collins go in the IR spot as well?", K.says(r"IR[^.]*(full|taken|holds|occupied)"),
          K.not_says(r"Move John Collins to IR"), K.decided_not_pending())], "ir-slots"),
    Conv("i-ir-who", "categories", [
        T("who have I got on IR right now?", _ir_listed, K.not_greeting()),
        T("ok IR Collins then", _card_titled(r"Collins[^|]*\bIR\b|\bIR\b[^|]*Collins"), K.no_transaction())], "ir-slots"),
    # --- hold vs stream -----------------------------------------------------------------------------
    Conv("i-churn", "points", [
        T("Bol Bol: keep him or churn the spot?", K.called("evaluate_hold"), _hold_agrees),
        T("what about bogdan", K.called("evaluate_hold"), _hold_agrees)], "hold"),
    Conv("i-hold-punt", "categories", [
        T("i'm ignoring turnovers this season"),
        T("hang on to Collins, or stream?", K.called("evaluate_hold", punt=["TO"]), _hold_agrees,
          K.no_punted_in_play("TO"))], "punt-verdict"),
    # --- why X not Y, X vs Y -----------------------------------------------------------------------
    Conv("i-why-cut", "categories", [
        T("What should I change on my roster?"),
        T("how come you'd cut Bol Bol rather than Conley?", K.compares("Bol Bol", CONLEY),
          K.not_says(r"^Here is why, from my last answer"))], "why-x-not-y"),
    Conv("i-v-dot", "points", [
        T("Braun v. Pritchard, thoughts?", K.called("compare_players"), K.not_called("evaluate_move"),
          K.compares(BRAUN, PRITCHARD)),
        T("just their last 3", K.called("get_player_game_log", last_n=3), _last_n_figure(BRAUN, 3),
          _last_n_figure(PRITCHARD, 3))], "x-vs-y"),
    # --- affirmations while cards wait; decided cards ----------------------------------------------
    Conv("i-affirm-sure", "points", [
        T("suggest some adds/drops for me"),
        T("sure, go with that", K.top_card_repeated(), K.no_transaction(), K.not_greeting()),
        T("actually the second one pls", _first_card_again(1), K.no_transaction())], "affirmation"),
    Conv("i-decline-on", "categories", [
        T("what moves would you make?"), D("decline", 0),
        T("alright 👍 who else is worth picking up?", K.decided_not_pending(), K.called("get_free_agents"),
          K.not_greeting())], "decided"),
    Conv("i-approve-on", "points", [
        T("optimise my squad for the week"), D("approve", 0),
        T("also, any trade for assists w/o Shai?", K.called("find_trades", exclude=excludes(SGA), targets=["AST"]),
          K.trades_never_give(SGA), K.decided_not_pending())], "decided"),
    # --- out of scope -------------------------------------------------------------------------------
    Conv("i-league-table", "categories", [
        T("what place am I in the league table?", K.says(r"(standings|league table|place)[^.]*not"), _strength_rank),
        T("rough playoff odds then?", K.says(r"(playoff|odds)[^.]*not"), _strength_rank)], "out-of-scope"),
    Conv("i-deadline", "points", [
        T("any deals done at the deadline yet? who moved?", K.says(r"(deadline|deals?|trades?|news)[^.]*not"),
          K.not_called("find_trades"), K.not_greeting()),
        T("ok now find me a trade that helps my rebounding", K.called("find_trades", targets=["REB"]))],
      "out-of-scope"),
    # --- punts stated mid-thread, new requests after a cue word ------------------------------------
    Conv("i-punt-mid", "categories", [
        T("who's out there for threes on waivers"),
        T("fwiw I'm punting FG% from here on"),
        T("ok so who's the best add now?", K.called("get_free_agents", punt=["FG%"]), K.no_punted_in_play("FG%")),
        T("and would Mobley for Trae Young be worth it?", K.called("evaluate_trade", punt=["FG%"]),
          K.no_punted_in_play("FG%"))], "punt-verdict"),
    Conv("i-also-lineup", "points", [
        T("Beal vs Conley this week", K.called("compare_players")),
        T("also, set my lineup for Friday", K.called("compose_daily_lineup", date=FRIDAY.isoformat()),
          K.not_called("compare_players"))], "new-request"),
]


def first_run() -> dict | None:
    """The set's one run before the fixes (share, failed ids, the commit it ran on), as recorded."""
    return first_run_of(__file__)
