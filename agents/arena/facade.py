"""The arena's facade: run an agent over matchdays, load, list, summarise, aggregate and diff runs.

A thin layer over `agents.arena.runner`; the CLI and the Arena page use it through `agents.door`.
"""
from __future__ import annotations

from agents.arena.registry import AGENTS, BASELINES, REFERENCE_BASELINES, UnknownAgent
from agents.arena.runner import (DEFAULT_CASH, SEEDED, RunNotFound, aggregate, compare, diff, episode_row, fills,
                                 list_runs, load, run, summary)
from services.arena.simulation import ArenaError

__all__ = ["AGENTS", "BASELINES", "DEFAULT_CASH", "REFERENCE_BASELINES", "SEEDED", "ArenaError", "RunNotFound",
           "UnknownAgent", "aggregate", "compare", "diff", "episode_row", "fills", "list_runs", "load", "run", "summary"]
