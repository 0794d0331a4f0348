"""The arena's data-model catalogue (names and contracts of the trading-simulation reference).

These are plain pydantic models, so they live under `services/`: the simulation (a service) builds
and executes them, and agents and pages read the same classes (pages through `agents.arena`),
with no LangChain, LangGraph or Streamlit anywhere in the catalogue.
"""
from services.arena.models.agents import Agent, AgentInvocation, AgentInvocationResult
from services.arena.models.case import (Case, CaseData, CaseDataItem, IntervalPriceSummary, MarketRules,
                                        PricePoint, StockData)
from services.arena.models.decision import Decision, DecisionResult, ExecutedTrade, Order
from services.arena.models.episode import (EpisodeConfig, EpisodeMetrics, EpisodeResult, EquityPoint, Settlement,
                                           TradeHistory)
from services.arena.models.experiment import DecisionPointLog, EpisodeLog, SimulationLog
from services.arena.models.portfolio import PortfolioSnapshot

__all__ = ["Agent", "AgentInvocation", "AgentInvocationResult", "Case", "CaseData", "CaseDataItem",
           "IntervalPriceSummary", "MarketRules", "PricePoint", "StockData", "Decision", "DecisionResult", "ExecutedTrade",
           "Order", "EpisodeConfig", "EpisodeMetrics", "EpisodeResult", "EquityPoint", "Settlement",
           "TradeHistory", "DecisionPointLog", "EpisodeLog", "SimulationLog", "PortfolioSnapshot"]
