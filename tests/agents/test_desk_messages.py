"""The desk's reasons say which price the bettor's odds were compared with and which one moved
(issue #41: "edge -10.16% within 2%" read as a violation, and a bet at the market's odds rejected as
"5.63% over 5%" without saying that liability shading had moved the desk's own price).

Prices by hand from the normal margin model (sd 13.6, margin 4.5%). Broken version caught: today's
reasons, which name neither the desk's price against the market's nor the side's share of its limit,
and call an edge below the desk's price "within" the band.
"""
from __future__ import annotations

import datetime as dt
from statistics import NormalDist

from agents.desk.runtime import Desk
from agents.offline.desk_policy import DeskPolicyModel
from services.desk.models import BetRequest, DeskLimits
from services.markets import state as market

GAME = "2025-01-29-CHI-BOS"
AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
LIMITS = DeskLimits(max_per_side=200, max_per_game=400)


def _price(line: float, mline: float) -> float:
    return round(1 / (NormalDist().cdf((line - mline) / 13.6) * 1.045), 3)


def test_a_price_under_the_desks_reads_as_under_not_within(fresh_state):
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    m = market.market_state(GAME, AT).home_spread
    mine = _price(m, m)
    q = desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=m, odds=1.70, amount=10), AT)
    edge = 100 * (1 - mine / 1.70)  # calc.compare_odds: (implied at my price - implied offered) / implied at mine
    assert q.status == "accepted"
    reason = q.decision["reason"]
    assert f"bettor edge {edge:+.2f}%" in reason and f"under my price {mine:g}" in reason
    assert "within" not in reason


def test_a_reject_after_shading_names_the_shade_and_the_markets_price(fresh_state):
    """A bet at the market's own price on a heavy side: the desk's shaded line (1.5 points at 94% of the
    limit) prices it far lower; the reason names both prices and the side's share of the limit."""
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=LIMITS)
    m = market.market_state(GAME, AT).home_spread
    desk.book.book_position("q-heavy", GAME, "spread", "home", m, 1.9, 209, LIMITS, AT)  # 188.1 of 200: 94%
    unshaded = _price(m, m)
    q = desk.quote(BetRequest(game_id=GAME, market="spread", side="home", line=m, odds=unshaded, amount=5), AT)
    (shade,) = desk.book.calcs(tool="line_shading", quote_id=q.quote_id)
    pts = shade["outputs"]["shade_points"]
    shaded = _price(m, m - pts)
    edge = 100 * (1 - shaded / unshaded)
    reason = q.decision["reason"]
    assert f"bettor edge {edge:+.2f}%: your {unshaded:g} is over my price {shaded:g}" in reason
    assert f"my line shaded {pts:g} points from the market's, which prices it at {unshaded:g}" in reason
    assert "this side holds 94% of its limit" in reason
