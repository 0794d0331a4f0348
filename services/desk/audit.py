"""`desk verify`: every logged calculation recomputed from RE-DERIVED inputs, and the book checked
against itself.

Re-running a calculator on its own logged inputs only proves the arithmetic; a stale or planted
input would still "match". So each input the desk fetched is derived again from its source:

- `compare_odds.market_odds` must be the desk's price for the quote's bet (its requested line, or
  the decision's or counter's line) in the market state of the quote's game at the calc's time,
  as the market quotes it or shaded for the side's exposure during the evaluation;
- `compute_exposure_impact` exposures must be what the book held on that side and game at some
  moment of the evaluation (from its start, less `RACE_MARGIN_S` for a booking committing while it
  read, to the calc's logging); its limits must be the quote's limits.

The book's own consistency: every position has its quote, with a status that holds a position,
and every quote that says it holds one has exactly one.
"""
from __future__ import annotations

import datetime as dt

from services.desk import calc, flex
from services.desk.book import DeskBook, side_key
from services.markets import state as market

RACE_MARGIN_S = 1.0
HOLDS_POSITION = {"accepted", "counter_accepted"}


def _prices(q: dict, at: dt.datetime, side_exposures: set[float] | None) -> set[float]:
    """The desk's prices for the quote's bet at `at`: the market's at each relevant line, and the
    shaded ones (services/desk/flex.py) for the side's exposures during the evaluation (every shade
    step when those are unknown)."""
    r, d, rec = q["request"], q["decision"], q["record"]
    s = market.market_state(q["game_id"], at)
    lines = {r.get("line"), d.get("line"), ((rec.get("counter") or {}).get("terms") or {}).get("line")} - {None}
    if r["market"] == "moneyline":
        lines = {None}
    out = {market.bet_odds(s, r["market"], r["side"], ln) for ln in lines}
    lim = (rec.get("limits") or {}).get("max_per_side")
    for ln in lines:
        if side_exposures is not None and lim:
            out |= {p for e in side_exposures if (p := flex.shaded_odds(s, r["market"], r["side"], ln, e, lim))}
        else:
            out |= {flex.shaded_price(s, r["market"], r["side"], ln, pts) for pts in (0.5, 1.0, 1.5)}
    return out


def _exposures(positions: list[dict], key: str | None, start_ns: int, end_ns: int) -> set[float]:
    """The open exposure (side when `key`, else game) at every moment in [start_ns, end_ns]."""
    events = []
    for p in positions:
        if key is not None and p["side_key"] != key:
            continue
        if p["booked_ns"] is not None:
            events.append((p["booked_ns"], p["liability"]))
        if p["settled_ns"] is not None:
            events.append((p["settled_ns"], -p["liability"]))
    events.sort()
    now = round(sum(v for t, v in events if t < start_ns), 2)
    out = {now}
    for t, v in events:
        if start_ns <= t <= end_ns:
            now = round(now + v, 2)
            out.add(now)
    return out


def _close(x, allowed: set[float]) -> bool:
    return isinstance(x, (int, float)) and any(abs(x - a) <= 0.005 for a in allowed)


def rederive(c: dict, q: dict | None, positions: list[dict]) -> list[str]:
    """What differs between a calc's logged inputs and the same inputs derived again."""
    if q is None:
        return []  # an evaluation that never booked (a crash or a closed request): nothing to re-derive from
    inputs, at, diffs = c["inputs"], dt.datetime.fromisoformat(c["at"]), []
    r = q["request"]
    game_pos = [p for p in positions if p["game_id"] == q["game_id"] and p["quote_id"] != q["quote_id"]]
    timed = c["logged_ns"] is not None and all(p["booked_ns"] is not None for p in game_pos)
    if timed:
        end = c["logged_ns"]
        start = (q["record"].get("eval_started_ns") or end) - int(RACE_MARGIN_S * 1e9)
        side = _exposures(game_pos, side_key(q["game_id"], r["market"], r["side"]), start, end)
        game = _exposures(game_pos, None, start, end)
    if c["tool"] == "compare_odds":
        prices = _prices(q, at, side if timed else None)
        if not _close(inputs.get("market_odds"), prices):
            diffs.append(f"market_odds {inputs.get('market_odds')} is not the desk's price at {c['at']} "
                         f"({', '.join(map(str, sorted(prices)))})")
    elif c["tool"] == "compute_exposure_impact":
        if not timed:
            return diffs  # logged before the book kept times (an older store): not re-derivable
        if not _close(inputs.get("current_side_exposure"), side):
            diffs.append(f"current_side_exposure {inputs.get('current_side_exposure')} is not the book's "
                         f"({', '.join(map(str, sorted(side)))})")
        if not _close(inputs.get("current_game_exposure"), game):
            diffs.append(f"current_game_exposure {inputs.get('current_game_exposure')} is not the book's "
                         f"({', '.join(map(str, sorted(game)))})")
        lim = q["record"].get("limits")
        if lim and (inputs.get("max_per_side"), inputs.get("max_per_game")) != (lim["max_per_side"], lim["max_per_game"]):
            diffs.append(f"limits {inputs.get('max_per_side')}/{inputs.get('max_per_game')} are not the desk's "
                         f"{lim['max_per_side']}/{lim['max_per_game']}")
    return diffs


def check_calcs(book: DeskBook, rows: list[dict]) -> list[dict]:
    """Each row with `matched` and `differs` (the recomputation, then the re-derived inputs)."""
    quotes: dict[str, dict | None] = {}
    positions = book.positions()
    for c in rows:
        ok, diffs = calc.verify(c["tool"], c["inputs"], c["outputs"])
        qid = c["quote_id"]
        if qid and qid not in quotes:
            quotes[qid] = book.quote(qid)
        try:
            diffs = diffs + rederive(c, quotes.get(qid) if qid else None, positions)
        except (KeyError, ValueError, TypeError) as e:
            diffs = diffs + [f"inputs cannot be re-derived: {type(e).__name__}: {str(e)[:120]}"]
        c["matched"], c["differs"] = not diffs, diffs
        c["booked"] = bool(qid and quotes.get(qid))
    return rows


def book_problems(book: DeskBook) -> list[str]:
    """Positions without their quote, quotes whose status and position disagree."""
    problems = []
    positions = book.positions()
    by_quote: dict[str, int] = {}
    for p in positions:
        by_quote[p["quote_id"]] = by_quote.get(p["quote_id"], 0) + 1
    for qid, n in by_quote.items():
        q = book.quote(qid)
        if q is None:
            problems.append(f"position on quote {qid} has no quote record")
        elif q["status"] not in HOLDS_POSITION:
            problems.append(f"quote {qid} is {q['status']} but holds a position")
        if n > 1:
            problems.append(f"quote {qid} holds {n} positions")
    for q in book.quotes(limit=100_000):
        if q["status"] in HOLDS_POSITION and q["quote_id"] not in by_quote:
            problems.append(f"quote {q['quote_id']} is {q['status']} but holds no position")
    return problems


def audit_book(book: DeskBook, last: int) -> dict:
    rows = [{"calc_id": c["calc_id"], "tool": c["tool"], "quote_id": c["quote_id"], "matched": c["matched"],
             "differs": c["differs"], "booked": c["booked"]}
            for c in check_calcs(book, book.calcs(limit=last))]
    matched = sum(r["matched"] for r in rows)
    problems = book_problems(book)
    return {"checked": len(rows), "matched": matched, "mismatched": len(rows) - matched,
            "unbooked": sum(not r["booked"] for r in rows), "book_problems": problems, "calcs": rows}
