"""The arena's agents by name: the five rule agents and the model agent (offline, Gemini or Ollama)."""
from __future__ import annotations

from agents.arena.baselines import FavouriteAgent, HoldAgent, RandomValidAgent, RatingEdgeAgent
from agents.arena.kelly import EstimatorKellyAgent, MarketKellyAgent

AGENTS = {
    "hold": "holds every day",
    "favourite": "buys the favourite of every game, a fixed stake",
    "rating_edge": "buys when the desk's own rating beats the price by 5 points",
    "random": "random valid orders (seeded)",
    "estimator_kelly": "the signals pod's estimator with quarter-Kelly sizing",
    "market_kelly": "market-implied Kelly: believes the market's price, sizes by Kelly at the ask (a baseline)",
    "model": "a chat model with the one tool submit_decision (offline stand-in without a key)",
}
BASELINES = ("hold", "favourite", "rating_edge", "random", "estimator_kelly", "market_kelly")
# the leaderboard's reference points, always present whatever agents were asked for
REFERENCE_BASELINES = ("hold", "favourite", "market_kelly")


class UnknownAgent(ValueError):
    pass


def make_agent(name: str, seed: int = 0, provider: str | None = None):
    """A fresh agent; `provider` picks the model agent's chat model (offline when no key)."""
    if name == "hold":
        return HoldAgent()
    if name == "favourite":
        return FavouriteAgent()
    if name == "rating_edge":
        return RatingEdgeAgent()
    if name == "random":
        return RandomValidAgent(seed=seed)
    if name == "estimator_kelly":
        return EstimatorKellyAgent()
    if name == "market_kelly":
        return MarketKellyAgent()
    if name == "model":
        return model_agent(provider)
    raise UnknownAgent(f"unknown agent {name!r}; use one of: {', '.join(AGENTS)}")


def model_agent(provider: str | None = None):
    from agents.arena.model_agent import ModelAgent
    from agents.models.llm import build_model, model_name, pick_provider
    from services.config import get_settings

    name = pick_provider(get_settings(), provider)
    if name == "offline":
        from agents.arena.offline import OfflineTrader

        return ModelAgent(OfflineTrader(), "offline-trader")
    return ModelAgent(build_model(name), model_name(name))
