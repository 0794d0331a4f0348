"""fresh18's own checks (tests/conversations/fresh18.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (a player's status in the
league, the starting slots left empty on a day, a week's fantasy total from an average and the games left, the
most games left on the thread's first list, the leader of an earlier list in a stat, which of two players is
ahead in both shooting percentages, a player's games next week, a player's weekend games) from the box-score CSV
(tests/conversations/checks.py) or the league's own facts (`c.source`: my roster and its statuses, who owns
whom, every player's eligibility, the wire's own per-game figures), never from the product's answers. Where a
check reads an earlier card or list (the card the manager edits, the last card he points at, a number he asks
about), it reads it only to know what he referred to, and judges the new answer against the CSV or the league.
Each is shown passing a right hand-made result and failing a wrong one in test_fresh18_checks.py.

Where more than one tool could rightly answer, a check accepts any of them and judges the answer's content.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, NEXT_WEEK, WEEK_END
from tests.conversations.fresh7_checks import surname
from tests.conversations.fresh8_checks import _decided_card, _in
from tests.conversations.fresh9_checks import _prev_list
from tests.conversations.fresh12_checks import _first_list
from tests.conversations.fresh13_checks import _CANT, fpts_avg, scope_said
from tests.conversations.fresh15_checks import _first_picked
from tests.conversations.fresh16_checks import (_NO_GAME, STARTING_SLOTS, _prose, _sentences, _shown, _status, _tools,
                                                means, pct, plays_on_verdict)
from tests.conversations.fresh17_checks import _alts, _avg, _called, _eligible, _my_players, _prev_cards

SAT, SUN = dt.date(2025, 2, 1), dt.date(2025, 2, 2)
_NEG = r"(\bnot\b|n't\b|\bnever\b|\bno\b|\bnor\b|\bcannot\b|\bisn'?t\b)"
_HE = r"\b(he|his|him|he's|hes)\b"


def _own_lines(answer: str, name: str) -> list[str]:
    """The sentences and table rows that speak of him: his name (surname, first name, nickname) or 'he'."""
    lines = _sentences(answer) + [" | ".join(row) for row in K.table_rows(answer)]
    return [s for s in lines if _called(s, name) or re.search(_HE, s, re.I)]


def _first_cards(c) -> list[dict]:
    """The cards of the thread's first turn that left any waiting (what 'the third option' points back to)."""
    first = next((x for x in c.results[:-1] if x.get("pending_approvals")), None)
    return list(first["pending_approvals"]) if first else []


def _player_columns(answer: str) -> list[str]:
    """The names under every Player column of the answer's tables, in order (a lineup table and a wire table may
    both have one), a status suffix ('(OUT)') cut off."""
    out, col = [], None
    for cells in K.table_rows(answer):
        if "Player" in cells:
            col = cells.index("Player")
            continue
        if col is not None and len(cells) > col and cells[col] and cells[col] != "-":
            out.append(re.sub(r"\s*\([^)]*\)$", "", cells[col]).strip())
    return out


def _is_free(c, name: str) -> bool | None:
    """He is a free agent in the league (None: the league does not know the name)."""
    try:
        return c.source.owner_of(c.source.resolve_id(name)) is None
    except Exception:  # a name the league cannot resolve is nobody's to add
        return None


def _league_status(c, name: str) -> str | None:
    """His status as the league infers it (ACTIVE, DTD, OUT): his status report, else his roster entry."""
    try:
        return str(c.source.player_status(name).status).upper().split(".")[-1]
    except Exception:  # the roster's own entry, when a status report cannot be read
        for e in c.source.roster().entries:
            if K.fold(e.player.name) == K.fold(name):
                return _status(e)
    return None


# --- cards -------------------------------------------------------------------------------------------------------
def top_card_is(drop: str, add: str, *drop_aliases: str):
    """'bol -> braun ?' / '-bogi +pritchard': the first waiting card drops `drop` (as the manager typed him too:
    `drop_aliases`) and adds `add`."""
    def check(r, c):
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        top = cards[0]
        if means(drop, str(top.get("drop") or ""), *drop_aliases) and means(add, str(top.get("add") or "")):
            return None
        return f"the top card is {str(top.get('title') or '')[:60]!r}, not drop {drop} for {add}"
    return check


def edited_card(i: int, drop: str, *drop_aliases: str):
    """'the 2nd one but drop bogi instead': the first waiting card adds the add of card i of the latest earlier
    set and drops `drop` (the manager's edit of that card); nothing executes."""
    def check(r, c):
        prev = _prev_cards(c)
        if len(prev) <= i:
            return f"no card {i + 1} earlier"
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        want = prev[i]["add"]
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        top = cards[0]
        if K.fold(str(top.get("add") or "")) == K.fold(want) and means(drop, str(top.get("drop") or ""), *drop_aliases):
            return None
        return f"the top card is {str(top.get('title') or '')[:60]!r}, not drop {drop} for {want} (card {i + 1}'s add)"
    return check


def last_card_repeated(r, c):
    """'the last one. that one. go' while cards wait: the last card of the latest earlier set is named in the lead
    (its add and its drop), the answer says to approve it, and it is still pending (text executes nothing)."""
    prev = _prev_cards(c)
    if not prev:
        return "no earlier card"
    if r.get("transactions"):
        return f"text executed a move: {r['transactions']}"
    card, a = prev[-1], r.get("answer") or ""
    lead = a.split("\n\n")[0]
    if not (_in(lead, card["add"]) and _in(lead, card["drop"])):
        return f"the last card ({str(card.get('title') or '')[:60]}) does not lead the answer: {lead[:100]!r}"
    if not re.search(r"\bapprov", a, re.I):
        return "does not say to approve the card"
    if card["move_id"] not in [x["move_id"] for x in r.get("pending_approvals") or []]:
        return "the card is no longer pending"
    return None


def top_card_adds_prev_first(drop: str, *drop_aliases: str):
    """'first guy. drop bol for him': the first waiting card drops `drop` and adds 'the first guy' of the previous
    answer: the first free agent under any of its Player columns, or its top card's add."""
    def check(r, c):
        if len(c.results) < 2:
            return "no earlier answer"
        prev = c.results[-2]
        want = [n for n in _player_columns(prev.get("answer") or "") if _is_free(c, n)][:1]
        want += [x["add"] for x in (prev.get("pending_approvals") or [])[:1]]
        if not want:
            return "no earlier list or card to point at"
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        top = cards[0]
        if not means(drop, str(top.get("drop") or ""), *drop_aliases):
            return f"the top card drops {top.get('drop')!r}, not {drop}"
        return None if any(K.fold(w) == K.fold(str(top.get("add") or "")) for w in want) else \
            f"the top card adds {top.get('add')!r}, not the first guy ({want})"
    return check


def card_stat_figure(i: int, stat: str):
    """'how many 3s does that guy hit a game' about card i of the thread's first set: its add is named with his
    per-game `stat` (CSV column) over the season or his last 5 or 10 (one or two decimals); nothing executes."""
    def check(r, c):
        cards = _first_cards(c)
        if not cards or not -len(cards) <= i < len(cards):
            return f"no card {i} in the thread's first set"
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        who, a = cards[i]["add"], r.get("answer") or ""
        if not _in(a, who):
            return f"does not name {who}"
        figs = [_avg(who, stat, n) for n in (None, 5, 10)]
        return None if any(_shown(a, f) for f in figs) else \
            f"{who}'s {stat} per game ({', '.join(f'{f:.2f}' for f in figs)}) not shown"
    return check


_GONE_NOW = (r"\b(no longer|already|gone|isn'?t on|is not on|not on your|can'?t|cannot|not possible|not available|"
             r"moot|off the table|used up|taken)\b")


def rejudged(i: int):
    """'still worth doing now that the first one went through?' of card i of the thread's first set, after a
    decision: when it clashes with the decided card (same drop or same add), the answer names its add and says it
    can no longer be made; otherwise a verdict on that very move reached a tool (evaluate_move or
    validate_slot_fit with its drop and add), or it waits again as a card, or the optimizer ran again and the
    answer names its add with a figure. Nothing executes."""
    def check(r, c):
        cards, done = _first_cards(c), _decided_card(c)
        if len(cards) <= i:
            return f"no card {i + 1} in the thread's first set"
        if done is None:
            return "no decided card"
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        card, a = cards[i], r.get("answer") or ""
        if not _in(a, card["add"]):
            return f"does not name {card['add']} (card {i + 1}'s add)"
        if done.get("drop_id") == card.get("drop_id") or done.get("add_id") == card.get("add_id"):
            return None if re.search(_GONE_NOW, a, re.I) else \
                f"card {i + 1} clashes with the approved move, and the answer does not say it can no longer be made"
        for t in ("evaluate_move", "validate_slot_fit"):
            for args in K.calls(r, t):
                if means(card["drop"], str(args.get("drop") or "")) and means(card["add"], str(args.get("add") or "")):
                    return None
        if any(x.get("drop_id") == card.get("drop_id") and x.get("add_id") == card.get("add_id")
               for x in r.get("pending_approvals") or []):
            return None
        if K.calls(r, "optimize_matchup") and re.search(r"\d+\.\d", a):
            return None
        return f"no fresh verdict on card {i + 1} ({str(card.get('title') or '')[:50]}): {_tools(r)}"
    return check


def card_add_not_pos(pos: str):
    """'no centers' for a pickup: cards wait and no card adds a player eligible at `pos` (the league's own
    eligibility), or a sentence says the moves cannot be limited that way (a can't-word beside the position)."""
    words = {"C": r"(?i:cent(er|re)s?|\bbigs?\b)|(?<![A-Za-z])C(?![A-Za-z%])",
             "G": r"(?i:guards?)|(?<![A-Za-z])G(?![A-Za-z])",
             "F": r"(?i:forwards?)|(?<![A-Za-z])F(?![A-Za-z])"}.get(pos, re.escape(pos))

    def check(r, c):
        cards = r.get("pending_approvals") or []
        if cards:
            bad = []
            for x in cards:
                try:
                    if pos in _eligible(c, str(x.get("add") or "")):
                        bad.append(x["add"])
                except Exception:  # the league knows every player a card adds; unknown is not a pass
                    bad.append(f"{x.get('add')} (eligibility unknown)")
            return f"cards add players eligible at {pos}: {bad[:3]}" if bad else None
        for s in _sentences(r.get("answer") or ""):
            if re.search(words, s) and re.search(_CANT, s, re.I):
                return None
        return f"no card, and no word that the adds cannot be kept off {pos}"
    return check


# --- status and return ----------------------------------------------------------------------------------------------
_STATUS_WORDS = {
    "OUT": r"(?-i:\bOUT\b)|\bout\b|injur|sidelined|\bmiss(ed|es|ing)\b|hasn'?t played|not played",
    "DTD": r"day[- ]to[- ]day|(?-i:\bDTD\b)|questionable|doubtful|\bmiss(ed|es|ing)\b|\bsat( out)?\b|\biffy\b|"
           r"uncertain|not (fully|100)|n't (fully|100)",
    "ACTIVE": r"\bactive\b|\bhealthy\b|\bplayed\b|\bplaying\b|good to go|\bfine\b|no injur|not (hurt|injured)|"
              r"n't (hurt|injured)|\bavailable\b",
}
_HEALTHY_CLAIM = r"\b(fully healthy|100 ?%|healthy|good to go|all clear|cleared|no injury)\b"
_HURT_CLAIM = r"(?-i:\bOUT\b)|injur|sidelined|day[- ]to[- ]day|(?-i:\bDTD\b)|questionable|doubtful|\bhurt\b"
_HEARSAY = r"\b(but|however|though|podcast|pod|heard|report\w*|rumou?r\w*|says?|said|claim\w*|supposedly)\b"


def status_said(name: str):
    """'heard on a pod he's fully healthy now, that what your data says?': the answer speaks of him (name or 'he')
    with a word for the status the league infers for him (OUT: out, injured, missed; DTD: day-to-day, DTD,
    questionable, missed, sat; ACTIVE: active, healthy, played, available), and no sentence of him states the
    opposite as fact (a hurt player called healthy, a healthy one called hurt), unless it negates it or
    reports what was heard ('the podcast says healthy, but ...')."""
    def check(r, c):
        status = _league_status(c, name)
        if status not in _STATUS_WORDS:
            return f"check undecidable: {name}'s status {status!r} unknown"
        own = _own_lines(r.get("answer") or "", name)
        if not own:
            return f"does not speak of {name}"
        if not any(re.search(_STATUS_WORDS[status], s, re.I) for s in own):
            return f"{name}'s status ({status}) not said: {own[0][:100]!r}"
        wrong = _HURT_CLAIM if status == "ACTIVE" else _HEALTHY_CLAIM
        bad = [s for s in own if re.search(wrong, s, re.I) and not re.search(_NEG, s, re.I)
               and not re.search(_HEARSAY, s, re.I)]
        return f"says the opposite of his status ({status}): {bad[0][:100]!r}" if bad else None
    return check


def chance_said(name: str):
    """'what's the % he plays by sunday': a sentence or table row speaking of him (name or 'he') carries a percent."""
    def check(r, c):
        for s in _own_lines(r.get("answer") or "", name):
            if re.search(r"\d+(,\d+)?\s?%", s):
                return None
        return f"no chance (a percent) given for {name}: {(r.get('answer') or '')[:120]!r}"
    return check


# --- days, slots and games ------------------------------------------------------------------------------------------
_SLOT = r"(open|empty|unfilled|unused|free|vacant|spots?|slots?|holes?|openings?)"


def open_slots_said(day: dt.date, after_move: bool = False):
    """'how many empty starting spots will I have friday' (`after_move`: 'now', after an approved card, with it
    applied): the starting slots (10) less my players with a game that day (the CSV), counted over all of them,
    those not OUT, or only ACTIVE ones (all right readings; the IR slot's player left out), said as a number
    beside a slot word (open, empty, spots, slots, holes)."""
    def check(r, c):
        if after_move and _decided_card(c) is None:
            return "no decided card"
        playing = {n: s for n, s in _my_players(c, after_move).items() if K.fold(n) in K.player_rows()
                   and K.plays_on(n, day)}
        counts = {len(playing), sum(s != "OUT" for s in playing.values()), sum(s == "ACTIVE" for s in playing.values())}
        opens = {max(0, STARTING_SLOTS - k) for k in counts}
        n = rf"\b({_alts(opens)})\b(?![.,]\d)"
        pat = rf"{n}[^.\n\d]{{0,30}}\b{_SLOT}\b|\b{_SLOT}\b[^.\n\d]{{0,25}}{n}"
        a = _prose(r.get("answer") or "")
        return None if any(re.search(pat, s, re.I) for s in _sentences(a)) else \
            f"the open starting slots on {day} ({sorted(opens)}) not said"
    return check


def first_list_row_plays(i: int, day: dt.date, label: str):
    """'the 4th guy on that first list — does he play saturday?' (asked turns later, across a decision): row i of
    the thread's first list is named and the yes/no agrees with the schedule (fresh16's plays_on_verdict)."""
    def check(r, c):
        names = _first_list(c)
        if len(names) <= i:
            return f"no earlier list with a row {i + 1}"
        who = names[i]
        if not _in(r.get("answer") or "", who):
            return f"does not name {who} (row {i + 1} of the first list)"
        return plays_on_verdict(who, day, label)(r, c)
    return check


def added_weekend(r, c):
    """'does he play this weekend?' after approving a card: for each of Saturday and Sunday the added player has a
    game on (the CSV), the yes/no agrees with the schedule (fresh16's plays_on_verdict); with neither, a sentence
    says he has no game."""
    card = _decided_card(c)
    if card is None:
        return "no decided card"
    who = card["add"]
    if K.fold(who) not in K.player_rows():
        return f"check undecidable: {who} not in the box scores"
    on = [(d, lbl) for d, lbl in ((SAT, "Saturday"), (SUN, "Sunday")) if K.plays_on(who, d)]
    if not on:
        a = _prose(r.get("answer") or "")
        return None if any(re.search(_NO_GAME, s, re.I) for s in _sentences(a)) else \
            f"{who} has no weekend game and the answer does not say so"
    return next((p for p in (plays_on_verdict(who, d, lbl)(r, c) for d, lbl in on) if p), None)


def most_left_of_first(r, c):
    """'of the 5, who's got the most games left' a turn after another question: among the thread's first list,
    the first picking sentence names first a player with the most games left this week, counted from the as-of
    morning or from tomorrow (any of a tie; both counts are right readings)."""
    names = [n for n in _first_list(c) if K.fold(n) in K.player_rows()]
    if not names:
        return "no earlier list"
    want = set()
    for start in (AS_OF, AS_OF + dt.timedelta(days=1)):
        g = {n: K.games_between(n, start, WEEK_END) for n in names}
        want |= {n for n, v in g.items() if v == max(g.values())}
    first = _first_picked(r.get("answer") or "", tuple(names))
    if first is None:
        return f"no sentence picks one of {names[:5]}"
    return None if first in want else f"picks {first}; the most games left on the first list: {sorted(want)}"


def next_week_most_mine(r, c):
    """'next week, who on my team plays the most': the first player of mine the lead names has the most games next
    week (Monday-Sunday, the box scores' schedule; any of a tie)."""
    mine = [e.player.name for e in c.source.roster().entries]
    g = {n: K.games_between(n, *NEXT_WEEK) for n in mine if K.fold(n) in K.player_rows()}
    want = {n for n, v in g.items() if v == max(g.values())}
    lead = K.fold(_prose(r.get("answer") or "").strip().split("\n\n")[0])
    pos = {n: m.start() for n in g if (m := re.search(rf"\b{re.escape(K.fold(surname(n)))}\b", lead))}
    if not pos:
        return f"the lead names none of my players: {lead[:100]!r}"
    first = min(pos, key=pos.get)
    return None if first in want else f"names {first} first ({g[first]} games); the most next week: {sorted(want)}"


def window_call(lo: dt.date, hi: dt.date, *names: str):
    """'next 10 days only: X or Y': a comparison or a schedule of both players reached a tool (compare_players or
    get_schedule, its names holding each) with its `end` between lo and hi (ten days from today or tomorrow)."""
    def check(r, c):
        for t in ("compare_players", "get_schedule"):
            for a in K.calls(r, t):
                got = a.get("names") or []
                end = str(a.get("end") or "")[:10]
                if all(any(means(n, str(x)) for x in got) for n in names) and lo.isoformat() <= end <= hi.isoformat():
                    return None
        return f"no comparison of {names} through {lo}..{hi}: {_tools(r)}"
    return check


# --- figures --------------------------------------------------------------------------------------------------------
def _week_totals(c, name: str) -> set[float]:
    """His fantasy points for the rest of this week as a manager multiplies it: a per-game figure (his season,
    last 5 or last 10 average from the CSV, or the wire's own expected and per-game value for him) times his games
    left (from today or from tomorrow); and the wire's own total for him (value x games, the ranking key)."""
    games = {K.games_between(name, AS_OF, WEEK_END), K.games_between(name, AS_OF + dt.timedelta(days=1), WEEK_END)}
    per = {fpts_avg(name), fpts_avg(name, 5), fpts_avg(name, 10)}
    extra: set[float] = set()
    try:
        fa = next(f for f in c.source.free_agents(limit=50) if K.fold(f.player.name) == K.fold(name))
        per |= {float(fa.expected_per_game), float(fa.value)}
        extra.add(float(fa.score))
    except Exception:  # not on the wire's first 50, or a source without one: the CSV's figures alone
        pass
    return {p * g for p in per for g in games} | extra


def week_total_said(name: str):
    """'so times his games left this wk that's what, like 90?': a figure within 1 of one of his week totals
    (`_week_totals`) is shown in a sentence or row that speaks of him (name, 'he', 'his') or works the sum
    ('x', '×', 'times'); a bare echo of the manager's guess does not count."""
    def check(r, c):
        want = _week_totals(c, name)
        a = r.get("answer") or ""
        lines = _own_lines(a, name) + [s for s in _sentences(a) if re.search(r"×|\*|\btimes\b|\d\s?x\s?\d", s, re.I)]
        for s in lines:
            for x in re.findall(r"(?<![\d.,])\d{1,3}(?:[.,]\d{1,2})?(?![\d])", s):
                v = float(x.replace(",", "."))
                if any(abs(v - w) <= 1.0 for w in want):
                    return None
        return f"{name}'s week total ({', '.join(f'{w:.1f}' for w in sorted(want))}) not shown"
    return check


def fp_avg_shown(name: str):
    """'what's he average in fantasy pts this yr': his season fantasy points per game (the league's weights,
    the CSV) shown to one or two decimals, with his name."""
    def check(r, c):
        a = r.get("answer") or ""
        if not _called(a, name):
            return f"does not name {name}"
        want = fpts_avg(name)
        return None if _shown(a, want) else f"{name}'s season fantasy average {want:.2f} not shown"
    return check


def prev_leader(stat: str):
    """'which of those is the best on the boards': among the previous list's players, the first picking sentence
    names first the leader by `stat` per game (CSV column) over the season or the last 10 (either reading)."""
    def check(r, c):
        names = [n for n in _prev_list(c) if K.fold(n) in K.player_rows()]
        if not names:
            return "no earlier list"
        want = set()
        for n in (None, 10):
            vals = {x: round(_avg(x, stat, n), 6) for x in names}
            want |= {x for x, v in vals.items() if v == max(vals.values())}
        first = _first_picked(r.get("answer") or "", tuple(names))
        if first is None:
            return f"no sentence picks one of {names[:5]}"
        return None if first in want else f"picks {first}; the leader in {stat}: {sorted(want)}"
    return check


def dominant_pick(win: str, lose: str):
    """'need fg% but can't afford to tank ft%: X or Y': two constraints at once. When one player has the higher FG%
    and the higher FT% over the season, the last 10 and the last 5 (the CSV's made over attempted totals; the
    check refuses to judge otherwise), the first picking sentence names him first."""
    def check(r, c):
        for made, att in (("fgm", "fga"), ("ftm", "fta")):
            if not all(pct(win, made, att, n) > pct(lose, made, att, n) for n in (None, 10, 5)):
                return f"check undecidable: {win} is not ahead of {lose} in {made}/{att} over every window"
        first = _first_picked(r.get("answer") or "", (win, lose))
        if first is None:
            return f"no sentence picks {win} or {lose}"
        return None if first == win else f"picks {first}; {win} is ahead in both FG% and FT%"
    return check


# --- out of scope -----------------------------------------------------------------------------------------------------
_OFFER = (r"\b(I can|I could|I'?ll|I will|want me to|happy to|instead|here'?s|here is|try|ask me|what I (can|do)|"
          r"nearest|closest|I do have|you can|if you want|let me)\b")


def scope_offer(topic: str):
    """Out of scope with the nearest thing offered: a sentence says the topic is not something the product does
    (fresh13's scope_said: a can't-word beside it; nothing executes), and the answer offers what it has: an offer
    phrase ('I can', 'instead', "here's", 'want me to') in a sentence without a can't-word, or after a 'but' /
    'instead' in the same one, or a tool that ran to give it."""
    inner = scope_said(topic)

    def check(r, c):
        bad = inner(r, c)
        if bad:
            return bad
        if r.get("tool_calls"):
            return None
        for s in _sentences(r.get("answer") or ""):
            if re.search(_OFFER, s, re.I) and not re.search(_CANT, s, re.I):
                return None
            m = re.search(r"\b(but|instead|however)\b", s, re.I)
            if m and re.search(_OFFER + r"|\bcan\b", s[m.end():], re.I):
                return None
        return "says it is out of scope but offers nothing nearer"
    return check


# --- what reached the tools ------------------------------------------------------------------------------------------
ALIASES = {"Bogdan Bogdanović": ("bogi",), "Nic Claxton": ("clax",), "LaMelo Ball": ("melo",)}


def lists(*names: str):
    """A list argument (give, get, exclude) naming every one of `names`: full name, surname, a known nickname, or
    the alias the manager typed ('bogi')."""
    return lambda v: isinstance(v, list) and all(any(means(n, str(x), *ALIASES.get(n, ())) for x in v) for n in names)


def lacks(key: str, name: str):
    """The call's list argument `key` does not name him ('forget conley': he is out of the give list)."""
    return lambda a: not any(means(name, str(x), *ALIASES.get(name, ())) for x in (a.get(key) or []))


def swap_call(drop: str, add: str, *drop_aliases: str):
    """A verdict on that very swap reached a tool (evaluate_move or validate_slot_fit with this drop, as typed too,
    and this add); nothing executes."""
    def check(r, c):
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        for t in ("evaluate_move", "validate_slot_fit"):
            for a in K.calls(r, t):
                if means(drop, str(a.get("drop") or ""), *drop_aliases) and means(add, str(a.get("add") or "")):
                    return None
        return f"no verdict on drop {drop}, add {add}: {_tools(r)}"
    return check


# --- my roster ranked ----------------------------------------------------------------------------------------------
def _ranked_mine(answer: str, c) -> list[str]:
    """My players in the order the answer ranks them: its Player column when it holds five or more of them, else
    the order of their first mention in the prose (surname as a word, accents folded)."""
    mine = [e.player.name for e in c.source.roster().entries]
    col = []
    for cell in _player_columns(answer):
        hit = next((m for m in mine if K.fold(m) == K.fold(cell) or K.fold(surname(m)) == K.fold(cell)), None)
        if hit and hit not in col:
            col.append(hit)
    if len(col) >= 5:
        return col
    text = K.fold(_prose(answer))
    pos = {m: x.start() for m in mine if (x := re.search(rf"\b{re.escape(K.fold(surname(m)))}\b", text))}
    return sorted(pos, key=pos.get)


def _worst_best(c) -> tuple[set[str], set[str]]:
    """The players a worst-to-best ranking may rightly open and close with: the two lowest by season fantasy points
    per game or any the league lists OUT (he gives nothing now); the three highest."""
    ents = list(c.source.roster().entries)
    by_fp = sorted(ents, key=lambda e: fpts_avg(e.player.name))
    worst = {e.player.name for e in by_fp[:2]} | {e.player.name for e in ents if _status(e) == "OUT"}
    return worst, {e.player.name for e in by_fp[-3:]}


def ranked_worst_first(r, c):
    """'rank my whole team worst to best': the ranking opens with one of the worst (`_worst_best`) and closes with
    one of the best three, and names at least ten of my players."""
    order = _ranked_mine(r.get("answer") or "", c)
    if len(order) < 10:
        return f"ranks only {len(order)} of my players"
    worst, best = _worst_best(c)
    if order[0] not in worst:
        return f"opens with {order[0]}; the worst are {sorted(worst)}"
    return None if order[-1] in best else f"closes with {order[-1]}; the best are {sorted(best)}"


def top_card_drops_prev_worst(r, c):
    """'cut the worst one' after a worst-to-best ranking: the first waiting card drops (or moves to IR) the player
    the previous answer ranked first."""
    if len(c.results) < 2:
        return "no earlier answer"
    order = _ranked_mine(c.results[-2].get("answer") or "", c)
    if not order:
        return "the earlier answer ranked nobody of mine"
    cards = r.get("pending_approvals") or []
    if not cards:
        return "no card"
    return None if means(order[0], str(cards[0].get("drop") or "")) else \
        f"the top card drops {cards[0].get('drop')!r}, not {order[0]} (ranked worst)"


def better_over(win: str, lose: str, end: dt.date):
    """'next 10 days only: X or Y' in a points league: when one player is ahead on every count a manager weighs over
    that span (season and last-5 fantasy points per game, the CSV; games from today, and from tomorrow, through
    `end`), the first picking sentence ('better', 'more', 'go with', 'edge', ...) names him first; the check
    refuses to judge otherwise."""
    def check(r, c):
        ahead = [fpts_avg(win) > fpts_avg(lose), fpts_avg(win, 5) > fpts_avg(lose, 5)]
        ahead += [K.games_between(win, s, end) > K.games_between(lose, s, end)
                  for s in (AS_OF, AS_OF + dt.timedelta(days=1))]
        if not all(ahead):
            return f"check undecidable: {win} is not ahead of {lose} on every count through {end}"
        first = _first_picked(r.get("answer") or "", (win, lose))
        if first is None:
            return f"no sentence picks {win} or {lose}"
        return None if first == win else f"picks {first}; {win} is ahead on average and on games through {end}"
    return check
