"""What the demo league's draft knew before opening night (2024-10-22): a pre-season prior.

No 2024-25 box score is known before opening night. The prior is ESPN's player list of the
2022-23 season (`data/preseason/espn_players_2023.csv`: each player's `percent_owned` across ESPN
leagues and his real multi-position eligibility; MIT, see data/preseason/README.md), matched by
name to the players of data/nba-2024-25. A player it does not list (a rookie such as Risacher or
Sarr, a player who changed his name) gets a documented replacement prior: the ownership of the
player ranked just past the drafted pool (`REPLACEMENT_RANK`), a youth bump for 22 and under, his
listed position from players.csv. The draft ranks by this prior; nothing else.
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rapidfuzz import fuzz, process

from services.config import REPO_ROOT
from services.league.lookup import NAME_SUFFIXES, fold

PRIOR_CSV = REPO_ROOT / "data" / "preseason" / "espn_players_2023.csv"
MATCH_CUTOFF = 90  # token-sort similarity of folded names (suffixes dropped)
REPLACEMENT_RANK = 130  # 10 teams x 13: the first player no one drafts
YOUTH_AGE, YOUTH_BUMP = 22, 1.15
REAL_POSITIONS = ("PG", "SG", "SF", "PF", "C")


@dataclass(frozen=True)
class Prior:
    player_id: str
    score: float  # ESPN 2022-23 ownership (0-100), or the replacement prior
    positions: frozenset[str]  # real positions (PG..C)
    age: int
    source: str  # "espn-2023" or "replacement"


def _key(name: str) -> str:
    return " ".join(w for w in fold(name).split() if w not in NAME_SUFFIXES)


def load_espn(path: Path = PRIOR_CSV) -> list[tuple[str, float, frozenset[str]]]:
    with open(path, newline="", encoding="utf-8") as f:
        return [(r["name"], float(r["percent_owned"]),
                 frozenset(p for p in r["positions"].split("/") if p in REAL_POSITIONS)) for r in csv.DictReader(f)]


def _positions_of(pos: str) -> frozenset[str]:
    return frozenset(p for p in str(pos).replace("-", "/").split("/") if p in REAL_POSITIONS) or frozenset({"SF"})


def match(players: list[tuple[str, str, str, int]], espn: list[tuple[str, float, frozenset[str]]]) -> list[Prior]:
    """One prior per player of `players` ((player_id, name, pos, age)): his ESPN row when a name
    matches at `MATCH_CUTOFF` or better (each ESPN row used once, best match first), else the
    replacement prior."""
    keys = [_key(n) for n, _, _ in espn]
    pairs = []
    for pid, name, _pos, _age in players:
        hit = process.extractOne(_key(name), keys, scorer=fuzz.token_sort_ratio, score_cutoff=MATCH_CUTOFF)
        if hit:
            pairs.append((hit[1], pid, hit[2]))
    used, matched = set(), {}
    for score, pid, idx in sorted(pairs, key=lambda p: -p[0]):
        if idx not in used and pid not in matched:
            used.add(idx)
            matched[pid] = idx
    owned = sorted((espn[i][1] for i in matched.values()), reverse=True)
    floor = owned[min(REPLACEMENT_RANK, len(owned) - 1)] if owned else 0.0
    out = []
    for pid, _name, pos, age in players:
        if pid in matched:
            _n, own, elig = espn[matched[pid]]
            out.append(Prior(pid, own, elig or _positions_of(pos), age, "espn-2023"))
        else:
            bump = YOUTH_BUMP if age <= YOUTH_AGE else 1.0
            out.append(Prior(pid, round(floor * bump, 3), _positions_of(pos), age, "replacement"))
    return out


@lru_cache(maxsize=4)
def _priors(db_key: str) -> tuple[Prior, ...]:
    from services.store import db

    rows = db.query("SELECT player_id, name, pos, coalesce(age, 27) FROM players ORDER BY player_id")
    return tuple(match([(p, n, pos, int(a)) for p, n, pos, a in rows], load_espn()))


def priors() -> tuple[Prior, ...]:
    """Every player's pre-season prior, for this database."""
    from services.league.snapshot_cache import content_key

    return _priors(content_key())


def prior_ranks() -> dict[str, int]:
    """0-based rank of each player by prior (ties by id): what the managers believed before a game."""
    order = sorted(priors(), key=lambda p: (-p.score, p.player_id))
    return {p.player_id: i for i, p in enumerate(order)}
