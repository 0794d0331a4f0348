"""Settlement of moneyline, spread and total bets on the real final score.

Lines are from the bettor's side (home -5.5, away +5.5, total 221.5); a whole-number line that
lands exactly is a push (stake back).
"""
from __future__ import annotations

from typing import Literal

from services.league import season_games

Outcome = Literal["win", "loss", "push"]


def _grade(x: float) -> Outcome:
    return "win" if x > 0 else "loss" if x < 0 else "push"


def settle(game_id: str, market: str, side: str, line: float | None = None) -> Outcome:
    """Grade a bet on the game's real final."""
    g = season_games.get_game(game_id)
    if market == "moneyline":
        if side not in ("home", "away"):
            raise ValueError(f"moneyline side must be home or away, not {side!r}")
        return _grade(g.margin if side == "home" else -g.margin)
    if line is None:
        raise ValueError(f"a {market} bet needs a line")
    if market == "spread":
        if side not in ("home", "away"):
            raise ValueError(f"spread side must be home or away, not {side!r}")
        return _grade((g.margin if side == "home" else -g.margin) + line)
    if market == "total":
        if side not in ("over", "under"):
            raise ValueError(f"total side must be over or under, not {side!r}")
        diff = g.home_pts + g.away_pts - line
        return _grade(diff if side == "over" else -diff)
    raise ValueError(f"market must be moneyline, spread or total, not {market!r}")


def payout(outcome: Outcome, stake: float, odds: float) -> float:
    """The bettor's profit (negative = the stake lost): win stake*(odds-1), push 0, loss -stake."""
    return round(stake * (odds - 1.0) if outcome == "win" else 0.0 if outcome == "push" else -stake, 2)
