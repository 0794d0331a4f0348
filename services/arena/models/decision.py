"""Agent output and execution: `Order`, `Decision` (empty = hold), `ExecutedTrade`, `DecisionResult`."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from services.arena.models.portfolio import PortfolioSnapshot


class Order(BaseModel):
    """Buy or sell `quantity` contracts of `ticker` (each pays 1 if its team wins)."""
    model_config = ConfigDict(extra="forbid")

    ticker: str = Field(description="a ticker of the case, e.g. BOS-2025-01-31")
    side: Literal["buy", "sell"]
    quantity: int = Field(gt=0, description="number of contracts, a positive whole number")


class Decision(BaseModel):
    """The agent's orders for this decision point; an empty list holds."""
    model_config = ConfigDict(extra="forbid")

    orders: list[Order] = Field(default_factory=list)

    @property
    def is_hold(self) -> bool:
        return not self.orders


class ExecutedTrade(BaseModel):
    """One fill; `order_index` links it to `Decision.orders[i]`."""
    model_config = ConfigDict(extra="forbid")

    case_id: str
    order_index: int = Field(ge=0)
    ticker: str
    side: Literal["buy", "sell"]
    quantity: int
    price: float  # the fill: the ask for a buy, the bid for a sell
    cash_delta: float  # negative for a buy; net of the fee
    fee: float = 0.0


class DecisionResult(BaseModel):
    """All or nothing: accepted (every order filled) or rejected (none, with the reason)."""
    model_config = ConfigDict(extra="forbid")

    status: Literal["accepted", "rejected"]
    message: str
    executed_trades: list[ExecutedTrade] = Field(default_factory=list)
    portfolio: PortfolioSnapshot | None = None  # after execution (unchanged when rejected)

    @model_validator(mode="after")
    def _all_or_nothing(self) -> "DecisionResult":
        if self.status == "rejected":
            if self.executed_trades:
                raise ValueError("a rejected decision executes no trades")
            if not self.message.strip():
                raise ValueError("a rejected decision must say why")
        return self
