"""services.league.snapshot: what was known on an as-of date (box scores strictly before it)."""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.news import all_notes
from services.league.players import game_log, player_status
from services.league.snapshot import averages, data_dates, snapshot, week_of

# Game dates on which many players played, so a leak of the as-of day would show.
CUTOFFS = [dt.date(2024, 11, 15), dt.date(2024, 12, 25), dt.date(2025, 1, 29), dt.date(2025, 2, 7)]


@pytest.mark.parametrize("as_of", CUTOFFS)
def test_no_box_score_on_or_after_the_as_of_date(as_of, csv_facts, csv_players):
    assert csv_facts.day_rows(as_of), "pick as-of dates with games, so a leak would show"
    snap = snapshot(as_of)
    for pid in csv_players:
        expected = csv_facts.player_games(pid, before=as_of)
        if not expected:  # nothing was known of him then: he does not exist in this view
            assert pid not in snap.players, pid
            continue
        ps = snap.players[pid]
        assert [g["game_date"] for g in ps.games] == [r["game_date"] for r in expected], pid
        log = game_log(snap, pid, last_n=82)
        assert log.games[-1].date == expected[-1]["game_date"] < as_of
        status = player_status(snap, pid)
        assert status.last_played == expected[-1]["game_date"]
        assert ps.season_avg["fpts"] == pytest.approx(sum(r["fpts"] for r in expected) / len(expected))
    notes = all_notes(snap)
    assert notes and max(n.date for n in notes) < as_of


def test_snapshot_of_the_first_day_knows_nothing():
    first, last = data_dates()
    assert (first, last) == (dt.date(2024, 10, 22), dt.date(2025, 2, 7))
    assert snapshot(first).players == {}


def test_players_without_a_game_before_the_as_of_date_do_not_exist(csv_facts, demo_source):
    """Danté Exum first played on Jan 31: as of Jan 29 he is no player of the league (no
    'Danté Exum (None): OUT'); the day after his first game he is."""
    first = csv_facts.player_games("exumda01")[0]["game_date"]
    assert dt.date(2025, 1, 29) < first < dt.date(2025, 2, 7)
    from services.models import PlayerNotFound

    with pytest.raises(PlayerNotFound):
        demo_source(dt.date(2025, 1, 29)).player_status("Dante Exum")
    later = first + dt.timedelta(days=1)
    assert demo_source(later).player_status("Dante Exum").player.player_id == "exumda01"


def test_the_schedule_after_the_as_of_date_is_known(csv_facts):
    snap = snapshot(dt.date(2025, 1, 29))
    assert snap.team_games_between("IND", dt.date(2025, 1, 29), dt.date(2025, 2, 7)) == \
        csv_facts.team_games_between("IND", dt.date(2025, 1, 29), dt.date(2025, 2, 7))
    assert snap.team_games_between(None, dt.date(2025, 1, 1), dt.date(2025, 2, 1)) == []


@pytest.mark.parametrize("date,week", [
    (dt.date(2024, 10, 22), (1, dt.date(2024, 10, 22), dt.date(2024, 10, 27))),
    (dt.date(2024, 10, 21), (1, dt.date(2024, 10, 22), dt.date(2024, 10, 27))),
    (dt.date(2025, 1, 27), (15, dt.date(2025, 1, 27), dt.date(2025, 2, 2))),
    (dt.date(2025, 1, 29), (15, dt.date(2025, 1, 27), dt.date(2025, 2, 2))),
    (dt.date(2025, 2, 2), (15, dt.date(2025, 1, 27), dt.date(2025, 2, 2))),
    (dt.date(2025, 2, 8), (16, dt.date(2025, 2, 3), dt.date(2025, 2, 9))),
])
def test_week_of(date, week):
    assert tuple(week_of(date)) == week


def test_week_of_outside_the_season():
    with pytest.raises(ValueError, match="outside the season"):
        week_of(dt.date(2025, 3, 1))


def test_averages_are_ratios_for_percentages(csv_facts):
    rows = csv_facts.player_games("jokicni01", before=dt.date(2025, 1, 29))
    avg = averages(rows)
    assert avg["fg_pct"] == sum(r["fgm"] for r in rows) / sum(r["fga"] for r in rows)
    assert 0 < avg["fg_pct"] < 1 and 0 < avg["ft_pct"] < 1
    assert averages([])["fg_pct"] == 0.0
