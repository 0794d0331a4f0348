"""Work a server process does once, ahead of the user: the League page's view, computed in the
background once a league opens (issue #21: "the first League page load takes 5.6 s")."""
from __future__ import annotations

import logging
import threading

from agents.door import store_errors


log = logging.getLogger("courtside.ui")


def serving() -> bool:
    """Whether this is the app under `streamlit run` (AppTest runs pages without a server: each
    test opens its own league, so a warm-up there would only add CPU to the suite)."""
    from streamlit.runtime import Runtime

    return Runtime.exists() and type(Runtime.instance()) is Runtime  # AppTest installs a mock in its place


def warm_league(built) -> threading.Thread:
    """Computes the league's page view in a background thread, once per server process and league.

    The first League page of a process otherwise waits for this week's past mornings to be
    rebuilt and calibrated (about 1.4 s of CPU, 2.4-4 s on a loaded machine; issue #21: "the first
    League page load takes 5.6 s"); the chat's first matchup review reads the same mornings. The
    reads are thread-safe (a DuckDB cursor and a state-store connection per thread). A failure is
    logged, never raised: the League page shows its own error when it reads the view itself."""
    def run() -> None:
        try:
            built.league_view()
        except store_errors() as exc:  # a bad league or an unreadable store (ServiceError included)
            log.warning("league warm-up skipped: %s", exc)

    thread = threading.Thread(target=run, name="courtside-warm-league", daemon=True)
    thread.start()
    _WARMING[id(built)] = thread
    return thread


_WARMING: dict[int, threading.Thread] = {}  # id(assistant) -> its warm-up (the cached assistants live on)


def league_view(built) -> dict:
    """The League page's view; while the warm-up of this league still runs, waits for it instead of
    computing the same mornings a second time beside it."""
    warming = _WARMING.get(id(built))
    if warming is not None and warming.is_alive():
        warming.join()
    return built.league_view()
