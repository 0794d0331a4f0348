"""Two owners on one ESPN league and team (issue #37: a league of one's own): the mirror's league
20251 read through espn-api by two identities' assistants. Each gets the same moves under card
ids of its own, and one's approval never changes the other's recorded moves, decisions or
transactions (ESPN's roster is nobody's to write: what Courtside keeps of it is the owner's).

Broken version caught: the ESPN league id (and so the card ids, the recorded approvals and the
decisions) shared by every identity: both owners get `mv_...` of the same hash, the second's
approval of the same move is refused as "approved already" and the first's shows in his history.
"""
from __future__ import annotations

import datetime as dt

import pytest

from services.store.state import state_store
from tests.espn_mirror import AS_OF, LEAGUE_IDS, SEASON

ASK = "Which free agent should I pick up this week?"
OWNERS = ("api:alice-token-digest", "user:bob@example.com")


@pytest.fixture
def espn_assistant(fresh_state, mirror_league, monkeypatch):
    """`espn_assistant(owner)`: the offline assistant of the mirror's points league for `owner`."""
    from agents.core.runtime import Assistant

    mirror_league("points").history()  # the run's history, built once in the session home
    monkeypatch.setattr("agents.core.cards.league_now", lambda kind, as_of: dt.datetime(2025, 1, 29, 12, 0))

    def make(owner: str | None):
        return Assistant(provider="offline", league="espn", espn_league_id=LEAGUE_IDS["points"], espn_season=SEASON,
                         as_of=AS_OF, owner=owner)

    return make


def _moves(cards) -> list[tuple]:
    return [(c["drop_id"], c["add_id"], c["kind"], c["expected_gain"]) for c in cards]


def test_two_owners_get_their_own_card_ids_and_approvals(espn_assistant):
    from services.league.ledger import ledger_of

    local, alice, bob = espn_assistant(None), espn_assistant(OWNERS[0]), espn_assistant(OWNERS[1])
    assert local.league_id() == "20251"  # the CLI's local user keeps ESPN's own id
    assert alice.league_id() == f"20251@{ledger_of(OWNERS[0])}" != bob.league_id()
    asked = {who: a.ask(ASK, thread_id=f"espn-{who}") for who, a in (("alice", alice), ("bob", bob))}
    cards = {who: r["pending_approvals"] for who, r in asked.items()}
    assert cards["alice"] and _moves(cards["alice"]) == _moves(cards["bob"])  # the same league, the same advice
    ids = {who: {c["move_id"] for c in cs} for who, cs in cards.items()}
    assert ids["alice"].isdisjoint(ids["bob"])

    top = cards["alice"][0]
    done = alice.resume("espn-alice", "approve", top["move_id"])
    assert [t["outcome"] for t in done["transactions"]] == ["approved"]
    store = state_store()
    assert [m["move_id"] for m in store.moves(alice.league_id())] == [top["move_id"]]
    assert store.moves(bob.league_id()) == [] and store.moves("20251") == []
    assert bob.transactions() == [] and bob.decision_history() == []
    assert [d["move_id"] for d in alice.decision_history()] == [top["move_id"]]

    # Bob's card of the same move is still his to approve (not "approved already", no same-day clash)
    same = next(c for c in cards["bob"] if (c["drop_id"], c["add_id"]) == (top["drop_id"], top["add_id"]))
    mine = bob.resume("espn-bob", "approve", same["move_id"])
    assert [t["outcome"] for t in mine["transactions"]] == ["approved"]
    assert mine["transactions"][0]["steps"] == done["transactions"][0]["steps"]  # ESPN's clicks: its own id
    assert "leagueId=20251" in mine["transactions"][0]["steps"][0]
    assert [m["move_id"] for m in store.moves(bob.league_id())] == [same["move_id"]]
    assert [m["move_id"] for m in store.moves(alice.league_id())] == [top["move_id"]]
