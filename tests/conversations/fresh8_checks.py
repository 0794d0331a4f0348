"""fresh8's own checks (tests/conversations/fresh8.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (games on a day, next
week's games, last-N averages and fantasy points, who is better in a category) from the box-score CSV
(tests/conversations/checks.py) or the league's own rosters (`c.source`), never from the product's
answers or services. Each is shown passing a right hand-made result and failing a wrong one in
test_fresh8_checks.py.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, NEXT_WEEK, WEEK_END

SGA, LEBRON, BALL, BARNES, MOBLEY = ("Shai Gilgeous-Alexander", "LeBron James", "LaMelo Ball", "Scottie Barnes",
                                     "Evan Mobley")
COLLINS, IVEY, BOGDAN, BOL, CONLEY = "John Collins", "Jaden Ivey", "Bogdan Bogdanović", "Bol Bol", "Mike Conley"
CLAXTON = "Nic Claxton"
BRAUN, PRITCHARD, TYUS, TRAE = "Christian Braun", "Payton Pritchard", "Tyus Jones", "Trae Young"
THURSDAY, FRIDAY, SATURDAY = dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1)
NICKS = {SGA: ("shai", "sga", "gilgeous"), LEBRON: ("lebron", "bron"), BALL: ("lamelo", "melo"),
         BOGDAN: ("bogdan", "bogi", "bogdanovic"), TYUS: ("tyus",), TRAE: ("trae",)}
POINTS_WEIGHTS = {"pts": 1, "fg3m": 1, "fga": -1, "fgm": 2, "fta": -1, "ftm": 1, "reb": 1, "ast": 2, "stl": 4,
                  "blk": 4, "tov": -2}  # the league's points scoring (its settings, a league fact)
_NEG = r"(\bnot\b|n't\b|\bno\b|\bcannot\b|\bnever\b|\bwithout\b|\bonly\b|\boutside\b)"


# --- reading -------------------------------------------------------------------------------------
def is_player(name: str, written: str) -> bool:
    """A written name (tool argument, table cell) means this player: his full name, his surname, or a
    nickname a manager types ('Bogdanovic' without the accent, 'Shai', 'Tyus')."""
    w, full = K.fold(written), K.fold(name)
    surname = K.fold(name.replace(" Jr.", "").split()[-1])
    if name == TYUS and w.strip() == "jones":
        return True
    return w == full or (surname in w and name != TYUS) or any(a in w for a in NICKS.get(name, ())) \
        or (name == TYUS and "tyus" in w)


def named(*names: str):
    """An argument list names every one of `names` (see `is_player`)."""
    return lambda v: bool(v) and all(any(is_player(n, str(x)) for x in v) for n in names)


def named_arg(name: str):
    """The call's `name` argument is this player."""
    return lambda a: is_player(name, a.get("name") or "")


def days(*ds: dt.date):
    """A `play_on` argument holds each of `ds` (dates or YYYY-MM-DD strings)."""
    return lambda v: bool(v) and all(d.isoformat() in [str(x)[:10] for x in v] for d in ds)


def player_cells(answer: str) -> list[str]:
    """The names under the answer's first Player column, a status suffix ('(OUT)') cut off."""
    return [re.sub(r"\s*\([^)]*\)$", "", n) for n in K.table_column(answer, "Player") if n and n != "-"]


def _lead(r: dict) -> str:
    return (r.get("answer") or "").split("\n\n")[0]


def _in(text: str, name: str) -> bool:
    """He is named in `text` (surname, accents folded)."""
    return K.fold(name.replace(" Jr.", "").split()[-1]) in K.fold(text)


def _mine(c) -> list[str]:
    """My roster's players, from the league (its entries hold the IR slot too, flagged `on_ir`)."""
    return [e.player.name for e in c.source.roster().entries]


def fantasy_points_avg(name: str, n: int) -> float:
    """His fantasy points per game over his last n games before the as-of date (the league's weights)."""
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF][-n:]
    return sum(sum(w * float(r[k]) for k, w in POINTS_WEIGHTS.items()) for r in rows) / len(rows)


def _figure_in(text: str, value: float) -> bool:
    """A decimal figure in `text` that is `value` shown to one or two decimals (either rounding of a
    half: 23.45 may be shown 23.4 or 23.5)."""
    return any(abs(float(x) - value) <= (0.0051 if len(x.split(".")[1]) == 2 else 0.051)
               for x in re.findall(r"(?<![\d.])\d+\.\d{1,2}(?![\d])", text))


# --- cards -----------------------------------------------------------------------------------------
def cards_at_least(n: int):
    def check(r, c):
        got = len(r.get("pending_approvals", []))
        return None if got >= n else f"{got} cards waiting, wanted at least {n}"
    return check


def _is_ir(card: dict) -> bool:
    return card.get("kind") == "ir" or bool(re.search(r"\bIR\b", card.get("title", "")))


def no_ir_card_for(name: str):
    """The manager said he will not spend the IR slot on him: no waiting card puts him on IR."""
    def check(r, c):
        bad = [x["title"] for x in r.get("pending_approvals", []) if _is_ir(x) and _in(x.get("drop", ""), name)]
        return f"a card puts {name} on IR: {bad[:2]}" if bad else None
    return check


def ir_one_again(r, c):
    """'the IR one' after a list of cards: the earlier IR card leads the answer and is still pending;
    when no earlier card was an IR move, the answer says there is none (no other card is passed off)."""
    prev = next((x for x in reversed(c.results[:-1]) if x.get("pending_approvals")), None)
    if prev is None:
        return "no earlier cards"
    irs = [x for x in prev["pending_approvals"] if _is_ir(x)]
    a = r.get("answer") or ""
    if not irs:
        return None if re.search(r"\bno\b[^.]*\bIR\b|\bnone\b[^.]*\bIR\b|\bIR\b[^.]*\bnone\b|n't[^.]*\bIR\b", a, re.I) \
            else "no IR card earlier, and the answer does not say so"
    card, lead = irs[0], _lead(r)
    if not (_in(lead, card["drop"]) and _in(lead, card["add"])):
        return f"the IR card ({card['title'][:60]}) does not lead the answer: {lead[:100]!r}"
    if card["move_id"] not in [x["move_id"] for x in r.get("pending_approvals", [])]:
        return "the IR card is no longer pending"
    return None


def _decided_card(c) -> dict | None:
    for res in reversed(c.results):
        for x in res.get("pending_approvals", []):
            if c.decided and x["move_id"] == c.decided[-1]:
                return x
    return None


def changed_named(r, c):
    """'what changed' after approving a card: the answer names its added player and the one it
    dropped (or moved to IR)."""
    card = _decided_card(c)
    if card is None:
        return "no decided card in the thread"
    a = r.get("answer") or ""
    missing = [n for n in (card["add"], card["drop"]) if not _in(a, n)]
    return f"the approved move's {missing} not named" if missing else None


def next_card_shown(r, c):
    """'next?' after declining a card: the lead names another move (an add and a drop that are not the
    declined pair), and that move waits as a card."""
    card = _decided_card(c)
    if card is None:
        return "no decided card in the thread"
    cards = [x for x in r.get("pending_approvals", []) if x["move_id"] not in c.decided
             and (x["drop_id"], x["add_id"]) != (card["drop_id"], card["add_id"])]
    if not cards:
        return "no other card waiting"
    lead = _lead(r)
    return None if any(_in(lead, x["add"]) and _in(lead, x["drop"]) for x in cards) else \
        f"the lead names no other move: {lead[:100]!r}"


def ir_slot_full(name: str, holder: str):
    """A second IR request with the one IR slot taken: the answer says the slot is full (naming who holds
    it), no card puts `name` on IR, nothing executes."""
    def check(r, c):
        a = r.get("answer") or ""
        if not re.search(r"\bfull\b|\balready\b|\btaken\b|\boccupied\b|\bonly (one|1)\b|\bno (free |open |empty )?IR",
                         a, re.I):
            return f"does not say the IR slot is full: {a[:120]!r}"
        if not _in(a, holder):
            return f"does not name {holder} in the slot"
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        return no_ir_card_for(name)(r, c)
    return check


# --- verdicts ----------------------------------------------------------------------------------------
def _direction(text: str) -> str | None:
    lead = text.split("\n")[0]
    hold = re.search(r"\bhold\b|\bkeep\b|\bride\b|\bstay\b", lead, re.I)
    stream = re.search(r"\bstream\b|\bdrop\b|\bswap\b|\bcut\b|\breplace\b", lead, re.I)
    if hold and not stream:
        return "hold"
    if stream and not hold:
        return "stream"
    if hold and stream:
        return "hold" if hold.start() < stream.start() else "stream"
    return None


def verdict_kept(r, c):
    """Pushback with no new fact ('are you sure?'): the verdict does not flip, and it is backed by figures."""
    before = next((_direction(x.get("answer") or "") for x in reversed(c.results[:-1])
                   if _direction(x.get("answer") or "")), None)
    now = _direction(r.get("answer") or "")
    if before is None:
        return "no earlier verdict"
    if now is None:
        return f"no hold/stream verdict in the lead: {(r.get('answer') or '')[:100]!r}"
    if now != before:
        return f"verdict flipped from {before} to {now} on pushback alone"
    if len(re.findall(r"\d+\.\d", r.get("answer") or "")) < 2:
        return "no figures behind the verdict"
    return None


def cat_winner(a_name: str, b_name: str, stat: str, words: str):
    """In X vs Y for one category: the one with more `stat` per game (season and last 10 agree; the check
    refuses to judge otherwise) is the one the lead says is better at it (the first comparing word is said
    of the nearest name before it in its sentence, else the first after; 'fewer'/'trails' reversed)."""
    def check(r, c):
        sa, sb = K.last_n_avg(a_name, stat, 82), K.last_n_avg(b_name, stat, 82)
        ta, tb = K.last_n_avg(a_name, stat, 10), K.last_n_avg(b_name, stat, 10)
        if (sa > sb) != (ta > tb):
            return "check undecidable: season and last-10 disagree"
        win, lose = (a_name, b_name) if sa > sb else (b_name, a_name)
        lead = re.sub(r"(\d)\.(\d)", r"\1,\2", _lead(r).replace("Jr.", "Jr"))
        if not re.search(words, lead, re.I):
            return f"the lead does not speak of /{words}/"
        w, l_ = win.split()[-1], lose.split()[-1]
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
                return None if who == w else f"says {lose} is better: {sent[:100]!r}"
        return f"does not say {win} is better: {lead[:120]!r}"
    return check


def why_top_drop_not(other: str):
    """'why that guy and not X' after cards: the answer names the top card's drop and X with a figure
    for each (two or more decimals); when the top card already drops X, it says so."""
    def check(r, c):
        prev = next((x for x in reversed(c.results[:-1]) if x.get("pending_approvals")), None)
        if prev is None:
            return "no earlier card"
        drop, a = prev["pending_approvals"][0]["drop"], r.get("answer") or ""
        if K.fold(drop) == K.fold(other):
            return None if _in(a, other) else f"does not say the card already drops {other}"
        if not (_in(a, drop) and _in(a, other)):
            return f"does not name both {drop} and {other}"
        return None if len(re.findall(r"[-+]?\d+\.\d", a)) >= 2 else "no figures compared"
    return check


def all_compared(*names: str):
    """Three (or more) players compared: every one named, with at least one figure per player."""
    def check(r, c):
        a = r.get("answer") or ""
        missing = [n for n in names if not _in(a, n)]
        if missing:
            return f"does not name {missing}"
        return None if len(re.findall(r"\d+\.\d", a)) >= len(names) else "not a figure per player"
    return check


def last_n_each(n: int, *names: str):
    """'just their last n' after a comparison: each player's last-n average is shown, in fantasy points
    or in real points (both right in a points league), from the CSV."""
    def check(r, c):
        a = r.get("answer") or ""
        bad = [x for x in names
               if not (_figure_in(a, fantasy_points_avg(x, n)) or _figure_in(a, K.last_n_avg(x, "pts", n)))]
        return None if not bad else \
            f"last-{n} figures missing for {bad} (fp {[round(fantasy_points_avg(x, n), 1) for x in bad]})"
    return check


def not_modelled(topic: str):
    """Out of scope: a sentence says the topic is not something the product has (a negation beside it)."""
    pat = rf"({topic})[^.]*{_NEG}|{_NEG}[^.]*({topic})"
    return lambda r, c: None if re.search(pat, r.get("answer") or "", re.I) else \
        f"does not say /{topic}/ is not modelled: {(r.get('answer') or '')[:140]!r}"


def status_out(name: str):
    """His status comes from the box scores: he is named and said OUT / injured / missing games."""
    def check(r, c):
        a = r.get("answer") or ""
        return None if _in(a, name) and re.search(r"\bOUT\b|injur|missed|hasn'?t played|sidelined", a, re.I) else \
            f"{name} not said out: {a[:120]!r}"
    return check


def rank_of(name: str):
    """Where he ranks: he is named beside a rank ('#12', 'ranks 12th', 'No. 12')."""
    def check(r, c):
        a = r.get("answer") or ""
        for line in re.split(r"(?<=[.!?])\s+|\n", a):
            if _in(line, name) and re.search(r"#\s?\d+|\brank\w*\s+(no\.?\s*)?\d+|\b\d+(st|nd|rd|th)\b|No\. ?\d+",
                                             line, re.I):
                return None
        return f"no rank given for {name}: {a[:120]!r}"
    return check


# --- days and games ----------------------------------------------------------------------------------
def all_play(day: dt.date):
    """Every player in the answer's Player table has a game on `day`, and there is such a table."""
    def check(r, c):
        names = player_cells(r.get("answer") or "")
        if not names:
            return "no player table"
        bad = [n for n in names if not K.plays_on(n, day)]
        return f"no game on {day}: {bad[:4]}" if bad else None
    return check


def my_players_on(day: dt.date):
    """'who on my team plays <day>': every player of mine with a game that day is named, and a sentence
    naming one without a game (outside a table) says he has none."""
    def check(r, c):
        a = r.get("answer") or ""
        mine = _mine(c)
        yes = [n for n in mine if K.plays_on(n, day)]
        missing = [n for n in yes if not _in(a, n)]
        if missing:
            return f"playing on {day} but not named: {missing[:4]}"
        for line in re.split(r"(?<=[.!?])\s+|\n", a):
            if line.strip().startswith("|"):
                continue  # a schedule table marks each day in its own cells
            wrong = [n for n in mine if n not in yes and _in(line, n)]
            if wrong and not re.search(r"\bno\b|\bnot\b|n't|\boff\b|\bidle\b|\brest|\bsit|\bwithout\b", line, re.I):
                return f"{wrong[:3]} named as playing on {day}: {line[:100]!r}"
        return None
    return check


def games_this_and_next(r, c):
    """'next week compared to this week': my roster's games next week (Mon-Sun) and this week's left (from
    today, with or without today's games) are both said."""
    a = r.get("answer") or ""
    mine = _mine(c)
    nxt = sum(K.games_between(n, *NEXT_WEEK) for n in mine)
    now = {sum(K.games_between(n, AS_OF, WEEK_END) for n in mine),
           sum(K.games_between(n, AS_OF + dt.timedelta(days=1), WEEK_END) for n in mine)}
    if not re.search(rf"\b{nxt}\b", a):
        return f"next week's {nxt} games not said"
    return None if any(re.search(rf"\b{n}\b", a) for n in now) else f"this week's {sorted(now)} games not said"


def fewest_next_week(r, c):
    """'who has the fewest games next week': a player of mine with the fewest is named beside that count,
    and nobody with more is said to have it."""
    a = r.get("answer") or ""
    counts = {n: K.games_between(n, *NEXT_WEEK) for n in _mine(c)}
    low = min(counts.values())
    if not re.search(rf"\b{low}\b", a):
        return f"the fewest ({low}) not said"
    return None if any(_in(a, n) for n, g in counts.items() if g == low) else \
        f"none of {[n for n, g in counts.items() if g == low][:4]} ({low} games) named"


# --- lists --------------------------------------------------------------------------------------------
def listed_free_agents(r, c):
    """Every listed player is a free agent in the league (the source's owner), and there is a list."""
    names = player_cells(r.get("answer") or "")
    if not names:
        return "no player table"
    bad = []
    for n in names:
        try:
            if c.source.owner_of(c.source.resolve_id(n)) is not None:
                bad.append(n)
        except Exception:  # a name the league does not know is not a free agent it can add
            bad.append(n)
    return f"rostered (or unknown) players listed as pickups: {bad[:4]}" if bad else None


def scoring_fa_list(limit: int | None = None):
    """Free agents ranked by real points (PTS) reached a tool: get_free_agents(target_categories has PTS)
    or get_player_rankings(availability free_agents, sort PTS); with `limit` when given."""
    def check(r, c):
        for a in K.calls(r, "get_free_agents"):
            if "PTS" in (a.get("target_categories") or []) and (limit is None or a.get("limit") == limit):
                return None
        for a in K.calls(r, "get_player_rankings"):
            if a.get("availability") == "free_agents" and str(a.get("sort", "")).upper() == "PTS" \
                    and (limit is None or a.get("limit") == limit):
                return None
        return f"no free-agent PTS list{f' of {limit}' if limit else ''}: " \
               f"{[(x['name'], x.get('args')) for x in r.get('tool_calls', [])]}"
    return check


def ros_fa_pick(punt: list[str] | None = None):
    """A rest-of-season free-agent list reached a tool (get_free_agents horizon rest_of_season, or
    get_player_rankings of free agents by ros_value), with the punt when given."""
    def ok_punt(a):
        return punt is None or set(punt) <= set(a.get("punt") or [])

    def check(r, c):
        if any(a.get("horizon") == "rest_of_season" and ok_punt(a) for a in K.calls(r, "get_free_agents")):
            return None
        if any(a.get("availability") == "free_agents" and a.get("sort") == "ros_value" and ok_punt(a)
               for a in K.calls(r, "get_player_rankings")):
            return None
        tools = [(x["name"], x.get("args")) for x in r.get("tool_calls", [])]
        return f"no rest-of-season free-agent list (punt {punt}): {tools}"
    return check


def daily_lineup_on(day: dt.date):
    """The day's lineup tool ran for `day` (its date, or no date when `day` is the as-of date)."""
    def check(r, c):
        got = K.calls(r, "compose_daily_lineup")
        if any((a.get("date") or AS_OF.isoformat())[:10] == day.isoformat() for a in got):
            return None
        return f"compose_daily_lineup not run for {day}: {got}"
    return check


def top_card_adds_player_on(day: dt.date):
    """The top waiting card adds a player with a game on `day` (a move answering 'who plays tonight')."""
    def check(r, c):
        cards = r.get("pending_approvals", [])
        if not cards:
            return "no card waiting"
        add = cards[0]["add"]
        return None if K.plays_on(add, day) else f"the top card adds {add}, who has no game on {day}"
    return check


# --- combining -----------------------------------------------------------------------------------
def all_of(*checks):
    """Every check passes (the first problem otherwise)."""
    def check(r, c):
        return next((p for p in (f(r, c) for f in checks) if p), None)
    return check


def one_of(*checks):
    """At least one check passes: when several tools could rightly answer, any right one counts."""
    def check(r, c):
        problems = [f(r, c) for f in checks]
        return None if any(p is None for p in problems) else " / ".join(problems)
    return check
