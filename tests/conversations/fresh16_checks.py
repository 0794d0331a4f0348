"""fresh16's own checks (tests/conversations/fresh16.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (a shooting percentage
from made and attempted totals, a player's summed stat such as stocks, the games left this week of every
player of mine, the day's healthy players against the starting slots, an injured player's next game) from
the box-score CSV (tests/conversations/checks.py) or the league's own facts (`c.source`: my roster, its
statuses and eligibility), never from the product's answers or services. Each is shown passing a right
hand-made result and failing a wrong one in test_fresh16_checks.py.

Where more than one tool could rightly answer, a check accepts any of them and judges the answer's content.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, WEEK_END
from tests.conversations.fresh6_checks import _top_card
from tests.conversations.fresh7_checks import is_player, said_better, surname
from tests.conversations.fresh8_checks import _decided_card, _in, player_cells
from tests.conversations.fresh10_checks import not_claimed_done
from tests.conversations.fresh13_checks import trade_verdict

STARTING_SLOTS = 10  # the demo league's starting slots: PG SG SF PF C G F and 3 UTIL (a league fact)
_NO_TRADE = r"\b(no|none|couldn'?t find|could not find|nothing)\b[^.]*\btrades?\b"
_NEG = r"(\bnot\b|n't\b|\bnever\b|\bno\b|\bcannot\b|\bnobody\b|\bno one\b)"


def _tools(r: dict) -> list:
    return [(x["name"], x.get("args")) for x in r.get("tool_calls", [])][:5]


def _sentences(text: str) -> list[str]:
    """Sentences and lines; a decimal or 'Jr.' ends none."""
    text = re.sub(r"(\d)\.(\d)", r"\1,\2", text.replace("Jr.", "Jr"))
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n", text) if s.strip()]


def _prose(text: str) -> str:
    return "\n".join(ln for ln in text.splitlines() if not ln.strip().startswith("|"))


def _rows(name: str, n: int | None = None) -> list[dict]:
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    return rows[-n:] if n else rows


def _decimals(text: str) -> list[float]:
    return [float(x) for x in re.findall(r"(?<![\d.])\d+\.\d{1,3}(?!\d)", text)]


def _shown(text: str, value: float) -> bool:
    """`value` shown to one or two decimals (either rounding of a half)."""
    for x in re.findall(r"(?<![\d.])\d+\.\d{1,2}(?!\d)", text):
        tol = 0.0051 if len(x.split(".")[1]) == 2 else 0.051
        if abs(float(x) - value) <= tol:
            return True
    return False


def _mine(c) -> list:
    return list(c.source.roster().entries)


def _status(e) -> str:
    return str(e.status).upper().split(".")[-1]


# --- predicates for tool arguments ---------------------------------------------------------------------
def means(name: str, written: str, *aliases: str) -> bool:
    """`written` (a tool argument as the user typed it, or a table cell) is this player: fresh7's is_player
    (full name, surname, a known nickname), one of `aliases` the manager used ('bogi'), or the first four or
    more letters of his surname ('clax')."""
    w = K.fold(str(written)).strip()
    return is_player(name, w) or w in {K.fold(a) for a in aliases} or \
        (len(w) >= 4 and K.fold(surname(name)).startswith(w))


def named_as(name: str, *aliases: str):
    """The call's `name` argument is this player (see `means`)."""
    return lambda a: means(name, a.get("name") or "", *aliases)


def has_cats(*cats: str):
    """A category list argument holding every one of `cats`, case aside."""
    return lambda v: isinstance(v, list) and {c.upper() for c in cats} <= {str(x).upper() for x in v}


def season_window(v) -> bool:
    """A rankings window that is the season (given, or left to its default)."""
    return v in (None, "season")


# --- what reached the tools ------------------------------------------------------------------------------
MOVE_TOOLS = ("optimize_matchup", "evaluate_move")


def move_mode(mode: str):
    """'for the rest of the week' / 'for this week': a move tool (the optimizer or evaluate_move) ran with
    this mode."""
    def check(r, c):
        if any(a.get("mode") == mode for t in MOVE_TOOLS for a in K.calls(r, t)):
            return None
        return f"no move tool ran in {mode} mode: {_tools(r)}"
    return check


def fa_beyond_this_week(r, c):
    """'thru the all-star break, not just this week' (two and a half weeks): a free-agent list over a longer
    horizon reached a tool: get_free_agents(horizon next_week or rest_of_season), or get_player_rankings of
    free agents by rest-of-season value."""
    if any(a.get("horizon") in ("next_week", "rest_of_season") for a in K.calls(r, "get_free_agents")):
        return None
    if any(a.get("availability") == "free_agents" and a.get("sort") == "ros_value"
           for a in K.calls(r, "get_player_rankings")):
        return None
    return f"no free-agent list beyond this week: {_tools(r)}"


def keeps_bigs_args(*bigs: str):
    """'keep my bigs, I need X Y and Z' reached the trade search: keep_positions holds C, or exclude names
    every one of `bigs`."""
    def check(r, c):
        for a in K.calls(r, "find_trades"):
            if "C" in {str(x).upper() for x in (a.get("keep_positions") or [])}:
                return None
            ex = a.get("exclude") or []
            if all(any(means(b, str(x)) for x in ex) for b in bigs):
                return None
        return f"the bigs were not kept in the trade search: {_tools(r)}"
    return check


def ast_reached(r, c):
    """'dimes' in a move request: the optimizer chased assists (target_categories holds AST or leaders_in is
    AST), or a free-agent list ranked by assists."""
    for a in K.calls(r, "optimize_matchup"):
        if has_cats("AST")(a.get("target_categories")) or str(a.get("leaders_in") or "").upper() == "AST":
            return None
    for a in K.calls(r, "get_free_agents"):
        if has_cats("AST")(a.get("target_categories")):
            return None
    for a in K.calls(r, "get_player_rankings"):
        if str(a.get("sort") or "").upper() == "AST":
            return None
    return f"assists reached no tool: {_tools(r)}"


# --- finding a player by team and role ---------------------------------------------------------------------
def resolved_with_figure(name: str):
    """'the grizzlies' rookie big': the answer names the player meant (surname) in a sentence or a table row
    that carries a figure with decimals (what he gives), not another player or a question back."""
    def check(r, c):
        a = r.get("answer") or ""
        if not _in(a, name):
            return f"does not name {name}"
        lines = _sentences(a) + [" | ".join(row) for row in K.table_rows(a)]
        if any(_in(s, name) and re.search(r"\d+[.,]\d", s) for s in lines):
            return None
        return f"{name} named without a figure"
    return check


# --- cards -----------------------------------------------------------------------------------------------
def top_card_defended(r, c):
    """Sarcasm at a waiting card ('genius move 🙄'): nothing executes, no move is claimed done, and the answer
    stands behind or reconsiders the card with its numbers: the top card's add and drop named, with a
    figure (a number with decimals)."""
    top = _top_card(c)
    if top is None:
        return "no earlier card"
    if r.get("transactions"):
        return f"text executed a move: {r['transactions']}"
    bad = not_claimed_done(r, c)
    if bad:
        return bad
    a = r.get("answer") or ""
    missing = [n for n in (top["add"], top["drop"]) if not _in(a, n)]
    if missing:
        return f"the card's {missing} not named"
    return None if re.search(r"\d+\.\d", a) else "no figure behind the card"


def swaps_never_drop(name: str):
    """'a move that doesn't drop him': no waiting swap card drops him (an IR card keeps him mine)."""
    def check(r, c):
        bad = [x["title"] for x in r.get("pending_approvals") or []
               if x.get("kind") != "ir" and is_player(name, str(x.get("drop") or ""))]
        return f"a card drops {name}: {bad[:2]}" if bad else None
    return check


def card_for(name: str):
    """'Ivey's been out forever, options?': a waiting card moves him (drops him or puts him on IR)."""
    def check(r, c):
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        return None if any(is_player(name, str(x.get("drop") or "")) for x in cards) else \
            f"no card moves {name}: {[x.get('title', '')[:50] for x in cards[:3]]}"
    return check


def cards_spare_healthy(r, c):
    """'don't drop anybody healthy': cards wait and every swap card drops a player of mine the league does not
    list ACTIVE (OUT or day-to-day); an IR card drops nobody."""
    cards = r.get("pending_approvals") or []
    if not cards:
        return "no card"
    active = {K.fold(e.player.name) for e in _mine(c) if _status(e) == "ACTIVE"}
    bad = [x["title"] for x in cards if x.get("kind") != "ir" and K.fold(str(x.get("drop") or "")) in active]
    return f"cards drop a healthy player: {bad[:2]}" if bad else None


def _table_of_turn(c, k: int) -> list[str]:
    if k >= len(c.results):
        return []
    return player_cells(c.results[k].get("answer") or "")


def card_adds_row_of_turn(k: int, i: int):
    """'the second one' about the list of turn k (0-based, cards and decisions counted as turns of the
    results): the first waiting card adds row i of that turn's Player table."""
    def check(r, c):
        names = _table_of_turn(c, k)
        if len(names) <= i:
            return f"turn {k + 1} has no Player row {i + 1}"
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        return None if is_player(names[i], str(cards[0].get("add") or "")) else \
            f"the top card adds {cards[0].get('add')!r}, not {names[i]} (row {i + 1} of turn {k + 1})"
    return check


# --- IR timing (issue #40) ------------------------------------------------------------------------------
_BACK = (r"\bback\b|\breturn\w*|\bsoon\b|day[- ]to[- ]day|\bDTD\b|\bexpected\b|\bchance\b|\d+\s?%|\blikely\b|"
         r"\bprobabl\w*|\btomorrow\b|\bthursday\b|\bsaturday\b|\bnext game\b|\bshort[- ]term\b|\bquestionable\b")


def ir_timing(name: str):
    """'should I IR him or is he back soon': the answer speaks to his return (a sentence naming him, or 'he',
    with a return word: back, return, soon, day-to-day, a chance, a percent, a day); if the top card puts him on IR,
    a sentence naming him carries a percent (his chance to play); and nothing says he is out for the season
    without a number."""
    def check(r, c):
        a = r.get("answer") or ""
        sents = [s for s in _sentences(a) if _in(s, name) or re.search(r"\b(he|his|he's|him)\b", s, re.I)]
        if not any(re.search(_BACK, s, re.I) for s in sents):
            return f"nothing said of when {name} is back: {a[:120]!r}"
        for s in _sentences(a):
            if re.search(r"\b(not expected back|out for the (rest of the )?season|season[- ]ending|done for the year)",
                         s, re.I) and not re.search(r"\d+\s?%", s):
                return f"says he is out for the season without a number: {s[:100]!r}"
        cards = r.get("pending_approvals") or []
        if cards and cards[0].get("kind") == "ir" and is_player(name, str(cards[0].get("drop") or "")):
            pct = [s for s in _sentences(a + "\n" + str(cards[0].get("title") or "")) if re.search(r"\d+(,\d+)?\s?%", s)
                   and (_in(s, name) or re.search(r"\bhe\b|\bhis\b|\bplay", s, re.I))]
            if not pct:
                return f"the top card puts {name} on IR with no chance of his return given"
        return None
    return check


# --- trades ------------------------------------------------------------------------------------------------
def _prev_trade_row(c, i: int) -> tuple[list[str], list[str]] | None:
    """Row i of the latest earlier trade table: (players I give, players I get)."""
    for x in reversed(c.results[:-1]):
        a = x.get("answer") or ""
        gives, gets = K.table_column(a, "You give"), K.table_column(a, "You get")
        if gives:
            if len(gives) <= i or len(gets) <= i:
                return None
            def split(cell):
                return [re.sub(r"\s*\([^)]*\)$", "", p).strip() for p in cell.split(" + ") if p.strip()]
            return split(gives[i]), split(gets[i])
    return None


def trade_args_prev_row(i: int, punt: tuple[str, ...] | None = None):
    """'the first one, yay or nay': a trade verdict on that very trade reached a tool: a call whose give
    names every player of row i's 'You give' and whose get names every one of its 'You get' (with the
    punts when given)."""
    def check(r, c):
        row = _prev_trade_row(c, i)
        if row is None:
            return f"no earlier trade table with a row {i + 1}"
        give, get = row
        for x in r.get("tool_calls", []):
            a = x.get("args") or {}
            g, h = a.get("give") or [], a.get("get") or []
            if not (isinstance(g, list) and isinstance(h, list)):
                continue
            if all(any(is_player(n, str(v)) for v in g) for n in give) and \
                    all(any(is_player(n, str(v)) for v in h) for n in get) and \
                    (punt is None or set(punt) <= {str(v).upper() for v in (a.get("punt") or [])}):
                return None
        return f"no verdict call on {give} for {get}{f' punting {punt}' if punt else ''}: {_tools(r)}"
    return check


def prev_row_verdict(i: int):
    """The verdict on row i of the earlier trade table, in words: every player of the row named, a yes/no
    word, a figure, and no sentence adding both sides' gains (fresh13's trade_verdict)."""
    def check(r, c):
        row = _prev_trade_row(c, i)
        if row is None:
            return f"no earlier trade table with a row {i + 1}"
        return trade_verdict(*row[0], *row[1])(r, c)
    return check


def _give_cells(a: str) -> list[list[str]]:
    return [[re.sub(r"\s*\([^)]*\)$", "", p).strip() for p in g.split(" + ")] for g in K.table_column(a, "You give")]


def trades_give_any(*names: str):
    """'move bol bol and bogdanovic for anyone who helps': every trade row sends at least one of `names` and
    nobody else of mine; no table is right only when the answer says none was found."""
    def check(r, c):
        a = r.get("answer") or ""
        rows = _give_cells(a)
        if not rows:
            return None if re.search(_NO_TRADE, a, re.I) else "no trade table and no word that none was found"
        bad = [" + ".join(g) for g in rows
               if not any(is_player(n, p) for n in names for p in g)
               or any(not any(is_player(n, p) for n in names) for p in g)]
        return f"trades that send others than {names}: {bad[:3]}" if bad else None
    return check


def trades_give_only(name: str):
    """'who's gettable for X alone': every trade row sends him and nobody else; no table is right only when
    the answer says none was found."""
    def check(r, c):
        a = r.get("answer") or ""
        rows = _give_cells(a)
        if not rows:
            return None if re.search(_NO_TRADE, a, re.I) else "no trade table and no word that none was found"
        bad = [" + ".join(g) for g in rows if len(g) != 1 or not is_player(name, g[0])]
        return f"trades that do not send {name} alone: {bad[:3]}" if bad else None
    return check


# --- who is better -------------------------------------------------------------------------------------------
def pct(name: str, made: str, att: str, n: int | None = None) -> float:
    """A shooting percentage from the window's made and attempted totals (how a categories league counts it)."""
    rows = _rows(name, n)
    tries = sum(float(x[att]) for x in rows)
    return sum(float(x[made]) for x in rows) / tries if tries else 0.0


def pct_leader(a_name: str, b_name: str, made: str, att: str, topic: str):
    """'fg pct: X or Y': the one with the higher percentage over the season and over his last 10 (both, from
    the CSV's totals; the check refuses to judge when they disagree) is the one the lead says is ahead on the
    topic (fresh7's said_better)."""
    def check(r, c):
        sa, sb = pct(a_name, made, att), pct(b_name, made, att)
        ta, tb = pct(a_name, made, att, 10), pct(b_name, made, att, 10)
        if (sa > sb) != (ta > tb) or sa == sb:
            return "check undecidable: season and last-10 disagree"
        win, lose = (a_name, b_name) if sa > sb else (b_name, a_name)
        return said_better(win, lose, topic)(r, c)
    return check


# --- figures --------------------------------------------------------------------------------------------------
def _sum_per_game(name: str, stats: tuple[str, ...], n: int | None = None) -> float:
    rows = _rows(name, n)
    return sum(float(x[s]) for x in rows for s in stats) / max(1, len(rows))


def added_sum_figure(stats: tuple[str, ...]):
    """'how many stocks a game does he put up' after approving a card: the added player is named and his
    summed per-game figure (e.g. steals + blocks) over the season or his last 5 or 10 is shown, or each part
    of it over one same window (both answer the question)."""
    def check(r, c):
        card = _decided_card(c)
        if card is None:
            return "no decided card"
        who, a = card["add"], r.get("answer") or ""
        if not _in(a, who):
            return f"does not name {who}"
        for n in (None, 5, 10):
            if _shown(a, _sum_per_game(who, stats, n)):
                return None
            if all(_shown(a, _sum_per_game(who, (s,), n)) for s in stats):
                return None
        return f"{who}'s {'+'.join(stats)} per game ({_sum_per_game(who, stats):.2f} season) not shown"
    return check


def swap_judged(drop: str, add: str, *drop_aliases: str):
    """'would he be an upgrade on clax': a verdict on that very swap reached a tool (evaluate_move or
    validate_slot_fit with this drop and this add, the drop as the user typed it accepted: 'clax'), not in
    this-week mode (the ask is the rest of the season); nothing executes."""
    def check(r, c):
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        got = [a for t in ("evaluate_move", "validate_slot_fit") for a in K.calls(r, t)
               if means(drop, a.get("drop") or "", *drop_aliases) and means(add, a.get("add") or "")]
        if not got:
            return f"no verdict on drop {drop}, add {add}: {_tools(r)}"
        return None if any(a.get("mode") != "this_week" for a in got) else "judged on this week only"
    return check


def add_verdict(name: str):
    """'is he worth adding ... the rest of the season': a verdict on adding him reached a tool (a call whose
    `add` names him, or a waiting card adding him), not in this-week mode; he is named with a figure; nothing
    executes."""
    def check(r, c):
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        adds = [a for t in ("evaluate_move", "validate_slot_fit") for a in K.calls(r, t)
                if means(name, a.get("add") or "")]
        cards = [x for x in r.get("pending_approvals") or [] if means(name, x.get("add") or "")]
        if not adds and not cards:
            return f"no verdict on adding {name}: {_tools(r)}"
        if adds and all(a.get("mode") == "this_week" for a in adds) and not cards:
            return "judged on this week only; the ask was the rest of the season"
        return resolved_with_figure(name)(r, c)
    return check


# --- days and games ----------------------------------------------------------------------------------------------
_NO_GAME = (r"\bno (\w+ )?games?\b|\bnot scheduled\b|\bnot on the schedule\b|\boff\b|\bidle\b|\bnope\b|^\W*no\b|"
            r"\b(doesn'?t|does not|don'?t|do not|won'?t|will not)\s+(have a game|play)\b|"
            r"\bnot playing\b|\bisn'?t playing\b")
_YES_GAME = (r"\byes\b|\byep\b|\byeah\b|\bplays\b|\bis playing\b|\bhas a game\b|\bscheduled\b|\bon the schedule\b|"
             r"\bgame\b")


def plays_on_verdict(name: str, day: dt.date, label: str):
    """'is he even playing that day': a yes/no on his game that agrees with the schedule, however far the words
    sit from the day's name. The sentences that name the day (its name, 'Sat', 'Feb 1', '2/1', the ISO date)
    and him (surname, 'he', 'his', or a leading yes/no) answer; when none names the day, the lead answers (the
    day was the thread's: 'that day'). With a game: none of them says he has none ('no game', "doesn't play",
    'off', 'idle', a leading 'no'; 'may not play' is a doubt, not a no) and one says yes; without: one says he
    has none."""
    day_words = (rf"({label}|{label[:3]}\b|{day.strftime('%b')} {day.day}\b|{day.isoformat()}|"
                 rf"\b{day.month}/{day.day}\b)")
    him = rf"\bhe\b|\bhis\b|\bhim\b|^\W*(yes|no|yep|nope|yeah)\b"

    def check(r, c):
        a = _prose(r.get("answer") or "")
        sents = [x for x in _sentences(a) if re.search(day_words, x, re.I)]
        if not sents:
            sents = _sentences(a.strip().split("\n\n")[0])
        own = [x for x in sents if _in(x, name) or re.search(him, x, re.I)] or sents
        if not own:
            return f"{label} not answered"
        no = [x for x in own if re.search(_NO_GAME, x, re.I)]
        if K.plays_on(name, day):
            if no:
                return f"says {name} has no game on {label}, he has one: {no[0][:100]!r}"
            return None if any(re.search(_YES_GAME, x, re.I) for x in own) else \
                f"does not say {name} plays on {label}: {own[0][:100]!r}"
        return None if no else f"does not say {name} has no game on {label}: {own[0][:100]!r}"
    return check


def prev_first_plays_on(day: dt.date, label: str):
    """'does the first guy play monday the 3rd' after a list: he is the previous list's first row, named, and
    the yes/no agrees with the schedule (`plays_on_verdict`)."""
    def check(r, c):
        from tests.conversations.fresh9_checks import _prev_list

        names = _prev_list(c)
        if not names:
            return "no earlier list"
        if not _in(r.get("answer") or "", names[0]):
            return f"does not name {names[0]} (the list's first row)"
        return plays_on_verdict(names[0], day, label)(r, c)
    return check


def _games_left(name: str) -> tuple[int, int]:
    return K.games_between(name, AS_OF, WEEK_END), K.games_between(name, AS_OF + dt.timedelta(days=1), WEEK_END)


def fewest_left_named(r, c):
    """'thru sunday, who's got the fewest games left': the first player of mine the lead names has the fewest
    games left this week, counted from the as-of morning or from tomorrow (any of a tie; both counts are
    right readings)."""
    mine = [e.player.name for e in _mine(c)]
    today = {n: _games_left(n)[0] for n in mine}
    after = {n: _games_left(n)[1] for n in mine}
    want = {n for n, g in today.items() if g == min(today.values())} | \
           {n for n, g in after.items() if g == min(after.values())}
    lead = K.fold(_prose(r.get("answer") or "").strip().split("\n\n")[0])
    pos = {n: m.start() for n in mine if (m := re.search(rf"\b{re.escape(K.fold(surname(n)))}\b", lead))}
    if not pos:
        return f"the lead names none of my players: {lead[:100]!r}"
    first = min(pos, key=pos.get)
    return None if first in want else f"names {first} first; the fewest games left: {sorted(want)}"


def most_left_of_prev(r, c):
    """'who out of those has the most games left': the first picking sentence ('most', 'best', 'leads', ...)
    names first a player of the previous list with the most games left this week, counted from the as-of
    morning or from tomorrow (any of a tie; both counts are right readings)."""
    from tests.conversations.fresh9_checks import _prev_list
    from tests.conversations.fresh15_checks import _first_picked

    names = [n for n in _prev_list(c) if K.fold(n) in K.player_rows()]
    if not names:
        return "no earlier list"
    want = set()
    for k in (0, 1):
        g = {n: _games_left(n)[k] for n in names}
        want |= {n for n, v in g.items() if v == max(g.values())}
    first = _first_picked(r.get("answer") or "", tuple(names))
    if first is None:
        return f"no sentence picks one of {names[:5]}"
    return None if first in want else f"picks {first}; the most games left: {sorted(want)}"


_SIT = r"\b(sit|sits|bench|benched|benching|leave out|keep out)\b"


def nobody_sits(day: dt.date):
    """'who do I sit friday, if anyone' when my healthy players with a game that day are no more than the
    starting slots: a sentence says every one of them starts (nobody / no one / all / everyone / every), and
    no sentence tells him to sit an ACTIVE player of mine who has a game (a day-to-day or OUT one may sit)."""
    def check(r, c):
        mine = _mine(c)
        playing = [e for e in mine if not e.on_ir and _status(e) != "OUT" and K.plays_on(e.player.name, day)]
        if len(playing) > STARTING_SLOTS:
            return "check undecidable: more healthy players with a game than slots"
        a = _prose(r.get("answer") or "")
        if not re.search(r"\b(nobody|no one|none|no need|all|everyone|everybody|every|each)\b", a, re.I):
            return "does not say everyone with a game starts"
        active = [e.player.name for e in playing if _status(e) == "ACTIVE"]
        for s in _sentences(a):
            for m in re.finditer(_SIT, s, re.I):
                if re.search(r"(\bnot\b|n't\b|\bno\b|\bnobody\b|\bno one\b|\bnever\b)",
                             s[max(0, m.start() - 25):m.start()], re.I):
                    continue
                tail = s[m.end():m.end() + 40]
                bad = [n for n in active if _in(tail, n)]
                if bad:
                    return f"sits {bad[0]}, who has a game on {day} and a free slot: {s[:100]!r}"
        return None
    return check
