"""Credentials never leak, failures are readable, nothing reaches the network, moves are manual."""
from __future__ import annotations

import pytest
import requests
import requests_mock

from espn_replay import AS_OF, LEAGUE_URL, S2, SWID, FakeClock
from services.espn import EspnLeague, TTLCache, approved_move_steps
from services.models import PlayerNotFound, ServiceError


def _no_secret(text: str) -> None:
    assert S2 not in text and SWID not in text


def test_credentials_never_appear_in_results_or_errors(league):
    _no_secret(repr(league) + str(league))
    results = [league.info(), league.player_status("Brunson"),  # roster and matchup: test_espn_league_mirror.py
               league.game_log("Brunson"), league.schedule(), *league.free_agents()]
    for result in results:
        _no_secret(repr(result) + str(result) + result.model_dump_json())
    for bad in (lambda: league.player_status("Zzyzx"), lambda: league.news()):
        with pytest.raises(ServiceError) as err:
            bad()
        _no_secret(str(err.value) + repr(err.value))


@pytest.mark.parametrize("status, message", [
    (401, "refused access to league 1234"), (404, "no fantasy basketball league 1234"),
    (500, "HTTP 500"),
])
def test_espn_failures_become_one_readable_line(status, message):
    with requests_mock.Mocker(real_http=False) as m:
        m.get(requests_mock.ANY, status_code=status, json={})
        league = EspnLeague(1234, 2023, espn_s2=S2, swid=SWID, as_of=AS_OF, cache=TTLCache(clock=FakeClock()))
        with pytest.raises(ServiceError, match=message) as err:
            league.info()
    _no_secret(str(err.value))
    assert err.value.__cause__ is None and err.value.__suppress_context__


def test_an_unrecorded_request_fails_instead_of_reaching_the_network(espn, clock):
    """League 999 was never recorded: requests-mock (real_http=False) refuses the call."""
    league = EspnLeague(999, 2023, as_of=AS_OF, cache=TTLCache(clock=clock))
    with pytest.raises(requests_mock.exceptions.NoMockAddress):
        league.info()


def test_a_network_failure_is_a_readable_error(espn, clock):
    espn.get(LEAGUE_URL + "?view=mTeam", exc=requests.exceptions.ConnectTimeout)
    league = EspnLeague(1234, 2023, espn_s2=S2, swid=SWID, as_of=AS_OF, cache=TTLCache(clock=clock))
    with pytest.raises(ServiceError, match=r"Could not reach ESPN \(ConnectTimeout\)") as err:
        league.roster()
    _no_secret(str(err.value))


def test_unknown_player_suggests_close_names(league):
    with pytest.raises(PlayerNotFound) as err:
        league.game_log("Antetokounpo")
    assert "Giannis Antetokounmpo" in err.value.suggestions
    assert "Did you mean" in str(err.value)


def test_move_steps_name_both_players_and_the_league():
    steps = approved_move_steps("Josh Hart", "Jalen Suggs", 1234)
    assert steps[0].startswith("Open https://fantasy.espn.com/basketball/players/add?leagueId=1234")
    assert any('"Jalen Suggs"' in s for s in steps) and any("Drop" in s and "Josh Hart" in s for s in steps)
    assert any("recentactivity?leagueId=1234" in s for s in steps)


@pytest.mark.parametrize("drop, add, league_id", [("", "A", 1), ("A", " ", 1), ("A", "B", "abc"), ("A", "a", 1)])
def test_move_steps_refuse_bad_input(drop, add, league_id):
    with pytest.raises(ServiceError):
        approved_move_steps(drop, add, league_id)
