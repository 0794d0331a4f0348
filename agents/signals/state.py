"""The pod's state: the market, the news, the estimate, the divergence, the signal, and the step
records every node appends (shown live and kept with the run)."""
from __future__ import annotations

import operator
from typing import Annotated, TypedDict


class PodState(TypedDict, total=False):
    market: dict  # services.signals.market.Market as a dict
    mode: str  # blind | anchored
    threshold: float
    timeline: dict | None  # services.signals.timeline.Timeline as a dict
    news: list[dict]
    estimate: dict | None
    attempts: int
    divergence: dict | None
    signal: dict | None
    steps: Annotated[list[dict], operator.add]
    error: str | None
    exit: str | None  # closed | no_news | estimate_failed | below_threshold | signal
    reason: str | None
