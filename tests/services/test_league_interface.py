"""The demo league as a LeagueSource: ids, players, move checks, applying a move into the state
store it was given, the optimizer's inputs and the banked totals.

Catches: a source that reaches for the process's global state store instead of the one passed in
(a move recorded in one store showing up in a league built on another), a move check that lets a
rostered player be added or a player who is not mine be dropped, and an IR move of a player who is
not OUT.
"""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.demo_source import DemoSource, card_league
from services.models import ServiceError
from services.league.source import LeagueSource

AS_OF = dt.date(2025, 1, 29)


def card(src: DemoSource, drop_id: str, add_id: str, kind: str = "swap") -> dict:
    return {"move_id": f"mv-{drop_id}-{add_id}", "league_id": src.league_id, "team_id": src.my_team_id,
            "drop_id": drop_id, "add_id": add_id, "drop": src.player_name(drop_id), "add": src.player_name(add_id),
            "as_of": AS_OF.isoformat(), "kind": kind, "expected_gain": 1.0, "unit": "pts"}


def test_ids_and_names(fresh_state):
    src = DemoSource(AS_OF, "categories", store=fresh_state.store)
    assert isinstance(src, LeagueSource)
    assert (src.league_id, src.scoring, src.today, src.my_team_id) == ("demo-categories-2025-01-29", "categories", AS_OF, 1)
    assert src.resolve_id("Jokic") == "jokicni01" and src.player_name("jokicni01") == "Nikola Jokić"


def test_owners_and_move_checks(fresh_state):
    src = DemoSource(AS_OF, store=fresh_state.store)
    lg = src.league
    mine, theirs, fa = lg.roster_ids()[0], lg.roster_ids(lg.opponent_id)[0], lg.free_agent_ids()[0]
    assert (src.owner_of(mine), src.owner_of(theirs), src.owner_of(fa)) == (1, lg.opponent_id, None)
    src.validate_move(mine, fa)  # a legal swap passes
    with pytest.raises(ServiceError, match=f"{src.player_name(theirs)} is not on your roster"):
        src.validate_move(theirs, fa)
    with pytest.raises(ServiceError, match="roster, not a free agent"):
        src.validate_move(mine, theirs)
    with pytest.raises(ServiceError, match="is on your roster already"):
        src.validate_move(mine, lg.roster_ids()[1])
    with pytest.raises(ServiceError, match="no longer on your roster"):
        src.validate_move(theirs, fa, stale=True)
    healthy = next(p for p in lg.roster_ids() if lg.snapshot.players[p].status == "ACTIVE")
    with pytest.raises(ServiceError, match="only an OUT player can go to IR"):
        src.validate_move(healthy, fa, "ir")


def test_a_move_goes_into_the_store_the_source_was_given(fresh_state, tmp_path, monkeypatch):
    from services.store.state import StateStore

    other_home = tmp_path / "other"
    other_home.mkdir()
    monkeypatch.setenv("COURTSIDE_HOME", str(other_home))
    other = StateStore()  # a second store; the process's configured one stays fresh_state.store
    monkeypatch.setenv("COURTSIDE_HOME", str(fresh_state.home))

    src = DemoSource(AS_OF, store=other)
    drop, add = src.league.roster_ids()[-1], src.league.free_agent_ids()[0]
    out = src.apply_move(card(src, drop, add), other)
    assert out["outcome"] == "applied"
    assert [m["move_id"] for m in other.moves(src.league_id)] == [f"mv-{drop}-{add}"]
    assert fresh_state.store.moves(src.league_id) == []  # the global store was never touched
    assert add in src.league.roster_ids() and drop not in src.league.roster_ids()
    untouched = DemoSource(AS_OF, store=fresh_state.store)
    assert drop in untouched.league.roster_ids() and add not in untouched.league.roster_ids()
    again = src.apply_move(card(src, drop, add), other)
    assert again["outcome"] == "refused" and "applied already" in again["reason"]


def test_a_stale_card_is_refused_with_the_reason(fresh_state):
    src = DemoSource(AS_OF, store=fresh_state.store)
    lg = src.league
    drop, add = lg.roster_ids()[-1], lg.free_agent_ids()[0]
    assert src.apply_move(card(src, drop, add), fresh_state.store)["outcome"] == "applied"
    later = card(src, drop, lg.free_agent_ids()[0]) | {"move_id": "mv-later"}
    out = src.apply_move(later, fresh_state.store)
    assert out == {"move_id": "mv-later", "outcome": "refused",
                   "reason": f"{src.player_name(drop)} is no longer on your roster"}


def test_optimizer_inputs_and_banked_totals(fresh_state, csv_facts):
    src = DemoSource(AS_OF, "categories", store=fresh_state.store)
    lg = src.league
    inputs = src.optimizer_inputs(free_agents=[], season=True)
    assert [p.player_id for p in inputs.roster] == lg.roster_ids() and inputs.free_agents == ()
    assert inputs.season is not None and inputs.league_id == src.league_id
    assert len(src.optimizer_inputs().free_agents) == len(lg.free_agent_ids())
    mine, theirs = src.banked()
    # my blocks banked Mon-Tue of this week, summed here from the CSV over my roster
    expected = sum(float(r["blk"] or 0) for d in lg.days_played for pid, r in csv_facts.day_rows(d).items()
                   if pid in lg.roster_ids())
    assert mine["blk"] == pytest.approx(expected)
    assert set(theirs) == set(mine)


def test_a_card_of_another_league_opens_its_own(fresh_state):
    src = DemoSource(AS_OF, store=fresh_state.store)
    own = card_league({"league_id": "demo-categories-2025-01-20", "as_of": "2025-01-20"}, fresh_state.store)
    assert (own.league_id, own.today) == ("demo-categories-2025-01-20", dt.date(2025, 1, 20))
    with pytest.raises(ServiceError, match="cannot be opened"):
        card_league({"league_id": "demo-roto-2025-01-20", "as_of": "2025-01-20"}, fresh_state.store)
    assert src.history() is src.league
