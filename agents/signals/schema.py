"""The estimate's structured output: parsed from the model's text and validated (range, confidence,
1-5 key factors, cited ids that exist in the news the model was given)."""
from __future__ import annotations

import json
import re
from typing import Literal

from pydantic import BaseModel, Field, ValidationError


class EstimateOutput(BaseModel):
    probability: float = Field(ge=0.0, le=1.0)
    reasoning: str = Field(min_length=1)
    confidence: Literal["low", "medium", "high"]
    key_factors: list[str] = Field(min_length=1, max_length=5)
    cited_news_ids: list[str] = Field(min_length=1)


class InvalidEstimate(ValueError):
    """The model's answer is not a valid estimate; the message says why in one line."""


def _json_text(content) -> str:
    if isinstance(content, list):  # some providers return content blocks
        content = "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    text = str(content or "").strip()
    fenced = re.search(r"```(?:json)?\s*(.*?)```", text, re.S)
    if fenced:
        text = fenced.group(1).strip()
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        raise InvalidEstimate("no JSON object in the answer")
    return text[start:end + 1]


def parse_estimate(content, known_ids: set[str]) -> EstimateOutput:
    """The validated estimate, or InvalidEstimate naming the first problem."""
    try:
        data = json.loads(_json_text(content))
    except json.JSONDecodeError as e:
        raise InvalidEstimate(f"the answer is not valid JSON ({e.msg})") from None
    try:
        out = EstimateOutput.model_validate(data)
    except ValidationError as e:
        err = e.errors()[0]
        raise InvalidEstimate(f"{'.'.join(str(x) for x in err['loc']) or 'answer'}: {err['msg']}") from None
    unknown = [i for i in out.cited_news_ids if i not in known_ids]
    if unknown:
        raise InvalidEstimate(f"cited news ids that are not in the news given: {', '.join(unknown[:5])}")
    return out
