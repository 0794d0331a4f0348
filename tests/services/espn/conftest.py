"""Pytest fixtures for the ESPN source: a requests-mock replay of every call espn-api makes.

The main league view is HAND-MADE (see espn_replay.py and tests/fixtures/espn/README.md).
"""
from __future__ import annotations

import pytest
import requests_mock

from espn_replay import (AS_OF, LEAGUE_URL, S2, SEASON_URL, SWID, FakeClock, fixture,
                         free_agent_response, player_card, register_league)
from services.espn import EspnLeague, TTLCache


@pytest.fixture
def main_league() -> dict:
    return fixture("league_2023_handmade_main.json")


@pytest.fixture
def espn(main_league):
    """requests-mock with every ESPN call espn-api makes; unregistered URLs fail (no network)."""
    with requests_mock.Mocker(real_http=False) as m:
        register_league(m, main_league, free_agent_response())
        yield m


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def league(espn, clock) -> EspnLeague:
    return EspnLeague(1234, 2023, espn_s2=S2, swid=SWID, my_team_id=1, as_of=AS_OF,
                      cache=TTLCache(clock=clock))
