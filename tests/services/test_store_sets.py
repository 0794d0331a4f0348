"""StateStore.decide_set on both backends: the claim and its moves are one transaction."""
from __future__ import annotations

import datetime as dt

import pytest

from services.store.state import MoveConflict

pytest_plugins = ["pg_cluster"]

AS_OF = dt.date(2025, 1, 29)


def _move(store, league: str, move_id: str = "mv_1") -> dict:
    store.apply_move(league, 1, move_id, "a", "b", AS_OF, "user", {})
    return {"outcome": "applied"}


def test_the_first_decision_claims_the_set_and_the_second_gets_its_claim(store):
    runs = []
    won, claim = store.decide_set("set_1", "t1", {"mv_1": "approve"}, "approve of X", "user",
                                  lambda: runs.append(1) or {"results": _move(store, "L")})
    assert won and claim["decisions"] == {"mv_1": "approve"}
    lost, winner = store.decide_set("set_1", "t2", {"mv_2": "approve"}, "approve of Y", "user",
                                    lambda: runs.append(2) or {})
    assert not lost and runs == [1]
    assert (winner["thread_id"], winner["summary"], winner["outcomes"]) == ("t1", "approve of X",
                                                                            {"results": {"outcome": "applied"}})
    assert store.card_set("set_1") == winner and len(store.moves("L")) == 1


def test_a_failure_inside_rolls_back_the_claim_with_the_moves(store):
    def boom():
        _move(store, "L")
        raise RuntimeError("killed mid-way")

    with pytest.raises(RuntimeError):
        store.decide_set("set_2", "t", {"mv_1": "approve"}, "s", "user", boom)
    assert store.card_set("set_2") is None and store.moves("L") == []
    won, _ = store.decide_set("set_2", "t", {"mv_1": "approve"}, "s", "user", lambda: {"results": _move(store, "L")})
    assert won and len(store.moves("L")) == 1


def test_a_refused_move_inside_keeps_the_claim(store):
    _move(store, "other-league", "mv_dup")  # the same id under another league: a unique violation

    def apply():
        try:
            _move(store, "L", "mv_dup")
        except MoveConflict as e:
            return {"results": {"outcome": "refused", "reason": str(e)}}
        return {"results": {"outcome": "applied"}}

    won, claim = store.decide_set("set_3", "t", {"mv_dup": "approve"}, "s", "user", apply)
    assert won and claim["outcomes"]["results"]["outcome"] == "refused"
    assert store.card_set("set_3")["outcomes"] == claim["outcomes"]  # committed despite the failed insert
    assert store.moves("L") == []
