"""The market at any desk time, a pure function of (game, time).

A game is listed 48 h before its (nominal) tip. From listing to tip the market follows a simulated
path in 15-minute ticks that ends at the real closing line and stays there. The path is a random
walk run BACKWARD from the real close (`services.markets.path`): each tick's move is drawn
independently of every other move and of the close, so the price at any time is the close plus
the sum of the moves still to come, an unbiased estimate of the close whose error variance grows
with the time to tip, and a move tells nothing about the next one (a martingale in what it reveals).

How the real close is used (the one place it is read before tip): only as the end point of that
walk, never as a drift. Before listing there is no market: the state carries the desk's own Elo
opinion as of now (labelled), which uses finals known then only. The desk's Elo line stays its
own opinion apart from the market (`desk_home_spread`, `desk_total`, from the results known at
listing). Prices come from the line ("priced from the spread"), no-vig, then decimal odds with
the desk's margin.
"""
from __future__ import annotations

import datetime as dt

from pydantic import BaseModel

from services.league import season_games
from services.markets import pricing, ratings
from services.markets.clock import listing_time
from services.markets.path import N_TICKS, TICK, line_at
from services.markets.path import clear_caches as _clear_path

SIMULATED_PATH = "simulated path (backward random walk from the real close: a martingale)"
DESK_OPINION = "not listed yet: the desk's own Elo opinion as of now, no market"


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
    open_home_spread: float  # the market's opening line (before listing: the desk's opinion)
    home_spread: float
    open_total: float
    total: float
    desk_home_spread: float  # the desk's own Elo line, apart from the market
    desk_total: float
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
    desk_as_of = None if listed else at
    desk_spread = ratings.rating_spread(game_id, desk_as_of)
    desk_total = ratings.rating_total(game_id, desk_as_of)
    tick = tick_at(g, at) if listed else 0
    if listed:
        open_spread = line_at(game_id, "spread", g.home_spread, 0)
        open_total = line_at(game_id, "total", g.total, 0)
        spread = line_at(game_id, "spread", g.home_spread, tick)
        total = line_at(game_id, "total", g.total, tick)
    else:
        open_spread = spread = desk_spread
        open_total = total = desk_total
    p_home = pricing.home_win_prob(spread)
    p_open = pricing.home_win_prob(open_spread)
    labels = [pricing.PRICED_FROM_SPREAD, SIMULATED_PATH, season_games.TIP_LABEL]
    if not listed:
        labels.append(DESK_OPINION)
    return MarketState(
        game_id=game_id, at=at, home=g.home, away=g.away, date=g.date, tip=g.tip, listed_at=listed_at,
        listed=listed, tick=tick, open_home_spread=open_spread, home_spread=spread, open_total=open_total,
        total=total, desk_home_spread=desk_spread, desk_total=desk_total, home_win_prob=p_home, away_win_prob=1.0 - p_home,
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
    _clear_path()
