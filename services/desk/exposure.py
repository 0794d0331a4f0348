"""Exposure a sportsbook reads: the desk's P&L per outcome with the two sides of each market netted,
next to the gross worst case the limits bind on, and the room left under each limit.

Gross (what `DeskBook.book_position` checks, and so what the limits bind on): every open bet's
payout if it wins, summed per side and per game, as if every bet won at once. Netted: for each
outcome of the game (the final margin for moneyline and spread bets, the final total for totals),
the desk's P&L over all open bets (a losing bet's stake is the desk's), and the worst of them. The
two dimensions are independent, so the game's netted worst case is the sum of the worst margin
outcome and the worst total outcome. Netted is never above gross; it is reported, not enforced.
"""
from __future__ import annotations

MARGINS = [x / 2 for x in range(-140, 141)]  # home margin -70..70 by half points
TOTALS = [x / 2 for x in range(300, 701)]  # total points 150..350


def _bet_result(p: dict, margin: float | None, total: float | None) -> float:
    """The desk's P&L on one bet at one outcome: +stake when it loses, -stake*(odds-1) when it wins."""
    if p["market"] == "total":
        x = (total - p["line"]) if p["side"] == "over" else (p["line"] - total)
    else:
        signed = margin if p["side"] == "home" else -margin
        x = signed if p["market"] == "moneyline" else signed + p["line"]
    if x > 0:
        return -p["amount"] * (p["odds"] - 1.0)
    return p["amount"] if x < 0 else 0.0


def _worst(positions: list[dict], grid: list[float], key: str) -> tuple[float, float | None]:
    if not positions:
        return 0.0, None
    pnl = [(sum(_bet_result(p, g if key == "margin" else None, g if key == "total" else None) for p in positions), g)
           for g in grid]
    worst, at = min(pnl)
    return round(max(0.0, -worst), 2), at


def netted(positions: list[dict]) -> dict:
    """Netted worst-case loss per market and for the game, with the outcome where it happens."""
    by_market = {}
    for mkt in ("moneyline", "spread", "total"):
        ps = [p for p in positions if p["market"] == mkt]
        loss, at = _worst(ps, TOTALS if mkt == "total" else MARGINS, "total" if mkt == "total" else "margin")
        gross = round(sum(p["amount"] * (p["odds"] - 1.0) for p in ps), 2)
        by_market[mkt] = {"netted_worst_loss": loss, "gross_worst_loss": gross,
                          "worst_outcome": None if at is None else
                          (f"total {at:g}" if mkt == "total" else f"home margin {at:+g}")}
    margin_loss, margin_at = _worst([p for p in positions if p["market"] != "total"], MARGINS, "margin")
    total_loss, total_at = _worst([p for p in positions if p["market"] == "total"], TOTALS, "total")
    return {"by_market": by_market, "game_netted_worst_loss": round(margin_loss + total_loss, 2),
            "game_worst_outcome": {"home_margin": margin_at, "total": total_at}}


def room(side_exposure: float | None, game_exposure: float, max_per_side: float, max_per_game: float) -> dict:
    """What the seed's get_my_exposure returns beside the exposure: the room left per side and game."""
    return {"remaining_per_side": None if side_exposure is None else round(max_per_side - side_exposure, 2),
            "remaining_per_game": round(max_per_game - game_exposure, 2)}
