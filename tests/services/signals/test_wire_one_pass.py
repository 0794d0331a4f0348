"""The one-pass wire (`services.signals.wire_book`) against the construction it replaced: one full
`snapshot(day)` per game date (frozen in tests/services/signals/old_wire.py). Same items, byte for
byte, for every team of every game on a span of dates; one read of the box scores for a whole
span; and a database file changed in place is read again (no stale views)."""
from __future__ import annotations

import datetime as dt

from services.store import db
from services.league import season_games as sg
from services.signals import wire
from services.signals.wire import team_items
from tests.services.signals.box_scores import rewrite_box_scores
from tests.services.signals.old_wire import old_team_items

# the season's second night, an early-season morning, Christmas, a week ending on the demo's as-of
# date, the last day of box scores and the day after it (every view then rests on all the data)
DAYS = [dt.date(2024, 10, 23), dt.date(2024, 11, 15), dt.date(2024, 12, 25),
        *(dt.date(2025, 1, d) for d in range(24, 30)), dt.date(2025, 2, 7), dt.date(2025, 2, 8)]


def _teams(day: dt.date) -> list[str]:
    return [t for g in sg.schedule(day, day) for t in (g.home, g.away)]


def test_the_one_pass_wire_equals_the_per_date_snapshot_wire_byte_for_byte():
    topics, compared = set(), 0
    for day in DAYS:
        teams = _teams(day)
        assert teams, f"no games on {day}"
        for team in teams:
            new = [i.model_dump_json() for i in team_items(day, team)]
            old = [i.model_dump_json() for i in old_team_items(day, team)]
            assert new == old, f"{team} on {day}"
            topics |= {i.topic for i in team_items(day, team)}
            compared += len(new)
    # the comparison covers every kind of item, so a change to any of them would show
    assert topics == {"absence", "return", "minutes", "form", "rest"}
    assert compared > 300


def test_a_span_of_dates_reads_the_box_scores_once(fresh_state, monkeypatch):
    wire.clear_cache()  # the book is shared by copies of one database: another test's may be cached
    reads: list[str] = []
    real = db.query

    def counting(sql, params=None):
        if "FROM player_games" in sql:
            reads.append(sql)
        return real(sql, params)

    monkeypatch.setattr(db, "query", counting)
    days = sorted({g.date for g in sg.schedule(dt.date(2025, 1, 1), dt.date(2025, 1, 29))})
    items = [i for day in days for team in _teams(day) for i in team_items(day, team)]
    assert len(days) > 20 and items
    assert len(reads) == 1


def test_a_database_changed_in_place_is_read_again(fresh_state):
    day = dt.date(2025, 1, 29)
    before = team_items(day, "GSW")
    key = wire.db_key()
    # no cache cleared: the changed file must be a new key by itself
    rewrite_box_scores(fresh_state.home, ("UPDATE player_games SET pts = pts + 10 WHERE game_date < ?", [day]),
                       clear_caches=False)
    assert wire.db_key() != key
    after = team_items(day, "GSW")
    assert [i.value for i in after] != [i.value for i in before]
    assert [i.model_dump_json() for i in after] == [i.model_dump_json() for i in old_team_items(day, "GSW")]
