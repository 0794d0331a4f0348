"""The pod's offline chat model: deterministic, it answers the estimate prompt with the transparent
estimator's numbers (`services.signals.estimator`) in the pod's JSON schema, labelled as a model.

It reads the game id, decision time, mode and (anchored) price from the prompt, so it sees exactly
what a remote model would, and never the price in blind mode.
"""
from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from services.signals.estimator import estimate


def _field(text: str, name: str) -> str | None:
    m = re.search(rf"^{re.escape(name)}: *(.+)$", text, re.M)
    return m.group(1).strip() if m else None


def answer(prompt: str) -> dict:
    """The estimator's answer to one estimate prompt, as the schema's dict."""
    game_id, at, mode = _field(prompt, "Game id"), _field(prompt, "Decision time"), _field(prompt, "Mode") or "blind"
    if not game_id or not at:
        raise ValueError("the offline signals model answers the pod's estimate prompt only")
    price = None
    if mode == "anchored":
        m = re.search(r"^Market price \(no-vig P\(\w+ wins\)\): *([0-9.]+)$", prompt, re.M)
        price = float(m.group(1)) if m else None
    e = estimate(game_id, dt.datetime.fromisoformat(at), mode, price=price)  # type: ignore[arg-type]
    return {"probability": e.probability, "reasoning": e.reasoning, "confidence": e.confidence,
            "key_factors": e.key_factors, "cited_news_ids": e.cited_news_ids}


class OfflineSignalsModel(BaseChatModel):
    """A chat model whose reply is the transparent estimator's JSON for the prompt's game."""

    model_name: str = "offline-estimator"

    @property
    def _llm_type(self) -> str:
        return "offline-signals"

    def _generate(self, messages: list[BaseMessage], stop=None, run_manager=None, **kwargs: Any) -> ChatResult:
        prompt = next((m.content for m in reversed(messages) if isinstance(m, HumanMessage)
                       and "Game id:" in str(m.content)), "")
        if not prompt:  # a retry turn: the original prompt is earlier in the list
            prompt = next((str(m.content) for m in messages if "Game id:" in str(m.content)), "")
        return ChatResult(generations=[ChatGeneration(message=AIMessage(content=json.dumps(answer(str(prompt)))))])
