"""fresh12's own checks (tests/conversations/fresh12.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (a per-36 figure,
whose minutes are rising, a player's position eligibility, season minutes per game, games left for a
row of an earlier list, who plays on a day) from the box-score CSV (tests/conversations/checks.py) or the
league's own rosters (`c.source`), never from the product's answers or services. Each is shown passing a
right hand-made result and failing a wrong one in test_fresh12_checks.py.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF
from tests.conversations.fresh7_checks import POINTS_WEIGHTS, is_player
from tests.conversations.fresh8_checks import _in, _lead, player_cells
from tests.conversations.fresh10_checks import _games_left, _says_games

# a sentence saying the product cannot do it ('only' is left out: "only guys under 30" is the ask, not a no)
_CANT = (r"(can'?t|cannot|unable|\b(does|do|is|are|can|could) not\b|doesn'?t|don'?t|isn'?t|aren'?t|couldn'?t|"
         r"\bno\b|\bnone\b|\bnot (able|possible|available|supported|offered|something)|"
         r"only (searches|does|finds|offers|handles|has))")
_UP = r"\b(up|rising|climb\w*|increas\w*|more minutes|trending up|uptick|jump\w*|bump\w*|growing|higher)\b"
_DOWN = r"\b(down|falling|fell|dropp\w*|decreas\w*|fewer minutes|less|lower|declin\w*|cut)\b"
GUARDS = {"G", "PG", "SG"}


def _rows(name: str, n: int | None = None) -> list[dict]:
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    return rows[-n:] if n else rows


def _mpg(name: str, n: int | None = None) -> float:
    rows = _rows(name, n)
    return sum(float(r["min"]) for r in rows) / max(1, len(rows))


def _tools(r: dict) -> list:
    return [(x["name"], x.get("args")) for x in r.get("tool_calls", [])][:5]


def _sentences(text: str) -> list[str]:
    text = re.sub(r"(\d)\.(\d)", r"\1,\2", text.replace("Jr.", "Jr"))
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n", text) if s.strip()]


# --- figures -----------------------------------------------------------------------------------------
def per36(name: str, stat: str, n: int | None = None) -> float:
    """His `stat` per 36 minutes over the season (n None) or his last n games: the window's total scaled
    to 36 of its minutes ('fpts': the league's fantasy points)."""
    rows = _rows(name, n)
    total = sum(sum(w * float(r[k]) for k, w in POINTS_WEIGHTS.items()) if stat == "fpts" else float(r[stat])
                for r in rows)
    return 36 * total / sum(float(r["min"]) for r in rows)


def per36_shown(name: str):
    """'what's he per 36': his points or fantasy points per 36 minutes (season, last 5 or last 10; one or
    two decimals) is shown, with his name."""
    figs = [per36(name, s, n) for s in ("pts", "fpts") for n in (None, 5, 10)]

    def check(r, c):
        a = r.get("answer") or ""
        if not _in(a, name):
            return f"does not name {name}"
        shown = [float(x) for x in re.findall(r"(?<![\d.])\d+\.\d{1,2}(?!\d)", a)]
        # a per-36 worked from rounded per-game averages may land a tenth off the exact ratio
        return None if any(abs(x - f) <= 0.15 for x in shown for f in figs) else \
            f"no per-36 figure for {name} ({figs[0]:.1f} pts, {figs[3]:.1f} fantasy pts per 36, season)"
    return check


# --- minutes ----------------------------------------------------------------------------------------------
def _trend(name: str) -> tuple[float, float]:
    season = _mpg(name)
    return _mpg(name, 5) - season, _mpg(name, 10) - season


def minutes_up_named(r, c):
    """'whose minutes are trending up on my team': at least one of my players whose last-5 or last-10
    minutes per game beat his season's by 1.5 or more is named, and no sentence calls a player of mine
    whose minutes fell (last 5 down 2+ and last 10 down too) trending up."""
    mine = [e.player.name for e in c.source.roster().entries]
    up = [n for n in mine if max(_trend(n)) >= 1.5]
    down = [n for n in mine if _trend(n)[0] <= -2 and _trend(n)[1] < 0]
    a = r.get("answer") or ""
    if not any(_in(a, n) for n in up):
        return f"names none of the players whose minutes rose ({up})"
    for s in _sentences(a):
        others = [n for n in up if _in(s, n)]
        bad = [n for n in down if _in(s, n)]
        if bad and not others and re.search(_UP, s, re.I) and not re.search(_DOWN, s, re.I):
            return f"{bad[0]}'s minutes fell but are called rising: {s[:100]!r}"
    return None


def under_mpg_or_said(mpg: float):
    """'only guys under 30 mpg' (no tool takes minutes): either every listed player averages under `mpg`
    minutes this season (the CSV, before the as-of day), or a sentence says the list cannot be filtered
    by minutes (minutes beside a negation) and nothing is passed off as filtered."""
    def check(r, c):
        a = r.get("answer") or ""
        names = [n for n in player_cells(a) if K.fold(n) in K.player_rows()]
        over = [n for n in names if _mpg(n) >= mpg]
        if names and not over:
            return None
        said = any(re.search(r"minutes|\bmpg\b|\bmin\b", s, re.I) and re.search(_CANT, s, re.I) for s in _sentences(a))
        if said:
            return None
        return f"players at {mpg}+ mpg listed: {over[:3]}" if names else "no list and no word on the minutes filter"
    return check


# --- positions ----------------------------------------------------------------------------------------------
def eligibility_verdict(name: str, pos: str):
    """'can he play C': the lead answers yes or no the way the league's eligibility says (his roster entry's
    `eligible`); a no is a negation beside the position or his name, a yes is a yes/eligible/can with no
    negation."""
    def check(r, c):
        entry = next((e for e in c.source.roster().entries if K.fold(e.player.name) == K.fold(name)), None)
        if entry is None:
            return f"{name} not on my roster"
        yes = pos in entry.player.eligible
        lead = _lead(r)
        at = rf"(?-i:(?<![A-Za-z]){re.escape(pos)}(?![A-Za-z]))"  # 'C' the position, not a letter of a word
        if not _in(lead, name) and not re.search(at, lead):
            return f"the lead names neither {name} nor {pos}: {lead[:100]!r}"
        neg = re.search(rf"(\bnot\b|n't\b|\bcannot\b|\bnever\b|\bno\b)[^.\n]{{0,40}}({at}|eligib)|\bineligible\b|"
                        r"^\W*no\b", lead, re.I)
        aff = re.search(r"\b(yes|yep|yeah|eligible|can (play|slot|fill|go)|qualifies)\b", lead, re.I)
        if yes:
            return None if aff and not neg else f"{name} is eligible at {pos}; the lead does not say so: {lead[:100]!r}"
        # 'SG, G and UTIL only' answers no as well as 'not SF' does
        return None if neg or re.search(r"\bonly\b", lead, re.I) else \
            f"{name} is not eligible at {pos} ({entry.player.eligible}); the lead: {lead[:100]!r}"
    return check


def fa_at(positions: set[str], limit: int | None = None):
    """A free-agent list at one of `positions` reached a tool: get_free_agents(position) or
    get_player_rankings(availability free_agents, position), with `limit` when given."""
    def ok(a):
        return str(a.get("position") or "").upper() in positions and (limit is None or a.get("limit") == limit)

    def check(r, c):
        if any(ok(a) for a in K.calls(r, "get_free_agents")):
            return None
        if any(ok(a) and a.get("availability") == "free_agents" for a in K.calls(r, "get_player_rankings")):
            return None
        return f"no free-agent list at {sorted(positions)}{f' of {limit}' if limit else ''}: {_tools(r)}"
    return check


# --- days -------------------------------------------------------------------------------------------------
_CLAUSE = r"[,;:()\u2014\u2013]|\s-\s|\bbut\b|\bwhile\b|\bwhereas\b|(?<=[.!?])\s+|\n"
_NO_GAME = (r"\bno (\w+ )?games?\b|\bnot play\w*|n'?t\b|\bnot\b|\bnot scheduled|\boff\b|\bidle\b|\bsits?\b|"
            r"\bnope\b|\bno\b|\bresting\b")


def day_each(day: dt.date, *names: str):
    """'are both of them playing sunday': each player is named; a clause (split at commas, semicolons,
    dashes, 'but', sentence ends) naming a player without a game that day, and none of the others, says so
    (a no-word: 'no game', "doesn't", 'off', 'idle', 'sits', 'no'), or a no-word stands within 30
    characters before his surname or 60 after; no clause naming only a player with a game has a no-word.
    Table lines are left out (a schedule's cells mark each day on their own)."""
    def check(r, c):
        a = "\n".join(ln for ln in (r.get("answer") or "").splitlines() if not ln.strip().startswith("|"))
        missing = [n for n in names if not _in(a, n)]
        if missing:
            return f"does not name {missing}"
        clauses = [x for x in re.split(_CLAUSE, re.sub(r"(\d)\.(\d)", r"\1,\2", a.replace("Jr.", "Jr"))) if x]
        text = K.fold(a)
        for n in names:
            own = [x for x in clauses if _in(x, n) and not any(_in(x, m) for m in names if m != n)]
            said_no = any(re.search(_NO_GAME, x, re.I) for x in own)
            if K.plays_on(n, day):
                if said_no:
                    return f"says {n} has no game on {day}, he plays"
                continue
            sur = K.fold(n.replace(" Jr.", "").split()[-1])
            near = any(re.search(_NO_GAME, text[max(0, m.start() - 30):m.end() + 60], re.I)
                       for m in re.finditer(re.escape(sur), text))
            if not (said_no or near):
                return f"does not say {n} has no game on {day}"
        return None
    return check


# --- earlier lists ----------------------------------------------------------------------------------------
def _first_list(c) -> list[str]:
    """The Player column of the conversation's first answer that had one ('the second one' points back to
    the list the thread started from, even when a later answer carried a one-row table of its own)."""
    for x in c.results[:-1]:
        names = player_cells(x.get("answer") or "")
        if names:
            return names
    return []


def nth_listed_games_left(i: int):
    """'the second one, how many games he got left': row i of the earlier list is named and his games left
    this week (with or without today) are said."""
    def check(r, c):
        names = _first_list(c)
        if len(names) <= i:
            return f"no earlier list with a row {i}"
        who, a = names[i], r.get("answer") or ""
        if not _in(a, who):
            return f"does not name {who} (row {i})"
        return None if _says_games(a, _games_left(who)) else f"{who}'s {sorted(_games_left(who))} games left not said"
    return check


def card_adds_nth_listed(i: int):
    """'add him, drop X' about row i of an earlier list: the first waiting card adds that player."""
    def check(r, c):
        names = _first_list(c)
        if len(names) <= i:
            return f"no earlier list with a row {i}"
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        return None if is_player(names[i], str(cards[0].get("add") or "")) else \
            f"the top card adds {cards[0].get('add')!r}, not {names[i]}"
    return check


# --- several asks in one message, trades ------------------------------------------------------------------
HOT_TOOLS = ("get_hot_free_agents", "get_hot_players")


def hot_and_verdict(name: str):
    """'who's hot and should I drop X': both asks answered: a hot-players tool ran (or a ranking over the
    last 7 or 14 days), and X reached a verdict tool (evaluate_hold on him, evaluate_move or the optimizer
    with him as the drop) or the first waiting card drops him."""
    def check(r, c):
        hot = any(K.calls(r, t) for t in HOT_TOOLS) or any(
            str(a.get("window")) in {"7", "14"} for a in K.calls(r, "get_player_rankings"))
        if not hot:
            return f"no hot list: {_tools(r)}"
        for a in K.calls(r, "evaluate_hold"):
            if is_player(name, str(a.get("name") or "")):
                return None
        for t in ("evaluate_move", "optimize_matchup", "validate_slot_fit"):
            for a in K.calls(r, t):
                v = a.get("drop") or a.get("allow_drop") or []
                if any(is_player(name, str(x)) for x in (v if isinstance(v, list) else [v])):
                    return None
        cards = r.get("pending_approvals") or []
        if cards and is_player(name, str(cards[0].get("drop") or "")):
            return None
        return f"no verdict on {name}: {_tools(r)}"
    return check


def two_for_two_or_said(r, c):
    """A 2-for-2 asked (no trade search takes that shape): either every trade row gives two and gets two,
    or a sentence says that shape is not available / none was found, and no other shape is passed off as
    the answer without that sentence."""
    a = r.get("answer") or ""
    gives, gets = K.table_column(a, "You give"), K.table_column(a, "You get")
    if gives and all(len(g.split(" + ")) == 2 and len(h.split(" + ")) == 2 for g, h in zip(gives, gets)):
        return None
    shape = r"\b(2|two)[- ]?(for|4|x)[- ]?(2|two)\b"
    said = any(re.search(shape, s, re.I) and re.search(_CANT, s, re.I)
               for s in _sentences(a))
    if said:
        return None
    return "no 2-for-2 trade and no word that none is available" if not gives else \
        f"trades not 2-for-2 and not said: {list(zip(gives, gets))[:2]}"


def subset_of_previous(r, c):
    """A filter said on the previous answer ('nobody from phoenix either'): the new list holds only players
    the previous list had (the earlier filters kept), and is not empty."""
    before = next((player_cells(x.get("answer") or "") for x in reversed(c.results[:-1])
                   if player_cells(x.get("answer") or "")), [])
    now = player_cells(r.get("answer") or "")
    if not before or not now:
        return "no two lists to compare"
    new = [n for n in now if n not in before]
    return f"players not on the previous list: {new[:3]}" if new else None


def named_all(*names: str):
    """'do he and jokic ...': every player asked about is named in the answer (surname, accents folded)."""
    def check(r, c):
        missing = [n for n in names if not _in(r.get("answer") or "", n)]
        return f"does not name {missing}" if missing else None
    return check
