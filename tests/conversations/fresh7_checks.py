"""fresh7's own checks (tests/conversations/fresh7.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (games, days,
averages, fantasy points) from the box-score CSV (tests/conversations/checks.py) or the league's own
facts (`c.source`: my roster, who owns whom), never from the product's answers or its planner. Each is
shown passing a right hand-made result and failing a wrong one in test_fresh7_checks.py.

Where more than one tool could rightly answer, a check accepts any of them (`any_of`) and judges the
answer's content instead.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, NEXT_WEEK, WEEK_END
from tests.conversations.fresh6_checks import _decided_card, _player_cells
from tests.conversations.suite import IVEY

THURSDAY, FRIDAY, SATURDAY, SUNDAY = (dt.date(2025, 1, 30), dt.date(2025, 1, 31), dt.date(2025, 2, 1),
                                      dt.date(2025, 2, 2))
IR_SLOTS = 1  # the demo league's IR slots (ESPN's default layout, docs/league.md)
# ESPN's default points weights (docs/league.md), to recompute a fantasy-points average from the CSV
POINTS_WEIGHTS = {"pts": 1, "fg3m": 1, "fga": -1, "fgm": 2, "fta": -1, "ftm": 1, "reb": 1, "ast": 2, "stl": 4,
                  "blk": 4, "tov": -2}
SUFFIXES = {"jr", "jr.", "sr", "sr.", "ii", "iii", "iv"}
NICKNAMES = {"Shai Gilgeous-Alexander": ("sga", "shai", "gilgeous"), "Jaren Jackson Jr.": ("jjj",),
             "LeBron James": ("bron",), "LaMelo Ball": ("melo",), "Victor Wembanyama": ("wemby",),
             "Cade Cunningham": ("cade",)}
_NEG = r"(\bnot\b|n't\b|\bno\b|\bcannot\b|\bnever\b|\bwon'?t\b|\bunable\b|\boutside\b|\bbeyond\b)"


def surname(name: str) -> str:
    """The last word of a name that is not a suffix ('Jaren Jackson Jr.' -> 'Jackson')."""
    words = [w for w in name.split() if K.fold(w) not in SUFFIXES]
    return words[-1]


def is_player(name: str, written: str) -> bool:
    """`written` (a tool argument, a table cell) names this player: his full name, his surname, or a
    nickname the user typed ('jjj', 'wemby', 'SGA')."""
    w = K.fold(written)
    return K.fold(name) in w or K.fold(surname(name)) in w or any(n in w.split() or n == w
                                                                  for n in NICKNAMES.get(name, ()))


def has(*names: str):
    """An argument list names every one of `names`."""
    return lambda v: bool(v) and isinstance(v, list) and all(any(is_player(n, str(x)) for x in v) for n in names)


def named(name: str):
    """The tool's `name` argument is this player."""
    return lambda a: is_player(name, a.get("name") or "")


def days(*want: dt.date, exact: bool = False):
    """A `play_on` argument holds each of `want` (dates or YYYY-MM-DD strings); `exact`: nothing else."""
    def pred(v):
        got = {str(x)[:10] for x in (v or [])}
        need = {d.isoformat() for d in want}
        return bool(v) and need <= got and (not exact or got == need)
    return pred


def any_of(*checks):
    """Passes when any of `checks` passes (more than one tool can rightly answer); else the first's problem."""
    def check(r, c):
        problems = [chk(r, c) for chk in checks]
        return None if any(p is None for p in problems) else " / ".join(str(p) for p in problems)
    return check


def _sentences(text: str, semicolon: bool = True) -> list[str]:
    """Sentences and lines; a decimal or 'Jr.' ends none; `semicolon=False` keeps a list after a
    colon whole ('Close categories: FG%; FT%')."""
    text = re.sub(r"(\d)\.(\d)", r"\1,\2", text.replace("Jr.", "Jr"))
    ends = r"(?<=[.!?;])\s+|\n" if semicolon else r"(?<=[.!?])\s+|\n"
    return [s for s in re.split(ends, text) if s.strip()]


def _my_entries(c):
    return list(c.source.roster().entries)


def _avg(rows, stat: str) -> float:
    if stat == "fpts":
        return sum(sum(w * float(r[k]) for k, w in POINTS_WEIGHTS.items()) for r in rows) / len(rows)
    return sum(float(r[stat]) for r in rows) / len(rows)


def _rows_before(name: str, n: int):
    return [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF][-n:]


def _shows(answer: str, x: float) -> bool:
    return any(re.search(rf"(?<![\d.]){re.escape(f)}(?!\d)", answer) for f in {f"{x:.1f}", f"{x:.2f}"})


# --- figures from the CSV ----------------------------------------------------------------------
def last_n_either(name: str, n: int):
    """'their last 10' in a points league: the answer shows his last-n average of real points or of
    fantasy points (ESPN's default weights), to one or two decimals: both are right readings."""
    def check(r, c):
        rows = _rows_before(name, n)
        a = r.get("answer") or ""
        pts, fp = _avg(rows, "pts"), _avg(rows, "fpts")
        return None if _shows(a, pts) or _shows(a, fp) else \
            f"{name}'s last-{n} average ({pts:.1f} pts, {fp:.1f} fantasy pts) not shown"
    return check


def points_figure(name: str):
    """The nearest thing to a points prop the product has: his real-points (or fantasy-points) average
    over the season or his last 3, 5, 7 or 10 games (any one, to one or two decimals)."""
    def check(r, c):
        a = r.get("answer") or ""
        figs = [_avg(_rows_before(name, n), stat) for stat in ("pts", "fpts") for n in (82, 3, 5, 7, 10)]
        return None if any(_shows(a, x) for x in figs) else f"no points average of {name} shown ({figs[0]:.1f} season)"
    return check


def _name_re(name: str) -> str:
    """A regex for how an answer may call him: surname, first name or a nickname."""
    words = {K.fold(surname(name)), K.fold(name.split()[0]), *NICKNAMES.get(name, ())}
    return r"\b(" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + r")\b"


def said_better(win: str, lose: str, topic: str):
    """The lead says `win` beats `lose` on `topic` (a regex): the first comparing word of a sentence
    that speaks of the topic ('more', 'better', 'edge', ...; 'fewer', 'trails' reversed) is said of
    him (the nearest name before it, else the first after); with no comparing word, the lead's first
    sentence names him first ('Tyus Jones: 3 games left; Schröder 2')."""
    def check(r, c):
        lead = K.fold((r.get("answer") or "").split("\n\n")[0])  # 'Schroder' typed is 'Schröder'
        w, l_ = _name_re(win), _name_re(lose)
        for sent in _sentences(lead):
            if not re.search(topic, sent, re.I):
                continue
            for m in re.finditer(r"\b(better|more|most|edge|leads?|ahead|wins?|beats?|tops?|fewer|less|trails?|behind)\b",
                                 sent, re.I):
                before = [(x.start(), n) for n in (w, l_) for x in re.finditer(n, sent[:m.start()], re.I)]
                after = [(x.start(), n) for n in (w, l_) for x in re.finditer(n, sent[m.end():], re.I)]
                who = max(before)[1] if before else (min(after)[1] if after else None)
                if who is None:
                    continue
                if re.fullmatch(r"fewer|less|trails?|behind", m.group(1), re.I):
                    who = l_ if who == w else w
                return None if who == w else f"says {lose} is ahead on /{topic}/: {sent[:100]!r}"
        # no comparing word: the answer to 'who' is the one its first sentence names first
        first = next(iter(_sentences(lead)), "")
        at = {n: m.start() for n in (w, l_) if (m := re.search(n, first, re.I))}
        if w in at and at[w] == min(at.values()) and re.search(topic, lead, re.I):
            return None
        return f"the lead does not say {win} is ahead on /{topic}/: {lead[:120]!r}"
    return check


# --- schedules ---------------------------------------------------------------------------------
def _next_week_games(name: str) -> int:
    return K.games_between(name, *NEXT_WEEK)


def _max_next_week() -> int:
    return max(sum(NEXT_WEEK[0] <= d <= NEXT_WEEK[1] for d in ds) for ds in K.team_dates().values())


def nobody_has_4_next_week(r, c):
    """'who has 4 games next week': when no NBA team plays 4 times that week (the box scores end on
    Feb 7), the answer says no one has 4 (and may show the 3-game ones); when some do, every listed
    free agent has 4."""
    a = r.get("answer") or ""
    if _max_next_week() >= 4:
        names = _player_cells(a)
        bad = [n for n in names if _next_week_games(n) < 4]
        return None if names and not bad else f"listed without 4 games next week: {bad[:4] or 'no table'}"
    four = r"(\b(4|four)[- ]games?\b|\b(4|four) times\b|\b(has|have|play|plays|get|gets) (4|four)\b)"
    says = any(re.search(rf"(\bno\b|\bnone\b|\bnobody\b|\bno one\b|\bnot a single\b|n't)[^.]*{four}|"
                         rf"{four}[^.]*(\bnone\b|\bnobody\b|\bno one\b)|"
                         r"(\bat most|\ba max\w* of|\bmaximum( of)?|\bno more than|\btops? out at)\s+(3|three)\b", s, re.I)
               for s in _sentences(a))
    return None if says else "does not say that nobody has 4 games next week (the most is 3)"


def fa_next_week_min(n: int):
    """Every player in the answer's Player table has at least `n` games next week, and there is a table."""
    def check(r, c):
        names = _player_cells(r.get("answer") or "")
        if not names:
            return "no player table"
        bad = [x for x in names if _next_week_games(x) < n]
        return f"fewer than {n} games next week: {bad[:4]}" if bad else None
    return check


def _healthy(e) -> bool:
    return not e.on_ir and not str(e.status).upper().endswith("OUT")


def day_players_named(day: dt.date):
    """A lineup for `day`: every healthy player of mine with a game that day is named (the day has
    fewer of them than starting slots, so each one starts)."""
    def check(r, c):
        a = K.fold(r.get("answer") or "")
        want = [e.player.name for e in _my_entries(c) if _healthy(e) and K.plays_on(e.player.name, day)]
        missing = [n for n in want if K.fold(n) not in a and K.fold(surname(n)) not in a]
        return f"players with a game on {day} not named: {missing}" if missing else None
    return check


def nobody_idle(*on: dt.date):
    """'anyone with no game on these days': the players of mine with no game on any of `on`, from the
    CSV; when there are none the answer says so (nobody / everyone plays), else it names each."""
    def check(r, c):
        a = r.get("answer") or ""
        idle = [e.player.name for e in _my_entries(c) if not any(K.plays_on(e.player.name, d) for d in on)]
        if idle:
            missing = [n for n in idle if K.fold(surname(n)) not in K.fold(a)]
            return f"idle players not named: {missing}" if missing else None
        ok = re.search(r"\b(nobody|no one|none|no player|everyone|everybody|every player|all \d+|all of (your|them))\b", a,
                       re.I)
        return None if ok else f"does not say every player has a game: {a[:120]!r}"
    return check


def most_games_named(r, c):
    """'which of them has the most games left': the lead names a player of the earlier table with the
    most games left this week (as-of day to Sunday, the CSV's schedule; any of a tie)."""
    names = _player_cells(c.results[-2].get("answer") or "")
    if not names:
        return "no earlier list"
    games = {n: K.games_between(n, AS_OF, WEEK_END) for n in names}
    top = max(games.values())
    lead = K.fold((r.get("answer") or "").split("\n\n")[0])
    best = [n for n, g in games.items() if g == top]
    return None if any(K.fold(n) in lead for n in best) else f"the lead names none of {best} ({top} games)"


# --- lists and trades --------------------------------------------------------------------------
def none_from(team: str):
    """No player in the answer's Player table plays for NBA team `team` (his last team in the CSV)."""
    def check(r, c):
        names = _player_cells(r.get("answer") or "")
        if not names:
            return "no player table"
        bad = [n for n in names if K.team_of(n) == team]
        return f"players from {team} listed: {bad}" if bad else None
    return check


def not_listed(name: str):
    """`name` is not a row of the answer's Player table."""
    def check(r, c):
        bad = [n for n in _player_cells(r.get("answer") or "") if K.fold(n) == K.fold(name)]
        return f"{name} listed" if bad else None
    return check


def never_gives(name: str):
    """No trade row gives `name` (matched on his surname, not a 'Jr.')."""
    def check(r, c):
        gives = K.table_column(r.get("answer") or "", "You give")
        bad = [g for g in gives if any(is_player(name, part) for part in g.split(" + "))]
        return f"trades give {name}: {bad[:3]}" if bad else None
    return check


_NO_TRADE = r"\b(no|none|couldn'?t find|could not find|nothing)\b[^.]*\btrades?\b"


def trades_all_get(name: str):
    """Every trade row brings in `name`; when there is no trade table, the answer says none was found."""
    def check(r, c):
        a = r.get("answer") or ""
        gets = K.table_column(a, "You get")
        if not gets:
            return None if re.search(_NO_TRADE, a, re.I) else "no trade table and no word that none was found"
        bad = [g for g in gets if not any(is_player(name, part) for part in g.split(" + "))]
        return f"trades without {name}: {bad[:3]}" if bad else None
    return check


def gives_at_most(n: int):
    def check(r, c):
        bad = [g for g in K.table_column(r.get("answer") or "", "You give") if len(g.split(" + ")) > n]
        return f"trades give more than {n}: {bad[:3]}" if bad else None
    return check


def shape_or_none(n_give: int, n_get: int):
    """Every trade row is n-for-m; no table is right only when the answer says no such trade exists."""
    def check(r, c):
        a = r.get("answer") or ""
        if not K.table_column(a, "You give"):
            return None if re.search(_NO_TRADE, a, re.I) else "no trade table and no word that none was found"
        return K.trades_have_shape(n_give, n_get)(r, c)
    return check


# --- cards, IR, the roster ---------------------------------------------------------------------
def cards_keep(position: str):
    """'I'd rather keep my guards': no waiting swap card drops a player of mine eligible at `position`
    (an IR card keeps him), and there is at least one card."""
    def check(r, c):
        cards = r.get("pending_approvals", [])
        if not cards:
            return "no card waiting"
        kept = {K.fold(e.player.name) for e in _my_entries(c) if position in e.player.eligible}
        bad = [x["title"] for x in cards if x.get("kind") != "ir" and K.fold(x["drop"]) in kept]
        return f"cards drop a {position}: {bad[:2]}" if bad else None
    return check


def ir_full_said(r, c):
    """Asked to put another player on IR while the one slot is taken: a sentence about IR says it is
    full (taken, occupied, in use, only one, no open slot)."""
    for s in _sentences(r.get("answer") or ""):
        if re.search(r"\bIR\b|injured reserve", s, re.I) and re.search(
                r"\b(full|taken|occupied|in use|already (holds|has|have|got)|only (one|1)|no (open|free|empty|other|spare)|"
                r"(one|1|single) (IR )?slot)\b", s, re.I):
            return None
    return f"does not say the IR slot is full: {(r.get('answer') or '')[:120]!r}"


def no_ir_card(name: str):
    """No waiting card moves `name` to IR."""
    def check(r, c):
        bad = [x["title"] for x in r.get("pending_approvals", [])
               if is_player(name, x.get("drop", "")) and (x.get("kind") == "ir" or re.search(r"\bIR\b", x.get("title", "")))]
        return f"an IR card for {name}: {bad[:2]}" if bad else None
    return check


def one_ir_slot(r, c):
    """'can I stash both of them?': the answer says the league has one IR slot, and at most one IR
    card waits."""
    irs = [x for x in r.get("pending_approvals", []) if x.get("kind") == "ir"]
    if len(irs) > IR_SLOTS:
        return f"{len(irs)} IR cards for {IR_SLOTS} slot"
    for s in _sentences(r.get("answer") or ""):
        if re.search(r"\bIR\b|injured reserve", s, re.I) and re.search(
                r"\b(one|1|single|only)\b[^.]*\bslot|\bslot\b[^.]*\b(one|1|single)\b|\bonly (one|1)\b", s, re.I):
            return None
    return f"does not say there is one IR slot: {(r.get('answer') or '')[:120]!r}"


def out_named(r, c):
    """'who's hurt': every player of mine the league reports OUT is named."""
    out = [e.player.name for e in _my_entries(c) if str(e.status).upper().endswith("OUT")]
    a = K.fold(r.get("answer") or "")
    missing = [n for n in out if K.fold(surname(n)) not in a]
    return f"OUT players not named: {missing}" if missing else None


def roster_reflects_move(r, c):
    """After an approved card, my roster view names the added player and no longer lists the dropped
    one (a table row, or a line that does not say he was dropped); an IR card's player may stay, on IR."""
    card = _decided_card(c)
    if card is None:
        return "no decided card in the thread"
    a = r.get("answer") or ""
    if not is_player(card["add"], a):
        return f"{card['add']} (just added) not on the roster view"
    if card.get("kind") == "ir":
        return None
    cells = _player_cells(a)
    if cells:
        return f"{card['drop']} still listed" if any(K.fold(x) == K.fold(card["drop"]) for x in cells) else None
    bad = [ln for ln in a.splitlines() if K.fold(card["drop"]) in K.fold(ln)
           and not re.search(r"drop|dropped|released|waived|cut|gone|replac", ln, re.I)]
    return f"{card['drop']} still on the roster view: {bad[0][:80]!r}" if bad else None


def names_first_set_card(i: int):
    """'next best' after declining the top card: the answer names card i+1 of the thread's first set
    (its add and its drop)."""
    def check(r, c):
        first = next((x for x in c.results if x.get("pending_approvals")), None)
        if first is None or len(first["pending_approvals"]) <= i:
            return f"no card {i + 1} earlier in the thread"
        card = first["pending_approvals"][i]
        a = r.get("answer") or ""
        return None if is_player(card["add"], a) and is_player(card["drop"], a) else \
            f"card {i + 1} ({card['title'][:50]}) not named"
    return check


# --- punts, out of scope -----------------------------------------------------------------------
def no_punt_in_play(cat: str):
    """No sentence lists the punted category as one to chase, in play, close or to win (the category
    as a word of its own: 'TO' is not 'TOR'), unless the sentence says it is punted."""
    token = rf"(?<![A-Za-z]){re.escape(cat)}(?![A-Za-z])"
    def check(r, c):
        for s in _sentences(r.get("answer") or "", semicolon=False):
            if re.search(r"in play|chas\w+|\bclose\b|swing|to win|target|winnable|flip|within reach", s, re.I) \
                    and re.search(token, s) and not re.search(r"punt", s, re.I):
                return f"{cat} (punted) in play: {s[:120]!r}"
        return None
    return check


def fa_pick_punt(horizon: str, punt: tuple[str, ...]):
    """A free-agent list for `horizon` with the punts reached a tool: get_free_agents(horizon, punt) or
    get_player_rankings of free agents by rest-of-season value with the punt (rest of season only)."""
    def check(r, c):
        def punts(a):
            return set(punt) <= {str(x).upper() for x in (a.get("punt") or [])}
        if any(a.get("horizon") == horizon and punts(a) for a in K.calls(r, "get_free_agents")):
            return None
        if horizon == "rest_of_season" and any(a.get("availability") == "free_agents" and a.get("sort") == "ros_value"
                                               and punts(a) for a in K.calls(r, "get_player_rankings")):
            return None
        return f"no {horizon} free-agent list punting {punt}: {[(x['name'], x.get('args')) for x in r.get('tool_calls', [])]}"
    return check


def no_bet_advice(name: str):
    """A real-money bet: a sentence says the assistant does not give betting advice (or does not model
    player props), it names the player, and no sentence tells him to take the bet."""
    def check(r, c):
        a = r.get("answer") or ""
        sents = _sentences(a)
        if not any(re.search(r"bet|wager|gambl|prop|sportsbook|real money|odds|\bline\b", s, re.I)
                   and re.search(_NEG, s, re.I) for s in sents):
            return "does not say betting advice is not given"
        if not is_player(name, a):
            return f"does not name {name}"
        push = [s for s in sents if re.search(r"\b(take the over|hammer|go for it|smash|lock it in|put it on|"
                                              r"(you should|i'd|i would) (bet|take|play) (it|the))\b", s, re.I)
                and not re.search(_NEG, s, re.I)]
        return f"tells him to bet: {push[0][:100]!r}" if push else None
    return check


def no_rumour_tracking(name: str):
    """A trade rumour: a sentence says rumours / real-world news are not something it tracks, and the
    player is named (the nearest thing: what the data says of him)."""
    def check(r, c):
        a = r.get("answer") or ""
        topic = r"rumou?rs?|news|reports?|trade talk|real[- ]world|real NBA|actual NBA|deadline|speculat"
        if not any(re.search(topic, s, re.I) and re.search(_NEG, s, re.I) for s in _sentences(a)):
            return "does not say rumours are not tracked"
        return None if is_player(name, a) else f"does not name {name}"
    return check


def hold_agrees(name: str):
    """Hold vs stream decided on its own numbers, in whatever words: the lead's verdict ('hold'/'keep'
    against 'stream'/'drop'/'cut'/'release') agrees with his figure (the first number within 60
    characters after his surname, with decimals) against the streamer's (the first within 60 after
    'stream', 'streamer', 'replacement' or 'free agent'). Holding on the lower figure, or streaming on
    the higher, is wrong."""
    def check(r, c):
        a = re.sub(r"(\d)\.(\d)", r"\1,\2", r.get("answer") or "")
        num = r"[^\n]{0,60}?(?<![\d,])([-+]?\d+,\d+)"  # a figure has decimals (a game count has none)
        mine = re.search(re.escape(surname(name)) + num, a, re.I)
        other = re.search(r"(stream(?:er|ing)?|replacement|free agent)" + num, a, re.I)
        if not (mine and other):
            return f"no figure for {name} and for the streamer"
        x, y = (float(m.group(m.lastindex).replace(",", ".")) for m in (mine, other))
        lead = a.split("\n\n")[0]
        hold_w = re.search(r"\bhold\b|\bkeep\b|\bretain\b", lead, re.I)
        stream_w = re.search(r"(?<!n't )(?<!not )(?<!no need to )\b(stream|drop|cut|release)\b", lead, re.I)
        if not (hold_w or stream_w):
            return f"no verdict in the lead: {lead[:100]!r}"
        holds = bool(hold_w) and (not stream_w or hold_w.start() < stream_w.start())
        if holds and x < y:
            return f"holds on {x} against {y}"
        if not holds and x > y:
            return f"streams on {x} against {y}"
        return None
    return check
