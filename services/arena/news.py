"""The Case's news items: the signals pod's wire for every listed game, known before the cutoff.

Wire items (`services.signals.wire.game_wire(game, cutoff)`) are generated from the box scores of
games that had ended by the cutoff, also for a game a day or two away (not from every game before
that game's date: the games in between would decide which items exist); each has `known_at`, and
the Case keeps only those published at or before its cutoff.
"""
from __future__ import annotations

import datetime as dt
from functools import lru_cache

from services.arena.instruments import listed_contracts
from services.arena.models import CaseDataItem


def wire_news(cutoff: dt.datetime) -> list[CaseDataItem]:
    """News wire items about the games listed at `cutoff`, one per item id, in game order."""
    from services.signals.wire import db_key

    return list(_wire_news(cutoff, db_key()))


@lru_cache(maxsize=512)  # a season has ~160 matchday mornings; every episode over them asks again
def _wire_news(cutoff: dt.datetime, db_key: str) -> tuple[CaseDataItem, ...]:
    from services.signals.wire import game_wire

    seen: dict[str, CaseDataItem] = {}
    for gid in dict.fromkeys(c.game_id for c in listed_contracts(cutoff)):
        for item in game_wire(gid, cutoff):
            if item.known_at <= cutoff and item.id not in seen:
                seen[item.id] = CaseDataItem(kind="news", content=f"[{item.id}] {item.text}", published_at=item.known_at)
    return tuple(seen.values())


NEWS_SOURCES = {"wire": wire_news, "results": None}  # "results": past results and standings only
