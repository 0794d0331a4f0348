"""The season's games loader against the shipped CSV read independently."""
import csv
import datetime as dt

from services.league import season_games as sg
from services.config import DATA_DIR


def _raw():
    with open(DATA_DIR / "games.csv", newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def test_every_row_loaded_once_with_its_numbers():
    raw = _raw()
    games = sg.all_games()
    assert len(games) == len(raw) == 1321
    assert len({g.game_id for g in games}) == len(games)
    r = next(r for r in raw if r["game_date"] == "2024-10-22" and r["home"] == "BOS")
    g = sg.get_game("2024-10-22-NYK-BOS")
    assert (g.away_pts, g.home_pts, g.home_spread, g.total) == (int(r["away_pts"]), int(r["home_pts"]),
                                                                float(r["home_spread"]), float(r["total"]))
    assert g.home_won and g.margin == 23


def test_schedule_carries_no_results_and_known_results_stop_before_the_date():
    day = dt.date(2025, 1, 29)
    sched = sg.schedule(day, day)
    assert sched and all(type(g) is sg.ScheduledGame for g in sched)
    assert not any(hasattr(g, "home_pts") for g in sched)
    known = sg.known_results(before=day)
    assert known and max(g.date for g in known) == day - dt.timedelta(days=1)
    assert len(sg.schedule(season_type="regular")) == 1230
    assert sg.regular_season_end() == dt.date(2025, 4, 13)


def test_tip_is_nominal_7pm_eastern_in_utc():
    g = sg.get_game("2024-10-22-NYK-BOS")
    assert g.tip == dt.datetime(2024, 10, 23, 0, 0, tzinfo=dt.timezone.utc)


def test_unknown_id_names_it():
    try:
        sg.get_game("nope")
    except KeyError as e:
        assert "nope" in str(e)
    else:
        raise AssertionError("unknown game id must raise")
