"""fresh11's own checks (tests/conversations/fresh11.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (who leads a summed
stat, games left this week for three players or two rosters, a per-game figure) from the box-score CSV
(tests/conversations/checks.py) or the league's own rosters (`c.source`), never from the product's
answers or services. Each is shown passing a right hand-made result and failing a wrong one in
test_fresh11_checks.py.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, WEEK_END
from tests.conversations.fresh8_checks import _decided_card, _in, _lead, is_player, player_cells
from tests.conversations.fresh9_checks import _prev_list

AYO, LONZO, MELO, WEMBY = "Ayo Dosunmu", "Lonzo Ball", "LaMelo Ball", "Victor Wembanyama"
_PICK = r"\b(most|best|leads?|top|highest|more|better|pick|go with|edge|wins?)\b"


def _rows(name: str, n: int | None = None) -> list[dict]:
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    return rows[-n:] if n else rows


def _per_game_sum(name: str, stats: tuple[str, ...], n: int | None = None) -> float:
    rows = _rows(name, n)
    return sum(float(r[s]) for r in rows for s in stats) / max(1, len(rows))


def _first_picked(answer: str, names: tuple[str, ...]) -> str | None:
    """The player the first picking sentence ('most', 'best', 'leads', ...) names first, if any."""
    for s in re.split(r"(?<=[.!?])\s+(?=[A-Z*])|\n", answer):
        if not re.search(_PICK, s, re.I):
            continue
        pos = {n: K.fold(s).find(K.fold(n.replace(" Jr.", "").split()[-1])) for n in names}
        pos = {n: p for n, p in pos.items() if p >= 0}
        if pos:
            return min(pos, key=pos.get)
    return None


# --- who leads -----------------------------------------------------------------------------------
def leader_by(stats: tuple[str, ...], *names: str):
    """'who gets more stocks, X, Y or Z': a summed stat ('stocks' = STL + BLK per game). The first picking
    sentence names first a leader over the season or over the last 10 games (either reading is right when
    they differ; any of a tie)."""
    def leaders(n):
        vals = {x: round(_per_game_sum(x, stats, n), 6) for x in names}
        return {x for x, v in vals.items() if v == max(vals.values())}
    want = leaders(None) | leaders(10)

    def check(r, c):
        first = _first_picked(r.get("answer") or "", names)
        if first is None:
            return f"no sentence picks one of {names}"
        return None if first in want else f"picks {first} for {'+'.join(stats)}, the leader is {sorted(want)}"
    return check


def most_games_left_of(*names: str):
    """'which of the three has the most games left this week': the first picking sentence names first one
    with the most games left (counted with today or without; any of a tie)."""
    def best(start):
        g = {n: K.games_between(n, start, WEEK_END) for n in names}
        return {n for n, v in g.items() if v == max(g.values())}
    want = best(AS_OF) | best(AS_OF + dt.timedelta(days=1))

    def check(r, c):
        first = _first_picked(r.get("answer") or "", names)
        if first is None:
            return f"no sentence picks one of {names}"
        return None if first in want else f"picks {first}, the most games left is {sorted(want)}"
    return check


def games_left_both(r, c):
    """'do they have more games left than me': both rosters' games left this week are said (each counted
    over the whole roster or its players not OUT, with today or without: all right readings), and the
    answer says who has more consistently with those figures (opponent more here: a comparing word)."""
    def counts(entries):
        out = set()
        for healthy in (False, True):
            for start in (AS_OF, AS_OF + dt.timedelta(days=1)):
                out.add(sum(K.games_between(e.player.name, start, WEEK_END) for e in entries
                            if not (healthy and str(e.status).upper().endswith("OUT"))))
        return out
    a = r.get("answer") or ""
    nums = {int(x) for x in re.findall(r"(?<![\d.])\d{1,2}(?!\d)(?!\.\d)", a)}
    theirs, mine = counts(c.source.opponent_roster().entries), counts(c.source.roster().entries)
    if not nums & theirs:
        return f"the opponent's games left ({sorted(theirs)}) not said"
    if not nums & mine:
        return f"my games left ({sorted(mine)}) not said"
    return None if re.search(r"\b(more|fewer|less|edge|ahead|behind|advantage|extra)\b", a, re.I) else \
        "does not say who has more games"


# --- lists -----------------------------------------------------------------------------------------
def drops_or_corrects(i: int):
    """'the first one is injured, isn't he?': either the new list leaves out that row of the previous list
    and lists nobody OUT, or the answer corrects the manager (names him as active / healthy / not hurt)."""
    def check(r, c):
        before = _prev_list(c)
        if not (-len(before) <= i < len(before)) or not before:
            return f"no earlier list with a row {i}"
        who, a = before[i], r.get("answer") or ""
        for s in re.split(r"(?<=[.!?])\s+|\n", a):
            fine = r"\bactive\b|\bhealthy\b|(not|isn'?t|no)\s+(\w+\s+)?(injur|hurt|out\b)"
            if _in(s, who) and re.search(fine, s, re.I) and not s.strip().startswith("|"):
                return None
        now = player_cells(a)
        if not now:
            return f"neither a new list nor a word that {who} is healthy"
        if any(K.fold(n) == K.fold(who) for n in now):
            return f"{who} listed again"
        bad = [x for x in K.table_column(a, "Player") if re.search(r"\((OUT|INJ\w*|O)\)", x or "")]
        return f"OUT players listed: {bad[:3]}" if bad else None
    return check


def all_play_any(*days: dt.date):
    """'weekend streamers': every listed player has a game on at least one of `days`, and there is a list."""
    def check(r, c):
        names = [n for n in player_cells(r.get("answer") or "") if K.fold(n) in K.player_rows()]
        if not names:
            return "no player table"
        bad = [n for n in names if not any(K.plays_on(n, d) for d in days)]
        return f"no game on {[str(d) for d in days]}: {bad[:4]}" if bad else None
    return check


def trades_give_all(*names: str):
    """'Beal + Conley for one better guard': every trade row sends each of `names`; no trade table is right
    only when the answer says none was found."""
    def check(r, c):
        a = r.get("answer") or ""
        gives = K.table_column(a, "You give")
        if not gives:
            return None if re.search(r"\b(no|none|couldn'?t find|could not find|nothing)\b[^.]*\btrades?\b", a, re.I) \
                else "no trade table and no word that none was found"
        bad = [g for g in gives if not all(any(is_player(n, p) for p in g.split(" + ")) for n in names)]
        return f"trades that do not send all of {names}: {bad[:3]}" if bad else None
    return check


# --- figures -----------------------------------------------------------------------------------------
def stat_figure(name: str, stat: str):
    """'would he help my steals': he is named and his per-game `stat` over the season or his last 5 or 10
    games is shown (one or two decimals)."""
    def check(r, c):
        a = r.get("answer") or ""
        if not _in(a, name) and K.fold(name.split()[0]) not in K.fold(a):
            return f"does not name {name}"
        figs = [_per_game_sum(name, (stat,), n) for n in (None, 5, 10)]
        shown = [x for x in re.findall(r"(?<![\d.])\d+\.\d{1,2}(?!\d)", a)]
        ok = any(abs(float(x) - f) <= (0.0051 if len(x.split(".")[1]) == 2 else 0.051) for x in shown for f in figs)
        return None if ok else f"{name}'s {stat} per game ({', '.join(f'{f:.2f}' for f in figs)}) not shown"
    return check


# --- cards -----------------------------------------------------------------------------------------
def top_card_adds(name: str):
    """The first waiting card adds `name`."""
    def check(r, c):
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        return None if is_player(name, str(cards[0].get("add") or "")) else \
            f"the top card adds {cards[0].get('add')!r}, not {name}"
    return check


def top_card_add_games_left(n: int):
    """'someone with 3 games left this week': the first waiting card adds a player with at least `n` games
    from the as-of day to Sunday (today counted: its games are still to play)."""
    def check(r, c):
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        add = str(cards[0].get("add") or "")
        if K.fold(add) not in K.player_rows():
            return f"the top card's add {add!r} is not in the box scores"
        got = K.games_between(add, AS_OF, WEEK_END)
        return None if got >= n else f"the top card adds {add}, {got} games left (wanted {n}+)"
    return check


def top_card_adds_prev_first(r, c):
    """'add the top one' after a list: the first waiting card adds the previous list's first row."""
    names = _prev_list(c)
    if not names:
        return "no earlier list"
    return top_card_adds(names[0])(r, c)


def explains_decided_card(r, c):
    """'why did you even suggest that' after declining a card: the answer names that card's add and drop
    and backs it with a figure (a number with decimals); nothing executes."""
    card = _decided_card(c)
    if card is None:
        return "no decided card in the thread"
    if r.get("transactions"):
        return f"text executed a move: {r['transactions']}"
    a = r.get("answer") or ""
    missing = [n for n in (card["add"], card["drop"]) if not _in(a, n)]
    if missing:
        return f"the declined card's {missing} not named"
    return None if re.search(r"\d+\.\d", a) else "no figure behind the reason"


def nothing_went_through(r, c):
    """'did anything go through?' after a declined card and a never mind: the answer says no move was made
    (a negation beside move / approved / change / roster), and nothing executes."""
    if r.get("transactions"):
        return f"text executed a move: {r['transactions']}"
    a = r.get("answer") or ""
    pat = (r"(\bno\b|\bnone\b|\bnothing\b|n't\b|\bnot\b|\bzero\b)[^.\n]{0,50}(moves?\b|approv|chang|transaction|"
           r"went through|executed|roster)|"
           r"(moves?|approv\w*|chang\w*|transactions?)[^.\n]{0,30}(\bnone\b|\bnothing\b|\bno\b)")
    return None if re.search(pat, a, re.I) else f"does not say nothing went through: {a[:120]!r}"


def weakest_named(r, c):
    """'what's my weakest cat now': the team-strength tool ran and the lead names a category."""
    if not K.calls(r, "get_team_strength"):
        return f"get_team_strength not called: {[x['name'] for x in r.get('tool_calls', [])]}"
    lead = _lead(r)
    tokens = r"(?<![A-Za-z])(FG%|FT%|3PM|REB|AST|STL|BLK|TO|PTS)(?![A-Za-z])|rebound|assist|steal|block|turnover|three"
    return None if re.search(tokens, lead, re.I) else f"the lead names no category: {lead[:100]!r}"
