"""The transparent offline estimator: P(home wins) from Elo, the absence signal (rotation players
missing their team's recent games, from the box scores) and rest. A model, labelled so; not an LLM
and not a market.

margin = b0 + b1 * elo_margin + b2 * absence_edge + b3 * b2b_edge + b4 * dense_edge, P = Phi(margin / sd).
The constants (`COEFS`, `SD`) are `services.signals.fit.fit()` on games before 2024-12-01 only, so
every scored game (2024-12-01 on) is out of sample for the absence weight. Each estimate also
carries `probability_without_absences` (the same margin without the absence term), so the
scoreboard reports skill with and without it.

Modes: `blind` never sees the price; `anchored` starts from the price's implied margin and adds the
news terms (the absences and rest the price may not have caught up with).

The news terms are weighted by the decision's urgency band (`services.signals.timeline`, the
seed's "news impact decays as resolution approaches"): full weight a day or more before tip and on
the day, half in the last 3 hours.
"""
from __future__ import annotations

import datetime as dt
from statistics import NormalDist
from typing import Literal

from pydantic import BaseModel, Field

from services.league.season_games import get_game
from services.signals.features import GameFeatures, game_features
from services.signals.timeline import assess_timeline
from services.signals.wire import NewsItem, game_wire

COEFS = {"intercept": 0.007, "elo_margin": 1.5216, "absence_edge": 1.277, "b2b_edge": 3.7046, "dense_edge": 0.0}
SD = 13.174
MARKET_SD = 13.6  # services.markets.pricing.MARGIN_SD: the market's margin model, for anchored mode
LABEL = ("model: transparent offline estimator (Elo + rotation players missing recent games + rest; "
         "constants fit on games before 2024-12-01)")
CLAMP = (0.01, 0.99)
Mode = Literal["blind", "anchored"]
Confidence = Literal["low", "medium", "high"]


class Estimate(BaseModel):
    """The estimator's answer, in the schema the pod's structured output uses."""

    game_id: str
    at: dt.datetime
    mode: Mode
    probability: float = Field(ge=0.0, le=1.0)  # P(home wins)
    reasoning: str
    confidence: Confidence
    key_factors: list[str] = Field(min_length=1, max_length=5)
    cited_news_ids: list[str]
    label: str = LABEL
    margin: float  # estimated home margin, points
    elo_margin: float
    news_points: float  # what absences and rest add to the margin
    absence_points: float = 0.0  # of which the absence signal
    probability_without_absences: float | None = None  # the same estimate without the absence term
    price: float | None = None  # anchored mode only
    urgency: str = "day_of"  # the decision's band (services.signals.timeline)
    news_weight: float = 1.0


def _phi(x: float) -> float:
    return NormalDist().cdf(x)


def absence_points(f: GameFeatures) -> float:
    return COEFS["absence_edge"] * f.absence_edge


def news_points(f: GameFeatures) -> float:
    return absence_points(f) + COEFS["b2b_edge"] * f.b2b_edge + COEFS["dense_edge"] * f.dense_edge


def plain_elo_prob(game_id: str) -> float:
    """The plain Elo estimate (no news), through the market's margin model: Phi(elo_margin / 13.6)."""
    return _phi(game_features(game_id).elo_margin / MARKET_SD)


def estimate_confidence(points: float) -> Confidence:
    """How much the news moved the estimate: >= 3 points high, >= 1.5 medium, else low."""
    a = abs(points)
    return "high" if a >= 3 else "medium" if a >= 1.5 else "low"


def _cited(f: GameFeatures, items: list[NewsItem]) -> list[NewsItem]:
    """The items the model used: the absent rotation players, and rest."""
    counted = {p.ref.player_id for rep in (f.home, f.away) for p in rep.absent}
    used = [i for i in items if i.topic == "rest" or (i.topic == "absence" and i.player_id in counted)]
    used.sort(key=lambda i: (i.topic != "rest", -(i.value or 0.0)))
    return used[:6] or sorted(items, key=lambda i: -(i.value or 0.0))[:1]


def _factors(f: GameFeatures, home: str, away: str, base: str) -> list[str]:
    out = [base]
    for rep in (f.home, f.away):
        if rep.absent:
            out.append(f"{rep.team} missing {', '.join(p.ref.name for p in rep.absent[:3])} "
                       f"({rep.rotation_missing:.2f} rotation player-games, {COEFS['absence_edge']:.2f} pts each)")
        if rep.back_to_back:
            out.append(f"{rep.team} on a back-to-back ({COEFS['b2b_edge']:+.1f} pts to the other side)")
        elif rep.games_last_4_nights >= 3:
            out.append(f"{rep.team}: {rep.games_last_4_nights} games in the 4 nights before")
    return out[:5]


def estimate(game_id: str, at: dt.datetime | None = None, mode: Mode = "blind",
             price: float | None = None) -> Estimate:
    """The estimate for the game at decision time `at` (only news known then; the model's inputs
    all come from before the game's date). `anchored` needs the price (read from the desk when None)."""
    g = get_game(game_id)
    from services.signals.market import decision_time, market_price

    at = at or decision_time(g.date)
    f = game_features(game_id)
    items = game_wire(game_id, at)
    tl = assess_timeline(at, g.tip)
    news = news_points(f) * tl.news_weight
    absent = absence_points(f) * tl.news_weight
    if mode == "anchored":
        price = market_price(game_id, at) if price is None else price
        p0 = min(max(price, 1e-4), 1 - 1e-4)
        start = MARKET_SD * NormalDist().inv_cdf(p0)
        margin, sd = start + news, MARKET_SD
        base = f"market price {price:.3f} for {g.home} (implied margin {start:+.1f})"
    elif mode == "blind":
        start = COEFS["intercept"] + COEFS["elo_margin"] * f.elo_margin
        margin, sd = start + news, SD
        base = f"Elo margin {f.elo_margin:+.1f} for {g.home} (scaled {start:+.1f})"
    else:
        raise ValueError(f"mode must be blind or anchored, not {mode!r}")
    p = min(max(_phi(margin / sd), CLAMP[0]), CLAMP[1])
    p_without = min(max(_phi((margin - absent) / sd), CLAMP[0]), CLAMP[1])
    cited = _cited(f, items)
    factors = _factors(f, g.home, g.away, base)
    reasoning = (f"{LABEL}. Start: {base}. News: {news:+.1f} pts "
                 f"(absences {absent:+.1f}: {g.home} missing {f.home.rotation_missing:.2f}, {g.away} missing "
                 f"{f.away.rotation_missing:.2f} rotation player-games; back-to-back {g.home} {f.home.back_to_back}, "
                 f"{g.away} {f.away.back_to_back}). "
                 f"Timeline: {tl.hours_to_tip:.1f} h to tip ({tl.rule}). "
                 f"Margin {margin:+.1f}, sd {sd:.1f}: P({g.home} wins) = {p:.3f}. "
                 f"Cited: {', '.join(i.id for i in cited) or 'none'}.")
    return Estimate(game_id=game_id, at=at, mode=mode, probability=round(p, 4), reasoning=reasoning,
                    confidence=estimate_confidence(news), key_factors=factors, cited_news_ids=[i.id for i in cited],
                    margin=round(margin, 2), elo_margin=round(f.elo_margin, 2), news_points=round(news, 2),
                    absence_points=round(absent, 2), probability_without_absences=round(p_without, 4),
                    price=round(price, 4) if mode == "anchored" and price is not None else None,
                    urgency=tl.urgency, news_weight=tl.news_weight)
