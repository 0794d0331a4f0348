"""Roster slots (ESPN default basketball layout) and eligibility derived from position."""
from __future__ import annotations

from typing import Mapping

# Starting slots in ESPN's order; counts per slot.
STARTING_SLOTS: dict[str, int] = {"PG": 1, "SG": 1, "SF": 1, "PF": 1, "C": 1, "G": 1, "F": 1, "UTIL": 3}
BENCH_SLOTS = 3
IR_SLOTS = 1
ROSTER_SIZE = sum(STARTING_SLOTS.values()) + BENCH_SLOTS  # 13


def slot_list(counts: Mapping[str, int] = STARTING_SLOTS) -> list[str]:
    """['PG', 'SG', ..., 'UTIL', 'UTIL', 'UTIL']: one entry per starting slot."""
    return [slot for slot, n in counts.items() for _ in range(n)]


def secondary_position(pos: str, per36: Mapping[str, float]) -> str | None:
    """A second position read off the player's box-score profile (the data has only one).

    ESPN lists many players at two positions; we infer the neighbouring one from per-36 stats.
    """
    ast, reb, blk, fg3a = (per36.get(k, 0.0) for k in ("ast", "reb", "blk", "fg3a"))
    if pos == "PG":
        return "SG" if ast < 6.0 else None
    if pos == "SG":
        if ast >= 5.5:
            return "PG"
        return "SF" if reb >= 5.5 else None
    if pos == "SF":
        if reb >= 7.5:
            return "PF"
        return "SG" if ast >= 4.0 else None
    if pos == "PF":
        if blk >= 1.3 or reb >= 10.0:
            return "C"
        return "SF"
    if pos == "C":
        return "PF" if fg3a >= 3.0 else None
    return None


def eligible_slots(pos: str, second: str | None = None) -> list[str]:
    """Positions plus G (guards), F (forwards) and UTIL (everyone), in slot order."""
    positions = {pos} | ({second} if second else set())
    out = [p for p in ("PG", "SG", "SF", "PF", "C") if p in positions]
    if positions & {"PG", "SG"}:
        out.append("G")
    if positions & {"SF", "PF"}:
        out.append("F")
    out.append("UTIL")
    return out
