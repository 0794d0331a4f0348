"""fresh14's own checks (tests/conversations/fresh14.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (which NBA teams play
both days of a weekend, who leads two players in a stat over the season or over a last-N, which of two
players of mine is dominated in every counting stat, a player's games left this week and his last-N
averages, who has a game on a day, the other teams' position eligibility) from the box-score CSV
(tests/conversations/checks.py) or the league's own facts (`c.source`: my roster, the other teams' rosters),
never from the product's answers or services. Each is shown passing a right hand-made result and failing a
wrong one in test_fresh14_checks.py.

Where more than one tool could rightly answer, a check accepts any of them and judges the answer's content.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF
from tests.conversations.fresh6_checks import _plays_day_verdict, _top_card
from tests.conversations.fresh7_checks import is_player, last_n_either, said_better, surname
from tests.conversations.fresh8_checks import _decided_card, _in, player_cells
from tests.conversations.fresh9_checks import _prev_list
from tests.conversations.fresh12_checks import _first_list
from tests.conversations.fresh13_checks import _CANT, fa_list, games_left_of, scope_said

_NEG_BEFORE = r"(\bnot\b|n't\b|\bnever\b|\bno\b|\bcannot\b|\bwouldn'?t\b|\bshouldn'?t\b)"
_NO_TRADE = r"\b(no|none|couldn'?t find|could not find|nothing)\b[^.]*\btrades?\b"
COUNTING = ("pts", "reb", "ast", "stl", "blk", "fg3m")


def _tools(r: dict) -> list:
    return [(x["name"], x.get("args")) for x in r.get("tool_calls", [])][:5]


def _sentences(text: str) -> list[str]:
    """Sentences and lines; a decimal or 'Jr.' ends none."""
    text = re.sub(r"(\d)\.(\d)", r"\1,\2", text.replace("Jr.", "Jr"))
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n", text) if s.strip()]


def _prose(text: str) -> str:
    """The answer without its table lines."""
    return "\n".join(ln for ln in text.splitlines() if not ln.strip().startswith("|"))


def _mine(c) -> list[str]:
    return [e.player.name for e in c.source.roster().entries]


def _per_game(name: str, stat: str, n: int | None = None) -> float:
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    rows = rows[-n:] if n else rows
    return sum(float(r[stat]) for r in rows) / max(1, len(rows))


def _figures(text: str) -> int:
    return len(re.findall(r"[-+]?\d+\.\d", text))


# --- predicates for tool arguments --------------------------------------------------------------------
def team_arg(*words: str):
    """A `not_teams` (or `team`) argument names an NBA team by one of `words` (code, city or nickname)."""
    def pred(v):
        vals = v if isinstance(v, list) else [v]
        return bool(v) and any(any(w in K.fold(str(x)) for w in words) for x in vals)
    return pred


def upper_is(*want: str):
    """An argument equal to one of `want`, case aside ('pf' is 'PF')."""
    return lambda v: v is not None and str(v).upper() in {w.upper() for w in want}


def has_cat(cat: str):
    """A list argument (punt, target_categories) holds the category, case aside."""
    return lambda v: isinstance(v, list) and any(str(x).upper() == cat.upper() for x in v)


# --- what reached the tools --------------------------------------------------------------------------
def ros_fa_list(**want):
    """A rest-of-season free-agent list with these arguments reached a tool: get_free_agents(horizon
    rest_of_season, **want) or get_player_rankings of free agents sorted by ros_value (**want)."""
    by_horizon = fa_list(horizon="rest_of_season", **want)
    by_sort = fa_list(sort="ros_value", **want)

    def check(r, c):
        if by_horizon(r, c) is None or by_sort(r, c) is None:
            return None
        return f"no rest-of-season free-agent list with {want}: {_tools(r)}"
    return check


def cat_fa_list(cat: str, limit: int | None = None):
    """Free agents ranked by one category reached a tool: get_free_agents(target_categories holds it) or
    get_player_rankings(availability free_agents, sort the category), with `limit` when given."""
    def check(r, c):
        for a in K.calls(r, "get_free_agents"):
            if has_cat(cat)(a.get("target_categories")) and (limit is None or a.get("limit") == limit):
                return None
        for a in K.calls(r, "get_player_rankings"):
            if a.get("availability") == "free_agents" and str(a.get("sort") or "").upper() == cat.upper() \
                    and (limit is None or a.get("limit") == limit):
                return None
        return f"no free-agent {cat} list{f' of {limit}' if limit else ''}: {_tools(r)}"
    return check


def game_log_of_prev_first(n: int):
    """'over his last ten outings, what's the top guy averaging': 'the top guy' is the previous list's
    first row; a call on him (its name / names) carries last_n = n, and his last-n average (real points or
    the league's fantasy points, one or two decimals) is shown."""
    def check(r, c):
        names = _prev_list(c)
        if not names:
            return "no earlier list"
        lead = names[0]
        ok = False
        for x in r.get("tool_calls", []):
            a = x.get("args") or {}
            who = [a.get("name"), a.get("player"), *(a.get("names") or [])]
            if a.get("last_n") == n and any(w and is_player(lead, str(w)) for w in who):
                ok = True
        if not ok:
            return f"no call on {lead} over his last {n}: {_tools(r)}"
        return last_n_either(lead, n)(r, c)
    return check


# --- days ---------------------------------------------------------------------------------------------------
_NOBODY_BOTH = (r"\b(nobody|no one|none|no (free agents?|players?|teams?|nba teams?|one)|not a single|zero|not one)\b"
                r"[^.]*\b(both|back[- ]to[- ]backs?|each day|two straight|consecutive)\b|"
                r"\b(both|back[- ]to[- ]backs?)\b[^.]*\b(nobody|no one|none)\b|"
                r"\bno\b[^.]*\bback[- ]to[- ]backs?\b|"
                r"n't[^.]*\b(anyone|anybody|any (free agents?|players?|teams?))\b[^.]*\b(both|back[- ]to[- ]back)")


def nobody_both_days(d1: dt.date, d2: dt.date):
    """'only guys with games both days': when no NBA team plays on both days (the box scores' schedule:
    that weekend has no back-to-back), a sentence says nobody does, and a list, if any, sits beside that
    sentence (never passed off as two-day players); when some team does, every listed player plays both
    and there is a list."""
    def check(r, c):
        a = r.get("answer") or ""
        both_teams = [t for t, ds in K.team_dates().items() if d1 in ds and d2 in ds]
        names = [n for n in player_cells(a) if K.fold(n) in K.player_rows()]
        if both_teams:
            if not names:
                return "no player table"
            bad = [n for n in names if not (K.plays_on(n, d1) and K.plays_on(n, d2))]
            return f"not playing both {d1} and {d2}: {bad[:4]}" if bad else None
        if any(re.search(_NOBODY_BOTH, s, re.I) for s in _sentences(a)):
            return None
        return f"no team plays both {d1} and {d2}, and the answer does not say so: {a[:120]!r}"
    return check


_START = r"\b(start|slot|plug(?:ging)? in|plug|insert|put in|roll with|go with|fire up|slide in)\b"


def no_idle_starter(day: dt.date):
    """'who do I start': no sentence (outside a table) tells him to start a player of mine who has no game
    on `day`: the first player of mine named within 40 characters after a start word (start, slot, plug
    in, roll with, go with, ...) has a game that day, unless a negation comes just before the start word
    ("don't start", "can't start")."""
    def check(r, c):
        mine = _mine(c)
        idle = {n for n in mine if not K.plays_on(n, day)}
        for s in _sentences(_prose(r.get("answer") or "")):
            for m in re.finditer(_START, s, re.I):
                if re.search(_NEG_BEFORE, s[max(0, m.start() - 25):m.start()], re.I):
                    continue
                tail = K.fold(s[m.end():m.end() + 40])
                pos = {n: p for n in mine if (p := _find_word(tail, K.fold(surname(n)))) >= 0}
                if not pos:
                    continue
                first = min(pos, key=pos.get)
                if first in idle:
                    return f"starts {first}, who has no game on {day}: {s[:100]!r}"
        return None
    return check


def _find_word(text: str, word: str) -> int:
    m = re.search(rf"\b{re.escape(word)}\b", text)
    return m.start() if m else -1


def prev_first_plays(day: dt.date, label: str):
    """'does he play friday' after a list: 'he' is the previous list's first row; he is named and the
    yes/no agrees with the schedule (fresh6's day verdict)."""
    def check(r, c):
        names = _prev_list(c)
        if not names:
            return "no earlier list"
        who = names[0]
        if not _in(r.get("answer") or "", who):
            return f"does not name {who} (the list's first row)"
        return _plays_day_verdict(who, day, label)(r, c)
    return check


def first_list_on(day: dt.date):
    """'now just the ones who play tomorrow' (asked after another turn came between): of the thread's
    first list, every player with a game on `day` is named, and none without one is named in the lead."""
    def check(r, c):
        names = [re.sub(r"\s*\([^)]*\)$", "", n) for n in _first_list(c)]
        if not names:
            return "no earlier list"
        a = r.get("answer") or ""
        lead = a.split("\n\n")[0]
        want = [n for n in names if K.plays_on(n, day)]
        wrong = [n for n in names if not K.plays_on(n, day) and K.fold(n) in K.fold(lead)]
        missing = [n for n in want if K.fold(n) not in K.fold(a)]
        if wrong or missing:
            return f"on {day}: wrong {wrong[:3]}, missing {missing[:3]}"
        if not want and not re.search(r"\b(none|nobody|no one)\b", a, re.I):
            return f"none of the list plays on {day}, and the answer does not say so"
        return None
    return check


# --- who is better ---------------------------------------------------------------------------------------
def stat_leader(a_name: str, b_name: str, stat: str, topic: str):
    """'who's the better rebounder, X or Y': the one with more `stat` per game over the season and over his
    last 10 (both, from the CSV: the check refuses to judge when they disagree) is the one the lead says
    is ahead on the topic (fresh7's `said_better`: first name, surname or nickname)."""
    def check(r, c):
        sa, sb = _per_game(a_name, stat), _per_game(b_name, stat)
        ta, tb = _per_game(a_name, stat, 10), _per_game(b_name, stat, 10)
        if (sa > sb) != (ta > tb) or sa == sb:
            return "check undecidable: season and last-10 disagree"
        win, lose = (a_name, b_name) if sa > sb else (b_name, a_name)
        return said_better(win, lose, topic)(r, c)
    return check


def last_n_leader(stat: str, n: int, a_name: str, b_name: str, topic: str):
    """'over their last 5, who's been scoring more': the one with the higher `stat` average over his last
    n games before the as-of date is said to be ahead (the season's leader may be the other one: the ask
    is the last n)."""
    def check(r, c):
        fa, fb = _per_game(a_name, stat, n), _per_game(b_name, stat, n)
        if fa == fb:
            return "check undecidable: a tie"
        win, lose = (a_name, b_name) if fa > fb else (b_name, a_name)
        return said_better(win, lose, topic)(r, c)
    return check


_CUT = r"\b(cut|drop|release|waive|let go of|let him go|move on from|lose|send packing|is the one to go)\b"


def cut_pick(a_name: str, b_name: str):
    """'X or Y, which one do I cut': the one below the other in every counting stat per game this season
    (points, rebounds, assists, steals, blocks, threes: the CSV; the check refuses to judge when neither is
    below in all) is the one the answer cuts: in the first sentence with a cut word, the nearest of the two
    named after it (else before it), reversed when a negation stands just before the cut word; and a figure
    with decimals backs it."""
    def check(r, c):
        a_vals = [_per_game(a_name, s) for s in COUNTING]
        b_vals = [_per_game(b_name, s) for s in COUNTING]
        if all(x <= y for x, y in zip(a_vals, b_vals)):
            worse, better = a_name, b_name
        elif all(y <= x for x, y in zip(a_vals, b_vals)):
            worse, better = b_name, a_name
        else:
            return "check undecidable: neither is below in every counting stat"
        ans = r.get("answer") or ""
        for s in _sentences(ans):
            for m in re.finditer(_CUT, s, re.I):
                f = K.fold(s)
                after = {n: p for n in (worse, better) if (p := _find_word(f[m.end():], K.fold(surname(n)))) >= 0}
                before = {n: p for n in (worse, better) if (p := f[:m.start()].rfind(K.fold(surname(n)))) >= 0}
                if after:
                    who = min(after, key=after.get)
                elif before:
                    who = max(before, key=before.get)
                else:
                    continue
                if re.search(_NEG_BEFORE, s[max(0, m.start() - 20):m.start()], re.I):
                    who = better if who == worse else worse
                if who != worse:
                    return f"cuts {who}; {worse} is below him in every counting stat: {s[:100]!r}"
                return None if _figures(ans) >= 1 else "no figure behind the cut"
        return f"no sentence cuts {a_name} or {b_name}"
    return check


# --- trades ---------------------------------------------------------------------------------------------------
def _league_eligibility(c) -> dict[str, list[str]]:
    out = {}
    for t in c.source.info().teams:
        for e in c.source.roster(t.team_id).entries:
            out[K.fold(e.player.name)] = list(e.player.eligible)
    return out


def trades_get_pos(pos: str):
    """'i want a center coming back': every player a trade row brings in is eligible at `pos` (the
    league's eligibility, from the other teams' rosters); no trade table is right only when the answer says
    none was found."""
    def check(r, c):
        a = r.get("answer") or ""
        gets = K.table_column(a, "You get")
        if not gets:
            return None if re.search(_NO_TRADE, a, re.I) else "no trade table and no word that none was found"
        elig = _league_eligibility(c)
        bad = []
        for cell in gets:
            for part in cell.split(" + "):
                name = K.fold(re.sub(r"\s*\([^)]*\)$", "", part).strip())
                got = elig.get(name) or next((v for k, v in elig.items() if name and (name in k or k in name)), None)
                if got is None or pos not in got:
                    bad.append(part)
        return f"incoming players not eligible at {pos}: {bad[:3]}" if bad else None
    return check


def trades_at_most(n: int):
    """'show me 3 not 5': between 1 and n trade rows, or a word that none was found."""
    def check(r, c):
        a = r.get("answer") or ""
        gives = K.table_column(a, "You give")
        if not gives:
            return None if re.search(_NO_TRADE, a, re.I) else "no trade table and no word that none was found"
        return None if len(gives) <= n else f"{len(gives)} trades shown, asked for {n}"
    return check


# --- cards ------------------------------------------------------------------------------------------------------
def why_top_add_not(other: str):
    """'why that guy and not X' (X another free agent) after cards: the answer names the top card's add and
    X, with a figure for each (two or more decimals); when the top card already adds X, it says so."""
    def check(r, c):
        top = _top_card(c)
        if top is None:
            return "no earlier card"
        add, a = top["add"], r.get("answer") or ""
        if is_player(other, add):
            return None if _in(a, other) else f"does not say the card already adds {other}"
        if not (_in(a, add) and _in(a, other)):
            return f"does not name both {add} and {other}"
        return None if _figures(a) >= 2 else "no figures compared"
    return check


def card_add_games_left(r, c):
    """'how many games does the guy you just suggested have left': 'the guy' is the latest earlier top
    card's add; his games left this week (with today or without) said beside his name."""
    top = _top_card(c)
    if top is None:
        return "no earlier card"
    return games_left_of(top["add"])(r, c)


def added_last_n(n: int):
    """'what's he been averaging his last 5' after approving a card: the added player is named and his
    last-n average (real points or fantasy points) is shown."""
    def check(r, c):
        card = _decided_card(c)
        if card is None:
            return "no decided card"
        if not _in(r.get("answer") or "", card["add"]):
            return f"does not name {card['add']}"
        return last_n_either(card["add"], n)(r, c)
    return check


def kept_or_said(name: str):
    """'keep X, I believe in him' after a decline: cards wait and none drops him (an IR card keeps him), or
    a sentence names him with a can't-word (the moves cannot be limited that way)."""
    def check(r, c):
        cards = r.get("pending_approvals") or []
        if cards:
            bad = [x["title"] for x in cards if x.get("kind") != "ir" and is_player(name, str(x.get("drop") or ""))]
            return f"cards drop {name}: {bad[:2]}" if bad else None
        for s in _sentences(r.get("answer") or ""):
            if _in(s, name) and re.search(_CANT, s, re.I):
                return None
        return f"no card and no word that {name} cannot be kept"
    return check


# --- words ---------------------------------------------------------------------------------------------------
def explains_term(term: str, gloss: str):
    """A beginner's 'what does X even mean': a sentence names the term (a regex) and says what it means (a
    regex of its gloss), not only uses it."""
    def check(r, c):
        for s in _sentences(r.get("answer") or ""):
            if re.search(term, s, re.I) and re.search(gloss, s, re.I):
                return None
        return f"/{term}/ is not explained: {(r.get('answer') or '')[:120]!r}"
    return check


def scope_with_figure(topic: str, name: str):
    """Out of scope with the nearest thing offered: a sentence says the topic is not modelled (a can't-word
    beside it), and the player asked about is named with a figure the product has (a number with decimals)."""
    def check(r, c):
        bad = scope_said(topic)(r, c)
        if bad:
            return bad
        a = r.get("answer") or ""
        if not _in(a, name):
            return f"does not name {name}"
        return None if _figures(a) >= 1 else f"no figure for {name} (the nearest thing it has)"
    return check
