"""services.league.outlook: expected totals over remaining games and hot free agents (CSV oracles)."""
from __future__ import annotations

import datetime as dt

import pytest

from services.league import outlook
from services.models import ServiceError

AS_OF = dt.date(2025, 1, 29)


def test_rest_of_window_counts_the_real_schedule(demo_source, csv_facts):
    lg = demo_source(AS_OF).league
    ids = lg.roster_ids()
    rows = outlook.rest_of_window(lg, ids)
    assert [r.expected_total for r in rows] == sorted((r.expected_total for r in rows), reverse=True)
    for r in rows:
        pid = r.player.player_id
        games = csv_facts.player_games(pid, AS_OF)
        team = csv_facts.team_of(pid, AS_OF)
        assert r.dates == csv_facts.team_games_between(team, AS_OF, lg.week[2])
        projected = 0.5 * sum(g["fpts"] for g in games) / len(games) + 0.5 * sum(g["fpts"] for g in games[-10:]) / len(games[-10:])
        assert r.per_game == pytest.approx(projected, abs=0.005 + 1e-9)  # rounded to 2 places
        assert r.expected_total == pytest.approx(projected * r.availability * len(r.dates), abs=0.05 + 1e-9)


def test_bad_windows_and_positions_are_refused(demo_source):
    lg = demo_source(AS_OF).league
    with pytest.raises(ServiceError, match="before the as-of date"):
        outlook.rest_of_window(lg, lg.roster_ids()[:1], start=AS_OF - dt.timedelta(days=1))
    with pytest.raises(ServiceError, match="ends"):
        outlook.rest_of_window(lg, lg.roster_ids()[:1], start=AS_OF + dt.timedelta(days=2), end=AS_OF)
    with pytest.raises(ServiceError, match="Unknown position"):
        outlook.hot_free_agents(lg, position="QB")
    with pytest.raises(ServiceError, match="limit"):
        outlook.hot_free_agents(lg, limit=0)


def test_hot_free_agents_are_free_and_in_form(demo_source, csv_facts):
    lg = demo_source(AS_OF).league
    rostered = {p for ids in lg.rosters().values() for p in ids}
    hot = outlook.hot_free_agents(lg, limit=10)
    assert hot and [h.form_delta for h in hot] == sorted((h.form_delta for h in hot), reverse=True)
    for h in hot:
        games = csv_facts.player_games(h.player.player_id, AS_OF)
        assert h.player.player_id not in rostered and len(games) >= 10
        last5, season = games[-5:], games
        assert h.form_delta == round(sum(g["fpts"] for g in last5) / 5 - sum(g["fpts"] for g in season) / len(season), 2)
