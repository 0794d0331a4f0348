"""Case and market data: what the agent sees at one decision point.

`Case.case_id` is required (`f"{episode_id}:{decision_point_idx}"`); `decision_point_idx` and
`information_cutoff_timestamp` are metadata kept on the Case but left out of `for_agent()`.
"""
from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from services.arena.models.portfolio import PortfolioSnapshot


class CaseDataItem(BaseModel):
    """One information item: a news wire item, a past result, or anything else."""
    model_config = ConfigDict(extra="forbid")

    kind: Literal["news", "result", "other"]
    content: str
    published_at: dt.datetime | None = None  # when it became known (always <= the case's cutoff)


class CaseData(BaseModel):
    """A variable-length list of information items."""
    model_config = ConfigDict(extra="forbid")

    items: list[CaseDataItem] = Field(default_factory=list)


class PricePoint(BaseModel):
    """One day's bar of a contract's price (no-vig win probability), timestamped YYYY-MM-DD.

    The seed's OHLCV bar without the V: see `IntervalPriceSummary` for why there is no volume."""
    model_config = ConfigDict(extra="forbid")

    timestamp: str
    open: float
    high: float
    low: float
    close: float


class IntervalPriceSummary(BaseModel):
    """Open/close/high/low over the whole listed interval: a lighter payload than the bars.

    The seed makes volume optional ("open/close/high/low/volume summary"); it is removed here, not
    left always None: the simulated market is a price path with no order flow, so there is no traded
    handle to count. The desk's handle is a different market (its own bets), and the only trades in
    an arena episode are the agent's own, which it already sees in its portfolio: a volume field
    would be invented, or would echo the agent's trades back as if they were the market's."""
    model_config = ConfigDict(extra="forbid")

    start: str
    end: str
    open: float
    close: float
    high: float
    low: float


class MarketRules(BaseModel):
    """The friction of the desk's market: a two-sided price and a size limit (issue #41).

    The desk quotes each contract with its margin on both sides, as it prices bets: buying "TEAM
    wins" costs `ask = mid x (1 + margin)` (the desk's decimal odds 1 / (mid x (1 + margin))), and
    selling it pays `bid = 1 - (1 - mid) x (1 + margin)` (the price of the other side). `fee_rate`
    is charged on the notional of every fill; `max_order_notional` caps what one decision may buy
    or sell of one contract. The default is no friction (fills at the no-vig mid)."""
    model_config = ConfigDict(extra="forbid")

    margin: float = Field(default=0.0, ge=0, le=0.5)
    fee_rate: float = Field(default=0.0, ge=0, le=0.2)
    max_order_notional: float | None = Field(default=None, gt=0)

    def ask(self, mid: float) -> float:
        return round(min(1.0, mid * (1.0 + self.margin)), 4)

    def bid(self, mid: float) -> float:
        return round(max(0.0, 1.0 - (1.0 - mid) * (1.0 + self.margin)), 4)


class StockData(BaseModel):
    """One contract "TEAM wins on DATE": its current price, daily bars, and the game it names."""
    model_config = ConfigDict(extra="forbid")

    ticker: str
    current_price: float = Field(ge=0, le=1)  # the no-vig mid: marks and settles nothing, fills use bid/ask
    bid: float | None = Field(default=None, ge=0, le=1)  # what selling one contract pays (None: the mid)
    ask: float | None = Field(default=None, ge=0, le=1)  # what buying one costs (None: the mid)
    daily_bars: list[PricePoint] = Field(default_factory=list)
    interval_summary: IntervalPriceSummary | None = None
    game_id: str
    team: str
    opponent: str
    home: bool
    game_date: dt.date
    tip: dt.datetime  # nominal 7 pm ET


class Case(BaseModel):
    """Everything known at one decision point, with the current portfolio."""
    model_config = ConfigDict(extra="forbid")

    case_id: str = Field(min_length=3)
    decision_point_idx: int = Field(ge=0)
    information_cutoff_timestamp: dt.datetime
    tickers: list[str]
    stock_data: dict[str, StockData]
    case_data: CaseData = Field(default_factory=CaseData)
    portfolio: PortfolioSnapshot
    market_rules: MarketRules = Field(default_factory=MarketRules)

    @model_validator(mode="after")
    def _consistent(self) -> "Case":
        if not self.case_id.endswith(f":{self.decision_point_idx}") or self.case_id.startswith(":"):
            raise ValueError(f"case_id must be f'{{episode_id}}:{{decision_point_idx}}', got {self.case_id!r} "
                             f"for decision point {self.decision_point_idx}")
        if sorted(self.tickers) != sorted(self.stock_data):
            raise ValueError("tickers must be exactly the keys of stock_data")
        return self

    @property
    def episode_id(self) -> str:
        return self.case_id.rsplit(":", 1)[0]

    def for_agent(self, compact: bool = False) -> dict:
        """The agent's payload: no decision_point_idx, no information_cutoff_timestamp.

        `compact` swaps each contract's daily bars for its interval summary (fewer tokens).
        """
        out = self.model_dump(mode="json", exclude={"decision_point_idx", "information_cutoff_timestamp"})
        if compact:
            for sd in out["stock_data"].values():
                sd.pop("daily_bars")
        return out
