"""fresh13's own checks (tests/conversations/fresh13.py), written blind like the set: each reads a turn's
result (the `ask --json` dict) and the conversation so far, and computes its facts (who has no game on a
day, a player's games left this week, the roster's worst players by fantasy points, the wire's best shot
blockers, which of two players has the better fantasy average) from the box-score CSV
(tests/conversations/checks.py) or the league's own facts (`c.source`: my roster and its eligibility, who
owns whom), never from the product's answers or services. Each is shown passing a right hand-made result
and failing a wrong one in test_fresh13_checks.py.

Where more than one tool could rightly answer, a check reads every tool call's arguments (a trade verdict's
give/get from whichever tool took them) and judges the answer's content.
"""
from __future__ import annotations

import datetime as dt
import re

from tests.conversations import checks as K
from tests.conversations.checks import AS_OF, WEEK_END
from tests.conversations.fresh7_checks import POINTS_WEIGHTS, is_player
from tests.conversations.fresh8_checks import _decided_card, _in, _lead, player_cells
from tests.conversations.fresh9_checks import _prev_list

_CANT = (r"(can'?t|cannot|unable|\b(does|do|is|are|can|could) not\b|doesn'?t|don'?t|isn'?t|aren'?t|couldn'?t|"
         r"\bnot (able|possible|available|supported|offered|something)|\bno way to\b|only (searches|does|finds|offers))")
_NO_GAME = r"\bbyes?\b|\bno (\w+ )?games?\b|\bidle\b|\bnot scheduled\b|\boff day\b|\bday off\b"


def _tools(r: dict) -> list:
    return [(x["name"], x.get("args")) for x in r.get("tool_calls", [])][:5]


def _all_args(r: dict) -> list[dict]:
    return [x.get("args") or {} for x in r.get("tool_calls", [])] + K.calls(r, "optimize_matchup")


def _sentences(text: str) -> list[str]:
    text = re.sub(r"(\d)\.(\d)", r"\1,\2", text.replace("Jr.", "Jr"))
    return [s for s in re.split(r"(?<=[.!?;])\s+|\n", text) if s.strip()]


def _prose(text: str) -> str:
    """The answer without its table lines (a schedule's cells mark each day on their own)."""
    return "\n".join(ln for ln in text.splitlines() if not ln.strip().startswith("|"))


def _rows(name: str, n: int | None = None) -> list[dict]:
    rows = [r for r in K.player_rows()[K.fold(name)] if r["game_date"] < AS_OF]
    return rows[-n:] if n else rows


def fpts_avg(name: str, n: int | None = None) -> float:
    """His fantasy points per game (the league's weights) over the season or his last n games."""
    rows = _rows(name, n)
    return sum(sum(w * float(r[k]) for k, w in POINTS_WEIGHTS.items()) for r in rows) / max(1, len(rows))


def _games_left(name: str) -> set[int]:
    return {K.games_between(name, AS_OF, WEEK_END), K.games_between(name, AS_OF + dt.timedelta(days=1), WEEK_END)}


def _count_re(ns: set[int]) -> str:
    words = {0: "zero|no", 1: "one|a single", 2: "two|twice", 3: "three", 4: "four", 5: "five"}
    alts = "|".join(f"{n}|{words.get(n, n)}" for n in sorted(ns))
    return rf"\b({alts})\b\s*(more |remaining |left |g\b)?(games?|times)?"


def _mine(c) -> list:
    return list(c.source.roster().entries)


# --- what reached the tools --------------------------------------------------------------------------
def trade_args(give=(), get=(), punt: tuple[str, ...] | None = None, exact: bool = False):
    """A trade verdict reached a tool, whichever one took it: a call whose `give` names every player of
    `give` and whose `get` names every one of `get` (`exact`: and nobody else), with each of `punt` in its
    punt when given."""
    def ok(a):
        g, h = a.get("give") or [], a.get("get") or []
        if not (isinstance(g, list) and isinstance(h, list)):
            return False
        if not all(any(is_player(n, str(x)) for x in g) for n in give):
            return False
        if not all(any(is_player(n, str(x)) for x in h) for n in get):
            return False
        if exact and (len(g) != len(give) or len(h) != len(get)):
            return False
        return punt is None or set(punt) <= {str(x).upper() for x in (a.get("punt") or [])}

    def check(r, c):
        return None if any(ok(a) for a in _all_args(r)) else \
            f"no trade call giving {list(give)} for {list(get)}{f' punting {punt}' if punt else ''}: {_tools(r)}"
    return check


def no_punt_args(r, c):
    """No call of this turn punts anything (a punt withdrawn: 'if I wasn't punting anything')."""
    bad = [(x["name"], x["args"].get("punt")) for x in r.get("tool_calls", []) if (x.get("args") or {}).get("punt")]
    return f"still punting: {bad[:3]}" if bad else None


def fa_list(**want):
    """A free-agent list with these arguments reached a tool: get_free_agents(**want), or
    get_player_rankings(availability free_agents, **want) for the keys a ranking takes. A value may be
    a callable (true of the argument)."""
    def meets(a, keys):
        for k, v in want.items():
            if k not in keys:
                return False
            got = a.get(k)
            if callable(v):
                try:
                    if not v(got):
                        return False
                except Exception:
                    return False
            elif got != v:
                return False
        return True

    fa_keys = {"position", "healthy_only", "min_games_remaining", "target_categories", "limit", "punt", "exclude",
               "horizon", "not_position", "play_on", "not_teams", "max_minutes"}
    rank_keys = {"window", "sort", "per", "punt", "position", "team", "exclude", "healthy_only", "limit",
                 "not_position", "not_teams", "max_minutes"}

    def check(r, c):
        if any(meets(a, fa_keys) for a in K.calls(r, "get_free_agents")):
            return None
        if any(a.get("availability") == "free_agents" and meets(a, rank_keys) for a in K.calls(r, "get_player_rankings")):
            return None
        return f"no free-agent list with {want}: {_tools(r)}"
    return check


def not_mode(mode: str):
    """'I don't care about this week': no call of the turn runs in `mode`, and a move tool ran."""
    def check(r, c):
        moves = [a for t in ("optimize_matchup", "evaluate_move") for a in K.calls(r, t)]
        if not moves:
            return f"no move tool ran: {_tools(r)}"
        bad = [a for a in moves if a.get("mode") == mode]
        return f"ran in {mode} mode: {bad[:2]}" if bad else None
    return check


def keeps_guards_args(r, c):
    """'I'd like to keep all my guards' reached the trade search: keep_positions holds G (or both PG and
    SG), or exclude names every guard-eligible player of mine."""
    guards = [e.player.name for e in _mine(c) if "G" in e.player.eligible]
    for a in K.calls(r, "find_trades"):
        kp = {str(x).upper() for x in (a.get("keep_positions") or [])}
        if "G" in kp or {"PG", "SG"} <= kp:
            return None
        ex = a.get("exclude") or []
        if guards and all(any(is_player(g, str(x)) for x in ex) for g in guards):
            return None
    return f"the guards were not kept in the trade search: {_tools(r)}"


# --- trades in the answer --------------------------------------------------------------------------
def trades_never_give_pos(pos: str):
    """No trade row gives a player of mine eligible at `pos` (the league's eligibility); no trade table is
    right only when the answer says none was found."""
    def check(r, c):
        a = r.get("answer") or ""
        gives = K.table_column(a, "You give")
        if not gives:
            return None if re.search(r"\b(no|none|couldn'?t find|could not find|nothing)\b[^.]*\btrades?\b", a, re.I) \
                else "no trade table and no word that none was found"
        kept = [e.player.name for e in _mine(c) if pos in e.player.eligible]
        bad = [g for g in gives if any(is_player(k, part) for part in g.split(" + ") for k in kept)]
        return f"trades give a {pos}: {bad[:3]}" if bad else None
    return check


def trade_verdict(*names: str):
    """A trade verdict in words: every player named, a yes/no word (take, accept, pass, decline, smash,
    worth it, ...), and a figure with decimals behind it; no sentence adds both sides' gains together."""
    def check(r, c):
        a = r.get("answer") or ""
        missing = [n for n in names if not _in(a, n)]
        if missing:
            return f"does not name {missing}"
        if not re.search(r"\b(take|accept|pass|decline|reject|smash|worth|yes|no|don'?t|do it|go for it|"
                         r"lose|loses|gain|gains|win|wins|favou?rs?|fair|lopsided)\b", a, re.I):
            return "no verdict word"
        if not re.search(r"\d+\.\d", a):
            return "no figure behind the verdict"
        for s in _sentences(a):
            if re.search(r"\b(combined|together|in total|total of|sum)\b", s, re.I) and re.search(r"gain|value|better", s, re.I):
                return f"adds both sides' gains: {s[:100]!r}"
        return None
    return check


def says_cut(r, c):
    """A 1-for-2 overfills a 13-man roster: a sentence says who would be cut (cut, drop, release, waive,
    roster spot) and names a player of mine."""
    mine = [e.player.name for e in _mine(c)]
    for s in _sentences(r.get("answer") or ""):
        if re.search(r"\b(cut|cuts|drop\w*|releas\w*|waiv\w*|roster spot|overfill\w*|make room)\b", s, re.I) \
                and any(_in(s, n) for n in mine):
            return None
    return "does not say who is cut to make room"


# --- days and games ------------------------------------------------------------------------------------
def idle_named(day: dt.date):
    """'who has a bye saturday': every player of mine whose NBA team has no game that day is named, and no
    sentence (outside a table) that names only players with a game says they have none."""
    def check(r, c):
        mine = [e.player.name for e in _mine(c)]
        idle = [n for n in mine if not K.plays_on(n, day)]
        a = _prose(r.get("answer") or "")
        if idle:
            missing = [n for n in idle if not _in(a, n)]
            if missing:
                return f"players with no game on {day} not named: {missing}"
        elif not re.search(r"\b(nobody|no one|none|everyone|everybody|all)\b", a, re.I):
            return "does not say everyone plays"
        active = {e.player.name for e in _mine(c) if str(e.status).upper() == "ACTIVE"}
        for s in _sentences(a):
            named = [n for n in mine if _in(s, n)]
            if named and all(n not in idle and n in active for n in named) and re.search(_NO_GAME, s, re.I):
                return f"says a player with a game on {day} has none: {s[:100]!r}"
        return None
    return check


def _named(text: str, name: str) -> bool:
    """He is named in `text`: surname, first name or a nickname (accents folded)."""
    t = K.fold(text)
    return _in(text, name) or re.search(rf"\b{re.escape(K.fold(name.split()[0]))}\b", t) is not None \
        or is_player(name, text)


def games_left_of(name: str):
    """His games left this week (with today or without) said in a sentence that names him."""
    def check(r, c):
        pat = _count_re(_games_left(name))
        for s in _sentences(r.get("answer") or ""):
            if _named(s, name) and re.search(pat, s, re.I) and re.search(r"game|\bg\b|left|remaining|more|twice|times", s, re.I):
                return None
        # a table row: his name in one cell and the count in a 'games' column
        for row in K.table_rows(r.get("answer") or ""):
            if any(_named(x, name) for x in row) and any(x.strip() in {str(n) for n in _games_left(name)} for x in row):
                return None
        return f"{name}'s games left ({sorted(_games_left(name))}) not said beside his name"
    return check


def each_games_left(*names: str):
    """'and for this week only?' of two players: each one's games left this week said beside his name."""
    def check(r, c):
        return next((p for p in (games_left_of(n)(r, c) for n in names) if p), None)
    return check


def most_games_of_previous(k: int):
    """'a couple is fine, the ones with the most games': k players listed, all from the previous list,
    and no player of the previous list left out has more games left this week than one kept (counted from
    the as-of day: its games are still to play, as the league's own 'g left' counts them; counted from
    tomorrow nearly every streamer ties at two and the ask would mean nothing)."""
    def check(r, c):
        before, now = _prev_list(c), player_cells(r.get("answer") or "")
        if not before:
            return "no earlier list"
        if len(now) != k:
            return f"{len(now)} players listed, wanted {k}"
        new = [n for n in now if n not in before]
        if new:
            return f"not from the previous list: {new}"
        g = {n: K.games_between(n, AS_OF, WEEK_END) for n in before if K.fold(n) in K.player_rows()}
        if all(g.get(n, 0) >= g[m] for n in now for m in g if m not in now):
            return None
        return f"kept {now} ({[g.get(n) for n in now]} games), but others of {before} have more: {g}"
    return check


def worst_of_mine(r, c):
    """'who's the worst guy on my team': the first player of mine named in the lead is one of the two
    lowest by season fantasy points per game, or one the league reports OUT (he gives nothing now)."""
    mine = _mine(c)
    by_fp = sorted(mine, key=lambda e: fpts_avg(e.player.name))
    ok = {e.player.name for e in by_fp[:2]} | {e.player.name for e in mine if str(e.status).upper().endswith("OUT")}
    lead = K.fold(_lead(r))
    pos = {e.player.name: lead.find(K.fold(e.player.name.replace(" Jr.", "").split()[-1])) for e in mine}
    pos = {n: p for n, p in pos.items() if p >= 0}
    if not pos:
        return f"the lead names none of my players: {_lead(r)[:100]!r}"
    first = min(pos, key=pos.get)
    return None if first in ok else f"calls {first} the worst; the worst are {sorted(ok)}"


def _first_mine_in_lead(x: dict, c) -> str | None:
    lead = K.fold(_lead(x))
    pos = {e.player.name: lead.find(K.fold(e.player.name.replace(" Jr.", "").split()[-1])) for e in _mine(c)}
    pos = {n: p for n, p in pos.items() if p >= 0}
    return min(pos, key=pos.get) if pos else None


def top_card_drops_prev_named(r, c):
    """'yeah cut him' after naming a player: the first waiting card drops the player of mine the previous
    answer's lead named first."""
    if len(c.results) < 2:
        return "no earlier answer"
    who = _first_mine_in_lead(c.results[-2], c)
    if who is None:
        return "the earlier answer named nobody of mine"
    cards = r.get("pending_approvals") or []
    if not cards:
        return "no card"
    return None if is_player(who, str(cards[0].get("drop") or "")) else \
        f"the top card drops {cards[0].get('drop')!r}, not {who}"


def picks_one_of(a_name: str, b_name: str, n: int):
    """'which of em should start if I can fit one': the first picking sentence names first the one with
    the better fantasy average over the season or his last n (either reading when they differ)."""
    want = set()
    for k in (None, n):
        fa, fb = fpts_avg(a_name, k), fpts_avg(b_name, k)
        want |= {a_name} if fa >= fb else set()
        want |= {b_name} if fb >= fa else set()

    def check(r, c):
        for s in _sentences(r.get("answer") or ""):
            if not re.search(r"\b(start|play|go with|pick|roll with|better|edge|prefer|choose|take)\b", s, re.I):
                continue
            pos = {x: K.fold(s).find(K.fold(x.split()[-1])) for x in (a_name, b_name)}
            pos = {x: p for x, p in pos.items() if p >= 0}
            if pos:
                first = min(pos, key=pos.get)
                return None if first in want else f"starts {first}; the better is {sorted(want)}"
        return f"no sentence picks {a_name} or {b_name}"
    return check


# --- cards -------------------------------------------------------------------------------------------
def cards_between(lo: int, hi: int):
    """'a couple of moves': between lo and hi cards wait."""
    def check(r, c):
        got = len(r.get("pending_approvals") or [])
        return None if lo <= got <= hi else f"{got} cards waiting, wanted {lo} to {hi}"
    return check


def _free_agent_pool(c, min_games: int = 10) -> list[str]:
    out = []
    for rows in K.player_rows().values():
        rows = [x for x in rows if x["game_date"] < AS_OF]
        if len(rows) < min_games:
            continue
        try:
            if c.source.owner_of(rows[-1]["player_id"]) is None:
                out.append(rows[-1]["player"])
        except Exception:  # a player the league does not know is nobody's to add
            continue
    return out


def card_add_top_in(stat: str, k: int):
    """'the best shot blocker out there': the first waiting card adds a free agent among the wire's top k
    by `stat` per game (season or last 10, players with 10+ games before the as-of date; the league says
    who is a free agent)."""
    def check(r, c):
        cards = r.get("pending_approvals") or []
        if not cards:
            return "no card"
        pool = _free_agent_pool(c)
        top = set()
        for n in (None, 10):
            top |= set(sorted(pool, key=lambda x: -sum(float(y[stat]) for y in _rows(x, n)) / len(_rows(x, n)))[:k])
        add = str(cards[0].get("add") or "")
        return None if any(is_player(t, add) and K.fold(t.split()[-1]) in K.fold(add) for t in top) else \
            f"the top card adds {add!r}, not one of the wire's top {k} in {stat}"
    return check


def added_stat_figure(stat: str):
    """'how many blocks a game does the new guy get': the approved card's added player is named with his
    `stat` per game over the season or his last 5 or 10 (one or two decimals)."""
    def check(r, c):
        card = _decided_card(c)
        if card is None:
            return "no decided card"
        who, a = card["add"], r.get("answer") or ""
        if not _in(a, who):
            return f"does not name {who}"
        figs = [sum(float(x[stat]) for x in _rows(who, n)) / max(1, len(_rows(who, n))) for n in (None, 5, 10)]
        shown = re.findall(r"(?<![\d.])\d+\.\d{1,2}(?!\d)", a)
        ok = any(abs(float(x) - f) <= (0.0051 if len(x.split(".")[1]) == 2 else 0.051) for x in shown for f in figs)
        return None if ok else f"{who}'s {stat} per game ({', '.join(f'{f:.2f}' for f in figs)}) not shown"
    return check


def undo_answered(r, c):
    """'undo that' after approving a card: nothing executes from the text; the answer names the approved
    move's add and drop; a waiting card, if any, is the reverse move (drops the added player, adds back
    the dropped one)."""
    card = _decided_card(c)
    if card is None:
        return "no decided card"
    if r.get("transactions"):
        return f"text executed a move: {r['transactions']}"
    a = r.get("answer") or ""
    missing = [n for n in (card["add"], card["drop"]) if not _in(a, n)]
    if missing:
        return f"the approved move's {missing} not named"
    cards = r.get("pending_approvals") or []
    if cards and not (is_player(card["add"], str(cards[0].get("drop") or ""))
                      and is_player(card["drop"], str(cards[0].get("add") or ""))):
        return f"the waiting card is not the reverse move: {cards[0].get('title', '')[:60]!r}"
    return None


def bigs_kept_or_said(r, c):
    """'nothing that drops a big': either cards wait and no swap card drops a player of mine eligible at C,
    or the answer says the moves cannot be limited that way (a can't-word beside big / center / C)."""
    cards = r.get("pending_approvals") or []
    bigs = {K.fold(e.player.name) for e in _mine(c) if "C" in e.player.eligible}
    if cards:
        bad = [x["title"] for x in cards if x.get("kind") != "ir" and K.fold(str(x.get("drop") or "")) in bigs]
        return f"cards drop a big: {bad[:2]}" if bad else None
    for s in _sentences(r.get("answer") or ""):
        if re.search(r"\bbigs?\b|\bcent(er|re)s?\b|(?<![A-Za-z])C(?![A-Za-z%])", s) and re.search(_CANT, s, re.I):
            return None
    return "no card and no word that the bigs cannot be kept"


# --- the matchup, categories, scope ---------------------------------------------------------------------
def behind_said(r, c):
    """'how far behind am I': the opponent named (team or manager) with the score's figures and a chance
    or a projection (a percent, 'projected', 'win probability')."""
    a = r.get("answer") or ""
    opp = c.source.opponent_roster()
    names = [str(getattr(opp, "team_name", "") or "")]
    if not any(n and K.fold(n) in K.fold(a) for n in names) and not re.search(r"\blena\b", a, re.I):
        return "does not name the opponent"
    if len(re.findall(r"\d+(?:\.\d+)?", a)) < 2:
        return "no score figures"
    return None if re.search(r"\d+(\.\d+)?\s?%|project|win probab|chance", a, re.I) else "no projection or chance"


def lead_names_cat_not(*punted: str):
    """'which cats am I closest to flipping': the lead names a category that is not punted."""
    def check(r, c):
        lead = _lead(r)
        for cat in K.CATS:
            if cat in punted:
                continue
            if re.search(rf"(?<![A-Za-z]){re.escape(cat)}(?![A-Za-z])", lead):
                return None
        words = {"REB": "rebound", "STL": "steal", "BLK": "block", "3PM": "three", "TO": "turnover", "PTS": "points",
                 "AST": "assist", "FG%": "field goal", "FT%": "free throw"}
        if any(re.search(w, lead, re.I) for cat, w in words.items() if cat not in punted):
            return None
        return f"the lead names no category outside the punt {punted}: {lead[:100]!r}"
    return check


def scope_said(topic: str):
    """Out of scope: a sentence names the topic (a regex) with a can't-word, and nothing executes."""
    def check(r, c):
        if r.get("transactions"):
            return f"text executed a move: {r['transactions']}"
        for s in _sentences(r.get("answer") or ""):
            if re.search(topic, s, re.I) and re.search(_CANT, s, re.I):
                return None
        return f"does not say /{topic}/ is out of scope: {(r.get('answer') or '')[:120]!r}"
    return check


def hold_agrees_folded(name: str):
    """fresh7's hold-vs-stream agreement, read with accents folded on both sides ('Bogdanovic' written
    without its accent is still him)."""
    from tests.conversations.fresh7_checks import hold_agrees

    inner = hold_agrees(K.fold(name))

    def check(r, c):
        return inner(dict(r, answer=K.fold(r.get("answer") or "")), c)
    return check


def strength_rank_said(r, c):
    """'is my team any good': a rank among the league's teams is said ('#3 of 10', '3rd of 10', '3rd out of
    10', 'ranks 3rd')."""
    a = r.get("answer") or ""
    pat = (r"#\s?\d+\s*(of|/|out of)\s*\d+|\b\d+(st|nd|rd|th)\s+(of|out of)\s+\d+|\b\d+\s+(of|out of)\s+\d+\s+teams\b|"
           r"\brank\w*\s+(#\s?)?\d+")
    return None if re.search(pat, a, re.I) else f"no rank among the league's teams: {a[:120]!r}"
