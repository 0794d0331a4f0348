"""The market maker graph driven by a scripted chat model: the tool loop, the validated decision
(one retry, then reject), the 6-tool-call budget, tool errors, and the offline rule policy
(accept / counter / reject thresholds, limits, skip re-fetching within a minute)."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from agents.desk.runtime import Desk
from agents.offline.desk_policy import DeskPolicyModel
from services.desk.models import BetRequest, DeskLimits
from services.markets import state as market
from tests.agents.scripted import ScriptedChatModel, call, tools_msg

AT = dt.datetime(2025, 1, 29, 17, 0, tzinfo=dt.timezone.utc)
GAME = "2025-01-29-CHI-BOS"


def _line() -> float:
    return market.market_state(GAME, AT).home_spread


def _req(odds=1.9, amount=20.0, line=None, **kw) -> BetRequest:
    return BetRequest(game_id=GAME, market="spread", side="home", line=_line() if line is None else line,
                      odds=odds, amount=amount, **kw)


def _decision(**kw) -> AIMessage:
    base = {"decision": "accept", "amount": 20.0, "odds": 1.9, "line": _line(), "ttl_seconds": None,
            "max_market_move_pct": None, "reason": "at market, within limits", "confidence": 0.8}
    return AIMessage(content=json.dumps(base | kw))


def _desk(fresh_state, turns, **kw) -> tuple[Desk, ScriptedChatModel]:
    model = ScriptedChatModel(turns)
    return Desk(model=model, store=fresh_state.store, **kw), model


def test_tool_loop_then_a_valid_accept_is_booked(fresh_state):
    desk, model = _desk(fresh_state, [
        tools_msg(call("get_market_state", game_id=GAME, market="spread", side="home", line=_line())),
        tools_msg(call("compare_odds", offered_odds=1.9, market_odds=1.914)),
        _decision(),
    ])
    r = desk.quote(_req(), AT)
    assert r.status == "accepted" and r.model_calls == 3 == model.calls
    assert [c["name"] for c in r.tool_calls] == ["get_market_state", "compare_odds"]
    assert r.steps == ["Checking current market odds...", "Calculating edge..."]
    assert r.position["liability"] == 18.0  # 20 x 0.9
    assert desk.book.exposure(GAME, "spread", "home")["side_exposure"] == 18.0
    # the model saw its five tools and the task, nothing pre-fetched
    assert sorted(model.tape.seen[0]["tools"]) == sorted(["get_market_state", "get_my_exposure",
                                                          "get_my_recent_decisions", "compare_odds",
                                                          "compute_exposure_impact"])
    first = model.tape.seen[0]["messages"]
    assert isinstance(first[-1], HumanMessage) and first[-1].content.startswith("Bet request")
    assert desk.book.calcs(quote_id=r.quote_id)[0]["tool"] == "compare_odds"


def test_invalid_output_gets_one_retry(fresh_state):
    desk, model = _desk(fresh_state, [AIMessage(content="I think I will accept it."), _decision(decision="reject",
                                                                                               amount=None, odds=None, line=None)])
    r = desk.quote(_req(), AT)
    assert r.status == "rejected" and r.decision["reason"] == "at market, within limits" and model.calls == 2
    retry = model.tape.seen[1]["messages"][-1]
    assert isinstance(retry, HumanMessage) and "no JSON object" in retry.content


def test_invalid_twice_rejects_with_the_reason(fresh_state):
    bad = {"decision": "counter", "odds": 1.95, "ttl_seconds": None}  # a counter without its TTL
    desk, model = _desk(fresh_state, [_decision(**bad), _decision(**bad)])
    r = desk.quote(_req(), AT)
    assert r.status == "rejected" and model.calls == 2
    assert r.decision["reason"].startswith("invalid decision output after one retry")
    assert "ttl_seconds" in r.decision["reason"] and r.decision["confidence"] == 0.0
    assert desk.book.positions() == []


@pytest.mark.parametrize(("decision", "why"), [
    ({"decision": "counter", "line": None, "ttl_seconds": 60, "max_market_move_pct": 2, "odds": None, "amount": None},
     "must propose"),
    ({"decision": "counter", "line": 99.5, "ttl_seconds": 60, "max_market_move_pct": 2}, "more than 3"),
    ({"decision": "accept", "amount": 500.0}, "above the requested"),
    ({"decision": "accept", "odds": 2.5}, "above the requested"),
    ({"confidence": 1.5}, "confidence"),
])
def test_decisions_that_do_not_fit_the_request_are_invalid(fresh_state, decision, why):
    desk, _ = _desk(fresh_state, [_decision(**decision), _decision(**decision)])
    r = desk.quote(_req(), AT)
    assert r.status == "rejected" and why in r.decision["reason"]


def test_more_than_six_tool_calls_rejects(fresh_state):
    many = [call("compare_odds", offered_odds=1.9, market_odds=1.914) for _ in range(4)]
    desk, model = _desk(fresh_state, [tools_msg(*many), tools_msg(*many[:3])])
    r = desk.quote(_req(), AT)
    assert r.status == "rejected" and "6-tool-call budget" in r.decision["reason"] and model.calls == 2
    assert len(r.tool_calls) == 4  # the second batch was not run


def test_a_tool_error_goes_back_to_the_model(fresh_state):
    desk, model = _desk(fresh_state, [tools_msg(call("get_market_state", game_id="nope")),
                                      tools_msg(call("get_odds_from_the_internet")),
                                      _decision(decision="reject", amount=None, odds=None, line=None)])
    r = desk.quote(_req(), AT)
    assert r.status == "rejected" and [c["ok"] for c in r.tool_calls] == [False, False]
    seen = model.tape.seen[2]["messages"]
    errs = [m.content for m in seen if isinstance(m, ToolMessage)]
    assert "nope" in errs[0] and "unknown tool" in errs[1]


def _odds_for_edge(edge_pct: float) -> float:
    desk_odds = market.bet_odds(market.market_state(GAME, AT), "spread", "home", _line())
    return round(desk_odds / (1 - edge_pct / 100), 3)


@pytest.mark.parametrize(("edge", "status"), [(-3.0, "accepted"), (1.5, "accepted"), (3.5, "countered"),
                                             (7.0, "rejected")])
def test_offline_policy_thresholds(fresh_state, edge, status):
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store)
    r = desk.quote(_req(odds=_odds_for_edge(edge)), AT)
    assert r.status == status and r.model_calls <= 4 and len(r.tool_calls) <= 6
    logged = {c["tool"]: c["outputs"] for c in desk.book.calcs(quote_id=r.quote_id)}
    assert logged["compare_odds"]["edge_pct"] == pytest.approx(edge, abs=0.05)
    if status == "countered":
        desk_odds = market.bet_odds(market.market_state(GAME, AT), "spread", "home", _line())
        assert r.decision["odds"] == desk_odds and r.decision["ttl_seconds"] == 60
        assert r.decision["max_market_move_pct"] == 2


def test_offline_policy_counters_what_fits_the_limits(fresh_state):
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store, limits=DeskLimits(max_per_side=45, max_per_game=90))
    r = desk.quote(_req(odds=_odds_for_edge(0.5), amount=100), AT)
    room = 45 / (r.request["odds"] - 1)
    assert r.status == "countered" and r.decision["amount"] == pytest.approx(room, abs=0.01)
    assert r.decision["amount"] * (r.request["odds"] - 1) <= 45


def test_offline_policy_skips_refetching_within_a_minute(fresh_state):
    desk = Desk(model=DeskPolicyModel(), store=fresh_state.store)
    odds = _odds_for_edge(7.0)
    first = desk.quote(_req(odds=odds), AT)
    again = desk.quote(_req(odds=odds), AT + dt.timedelta(seconds=40))
    later = desk.quote(_req(odds=odds), AT + dt.timedelta(seconds=100))
    names = [[c["name"] for c in q.tool_calls] for q in (first, again, later)]
    assert "get_market_state" in names[0] and "get_market_state" not in names[1]
    assert "get_market_state" in names[2]
    assert again.status == first.status == "rejected"
