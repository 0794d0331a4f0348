"""services.league.demo_source: the LeagueSource everyone reads, and the as-of range it accepts."""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.demo_source import DemoSource, open_source
from services.models import ServiceError
from services.league.source import LeagueSource
from services.store.state import state_store


@pytest.mark.parametrize("as_of", [dt.date(2024, 10, 23), dt.date(2025, 1, 29), dt.date(2025, 2, 8)])
def test_as_of_inside_the_data(as_of):
    assert DemoSource(as_of, store=state_store()).as_of == as_of


@pytest.mark.parametrize("as_of", [dt.date(2024, 10, 22), dt.date(2024, 1, 1), dt.date(2025, 2, 9)])
def test_as_of_outside_the_data(as_of):
    with pytest.raises(ServiceError, match=r"outside the data \(2024-10-23 to 2025-02-08\)"):
        DemoSource(as_of, store=state_store())


def test_open_source_defaults_to_the_demo_on_jan_29(as_of):
    src = open_source(store=state_store())
    assert isinstance(src, LeagueSource) and isinstance(src, DemoSource)
    assert (src.kind, src.as_of, src.league.scoring) == ("demo", as_of, "points")


def test_settings_from_the_environment(monkeypatch):
    from services import config

    monkeypatch.setenv("COURTSIDE_AS_OF", "2025-01-15")
    monkeypatch.setenv("COURTSIDE_SCORING", "categories")
    config.reset_settings_cache()
    try:
        src = open_source(store=state_store())
        assert (src.as_of, src.league.scoring) == (dt.date(2025, 1, 15), "categories")
        assert open_source(as_of=dt.date(2025, 1, 20), scoring="points", store=state_store()).league.league_id == "demo-points-2025-01-20"
    finally:
        monkeypatch.undo()
        config.reset_settings_cache()


def test_unknown_scoring_is_rejected(as_of):
    with pytest.raises(ValueError):
        DemoSource(as_of, "roto", store=state_store())


def test_every_method_answers_with_typed_results(demo_source, as_of):
    src = demo_source(as_of)
    assert src.info().league_id == "demo-points-2025-01-29"
    assert src.roster().team_id == 1
    assert src.opponent_roster().team_id == 6
    assert src.matchup().opponent_team_id == 6
    assert src.free_agents(limit=3)[0].score >= src.free_agents(limit=3)[-1].score
    assert src.player_status("jokic").player.player_id == "jokicni01"
    assert src.game_log("jokic", 2).last_n == 2
    assert src.schedule(["jokic"]).players[0].player.player_id == "jokicni01"
    assert all(n.date < as_of for n in src.news(topic="injuries"))
