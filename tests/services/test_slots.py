"""services.league.slots and the eligibility of an as-of view: G for guards, F for forwards, UTIL for all.

The second position comes from games before the as-of date only (whole-season rates would look
ahead), so it can differ between as-of dates."""
from __future__ import annotations

import datetime as dt

import pytest

from services.store import db
from services.league.snapshot import snapshot
from services.league.slots import ROSTER_SIZE, eligible_slots, secondary_position, slot_list

ORDER = ["PG", "SG", "SF", "PF", "C", "G", "F", "UTIL"]


def test_slot_layout():
    assert slot_list() == ["PG", "SG", "SF", "PF", "C", "G", "F", "UTIL", "UTIL", "UTIL"]
    assert ROSTER_SIZE == 13


@pytest.mark.parametrize("pos,second,expected", [
    ("PG", None, ["PG", "G", "UTIL"]),
    ("PG", "SG", ["PG", "SG", "G", "UTIL"]),
    ("SG", "SF", ["SG", "SF", "G", "F", "UTIL"]),
    ("SF", None, ["SF", "F", "UTIL"]),
    ("PF", "C", ["PF", "C", "F", "UTIL"]),
    ("C", None, ["C", "UTIL"]),
    ("C", "PF", ["PF", "C", "F", "UTIL"]),
])
def test_eligible_slots(pos, second, expected):
    assert eligible_slots(pos, second) == expected


@pytest.mark.parametrize("pos,per36,expected", [
    ("PG", {"ast": 8.0}, None), ("PG", {"ast": 4.0}, "SG"),
    ("SG", {"ast": 6.0}, "PG"), ("SG", {"ast": 3.0, "reb": 6.0}, "SF"), ("SG", {"ast": 3.0, "reb": 4.0}, None),
    ("SF", {"reb": 8.0}, "PF"), ("SF", {"reb": 5.0, "ast": 4.5}, "SG"), ("SF", {"reb": 5.0, "ast": 2.0}, None),
    ("PF", {"blk": 1.5}, "C"), ("PF", {"reb": 10.5}, "C"), ("PF", {"blk": 0.5, "reb": 7.0}, "SF"),
    ("C", {"fg3a": 4.0}, "PF"), ("C", {"fg3a": 1.0}, None),
])
def test_secondary_position_thresholds(pos, per36, expected):
    assert secondary_position(pos, per36) == expected


AS_OFS = [dt.date(2024, 11, 15), dt.date(2025, 1, 15), dt.date(2025, 1, 29)]


@pytest.mark.parametrize("as_of", AS_OFS)
def test_every_player_is_eligible_where_his_position_says(as_of, csv_players):
    snap = snapshot(as_of)
    assert snap.players
    for pid, ps in snap.players.items():
        pos, eligible = ps.ref.pos, ps.ref.eligible
        assert pos == csv_players[pid]["pos"]
        positions = set(eligible) - {"G", "F", "UTIL"}
        assert pos in eligible and "UTIL" in eligible and len(positions) <= 2
        assert ("G" in eligible) == bool(positions & {"PG", "SG"}), pid
        assert ("F" in eligible) == bool(positions & {"SF", "PF"}), pid
        assert eligible == [s for s in ORDER if s in eligible]  # slot order, no repeats


@pytest.mark.parametrize("as_of", AS_OFS)
def test_second_position_follows_the_per36_profile_before_the_as_of_date(as_of, csv_facts, csv_players):
    """Eligibility equals the rule applied to per-36 rates of the CSV games before the as-of date."""
    snap = snapshot(as_of)
    for pid, ps in snap.players.items():
        rows = csv_facts.player_games(pid, before=as_of)
        minutes = sum(r["min"] for r in rows)
        per36 = {k: 36 * sum(r[k] for r in rows) / minutes if minutes else 0.0
                 for k in ("ast", "reb", "blk", "fg3a")}
        assert ps.ref.eligible == eligible_slots(csv_players[pid]["pos"],
                                                 secondary_position(csv_players[pid]["pos"], per36)), pid


def test_eligibility_uses_no_game_on_or_after_the_as_of_date(csv_facts, csv_players):
    """Some players' whole-season profile gives another second position than the games before
    Jan 29: the as-of view must follow the games before it (the bug: whole-season eligibility)."""
    as_of = dt.date(2025, 1, 29)
    snap = snapshot(as_of)
    differ = 0
    for pid, ps in snap.players.items():
        rows = csv_facts.player_games(pid)
        minutes = sum(r["min"] for r in rows)
        per36 = {k: 36 * sum(r[k] for r in rows) / minutes for k in ("ast", "reb", "blk", "fg3a")}
        whole = eligible_slots(csv_players[pid]["pos"], secondary_position(csv_players[pid]["pos"], per36))
        differ += whole != ps.ref.eligible
    assert differ >= 10  # 25 by the issue's count: the check can tell the two apart


def test_the_database_stores_no_eligibility():
    cols = [c for (c,) in db.query("SELECT column_name FROM information_schema.columns WHERE table_name='players'")]
    assert "eligible" not in cols and "pos2" not in cols


@pytest.mark.parametrize("pid,slot", [("halibty01", "G"), ("gilgesh01", "G"), ("tatumja01", "F"),
                                      ("jokicni01", "UTIL"), ("jamesle01", "F")])
def test_known_players(pid, slot):
    assert slot in snapshot(dt.date(2025, 1, 29)).players[pid].ref.eligible
