"""What a graph node tells the chat model about a call, beside the messages.

Each supervisor node passes a `CallInfo` (why it calls: classify, plan or final; the league's
date; the scoring) as RunnableConfig metadata under one key. LangChain hands config metadata to
the callbacks (a BaseChatModel sees it as `run_manager.metadata` in `_generate`; LangSmith records
it) and never to the provider request, so Gemini and Ollama ignore it while the offline planner
reads its mode and date from it instead of parsing prompt text.
"""
from __future__ import annotations

import datetime as dt
from typing import Any, Literal, Mapping

from pydantic import BaseModel

METADATA_KEY = "courtside_call"


class CallInfo(BaseModel):
    """Why the model is called and on which league day."""

    # classify: label the question; plan: call tools or answer; final: answer now without tools (the
    # last message is then the node's closing instruction, not the user's)
    purpose: Literal["classify", "plan", "final"]
    as_of: dt.date
    scoring: Literal["points", "categories"] = "points"


def call_config(info: CallInfo) -> dict[str, Any]:
    """The RunnableConfig to pass as `model.invoke(messages, config=...)`."""
    return {"metadata": {METADATA_KEY: info.model_dump(mode="json")}}


def read_call_info(metadata: Mapping[str, Any] | None) -> CallInfo | None:
    """The CallInfo a node passed, from run metadata (None when the caller passed none)."""
    raw = (metadata or {}).get(METADATA_KEY)
    return CallInfo.model_validate(raw) if raw else None

