"""An IR player back: his own activation card, end to end (card, approve, roster, audit).

Approving an IR move never approves the later drop (or the later move of an OUT teammate to IR).
The demo league's clock does not move within
one league universe, so the return is staged the way a real league shows it: an IR move recorded
in the state store for a player who, by the CSV, played his team's last game before the as-of
date (he is back this morning). Catches: an activation that is never offered (the player would
sit in the IR slot forever), one that drops nobody (15 players), a replay that leaves him on IR,
a card whose cut is not on the roster, and an audit that loses the kind.
"""
from __future__ import annotations

import datetime as dt

from services.store.state import state_store

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."
AS_OF = dt.date(2025, 1, 29)


def _stage_return(lg, csv_facts, as_of: dt.date = AS_OF) -> str:
    """Moves my lowest-averaging player who is back (by the CSV) to IR, a free agent in his place."""
    back = [p for p in lg.roster_ids() if csv_facts.missed_in_row(p, as_of) == 0]
    pid = min(back, key=lambda p: (sum(r["fpts"] for r in csv_facts.player_games(p, as_of)), p))
    state_store().apply_move(lg.league_id, lg.my_team_id, "mv-staged-ir", pid, lg.free_agent_ids()[0], as_of,
                             "test", {"kind": "ir", "drop": pid, "add": lg.free_agent_ids()[0]})
    return pid


def _out_by_csv(lg, csv_facts, as_of: dt.date) -> set[str]:
    return {p for p in lg.roster_ids() if csv_facts.missed_in_row(p, as_of) >= 3}


NOBODY_OUT = dt.date(2024, 12, 18)  # my roster that morning: every player played one of his team's last 3


def test_a_player_back_from_ir_gets_his_own_card_and_one_player_goes(make_assistant, csv_facts):
    """Nobody on my roster is OUT (by the CSV): the activation cuts one player."""
    a = make_assistant(as_of=NOBODY_OUT)
    lg = a.source.league
    back = _stage_return(lg, csv_facts, NOBODY_OUT)
    assert lg.ir_ids() == [back] and back not in lg.roster_ids()
    assert not _out_by_csv(lg, csv_facts, NOBODY_OUT)
    cards = a.ask(REVIEW, "act-1")["pending_approvals"]
    card = cards[0]  # someone must go: the activation comes first
    assert card["kind"] == "activate" and card["add_id"] == back
    assert card["drop_id"] in lg.roster_ids() and card["cut_id"] == card["drop_id"]
    assert card["title"].startswith(f"Activate {card['add']} from IR, drop {card['drop']}, ")
    assert any(f"{card['add']} is back" in r and card["drop"] in r for r in card["reasons"])
    assert sum(c["kind"] in ("activate", "activate_ir") for c in cards) == 1
    assert all(c["drop_id"] != card["drop_id"] and c["add_id"] != back for c in cards[1:])

    r = a.resume("act-1", "approve", card["move_id"])
    assert [t["move_id"] for t in r["transactions"]] == [card["move_id"]]
    assert f"Done: activated {card['add']} from IR and dropped {card['drop']}" in r["answer"]
    roster = lg.roster_ids()
    assert len(roster) == 13 and back in roster and card["drop_id"] not in roster
    assert lg.ir_ids() == [] and card["drop_id"] in lg.free_agent_ids()
    assert [e.player.player_id for e in a.source.roster().entries if e.on_ir] == []
    [decision] = state_store().decisions("act-1")
    assert (decision["decision"], decision["outcome"], decision["card"]["kind"]) == ("approve", "applied", "activate")
    assert [m["card"]["kind"] for m in state_store().moves(lg.league_id)] == ["ir", "activate"]
    assert not [c for c in a.ask(REVIEW, "act-2")["pending_approvals"] if c["kind"] == "activate"]


def test_a_player_back_from_ir_swaps_places_with_an_out_teammate_and_nobody_goes(make_assistant, csv_facts):
    """Another rostered player is OUT (by the CSV: 3+ team games missed in a row): the card moves
    him into the IR slot the returning player leaves and drops nobody; approving it changes the
    roster and the IR slot, leaves the free agents as they were, and is audited as `activate_ir`.
    Catches the activation of before, which cut the lowest total of the 14, typically the OUT
    player himself (Bradley Beal on Nov 18 in the backtest), and a league that drops him anyway."""
    a = make_assistant(as_of=AS_OF)
    lg = a.source.league
    back = _stage_return(lg, csv_facts)
    outs = _out_by_csv(lg, csv_facts, AS_OF)
    assert outs, "my Jan 29 roster has an OUT player (CSV)"
    free_before = set(lg.free_agent_ids())
    card = a.ask(REVIEW, "act-ir-1")["pending_approvals"][0]
    assert card["kind"] == "activate_ir" and card["add_id"] == back and card["drop_id"] in outs
    assert card["title"].startswith(f"Activate {card['add']} from IR, move {card['drop']} (OUT) to IR, ")
    assert any(f"{card['add']} is back" in r and f"{card['drop']} is OUT and takes the IR slot" in r
               and "nobody is dropped" in r for r in card["reasons"])
    # the season figure counts his own return: when he is back, one player has to go, named plainly
    assert any(card["drop"] in r and "one player has to go, likely" in r for r in card["reasons"])

    r = a.resume("act-ir-1", "approve", card["move_id"])
    assert f"Done: activated {card['add']} from IR and moved {card['drop']} to IR" in r["answer"]
    assert "nobody was dropped" in r["answer"]
    roster = lg.roster_ids()
    assert len(roster) == 13 and back in roster and card["drop_id"] not in roster
    assert lg.ir_ids() == [card["drop_id"]] and set(lg.free_agent_ids()) == free_before
    [decision] = state_store().decisions("act-ir-1")
    assert (decision["outcome"], decision["card"]["kind"]) == ("applied", "activate_ir")
    assert [m["card"]["kind"] for m in state_store().moves(lg.league_id)] == ["ir", "activate_ir"]
    # he is still OUT: no activation for him, and the slot is taken
    assert not [c for c in a.ask(REVIEW, "act-ir-2")["pending_approvals"] if c["kind"].startswith("activate")]


def test_only_an_out_player_can_take_the_ir_slot(make_assistant, csv_facts):
    """The source refuses an activate_ir whose player is not OUT (the card may be stale).
    Catches a league that would IR a healthy player."""
    import pytest

    from services.models import ServiceError

    a = make_assistant(as_of=AS_OF)
    lg = a.source.league
    back = _stage_return(lg, csv_facts)
    healthy = next(p for p in lg.roster_ids() if csv_facts.missed_in_row(p, AS_OF) == 0)
    with pytest.raises(ServiceError, match="only an OUT player can take the IR slot"):
        a.source.validate_move(healthy, back, "activate_ir")
    a.source.validate_move(sorted(_out_by_csv(lg, csv_facts, AS_OF))[0], back, "activate_ir")


def test_a_player_still_out_is_not_activated(make_assistant, csv_facts):
    """Catches an activation offered for a player who has not returned (OUT by the CSV)."""
    a = make_assistant(as_of=AS_OF)
    lg = a.source.league
    out = next(p for p in lg.roster_ids() if csv_facts.missed_in_row(p, AS_OF) >= 3)
    state_store().apply_move(lg.league_id, lg.my_team_id, "mv-ir-out", out, lg.free_agent_ids()[0], AS_OF,
                             "test", {"kind": "ir"})
    cards = a.ask(REVIEW, "act-3")["pending_approvals"]
    assert not [c for c in cards if c["kind"].startswith("activate")]


def test_the_user_names_who_goes_when_the_ir_player_returns(make_assistant):
    """optimize_matchup's `ir_cut`: the IR card's season figure and its title count the named
    player's cut, not the lowest one. Catches a tool that drops the argument."""
    import json

    from agents.tools import build_tools

    a = make_assistant(as_of=AS_OF)
    tool = next(t for t in build_tools(a.source) if t.name == "optimize_matchup")
    default = [c for c in json.loads(tool.invoke({}))["moves"] if c["kind"] == "ir"]
    assert default and default[0].get("cut")
    lg = a.source.league
    others = [p for p in lg.roster_ids() if p not in (default[0]["cut_id"], default[0]["drop_id"])
              and lg.snapshot.players[p].status != "OUT"]
    named_id = min(others, key=lambda p: (lg.snapshot.players[p].expected_fpts, p))  # a cut worth making
    named = lg.snapshot.players[named_id].ref.name
    cards = [c for c in json.loads(tool.invoke({"ir_cut": named, "limit": 10}))["moves"] if c["kind"] == "ir"]
    assert cards  # the IR card is still offered, and counts the named player's cut
    for c in cards:
        assert c["cut_id"] == named_id != default[0]["cut_id"] and c["title"].endswith(f"likely {named}")
