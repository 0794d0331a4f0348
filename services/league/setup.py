"""The demo league's fixed setup: teams, managers, slots and the head-to-head calendar.

Pure data and the circle-method schedule; `build.py` writes them into DuckDB tables
(league_teams, league_slots, league_matchups) and `league.py` reads them back.
"""
from __future__ import annotations

from services.league.slots import BENCH_SLOTS, IR_SLOTS, STARTING_SLOTS

LEAGUE_NAME = "Courtside Demo League"
N_TEAMS = 10
MY_TEAM_ID = 1
TEAM_NAMES = [
    ("Courtside Crew", "You"), ("Splash Mountain", "Maya"), ("Glass Cleaners", "Theo"),
    ("Pick and Pop Culture", "Priya"), ("Fast Break Fund", "Marcus"), ("Zone Defense", "Lena"),
    ("Paint Protectors", "Diego"), ("Bench Mob", "Aiko"), ("Dime Droppers", "Sam"),
    ("Triple Threat", "Noor"),
]


def round_robin(teams: int, week: int) -> dict[int, int]:
    """Opponents for a week by the circle method: everyone plays everyone once per cycle."""
    ids = list(range(1, teams + 1))
    r = (week - 1) % (teams - 1)
    rot = [ids[0]] + ids[1:][r:] + ids[1:][:r]
    pairs = {}
    for i in range(teams // 2):
        a, b = rot[i], rot[-1 - i]
        pairs[a], pairs[b] = b, a
    return pairs


def team_rows() -> list[tuple[int, str, str, bool]]:
    return [(i, n, m, i == MY_TEAM_ID) for i, (n, m) in enumerate(TEAM_NAMES[:N_TEAMS], start=1)]


def slot_rows() -> list[tuple[str, int]]:
    return [*STARTING_SLOTS.items(), ("BE", BENCH_SLOTS), ("IR", IR_SLOTS)]


def matchup_rows(weeks: list[int]) -> list[tuple[int, int, int]]:
    return [(w, t, o) for w in weeks for t, o in sorted(round_robin(N_TEAMS, w).items())]
