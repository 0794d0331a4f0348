"""The question intents the supervisor routes on."""
from enum import StrEnum

from pydantic import BaseModel, Field


class Intent(StrEnum):
    PLAYER_RESEARCH = "player_research"
    FREE_AGENT_SCAN = "free_agent_scan"
    MATCHUP_ANALYSIS = "matchup_analysis"
    LINEUP_OPTIMIZATION = "lineup_optimization"
    GENERAL_ADVICE = "general_advice"
    MARKET_DESK = "market_desk"  # NBA lines and bet requests: the market desk answers


class IntentLabel(BaseModel):
    """The structured output of the intent classifier."""

    intent: Intent = Field(description="The single best label for the user's latest question.")
