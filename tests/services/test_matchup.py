"""services.league.matchup: the week so far from real box scores (days before the as-of date only),
and the projection for the rest, in points and in nine categories."""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.scoreboard import day_starters

WEEK_START, WEEK_END = dt.date(2025, 1, 27), dt.date(2025, 2, 2)
CATS = ["FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS"]
COUNTING = {"3PM": "fg3m", "REB": "reb", "AST": "ast", "STL": "stl", "BLK": "blk", "TO": "tov", "PTS": "pts"}


def _so_far(lg, team_id: int, csv_facts) -> tuple[dict[str, float], list]:
    """Sums of the CSV lines of the starters the service set on each played day, from the roster
    the team had that day (the league lives through the season: rosters change by day)."""
    totals = {k: 0.0 for k in ("fpts", "fgm", "fga", "ftm", "fta", *COUNTING.values())}
    starters_by_day = []
    for day in lg.days_played:
        starters = day_starters(lg, lg.roster_on(team_id, day), day)
        starters_by_day.append((day, starters))
        rows = csv_facts.day_rows(day)
        for pid in starters:
            if pid in rows:
                for k in totals:
                    totals[k] += rows[pid][k]
    return totals, starters_by_day


def _games_left(lg, team_id, csv_facts, as_of) -> int:
    n = 0
    for pid in lg.roster_ids(team_id):
        if csv_facts.missed_in_row(pid, as_of) >= 3 or not csv_facts.player_games(pid, before=as_of):
            continue
        n += len(csv_facts.team_games_between(csv_facts.team_of(pid, as_of), as_of, WEEK_END))
    return n


@pytest.mark.parametrize("as_of", [dt.date(2025, 1, 27), dt.date(2025, 1, 28), dt.date(2025, 1, 29),
                                   dt.date(2025, 1, 31), dt.date(2025, 2, 2)])
def test_points_so_far_are_the_starters_real_fantasy_points(demo_source, csv_facts, as_of):
    src = demo_source(as_of)
    lg = src.league
    m = src.matchup()
    assert (m.week, m.start, m.end, m.scoring) == (15, WEEK_START, WEEK_END, "points")
    assert m.days_played == [WEEK_START + dt.timedelta(days=i) for i in range((as_of - WEEK_START).days)]
    mine, starters = _so_far(lg, 1, csv_facts)
    theirs, _ = _so_far(lg, m.opponent_team_id, csv_facts)
    assert (m.my_points, m.opponent_points) == (round(mine["fpts"], 1), round(theirs["fpts"], 1))
    for day, ids in starters:
        assert day < as_of and len(ids) <= 10 and set(ids) <= set(lg.roster_on(1, day))
    assert (m.my_games_remaining, m.opponent_games_remaining) == (
        _games_left(lg, 1, csv_facts, as_of), _games_left(lg, m.opponent_team_id, csv_facts, as_of))
    assert m.categories == []


def test_a_monday_matchup_has_nothing_played_yet(demo_source):
    m = demo_source(WEEK_START).matchup()
    assert (m.days_played, m.my_points, m.opponent_points) == ([], 0.0, 0.0)
    assert m.my_projected_rest > 0 and m.opponent_projected_rest > 0


def test_points_on_jan_29(demo_source, csv_facts, as_of):
    m = demo_source(as_of).matchup()
    assert (m.my_team, m.opponent, m.opponent_team_id) == ("Courtside Crew", "Zone Defense", 6)
    assert m.days_remaining == [as_of + dt.timedelta(days=i) for i in range(5)]
    assert m.summary.startswith(f"Courtside Crew {m.my_points:.1f} - {m.opponent_points:.1f} Zone Defense after 2 day(s)")
    jan_27_28 = {pid: 0.0 for pid in demo_source(as_of).league.drafted[1]}
    for day in (dt.date(2025, 1, 27), dt.date(2025, 1, 28)):
        for pid, row in csv_facts.day_rows(day).items():
            if pid in jan_27_28:
                jan_27_28[pid] += row["fpts"]
    assert 0 < m.my_points <= sum(v for v in jan_27_28.values() if v > 0)


def test_the_as_of_day_itself_is_not_scored(demo_source, csv_facts, as_of):
    """Jan 29 box scores exist in the data, and my lineup that day scored; as of Jan 29 the
    total holds Jan 27 and 28 only."""
    src = demo_source(as_of)
    rows = csv_facts.day_rows(as_of)
    lineup = day_starters(src.league, src.league.drafted[1], as_of)
    as_of_day_points = sum(rows[p]["fpts"] for p in lineup if p in rows)
    assert as_of_day_points > 0
    mine, _ = _so_far(src.league, 1, csv_facts)
    assert src.matchup().my_points == round(mine["fpts"], 1)


@pytest.mark.parametrize("as_of", [dt.date(2025, 1, 28), dt.date(2025, 1, 29), dt.date(2025, 2, 1)])
def test_categories_so_far(demo_source, csv_facts, as_of):
    src = demo_source(as_of, "categories")
    m = src.matchup()
    assert m.scoring == "categories"
    assert [c.category for c in m.categories] == CATS
    mine, _ = _so_far(src.league, 1, csv_facts)
    theirs, _ = _so_far(src.league, m.opponent_team_id, csv_facts)
    lines = {c.category: c for c in m.categories}
    for cat, col in COUNTING.items():
        assert (lines[cat].mine, lines[cat].theirs) == (mine[col], theirs[col]), cat
    assert lines["FG%"].mine == round(mine["fgm"] / mine["fga"], 3)
    assert lines["FT%"].theirs == round(theirs["ftm"] / theirs["fta"], 3)
    for c in m.categories:
        assert 0.0 <= c.win_probability <= 1.0
        if c.category in ("FG%", "FT%"):
            assert 0.0 < c.mine < 1.0 and 0.0 < c.projected_mine < 1.0
        else:
            assert c.projected_mine >= c.mine and c.projected_theirs >= c.theirs
        sign = -1 if c.category == "TO" else 1
        diff = sign * (c.mine - c.theirs)
        assert c.leader == ("me" if diff > 0 else "opponent" if diff < 0 else "tied"), c.category
    leads = sum(c.leader == "me" for c in m.categories), sum(c.leader == "opponent" for c in m.categories)
    verb = "leads" if leads[0] > leads[1] else "trails" if leads[0] < leads[1] else "is tied"
    assert m.summary.startswith(f"Courtside Crew {verb} {leads[0]}-{leads[1]} in categories")


def test_categories_on_a_monday_are_all_tied(demo_source):
    m = demo_source(WEEK_START, "categories").matchup()
    assert [c.leader for c in m.categories] == ["tied"] * 9
    assert all(c.mine == c.theirs == 0.0 for c in m.categories)


def test_a_week_past_the_end_of_the_data_says_so(demo_source):
    m = demo_source(dt.date(2025, 2, 5)).matchup()
    assert m.end == dt.date(2025, 2, 9)
    assert m.summary.endswith("The schedule in the data ends Feb 7; games after it are not projected.")
    assert "ends Feb 7" not in demo_source(dt.date(2025, 1, 29)).matchup().summary
