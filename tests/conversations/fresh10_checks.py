"""fresh10's own checks (tests/conversations/fresh10.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (games left this week,
who leads three players in a category, window totals) from the box-score CSV (tests/conversations/checks.py)
or the league's own rosters (`c.source`), never from the product's answers or services. Each is shown
passing a right hand-made result and failing a wrong one in test_fresh10_checks.py.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, WEEK_END
from tests.conversations.fresh8_checks import _decided_card, _in, player_cells
from tests.conversations.fresh9_checks import _prev_list

JJJ, TRE, TYUS = "Jaren Jackson Jr.", "Tre Jones", "Tyus Jones"
MONDAY = dt.date(2025, 2, 3)
_NEG = r"(\bnot\b|n't\b|\bno\b|\bcannot\b|\bnever\b|\bwithout\b|\bnothing\b)"


def _all_args(r: dict) -> list[dict]:
    return [x.get("args") or {} for x in r.get("tool_calls", [])]


def _games_left(name: str) -> set[int]:
    """His games left this week, counted with today (the as-of Wednesday) and without: both are right."""
    return {K.games_between(name, AS_OF, WEEK_END), K.games_between(name, AS_OF + dt.timedelta(days=1), WEEK_END)}


def _says_games(answer: str, ns: set[int]) -> bool:
    words = {1: "one", 2: "two", 3: "three", 4: "four"}
    return any(re.search(rf"\b({n}|{words.get(n, n)}) (more |remaining |left )?games?\b", answer, re.I)
               or (n == 2 and re.search(r"\btwice\b", answer, re.I)) for n in ns)


def games_left_said(name: str):
    """'he only plays twice more this week': the answer gives his games left this week (digits, words or
    'twice'; with or without today), confirming or correcting the manager's count."""
    def check(r, c):
        return None if _says_games(r.get("answer") or "", _games_left(name)) else \
            f"{name}'s {sorted(_games_left(name))} games left not said"
    return check


# --- constraints reaching a tool -------------------------------------------------------------------
def cat_reached(cat: str):
    """A category the user named in shorthand ('dimes', '3s', 'boards', 'TOs') reached a tool: a call's
    target_categories / targets holds it, or a ranking sorts by it."""
    def check(r, c):
        for a in _all_args(r) + K.calls(r, "optimize_matchup"):
            lists = [a.get("target_categories") or [], a.get("targets") or []]
            if any(K.fold(str(x)) == K.fold(cat) for lst in lists for x in lst) \
                    or K.fold(str(a.get("sort", ""))) == K.fold(cat):
                return None
        return f"{cat} reached no tool: {[(x['name'], x.get('args')) for x in r.get('tool_calls', [])][:4]}"
    return check


def punt_reached(cat: str):
    """The punted category reached a tool of this turn (a call's punt holds it)."""
    def check(r, c):
        for a in _all_args(r) + K.calls(r, "optimize_matchup"):
            if cat in (a.get("punt") or []):
                return None
        return f"punt {cat} reached no tool"
    return check


def drop_considered(name: str):
    """'if I drop X, who's the best add': X reached a tool as the drop (a call's drop / allow_drop), or
    the first waiting card drops him; nothing executes from the text."""
    def check(r, c):
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        for a in _all_args(r) + K.calls(r, "optimize_matchup"):
            v = a.get("drop") or a.get("allow_drop") or []
            if any(_in(str(x), name) for x in (v if isinstance(v, list) else [v])):
                return None
        cards = r.get("pending_approvals") or []
        if cards and _in(str(cards[0].get("drop") or ""), name):
            return None
        return f"{name} reached no tool as the drop and no top card drops him"
    return check


def research_on(name: str, not_name: str):
    """'no, the other Jones': a player tool ran on `name` (its name / names argument has his first name
    and surname) and on nobody called `not_name` in this turn, and the answer names him by first name."""
    first, other_first = K.fold(name.split()[0]), K.fold(not_name.split()[0])

    def check(r, c):
        hits, wrong = False, False
        for a in _all_args(r):
            vals = [a.get("name"), a.get("player"), *(a.get("names") or [])]
            for v in (K.fold(str(x)) for x in vals if x):
                hits |= first in v.split() and K.fold(name.split()[-1]) in v
                wrong |= other_first in v.split()
        if wrong:
            return f"looked up {not_name} again"
        if not hits:
            return f"no player tool ran on {name}: {[(x['name'], x.get('args')) for x in r.get('tool_calls', [])][:3]}"
        return None if re.search(rf"\b{first}\b", K.fold(r.get("answer") or "")) else f"the answer does not name {name}"
    return check


# --- facts in the answer -------------------------------------------------------------------------------
def fa_games_left_min(n: int):
    """Every listed player has at least `n` games left this week (with today), and there is a list."""
    def check(r, c):
        names = player_cells(r.get("answer") or "")
        if not names:
            return "no player table"
        bad = [x for x in names if K.fold(x) in K.player_rows() and K.games_between(x, AS_OF, WEEK_END) < n]
        return f"fewer than {n} games left: {bad[:4]}" if bad else None
    return check


def first_listed_games_left(r, c):
    """'how many games does he have left again?' after a list: 'he' is its first row; his games left this
    week (with or without today) are said."""
    names = _prev_list(c)
    if not names:
        return "no earlier list"
    return None if _says_games(r.get("answer") or "", _games_left(names[0])) else \
        f"{names[0]}'s {sorted(_games_left(names[0]))} games left not said"


def added_games_left(r, c):
    """After approving a card, 'how many games does the new guy have left': the added player's games
    left this week are said, with his name."""
    card = _decided_card(c)
    if card is None:
        return "no decided card"
    a, who = r.get("answer") or "", card["add"]
    if not _in(a, who):
        return f"does not name {who}"
    return None if _says_games(a, _games_left(who)) else f"{who}'s {sorted(_games_left(who))} games left not said"


STATS = {"ast": "assists", "blk": "blocks", "reb": "rebounds", "stl": "steals", "fg3m": "threes", "pts": "points"}


def _per_game(name: str, stat: str, n: int | None = None) -> float:
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    rows = rows[-n:] if n else rows
    return sum(float(r[stat]) for r in rows) / max(1, len(rows))


def leader_named(stat: str, *names: str):
    """'X, Y or Z for <stat>': the first sentence that picks one (most, best, leads, top, highest, more,
    better, pick, go with, edge) names first the leader by `stat` per game, over the season or the last 10
    games before the as-of date (either is a right reading when they differ)."""
    leaders = {max(names, key=lambda n: _per_game(n, stat)), max(names, key=lambda n: _per_game(n, stat, 10))}

    def check(r, c):
        a = r.get("answer") or ""
        for s in re.split(r"(?<=[.!?])\s+(?=[A-Z*])|\n", a):
            if not re.search(r"\b(most|best|leads?|top|highest|more|better|pick|go with|edge)\b", s, re.I):
                continue
            pos = {n: K.fold(s).find(K.fold(n.replace(" Jr.", "").split()[-1])) for n in names}
            pos = {n: p for n, p in pos.items() if p >= 0}
            if not pos:
                continue
            first = min(pos, key=pos.get)
            return None if first in leaders else \
                f"picks {first} for {STATS.get(stat, stat)}, the leader is {sorted(leaders)}"
        return f"no sentence picks one of {names}"
    return check


def _window_total(name: str, stat: str, start: dt.date, end: dt.date) -> float:
    return sum(float(r[stat]) for r in K.player_rows().get(K.fold(name), []) if start <= r["game_date"] <= end)


def ordered_by_window_total(stat: str, days: int):
    """'totals, not per game' over the last `days` days: the listed players run in non-increasing order of
    their window total (the window read as the days before the as-of date, or ending on it), and there are
    at least two."""
    windows = [(AS_OF - dt.timedelta(days=days), AS_OF - dt.timedelta(days=1)),
               (AS_OF - dt.timedelta(days=days - 1), AS_OF)]

    def check(r, c):
        names = [n for n in player_cells(r.get("answer") or "") if K.fold(n) in K.player_rows()]
        if len(names) < 2:
            return "no ranked list"
        for w in windows:
            tot = [_window_total(n, stat, *w) for n in names]
            if all(x >= y for x, y in zip(tot, tot[1:])):
                return None
        return f"not ordered by {days}-day {stat} totals: {names[:5]}"
    return check


def opponent_players_named(k: int = 3):
    """'what's <their team> got going': at least `k` players of this week's opponent (the league's roster)
    named in the answer."""
    def check(r, c):
        theirs = [e.player.name for e in c.source.opponent_roster().entries]
        a = r.get("answer") or ""
        got = [n for n in theirs if _in(a, n)]
        return None if len(got) >= k else f"names {len(got)} of the opponent's players ({got}), wanted {k}"
    return check


def no_out_listed(r, c):
    """'he's hurt though, only healthy guys': there is a player table and no row is marked OUT."""
    cells = [x for x in K.table_column(r.get("answer") or "", "Player") if x]
    if not cells:
        return "no player table"
    bad = [x for x in cells if re.search(r"\((OUT|INJ\w*|O)\)", x)]
    return f"OUT players still listed: {bad[:3]}" if bad else None


def overlap_with_previous(k: int):
    """The same question asked twice in other words: at least `k` of the new list were on the previous one."""
    def check(r, c):
        before, now = _prev_list(c), player_cells(r.get("answer") or "")
        if not before or not now:
            return "no two lists to compare"
        same = [n for n in now if n in before]
        return None if len(same) >= k else f"only {len(same)} of {now[:6]} were in the earlier {before[:6]}"
    return check


# --- conversation acts -----------------------------------------------------------------------------
def not_claimed_done(r, c):
    """'never mind' while cards wait: nothing executes, and no sentence claims a move was made."""
    if r.get("transactions"):
        return f"text executed a move: {r['transactions']}"
    for s in re.split(r"(?<=[.!?])\s+|\n", r.get("answer") or ""):
        if re.search(r"\b(I'?ve|I have|has been|have been|was|were)\s+(added|dropped|made|approved|executed|"
                     r"moved|completed)\b", s, re.I) and not re.search(_NEG, s, re.I):
            return f"claims a move was made: {s[:100]!r}"
    return None


def warns_off(r, c):
    """'who should I NOT pick up': a free-agent tool ran and the answer names players to avoid (avoid,
    skip, pass on, stay away, steer clear, trap, don't add), not only a list of adds."""
    if not (K.calls(r, "get_free_agents") or K.calls(r, "get_player_rankings") or K.calls(r, "get_hot_players")):
        return "no free-agent tool ran"
    avoid = (r"\bavoid|\bskip\b|\bpass on\b|stay away|steer clear|\btraps?\b|"
             r"(don'?t|do not|wouldn'?t|would not) (pick|add|grab|bother)")
    return None if re.search(avoid, r.get("answer") or "", re.I) else "names nobody to avoid"
