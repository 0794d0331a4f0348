"""The simulated market's line path: a random walk run backward from the real close.

For each game and line (spread, total) a deterministic stream of moves e_1..e_N, one per 15-minute
tick from listing (tick 0) to tip (tick N = 192), is drawn from a generator seeded by the game id
only: never by the close, the score or anything else in the data. The line at tick k is

    line_k = close - (e_{k+1} + ... + e_N)

so it ends at the real close at tip, its error `line_k - close` has mean 0 and a variance that
grows linearly with the time to tip, and each observed move line_k - line_{k-1} = e_k is
independent of every earlier move: what the path has shown says nothing about where it goes next
(a martingale), unlike a drift from an opening line to the close.

Moves are on the half-point grid (the close always is: every line of games.csv is a multiple of
0.5), so no rounding breaks the independence. Each tick: a half-point move with probability
`STEP_P`, a jump (news: an injury, a rest night) of 1.5-4 points with probability `JUMP_P`, else
nothing; both symmetric.

Scale, and where it comes from: Nebula Insights' NBA research (6,341 games, 2020-21 to October
2024, https://nebulainsights.net/blog/nba-research.html) reports that 60-65% of NBA games see the
consensus spread move by at least half a point from open to close, and about 15% by 2 points or
more. `STEP_P` and `JUMP_P` are set so the simulated open-to-close spread move matches both:
36% of games unmoved (64% moved), 14% moved 2+ points, sd 1.3 points (measured over 5,000 draws
and over the season by tests/services/markets/test_martingale_path.py). The source gives spreads
only; totals get the same shape with the variance scaled by (17.6 / 13.6)^2, the ratio of the
total's to the margin's residual sd on the real lines (`pricing`).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import random
from functools import lru_cache

from services.markets.clock import LISTING_LEAD
from services.markets.pricing import MARGIN_SD, TOTAL_SD

TICK = dt.timedelta(minutes=15)
N_TICKS = int(LISTING_LEAD / TICK)  # 192 ticks from listing to tip
STEP_P = 0.006  # per tick: a half-point move
JUMP_P = 0.001  # per tick: a news jump
JUMP_SIZES = (1.5, 2.0, 2.5, 3.0, 4.0)
TOTAL_VAR_SCALE = (TOTAL_SD / MARGIN_SD) ** 2
SOURCE = ("Nebula Insights NBA research (6,341 games 2020-21..Oct 2024): 60-65% of spreads move >= 0.5 "
          "open to close, ~15% move >= 2 points")


def _seed(game_id: str, salt: str) -> int:
    return int(hashlib.sha256(f"{game_id}|{salt}|backward-walk".encode()).hexdigest()[:16], 16)


def moves(game_id: str, salt: str) -> tuple[float, ...]:
    """The N tick moves e_1..e_N of the game's `salt` line (index 0 is e_1), a function of the
    game id and the salt only."""
    rng = random.Random(_seed(game_id, salt))
    scale = TOTAL_VAR_SCALE if salt == "total" else 1.0
    step_p, jump_p = STEP_P * scale, JUMP_P * scale
    out = []
    for _ in range(N_TICKS):
        u = rng.random()
        sign = 1.0 if rng.random() < 0.5 else -1.0
        size = rng.choice(JUMP_SIZES)
        out.append(sign * 0.5 if u < step_p else sign * size if u < step_p + jump_p else 0.0)
    return tuple(out)


@lru_cache(maxsize=8192)
def _remaining(game_id: str, salt: str) -> tuple[float, ...]:
    """remaining[k] = e_{k+1} + ... + e_N, for k = 0..N (remaining[N] = 0)."""
    e = moves(game_id, salt)
    out = [0.0] * (N_TICKS + 1)
    for k in range(N_TICKS - 1, -1, -1):
        out[k] = out[k + 1] + e[k]
    return tuple(out)


def line_at(game_id: str, salt: str, close: float, tick: int) -> float:
    """The line at `tick` (0 = listing, N_TICKS = tip and after): the close minus the moves to come."""
    if tick >= N_TICKS:
        return close
    return close - _remaining(game_id, salt)[max(0, tick)]


def clear_caches() -> None:
    _remaining.cache_clear()
