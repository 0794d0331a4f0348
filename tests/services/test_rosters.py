"""services.league.rosters: roster views and schedules of the demo league, checked against the CSV."""
from __future__ import annotations

import datetime as dt

import pytest

from services.models import ServiceError

WEEK_END = dt.date(2025, 2, 2)


def test_my_roster_on_jan_29(demo_source, csv_facts, as_of):
    src = demo_source(as_of)
    ros = src.roster()
    assert (ros.team_id, ros.team_name, ros.manager, ros.as_of) == (1, "Courtside Crew", "You", as_of)
    assert len(ros.entries) == 13
    assert sorted(e.player.player_id for e in ros.entries) == sorted(src.league.roster_ids(1))
    per_game = [e.expected_per_game for e in ros.entries]
    assert per_game == sorted(per_game, reverse=True)
    for e in ros.entries:
        pid = e.player.player_id
        rows = csv_facts.player_games(pid, before=as_of)
        team = csv_facts.team_of(pid, as_of)
        dates = csv_facts.team_games_between(team, as_of, WEEK_END)
        assert (e.player.team, e.games_played, e.remaining_dates, e.games_remaining) == (
            team, len(rows), dates, len(dates)), pid
        assert e.fantasy_avg == round(sum(r["fpts"] for r in rows) / len(rows), 2)
        assert e.recent_fantasy_avg == round(sum(r["fpts"] for r in rows[-5:]) / len(rows[-5:]), 2)
        assert e.recent_avg["pts"] == round(sum(r["pts"] for r in rows[-5:]) / len(rows[-5:]), 2)
        missed = csv_facts.missed_in_row(pid, as_of)
        assert e.status == ("ACTIVE" if missed == 0 else "DTD" if missed <= 2 else "OUT")
        last = rows[-1]["game_date"]  # REST: the one game missed was the night after his last one
        rest = missed == 1 and (last + dt.timedelta(days=1)) in csv_facts.team_dates[rows[-1]["team"]]
        mins = sum(r["min"] for r in rows) / len(rows)
        tier = "24+ min" if mins >= 24 else "12-24 min" if mins >= 12 else "under 12 min"
        rate = src.league.snapshot.calibration.play_probability("REST" if rest else e.status, (as_of - last).days, tier)
        assert e.expected_per_game == round(src.league.snapshot.players[pid].expected_fpts * rate, 2)
        if e.status == "OUT":  # calibrated: OUT players rarely play their next game, but some do
            assert 0 < e.expected_per_game < 0.3 * e.fantasy_avg


def test_an_out_player_on_my_roster_says_why(demo_source, csv_facts, as_of):
    """Every OUT player on my roster (missed 3+ team games per the CSV) shows the missed count and
    his last game (Embiid's case in the per-date league)."""
    outs = [e for e in demo_source(as_of).roster().entries if csv_facts.missed_in_row(e.player.player_id, as_of) >= 3]
    assert outs
    for entry in outs:
        pid = entry.player.player_id
        last = csv_facts.player_games(pid, as_of)[-1]
        n = csv_facts.missed_in_row(pid, as_of)
        assert (entry.status, entry.status_evidence) == (
            "OUT", f"missed {last['team']}'s last {n} games (last played {last['game_date']:%b} {last['game_date'].day})")


def test_opponent_roster(demo_source, as_of):
    src = demo_source(as_of)
    opp = src.opponent_roster()
    assert opp.team_id == src.league.opponent_id == 6
    lg = src.league  # the active 13 and the IR slot (the managers use it)
    assert (opp.team_name, len(opp.entries)) == ("Zone Defense", len(lg.roster_ids(6)) + len(lg.ir_ids(6)))
    assert len(lg.roster_ids(6)) == 13
    assert {e.player.player_id for e in opp.entries}.isdisjoint(src.league.roster_ids(1))


@pytest.mark.parametrize("team_id", [11, 99, -1])
def test_unknown_team(demo_source, as_of, team_id):
    with pytest.raises(ServiceError, match=f"No team {team_id} in this league"):
        demo_source(as_of).roster(team_id)


def test_days_remaining_of_the_week(demo_source, as_of):
    report = demo_source(as_of).schedule(["haliburton"])
    assert (report.week_start, report.week_end, report.start, report.end) == (
        dt.date(2025, 1, 27), WEEK_END, as_of, WEEK_END)
    assert report.days_remaining == [dt.date(2025, 1, 29) + dt.timedelta(days=i) for i in range(5)]
    assert demo_source(dt.date(2025, 2, 2)).schedule([]).days_remaining == [dt.date(2025, 2, 2)]
    assert demo_source(dt.date(2025, 1, 27)).schedule([]).days_remaining == [
        dt.date(2025, 1, 27) + dt.timedelta(days=i) for i in range(7)]


@pytest.mark.parametrize("names,start,end", [
    (["haliburton", "jokic", "SGA"], None, None),
    (["embiid", "wemby"], dt.date(2025, 1, 29), dt.date(2025, 2, 7)),
    (["Luka Doncic"], dt.date(2025, 1, 20), dt.date(2025, 2, 9)),  # traded Feb 2: known team is DAL
    (["tatum"], dt.date(2025, 2, 8), dt.date(2025, 2, 14)),  # after the data: no known games
])
def test_schedule_window_matches_the_csv(demo_source, csv_facts, as_of, names, start, end):
    report = demo_source(as_of).schedule(names, start, end)
    lo, hi = start or as_of, end or WEEK_END
    assert (report.start, report.end) == (lo, hi)
    assert len(report.players) == len(names)
    total = 0
    for ps in report.players:
        expected = csv_facts.team_games_between(csv_facts.team_of(ps.player.player_id, as_of), lo, hi)
        assert ps.dates == expected, ps.player.name
        total += len(expected)
    assert report.total_games == total


def test_haliburton_games_this_week(demo_source, csv_facts, as_of):
    report = demo_source(as_of).schedule(["haliburton"])
    ind = [d for d in csv_facts.team_dates["IND"] if as_of <= d <= WEEK_END]
    assert report.players[0].dates == ind
    assert ind == [dt.date(2025, 1, 29), dt.date(2025, 2, 1)]


def test_default_schedule_is_my_roster(demo_source, csv_facts, as_of):
    src = demo_source(as_of)
    report = src.schedule()
    assert [p.player.player_id for p in report.players] == src.league.roster_ids()
    assert report.total_games == sum(
        len(csv_facts.team_games_between(csv_facts.team_of(p, as_of), as_of, WEEK_END))
        for p in src.league.roster_ids())


def test_a_window_that_ends_before_it_starts(demo_source, as_of):
    with pytest.raises(ServiceError, match="ends"):
        demo_source(as_of).schedule(["jokic"], dt.date(2025, 2, 1), dt.date(2025, 1, 30))
