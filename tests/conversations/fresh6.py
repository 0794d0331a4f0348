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
never pending again. Facts (games, days, averages) are computed here from the box-score CSV.
`runner.run(FRESH6)` scores it.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, WEEK_END
from tests.conversations.fresh2 import JACKSON
from tests.conversations.fresh3 import _first_card_again
from tests.conversations.runner import first_run_of
from tests.conversations.suite import (BALL, COLLINS, CONLEY, IVEY, LEBRON, MOBLEY, SGA, Conv, D, T,
                                       _hold_agrees, _prev_fas_on, _strength_rank)

THURSDAY, FRIDAY, SATURDAY, SUNDAY = (dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1),
                                      dt.date(2025, 2, 2))
TRAE = "Trae Young"
ALIASES = {SGA: ("gilgeous", "sga", "shai"), LEBRON: ("lebron", "bron", "james"), BALL: ("lamelo", "melo"),
           JACKSON: ("jackson", "jjj"), MOBLEY: ("mobley",), COLLINS: ("collins",),
           IVEY: ("ivey",), CONLEY: ("conley",), TRAE: ("trae", "young")}


def _is(name: str, written: str) -> bool:
    """A tool argument names this player: his full name, his surname, or a nickname the user wrote
    ('Bron', 'Melo', 'JJJ', 'SGA'); 'Ball' alone is LaMelo only when written so ('ball' also fits Lonzo,
    so a bare 'ball' is accepted: the roster has LaMelo)."""
    w = K.fold(written)
    return w == K.fold(name) or any(a in w for a in ALIASES.get(name, ())) or (name == BALL and "ball" in w)


def has(*names: str):
    """An argument list names every one of `names` (see `_is`)."""
    return lambda v: bool(v) and all(any(_is(n, str(x)) for x in v) for n in names)


def _named_arg(name: str):
    """The tool's `name` argument is this player (see `_is`)."""
    return lambda a: _is(name, a.get("name") or "")


def _days(*days: dt.date):
    """A `play_on` argument holds each of `days` (as dates or YYYY-MM-DD strings)."""
    return lambda v: bool(v) and all(d.isoformat() in [str(x)[:10] for x in v] for d in days)


def _player_cells(answer: str) -> list[str]:
    """The names under the answer's first Player column, a status suffix ('(OUT)') cut off."""
    return [re.sub(r"\s*\([^)]*\)$", "", n) for n in K.table_column(answer, "Player") if n and n != "-"]


def _all_play(day: dt.date):
    """Every player in the answer's Player table has a game on `day` (the box scores' schedule), and
    there is such a table."""
    def check(r, c):
        names = _player_cells(r.get("answer") or "")
        if not names:
            return "no player table"
        bad = [n for n in names if not K.plays_on(n, day)]
        return f"no game on {day}: {bad[:4]}" if bad else None
    return check


def _has_cards(n: int | None = None):
    """The turn leaves add/drop cards waiting (exactly `n` of them when given)."""
    def check(r, c):
        got = len(r.get("pending_approvals", []))
        if not got:
            return "no card waiting"
        return None if n is None or got == n else f"{got} cards waiting, wanted {n}"
    return check


def _games_left(name: str):
    """The answer gives his games left this week: from the as-of day (Wednesday, its games not yet
    played) to Sunday, counted with or without today (both are right phrasings when he plays today)."""
    def check(r, c):
        full = K.games_between(name, AS_OF, WEEK_END)
        after = K.games_between(name, AS_OF + dt.timedelta(days=1), WEEK_END)
        a = r.get("answer") or ""
        ok = any(re.search(rf"\b{n} (more |remaining |left )?games?\b", a, re.I) for n in {full, after})
        return None if ok else f"{name}'s {full} games left this week not said"
    return check


_NO = r"(no game|not play\w*|doesn'?t play|does not play|isn'?t playing|is not playing|\boff\b|\bidle\b|\bno\b)"


def _plays_day_verdict(name: str, day: dt.date, label: str):
    """A yes/no on his game on `day` that agrees with the schedule: when he plays, the answer names the
    day and no sentence naming it says he has no game; when he does not, a sentence naming the day says
    so."""
    def check(r, c):
        a = r.get("answer") or ""
        day_words = rf"({label}|{label[:3]}\b|{day.strftime('%b')} {day.day}\b|{day.isoformat()}|{day.month}/{day.day})"
        sents = [s for s in re.split(r"(?<=[.!?])\s+|\n", a) if re.search(day_words, s, re.I)]
        if not sents:
            return f"{label} not answered"
        neg = [s for s in sents if re.search(_NO, s, re.I)]
        if K.plays_on(name, day):
            return f"says no game {label} though he plays: {neg[0][:100]!r}" if neg else None
        return None if neg else f"does not say he has no game {label}: {sents[0][:100]!r}"
    return check


def _top_card(c) -> dict | None:
    """The first waiting card of the latest earlier turn that had cards."""
    prev = next((x for x in reversed(c.results[:-1]) if x.get("pending_approvals")), None)
    return prev["pending_approvals"][0] if prev else None


def _quoted_gain_answered(r, c):
    """'you said +63, why is it different': the answer restates the top card's own figure (its
    expected_gain, to the card's decimals, to one, or rounded) and names its add; a made-up quote is
    corrected, not adopted."""
    top = _top_card(c)
    if top is None:
        return "no earlier card"
    a = r.get("answer") or ""
    g = float(top["expected_gain"])
    forms = {f"{abs(g):.2f}", f"{abs(g):.1f}", f"{abs(round(g)):d}", str(abs(g))}
    if not any(re.search(rf"(?<![\d.]){re.escape(f)}(?![\d])", a) for f in forms):
        return f"the card's own figure {g} is not restated"
    if not K._names_in(a, top["add"]):
        return f"the card's add {top['add']} is not named"
    return None


def _compares_top_drop(other: str):
    """'why not drop X instead': the answer names the top card's drop and X, with a figure for each
    (two or more numbers with a decimal)."""
    def check(r, c):
        top = _top_card(c)
        if top is None:
            return "no earlier card"
        return K.compares(top["drop"], other)(r, c)
    return check


def _decided_card(c) -> dict | None:
    """The card this conversation decided (the last decided one), as it was offered."""
    for res in reversed(c.results):
        for x in res.get("pending_approvals", []):
            if c.decided and x["move_id"] == c.decided[-1]:
                return x
    return None


def _approved_named(r, c):
    """'what did I approve': the answer names the approved card's add and its drop."""
    card = _decided_card(c)
    if card is None:
        return "no decided card in the thread"
    a = r.get("answer") or ""
    missing = [n for n in (card["add"], card["drop"]) if not K._names_in(a, n)]
    return f"approved move's {missing} not named" if missing else None


def _added_not_listed(r, c):
    """After approving a card, its added player is mine: no free-agent table lists him."""
    card = _decided_card(c)
    if card is None:
        return "no decided card in the thread"
    names = _player_cells(r.get("answer") or "")
    return f"{card['add']} (just added) listed again" if any(K.fold(n) == K.fold(card["add"]) for n in names) else None


def _roster_all_named(r, c):
    """The roster view names every player on my roster (the league's own roster)."""
    a = r.get("answer") or ""
    mine = [e.player.name for e in c.source.roster().entries]
    missing = [n for n in mine if K.fold(n) not in K.fold(a)]
    return f"roster players missing: {missing[:4]}" if missing else None


def _lead_last_n(stat: str, n: int):
    """'his last 5' after a list: 'he' is the list's first Player row; the game log ran on him with
    last_n = n, and the answer shows his last-n average of `stat` (CSV column) to 1 or 2 decimals."""
    def check(r, c):
        names = _player_cells(c.results[-2].get("answer") or "")
        if not names:
            return "no earlier list"
        lead = names[0]
        logs = K.calls(r, "get_player_game_log")
        if not any(K.fold(a.get("name") or "") in (K.fold(lead), K.fold(lead.split()[-1]))
                   for a in logs if a.get("last_n") == n):
            return f"no game log of {lead} over {n} games: {logs}"
        want = K.last_n_avg(lead, stat, n)
        return None if re.search(rf"\b({want:.1f}|{want:.2f})\b", r.get("answer") or "") else \
            f"{lead}'s last-{n} {stat} average {want:.2f} not shown"
    return check


def _blocks_winner(a_name: str, b_name: str):
    """'blocks?' after comparing two: the one with more blocks per game (season and last 10 both, from
    the CSV: the check refuses to judge when the two measures disagree) is said to be better on blocks
    in the lead paragraph, and the other is not."""
    def check(r, c):
        sa, sb = K.last_n_avg(a_name, "blk", 82), K.last_n_avg(b_name, "blk", 82)
        ta, tb = K.last_n_avg(a_name, "blk", 10), K.last_n_avg(b_name, "blk", 10)
        if (sa > sb) != (ta > tb):
            return "check undecidable: season and last-10 disagree"
        win, lose = (a_name, b_name) if sa > sb else (b_name, a_name)
        lead = (r.get("answer") or "").split("\n\n")[0]
        if not re.search(r"block|\bBLK\b", lead, re.I):
            return "the lead does not speak of blocks"
        w, l_ = win.split()[-2 if win.endswith("Jr.") else -1], lose.split()[-1]
        better = r"(better|more|edge|leads?|ahead|wins?|beats?|top)"
        if re.search(rf"{l_}[^.]*\b{better}\b", lead, re.I) and not re.search(rf"{w}[^.]*\b{better}\b", lead, re.I):
            return f"says {lose} is better on blocks"
        return None if re.search(rf"{w}[^.]*\b{better}\b|\b{better}\b[^.]*{w}", lead, re.I) else \
            f"does not say {win} is better on blocks: {lead[:120]!r}"
    return check


def _ir_card(name: str):
    """The first waiting card moves `name` to IR (kind 'ir', or a title saying IR with his name)."""
    def check(r, c):
        cards = r.get("pending_approvals", [])
        if not cards:
            return "no card waiting"
        top = cards[0]
        ir = top.get("kind") == "ir" or re.search(r"\bIR\b", top.get("title", ""))
        return None if ir and K._names_in(top.get("drop", "") + " " + top.get("title", ""), name) else \
            f"the first card is not {name} to IR: {top.get('title', '')[:60]!r}"
    return check


def _on_ir_named(name: str):
    """'who's on my IR now' after approving his IR card: the answer names him beside IR."""
    def check(r, c):
        a = r.get("answer") or ""
        return None if K._names_in(a, name) and re.search(r"\bIR\b|injured reserve", a, re.I) else \
            f"{name} not named on IR: {a[:120]!r}"
    return check


def _fa_pick(horizon: str, limit: int):
    """A free-agent list for `horizon` with `limit` rows reached a tool: get_free_agents (horizon,
    limit) or get_player_rankings of free agents (limit) sorted by rest-of-season value."""
    def check(r, c):
        for a in K.calls(r, "get_free_agents"):
            if a.get("horizon") == horizon and a.get("limit") == limit:
                return None
        for a in K.calls(r, "get_player_rankings"):
            if a.get("availability") == "free_agents" and a.get("limit") == limit and a.get("sort") == "ros_value":
                return None
        return f"no {horizon} free-agent list of {limit}: {[x['name'] for x in r.get('tool_calls', [])]}"
    return check


FREE_AGENT = K.listed_all("Owner", lambda o: o == "Free agent", "free agents")
KEEP_JJJ = has(JACKSON)


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
        T("am I gonna make the playoffs or what 🙄", K.says(r"(standings|playoff|odds)[^.]*\bnot\b|\bnot\b[^.]*(standings|playoff)"),
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
          K.any_called("get_free_agents", "get_player_rankings"), K.table_len("Player", 5),
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
