"""A player back from IR in an ESPN league: his activation card says the move is made in ESPN, and
approving it records it with ESPN's steps; nothing is written to ESPN.

ESPN is the mirror (the demo league of Jan 29 in ESPN's shapes) served with one of my players in
my IR slot (`--ir`): Mike Conley, whom ESPN reports ACTIVE (he is back), or Jaden Ivey, reported
OUT; read through the real espn-api client over loopback, the optimizer's inputs from the
league's box-score history. Catches: an ESPN league that never offers the activation (the player
would sit in the IR slot forever), an activation card that does not say it must be made in ESPN,
approval steps that tell the user to add him from free agency, an activation of a player who is
still OUT, and any write request sent to ESPN.
"""
from __future__ import annotations

import json

import pytest

from agents.core.approvals import apply_card
from agents.core.contracts import Card
from agents.tools.optimizer_tools import build_optimizer_tools
from services.espn import EspnLeague
from services.espn.moves import activation_ir_steps, approved_move_steps
from services.store.state import state_store
from tests.espn_mirror import AS_OF, NOON, league_json, mirror_process, mirror_source, roster_json, writes

BACK, STILL_OUT = "Mike Conley", "Jaden Ivey"


@pytest.fixture(scope="module")
def ir_mirrors(courtside_home):
    """Two mirrors: Conley (ACTIVE) in my IR slot, and Ivey (OUT) in it."""
    with mirror_process(courtside_home, AS_OF, "--ir", BACK) as back, \
            mirror_process(courtside_home, AS_OF, "--ir", STILL_OUT) as out:
        yield {BACK: back, STILL_OUT: out}


def _league(ir_mirrors, name: str, monkeypatch, courtside_home) -> tuple[EspnLeague, str]:
    """The league with `name` in my IR slot, and his ESPN id (read from ESPN's raw answer)."""
    url = ir_mirrors[name]["url"]
    entry = next(e for e in roster_json(league_json(url), 1) if e["playerPoolEntry"]["player"]["fullName"] == name)
    assert entry["lineupSlotId"] == 13  # ESPN's IR slot
    return mirror_source(url, monkeypatch, courtside_home), str(entry["playerId"])


def _moves(league) -> list[dict]:
    tool = next(t for t in build_optimizer_tools(league) if t.name == "optimize_matchup")
    return json.loads(tool.invoke({"limit": 10}))["moves"]


def test_a_player_back_gets_an_espn_activation_card_that_is_made_in_espn(fresh_state, ir_mirrors, monkeypatch,
                                                                         courtside_home, sent, espn_noon):
    league, back_id = _league(ir_mirrors, BACK, monkeypatch, courtside_home)
    cards = _moves(league)
    acts = [c for c in cards if c["kind"].startswith("activate")]
    assert len(acts) == 1, [c["title"] for c in cards]
    [card] = acts
    # two of my players are OUT (ESPN's report): one takes the IR slot Conley leaves, nobody is cut
    assert (card["kind"], card["add"], card["add_id"], card["league_kind"]) == ("activate_ir", BACK, back_id, "espn")
    active = {e.player.player_id: e for e in league.roster().entries if not e.on_ir}
    assert active[card["drop_id"]].status == "OUT"
    assert card["title"].startswith(f"Activate {BACK} from IR, move {card['drop']} ")
    assert any("make this activation in ESPN" in r and card["drop"] in r for r in card["reasons"])

    before = league.roster().model_dump()
    out = apply_card(league, Card.model_validate(card), "espn-act", clock=lambda _c: NOON)
    steps = activation_ir_steps(card["drop"], BACK, 20251)
    assert (out["outcome"], out["applied"], out["steps"]) == ("approved", False, steps)
    assert steps != approved_move_steps(card["drop"], BACK, 20251)  # not "add him from free agency"
    assert any("IR slot" in s and BACK in s and card["drop"] in s for s in steps)
    assert not any("Drop" in s for s in steps)  # nobody is dropped
    assert league.roster().model_dump() == before  # ESPN's roster is untouched
    [rec] = state_store().moves("20251")
    assert (rec["move_id"], rec["card"]["kind"], rec["card"]["steps"]) == (card["move_id"], "activate_ir", steps)
    again = apply_card(league, Card.model_validate(card), "espn-act", clock=lambda _c: NOON)
    assert again["outcome"] == "refused" and len(state_store().moves("20251")) == 1
    assert writes(sent) == []


def test_a_player_still_out_gets_no_activation_and_a_forged_one_is_refused(fresh_state, ir_mirrors, monkeypatch,
                                                                           courtside_home, sent, espn_noon):
    league, out_id = _league(ir_mirrors, STILL_OUT, monkeypatch, courtside_home)
    assert not [c for c in _moves(league) if c["kind"].startswith("activate")]
    keep = next(e for e in league.roster().entries if not e.on_ir)
    forged = Card.model_validate({
        "move_id": "mv_forged", "kind": "activate", "title": f"Activate {STILL_OUT} from IR, drop {keep.player.name}",
        "drop": keep.player.name, "add": STILL_OUT,
        "drop_id": keep.player.player_id, "add_id": out_id, "expected_gain": 1.0, "unit": "pts",
        "reasons": [], "confidence": 0.5, "expires_at": "2025-01-29T19:00:00", "league_id": "20251",
        "league_kind": "espn", "team_id": 1, "as_of": AS_OF.isoformat()})
    out = apply_card(league, forged, "espn-forged", clock=lambda _c: NOON)
    assert out["outcome"] == "refused" and "still OUT" in out["reason"]
    assert state_store().moves("20251") == [] and writes(sent) == []


def test_an_espn_activation_of_a_player_not_in_my_ir_slot_is_refused(fresh_state, ir_mirrors, monkeypatch,
                                                                      courtside_home, sent, espn_noon):
    """Catches a validation that lets an activation bring back someone from the free-agent pool."""
    league, _ = _league(ir_mirrors, BACK, monkeypatch, courtside_home)
    [card] = [c for c in _moves(league) if c["kind"].startswith("activate")]
    fa = league.optimizer_inputs().free_agents[0]
    forged = Card.model_validate(card | {"move_id": "mv_not_ir", "add_id": fa.player_id, "add": fa.name})
    out = apply_card(league, forged, "espn-not-ir", clock=lambda _c: NOON)
    assert out["outcome"] == "refused" and "is not in your IR slot" in out["reason"]
    assert writes(sent) == []
