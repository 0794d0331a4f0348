"""A deterministic, seeded snake draft with believable manager behaviour.

Managers rank players by what was known on the as-of date (shrunk per-game value), each with
a personal taste (seeded noise, a liking for youth or for bigs) and roster sense: they fill
every starting position before doubling up, and keep at most four true centers.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from services.league.slots import ROSTER_SIZE

SHRINK_GAMES = 6  # a player with few games is pulled toward replacement level


@dataclass(frozen=True)
class Candidate:
    player_id: str
    value: float  # per-game value in the league's scoring
    games: int
    age: int
    positions: frozenset[str]  # real positions (PG..C), not G/F/UTIL


def shrunk_value(c: Candidate, replacement: float) -> float:
    return (c.value * c.games + replacement * SHRINK_GAMES) / (c.games + SHRINK_GAMES)


def snake_order(teams: int, rounds: int = ROSTER_SIZE) -> list[int]:
    """Team ids (1-based) in pick order."""
    order = []
    for r in range(rounds):
        seq = list(range(1, teams + 1))
        order.extend(seq if r % 2 == 0 else seq[::-1])
    return order


def run_draft(cands: list[Candidate], teams: int = 10, seed: int = 2024) -> dict[int, list[str]]:
    """Rosters keyed by team id; deterministic for the same candidates and seed."""
    rng = random.Random(seed)
    pool = sorted(cands, key=lambda c: (-c.value, c.player_id))
    replacement = pool[min(len(pool) - 1, teams * ROSTER_SIZE)].value if pool else 0.0
    base = {c.player_id: shrunk_value(c, replacement) for c in pool}
    tastes = {t: {"noise": rng.uniform(0.03, 0.12), "youth": rng.choice([0.0, 0.0, 0.02]),
                  "bigs": rng.choice([0.0, 0.03])} for t in range(1, teams + 1)}
    rosters: dict[int, list[str]] = {t: [] for t in range(1, teams + 1)}
    positions: dict[int, list[frozenset[str]]] = {t: [] for t in range(1, teams + 1)}
    taken: set[str] = set()
    by_id = {c.player_id: c for c in pool}
    for pick, team in enumerate(snake_order(teams)):
        taste = tastes[team]
        left = ROSTER_SIZE - len(rosters[team])
        missing = {"PG", "SG", "SF", "PF", "C"} - set().union(*positions[team]) if positions[team] else {"PG", "SG", "SF", "PF", "C"}
        centers = sum(1 for p in positions[team] if p == frozenset({"C"}))
        best, best_score = None, float("-inf")
        for c in pool[: pick + 40]:
            if c.player_id in taken:
                continue
            score = base[c.player_id] * (1 + rng.gauss(0, taste["noise"]))
            score *= 1 + taste["youth"] * max(0, 26 - c.age) / 4
            if "C" in c.positions:
                score *= 1 + taste["bigs"]
            if len(missing) >= left and not (c.positions & missing):
                score *= 0.5  # must still fill a position
            if c.positions == frozenset({"C"}) and centers >= 4:
                score *= 0.4
            if score > best_score:
                best, best_score = c, score
        if best is None:
            break
        taken.add(best.player_id)
        rosters[team].append(best.player_id)
        positions[team].append(by_id[best.player_id].positions)
    return rosters
