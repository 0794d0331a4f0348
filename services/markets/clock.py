"""When things become known on the desk clock: listing 48 h before the (nominal) tip, and a
game's final counted as known 3 h after its tip. Every model that looks at results asks here.
"""
from __future__ import annotations

import datetime as dt

from services.league.season_games import ScheduledGame

LISTING_LEAD = dt.timedelta(hours=48)  # a game is listed (quoted) from 48 h before tip
FINAL_AFTER = dt.timedelta(hours=3)  # a final is known 3 h after the nominal tip


def listing_time(game: ScheduledGame) -> dt.datetime:
    return game.tip - LISTING_LEAD


def results_known_before(at: dt.datetime) -> dt.date:
    """Games dated strictly before this date have finals known at `at`.

    A game dated X tips at X+1 00:00 UTC and is final by X+1 03:00, so it is known iff
    X < (at - 3 h).date().
    """
    if at.tzinfo is None:
        raise ValueError("desk times must be timezone-aware (UTC)")
    return (at.astimezone(dt.timezone.utc) - FINAL_AFTER).date()


def opening_cutoff(game: ScheduledGame, as_of: dt.datetime | None = None) -> dt.date:
    """The results date cutoff of a game's opening line: what was known at listing, or at
    `as_of` when that is earlier (an unlisted game shows the line it would open at now)."""
    at = listing_time(game)
    if as_of is not None and as_of < at:
        at = as_of
    return results_known_before(at)
