"""Per-bettor profiles: the closing-line value of each bettor's bets, and the tighter terms a
bettor who beats the close gets (issue #23, "Risk a sportsbook would expect").

CLV of one bet = odds x P(win at the closing line) - 1: what the bet was worth against the market's
last price before tip. A profile at desk time `at` counts only bets on games that tipped by `at`
(their close is known then; nothing later is read). A bettor with at least `MIN_BETS` such bets and
a stake-weighted CLV above `SHARP_CLV_PCT` is sharp: the accept band narrows from 2% to
`SHARP_ACCEPT_EDGE_PCT` and a bet's stake is capped at `SHARP_MAX_STAKE`.
"""
from __future__ import annotations

import datetime as dt
import json

from pydantic import BaseModel

from services.league import season_games
from services.desk.calc import ACCEPT_EDGE_PCT
from services.markets import state as market

MIN_BETS = 3
SHARP_CLV_PCT = 1.0
SHARP_ACCEPT_EDGE_PCT = 0.0  # a sharp gets the desk's price or worse
SHARP_MAX_STAKE = 25.0


class BettorProfile(BaseModel):
    bettor: str
    bets_closed: int  # bets on games that tipped by the profile's time
    clv_pct: float | None  # stake-weighted
    sharp: bool
    accept_edge_pct: float
    max_stake: float | None  # None: no per-bettor cap (the desk's limits still apply)
    rule: str


def bet_clv(game_id: str, mkt: str, side: str, line: float | None, odds: float) -> float:
    """The bet's closing-line value (a fraction): odds x no-vig P(win) at the close - 1."""
    close = market.market_state(game_id, season_games.get_game(game_id).tip)
    return odds * market.bet_prob(close, mkt, side, line) - 1.0


def bettor_bets(store, bettor: str) -> list[dict]:
    """Every booked bet of the bettor (the position joined with its quote's request)."""
    needle = f'%"bettor": {json.dumps(bettor)}%'
    rows = store.fetch("SELECT p.game_id, p.market, p.side, p.line, p.odds, p.amount, q.request FROM desk_positions p"
                       " JOIN desk_quotes q ON q.quote_id = p.quote_id WHERE q.request LIKE ?", (needle,))
    keys = ("game_id", "market", "side", "line", "odds", "amount")
    return [dict(zip(keys, r[:6], strict=True)) for r in rows if json.loads(r[6]).get("bettor") == bettor]


def profile(store, bettor: str, at: dt.datetime) -> BettorProfile:
    closed = [b for b in bettor_bets(store, bettor) if season_games.get_game(b["game_id"]).tip <= at]
    staked = sum(b["amount"] for b in closed)
    clv = (100.0 * sum(bet_clv(b["game_id"], b["market"], b["side"], b["line"], b["odds"]) * b["amount"]
                       for b in closed) / staked) if staked else None
    sharp = len(closed) >= MIN_BETS and clv is not None and clv > SHARP_CLV_PCT
    rule = (f"sharp: CLV {clv:+.2f}% over {len(closed)} closed bets > {SHARP_CLV_PCT:g}%: accept band "
            f"{SHARP_ACCEPT_EDGE_PCT:g}%, stake cap {SHARP_MAX_STAKE:g}" if sharp else
            f"standard terms ({len(closed)} closed bets" + (f", CLV {clv:+.2f}%)" if clv is not None else ")"))
    return BettorProfile(bettor=bettor, bets_closed=len(closed), clv_pct=None if clv is None else round(clv, 3),
                         sharp=sharp, accept_edge_pct=SHARP_ACCEPT_EDGE_PCT if sharp else ACCEPT_EDGE_PCT,
                         max_stake=SHARP_MAX_STAKE if sharp else None, rule=rule)
