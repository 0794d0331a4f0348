"""fresh6's own checks (tests/conversations/fresh6.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (games, days,
averages) from the box-score CSV (tests/conversations/checks.py), never from the product's services.
Each is shown passing a right hand-made result and failing a wrong one in test_fresh6_checks.py.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, WEEK_END
from tests.conversations.fresh2 import JACKSON
from tests.conversations.suite import BALL, COLLINS, CONLEY, IVEY, LEBRON, MOBLEY, SGA

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


_NO = (r"(\bno (\w+ )?games?\b|\bnot play\w*|n'?t play\w*|\bnot scheduled|\boff\b|\bidle\b|\brests?\b|"
       r"\bnothing\b)")


def _plays_day_verdict(name: str, day: dt.date, label: str):
    """A yes/no on his game on `day` that agrees with the schedule: when he plays, the answer names the
    day and no sentence says he has no game that day (a 'no game' / 'doesn't play' / 'off' next to the
    day's name); when he does not, a sentence says so."""
    def check(r, c):
        a = r.get("answer") or ""
        day_words = rf"({label}|{label[:3]}\b|{day.strftime('%b')} {day.day}\b|{day.isoformat()}|{day.month}/{day.day})"
        sents = [s for s in re.split(r"(?<=[.!?])\s+|\n", a) if re.search(day_words, s, re.I)]
        if not sents:
            return f"{label} not answered"
        neg = [s for s in sents if re.search(rf"{_NO}.{{0,25}}{day_words}|{day_words}.{{0,15}}{_NO}", s, re.I)]
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
    expected_gain, to the card's decimals, to one, or rounded when 10 or more) and names its add; a
    made-up quote is corrected, not adopted."""
    top = _top_card(c)
    if top is None:
        return "no earlier card"
    a = r.get("answer") or ""
    g = float(top["expected_gain"])
    forms = {f"{abs(g):.2f}", f"{abs(g):.1f}", str(abs(g))} | ({f"{abs(round(g)):d}"} if abs(g) >= 10 else set())
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
    in the lead paragraph: the first comparing word ('better', 'more', 'edge', ...; 'fewer', 'trails'
    reversed) is said of him (the nearest name before it in its sentence, else the first after)."""
    def check(r, c):
        sa, sb = K.last_n_avg(a_name, "blk", 82), K.last_n_avg(b_name, "blk", 82)
        ta, tb = K.last_n_avg(a_name, "blk", 10), K.last_n_avg(b_name, "blk", 10)
        if (sa > sb) != (ta > tb):
            return "check undecidable: season and last-10 disagree"
        win, lose = (a_name, b_name) if sa > sb else (b_name, a_name)
        lead = (r.get("answer") or "").split("\n\n")[0].replace("Jr.", "Jr")
        lead = re.sub(r"(\d)\.(\d)", r"\1,\2", lead)  # a decimal point or 'Jr.' does not end a sentence
        if not re.search(r"block|\bBLK\b", lead, re.I):
            return "the lead does not speak of blocks"
        w, l_ = win.split()[-2 if win.endswith("Jr.") else -1], lose.split()[-1]
        for sent in re.split(r"(?<=[.!?;])\s+|\n", lead):
            for m in re.finditer(r"\b(better|more|edge|leads?|ahead|wins?|beats?|tops?|fewer|less|trails?|behind)\b",
                                 sent, re.I):
                before = [(x.start(), n) for n in (w, l_) for x in re.finditer(n, sent[:m.start()], re.I)]
                after = [(x.start(), n) for n in (w, l_) for x in re.finditer(n, sent[m.end():], re.I)]
                who = max(before)[1] if before else (min(after)[1] if after else None)
                if who is None:
                    continue
                if re.fullmatch(r"fewer|less|trails?|behind", m.group(1), re.I):
                    who = l_ if who == w else w
                return None if who == w else f"says {lose} is better on blocks: {sent[:100]!r}"
        return f"does not say {win} is better on blocks: {lead[:120]!r}"
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


_NEG = r"(\bnot\b|n't\b|\bno\b|\bcannot\b)"
_not_modelled = K.says(rf"(standings|playoff|odds)[^.]*{_NEG}|{_NEG}[^.]*(standings|playoff|odds)")


def _blk_fa_list(limit: int):
    """A list of free agents ranked by blocks reached a tool: get_free_agents(target_categories has
    BLK, limit) or get_player_rankings(availability free_agents, sort BLK, limit)."""
    def check(r, c):
        for a in K.calls(r, "get_free_agents"):
            if "BLK" in (a.get("target_categories") or []) and a.get("limit") == limit:
                return None
        for a in K.calls(r, "get_player_rankings"):
            if a.get("availability") == "free_agents" and a.get("sort") == "BLK" and a.get("limit") == limit:
                return None
        return f"no free-agent blocks list of {limit}: {[(x['name'], x.get('args')) for x in r.get('tool_calls', [])]}"
    return check


FREE_AGENT = K.listed_all("Owner", lambda o: o == "Free agent", "free agents")
KEEP_JJJ = has(JACKSON)
