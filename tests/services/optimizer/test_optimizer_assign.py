"""The exact daily assignment against brute force, and the greedy trap it must avoid."""
from __future__ import annotations

import datetime as dt

import numpy as np
from hypothesis import given, settings, strategies as st

from services.league.lineup import BENCH, best_lineup
from services.optimizer import OptimizerInputs, PlayerInput, daily_lineup
from services.optimizer.assign import brute_force, solve

TYPES = ["PG", "C", "G", "UTIL"]


@st.composite
def instances(draw, positive=True):
    n = draw(st.integers(0, 6))
    counts = draw(st.lists(st.integers(0, 2), min_size=len(TYPES), max_size=len(TYPES)))
    lo = 0.5 if positive else -10.0
    values = draw(st.lists(st.floats(lo, 50.0, allow_nan=False), min_size=n, max_size=n))
    elig = draw(st.lists(st.lists(st.booleans(), min_size=len(TYPES), max_size=len(TYPES)),
                         min_size=n, max_size=n))
    return values, elig, counts


@settings(max_examples=200, deadline=None)
@given(instances())
def test_solve_equals_brute_force(inst):
    values, elig, counts = inst
    total, rows, types = solve(np.array(values, dtype=float), np.array(elig, dtype=bool).reshape(len(values), len(TYPES)),
                               np.array(counts))
    assert abs(total - brute_force(values, elig, counts)) < 1e-9
    assert len(set(rows.tolist())) == len(rows)
    for r, t in zip(rows, types, strict=True):
        assert elig[r][t]
    for t in range(len(TYPES)):
        assert (types == t).sum() <= counts[t]


@settings(max_examples=200, deadline=None)
@given(instances(positive=False))
def test_services_best_lineup_equals_brute_force(inst):
    values, elig, counts = inst
    players = [(f"p{i}", [TYPES[t] for t in range(len(TYPES)) if elig[i][t]], v) for i, v in enumerate(values)]
    assignment, total = best_lineup(players, dict(zip(TYPES, counts, strict=True)))
    assert abs(total - brute_force(values, elig, counts)) < 1e-6
    assert sorted(assignment) == sorted(p for p, _, _ in players)


def _player(pid, eligible, fpts_pts, days):
    return PlayerInput(pid, tuple(eligible), {"pts": fpts_pts}, frozenset(days))


def test_flexible_player_does_not_steal_rigid_players_only_slot():
    day = dt.date(2025, 1, 29)
    slots = {"C": 1, "F": 1}
    flexible = _player("flex", ["PF", "C", "F"], 40.0, [day])  # listed first, worth more
    rigid = _player("rigid", ["C"], 30.0, [day])
    inputs = OptimizerInputs("points", (day,), (flexible, rigid), slots=slots)
    lineup = daily_lineup(inputs, day)
    assert lineup.slots == {"flex": "F", "rigid": "C"}
    assert lineup.value == 70.0
    greedy = 40.0  # best player first into his first eligible slot, then nothing fits the rigid one
    assert lineup.value > greedy


def test_no_game_or_out_never_starts_even_with_open_slots():
    day = dt.date(2025, 1, 29)
    playing = _player("a", ["PG", "G", "UTIL"], 20.0, [day])
    idle = _player("b", ["PG", "G", "UTIL"], 50.0, [day + dt.timedelta(days=1)])
    out = PlayerInput("c", ("C", "UTIL"), {"pts": 60.0}, frozenset([day]), availability=0.0)
    lineup = daily_lineup(OptimizerInputs("points", (day,), (playing, idle, out)), day)
    assert lineup.slots == {"a": "PG"}
    assert lineup.bench == ("b", "c")


def test_services_lineup_benches_negative_values():
    assignment, total = best_lineup([("a", ["UTIL"], -3.0), ("b", ["UTIL"], 2.0)], {"UTIL": 2})
    assert assignment == {"a": BENCH, "b": "UTIL"} and total == 2.0
