"""The market at any desk time, a pure function of (game, time).

A game is listed 48 h before its (nominal) tip at the desk's opening line (the Elo model), then
follows a deterministic simulated path, seeded by the game id, in 15-minute ticks to the real
closing line at tip, and stays there. Before listing the state carries the opening values the
model would give with what is known at that time. Prices come from the line ("priced from the
spread"), no-vig, then decimal odds with the desk's margin.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import math
import random
from functools import lru_cache

from pydantic import BaseModel

from services import season_games
from services.markets import pricing, ratings
from services.markets.clock import LISTING_LEAD, listing_time

TICK = dt.timedelta(minutes=15)
N_TICKS = int(LISTING_LEAD / TICK)  # 192 ticks from listing to tip
SPREAD_WIGGLE = 1.5  # points: scale of the path's bridge noise (sd ~0.75 mid-path)
TOTAL_WIGGLE = 2.0
SIMULATED_PATH = "simulated path (open from the desk's Elo, real close at tip)"


class MarketState(BaseModel):
    """One game's market at one desk time."""

    game_id: str
    at: dt.datetime
    home: str
    away: str
    date: dt.date
    tip: dt.datetime
    listed_at: dt.datetime
    listed: bool
    tick: int  # 0 at listing .. N_TICKS at tip (0 before listing)
    open_home_spread: float
    home_spread: float
    open_total: float
    total: float
    home_win_prob: float  # no-vig, now
    away_win_prob: float
    home_odds: float  # decimal, with the desk's margin
    away_odds: float
    open_home_odds: float
    open_away_odds: float
    spread_odds: float  # either side at the current spread (50/50 with margin)
    total_odds: float  # over or under at the current total
    minutes_to_tip: float  # negative once the game has started
    labels: list[str]

    def team_side(self, team: str) -> str:
        if team == self.home:
            return "home"
        if team == self.away:
            return "away"
        raise ValueError(f"{team!r} does not play in {self.game_id} ({self.away} at {self.home})")


def _seed(game_id: str) -> int:
    return int(hashlib.sha256(game_id.encode()).hexdigest()[:16], 16)


@lru_cache(maxsize=4096)
def _bridge(game_id: str, salt: str) -> tuple[float, ...]:
    """A Brownian bridge over the ticks (0 at listing and at tip), deterministic per game."""
    rng = random.Random(_seed(game_id + salt))
    w, path = 0.0, [0.0]
    for _ in range(N_TICKS):
        w += rng.gauss(0.0, 1.0 / math.sqrt(N_TICKS))
        path.append(w)
    end = path[-1]
    return tuple(p - (k / N_TICKS) * end for k, p in enumerate(path))


def _line_at(game_id: str, salt: str, open_: float, close: float, tick: int, wiggle: float) -> float:
    if tick >= N_TICKS:
        return close
    drift = open_ + (close - open_) * tick / N_TICKS
    return ratings._half(drift + wiggle * _bridge(game_id, salt)[tick])


def tick_at(game: season_games.ScheduledGame, at: dt.datetime) -> int:
    """The path tick in force at `at` (0 before or at listing, N_TICKS from tip on)."""
    if at.tzinfo is None:
        raise ValueError("desk times must be timezone-aware (UTC)")
    listed = listing_time(game)
    if at <= listed:
        return 0
    return min(N_TICKS, int((at - listed) / TICK))


def market_state(game_id: str, at: dt.datetime) -> MarketState:
    """The game's market at desk time `at` (pure: same inputs, same state)."""
    if at.tzinfo is None:
        raise ValueError("desk times must be timezone-aware (UTC)")
    g = season_games.get_game(game_id)
    listed_at = listing_time(g)
    listed = at >= listed_at
    open_as_of = None if listed else at
    open_spread = ratings.rating_spread(game_id, open_as_of)
    open_total = ratings.rating_total(game_id, open_as_of)
    tick = tick_at(g, at) if listed else 0
    if listed:
        spread = _line_at(game_id, "spread", open_spread, g.home_spread, tick, SPREAD_WIGGLE)
        total = _line_at(game_id, "total", open_total, g.total, tick, TOTAL_WIGGLE)
    else:
        spread, total = open_spread, open_total
    p_home = pricing.home_win_prob(spread)
    p_open = pricing.home_win_prob(open_spread)
    labels = [pricing.PRICED_FROM_SPREAD, SIMULATED_PATH, season_games.TIP_LABEL]
    if not listed:
        labels.append("not listed yet: opening values as of now")
    return MarketState(
        game_id=game_id, at=at, home=g.home, away=g.away, date=g.date, tip=g.tip, listed_at=listed_at,
        listed=listed, tick=tick, open_home_spread=open_spread, home_spread=spread, open_total=open_total,
        total=total, home_win_prob=p_home, away_win_prob=1.0 - p_home,
        home_odds=pricing.decimal_odds(p_home), away_odds=pricing.decimal_odds(1.0 - p_home),
        open_home_odds=pricing.decimal_odds(p_open), open_away_odds=pricing.decimal_odds(1.0 - p_open),
        spread_odds=pricing.decimal_odds(0.5), total_odds=pricing.decimal_odds(0.5),
        minutes_to_tip=(g.tip - at).total_seconds() / 60.0, labels=labels)


def win_prob(game_id: str, team: str, at: dt.datetime) -> float:
    """No-vig probability that `team` (home or away code) wins, from the market at `at`."""
    s = market_state(game_id, at)
    return s.home_win_prob if s.team_side(team) == "home" else s.away_win_prob


def bet_prob(state: MarketState, market: str, side: str, line: float | None) -> float:
    """No-vig probability that a bet wins, priced from the state's current line."""
    return pricing.bet_prob(market, side, line, state.home_spread, state.total)


def bet_odds(state: MarketState, market: str, side: str, line: float | None) -> float:
    """The desk's decimal price for a bet (any line) at the state's market."""
    return pricing.decimal_odds(bet_prob(state, market, side, line))


def market_line(state: MarketState, market: str, side: str) -> float | None:
    """The current market line for a side: home spread, away spread (its negative), or the total."""
    if market == "spread":
        return state.home_spread if side == "home" else -state.home_spread
    if market == "total":
        return state.total
    return None


def next_move(game_id: str, at: dt.datetime) -> dt.datetime | None:
    """The first tick time after `at` where the market's home spread or total changes (None
    when it no longer moves): the demo's "nudge the market" jumps the clock there."""
    g = season_games.get_game(game_id)
    now = market_state(game_id, at)
    t = max(at, listing_time(g))
    start = tick_at(g, t) + 1
    for k in range(start, N_TICKS + 1):
        when = listing_time(g) + k * TICK
        s = market_state(game_id, when)
        if (s.home_spread, s.total) != (now.home_spread, now.total):
            return when
    return None


def clear_caches() -> None:
    _bridge.cache_clear()
