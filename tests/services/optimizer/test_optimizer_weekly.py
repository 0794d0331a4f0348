"""Weekly lineups: legal every day, exact every day, and consistent with the starts count."""
from __future__ import annotations

import json

import pytest

from services.optimizer import as_json, weekly_lineup
from services.optimizer.assign import brute_force
from services.optimizer.checks import synthetic_inputs
from services.optimizer.weekly import prepare


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_weekly_lineup_is_legal_and_exact(seed, scoring):
    inputs = synthetic_inputs(seed, scoring, n_roster=7, n_fa=0, n_days=4)
    week = weekly_lineup(inputs)
    prep = prepare(inputs)
    players = {p.player_id: p for p in inputs.roster}
    assert [d.date for d in week.days] == list(inputs.days)
    for d, day in enumerate(week.days):
        assert set(day.slots) | set(day.bench) == set(players) and not set(day.slots) & set(day.bench)
        for pid, slot in day.slots.items():
            p = players[pid]
            assert day.date in p.game_days and p.availability > 0 and slot in p.eligible
        for slot, n in inputs.slots.items():
            assert list(day.slots.values()).count(slot) <= n
        live = [i for i in range(len(players)) if prep.roster.plays[i, d] and prep.roster.values[i] > 0]
        best = brute_force([prep.roster.values[i] for i in live], [list(prep.roster.elig[i]) for i in live],
                           list(inputs.slots.values()))
        assert day.value == pytest.approx(best, abs=1e-5)
    assert week.starts == {pid: sum(pid in d.slots for d in week.days) for pid in players}
    if scoring == "points":
        assert week.expected_total == pytest.approx(sum(d.fantasy_points for d in week.days), abs=0.01)
    else:
        assert week.expected_total == pytest.approx(sum(week.category_win_prob.values()), abs=0.01)
        assert set(week.category_weights) == set(week.category_win_prob)
    json.dumps(as_json(week))


def test_same_input_same_output():
    inputs = synthetic_inputs(5, "categories", n_roster=9, n_fa=3, n_days=5)
    assert weekly_lineup(inputs) == weekly_lineup(inputs)


@pytest.mark.parametrize("seed", range(16))
def test_plan_without_each_equals_solving_each_case(seed):
    """`plan_without_each` skips the assignments whose answer it knows (a non-starter's absence
    changes nothing; when all start, the absent one's row comes off). Compared with `plan_day` for
    every drop, slot count and day, on rosters deep enough that someone sits (12 players for as few
    as 5 slots) and on days few enough that everyone starts. Catches a shortcut that treats a
    benched-behind starter as removable for free (the bench player's replacement start is lost),
    or subtracts a non-starter's value."""
    import numpy as np

    from services.optimizer.weekly import plan_day, plan_without_each

    rng = np.random.default_rng(seed)
    inputs = synthetic_inputs(seed, "points", n_roster=12, n_fa=0, n_days=6)
    table = prepare(inputs).roster
    drops = np.arange(len(table.players))
    if seed % 2:
        table.plays[:] = rng.random(table.plays.shape) < 0.9  # busy days: more players than slots
    base = np.array([int(inputs.slots[s]) for s in inputs.slots])
    options = [base] + [base - np.eye(len(base), dtype=int)[s] for s in range(len(base)) if base[s]]
    benched = 0
    for d in range(table.plays.shape[1]):
        for counts in options:
            values, rows = plan_without_each(table, d, counts, drops, rows=True)
            whole, starters, _ = plan_day(table, d, counts)
            benched += len(starters) < table.active(d).sum()
            assert values[-1] == whole
            for r, k in enumerate(drops):
                want, picked, _ = plan_day(table, d, counts, int(k))
                assert values[r] == pytest.approx(want, abs=1e-9)
                assert rows[r] == pytest.approx(table.rows[picked].sum(axis=0), abs=1e-9)
    assert benched or seed % 2 == 0  # the busy days do bench someone
