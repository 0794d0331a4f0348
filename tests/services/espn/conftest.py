"""Pytest fixtures for the ESPN source: a requests-mock replay of every call espn-api makes.

The main league view is HAND-MADE (see espn_replay.py and tests/fixtures/espn/README.md).
"""
from __future__ import annotations

import pytest
import requests_mock

from espn_replay import (AS_OF, LEAGUE_URL, S2, SEASON_URL, SWID, FakeClock, fixture,
                         free_agent_response, player_card)
from services.espn import EspnLeague, TTLCache


@pytest.fixture
def main_league() -> dict:
    return fixture("league_2023_handmade_main.json")


@pytest.fixture
def espn(main_league):
    """requests-mock with every ESPN call espn-api makes; unregistered URLs fail (no network)."""
    with requests_mock.Mocker(real_http=False) as m:
        m.get(LEAGUE_URL + "?view=mTeam&view=mRoster&view=mMatchup&view=mSettings&view=mStandings",
              json=main_league)
        m.get(LEAGUE_URL + "?view=mDraftDetail", json=fixture("league_2023_draft.json"))
        m.get(SEASON_URL + "/players?view=players_wl", json=fixture("league_players_2023.json"))
        m.get(SEASON_URL + "?view=proTeamSchedules_wl", json=fixture("league_2023_pro_schedule.json"))
        m.get(LEAGUE_URL + "?view=mMatchupScore&view=mScoreboard&scoringPeriodId=109",
              json=fixture("league_2023_box_score_h2h_points.json"))
        m.get(LEAGUE_URL + "?view=kona_playercard", json=player_card)
        m.get(LEAGUE_URL + "?view=kona_player_info&scoringPeriodId=109", json=free_agent_response())
        yield m


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def league(espn, clock) -> EspnLeague:
    return EspnLeague(1234, 2023, espn_s2=S2, swid=SWID, my_team_id=1, as_of=AS_OF,
                      cache=TTLCache(clock=clock))
