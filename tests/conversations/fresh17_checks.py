"""fresh17's own checks (tests/conversations/fresh17.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (a free agent's position
eligibility, the wire's best in a stat, next week's games of an earlier list, who plays on a day after an
approved move, a shooting percentage from made and attempted totals, the incoming assists of an earlier trade
list, a player's and a roster's games through a date) from the box-score CSV (tests/conversations/checks.py)
or the league's own facts (`c.source`: my roster and its statuses, who owns whom, every player's eligibility),
never from the product's answers or services' advice. Each is shown passing a right hand-made result and
failing a wrong one in test_fresh17_checks.py.

Where more than one tool could rightly answer, a check accepts any of them and judges the answer's content.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, NEXT_WEEK, WEEK_END
from tests.conversations.fresh7_checks import _name_re, surname
from tests.conversations.fresh8_checks import _decided_card, _in, _lead, player_cells
from tests.conversations.fresh9_checks import _prev_list
from tests.conversations.fresh13_checks import _free_agent_pool
from tests.conversations.fresh15_checks import _first_picked
from tests.conversations.fresh16_checks import _prose, _rows, _sentences, _status, _tools, means, pct, plays_on_verdict

_NEG = r"(\bnot\b|n't\b|\bnever\b|\bno\b|\bcannot\b|\bonly\b|\bjust\b|\bmissed\b|\bmisses\b)"
_WORDS = {0: "zero|none|no", 1: "one|a single|un|une", 2: "two|deux", 3: "three|trois", 4: "four|quatre",
          5: "five|cinq", 6: "six", 7: "seven|sept", 8: "eight|huit", 9: "nine|neuf", 10: "ten|dix"}


def _alts(ns) -> str:
    """A regex alternation of counts, as digits or words (English or French)."""
    return "|".join(f"{n}|{_WORDS[n]}" if n in _WORDS else str(n) for n in sorted(ns))


def _avg(name: str, stat: str, n: int | None = None) -> float:
    rows = _rows(name, n)
    return sum(float(x[stat]) for x in rows) / max(1, len(rows))


def _prev_cards(c) -> list[dict]:
    """The waiting cards of the latest earlier turn that had any."""
    prev = next((x for x in reversed(c.results[:-1]) if x.get("pending_approvals")), None)
    return list(prev["pending_approvals"]) if prev else []


def _called(text: str, name: str) -> bool:
    """He is named in `text`: his surname, first name or a nickname (fresh7's), accents folded."""
    return _in(text, name) or re.search(_name_re(name), K.fold(text), re.I) is not None


def _strip(cell: str) -> str:
    return re.sub(r"\s*\([^)]*\)$", "", cell).strip()


# --- the league's facts ------------------------------------------------------------------------------------
def _eligible(c, name: str) -> list[str]:
    """The league's eligibility of any player, a free agent too (the league's own player record)."""
    pid = c.source.resolve_id(name)
    return list(c.source.history().snapshot.players[pid].ref.eligible)


def listed_eligible(pos: str):
    """'guards only': every row of the answer's Player table is eligible at `pos` by the league's own
    eligibility (its player records, free agents included), and there is a table."""
    def check(r, c):
        names = player_cells(r.get("answer") or "")
        if not names:
            return "no player table"
        bad = []
        for n in names:
            try:
                if pos not in _eligible(c, n):
                    bad.append(n)
            except Exception:  # a name the league does not know is not a player it can add
                bad.append(n)
        return f"rows not eligible at {pos}: {bad[:4]}" if bad else None
    return check


# --- what reached the tools ----------------------------------------------------------------------------------
def drop_reached(name: str, *aliases: str):
    """'now same thing for bogdonavic' (misspelled): he reached a move tool as the drop (evaluate_move or
    validate_slot_fit's drop, the optimizer's allow_drop), as typed (`aliases`) or resolved, or the first
    waiting card drops him (or puts him on IR); nothing executes."""
    def check(r, c):
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        for t in ("evaluate_move", "validate_slot_fit", "optimize_matchup"):
            for a in K.calls(r, t):
                v = a.get("drop") or a.get("allow_drop") or []
                if any(means(name, str(x), *aliases) for x in (v if isinstance(v, list) else [v])):
                    return None
        cards = r.get("pending_approvals") or []
        if cards and means(name, str(cards[0].get("drop") or ""), *aliases):
            return None
        return f"{name} reached no move tool as the drop and no top card moves him: {_tools(r)}"
    return check


def schedule_to(day: dt.date):
    """'between now and the 9th': a schedule through that day reached a tool: get_schedule (or
    compare_players) with `end` that day."""
    def check(r, c):
        for t in ("get_schedule", "compare_players"):
            if any(str(a.get("end") or "")[:10] == day.isoformat() for a in K.calls(r, t)):
                return None
        return f"no schedule through {day}: {_tools(r)}"
    return check


# --- cards ------------------------------------------------------------------------------------------------------
def prev_cards_pending(r, c):
    """A question about waiting cards ('what if the 2nd one', 'WHY THAT FIRST ONE'): every card of the latest
    earlier set is still pending (by its id), so the manager can still decide it; nothing executes."""
    prev = _prev_cards(c)
    if not prev:
        return "no earlier card"
    if r.get("transactions"):
        return f"text executed a move: {r['transactions']}"
    now = {x["move_id"] for x in r.get("pending_approvals") or []}
    gone = [x["title"] for x in prev if x["move_id"] not in now]
    return f"cards no longer pending: {gone[:2]}" if gone else None


def _gain_forms(g: float) -> set[str]:
    return {f"{abs(g):.2f}", f"{abs(g):.1f}"} | ({f"{abs(round(g)):d}"} if abs(g) >= 10 else set())


def cards_gap(i: int = 0, j: int = 1):
    """'what if I took the 2nd one instead, how much am I giving up vs the first': cards i and j of the latest
    earlier set are both named (their adds) and the gap is shown: both cards' own figures (to their decimals,
    to one, or rounded when 10 or more), or their difference (a decimal within rounding; rounded when 10 or
    more); nothing executes."""
    def check(r, c):
        prev = _prev_cards(c)
        if len(prev) <= max(i, j):
            return f"no cards {i + 1} and {j + 1} earlier"
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        a, x, y = r.get("answer") or "", prev[i], prev[j]
        missing = [card["add"] for card in (x, y) if not _in(a, card["add"])]
        if missing:
            return f"does not name {missing}"
        gx, gy = float(x["expected_gain"]), float(y["expected_gain"])

        def shown(g):
            return any(re.search(rf"(?<![\d.]){re.escape(f)}(?![\d])", a) for f in _gain_forms(g))
        if shown(gx) and shown(gy):
            return None
        gap = abs(gx - gy)
        for m in re.finditer(r"(?<![\d.])\d+\.(\d+)(?!\d)", a):
            tol = 0.101 if len(m.group(1)) == 1 else 0.0101
            if abs(float(m.group(0)) - gap) <= tol:
                return None
        if gap >= 10 and re.search(rf"(?<![\d.]){round(gap)}(?![\d.])", a):
            return None
        return f"neither both figures ({gx}, {gy}) nor their gap ({gap:.2f}) shown"
    return check


def cards_never_add_decided(r, c):
    """After approving a card its added player is mine: no waiting card adds him again (by his id)."""
    card = _decided_card(c)
    if card is None:
        return "no decided card"
    bad = [x["title"] for x in r.get("pending_approvals") or [] if x.get("add_id") == card.get("add_id")]
    return f"a card adds {card['add']} (already added) again: {bad[:2]}" if bad else None


def card_adds_prev_most_next_week(r, c):
    """'swap bol for whoever on that list has the most games next week': the first waiting card adds a player
    of the previous list with the most games next week (Monday-Sunday, the box scores' schedule; any of a
    tie)."""
    names = [n for n in _prev_list(c) if K.fold(n) in K.player_rows()]
    if not names:
        return "no earlier list"
    g = {n: K.games_between(n, *NEXT_WEEK) for n in names}
    want = {n for n, v in g.items() if v == max(g.values())}
    cards = r.get("pending_approvals") or []
    if not cards:
        return "no card"
    add = str(cards[0].get("add") or "")
    return None if any(K.fold(n) == K.fold(add) for n in want) else \
        f"the top card adds {add!r}; the most games next week on that list: {sorted(want)} ({g})"


# --- lists --------------------------------------------------------------------------------------------------------
def _mentions(text: str, name: str, among: list[str]) -> bool:
    """He is named in `text`: his full name; his surname, unless another player of `among` shares it ('Tyus
    Jones', 'Herbert Jones': then his first name beside it); or his first name alone when no other player of
    `among` shares it ('Tyus')."""
    t, sur, first = K.fold(text), K.fold(surname(name)), K.fold(name.split()[0])
    if K.fold(name) in t:
        return True
    others = [m for m in among if K.fold(m) != K.fold(name)]
    has_first = re.search(rf"\b{re.escape(first)}\b", t) is not None
    if re.search(rf"\b{re.escape(sur)}\b", t):
        return has_first or not any(K.fold(surname(m)) == sur for m in others)
    return has_first and len(first) >= 3 and not any(K.fold(m.split()[0]) == first for m in others)


def _two_prev_lists(c) -> list[list[str]]:
    out = []
    for x in reversed(c.results[:-1]):
        names = player_cells(x.get("answer") or "")
        if names:
            out.append(names)
        if len(out) == 2:
            break
    return out


def on_both_lists(r, c):
    """'anyone on both lists?': each player on both of the two latest earlier lists (their Player tables) is
    named; when there is none the answer says so (none, nobody, no one, no overlap); and no sentence that says
    'both' names a player of one list only (unless it says he is not, or only on one)."""
    lists = _two_prev_lists(c)
    if len(lists) < 2:
        return "no two earlier lists"
    first, second = lists
    every = list(dict.fromkeys(first + second))
    common = [n for n in first if any(K.fold(n) == K.fold(m) for m in second)]
    a = r.get("answer") or ""
    if common:
        missing = [n for n in common if not _mentions(a, n, every)]
        if missing:
            return f"on both lists but not named: {missing}"
    elif not re.search(r"\b(none|nobody|no one|no overlap|no player|not a single|zero|neither)\b|n't any", a, re.I):
        return "nobody is on both lists and the answer does not say so"
    only_one = [n for n in every if n not in common]
    for s in _sentences(_prose(a)):
        if re.search(r"\bboth\b|\boverlap\w*|\beach list\b|\btwo lists\b", s, re.I) and not re.search(_NEG, s, re.I):
            bad = [n for n in only_one if _mentions(s, n, every)]
            if bad:
                return f"{bad[0]} (on one list only) said to be on both: {s[:100]!r}"
    return None


def first_row_top_in(stat: str, k: int):
    """'anyone on the wire close to that in blocks': the answer's first Player row is a free agent among the
    wire's top k by `stat` per game (season or last 10; players with 10+ games before the as-of date; the
    league says who is free: fresh13's pool)."""
    def check(r, c):
        names = player_cells(r.get("answer") or "")
        if not names:
            return "no player table"
        pool = _free_agent_pool(c)
        top = set()
        for n in (None, 10):
            top |= set(sorted(pool, key=lambda x: -_avg(x, stat, n))[:k])
        return None if any(K.fold(t) == K.fold(names[0]) for t in top) else \
            f"{names[0]} (first row) is not among the wire's top {k} in {stat}: {sorted(top)}"
    return check


# --- trades -------------------------------------------------------------------------------------------------------
def _prev_gets(c) -> list[list[str]]:
    for x in reversed(c.results[:-1]):
        gets = K.table_column(x.get("answer") or "", "You get")
        if gets:
            return [[_strip(p) for p in g.split(" + ") if p.strip()] for g in gets]
    return []


def prev_get_leader(stat: str):
    """'which of those gets me the most assists back': among the players coming back in the latest earlier
    trade table, the first picking sentence ('most', 'best', 'leads', ...) names first one of the trade row
    with the most `stat` per game summed over its incoming players (a 1-for-2 brings two), or the single
    incoming player with the most (either reading; over the season or the last 10)."""
    def check(r, c):
        rows = [[p for p in row if K.fold(p) in K.player_rows()] for row in _prev_gets(c)]
        rows = [row for row in rows if row]
        if not rows:
            return "no earlier trade table"
        want = set()
        for n in (None, 10):
            sums = [sum(_avg(p, stat, n) for p in row) for row in rows]
            want |= {p for row, s in zip(rows, sums) if s == max(sums) for p in row}
            solo = {p: _avg(p, stat, n) for row in rows for p in row}
            want |= {p for p, v in solo.items() if v == max(solo.values())}
        names = tuple(dict.fromkeys(p for row in rows for p in row))
        first = _first_picked(r.get("answer") or "", names)
        if first is None:
            return f"no sentence picks one of {names[:6]}"
        return None if first in want else f"picks {first}; the most {stat} back: {sorted(want)}"
    return check


# --- figures -------------------------------------------------------------------------------------------------------
def pct_shown(name: str, made: str, att: str):
    """'what % of his shots does he make': his percentage over the season, his last 5 or his last 10 (the CSV's
    made over attempted totals) shown as a percent (49.9%, to none, one or two decimals) or as a ratio (.499),
    with his name (surname, first name or nickname)."""
    def check(r, c):
        a = r.get("answer") or ""
        if not re.search(_name_re(name), K.fold(a), re.I):
            return f"does not name {name}"
        vals = [pct(name, made, att, n) for n in (None, 5, 10)]
        for m in re.finditer(r"(?<![\d.])(\d{1,3})(?:\.(\d{1,2}))?\s?%", a):
            x = float(m.group(1) + ("." + m.group(2) if m.group(2) else ""))
            tol = {0: 0.51, 1: 0.051, 2: 0.0051}[len(m.group(2) or "")]
            if any(abs(x - 100 * v) <= tol for v in vals):
                return None
        for m in re.finditer(r"(?<![\d.])0?(\.\d{3})(?!\d)", a):
            if any(abs(float(m.group(1)) - v) <= 0.00051 for v in vals):
                return None
        shown = ", ".join(f"{100 * v:.1f}%" for v in vals)
        return f"{name}'s {made}/{att} ({shown}: season, last 5, last 10) not shown"
    return check


_CMP = (r"\b(better|higher|more efficient|worse|lower|less efficient|edge|ahead|behind|trails?|beats?|tops?|"
        r"outshoots?|leads?)\b")
_REVERSED = r"worse|lower|less efficient|behind|trails?"
_PRONOUN = r"\b(it|that|his|he|it's|that's|he's|hes|thats|its)\b"
_BARE = r"^\W*(better|higher|worse|lower)\b"


def _pct_in(text: str, v: float) -> bool:
    """A percentage shown in `text`: 49.9 / 49.9% (one decimal), 50% (none) or .499 / 0.499."""
    forms = (rf"(?<![\d.]){re.escape(f'{100 * v:.1f}')}(?!\d)", rf"(?<![\d.]){re.escape(f'{100 * v:.0f}')}\s?%",
             rf"(?<![\d.])0?{re.escape(f'{v:.3f}'[1:])}(?!\d)")
    return any(re.search(f, text) for f in forms)


def pct_compared(a_name: str, b_name: str, made: str, att: str, topic: str):
    """'is that better or worse than mobley's' ('that': the first player's percentage): the one with the higher
    percentage (the CSV's made over attempted totals) is the one the lead says is better, in whatever words.
    The window is the answer's own when it shows both players' figures for one (season, last 10, last 5: 'that'
    may be the last-5 figure quoted the turn before); otherwise the season and the last 10, which must agree
    (the check refuses to judge when they do not). In the first sentence of the lead that speaks of the topic
    (or opens with the verdict word), the first comparing word (better, higher, edge, ahead; worse, lower,
    behind, trails reversed) is said of the nearest player named before it (his name or nickname; 'it', 'that',
    'his', 'he' for the first player), else of the first named after it, else (a bare 'Worse.') of the first
    player."""
    def check(r, c):
        ans = r.get("answer") or ""
        vals = {k: (pct(a_name, made, att, k), pct(b_name, made, att, k)) for k in (None, 10, 5)}
        shown = [k for k, (x, y) in vals.items() if x != y and _pct_in(ans, x) and _pct_in(ans, y)]
        if shown:
            want = {a_name if vals[k][0] > vals[k][1] else b_name for k in shown}
        else:
            (sa, sb), (ta, tb) = vals[None], vals[10]
            if (sa > sb) != (ta > tb) or sa == sb:
                return "check undecidable: season and last-10 disagree"
            want = {a_name if sa > sb else b_name}
        patterns = ((a_name, _name_re(a_name)), (b_name, _name_re(b_name)), (a_name, _PRONOUN))
        for k, s in enumerate(_sentences(K.fold(_lead(r)))):
            bare = k == 0 and re.match(_BARE, s, re.I)
            if not (re.search(topic, s, re.I) or bare):
                continue
            m = re.search(_CMP, s, re.I)
            if not m:
                continue
            before = [(x.end(), who) for who, rx in patterns for x in re.finditer(rx, s[:m.start()], re.I)]
            after = [(x.start(), who) for who, rx in patterns[:2] for x in re.finditer(rx, s[m.end():], re.I)]
            who = max(before)[1] if before else (min(after)[1] if after else (a_name if bare else None))
            if who is None:
                continue
            if re.fullmatch(_REVERSED, m.group(1), re.I):
                who = b_name if who == a_name else a_name
            return None if who in want else \
                f"says {who} is better on /{topic}/ (the better: {sorted(want)}): {s[:100]!r}"
        return f"the lead does not say who is better on /{topic}/: {_lead(r)[:120]!r}"
    return check


# --- days and games ---------------------------------------------------------------------------------------------------
def added_plays_on(day: dt.date, label: str):
    """'is he playing saturday too?' after approving a card: 'he' is the added player; the yes/no agrees with
    the schedule (fresh16's plays_on_verdict), and he is named or referred to."""
    def check(r, c):
        card = _decided_card(c)
        if card is None:
            return "no decided card"
        return plays_on_verdict(card["add"], day, label)(r, c)
    return check


TEAM_WORDS = {"ATL": "atlanta|hawks", "BOS": "boston|celtics", "BRK": "brooklyn|nets", "CHI": "chicago|bulls",
              "CHO": "charlotte|hornets", "CLE": "cleveland|cavs|cavaliers", "DAL": "dallas|mavs|mavericks",
              "DEN": "denver|nuggets", "DET": "detroit|pistons", "GSW": "golden state|warriors|gsw",
              "HOU": "houston|rockets", "IND": "indiana|pacers", "LAC": "clippers|lac", "LAL": "lakers|lal",
              "MEM": "memphis|grizzlies", "MIA": "miami|heat", "MIL": "milwaukee|bucks", "MIN": "minnesota|wolves",
              "NOP": "new orleans|pelicans", "NYK": "new york|knicks", "OKC": "oklahoma city|thunder|okc",
              "ORL": "orlando|magic", "PHI": "philadelphia|sixers|76ers", "PHO": "phoenix|suns|pho|phx",
              "POR": "portland|blazers", "SAC": "sacramento|kings", "SAS": "san antonio|spurs",
              "TOR": "toronto|raptors", "UTA": "utah|jazz", "WAS": "washington|wizards"}
_CLAUSE = r"[,;\u2014\u2013]|\s-\s|\bbut\b|\bwhile\b|\bwhereas\b|\bthough\b|(?<=[.!?])\s+|\n"
_HARD_NO = (r"\bno (\w+ )?games?\b|\bnot scheduled\b|\bnot on the schedule\b|\bidle\b|\bnope\b|\bbye\b|"
            r"\b(is|are|he's|they're|'s)\s+off\b|\boff (day|tonight|today|that day|thursday|friday|saturday|sunday)\b|"
            r"\bday off\b|\b(doesn'?t|does not|don'?t|do not|won'?t|will not|isn'?t|is not|aren'?t|are not)\s+"
            r"(have a game|play\w*|scheduled|on the schedule)\b|(?<!may )(?<!might )(?<!could )\bnot play\w*|"
            r"\b(doesn'?t|does not|won'?t|isn'?t|is not)\W*$|:\s*(no|nope)\b")
_NEAR_NO = _HARD_NO + r"|^\W*no\b"
_YES = (r"\bplay(s|ing)?\b|\bgames?\b|\bschedul\w*|\bsuits? up\b|\bin action\b|\bhost\w*|\bvisit\w*|\bvs\b|"
        r"\bversus\b|\bfaces?\b|\btakes? on\b|\byes\b|\byep\b|\byeah\b")


def day_verdicts(day: dt.date, *names: str):
    """'do either of em play thursday' / 'what time does he tip off tonight': a yes/no for each player that agrees
    with the schedule (the CSV), read clause by clause (split at commas, semicolons, dashes, 'but', 'while',
    sentence ends; table lines and the words 'tip-off' left out). His own clauses name him and none of
    the others (or, when he is the only one asked, say 'he'/'his' or name his NBA team). With a game: none of
    them says he has none ('no game', "doesn't play", "Bol doesn't.", "X: no", "he's off", 'idle'; 'may not
    play' is a doubt, not a no)
    and one says yes ('plays', 'game', 'hosts', 'vs', 'yes'); without: one of them says he has none, or a
    no-game word (or a bare 'no') stands within 40 characters after his name."""
    def check(r, c):
        a = _prose(r.get("answer") or "")
        a = re.sub(r"\btip[- ]?offs?\b|\btips? off\b", "tip", a, flags=re.I)
        a = re.sub(r"(\d)\.(\d)", r"\1,\2", a.replace("Jr.", "Jr"))
        clauses = [x for x in re.split(_CLAUSE, a, flags=re.I) if x and x.strip()]
        for n in names:
            others = [m for m in names if m != n]
            mine = [x for x in clauses if _called(x, n) and not any(_called(x, m) for m in others)]
            if len(names) == 1:
                team = TEAM_WORDS.get(K.team_of(n), K.team_of(n).lower())
                mine += [x for x in clauses if x not in mine and re.search(rf"\b(he|his|he's|him|{team})\b", x, re.I)]
            said_no = [x for x in mine if re.search(_HARD_NO, x.strip(), re.I)]
            if K.plays_on(n, day):
                if said_no:
                    return f"says {n} has no game on {day}, he has one: {said_no[0][:80]!r}"
                if not any(re.search(_YES, x, re.I) for x in mine):
                    return f"does not say {n} plays on {day}"
                continue
            near = any(re.search(_NEAR_NO, K.fold(a)[m.end():m.end() + 40], re.I)
                       for m in re.finditer(_name_re(n), K.fold(a), re.I))
            if not (said_no or near):
                return f"does not say {n} has no game on {day}"
        return None
    return check


def _my_players(c, after_move: bool) -> dict[str, str]:
    """My players and their statuses; `after_move`: with the approved card applied (its drop gone, its add
    mine), whether or not the source already shows it."""
    mine = {e.player.name: _status(e) for e in c.source.roster().entries if not getattr(e, "on_ir", False)}
    card = _decided_card(c) if after_move else None
    if card is not None:
        mine = {n: s for n, s in mine.items() if K.fold(n) != K.fold(card["drop"])}
        if not any(K.fold(n) == K.fold(card["add"]) for n in mine):
            try:
                mine[card["add"]] = str(c.source.player_status(card["add"]).status).upper().split(".")[-1]
            except Exception:  # a card adds a player the league knows; ACTIVE when its status cannot be read
                mine[card["add"]] = "ACTIVE"
    return mine


_PEOPLE = (r"\b(guys?|players?|of (them|yours|your|mine|my)|dudes|starters|bodies|going|suit(ing)? up|"
           r"play(s|ing)?|have games?|with games?|active)\b")


def count_playing(day: dt.date, after_move: bool = False):
    """'how many of my guys play tomorrow' (`after_move`: 'now', after an approved card, which applies it): the
    count of my players with a game that day (the CSV), counted over all of them, those not OUT, or only
    ACTIVE ones (all right readings), said as a number beside a word for players (guys, players, of them,
    play, going)."""
    def check(r, c):
        if after_move and _decided_card(c) is None:
            return "no decided card"
        playing = {n: s for n, s in _my_players(c, after_move).items() if K.fold(n) in K.player_rows()
                   and K.plays_on(n, day)}
        ns = {len(playing), sum(s != "OUT" for s in playing.values()), sum(s == "ACTIVE" for s in playing.values())}
        count = rf"\b({_alts(ns)})\b(?![.,]\d)"
        pat = rf"{count}[^.\n]{{0,40}}{_PEOPLE}|{_PEOPLE}[^.\n\d]{{0,15}}{count}"
        a = _prose(r.get("answer") or "")
        return None if any(re.search(pat, s, re.I) for s in _sentences(a)) else \
            f"the count of my players with a game on {day} ({sorted(ns)}) not said"
    return check


_IFFY = r"(?i:\biffy\b|\bDTD\b|day[- ]to[- ]day|questionable|doubtful|\binjur\w*|\bhurt\b|\brisky\b|uncertain)|\bOUT\b"


def iffy_named(day: dt.date):
    """'and which of those are iffy': of my players with a game that day, each one the league does not list
    ACTIVE (OUT or day-to-day) is named, and no sentence calling players doubtful names only ACTIVE ones
    (unless it says they are not)."""
    def check(r, c):
        ents = {e.player.name: _status(e) for e in c.source.roster().entries if K.plays_on(e.player.name, day)}
        iffy = [n for n, s in ents.items() if s != "ACTIVE"]
        a = r.get("answer") or ""
        missing = [n for n in iffy if not _called(a, n)]
        if missing:
            return f"doubtful players with a game on {day} not named: {missing}"
        for s in _sentences(_prose(a)):
            named = [n for n in ents if _called(s, n)]
            if named and all(ents[n] == "ACTIVE" for n in named) and re.search(_IFFY, s) \
                    and not re.search(r"(\bnot\b|n't\b|\bno\b|\bhealthy\b|\bfine\b|\bclear\b)", s, re.I):
                return f"calls ACTIVE players iffy: {s[:100]!r}"
        return None
    return check


_GAMES = r"(games?|g\b|times|matchs?|matches|rencontres?)"


def games_through(name: str, end: dt.date):
    """'how many games does he have between now and the 9th': his games from the as-of day (or from tomorrow)
    through `end` (the box scores' schedule, as the product's: known through Feb 7), said as a count followed by
    a game word in a sentence naming him (or a table row with his name and the count)."""
    ns = {K.games_between(name, AS_OF, end), K.games_between(name, AS_OF + dt.timedelta(days=1), end)}
    pat = rf"\b({_alts(ns)})\s*(more |remaining |total |left |scheduled |straight )?{_GAMES}"

    def check(r, c):
        a = r.get("answer") or ""
        for s in _sentences(a):
            if (_called(s, name) or re.search(r"\bhe\b|\bhis\b|\bhe's\b", s, re.I)) and re.search(pat, s, re.I):
                return None
        for row in K.table_rows(a):
            if any(_called(x, name) for x in row) and any(x.strip() in {str(n) for n in ns} for x in row):
                return None
        return f"{name}'s games through {end} ({sorted(ns)}) not said beside his name"
    return check


def team_games_through(end: dt.date):
    """'and my whole roster combined': my roster's games from the as-of day (or tomorrow) through `end` summed,
    over every player or only those not OUT (all right readings), said as a count beside a game word or
    'total' / 'combined'."""
    def check(r, c):
        ents = [(e.player.name, _status(e)) for e in c.source.roster().entries]
        ns = set()
        for skip_out in (False, True):
            for start in (AS_OF, AS_OF + dt.timedelta(days=1)):
                ns.add(sum(K.games_between(n, start, end) for n, s in ents if not (skip_out and s == "OUT")))
        alts = "|".join(str(n) for n in sorted(ns))
        pat = (rf"\b({alts})\s*(total |combined |more |remaining |left |player[- ]|team[- ]|scheduled )?{_GAMES}|"
               rf"\b(total|combined|altogether|in all|sum)\b[^.\n\d]{{0,25}}\b({alts})\b(?![.,]\d)")
        a = r.get("answer") or ""
        return None if re.search(pat, a, re.I) else f"my roster's games through {end} ({sorted(ns)}) not said"
    return check


def added_games_left_any(r, c):
    """'il lui reste combien de matchs cette semaine?' after approving a card: the added player is named and his
    games left this week (from the as-of day or from tomorrow) said as a count beside a game word, in English or
    French (games, matchs, matches, rencontres; 'trois', 'deux')."""
    card = _decided_card(c)
    if card is None:
        return "no decided card"
    who, a = card["add"], r.get("answer") or ""
    if not _in(a, who):
        return f"does not name {who}"
    ns = {K.games_between(who, AS_OF, WEEK_END), K.games_between(who, AS_OF + dt.timedelta(days=1), WEEK_END)}
    pat = rf"\b({_alts(ns)})\s*(more |remaining |left |autres |de plus )?{_GAMES}"
    return None if re.search(pat, a, re.I) else f"{who}'s games left this week ({sorted(ns)}) not said"


# --- lineups after a move ---------------------------------------------------------------------------------------
_GONE = (r"\b(drop\w*|cut|releas\w*|waiv\w*|gone|no longer|replac\w*|swap\w*|instead of|in place of|in for|"
         r"added|spot|place|IR|injured reserve|traded)\b")


def lineup_after_move(day: dt.date):
    """'who's starting saturday now' after an approved swap: the added player, when his team plays that day (the
    CSV), is named; the dropped one is in no table row and no sentence that does not say he is gone (dropped,
    cut, replaced, swapped)."""
    def check(r, c):
        card = _decided_card(c)
        if card is None:
            return "no decided card"
        a, add, drop = r.get("answer") or "", card["add"], card["drop"]
        if K.fold(add) in K.player_rows() and K.plays_on(add, day) and not _in(a, add):
            return f"{add} (just added, plays on {day}) is not in the lineup"
        if card.get("kind") == "ir":
            return None
        for row in K.table_rows(a):
            line = " | ".join(row)
            if _in(line, drop) and not re.search(_GONE, line, re.I):
                return f"{drop} (dropped) still in the lineup: {line[:80]!r}"
        for s in _sentences(_prose(a)):
            if _in(s, drop) and not re.search(_GONE, s, re.I):
                return f"{drop} (dropped) named as if still mine: {s[:100]!r}"
        return None
    return check
