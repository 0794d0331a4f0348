"""Closing-line value (CLV) of the desk's book: how the prices the desk booked compare with the
real close, the way sportsbooks and bettors judge a price.

CLV of one bet from the bettor's side = odds x no-vig P(win at the real closing line) - 1
(`profiles.bet_clv`, the one implementation); the desk's CLV on that bet is minus it, per unit
staked. A bet "beats the close" for the desk when the bettor's CLV is negative (the desk booked a
price worse for the bettor than the close). Only bets on games that have tipped by the report's
time count (their close exists then); later bets are `pending`.

The 95% interval of the mean is a bootstrap over games (bets on one game share its close and move
together, so resampling bets one by one would be too narrow), deterministic (a fixed seed).
"""
from __future__ import annotations

import datetime as dt
import random

from pydantic import BaseModel, Field

from services.desk.profiles import bet_clv
from services.league import season_games

BOOT_REPS = 2000
BOOT_SEED = 41
CLV_LABEL = ("closing-line value: odds x no-vig P(win) at the real close - 1, per unit staked; the desk's "
             "CLV is minus the bettor's (positive: the desk's prices beat the close)")


class ClvBet(BaseModel):
    position_id: str
    game_id: str
    market: str
    side: str
    line: float | None
    odds: float
    amount: float
    bettor_clv_pct: float
    desk_clv_pct: float
    desk_beat_close: bool


class ClvSummary(BaseModel):
    bets: int
    games: int
    mean_desk_clv_pct: float | None  # simple mean over bets
    stake_weighted_desk_clv_pct: float | None
    share_beating_close: float | None  # share of bets where the desk's price beat the close
    ci95_desk_clv_pct: list[float] | None  # bootstrap over games of the simple mean
    mean_bettor_clv_pct: float | None


class ClvReport(BaseModel):
    at: dt.datetime
    clv: ClvSummary
    by_market: dict[str, ClvSummary]
    pending: int  # booked bets whose game has not tipped by `at` (no close yet)
    bets: list[ClvBet] = Field(default_factory=list)
    label: str = CLV_LABEL


def bet_row(p: dict) -> ClvBet:
    """One booked position's CLV against its game's real close."""
    c = bet_clv(p["game_id"], p["market"], p["side"], p["line"], p["odds"])
    return ClvBet(position_id=p["position_id"], game_id=p["game_id"], market=p["market"], side=p["side"],
                  line=p["line"], odds=p["odds"], amount=p["amount"], bettor_clv_pct=round(100 * c, 3),
                  desk_clv_pct=round(-100 * c, 3), desk_beat_close=c < 0)


def bootstrap_mean(groups: list[list[float]], reps: int = BOOT_REPS, seed: int = BOOT_SEED) -> list[float] | None:
    """95% percentile interval of the mean of all values, resampling whole groups."""
    if len(groups) < 2:
        return None
    rng = random.Random(seed)
    means = []
    for _ in range(reps):
        vals = [v for g in rng.choices(groups, k=len(groups)) for v in g]
        means.append(sum(vals) / len(vals))
    means.sort()
    return [round(means[int(0.025 * reps)], 3), round(means[int(0.975 * reps) - 1], 3)]


def summarize(rows: list[ClvBet]) -> ClvSummary:
    if not rows:
        return ClvSummary(bets=0, games=0, mean_desk_clv_pct=None, stake_weighted_desk_clv_pct=None,
                          share_beating_close=None, ci95_desk_clv_pct=None, mean_bettor_clv_pct=None)
    by_game: dict[str, list[float]] = {}
    for r in rows:
        by_game.setdefault(r.game_id, []).append(r.desk_clv_pct)
    n, staked = len(rows), sum(r.amount for r in rows)
    mean = sum(r.desk_clv_pct for r in rows) / n
    return ClvSummary(bets=n, games=len(by_game), mean_desk_clv_pct=round(mean, 3),
                      stake_weighted_desk_clv_pct=round(sum(r.desk_clv_pct * r.amount for r in rows) / staked, 3),
                      share_beating_close=round(sum(r.desk_beat_close for r in rows) / n, 4),
                      ci95_desk_clv_pct=bootstrap_mean(list(by_game.values())),
                      mean_bettor_clv_pct=round(-mean, 3))


def report(positions: list[dict], at: dt.datetime) -> ClvReport:
    """CLV of every booked position on a game that tipped by `at`, overall and per market."""
    closed = [p for p in positions if season_games.get_game(p["game_id"]).tip <= at]
    rows = [bet_row(p) for p in closed]
    markets = sorted({r.market for r in rows})
    return ClvReport(at=at, clv=summarize(rows), by_market={m: summarize([r for r in rows if r.market == m])
                                                            for m in markets},
                     pending=len(positions) - len(closed), bets=rows)
