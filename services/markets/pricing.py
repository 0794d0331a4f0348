"""Prices from the market's line through a normal margin model.

The real data gives margin-minus-line a standard deviation of 13.6 points (totals: 17.6), so
P(home wins) = Phi(-home_spread / 13.6): no-vig probabilities "priced from the spread". Decimal
odds carry the desk's margin: the implied probability is scaled up by (1 + margin).

Line conventions: `home_spread` is the home team's spread (-5.5 = home favoured by 5.5). A spread
bet's `line` is from the bettor's side (home -5.5 or away +5.5); a total's line is the points.
"""
from __future__ import annotations

import math

MARGIN_SD = 13.6  # sd of (home margin - expected margin) on the real 2024-25 lines
TOTAL_SD = 17.6  # sd of (total points - market total)
DESK_MARGIN = 0.045  # the desk's vig: 1.909 on each side of a 50/50 market
PRICED_FROM_SPREAD = "priced from the spread"
MIN_PROB, MAX_PROB = 0.005, 0.995
MIN_ODDS = 1.01


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def home_win_prob(home_spread: float, sd: float = MARGIN_SD) -> float:
    """No-vig P(home wins) from the home spread: Phi(-home_spread / sd)."""
    return normal_cdf(-home_spread / sd)


def cover_prob(home_spread_market: float, line: float, side: str, sd: float = MARGIN_SD) -> float:
    """P(the `side` covers at `line`) when the market's home spread is `home_spread_market`.

    The home margin is normal with mean -home_spread_market; home at line L covers when
    margin + L > 0, away at line L (its own spread) when -margin + L > 0.
    """
    if side == "home":
        return normal_cdf((line - home_spread_market) / sd)
    if side == "away":
        return normal_cdf((line + home_spread_market) / sd)
    raise ValueError(f"spread side must be home or away, not {side!r}")


def over_prob(total_market: float, line: float, sd: float = TOTAL_SD) -> float:
    """P(total points > line) when the market total is `total_market`."""
    return normal_cdf((total_market - line) / sd)


def decimal_odds(prob: float, margin: float = DESK_MARGIN) -> float:
    """Decimal odds for a no-vig probability with the desk's margin applied (3 decimals)."""
    p = min(max(prob, MIN_PROB), MAX_PROB)
    return round(max(MIN_ODDS, 1.0 / (p * (1.0 + margin))), 3)


def bet_prob(market: str, side: str, line: float | None, home_spread: float, total: float) -> float:
    """No-vig probability that a bet wins, for any market, priced from the current line."""
    if market == "moneyline":
        p_home = home_win_prob(home_spread)
        if side not in ("home", "away"):
            raise ValueError(f"moneyline side must be home or away, not {side!r}")
        return p_home if side == "home" else 1.0 - p_home
    if line is None:
        raise ValueError(f"a {market} bet needs a line")
    if market == "spread":
        return cover_prob(home_spread, line, side)
    if market == "total":
        if side not in ("over", "under"):
            raise ValueError(f"total side must be over or under, not {side!r}")
        p_over = over_prob(total, line)
        return p_over if side == "over" else 1.0 - p_over
    raise ValueError(f"market must be moneyline, spread or total, not {market!r}")
