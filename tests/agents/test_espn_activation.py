"""A player back from IR in an ESPN league: his activation card says the move is made in ESPN, and
approving it records it with ESPN's steps; nothing is written to ESPN.

ESPN is requests-mock over the recorded fixtures (tests/fixtures/espn). In the hand-made league
Karl-Anthony Towns sits in my IR slot (lineupSlotId 13) listed OUT; the tests mark him ACTIVE in the
league answer (he is back), as ESPN reports a returning player. Catches: an ESPN league that never
offers the activation (Towns would sit in the IR slot forever), an activation card that does not
say it must be made in ESPN, approval steps that tell the user to add him from free agency, an
activation of a player who is still OUT, and any write request sent to ESPN.
"""
from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import pytest
import requests_mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "services" / "espn"))
from espn_replay import (AS_OF, S2, SWID, FakeClock, fixture, free_agent_response,  # noqa: E402
                         register_league)

from agents.core.approvals import apply_card  # noqa: E402
from agents.core.contracts import Card  # noqa: E402
from agents.tools.optimizer_tools import build_optimizer_tools  # noqa: E402
from services.espn import EspnLeague, TTLCache  # noqa: E402
from services.espn.moves import activation_steps, approved_move_steps  # noqa: E402
from services.store.state import state_store  # noqa: E402

NOON = dt.datetime(2023, 2, 2, 12, 0)
TOWNS = "Karl-Anthony Towns"


def _league_answer(towns_status: str) -> tuple[dict, str]:
    """The recorded league view with Towns' ESPN status set; (answer, his ESPN id), read from it."""
    answer = fixture("league_2023_handmade_main.json")
    team = next(t for t in answer["teams"] if t["id"] == 1)
    entry = next(e for e in team["roster"]["entries"] if e["playerPoolEntry"]["player"]["fullName"] == TOWNS)
    assert entry["lineupSlotId"] == 13  # ESPN's IR slot: the fixture has him there
    entry["playerPoolEntry"]["player"].update(injuryStatus=towns_status, injured=towns_status != "ACTIVE")
    return answer, str(entry["playerId"])


def _healthy_free_agents() -> dict:
    answer = free_agent_response()
    fa = next(p for p in answer["players"] if p["player"]["fullName"] == "Test Freeagent")
    fa["player"].update(injuryStatus="ACTIVE", injured=False)
    return answer


def _league(m, towns_status: str, monkeypatch) -> tuple[EspnLeague, str]:
    answer, towns_id = _league_answer(towns_status)
    register_league(m, answer, _healthy_free_agents())
    monkeypatch.setattr("agents.core.cards.league_now", lambda kind, as_of: NOON)
    return EspnLeague(1234, 2023, espn_s2=S2, swid=SWID, my_team_id=1, as_of=AS_OF,
                      cache=TTLCache(clock=FakeClock())), towns_id


def _moves(league) -> list[dict]:
    tool = next(t for t in build_optimizer_tools(league) if t.name == "optimize_matchup")
    return json.loads(tool.invoke({}))["moves"]


def _writes(m) -> list[str]:
    return [f"{r.method} {r.url}" for r in m.request_history if r.method != "GET"]


def test_towns_back_gets_an_espn_activation_card_that_is_made_in_espn(monkeypatch, fresh_state):
    with requests_mock.Mocker(real_http=False) as m:
        league, towns_id = _league(m, "ACTIVE", monkeypatch)
        cards = _moves(league)
        card = cards[0]  # someone must go: the activation comes first
        assert (card["kind"], card["add"], card["add_id"], card["league_kind"]) == ("activate", TOWNS, towns_id, "espn")
        active = [e for e in league.roster().entries if not e.on_ir]
        assert card["drop_id"] in {e.player.player_id for e in active} and card["cut_id"] == card["drop_id"]
        assert card["title"].startswith(f"Activate {TOWNS} from IR, drop {card['drop']}, ")
        assert any("make this activation in ESPN" in r and card["drop"] in r for r in card["reasons"])
        assert sum(c["kind"] == "activate" for c in cards) == 1

        before = league.roster().model_dump()
        out = apply_card(league, Card.model_validate(card), "espn-act", clock=lambda _c: NOON)
        steps = activation_steps(card["drop"], TOWNS, 1234)
        assert (out["outcome"], out["applied"], out["steps"]) == ("approved", False, steps)
        assert steps != approved_move_steps(card["drop"], TOWNS, 1234)  # not "add him from free agency"
        assert any("IR slot" in s and TOWNS in s for s in steps) and any(f"Drop {card['drop']}" in s for s in steps)
        assert league.roster().model_dump() == before  # ESPN's roster is untouched
        [rec] = state_store().moves("1234")
        assert (rec["move_id"], rec["card"]["kind"], rec["card"]["steps"]) == (card["move_id"], "activate", steps)
        again = apply_card(league, Card.model_validate(card), "espn-act", clock=lambda _c: NOON)
        assert again["outcome"] == "refused" and len(state_store().moves("1234")) == 1
        assert _writes(m) == []


def test_towns_still_out_gets_no_activation_and_a_forged_one_is_refused(monkeypatch, fresh_state):
    with requests_mock.Mocker(real_http=False) as m:
        league, towns_id = _league(m, "OUT", monkeypatch)
        assert not [c for c in _moves(league) if c["kind"] == "activate"]
        keep = next(e for e in league.roster().entries if not e.on_ir)
        forged = Card.model_validate({
            "move_id": "mv_forged", "kind": "activate", "title": f"Activate {TOWNS} from IR, drop {keep.player.name}",
            "drop": keep.player.name, "add": TOWNS,
            "drop_id": keep.player.player_id, "add_id": towns_id, "expected_gain": 1.0, "unit": "pts",
            "reasons": [], "confidence": 0.5, "expires_at": "2023-02-02T19:00:00", "league_id": "1234",
            "league_kind": "espn", "team_id": 1, "as_of": AS_OF.isoformat()})
        out = apply_card(league, forged, "espn-forged", clock=lambda _c: NOON)
        assert out["outcome"] == "refused" and "still OUT" in out["reason"]
        assert state_store().moves("1234") == [] and _writes(m) == []


@pytest.mark.parametrize("status", ["ACTIVE"])
def test_an_espn_activation_of_a_player_not_in_my_ir_slot_is_refused(status, monkeypatch, fresh_state):
    """Catches a validation that lets an activation bring back someone from the free-agent pool."""
    with requests_mock.Mocker(real_http=False) as m:
        league, _ = _league(m, status, monkeypatch)
        [card] = [c for c in _moves(league) if c["kind"] == "activate"]
        fa = free_agent_response()["players"][0]["player"]
        forged = Card.model_validate(card | {"move_id": "mv_not_ir", "add_id": str(fa["id"]), "add": fa["fullName"]})
        out = apply_card(league, forged, "espn-not-ir", clock=lambda _c: NOON)
        assert out["outcome"] == "refused" and "is not in your IR slot" in out["reason"]
        assert _writes(m) == []
