""""Cut X when he returns": the offline planner hears the cut the user names for an IR player's
return, the IR card's season figure counts that player as the cut, and the activation card later
names him.

Players are chosen from the CSV (an OUT player of my roster: 3+ team games missed before the as-of
date; the named cut: the lowest-scoring player of mine who played the team's last game and is not
the default cut), never hard-coded, so the test holds whatever league the demo drafts. Catches: a
planner that reads "drop X when he is back" as an immediate drop/add (no IR card), a tool call
that loses the named cut (the card keeps the default cut and its figure), an activation that forgets the
named player and cuts the lowest one instead.
"""
from __future__ import annotations

import datetime as dt

import pytest

from services.store.state import state_store

AS_OF = dt.date(2025, 1, 29)
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


def _name(lg, pid: str) -> str:
    return lg.snapshot.players[pid].ref.name


def _per_game(csv_facts, pid: str) -> float:
    rows = csv_facts.player_games(pid, AS_OF)
    return sum(r["fpts"] for r in rows) / len(rows) if rows else 0.0


def _ir_cards(result: dict, out_id: str) -> list[dict]:
    return [c for c in result["pending_approvals"] if c["kind"] == "ir" and c["drop_id"] == out_id]


@pytest.mark.parametrize("phrasing", ["Move {out} to IR and cut {cut} when he returns",
                                      "put {out} on IR; when {out_last} is back, drop {cut}"])
def test_the_named_cut_is_heard_counted_and_later_activated(make_assistant, csv_facts, phrasing):
    a = make_assistant(as_of=AS_OF)
    lg = a.source.league
    outs = [p for p in lg.roster_ids() if csv_facts.missed_in_row(p, AS_OF) >= 3]
    assert outs, "the demo roster has an OUT player on Jan 29"
    out_id = outs[0]
    out = _name(lg, out_id)
    default = _ir_cards(a.ask(f"Move {out} to IR and add someone", "cut-0"), out_id)
    assert default and default[0]["cut_id"] and not default[0].get("cut_named")
    active = [p for p in lg.roster_ids() if csv_facts.missed_in_row(p, AS_OF) == 0
              and p not in (default[0]["cut_id"], out_id)]
    cut_id = min(active, key=lambda p: (_per_game(csv_facts, p), p))
    cut = _name(lg, cut_id)

    r = a.ask(phrasing.format(out=out, out_last=out.split()[-1], cut=cut), "cut-1")
    [call] = [t for t in r["tool_calls"] if t["name"] == "validate_moves"]  # the optimizer graph's scan
    assert call["args"].get("ir_cut") == cut_id
    cards = _ir_cards(r, out_id)
    assert cards, r["answer"]
    card = cards[0]
    assert card["cut_id"] == cut_id and card["cut_named"] is True
    assert card["title"].endswith(f"likely {cut}")
    same_add = next((c for c in default if c["add_id"] == card["add_id"]), None)
    if same_add is not None:  # the same move: its season figure now counts the named cut, not the default one
        assert card["season_gain"] != same_add["season_gain"]

    # approve it, then stage his return: he is back on a later morning (the demo clock does not move
    # inside one league universe, so the recorded IR move is re-filed for a player who is back)
    done = a.resume("cut-1", "approve", card["move_id"])
    assert [t["move_id"] for t in done["transactions"]] == [card["move_id"]]
    back_id = next(p for p in lg.roster_ids() if csv_facts.missed_in_row(p, AS_OF) == 0
                   and p not in (cut_id, card["add_id"]))
    store = state_store()
    store.apply_move(lg.league_id, lg.my_team_id, "mv-named-back", back_id, lg.free_agent_ids()[0], AS_OF, "test",
                     {"kind": "ir", "drop": _name(lg, back_id), "cut_id": cut_id, "cut_named": True})
    acts = [c for c in a.ask(REVIEW, "cut-2")["pending_approvals"] if c["kind"] == "activate"]
    assert [(c["add_id"], c["drop_id"]) for c in acts] == [(back_id, cut_id)]
    assert any("the player you named" in x for x in acts[0]["reasons"])


def test_no_return_clause_no_named_cut():
    """A plain drop/add and an IR request without a return clause name no cut (a rule that reads
    every "drop X" as the IR cut would change every IR card)."""
    from agents.offline.move_cues import return_cut

    assert return_cut("drop Spencer Dinwiddie for Ayo Dosunmu") is None
    assert return_cut("Move Brandon Miller to IR and add someone") is None
    assert return_cut("cut Spencer Dinwiddie when Brandon Miller returns") == "Spencer Dinwiddie"
    assert return_cut("once Miller is back, I'll release Spencer Dinwiddie") == "Spencer Dinwiddie"
