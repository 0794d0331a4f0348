"""The fast move scan against the reference scan and brute force, and its ranked results."""
from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from services.optimizer import as_json, prepare, scan_moves, weekly_lineup
from services.optimizer.checks import brute_force_scan, synthetic_inputs
from services.optimizer.moves import droppable
from services.optimizer.reference import reference_scan
from services.optimizer.scan import scan_table

seeds = st.integers(0, 2**32 - 1)


@settings(max_examples=40, deadline=None)
@given(seeds, st.sampled_from(["points", "categories"]))
def test_fast_scan_equals_reference_and_brute_force(seed, scoring):
    prep = prepare(synthetic_inputs(seed, scoring, n_roster=5, n_fa=4, n_days=3))
    drops = np.arange(5)
    fast = scan_table(prep, drops)
    gain, value_gain = reference_scan(prep, drops)
    assert fast.gain == pytest.approx(gain, abs=1e-9)
    assert fast.value_gain == pytest.approx(value_gain, abs=1e-9)
    assert fast.value_gain == pytest.approx(brute_force_scan(prep, drops), abs=1e-9)


@settings(max_examples=15, deadline=None)
@given(seeds)
def test_fast_scan_equals_reference_with_espn_slots(seed):
    inputs = synthetic_inputs(seed, "points", n_roster=13, n_fa=6, n_days=5,
                              slots={"PG": 1, "SG": 1, "SF": 1, "PF": 1, "C": 1, "G": 1, "F": 1, "UTIL": 3})
    prep = prepare(inputs)
    drops = np.arange(13)
    assert scan_table(prep, drops).gain == pytest.approx(reference_scan(prep, drops)[0], abs=1e-9)


def _swap(inputs, drop_id, add_id):
    add = next(p for p in inputs.free_agents if p.player_id == add_id)
    roster = tuple(add if p.player_id == drop_id else p for p in inputs.roster)
    return dataclasses.replace(inputs, roster=roster)


@pytest.mark.parametrize("seed", range(6))
def test_move_details_match_the_re_solved_week(seed):
    inputs = synthetic_inputs(seed, "points", n_roster=6, n_fa=5, n_days=4)
    before = weekly_lineup(inputs)
    for move in scan_moves(inputs, protect_top=0):
        after = weekly_lineup(_swap(inputs, move.drop_id, move.add_id))
        assert move.gain == pytest.approx(after.expected_total - before.expected_total, abs=1e-3)
        assert move.add_starts == after.starts[move.add_id]
        assert move.drop_starts == before.starts[move.drop_id]
        for day_before, day_after in zip(before.days, after.days, strict=True):
            delta = len(day_after.slots) - len(day_before.slots)
            assert move.starts_gained[day_before.date.isoformat()] == delta


@pytest.mark.parametrize("seed", range(6))
def test_idle_pairs_gain_nothing(seed):
    inputs = synthetic_inputs(seed, "points", n_roster=6, n_fa=5, n_days=4)
    roster = {p.player_id: p for p in inputs.roster}
    fas = {p.player_id: p for p in inputs.free_agents}
    for move in scan_moves(inputs, protect_top=0):
        if not roster[move.drop_id].game_days and not fas[move.add_id].game_days:
            assert move.gain == 0.0
            assert set(move.starts_gained.values()) == {0}


def test_ranked_deterministic_and_serializable():
    inputs = synthetic_inputs(7, "categories", n_roster=8, n_fa=6, n_days=4)
    first, second = scan_moves(inputs, protect_top=2), scan_moves(inputs, protect_top=2)
    assert first == second
    gains = [m.gain for m in first]
    assert gains == sorted(gains, reverse=True)
    assert len(first) == 6 * 6
    assert scan_moves(inputs, protect_top=2, limit=5) == first[:5]
    payload = json.loads(json.dumps(as_json(first[0])))
    assert payload["unit"] == "categories won" and 0.0 <= payload["confidence"] <= 1.0
    assert all(isinstance(r, str) for r in payload["reasons"])


def test_protected_players_are_not_offered_unless_allowed():
    inputs = synthetic_inputs(3, "points", n_roster=6, n_fa=3, n_days=3)
    values = {p.player_id: i for i, p in enumerate(inputs.roster)}
    ranked = [dataclasses.replace(p, season_value=float(10 * values[p.player_id])) for p in inputs.roster]
    inputs = dataclasses.replace(inputs, roster=tuple(ranked))
    prep = prepare(inputs)
    assert droppable(prep, protect_top=2).tolist() == [0, 1, 2, 3]
    assert droppable(prep, allow_drop={"r5"}, protect_top=2).tolist() == [0, 1, 2, 3, 5]
    dropped = {m.drop_id for m in scan_moves(inputs, protect_top=2)}
    assert dropped == {"r0", "r1", "r2", "r3"}


def test_category_deltas_add_up_to_the_gain():
    inputs = synthetic_inputs(11, "categories", n_roster=7, n_fa=5, n_days=4)
    for move in scan_moves(inputs, protect_top=0, limit=10):
        shown = sum(move.category_deltas.values())
        assert shown == pytest.approx(move.gain, abs=0.005 * 9 + 1e-3)
