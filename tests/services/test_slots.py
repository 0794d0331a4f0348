"""services.slots and the eligibility stored by the build: G for guards, F for forwards, UTIL for all."""
from __future__ import annotations

import pytest

from services import db
from services.slots import ROSTER_SIZE, eligible_slots, secondary_position, slot_list

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


def test_every_player_in_the_database_is_eligible_where_his_position_says(csv_players):
    rows = db.query("SELECT player_id, pos, pos2, eligible FROM players")
    assert len(rows) == len(csv_players)
    for pid, pos, pos2, eligible in rows:
        assert pos == csv_players[pid]["pos"]
        positions = {pos} | ({pos2} if pos2 else set())
        assert pos in eligible and "UTIL" in eligible
        assert ("G" in eligible) == bool(positions & {"PG", "SG"}), pid
        assert ("F" in eligible) == bool(positions & {"SF", "PF"}), pid
        assert eligible == [s for s in ORDER if s in eligible]  # slot order, no repeats
        assert set(eligible) - {"G", "F", "UTIL"} == positions


def test_secondary_position_follows_the_per36_profile(csv_facts, csv_players):
    """The build's second position equals the rule applied to per-36 rates from the CSV."""
    stored = dict((p, s) for p, s in db.query("SELECT player_id, pos2 FROM players"))
    for pid, rows in csv_facts.by_player.items():
        minutes = sum(r["min"] for r in rows)
        per36 = {k: 36 * sum(r[k] for r in rows) / minutes if minutes else 0.0
                 for k in ("ast", "reb", "blk", "fg3a")}
        assert stored[pid] == secondary_position(csv_players[pid]["pos"], per36), pid


@pytest.mark.parametrize("pid,slot", [("halibty01", "G"), ("gilgesh01", "G"), ("tatumja01", "F"),
                                      ("jokicni01", "UTIL"), ("jamesle01", "F")])
def test_known_players(pid, slot):
    assert slot in db.query("SELECT eligible FROM players WHERE player_id=?", [pid])[0][0]
