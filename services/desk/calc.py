"""The desk's two calculators (the model never does arithmetic) and their re-computation for the
audit: `verify(tool, inputs, outputs)` recomputes a logged call and says whether it matches.
"""
from __future__ import annotations

import math

ACCEPT_EDGE_PCT = 2.0  # bettor's edge at or under this: acceptable
REJECT_EDGE_PCT = 5.0  # over this: too much edge to the bettor
TOL = 1e-6


PERSPECTIVES = ("desk", "bettor")


def compare_odds(offered_odds: float, market_odds: float, perspective: str = "bettor") -> dict:
    """The edge in % when the desk would pay `offered_odds` against its own price `market_odds`,
    from `perspective` (the seed's compare_odds takes whose side to compute from): the bettor's edge
    is (market implied - offered implied) / market implied, the desk's is its negative.
    `bettor_edge_pct` is always the bettor's (the accept band reads it)."""
    if offered_odds <= 1.0 or market_odds <= 1.0:
        raise ValueError("decimal odds must be above 1.0")
    if perspective not in PERSPECTIVES:
        raise ValueError(f"perspective must be desk or bettor, not {perspective!r}")
    offered_p, market_p = 1.0 / offered_odds, 1.0 / market_odds
    edge = (market_p - offered_p) / market_p * 100.0
    edge = round(edge, 4)
    return {
        "offered_odds": offered_odds, "market_odds": market_odds, "perspective": perspective,
        "offered_implied_prob": round(offered_p, 6), "market_implied_prob": round(market_p, 6),
        "edge_pct": edge if perspective == "bettor" else round(-edge, 4) + 0.0, "bettor_edge_pct": edge,
        "favors": "bettor" if edge > 0 else "desk" if edge < 0 else "neutral",
        "recommendation": ("acceptable" if edge <= ACCEPT_EDGE_PCT else "counter at market"
                           if edge <= REJECT_EDGE_PCT else "reject (too much bettor edge)"),
    }


def liability(amount: float, odds: float) -> float:
    """The desk's worst-case loss on one bet: the bettor's profit if it wins."""
    return round(amount * (odds - 1.0), 2)


def compute_exposure_impact(amount: float, odds: float, current_side_exposure: float,
                            current_game_exposure: float, max_per_side: float, max_per_game: float) -> dict:
    """How a bet of `amount` at `odds` moves the desk's worst-case loss on its side and game."""
    if amount <= 0 or odds <= 1.0:
        raise ValueError("amount must be positive and odds above 1.0")
    loss = liability(amount, odds)
    new_side, new_game = round(current_side_exposure + loss, 2), round(current_game_exposure + loss, 2)
    room = min(max_per_side - current_side_exposure, max_per_game - current_game_exposure)
    max_amount = max(0.0, math.floor(room / (odds - 1.0) * 100) / 100)  # cents, rounded down
    within_side, within_game = new_side <= max_per_side + TOL, new_game <= max_per_game + TOL
    return {
        "amount": amount, "odds": odds, "liability": loss,
        "new_side_exposure": new_side, "new_game_exposure": new_game,
        "within_side_limit": within_side, "within_game_limit": within_game,
        "can_accept": within_side and within_game, "max_allowed_amount": max_amount,
    }


def _line_counter(**inputs) -> dict:
    from services.desk.flex import counter_line

    return counter_line(**inputs)


def _line_shading(**inputs) -> dict:
    from services.desk.flex import shade_line

    return shade_line(**inputs)


def _compare_odds_logged(offered_odds: float, market_odds: float, perspective: str | None = None) -> dict:
    """compare_odds as the log recomputes it: a call logged before `perspective` existed (no such
    input) recomputes to the shape it had then, so old audit rows still verify."""
    if perspective is None:
        out = compare_odds(offered_odds, market_odds)
        return {k: v for k, v in out.items() if k not in ("perspective", "bettor_edge_pct")}
    return compare_odds(offered_odds, market_odds, perspective)


CALCULATORS = {"compare_odds": _compare_odds_logged, "compute_exposure_impact": compute_exposure_impact,
               "line_counter": _line_counter, "line_shading": _line_shading}


def verify(tool: str, inputs: dict, outputs: dict) -> tuple[bool, list[str]]:
    """Recompute a logged calculation; (matched, the keys that differ)."""
    fn = CALCULATORS.get(tool)
    if fn is None:
        return False, [f"unknown tool {tool!r}"]
    try:
        again = fn(**inputs)
    except (TypeError, ValueError) as e:
        return False, [f"inputs do not recompute: {e}"]
    diffs = []
    for k, v in again.items():
        got = outputs.get(k)
        if isinstance(v, float) and isinstance(got, (int, float)) and not isinstance(got, bool):
            if abs(v - got) > TOL:
                diffs.append(k)
        elif got != v:
            diffs.append(k)
    return not diffs, diffs
