"""fresh15's own checks (tests/conversations/fresh15.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (who leads three players
in fantasy points over a last-N, who has the most games left counted from the as-of morning, season totals
of fantasy and real points, a player's games next week, which days a player has a game) from the box-score
CSV (tests/conversations/checks.py) or the league's own facts (`c.source`: my roster), never from the
product's answers or services. Each is shown passing a right hand-made result and failing a wrong one in
test_fresh15_checks.py.

Where more than one tool could rightly answer, a check accepts any of them (`one_of`, or a check that reads
every call) and judges the answer's content.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, NEXT_WEEK, WEEK_END
from tests.conversations.fresh6_checks import _top_card
from tests.conversations.fresh7_checks import is_player, surname
from tests.conversations.fresh8_checks import _decided_card, _in, _lead, player_cells
from tests.conversations.fresh12_checks import _first_list
from tests.conversations.fresh13_checks import _count_re, fpts_avg

_NEG = r"(\bnot\b|n't\b|\bnever\b|\bno\b|\bcannot\b)"


def _tools(r: dict) -> list:
    return [(x["name"], x.get("args")) for x in r.get("tool_calls", [])][:5]


def _sentences(text: str) -> list[str]:
    """Sentences and lines; a decimal or 'Jr.' ends none."""
    text = re.sub(r"(\d)\.(\d)", r"\1,\2", text.replace("Jr.", "Jr"))
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n", text) if s.strip()]


def _rows(name: str, n: int | None = None) -> list[dict]:
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    return rows[-n:] if n else rows


# --- predicates for tool arguments ----------------------------------------------------------------------
def lacks_cat(cat: str):
    """A category list argument (targets, target_categories) that does not chase `cat` (absent is fine)."""
    return lambda v: not v or all(str(x).upper() != cat.upper() for x in v)


def on_date(day: dt.date):
    """A date argument that is `day` (a date or a YYYY-MM-DD string)."""
    return lambda v: v is not None and str(v)[:10] == day.isoformat()


def in_range(lo: int, hi: int):
    """A number argument between lo and hi ('a handful': 3 to 6)."""
    return lambda v: v is not None and lo <= int(v) <= hi


# --- what reached the tools ------------------------------------------------------------------------------
def move_call(drop: str, add: str):
    """A relayed 'drop X for Y': a verdict on that very swap reached a tool: evaluate_move(drop X, add Y) or
    validate_slot_fit(add Y, drop X); and nothing executes from the text."""
    def check(r, c):
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        for t in ("evaluate_move", "validate_slot_fit"):
            for a in K.calls(r, t):
                if is_player(drop, str(a.get("drop") or "")) and is_player(add, str(a.get("add") or "")):
                    return None
        return f"no verdict on drop {drop}, add {add}: {_tools(r)}"
    return check


def schedule_on(day: dt.date):
    """'who plays 2/3': a schedule of that day reached a tool: get_schedule with the day in its
    [start, end], or the day's lineup (compose_daily_lineup) for it."""
    def check(r, c):
        for a in K.calls(r, "get_schedule"):
            start, end = a.get("start"), a.get("end")
            try:
                lo = dt.date.fromisoformat(str(start)[:10]) if start else AS_OF
                hi = dt.date.fromisoformat(str(end)[:10]) if end else WEEK_END
            except ValueError:
                continue
            if lo <= day <= hi:
                return None
        if any(on_date(day)(a.get("date")) for a in K.calls(r, "compose_daily_lineup")):
            return None
        return f"no schedule or lineup covering {day}: {_tools(r)}"
    return check


def fa_this_week(r, c):
    """'and just for this week's matchup?' after a rest-of-season list: a free-agent list for this week
    reached a tool (get_free_agents with horizon this_week or left to its default, this week), and no call
    of the turn still ranks the rest of the season."""
    fas = K.calls(r, "get_free_agents")
    ros = [a for a in fas if a.get("horizon") == "rest_of_season"] + \
          [a for a in K.calls(r, "get_player_rankings") if a.get("sort") == "ros_value"]
    if ros:
        return f"still ranks the rest of the season: {ros[:2]}"
    if any(a.get("horizon") in (None, "this_week") for a in fas):
        return None
    return f"no this-week free-agent list: {_tools(r)}"


# --- tables ------------------------------------------------------------------------------------------------
def table_len_between(lo: int, hi: int, header: str = "Player"):
    """'a handful': the table under `header` has between lo and hi rows."""
    def check(r, c):
        got = len([x for x in K.table_column(r.get("answer") or "", header) if x and x != "-"])
        return None if lo <= got <= hi else f"table has {got} rows under {header!r}, wanted {lo} to {hi}"
    return check


def has_player_table(k: int = 2):
    """A list was shown: a Player table with at least k rows."""
    def check(r, c):
        got = len(player_cells(r.get("answer") or ""))
        return None if got >= k else f"a Player table of {got} rows, wanted at least {k}"
    return check


def first_list_row(i: int):
    """'the first guy you mentioned, not the last one' two turns later: the lead names row i of the
    thread's first list, and no other row of that list is named in the lead before him."""
    def check(r, c):
        names = _first_list(c)
        if not names or not (-len(names) <= i < len(names)):
            return f"no earlier list with a row {i}"
        want, lead = names[i], K.fold(_lead(r))
        at = lead.find(K.fold(surname(want)))
        if at < 0:
            return f"the lead does not name {want} (row {i} of {names[:5]}): {_lead(r)[:100]!r}"
        early = [n for n in names if n != want and 0 <= lead.find(K.fold(surname(n))) < at]
        return f"names {early[0]} before {want}" if early else None
    return check


# --- who leads --------------------------------------------------------------------------------------------
_PICK = r"\b(most|best|leads?|top|highest|more|better|pick|go with|edge|wins?|hottest|ahead)\b"


def _first_picked(answer: str, names: tuple[str, ...]) -> str | None:
    """The player the first picking sentence names first (surnames, accents folded)."""
    for s in _sentences(answer):
        if not re.search(_PICK, s, re.I):
            continue
        f = K.fold(s)
        pos = {n: f.find(K.fold(surname(n))) for n in names}
        pos = {n: p for n, p in pos.items() if p >= 0}
        if pos:
            return min(pos, key=pos.get)
    return None


def fpts_leader(n: int, *names: str):
    """'who's been the best of the three over their last 10' in a points league: the first picking
    sentence names first the one with the most fantasy points per game over his last n games before the
    as-of date (the league's weights; 'best' in a points league is its points)."""
    vals = {x: round(fpts_avg(x, n), 6) for x in names}
    want = {x for x, v in vals.items() if v == max(vals.values())}

    def check(r, c):
        first = _first_picked(r.get("answer") or "", names)
        if first is None:
            return f"no sentence picks one of {names}"
        return None if first in want else f"picks {first}; over the last {n} the leader is {sorted(want)} ({vals})"
    return check


def most_games_left_today(*names: str):
    """'which of the three has the most games left this week': counted from the as-of morning to Sunday
    (today's games are still to play, as the league's own 'g left' counts them): the first picking sentence
    names first one with the most (any of a tie)."""
    g = {n: K.games_between(n, AS_OF, WEEK_END) for n in names}
    want = {n for n, v in g.items() if v == max(g.values())}

    def check(r, c):
        first = _first_picked(r.get("answer") or "", names)
        if first is None:
            return f"no sentence picks one of {names}"
        return None if first in want else f"picks {first}; the most games left is {sorted(want)} ({g})"
    return check


def season_total_shown(*names: str):
    """'raw season totals': each player's season total of fantasy points or of real points (before the
    as-of date, from the CSV) is shown in the answer as a whole number (a thousands comma or a decimal
    allowed, one off for rounding)."""
    def totals(n):
        rows = _rows(n)
        return {round(fpts_avg(n) * len(rows)), round(sum(float(x["pts"]) for x in rows))}

    def check(r, c):
        a = r.get("answer") or ""
        shown = {round(float(x.replace(",", ""))) for x in re.findall(r"(?<![\d.,])\d{1,2},\d{3}(?:\.\d+)?|(?<![\d.,])\d{3,4}(?:\.\d+)?", a)}
        bad = [n for n in names if not any(abs(s - t) <= 1 for s in shown for t in totals(n))]
        return f"season totals not shown for {bad} ({ {n: sorted(totals(n)) for n in bad} })" if bad else None
    return check


# --- verdicts ---------------------------------------------------------------------------------------------
_KEEP = (r"\b(not|n't|never)\s+(\w+\s+){0,2}(droppable|drop|cut|stream|release)|\bkeep\b|\bhold\b|\bretain\b|"
         r"\bstash\b|^\W*no\b")
_DROP = r"\b(droppable|drop|cut|stream|release|let him go)\b|^\W*yes\b"


def droppable_verdict(name: str):
    """'is X droppable': the lead's verdict (a keep word: 'not droppable', 'keep', 'hold', a leading 'no';
    or a drop word: 'droppable', 'drop', 'cut', 'stream', a leading 'yes'; the earlier of the two decides)
    agrees with the answer's own figures: his (the first decimal within 60 characters after his surname)
    against the streamer's (the first within 60 after 'stream', 'streamer', 'replacement', 'free agent' or
    'waiver', else the one just before such a word). Keeping him on the lower figure, or dropping him on the higher, is wrong."""
    def check(r, c):
        a = re.sub(r"(\d)\.(\d)", r"\1,\2", K.fold(r.get("answer") or ""))
        num = r"[^\n]{0,60}?(?<![\d,])([-+]?\d+,\d+)"
        mine = re.search(re.escape(K.fold(surname(name))) + num, a)
        words = r"(stream(?:er|ing)?|replacement|free agent|waiver)"
        other = re.search(words + num, a)
        # or the figure just before the word ('13.9 vs 24.0 for the best free agent')
        before = re.search(r"(?<![\d,])([-+]?\d+,\d+)[^\n\d]{0,30}?" + words, a)
        if not (mine and (other or before)):
            return f"no figure for {name} and for the streamer"
        x = float(mine.group(mine.lastindex).replace(",", "."))
        y = float((other.group(other.lastindex) if other else before.group(1)).replace(",", "."))
        lead = a.split("\n\n")[0]
        keep, drop = re.search(_KEEP, lead), re.search(_DROP, lead)
        if not (keep or drop):
            return f"no verdict in the lead: {lead[:100]!r}"
        keeps = bool(keep) and (not drop or keep.start() <= drop.start())
        if keeps and x < y:
            return f"keeps him on {x} against {y}"
        if not keeps and x > y:
            return f"drops him on {x} against {y}"
        return None
    return check


def gain_explained(r, c):
    """'what's the number on the first one mean': the answer restates the top card's own figure (its
    expected_gain to its decimals, to one, or rounded when 10 or more), names the card's add, says the unit
    (points league: fantasy points; categories: categories / z / win chance) and what it measures (a week,
    the season, expected / projected)."""
    top = _top_card(c)
    if top is None:
        return "no earlier card"
    a = r.get("answer") or ""
    g = float(top["expected_gain"])
    forms = {f"{abs(g):.2f}", f"{abs(g):.1f}", str(abs(g))} | ({f"{abs(round(g)):d}"} if abs(g) >= 10 else set())
    if not any(re.search(rf"(?<![\d.]){re.escape(f)}(?![\d])", a) for f in forms):
        return f"the card's own figure {g} is not restated"
    if not _in(a, top["add"]):
        return f"the card's add {top['add']} is not named"
    unit = r"fantasy points|\bfpts\b|\bfp\b|\bpoints\b" if c.scoring == "points" else \
        r"categor|\bz\b|z-|win (chance|probab)|\bcats?\b"
    if not re.search(unit, a, re.I):
        return "the unit of the figure is not said"
    return None if re.search(r"\bweek|season|rest of|expect|project|over (the|his)", a, re.I) else \
        "does not say what the figure measures (a week, the season, expected)"


def cat_chance_said(cat: str):
    """'what are my odds of winning steals': a sentence or a table row names the category (its code or its
    word) with a percent."""
    words = {"STL": "steal", "BLK": "block", "AST": "assist", "REB": "rebound", "3PM": "three|3s|3-point",
             "TO": "turnover", "PTS": "points", "FG%": "field goal", "FT%": "free throw"}
    cat_re = rf"(?<![A-Za-z]){re.escape(cat)}(?![A-Za-z])|{words.get(cat, cat)}"

    def check(r, c):
        a = r.get("answer") or ""
        lines = _sentences(a) + ["|".join(row) for row in K.table_rows(a)]
        for s in lines:
            if re.search(cat_re, s, re.I) and re.search(r"\d+(,\d+)?\s?%", s):
                return None
        return f"no win chance for {cat}: {a[:120]!r}"
    return check


# --- games -------------------------------------------------------------------------------------------------
def added_next_week_games(r, c):
    """'how many games does he get next week then' after approving a card: the added player is named and his
    games next week (Monday-Sunday, the box scores' schedule) are said in a sentence or table row naming him."""
    card = _decided_card(c)
    if card is None:
        return "no decided card"
    who, a = card["add"], r.get("answer") or ""
    n = K.games_between(who, *NEXT_WEEK)
    if not _in(a, who):
        return f"does not name {who}"
    pat = _count_re({n})
    for s in _sentences(a):
        if (_in(s, who) or re.search(r"\bhe\b|\bhis\b", s, re.I)) and re.search(pat, s, re.I) \
                and re.search(r"game|\bg\b|times|twice", s, re.I):
            return None
    for row in K.table_rows(a):
        if any(_in(x, who) for x in row) and any(x.strip() == str(n) for x in row):
            return None
    return f"{who}'s {n} games next week not said"
