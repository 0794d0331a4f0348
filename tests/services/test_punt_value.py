"""Punts in the services (issue #25 item 1): a punted category leaves the optimizer's weekly
objective (its weight and its win chance) and the season value, and bad names get one line."""
from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from services.league import free_agents as fa
from services import optimizer as opt
from services.models import ServiceError
from services.optimizer.weekly import prepare, standing_pat

AS_OF = dt.date(2025, 1, 29)


@pytest.fixture(scope="module")
def inputs():
    from services.league.demo_source import DemoSource
    from services.store.state import state_store

    return DemoSource(AS_OF, "categories", store=state_store()).optimizer_inputs(season=True)


def test_a_punted_category_has_no_weight_and_no_share_of_the_week(inputs):
    """Catches: a punt that only filters the reasons while the objective still chases FT%."""
    plain, punted = prepare(inputs), prepare(dataclasses.replace(inputs, punt=("FT%",)))
    assert punted.weights["FT%"] == 0 and plain.weights["FT%"] != 0
    whole, without = standing_pat(plain), standing_pat(punted)
    assert whole.expected_total == pytest.approx(sum(whole.win_probabilities.values()), abs=1e-6)
    counted = sum(p for c, p in without.win_probabilities.items() if c != "FT%")
    assert without.expected_total == pytest.approx(counted, abs=1e-6)  # 8 categories, lineups re-planned for them


def test_a_moves_gain_counts_only_the_categories_not_punted(inputs):
    found = opt.propose_moves(dataclasses.replace(inputs, punt=("FT%", "TO")), limit=3, mode="this_week",
                              target_categories=["FT%", "BLK"])
    assert found.target_categories == ("BLK",)  # a punted category is never a target
    for m in found.moves:
        assert not {"FT%", "TO"} & {c for c, _, _ in m.category_changes}
        shown = sum(a - b for _, b, a in m.category_changes)
        assert shown == pytest.approx(m.gain, abs=0.005 * 7 + 1e-3)  # changes under half a point are not listed


def test_season_value_leaves_the_punted_category_out(inputs):
    from services.league.demo_source import DemoSource
    from services.optimizer.adapter import from_demo_league
    from services.store.state import state_store

    lg = DemoSource(AS_OF, "categories", store=state_store()).league
    plain = from_demo_league(lg, free_agents=[], season=True).season
    punted = from_demo_league(lg, free_agents=[], season=True, punt=("FT%",)).season
    assert [p.player_id for p in plain.roster] == [p.player_id for p in punted.roster]
    assert [round(p.value, 6) for p in plain.roster] != [round(p.value, 6) for p in punted.roster]


def test_bad_punt_names_get_one_line(inputs):
    from services.league.demo_source import DemoSource
    from services.store.state import state_store

    lg = DemoSource(AS_OF, "categories", store=state_store()).league
    with pytest.raises(ServiceError, match="Unknown categories \\['charisma'\\]"):
        fa.free_agents(lg, punt=["charisma"])
    with pytest.raises(ServiceError, match="Every category asked for is punted"):
        fa.free_agents(lg, target_categories=["FT%"], punt=["FT%"])
