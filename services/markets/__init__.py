"""Markets on real NBA lines: pricing from the spread, the desk's own Elo line, the simulated
price path (a random walk back from the real close), and settlement on the real finals.

Pure functions of (game, time); no clock, no LangChain, no Streamlit. See `pricing`, `ratings`,
`state`, `settle`.
"""
from __future__ import annotations


def clear_caches() -> None:
    """Drop every cached rating and path (tests that swap games.csv call this)."""
    from services.markets import ratings, state

    ratings.clear_caches()
    state.clear_caches()
