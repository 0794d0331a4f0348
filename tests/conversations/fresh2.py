"""A third conversation set (issue #36, session 14), written before that session's fixes and run
once, never tuned to: 20 whole conversations in phrasings unlike the suite's and fresh.py's
(shorthand, typos, negations, affirmations, horizons, follow-ups, IR, trades with shapes,
ambiguous surnames, who sits in a lineup and why). `runner.run(FRESH2)` scores it; its figure is
`conversations_fresh2` in `bench/nlu.py --json`.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.runner import first_run_of
from tests.conversations.checks import AS_OF
from tests.conversations.suite import (BALL, BARNES, BEAL, BOGDAN, COLLINS, CONLEY, MOBLEY, SGA, Conv, D, T,
                                       _categories_units, _last_n_figure, _prev_fas_on,
                                       _strength_rank, excludes)

JACKSON, JONES_ALL = "Jaren Jackson Jr.", ("Spencer Jones", "Tre Jones", "Isaac Jones", "Kai Jones", "Tyus Jones",
                                           "Colby Jones", "Herbert Jones", "Derrick Jones Jr.", "Dillon Jones",
                                           "Mason Jones")
WILLIAMS_ALL = ("Cody Williams", "Brandon Williams", "Alondes Williams", "Kenrich Williams", "Grant Williams",
                "Nate Williams", "Mark Williams", "Robert Williams", "Vince Williams Jr.", "Patrick Williams",
                "Jaylin Williams", "Jalen Williams", "Ziaire Williams")


def _names_args(r) -> list[str]:
    """Every player name that reached a tool (name, names, player, give, get)."""
    out = []
    for c in r.get("tool_calls", []):
        a = c.get("args") or {}
        for k in ("name", "player", "add", "drop"):
            if isinstance(a.get(k), str):
                out.append(a[k])
        for k in ("names", "give", "get"):
            if isinstance(a.get(k), list):
                out += [str(x) for x in a[k]]
    return out


def _named(full: str):
    """A tool's `name` argument is this player."""
    return lambda a: K.fold(a.get("name") or "") == K.fold(full)


def _took(full: str):
    """The tools ran on `full` (the one context picks), and the answer names him."""
    def check(r, c):
        names = [K.fold(n) for n in _names_args(r)]
        if not any(K.fold(full) == n for n in names):
            return f"{full} did not reach a tool (names: {_names_args(r)[:6]})"
        return None if K.fold(full) in K.fold(r.get("answer") or "") else f"the answer does not name {full}"
    return check


def _jones_from_context(r, c):
    """'Braun vs Jones' after a free-agent list: the Jones that list showed is the one compared, the
    answer says which and that there are others; with none shown, a short question (<= 5 named)."""
    prev = c.results[-2].get("answer") or ""
    shown = [n for n in JONES_ALL if K.fold(n) in K.fold(prev)]
    a = r.get("answer") or ""
    if len(shown) == 1:
        if K.fold(shown[0]) not in [K.fold(n) for n in _names_args(r)]:
            return f"{shown[0]} (the Jones just shown) not compared: {_names_args(r)[:6]}"
        return None if re.search(r"other|also|more than one|several", a, re.I) else "does not say other Joneses exist"
    listed = [n for n in JONES_ALL if K.fold(n) in K.fold(a)]
    return None if 1 <= len(listed) <= 5 else f"asks with {len(listed)} Joneses named"


def _short_question(surname_all: tuple[str, ...]):
    """Nothing in context picks one: a question naming the few most relevant (2 to 5), not all."""
    def check(r, c):
        a = r.get("answer") or ""
        listed = [n for n in surname_all if K.fold(n) in K.fold(a)]
        if not 2 <= len(listed) <= 5:
            return f"names {len(listed)} of {len(surname_all)} candidates"
        return None if "?" in a else "does not ask"
    return check


def _plan_sits_explained(r, c):
    """The weekly plan's table names each day's starters; every healthy player of mine with a game
    that day who is not among them is named in a sentence that says he sits and why (a reason
    with a number or 'OUT'), near that day."""
    a = r.get("answer") or ""
    rows = [cells for cells in K.table_rows(a) if cells and re.fullmatch(r"\d{4}-\d\d-\d\d", cells[0])]
    if not rows:
        return "no day-by-day plan"
    entries = {e.player.name: e for e in c.source.roster().entries}
    for cells in rows:
        day = dt.date.fromisoformat(cells[0])
        starters = cells[2] if len(cells) > 2 else ""
        for name, e in entries.items():
            if e.on_ir or str(e.status).upper().endswith("OUT") or not K.plays_on(name, day):
                continue
            if K.fold(name) in K.fold(starters):
                continue
            lines = [ln for ln in re.split(r"(?<=[.;])\s+|\n", a) if K.fold(name) in K.fold(ln)
                     and re.search(r"\bsits?\b|\bbench", ln, re.I)]
            if not any(re.search(r"\d", ln) for ln in lines):
                return f"{name} has a game on {day} and does not start, and the plan does not say why"
    return None


def _sit_reason(name: str, unit: str):
    """The day's lineup says why `name` sits, with a figure in the league's unit."""
    def check(r, c):
        a = r.get("answer") or ""
        for ln in re.split(r"(?<=[.;])\s+|\n", a):
            if K.fold(name) in K.fold(ln) and re.search(r"\bsits?\b|\bbench", ln, re.I) and re.search(unit, ln, re.I) \
                    and re.search(r"\d", ln):
                return None
        return f"no reason in {unit!r} for {name} sitting"
    return check


FRESH2: list[Conv] = [
    Conv("g-trade-typo", "points", [
        T("trade for stls w/o givin up shai pls", K.called("find_trades", exclude=excludes(SGA)),
          K.trades_never_give(SGA)),
        T("nah make it asts", K.called("find_trades", exclude=excludes(SGA), targets=["AST"]),
          K.trades_never_give(SGA))], "trade-exclude"),
    Conv("g-trade-consolidate", "points", [
        T("consolidate Beal+Conley into 1 guy", K.called("find_trades", give=[BEAL, CONLEY], shape="2-for-1"),
          K.trades_have_shape(2, 1)),
        T("what if its just Beal straight up", K.called("find_trades", give=[BEAL], shape="1-for-1"),
          K.trades_have_shape(1, 1))], "trade-shape"),
    Conv("g-trade-split", "categories", [
        T("can I turn Barnes into two solid players?", K.called("find_trades", give=[BARNES], shape="1-for-2"),
          K.trades_have_shape(1, 2)),
        T("ok thx", K.no_transaction(), K.not_called("find_trades"))], "trade-shape"),
    Conv("g-jones-context", "points", [
        T("best waiver guards rn"),
        T("braun vs jones", K.not_called("evaluate_move"), _jones_from_context)], "ambiguous-name"),
    Conv("g-jones-thread", "categories", [
        T("Tyus Jones or Ty Jerome for dimes?", K.any_called("compare_players", "get_player_game_log")),
        T("how's jones been doing lately", _took("Tyus Jones"), K.no_clarify())], "ambiguous-name"),
    Conv("g-jackson-roster", "categories", [
        T("how's jackson playing", _took(JACKSON), K.no_clarify()),
        T("his last 4?", K.called("get_player_game_log", _named(JACKSON), last_n=4))], "ambiguous-name"),
    Conv("g-williams-ask", "points", [
        T("is williams worth an add?", _short_question(WILLIAMS_ALL)),
        T("jalen", _took("Jalen Williams"))], "ambiguous-name"),
    Conv("g-lineup-today", "categories", [
        T("lineup today?", K.called("compose_daily_lineup", date=AS_OF.isoformat()),
          _sit_reason(BALL, r"category value|cat"), _categories_units),
        T("and tmrw", K.called("compose_daily_lineup", date="2025-01-30"))], "lineup-reason"),
    Conv("g-plan-points", "points", [
        T("optimize my wk", _plan_sits_explained),
        T("ok do it", K.top_card_repeated(), K.no_transaction())], "lineup-reason"),
    Conv("g-plan-cats", "categories", [
        T("what moves should i make this wk", _plan_sits_explained, _categories_units),
        T("nope, none of those", K.no_transaction(), K.not_greeting())], "lineup-reason"),
    Conv("g-ros-centers", "categories", [
        T("best FA ROS?", K.called("get_free_agents", horizon="rest_of_season")),
        T("only centers", K.called("get_free_agents", horizon="rest_of_season", position="C"))], "horizon"),
    Conv("g-tonight-sat", "points", [
        T("who do I start tonight", K.called("compose_daily_lineup", date=AS_OF.isoformat())),
        T("what about sat", K.called("compose_daily_lineup", date="2025-02-01"))], "horizon"),
    Conv("g-lastn-followup", "categories", [
        T("Barnes last 10", K.called("get_player_game_log", _named(BARNES), last_n=10), _last_n_figure(BARNES, 10)),
        T("and Mobley?", K.called("get_player_game_log", _named(MOBLEY), last_n=10))], "horizon"),
    Conv("g-day-filter", "points", [
        T("top 8 free agents last 2 wks", K.called("get_player_rankings", window="14", limit=8,
                                                   availability="free_agents"), K.table_len("Player", 8)),
        T("which of those play sun?", _prev_fas_on(dt.date(2025, 2, 2)))], "day-filter"),
    Conv("g-affirm-second", "points", [
        T("suggest a pickup and who to drop"),
        T("yeah lets do #2", K.nth_card_repeated(1), K.no_transaction(), K.not_greeting()),
        T("perfect", K.no_transaction())], "affirmation"),
    Conv("g-decide-next", "categories", [
        T("optimize roster pls"), D("approve", 0),
        T("what's next?", K.decided_not_pending(), K.not_greeting())], "decided"),
    Conv("g-ir-full", "points", [
        T("Ivey to IR pls"), D("approve", 0),
        T("collins to ir too?", K.says(r"IR[^.]*(full|taken|holds|occupied)"), K.decided_not_pending())],
      "ir-slots"),
    Conv("g-neg-fa", "categories", [
        T("waiver adds for blocks excluding Kornet", K.called("get_free_agents", exclude=excludes("Luke Kornet")),
          K.listed_all("Player", lambda n: "Kornet" not in n, "without Kornet")),
        T("top 3 only", K.called("get_free_agents", limit=3), K.table_len("Player", 3),
          K.listed_all("Player", lambda n: "Kornet" not in n, "without Kornet"))], "negation"),
    Conv("g-neg-moves", "points", [
        T("find moves. dont drop bogdanovic or bol bol", K.cards_never_drop(BOGDAN), K.cards_never_drop("Bol Bol")),
        T("and dont touch Collins either", K.cards_never_drop(BOGDAN), K.cards_never_drop("Bol Bol"),
          K.cards_never_drop(COLLINS))], "negation"),
    Conv("g-punt-trade", "categories", [
        T("punting FT% and TO. would Claxton for Trae Young work?",
          K.called("evaluate_trade", punt=["FT%", "TO"]), K.no_punted_in_play("FT%"), K.no_punted_in_play("TO")),
        T("find me a trade for blks instead", K.called("find_trades", punt=["FT%", "TO"], targets=["BLK"])),
        T("what are the odds I win the league?", K.says(r"(standings|playoff|odds|league)[^.]*not"),
          _strength_rank)], "punt-verdict"),
]



def first_run() -> dict | None:
    """The set's one run before the fixes (share, failed ids, the commit it ran on), as recorded."""
    return first_run_of(__file__)
