"""Whose copy of the demo league (services/league/ledger.py, issue #37 item 4).

The local user's league keeps the ids every earlier card has; another owner's id names a digest
of the owner (never the owner), round-trips through the parser, and replays only its own moves.
"""
from __future__ import annotations

import datetime as dt
import hashlib

import pytest

from services.league.ledger import demo_league_id, demo_prefix, ledger_of, parse_demo_id

DAY = dt.date(2025, 1, 29)


def test_the_local_user_keeps_the_ids_of_every_earlier_card():
    assert ledger_of(None) == ledger_of("local") == ledger_of("") == ""
    assert demo_league_id("points", DAY) == "demo-points-2025-01-29"
    assert parse_demo_id("demo-categories-2025-01-29") == ("", "categories", DAY)


def test_another_owner_is_a_digest_in_the_league_id_never_the_identity():
    owner = "maya@example.com"
    tag = ledger_of(owner)
    assert tag == hashlib.sha256(owner.encode()).hexdigest()[:10] and tag != ledger_of("theo@example.com")
    league = demo_league_id("points", DAY, tag)
    assert league == f"demo@{tag}-points-2025-01-29" and owner not in league
    assert parse_demo_id(league) == (tag, "points", DAY)
    assert not league.startswith(demo_prefix("points"))  # the local user's replay never reads it


@pytest.mark.parametrize("league_id", ["", None, "123456", "demo-points", "demo-points-2025-13-01",
                                       "demo@abc-points-2025-01-29", "espn-points-2025-01-29",
                                       "demo@0123456789-points-2025-01-29-x"])
def test_other_ids_are_not_demo_leagues(league_id):
    assert parse_demo_id(league_id) is None


def test_a_league_replays_only_its_own_ledgers_moves(fresh_state):
    from services.league.demo_source import DemoSource
    from services.store.state import state_store

    store = state_store()
    mine = DemoSource(DAY, "points", store=store)
    theirs = DemoSource(DAY, "points", store=store, ledger=ledger_of("api:someone"))
    assert mine.league_id != theirs.league_id
    assert sorted(mine.league.roster_ids()) == sorted(theirs.league.roster_ids())
    drop = mine.league.roster_ids()[-1]
    add = next(p for p in mine.league.free_agent_ids() if p not in mine.league.roster_ids())
    card = {"league_id": theirs.league_id, "team_id": 1, "move_id": "mv_theirs", "drop_id": drop, "add_id": add,
            "as_of": DAY.isoformat(), "drop": drop, "add": add, "expected_gain": 1.0, "unit": "pts", "kind": "swap"}
    assert theirs.apply_move(card, store)["outcome"] == "applied"
    assert add in theirs.league.roster_ids() and drop not in theirs.league.roster_ids()
    assert drop in mine.league.roster_ids() and add not in mine.league.roster_ids()  # the local league unchanged
    assert mine.league.user_moves() == ()
