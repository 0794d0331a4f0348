"""Line flexibility (market-maker seed, "Line Flexibility Rules": NBA "+-2-3 points, can adjust
spread, be conservative on totals") and liability-driven line shading, as two calculators the
calculation log records and `desk verify` recomputes (both are in `calc.CALCULATORS`).

- `counter_line`: when a request's line is off the market and its price is too good for the
  bettor, the desk may keep the requested odds and counter at an adjacent line, the one closest to
  the request where the bettor's edge is within the accept band, at most `FLEX_POINTS[market]` from
  the requested line and from the market line. The ladder of the desk's prices at the candidate
  lines is an input, so the choice recomputes from the log alone.
- `shade_line`: when the desk's exposure on a side passes `SHADE_SHARE` of its side limit, the desk
  moves its own market line on that side against the bettor by up to `MAX_SHADE_POINTS`, linearly
  in the share beyond the threshold, in half points (well inside the flexibility bounds), and
  prices bets on that side against the shaded line.
"""
from __future__ import annotations

import math

from services.desk.models import FLEX_POINTS  # NBA: spreads +-2-3; totals conservative
SHADE_SHARE = 0.5  # shading starts when a side's exposure passes half its limit
MAX_SHADE_POINTS = 1.5  # at a full side the line is shaded 1.5 points against the bettor
TOL = 1e-6


def flex_bound(market: str) -> float:
    """The most a countered line may move, in points (0 for the moneyline: it has no line)."""
    return FLEX_POINTS.get(market, 0.0)


def worse_for_bettor(market: str, side: str, line: float, points: float) -> float:
    """The line `points` worse for the bettor: a lower spread (home -5.5 -> -6.5, away +3.5 ->
    +2.5), a higher total for the over, a lower one for the under."""
    if market == "total" and side == "over":
        return line + points
    return line - points


def _edge_pct(offered_odds: float, desk_odds: float) -> float:
    return round((1.0 / desk_odds - 1.0 / offered_odds) / (1.0 / desk_odds) * 100.0, 4)


def counter_line(market: str, side: str, requested_line: float, market_line: float, requested_odds: float,
                 ladder: dict[str, float], accept_edge_pct: float) -> dict:
    """The adjacent line to counter at, or none. `ladder` maps a candidate line (as text) to the
    desk's decimal price for the bet at that line."""
    bound = flex_bound(market)
    candidates = []
    for text, odds in ladder.items():
        line = float(text)
        if abs(line - requested_line) > bound + TOL or abs(line - market_line) > bound + TOL:
            continue
        edge = _edge_pct(requested_odds, odds)
        if edge <= accept_edge_pct + TOL:
            candidates.append((abs(line - requested_line), line, edge))
    if not candidates or requested_line == market_line:
        return {"line": None, "moved_points": None, "edge_pct_at_line": None, "bound_points": bound,
                "within_bounds": True}
    moved, line, edge = min(candidates)
    return {"line": line, "moved_points": round(moved, 1), "edge_pct_at_line": edge, "bound_points": bound,
            "within_bounds": moved <= bound + TOL and abs(line - market_line) <= bound + TOL}


def ladder_lines(market: str, side: str, requested_line: float) -> list[float]:
    """The candidate lines of a counter: every half point within the bound, worse for the bettor."""
    steps = int(flex_bound(market) * 2)
    return [worse_for_bettor(market, side, requested_line, k / 2) for k in range(1, steps + 1)]


def shade_line(market: str, side: str, line: float | None, side_exposure: float, max_per_side: float) -> dict:
    """The desk's shaded market line for a side (`line`: the side's market line; None for a
    moneyline, which is shaded through the spread it is priced from), given its exposure there."""
    share = side_exposure / max_per_side if max_per_side > 0 else 0.0
    points = 0.0
    if share > SHADE_SHARE:
        raw = (min(share, 1.0) - SHADE_SHARE) / (1.0 - SHADE_SHARE) * MAX_SHADE_POINTS
        points = min(math.ceil(raw * 2 - TOL) / 2, FLEX_POINTS.get(market, FLEX_POINTS["spread"]))
    shaded = None if line is None else worse_for_bettor(market, side, line, points)
    return {"share_of_limit": round(share, 4), "shade_points": points, "shaded_line": shaded,
            "threshold_share": SHADE_SHARE}


def shaded_price(state, market: str, side: str, line: float | None, points: float) -> float:
    """The desk's price for a bet when its own line on `side` is shaded `points` against the bettor
    (home -5.5 -> -6.5, over 220.5 -> 221.5; a moneyline through its spread), at `state`
    (`services.markets.state.MarketState`)."""
    from services.markets import pricing

    hs, total = state.home_spread, state.total
    home_spread = hs - points if side == "home" else hs + points if side == "away" else hs
    total = total + points if side == "over" else total - points if side == "under" else total
    return pricing.decimal_odds(pricing.bet_prob(market, side, line, home_spread, total))


def shaded_odds(state, market: str, side: str, line: float | None, side_exposure: float,
                max_per_side: float) -> float | None:
    """The shaded price given the side's exposure (None when the exposure does not shade it): what
    get_market_state quotes, re-derived for the booking's last look and the audit."""
    from services.markets.state import market_line

    out = shade_line(market, side, market_line(state, market, side), side_exposure, max_per_side)
    return shaded_price(state, market, side, line, out["shade_points"]) if out["shade_points"] else None


def ladder(state, market: str, side: str, requested_line: float) -> dict[str, float]:
    """The desk's price at each candidate counter line (the calculator's input), from the market
    state of the quote's time: `services.markets.state.MarketState`."""
    from services.markets.state import bet_odds

    return {f"{line:g}": bet_odds(state, market, side, line) for line in ladder_lines(market, side, requested_line)}


def recheck_line_counter(quote: dict) -> dict:
    """`desk verify`'s recompute of one line counter from the quote alone: the ladder re-derived from
    the market at the quote's time (a pure function of game and time), the line chosen again, and
    the seed's bounds (spread 3, total 2 points from the requested and the market line)."""
    import datetime as dt

    from services.markets.state import market_line, market_state

    req, counter = quote["request"], (quote["record"].get("counter") or {})
    line = counter.get("terms", {}).get("line")
    s = market_state(quote["game_id"], dt.datetime.fromisoformat(quote["at"]))
    mline = market_line(s, req["market"], req["side"])
    again = counter_line(req["market"], req["side"], req["line"], mline, req["odds"],
                         ladder(s, req["market"], req["side"], req["line"]), quote["record"].get("accept_edge_pct", 2.0))
    problems = []
    if again["line"] != line:
        problems.append(f"line {line} recomputes to {again['line']}")
    bound = flex_bound(req["market"])
    if line is None or abs(line - req["line"]) > bound + TOL or abs(line - mline) > bound + TOL:
        problems.append(f"line {line} is outside the {bound:g}-point bound (request {req['line']}, market {mline})")
    return {"quote_id": quote["quote_id"], "line": line, "requested_line": req["line"], "market_line": mline,
            "bound_points": bound, "matched": not problems, "problems": problems}
