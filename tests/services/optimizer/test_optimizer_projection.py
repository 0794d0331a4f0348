"""Category win probabilities and the contested-category weights of the objective."""
from __future__ import annotations

import numpy as np
import pytest

from services.optimizer import projection as pj


def _rest(rng, scale=1.0):
    row = np.zeros(pj.WIDTH)
    row[pj.MEAN] = rng.uniform(5, 60, pj.N_STATS) * scale
    row[pj.IDX["fga"]] = row[pj.IDX["fgm"]] * 2.2
    row[pj.IDX["fta"]] = row[pj.IDX["ftm"]] * 1.3
    row[pj.VAR] = row[pj.MEAN] * 1.5
    row[pj.FG_BINVAR], row[pj.FT_BINVAR] = 20.0, 8.0
    return row


def test_identical_teams_are_coin_flips():
    rng = np.random.default_rng(1)
    rest, base = _rest(rng), rng.uniform(10, 50, pj.N_STATS)
    probs = pj.win_probabilities(rest, rest, base, base)
    assert probs == pytest.approx(np.full(9, 0.5))


def test_more_turnovers_lower_the_turnover_win_probability():
    rng = np.random.default_rng(2)
    rest, base = _rest(rng), rng.uniform(10, 50, pj.N_STATS)
    more_to = rest.copy()
    more_to[pj.IDX["tov"]] += 5
    before = pj.win_probabilities(rest, rest, base, base)
    after = pj.win_probabilities(more_to, rest, base, base)
    to = pj.CATS.index("TO")
    assert after[to] < before[to]
    assert np.delete(after, to) == pytest.approx(np.delete(before, to))


@pytest.mark.parametrize("seed", range(5))
def test_weights_are_the_derivative_of_expected_categories_won(seed):
    rng = np.random.default_rng(seed)
    mine, theirs = _rest(rng), _rest(rng)
    my0, opp0 = rng.uniform(10, 80, pj.N_STATS), rng.uniform(10, 80, pj.N_STATS)
    my0[pj.IDX["fga"]], opp0[pj.IDX["fga"]] = my0[pj.IDX["fgm"]] * 2, opp0[pj.IDX["fgm"]] * 2
    coef, weights = pj.category_coef(mine, theirs, my0, opp0)
    h = 1e-5
    for k in range(pj.N_STATS):
        up, down = mine.copy(), mine.copy()
        up[k] += h
        down[k] -= h
        numeric = (pj.win_probabilities(up, theirs, my0, opp0).sum()
                   - pj.win_probabilities(down, theirs, my0, opp0).sum()) / (2 * h)
        # Attempts also move the percentage's spread (sd ~ 1/attempts), which the weight
        # leaves out on purpose: a first-order value of the mean only.
        rel = 0.1 if pj.STATS[k] in ("fga", "fta") else 1e-4
        assert coef[k] == pytest.approx(numeric, rel=rel, abs=1e-8), pj.STATS[k]
    assert weights["TO"] <= 0 and all(w >= 0 for c, w in weights.items() if c != "TO")
