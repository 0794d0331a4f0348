"""The pod's pure pipeline over many games, settled on the real finals (for scoring and the bench).

For each game: the wire at decision time (no news: no estimate), the estimate (blind or anchored),
the price, the divergence, and the real result. The graph makes the same numbers with the offline
model; this path skips LangGraph so a whole season window scores in seconds.
"""
from __future__ import annotations

import datetime as dt
from typing import Callable

from pydantic import BaseModel

from services.league.season_games import get_game, schedule
from services.signals.divergence import DEFAULT_THRESHOLD, divergence, signal_confidence
from services.signals.estimator import Mode, estimate, plain_elo_prob
from services.signals.market import decision_time, market_price
from services.signals.timeline import assess_timeline
from services.signals.wire import game_wire

BOX_SCORE_END = dt.date(2025, 2, 7)  # the last day of box scores: later games would use stale news


class GameEval(BaseModel):
    game_id: str
    date: dt.date
    home: str
    away: str
    mode: str
    news: int  # wire items known at decision time
    price: float  # market P(home wins) at decision time
    estimate: float | None  # None when there was no news (the pod stops)
    estimate_without_absences: float | None = None  # the same estimate without the absence term
    elo: float  # plain Elo P(home wins), for comparison
    ev: float | None
    direction: str | None
    confidence: str | None  # of the signal it would make (by |ev|)
    home_won: bool
    hours_to_tip: float = 0.0
    urgency: str = "day_of"  # the decision's band (services.signals.timeline)
    threshold_add: float = 0.0  # what the band adds to the signal threshold

    def signal_at(self, threshold: float) -> bool:
        return self.ev is not None and abs(self.ev) >= threshold + self.threshold_add - 1e-12


def evaluate_game(game_id: str, mode: Mode = "blind", hours_before_tip: float | None = None) -> GameEval:
    """One game at the pod's decision time (noon ET on game day) or `hours_before_tip` before tip."""
    g = get_game(game_id)
    at = decision_time(g.date) if hours_before_tip is None else g.tip - dt.timedelta(hours=hours_before_tip)
    tl = assess_timeline(at, g.tip)
    items = game_wire(game_id, at)
    price = market_price(game_id, at)
    full = estimate(game_id, at, mode, price=price if mode == "anchored" else None) if items else None
    est = full.probability if full else None
    div = divergence(est, price, DEFAULT_THRESHOLD) if est is not None else None
    return GameEval(game_id=game_id, date=g.date, home=g.home, away=g.away, mode=mode, news=len(items),
                    price=round(price, 4), estimate=est,
                    estimate_without_absences=full.probability_without_absences if full else None, elo=round(plain_elo_prob(game_id), 4),
                    ev=div.ev if div else None, direction=div.direction if div else None,
                    confidence=signal_confidence(div.ev) if div else None, home_won=g.home_won,
                    hours_to_tip=tl.hours_to_tip, urgency=tl.urgency, threshold_add=tl.threshold_add)


def evaluate(start: dt.date, end: dt.date, mode: Mode = "blind",
             on_progress: Callable[[int, int], None] | None = None,
             hours_before_tip: float | None = None) -> list[GameEval]:
    """Every regular-season game from start to end (inclusive; capped at the last box-score day),
    at the pod's decision time or `hours_before_tip` before each tip."""
    if start > end:
        raise ValueError(f"--from {start} is after --to {end}")
    games = schedule(start, min(end, BOX_SCORE_END))
    out = []
    for i, g in enumerate(games, 1):
        out.append(evaluate_game(g.game_id, mode, hours_before_tip))
        if on_progress:
            on_progress(i, len(games))
    return out
