"""The signals pod's facade: open a pod, run it on a day (a `DayRun`), the inbox and its clock.

A thin layer over `agents.signals.runner`; the CLI, the Signals page, the Approvals inbox and the
HTTP API open the pod here.
"""
from __future__ import annotations

import datetime as dt

from agents.signals.runner import FIRST_DAY, MODES, DayRun, GameRun, SignalsPod, check_day, check_mode, league_clock, \
    pod_for, signal_label
from services.models import ServiceError
from services.signals.evaluate import BOX_SCORE_END

__all__ = ["BOX_SCORE_END", "FIRST_DAY", "MODES", "DayRun", "GameRun", "SignalsPod", "check_day", "check_mode",
           "league_clock", "open", "pod_for", "run_day", "signal_label"]


def open(provider: str | None = None, threshold: float | None = None, **kwargs) -> SignalsPod:  # noqa: A001
    """A pod for this provider (offline: the deterministic estimator model)."""
    if threshold is not None and not 0.0 <= threshold <= 1.0:
        raise ServiceError(f"--threshold must be between 0 and 1, not {threshold}.")
    return SignalsPod(provider=provider, threshold=threshold, **kwargs)


def run_day(day: dt.date, mode: str = "blind", provider: str | None = None, threshold: float | None = None) -> DayRun:
    """The pod over every game of `day` (checked before any model is built)."""
    check_day(day)
    check_mode(mode)
    return open(provider, threshold).run_day(day, mode)
