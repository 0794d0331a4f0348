"""Checks of one turn of a held-out conversation (issue #36): each takes the turn's result (the
`ask --json` dict), the conversation's context (the results so far, the league source, the CSV
oracle) and returns a problem (str) or None.

The checks read what reached the tools (their arguments) and what the user sees (the answer, the
cards); facts such as games in a window or a player's last-N average are computed here from the
shipped CSVs, never from the product's services.
"""
from __future__ import annotations

import csv
import datetime as dt
import gzip
import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

DATA = Path(__file__).resolve().parents[2] / "data" / "nba-2024-25"
AS_OF = dt.date(2025, 1, 29)  # a Wednesday: this matchup week is Jan 27 - Feb 2, next week Feb 3 - 9
WEEK_END = dt.date(2025, 2, 2)
NEXT_WEEK = (dt.date(2025, 2, 3), dt.date(2025, 2, 9))
CATS = ("FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS")


@dataclass
class Ctx:
    """What a check may read: the turns so far (their results), and the source of the league."""

    scoring: str
    results: list[dict] = field(default_factory=list)
    decided: list[str] = field(default_factory=list)  # move ids approved or declined in this conversation
    source: Any = None


Check = Callable[[dict, Ctx], str | None]


def fold(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s.lower()) if not unicodedata.combining(c))


# --- the CSV oracle -------------------------------------------------------------------------
@lru_cache(maxsize=1)
def team_dates() -> dict[str, list[dt.date]]:
    """Each team's game dates from the box scores (player_games.csv.gz), the product's schedule source.
    games.csv lists one more day (Feb 8, 2025: 11 games) that has no box score at all, so the
    product's schedule (services/store/build.py) does not have it either; counting it would test
    the data, not the conversation."""
    out: dict[str, set[dt.date]] = {}
    for rows in player_rows().values():
        for r in rows:
            out.setdefault(r["team"], set()).add(r["game_date"])
    return {t: sorted(ds) for t, ds in out.items()}


@lru_cache(maxsize=1)
def player_rows() -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    with gzip.open(DATA / "player_games.csv.gz", "rt", encoding="utf-8", newline="") as f:
        for r in csv.DictReader(f):
            r["game_date"] = dt.date.fromisoformat(r["game_date"])
            out.setdefault(fold(r["player"]), []).append(r)
    for rows in out.values():
        rows.sort(key=lambda r: r["game_date"])
    return out


def team_of(name: str) -> str:
    rows = [r for r in player_rows()[fold(name)] if r["game_date"] < AS_OF]
    return rows[-1]["team"]


def games_between(name: str, start: dt.date, end: dt.date) -> int:
    return sum(start <= d <= end for d in team_dates()[team_of(name)])


def plays_on(name: str, day: dt.date) -> bool:
    return day in team_dates()[team_of(name)]


def last_n_avg(name: str, stat: str, n: int) -> float:
    rows = [r for r in player_rows()[fold(name)] if r["game_date"] < AS_OF][-n:]
    return sum(float(r[stat]) for r in rows) / len(rows)


# --- reading a turn --------------------------------------------------------------------------
OPTIMIZER_NODES = ("parse_intent", "identify_candidates", "validate_moves")


def calls(r: dict, name: str) -> list[dict]:
    """A tool's calls; `optimize_matchup` is also the optimizer graph's run (its nodes' arguments
    merged), which is how a move request runs in the chat."""
    got = [c["args"] for c in r.get("tool_calls", []) if c["name"] == name]
    if name == "optimize_matchup":
        merged: dict = {}
        for c in r.get("tool_calls", []):
            if c["name"] in OPTIMIZER_NODES:
                merged.update(c["args"])
        if merged:
            got.append(merged)
    return got


def table_rows(answer: str) -> list[list[str]]:
    """Rows of the answer's markdown tables (header and rule lines left out)."""
    out = []
    for line in answer.splitlines():
        s = line.strip()
        if not (s.startswith("|") and s.endswith("|")):
            continue
        cells = [c.strip() for c in s.strip("|").split("|")]
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        out.append(cells)
    return out


def table_column(answer: str, header: str) -> list[str]:
    """The cells under `header` in the first table that has it."""
    rows, col, got = table_rows(answer), None, []
    for cells in rows:
        if header in cells:
            if col is not None:
                break
            col = cells.index(header)
            continue
        if col is not None and len(cells) > col:
            got.append(cells[col])
    return got


def _names_in(text: str, name: str) -> bool:
    return fold(name.split()[-1]) in fold(text)


# --- checks ---------------------------------------------------------------------------------
def ok() -> Check:
    return lambda r, c: r.get("error") and f"error: {r['error']}"


def called(name: str, *preds: Callable[[dict], bool], **want: Any) -> Check:
    """The tool ran (one of its calls) with each `want` key satisfied: a value (equal), a callable
    (true of the value), or a list (every item in the argument's list); and each of `preds` true of
    the whole arguments."""
    def check(r, c):
        got = calls(r, name)
        if not got:
            return f"{name} not called (tools: {[x['name'] for x in r.get('tool_calls', [])]})"
        for args in got:
            if all(_arg_ok(args.get(k), v) for k, v in want.items()) and all(_arg_ok(args, f) for f in preds):
                return None
        return f"{name} args {got} do not meet {want}"
    return check


def _arg_ok(got, want) -> bool:
    if callable(want):
        try:
            return bool(want(got))
        except Exception:
            return False
    if isinstance(want, list):
        return isinstance(got, list) and all(any(fold(w) == fold(str(g)) for g in got) for w in want)
    return got == want


def not_called(*names: str) -> Check:
    def check(r, c):
        bad = [x["name"] for x in r.get("tool_calls", []) if x["name"] in names]
        return f"called {bad}" if bad else None
    return check


def any_called(*names: str) -> Check:
    def check(r, c):
        return None if any(calls(r, n) for n in names) else f"none of {names} called"
    return check


def says(pattern: str) -> Check:
    return lambda r, c: None if re.search(pattern, r.get("answer") or "", re.I | re.S) else \
        f"answer lacks /{pattern}/: {(r.get('answer') or '')[:160]!r}"


def not_says(pattern: str) -> Check:
    def check(r, c):
        m = re.search(pattern, r.get("answer") or "", re.I | re.S)
        return f"answer says /{pattern}/: ...{(r['answer'][max(0, m.start() - 60):m.end() + 40])!r}" if m else None
    return check


def not_greeting() -> Check:
    return not_says(r"^Hi! I can|I didn't follow that|What do you mean")


def no_clarify() -> Check:
    return not_says(r"Did you mean|Which of these|I'm not sure what you")


def trades_never_give(name: str) -> Check:
    def check(r, c):
        gives = table_column(r.get("answer") or "", "You give")
        bad = [g for g in gives if _names_in(g, name)]
        return f"trades give {name}: {bad}" if bad else None
    return check


def trades_have_shape(n_give: int, n_get: int) -> Check:
    def check(r, c):
        gives, gets = table_column(r["answer"], "You give"), table_column(r["answer"], "You get")
        if not gives:
            return "no trade table"
        bad = [(g, h) for g, h in zip(gives, gets) if len(g.split(" + ")) != n_give or len(h.split(" + ")) != n_get]
        return f"trades not {n_give}-for-{n_get}: {bad[:3]}" if bad else None
    return check


def table_len(header: str, n: int) -> Check:
    def check(r, c):
        got = len(table_column(r.get("answer") or "", header))
        return None if got == n else f"table has {got} rows under {header!r}, wanted {n}"
    return check


def listed_all(header: str, pred: Callable[[str], bool], what: str) -> Check:
    """Every row of the table under `header` meets `pred` (and there is at least one)."""
    def check(r, c):
        names = [n for n in table_column(r.get("answer") or "", header) if n and n != "-"]
        if not names:
            return f"no {header} column"
        bad = [n for n in names if not pred(n)]
        return f"rows not {what}: {bad[:4]}" if bad else None
    return check


def cards_never_drop(name: str) -> Check:
    def check(r, c):
        bad = [x["title"] for x in r.get("pending_approvals", []) if fold(x["drop"]) == fold(name)]
        return f"a card drops {name}: {bad[:2]}" if bad else None
    return check


def no_transaction() -> Check:
    return lambda r, c: f"text executed a move: {r['transactions']}" if r.get("transactions") else None


def top_card_repeated() -> Check:
    """An affirmation while cards wait: the top waiting card named again, with what approving does,
    and still pending (nothing executed)."""
    def check(r, c):
        prev = next((x for x in reversed(c.results[:-1]) if x.get("pending_approvals")), None)
        if prev is None:
            return "no earlier card"
        top = prev["pending_approvals"][0]
        a = r.get("answer") or ""
        if top["add"] not in a or top["drop"] not in a:
            return f"the top card ({top['title'][:60]}) is not shown again"
        if not re.search(r"\bapprov", a, re.I):
            return "does not say to approve the card"
        if top["move_id"] not in [x["move_id"] for x in r.get("pending_approvals", [])]:
            return "the card is no longer pending"
        return None
    return check


def nth_card_repeated(i: int) -> Check:
    def check(r, c):
        prev = next((x for x in reversed(c.results[:-1]) if x.get("pending_approvals")), None)
        if prev is None or len(prev["pending_approvals"]) <= i:
            return "no such earlier card"
        card = prev["pending_approvals"][i]
        a = r.get("answer") or ""
        lead = a.split("\n\n")[0]
        return None if card["add"] in lead and card["drop"] in lead else f"card {i + 1} ({card['title'][:50]}) not first"
    return check


def decided_not_pending() -> Check:
    """No decided card pending again: by its id, or the same move (drop, add, kind) offered anew."""
    def check(r, c):
        moves = {(x["drop_id"], x["add_id"], x.get("kind")) for res in c.results for x in res.get("pending_approvals", [])
                 if x["move_id"] in c.decided}
        back = [x["title"] for x in r.get("pending_approvals", []) if x["move_id"] in c.decided
                or (x["drop_id"], x["add_id"], x.get("kind")) in moves]
        return f"decided card back as pending: {back}" if back else None
    return check


def no_punted_in_play(cat: str) -> Check:
    """No sentence lists the punted category as one to chase or in play."""
    def check(r, c):
        a = r.get("answer") or ""
        for line in re.split(r"(?<=[.!?])\s+|\n", a):
            if re.search(r"in play|chase|chasing|close categor|swing|to win|target", line, re.I) and cat in line \
                    and not re.search(rf"punt\w*[^.]*{re.escape(cat)}|{re.escape(cat)}[^.]*punt", line, re.I):
                return f"{cat} (punted) in play: {line[:120]!r}"
        return None
    return check


def compares(a: str, b: str) -> Check:
    """Both players named in the answer's lead, with a number for each."""
    def check(r, c):
        ans = r.get("answer") or ""
        if not (_names_in(ans, a) and _names_in(ans, b)):
            return f"does not name both {a} and {b}"
        if len(re.findall(r"[-+]?\d+\.\d", ans)) < 2:
            return "no figures compared"
        return None
    return check
