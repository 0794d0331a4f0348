"""The one-day slot assignment (`solve`, from services.league.lineup) and a brute-force checker for tiny cases.

Only players with a game and a positive value are passed in, so a maximum-weight bipartite
matching is the same as a rectangular assignment where ineligible pairs are worth 0 (an
assignment on a 0 edge just means "benched" / "slot left empty").
"""
from __future__ import annotations

import itertools
from typing import Sequence

from services.league.lineup import slot_columns, solve  # noqa: F401  (the one solver lives there)


def brute_force(values: Sequence[float], elig: Sequence[Sequence[bool]],
                counts: Sequence[int]) -> float:
    """The best total by trying every assignment (each player benched or in a free eligible slot).

    Exponential: for checking `solve` on instances of a handful of players only.
    """
    n, n_types = len(values), len(counts)
    options = [[-1] + [s for s in range(n_types) if elig[i][s]] for i in range(n)]
    best = 0.0
    for choice in itertools.product(*options):
        used = [0] * n_types
        total, ok = 0.0, True
        for i, s in enumerate(choice):
            if s < 0:
                continue
            used[s] += 1
            if used[s] > counts[s]:
                ok = False
                break
            total += values[i]
        if ok and total > best:
            best = total
    return best
