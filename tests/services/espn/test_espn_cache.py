"""The TTL cache alone (fake clock, no sleeping) and through EspnLeague (counting HTTP calls)."""
from __future__ import annotations

import datetime as dt
import threading

import pytest

from espn_replay import AS_OF, FakeClock, calls
from services.espn import TTL_SECONDS, EspnLeague, TTLCache


def test_ttls_per_kind():
    assert TTL_SECONDS["roster"] == 45 and TTL_SECONDS["player_status"] == 15 * 60
    assert TTL_SECONDS["free_agents"] == 5 * 60 and TTL_SECONDS["schedule"] == 60 * 60
    assert TTL_SECONDS["game_log_final"] is None


@pytest.mark.parametrize("kind, ttl", [(k, v) for k, v in TTL_SECONDS.items() if v is not None])
def test_entry_expires_exactly_at_its_ttl(kind, ttl):
    clock, loads = FakeClock(), []
    cache = TTLCache(clock=clock)
    load = lambda: loads.append(1) or len(loads)
    assert cache.get_or_load(kind, "k", load) == 1
    clock.advance(ttl - 0.001)
    assert cache.get_or_load(kind, "k", load) == 1
    clock.advance(0.001)
    assert cache.get_or_load(kind, "k", load) == 2


def test_forever_kind_never_expires_and_unknown_kind_is_refused():
    clock = FakeClock()
    cache = TTLCache(clock=clock)
    cache.put("game_log_final", "k", "log")
    clock.advance(10 * 365 * 86400)
    assert cache.get("game_log_final", "k") == "log"
    with pytest.raises(KeyError):
        cache.put("nonsense", "k", 1)


def test_concurrent_misses_load_once():
    cache, loads, gate = TTLCache(clock=FakeClock()), [], threading.Event()

    def slow_load():
        gate.wait(1)
        loads.append(1)
        return "value"

    threads = [threading.Thread(target=lambda: cache.get_or_load("roster", "k", slow_load)) for _ in range(8)]
    for t in threads:
        t.start()
    gate.set()
    for t in threads:
        t.join()
    assert loads == [1] and cache.get("roster", "k") == "value"


def test_roster_refreshes_after_45_seconds(league, espn, clock):
    """The league view (rosters, settings) is read again after 45 s (the rosters themselves are
    measured on the history: tests/services/espn/test_espn_league_mirror.py)."""
    league.info()
    assert calls(espn, "mTeam") == 1  # the construction's own read is reused
    clock.advance(44)
    league.info()
    league.owner_of("3934672")
    assert calls(espn, "mTeam") == 1
    clock.advance(2)
    league.info()
    assert calls(espn, "mTeam") == 2
    assert calls(espn, "players_wl") == calls(espn, "mDraftDetail") == 1  # built once


def test_player_status_refreshes_after_15_minutes(league, espn, clock):
    league.player_status("Jalen Brunson")
    league.player_status("Brunson")
    assert calls(espn, "kona_playercard") == 1
    clock.advance(15 * 60)
    league.player_status("Jalen Brunson")
    assert calls(espn, "kona_playercard") == 2


def test_nba_schedule_refreshes_after_an_hour(league, espn, clock):
    league.schedule()
    clock.advance(3599)
    league.schedule()
    assert calls(espn, "proTeamSchedules_wl") == 1
    clock.advance(1)
    league.schedule()
    assert calls(espn, "proTeamSchedules_wl") == 2


def test_finished_game_log_is_kept_for_good(league, espn, clock):
    first = league.game_log("Jalen Brunson")
    clock.advance(30 * 86400)  # player cards and rosters have long expired
    assert league.game_log("Jalen Brunson") == first
    assert calls(espn, "kona_playercard") == 1


def test_todays_game_log_is_not_kept_forever(espn, clock):
    today = dt.datetime.fromtimestamp(clock.now).date()
    live = EspnLeague(1234, 2023, my_team_id=1, as_of=today, cache=TTLCache(clock=clock))
    live.game_log("Jalen Brunson")
    clock.advance(15 * 60)
    live.game_log("Jalen Brunson")
    assert calls(espn, "kona_playercard") == 2


def test_process_cache_is_shared_between_instances(espn, clock):
    cache = TTLCache(clock=clock)
    EspnLeague(1234, 2023, as_of=AS_OF, cache=cache).player_status("Jalen Brunson")
    EspnLeague(1234, 2023, as_of=AS_OF, cache=cache).player_status("Jalen Brunson")
    assert calls(espn, "kona_playercard") == 1
