"""The held-out conversation suite of issue #36: 64 whole conversations (2-4 turns) written before
the planner was changed for them, never trained on (no corpus line comes from here).

Each conversation is a scoring and a list of turns. A turn is a message (`T`) or a decision on a
card (`D`: approve or decline the i-th waiting card), with the checks its result must pass
(tests/conversations/checks.py). A conversation is fully right when every check of every turn
passes. Classes: trades (exclusions, shapes, counts), rankings (counts, windows, filters on the
previous answer), horizons (rest of season, next week, last N), IR (slot limits), holds, days,
negations, affirmations, why-X-not-Y, X-vs-Y, new requests after cue words, out-of-scope
questions, punts in every verdict, decided cards never pending again.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, NEXT_WEEK

SGA, LEBRON, BALL, BARNES, BEAL, CONLEY = ("Shai Gilgeous-Alexander", "LeBron James", "LaMelo Ball", "Scottie Barnes",
                                           "Bradley Beal", "Mike Conley")
MOBLEY, CLAXTON, BOGDAN, COLLINS, IVEY = "Evan Mobley", "Nic Claxton", "Bogdan Bogdanović", "John Collins", "Jaden Ivey"


@dataclass
class T:
    text: str
    checks: tuple = ()

    def __init__(self, text: str, *checks):
        self.text, self.checks = text, (K.ok(), *checks)


@dataclass
class D:
    decision: str  # approve | decline
    index: int = 0
    checks: tuple = ()

    def __init__(self, decision: str, index: int = 0, *checks):
        self.decision, self.index, self.checks = decision, index, tuple(checks)


@dataclass
class Conv:
    id: str
    scoring: str
    turns: list = field(default_factory=list)
    cls: str = ""

    @property
    def decides(self) -> bool:
        return any(isinstance(t, D) for t in self.turns)


def excludes(name):
    return lambda v: v and any(K.fold(name.split()[-1]) in K.fold(x) for x in v)


def next_week_args(a) -> bool:
    return a.get("start") == NEXT_WEEK[0].isoformat() and a.get("end") == NEXT_WEEK[1].isoformat()


def _fa_next_week_4(r, c):
    """Every listed free agent has 4+ games next week; when no NBA team has 4 that week (the box
    scores' schedule), the answer says nobody has."""
    import re
    if max(sum(NEXT_WEEK[0] <= d <= NEXT_WEEK[1] for d in ds) for ds in K.team_dates().values()) < 4:
        return None if re.search(r"\bno free agent has 4", r.get("answer") or "", re.I) else "does not say nobody has 4"
    names = [n for n in K.table_column(r.get("answer") or "", "Player") if n]
    if not names:
        return "no player table"
    bad = [n for n in names if K.games_between(n, *NEXT_WEEK) < 4]
    return f"fewer than 4 games next week: {bad[:4]}" if bad else None


def _roster_next_week_total(r, c):
    mine = [e.player.name for e in c.source.roster().entries]
    want = sum(K.games_between(n, *NEXT_WEEK) for n in mine)
    import re
    return None if re.search(rf"\b{want}\b", r.get("answer") or "") else f"total {want} games next week not said"


def _ball_next_week(r, c):
    want = K.games_between(BALL, *NEXT_WEEK)
    import re
    return None if re.search(rf"\b{want} games?\b", r.get("answer") or "") else f"Ball's {want} games not said"


def _prev_fas_on(day):
    def check(r, c):
        prev = c.results[-2]
        import re
        # the Player cell carries the status as a suffix ("Jusuf Nurkic (OUT)"): the name is before it
        names = [re.sub(r"\s*\([^)]*\)$", "", n) for n in K.table_column(prev["answer"], "Player") if n]
        if not names:
            return "no earlier list"
        a = r.get("answer") or ""
        lead = a.split("\n\n")[0]
        want = [n for n in names if K.plays_on(n, day)]
        wrong = [n for n in names if not K.plays_on(n, day) and K.fold(n) in K.fold(lead)]
        missing = [n for n in want if K.fold(n) not in K.fold(a)]
        if wrong or missing:
            return f"on {day}: wrong {wrong[:3]}, missing {missing[:3]}"
        return None
    return check


def _last_n_figure(name, n):
    def check(r, c):
        want = K.last_n_avg(name, "pts", n)
        import re
        return None if re.search(rf"\b{want:.1f}\b", r.get("answer") or "") else \
            f"{name}'s last-{n} points average {want:.1f} not shown"
    return check


def _hold_agrees(r, c):
    """The hold/stream verdict and its own figures agree: 'Hold X' only when his expected figure
    is at least the streamer's he is compared with, 'Stream' only when below."""
    import re
    a = r.get("answer") or ""
    lead = a.split("\n")[0]
    m = re.search(r"(\d+(?:\.\d)?) expected[^.]*?(?:against|vs\.?|versus)[^\d]*(\d+(?:\.\d)?)", a)
    if not m:
        return "the verdict names no figure for him against the streamer"
    mine, other = float(m.group(1)), float(m.group(2))
    holds = bool(re.search(r"\bhold\b|\bkeep\b", lead, re.I)) and not re.search(r"\bstream\b|\bdrop\b", lead, re.I)
    if holds and mine < other:
        return f"holds on {mine} against {other}"
    if not holds and mine > other and not re.search(r"\bhold\b", lead, re.I):
        return f"streams on {mine} against {other}"
    return None


def _this_week_ranked(r, c):
    cards = r.get("pending_approvals", [])
    if not cards:
        return "no cards"
    top = cards[0]["expected_gain"]
    best = max(x["expected_gain"] for x in cards)
    a = r.get("answer") or ""
    import re
    if top < best and not re.search(r"rest of (the )?season[^.]*(first|ahead|ranks|outweighs)|ranks first because", a, re.I):
        return f"top card +{top} this week below another's +{best}, and no reason given"
    return None


def _categories_units(r, c):
    import re
    a = r.get("answer") or ""
    return f"points figure in a categories answer: {re.search(r'[^.]*fantasy p(?:oin)?ts[^.]*', a).group(0)[:100]!r}" \
        if re.search(r"fantasy p(oin)?ts", a, re.I) else None


def _strength_rank(r, c):
    import re
    return None if re.search(r"#\d+ of \d+|\branks? \d+(st|nd|rd|th)? of \d+", r.get("answer") or "") else \
        "no team-strength rank offered"


SUITE: list[Conv] = [
    # --- trades: players that must stay ------------------------------------------------------
    Conv("trade-keep-1", "points", [
        T("any trade that boosts my steals, but leave LeBron out of it",
          K.called("find_trades", exclude=excludes(LEBRON)), K.trades_never_give(LEBRON)),
        T("ok and what about rebounds",
          K.called("find_trades", exclude=excludes(LEBRON), targets=["REB"]), K.trades_never_give(LEBRON))],
      "trade-exclude"),
    Conv("trade-keep-2", "categories", [
        T("find trades that help my blocks, Shai stays put",
          K.called("find_trades", exclude=excludes(SGA)), K.trades_never_give(SGA)),
        T("how about threes instead", K.called("find_trades", exclude=excludes(SGA)), K.trades_never_give(SGA))],
      "trade-exclude"),
    Conv("trade-keep-3", "points", [
        T("find me a trade, not giving up Ball or Barnes",
          K.called("find_trades", exclude=lambda v: excludes(BALL)(v) and excludes(BARNES)(v)),
          K.trades_never_give(BALL), K.trades_never_give(BARNES)),
        T("what does LaMelo average over his last 5?", K.called("get_player_game_log", last_n=5),
          _last_n_figure(BALL, 5))], "trade-exclude"),
    Conv("trade-keep-4", "categories", [
        T("trade ideas to fix my assists, anyone but SGA",
          K.called("find_trades", exclude=excludes(SGA), targets=["AST"]), K.trades_never_give(SGA)),
        T("show me 3 of those", K.called("find_trades", limit=3, exclude=excludes(SGA)),
          K.table_len("You give", 3))], "trade-exclude"),
    Conv("trade-keep-5", "points", [
        T("find me a trade"), T("but I'm keeping Shai",
                                K.called("find_trades", exclude=excludes(SGA)), K.trades_never_give(SGA))],
      "trade-exclude"),
    Conv("trade-keep-6", "categories", [
        T("I'm punting FT%. any trades for steals that don't cost me Mobley?",
          K.called("find_trades", exclude=excludes(MOBLEY), punt=["FT%"]), K.trades_never_give(MOBLEY)),
        T("thanks", K.not_called("find_trades"))], "trade-exclude"),
    # --- trades: shape ------------------------------------------------------------------------
    Conv("trade-shape-1", "points", [
        T("package Beal and Conley together for a single upgrade",
          K.called("find_trades", give=[BEAL, CONLEY], shape="2-for-1"), K.trades_have_shape(2, 1)),
        T("who's the best of those for me?", K.not_greeting())], "trade-shape"),
    Conv("trade-shape-2", "categories", [
        T("2 for 1: Mobley and Claxton for one star", K.called("find_trades", shape="2-for-1"),
          K.trades_have_shape(2, 1)),
        T("and the other way, one of mine for two of theirs", K.called("find_trades", shape="1-for-2"),
          K.trades_have_shape(1, 2))], "trade-shape"),
    Conv("trade-shape-3", "points", [
        T("any 1-for-1 trades that help my rebounds?", K.called("find_trades", shape="1-for-1"),
          K.trades_have_shape(1, 1)),
        T("only ones where Bogdanovic goes", K.called("find_trades", give=[BOGDAN]),
          K.listed_all("You give", lambda g: "Bogdanovi" in g, "giving Bogdanovic"))], "trade-shape"),
    Conv("trade-count-1", "points", [
        T("show me 8 trade ideas", K.called("find_trades", limit=8), K.table_len("You give", 8)),
        T("only the ones where both sides gain", K.called("find_trades"),
          lambda r, c: None if "None of these is a trade you gain from" in (r.get("answer") or "") else
          K.listed_all("They accept", lambda x: x == "yes", "accepted")(r, c))], "trade-count"),
    # --- trade verdicts and punts -------------------------------------------------------------
    Conv("trade-punt-1", "categories", [
        T("I'm punting FG%. would you do Mobley for Trae Young?",
          K.called("evaluate_trade", punt=["FG%"]), K.not_says(r"Zone Defense wins the trade")),
        T("and if I punt nothing?", K.called("evaluate_trade"))], "punt-verdict"),
    Conv("trade-punt-2", "categories", [
        T("punt assists for me"),
        T("should I trade Ball for Trae Young?", K.called("evaluate_trade", punt=["AST"]),
          K.no_punted_in_play("AST"))], "punt-verdict"),
    Conv("trade-punt-3", "categories", [
        T("I don't care about FG%"),
        T("find a trade for blocks", K.called("find_trades", punt=["FG%"], targets=["BLK"]))], "punt-verdict"),
    # --- rankings: counts, windows, filters on the previous answer ----------------------------
    Conv("rank-count-1", "points", [
        T("top 15 players this season", K.called("get_player_rankings", limit=15), K.table_len("Player", 15)),
        T("and over the last week", K.called("get_player_rankings", limit=15, window="7"),
          K.table_len("Player", 15))], "rank-count"),
    Conv("rank-count-2", "categories", [
        T("who are the top 20 guys in assists", K.called("get_player_rankings", limit=20, sort="AST"),
          K.table_len("Player", 20)),
        T("just free agents", K.called("get_player_rankings", availability="free_agents", sort="AST"),
          K.listed_all("Owner", lambda o: o == "Free agent", "free agents"))], "rank-count"),
    Conv("rank-window-1", "points", [
        T("rank the best players over the last 30 days", K.called("get_player_rankings", window="30")),
        T("only the ones available", K.called("get_player_rankings", window="30", availability="free_agents"),
          K.listed_all("Owner", lambda o: o == "Free agent", "free agents"))], "rank-filter"),
    Conv("rank-window-2", "categories", [
        T("best 12 by steals over the past 2 weeks", K.called("get_player_rankings", window="14", limit=12,
                                                               sort="STL"), K.table_len("Player", 12)),
        T("only guys on waivers", K.called("get_player_rankings", window="14", availability="free_agents",
                                           sort="STL"))], "rank-filter"),
    Conv("rank-window-3", "points", [
        T("top free agents over the last 14 days", K.called("get_player_rankings", window="14",
                                                            availability="free_agents")),
        T("which of them play Friday?", _prev_fas_on(AS_OF.replace(day=31)),
          K.not_called("optimize_matchup"))], "rank-filter"),
    Conv("rank-player-1", "points", [
        T("where does LaMelo rank this month", K.called("get_player_rankings", window="30", player=BALL),
          K.says(r"LaMelo Ball ranks #\d+")),
        T("and Beal?", K.called("get_player_rankings", window="30", player=BEAL))], "rank-filter"),
    # --- horizons ----------------------------------------------------------------------------
    Conv("horizon-ros-1", "points", [
        T("best pickup for the long haul", K.called("get_free_agents", horizon="rest_of_season"),
          K.says(r"rest of (the )?season")),
        T("and for just this week?", K.called("get_free_agents", horizon="this_week"))], "horizon"),
    Conv("horizon-ros-2", "categories", [
        T("who's the best add for the rest of the year?", K.called("get_free_agents", horizon="rest_of_season"),
          K.says(r"rest of (the )?season")),
        T("only guards", K.called("get_free_agents", horizon="rest_of_season", position="G"))], "horizon"),
    Conv("horizon-next-1", "points", [
        T("who should I stream next week, guys with 4 games",
          K.called("get_free_agents", horizon="next_week", min_games_remaining=4), _fa_next_week_4),
        T("thanks!", K.not_called("get_free_agents"))], "horizon"),
    Conv("horizon-next-2", "categories", [
        T("which free agents play 4 times next week?", K.called("get_free_agents", horizon="next_week"),
          _fa_next_week_4),
        T("only bigs", K.called("get_free_agents", horizon="next_week"))], "horizon"),
    Conv("horizon-next-3", "points", [
        T("how many games does my roster have next week?", K.called("get_schedule", next_week_args),
          _roster_next_week_total),
        T("and LaMelo alone?", K.called("get_schedule", next_week_args), _ball_next_week)], "horizon"),
    Conv("horizon-lastn-1", "points", [
        T("compare Beal and Conley", K.any_called("compare_players", "get_player_game_log")),
        T("what about over their last 8?", K.called("get_player_game_log", last_n=8),
          _last_n_figure(BEAL, 8), _last_n_figure(CONLEY, 8))], "horizon"),
    Conv("horizon-lastn-2", "categories", [
        T("Mobley vs Claxton", K.any_called("compare_players", "get_player_game_log"),
          K.not_called("evaluate_move")),
        T("their last 3 games please", K.called("get_player_game_log", last_n=3), _last_n_figure(MOBLEY, 3))],
      "horizon"),
    # --- days and filters --------------------------------------------------------------------
    Conv("day-filter-1", "points", [
        T("best free agents right now"),
        T("which of those play on Friday?", _prev_fas_on(AS_OF.replace(day=31)))], "day-filter"),
    Conv("day-filter-2", "categories", [
        T("top 10 free agents by rebounds", K.called("get_player_rankings", availability="free_agents", limit=10)),
        T("which of them have a game tomorrow?", _prev_fas_on(AS_OF.replace(day=30)))], "day-filter"),
    Conv("count-fa-1", "points", [
        T("give me 3 pickups", K.called("get_free_agents", limit=3), K.table_len("Player", 3)),
        T("ok 6 then", K.called("get_free_agents", limit=6), K.table_len("Player", 6))], "count"),
    # --- negations on moves and pickups -------------------------------------------------------
    Conv("neg-move-1", "categories", [
        T("find me moves but don't drop Bogdanovic", K.called("optimize_matchup", keep=excludes(BOGDAN)),
          K.cards_never_drop(BOGDAN)),
        T("and keep Conley too", K.cards_never_drop(BOGDAN), K.cards_never_drop(CONLEY))], "negation"),
    Conv("neg-move-2", "points", [
        T("best roster moves this week, Bol Bol stays", K.cards_never_drop("Bol Bol")),
        T("what else?", K.not_greeting(), K.cards_never_drop("Bol Bol"))], "negation"),
    Conv("neg-fa-1", "points", [
        T("best free agents but not Braun", K.called("get_free_agents", exclude=excludes("Christian Braun")),
          K.listed_all("Player", lambda n: "Braun" not in n, "without Braun")),
        T("only point guards", K.listed_all("Player", lambda n: "Braun" not in n, "without Braun"))], "negation"),
    # --- affirmations while cards wait --------------------------------------------------------
    Conv("affirm-1", "points", [
        T("find the best moves for this week"),
        T("sounds good, go ahead", K.top_card_repeated(), K.no_transaction(), K.not_greeting())], "affirmation"),
    Conv("affirm-2", "categories", [
        T("find me roster moves"),
        T("yep the first one", K.top_card_repeated(), K.no_transaction(), K.not_greeting())], "affirmation"),
    Conv("affirm-3", "points", [
        T("what moves should I make?"),
        T("let's do the second one", K.nth_card_repeated(1), K.no_transaction(), K.not_greeting())],
      "affirmation"),
    Conv("affirm-4", "points", [
        T("put Ivey on IR and grab someone"),
        T("yes please", K.top_card_repeated(), K.no_transaction(), K.not_greeting())], "affirmation"),
    Conv("affirm-5", "categories", [
        T("who should I pick up?"),
        T("nice. anyone else?", K.not_greeting(), K.called("get_free_agents"))], "affirmation"),
    Conv("affirm-6", "points", [
        T("who are the best pickups?"),
        T("cool, who else", K.not_greeting(), K.called("get_free_agents"))], "affirmation"),
    Conv("affirm-7", "categories", [
        T("optimize my team for this week"),
        T("go for it", K.top_card_repeated(), K.no_transaction()),
        T("thanks", K.no_transaction())], "affirmation"),
    # --- why X not Y ---------------------------------------------------------------------------
    Conv("why-1", "points", [
        T("find the best moves this week"),
        T("why Ivey and not Collins?", K.compares(IVEY, COLLINS), K.not_says(r"^Here is why, from my last answer"))],
      "why-x-not-y"),
    Conv("why-2", "categories", [
        T("find me the best moves"),
        T("how come Bol Bol over Bogdanovic?", K.compares("Bol Bol", BOGDAN),
          K.not_says(r"^Here is why, from my last answer"))], "why-x-not-y"),
    Conv("why-3", "points", [
        T("who are the best free agents?"),
        T("why Braun rather than Pritchard", K.compares("Christian Braun", "Payton Pritchard"),
          K.not_says(r"^Here is why, from my last answer"))], "why-x-not-y"),
    # --- X vs Y -------------------------------------------------------------------------------
    Conv("vs-1", "points", [
        T("Braun vs Pritchard", K.called("compare_players"), K.not_called("evaluate_move"),
          K.compares("Christian Braun", "Payton Pritchard")),
        T("over the rest of the season?", K.not_greeting())], "x-vs-y"),
    Conv("vs-2", "categories", [
        T("Tyus Jones versus Ty Jerome", K.any_called("compare_players", "get_player_game_log"),
          K.not_called("evaluate_move")),
        T("who's better for assists?", K.not_greeting())], "x-vs-y"),
    Conv("vs-3", "points", [
        T("Beal vs Conley the rest of the week", K.called("compare_players"), K.not_called("evaluate_move")),
        T("and for Friday only", K.called("compare_players", start="2025-01-31"))], "x-vs-y"),
    # --- a new request after a cue word --------------------------------------------------------
    Conv("new-req-1", "categories", [
        T("who should I pick up?"),
        T("ok now show me my matchup", K.called("get_matchup_details"), K.not_called("get_free_agents"))],
      "new-request"),
    Conv("new-req-2", "points", [
        T("best free agents at center"),
        T("and now set my lineup for tomorrow", K.called("compose_daily_lineup", date="2025-01-30"),
          K.not_called("get_free_agents"))], "new-request"),
    Conv("new-req-3", "points", [
        T("Beal's last 5 games"),
        T("so what trades could I make for assists?", K.called("find_trades", targets=["AST"]))], "new-request"),
    Conv("new-req-4", "categories", [
        T("compare Mobley and Claxton"),
        T("ok now which categories am I losing?", K.called("get_matchup_details"),
          K.not_called("compare_players"))], "new-request"),
    # --- out of scope ----------------------------------------------------------------------------
    Conv("scope-1", "points", [
        T("what are my chances of making the playoffs?", K.says(r"(standings|playoff odds)[^.]*not"),
          _strength_rank, K.not_says("I didn't follow")),
        T("ok how's my matchup then", K.called("get_matchup_details"))], "out-of-scope"),
    Conv("scope-2", "categories", [
        T("where am I in the standings?", K.says(r"standings[^.]*not"), _strength_rank),
        T("thanks", K.not_called("get_matchup_details"))], "out-of-scope"),
    Conv("scope-3", "points", [
        T("any trade deadline rumors?", K.says(r"(deadline|rumou?rs?|news)[^.]*not"), K.not_called("find_trades")),
        T("fine, find me a trade then", K.called("find_trades"))], "out-of-scope"),
    Conv("scope-4", "categories", [
        T("is my team any good?", _strength_rank, K.not_says("Streaming means")),
        T("what should I fix first?", K.not_greeting())], "out-of-scope"),
    # --- punts in every verdict ------------------------------------------------------------------
    Conv("punt-need-1", "categories", [
        T("punting FT%, I'm losing assists this week", K.no_punted_in_play("FT%"),
          K.not_says(r"chases? FT%")),
        T("who can help?", K.called("get_free_agents", punt=["FT%"]), K.no_punted_in_play("FT%"))], "punt-verdict"),
    Conv("punt-need-2", "categories", [
        T("I'm punting turnovers"),
        T("which categories are close this week?", K.called("get_matchup_details"), K.no_punted_in_play("TO"))],
      "punt-verdict"),
    Conv("punt-card-1", "categories", [
        T("ignore FG% from now on"),
        T("find me the best moves", K.called("optimize_matchup", punt=["FG%"]), K.no_punted_in_play("FG%"))],
      "punt-verdict"),
    Conv("punt-hold-1", "categories", [
        T("I'm punting FT%"),
        T("should I hold Bogdanovic or stream?", K.called("evaluate_hold", punt=["FT%"]), _hold_agrees)],
      "punt-verdict"),
    # --- holds -----------------------------------------------------------------------------------
    Conv("hold-1", "points", [
        T("hold Bogdanovic or stream his spot?", _hold_agrees),
        T("and Bol Bol?", K.called("evaluate_hold"), _hold_agrees)], "hold"),
    Conv("hold-2", "categories", [
        T("keep Bol Bol or stream someone?", _hold_agrees),
        T("ok thanks", K.no_transaction())], "hold"),
    # --- this week ---------------------------------------------------------------------------------
    Conv("week-1", "points", [
        T("I only care about this week, best moves?", K.called("optimize_matchup", mode="this_week"),
          _this_week_ranked),
        T("why that one first?", K.not_greeting())], "this-week"),
    Conv("week-2", "categories", [
        T("just need to win this week, what moves?", K.called("optimize_matchup", mode="this_week"),
          _this_week_ranked),
        T("thanks", K.no_transaction())], "this-week"),
    # --- lineups: one model, reasons in the league's units -----------------------------------------
    Conv("lineup-1", "categories", [
        T("set my lineup for the rest of the week"),
        T("why is Conley benched?", _categories_units, K.not_says(r"^Here is why, from my last answer"))],
      "lineup-reason"),
    Conv("lineup-2", "points", [
        T("who should I start tomorrow?", K.called("compose_daily_lineup", date="2025-01-30")),
        T("why isn't Bol Bol starting?", K.says(r"Bol Bol"), K.not_says(r"^Here is why, from my last answer"))],
      "lineup-reason"),
    # --- IR slots ------------------------------------------------------------------------------------
    Conv("ir-full-1", "points", [
        T("move Ivey to IR and add someone"), D("approve", 0),
        T("can I also stash Collins on IR?", K.says(r"IR[^.]*(full|taken|holds|occupied)"),
          K.not_says(r"Move John Collins to IR"), K.decided_not_pending())], "ir-slots"),
    Conv("ir-full-2", "categories", [
        T("put Jaden Ivey on IR"), D("approve", 0),
        T("IR Collins too", K.says(r"IR[^.]*(full|taken|holds|occupied)"), K.decided_not_pending())],
      "ir-slots"),
    # --- decided cards never pending again -----------------------------------------------------------
    Conv("decided-1", "points", [
        T("find me the best moves"), D("approve", 0),
        T("who should I pick up now?", K.decided_not_pending()),
        T("and any trades for assists?", K.decided_not_pending())], "decided"),
    Conv("decided-2", "categories", [
        T("what roster moves do you suggest?"), D("decline", 0),
        T("anything else?", K.decided_not_pending(), K.not_greeting())], "decided"),
    Conv("decided-3", "points", [
        T("IR Ivey and pick someone up"), D("approve", 0),
        T("now find the best moves this week", K.decided_not_pending())], "decided"),
]
