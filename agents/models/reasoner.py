"""`deep_analysis` with a separately configured reasoning model (the offline rules live in
agents/offline/reasoner.py; `agents.models.llm.build_reasoner` picks one)."""
from __future__ import annotations

import logging

from services.models import ServiceError

log = logging.getLogger(__name__)


def model_reasoner(model):
    """Hands the question and its facts to a reasoning model; returns reasoning and conclusion."""

    def reason(question: str, context: str = "") -> dict:
        prompt = ("Reason step by step about this fantasy basketball decision, using only these facts, then give "
                  f"a one-sentence conclusion after 'CONCLUSION:'.\nQuestion: {question}\nFacts: {context}")
        try:
            text = model.invoke(prompt).content
        except Exception as e:  # noqa: BLE001 - boundary: a model call: any provider error becomes one ServiceError
            log.info("the reasoning model failed", exc_info=True)
            raise ServiceError(f"The reasoning model failed ({type(e).__name__}).") from None
        text = text if isinstance(text, str) else str(text)
        head, _, tail = text.partition("CONCLUSION:")
        return {"reasoning": head.strip()[:3000], "conclusion": (tail or head).strip()[:500], "method": "reasoning model"}

    return reason
