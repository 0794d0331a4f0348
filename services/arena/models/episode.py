"""Episode-level models: `EpisodeConfig`, `EpisodeResult`, `TradeHistory`, and the metrics."""
from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from services.arena.models.case import MarketRules
from services.arena.models.decision import ExecutedTrade
from services.arena.models.portfolio import PortfolioSnapshot


class EpisodeConfig(BaseModel):
    """What an episode is: who trades, which contracts, with how much cash, over which days."""
    model_config = ConfigDict(extra="forbid")

    episode_id: str
    agent_id: str
    tickers: list[str]  # every contract listed during the episode
    initial_cash: float = Field(gt=0)
    start: dt.date
    end: dt.date
    seed: int = 0
    decision_time_utc: dt.time = dt.time(15, 0)  # 10 am ET: the matchday morning
    price_source: str = "desk"
    news: Literal["wire", "results"] = "wire"  # the signals news wire (+ results), or results only
    market_rules: MarketRules = Field(default_factory=MarketRules)  # fills, fee, size limit

    @model_validator(mode="after")
    def _range(self) -> "EpisodeConfig":
        if self.end < self.start:
            raise ValueError(f"the episode ends ({self.end}) before it starts ({self.start})")
        return self


class TradeHistory(BaseModel):
    """Every executed trade of an episode, in order."""
    model_config = ConfigDict(extra="forbid")

    trades: list[ExecutedTrade] = Field(default_factory=list)


class Settlement(BaseModel):
    """A position paid at the real final: `payout` per contract is 1 (team won) or 0."""
    model_config = ConfigDict(extra="forbid")

    ticker: str
    game_id: str
    quantity: int
    payout: float
    cash_delta: float
    final: str  # e.g. "NYK 112 - 118 BOS"


class EquityPoint(BaseModel):
    """Portfolio value marked at that moment's prices (the last point: cash after settlement)."""
    model_config = ConfigDict(extra="forbid")

    label: str  # the matchday (YYYY-MM-DD) or "final"
    cash: float
    positions_value: float
    value: float


class EpisodeMetrics(BaseModel):
    """Per-episode evaluation figures."""
    model_config = ConfigDict(extra="forbid")

    initial_cash: float
    final_value: float
    total_return: float
    sharpe_per_matchday: float
    max_drawdown: float
    turnover: float  # traded notional / initial cash
    decisions: int
    accepted: int  # accepted with at least one order
    rejected: int
    holds: int  # no tool call, or an empty decision
    trades: int


class EpisodeResult(BaseModel):
    """How the episode ended: its trades, the final (settled) portfolio, the curve and metrics."""
    model_config = ConfigDict(extra="forbid")

    trade_history: TradeHistory
    final_portfolio: PortfolioSnapshot
    settlements: list[Settlement] = Field(default_factory=list)
    equity_curve: list[EquityPoint] = Field(default_factory=list)
    metrics: EpisodeMetrics
