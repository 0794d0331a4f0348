"""services.league.free_agents: filters honoured, nobody rostered, ranked by value x games remaining."""
from __future__ import annotations

import datetime as dt

import pytest

from services.models import ServiceError

WEEK_END = dt.date(2025, 2, 2)


def _status(csv_facts, pid, as_of) -> str:
    n = csv_facts.missed_in_row(pid, as_of)
    return "ACTIVE" if n == 0 else "DTD" if n <= 2 else "OUT"


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_free_agents_are_unrostered_and_ranked(demo_source, csv_facts, as_of, scoring):
    src = demo_source(as_of, scoring)
    rostered = {p for ids in src.league.rosters().values() for p in ids}
    fas = src.free_agents(limit=50)
    assert len(fas) == 50
    assert not rostered & {f.player.player_id for f in fas}
    scores = [f.score for f in fas]
    assert scores == sorted(scores, reverse=True)
    from services.league.values import replacement_value

    floor = replacement_value(src.league.snapshot, scoring) if scoring == "categories" else 0.0
    # z-sums are relative: ranking uses value above replacement, so a healthy player with
    # more games ranks above an OUT one, never below
    assert fas[0].status == "ACTIVE" and fas[0].score > 0
    for f in fas:
        pid = f.player.player_id
        rows = csv_facts.player_games(pid, before=as_of)
        dates = csv_facts.team_games_between(csv_facts.team_of(pid, as_of), as_of, WEEK_END)
        assert (f.games_played, f.remaining_dates, f.games_remaining) == (len(rows), dates, len(dates))
        assert f.status == _status(csv_facts, pid, as_of)
        assert f.fantasy_avg == round(sum(r["fpts"] for r in rows) / len(rows), 2)
        last = rows[-1]["game_date"]  # calibrated play probability (services.league.calibration, tested there)
        missed = csv_facts.missed_in_row(pid, as_of)  # REST: the one game missed was the night after
        rest = missed == 1 and (last + dt.timedelta(days=1)) in csv_facts.team_dates[rows[-1]["team"]]
        mins = sum(r["min"] for r in rows) / len(rows)
        tier = "24+ min" if mins >= 24 else "12-24 min" if mins >= 12 else "under 12 min"
        availability = src.league.snapshot.calibration.play_probability("REST" if rest else f.status,
                                                                        (as_of - last).days, tier)
        assert f.score == pytest.approx((f.value - floor) * availability * len(dates), abs=2e-3)


@pytest.mark.parametrize("position", ["PG", "SG", "SF", "PF", "C", "G", "F", "UTIL", "c", " pg "])
def test_position_filter(demo_source, as_of, position):
    fas = demo_source(as_of).free_agents(position=position, limit=50)
    assert fas
    assert all(position.strip().upper() in f.player.eligible for f in fas)


def test_healthy_only(demo_source, csv_facts, as_of):
    src = demo_source(as_of)
    everyone = src.free_agents(position="C", limit=50)
    healthy = src.free_agents(position="C", healthy_only=True, limit=50)
    assert "DTD" in {f.status for f in everyone}  # Al Horford, Kelly Olynyk: the filter has work
    assert all(f.status == "ACTIVE" == _status(csv_facts, f.player.player_id, as_of) for f in healthy)
    assert [f.player.player_id for f in healthy][:20] == [
        f.player.player_id for f in everyone if f.status == "ACTIVE"][:20]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_min_games_remaining(demo_source, csv_facts, as_of, n):
    fas = demo_source(as_of).free_agents(min_games_remaining=n, limit=50)
    most = max(len(csv_facts.team_games_between(t, as_of, WEEK_END)) for t in csv_facts.team_dates)
    assert most == 3
    assert bool(fas) == (n <= most)
    for f in fas:
        team = csv_facts.team_of(f.player.player_id, as_of)
        assert len(csv_facts.team_games_between(team, as_of, WEEK_END)) == f.games_remaining >= n


def test_filters_combine(demo_source, as_of):
    fas = demo_source(as_of).free_agents(position="G", healthy_only=True, min_games_remaining=3, limit=50)
    assert fas
    assert all("G" in f.player.eligible and f.status == "ACTIVE" and f.games_remaining >= 3 for f in fas)


def test_target_categories_change_the_value(demo_source, as_of):
    src = demo_source(as_of, "categories")
    blocks = src.free_agents(target_categories=["blocks"], limit=10)
    same = src.free_agents(target_categories=["BLK"], limit=10)
    assert [f.player.player_id for f in blocks] == [f.player.player_id for f in same]
    assert [f.player.player_id for f in blocks] != [f.player.player_id for f in src.free_agents(limit=10)]
    assert [f.score for f in blocks] == sorted((f.score for f in blocks), reverse=True)
    top_blk = max(src.free_agents(target_categories=["BLK"], limit=50), key=lambda f: f.season_avg["blk"])
    assert top_blk.season_avg["blk"] >= blocks[-1].season_avg["blk"]


def test_limit(demo_source, as_of):
    assert len(demo_source(as_of).free_agents(limit=1)) == 1
    assert len(demo_source(as_of).free_agents()) == 15


@pytest.mark.parametrize("kwargs,match", [
    ({"position": "QB"}, "Unknown position"),
    ({"position": "point guard"}, "Unknown position"),
    ({"target_categories": ["dunks"]}, "Unknown categories"),
    ({"target_categories": ["REB", "charm"]}, "Unknown categories"),
    ({"limit": 0}, "limit must be"),
    ({"limit": 51}, "limit must be"),
])
def test_bad_filters_are_service_errors(demo_source, as_of, kwargs, match):
    with pytest.raises(ServiceError, match=match):
        demo_source(as_of).free_agents(**kwargs)


def test_an_added_player_leaves_the_pool(fresh_state, demo_source, as_of):
    src = demo_source(as_of)
    top = src.free_agents(limit=1)[0].player.player_id
    drop = src.league.roster_ids(1)[-1]
    fresh_state.store.apply_move(src.league.league_id, 1, "fa-1", drop, top, as_of, "test", {})
    ids = [f.player.player_id for f in src.free_agents(limit=50)]
    assert top not in ids
