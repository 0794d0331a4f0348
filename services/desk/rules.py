"""The fixed-rule engine: the desk's "old flow" of the market-maker seed's Migration Path. No model,
no counters, no line flexibility, no bettor profiles, no shading: accept when the bettor's edge
against the desk's price is within 2% and the bet fits both limits; else reject.

Shadow mode (`agents.desk.runtime`) runs it beside the agent on every request, and the desk bench
runs it as the baseline; this is its one implementation.
"""
from __future__ import annotations

from services.desk import calc
from services.desk.flex import flex_bound
from services.desk.models import BetRequest, Decision


def rule_decision(req: BetRequest, desk_odds: float, market_line: float | None, side_exposure: float,
                  game_exposure: float, max_per_side: float, max_per_game: float) -> Decision:
    """The rule engine's decision on one request, from the desk's price and exposure at that time."""
    if req.line is not None and market_line is not None and abs(req.line - market_line) > flex_bound(req.market):
        return Decision(decision="reject", reason=f"rules: line {req.line:g} is more than "
                        f"{flex_bound(req.market):g} points from the market {market_line:g}", confidence=1.0)
    edge = calc.compare_odds(req.odds, desk_odds)["bettor_edge_pct"]
    if edge > calc.ACCEPT_EDGE_PCT:
        return Decision(decision="reject", reason=f"rules: bettor edge {edge:.2f}% over {calc.ACCEPT_EDGE_PCT:g}%",
                        confidence=1.0)
    impact = calc.compute_exposure_impact(req.amount, req.odds, side_exposure, game_exposure, max_per_side,
                                          max_per_game)
    if not impact["can_accept"]:
        return Decision(decision="reject", reason="rules: over an exposure limit", confidence=1.0)
    return Decision(decision="accept", amount=req.amount, odds=req.odds, line=req.line,
                    reason=f"rules: edge {edge:.2f}% within {calc.ACCEPT_EDGE_PCT:g}% and within limits", confidence=1.0)
