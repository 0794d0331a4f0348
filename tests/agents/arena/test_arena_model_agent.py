"""The model agent's tool loop with a scripted chat model: the Case in the prompt without metadata,
the one tool, no call -> hold, several -> the last, invalid -> rejected and hold, the round guard,
the offline stand-in's real tool calls, and Gemini built through the factory (no network)."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from langchain_core.messages import AIMessage, HumanMessage, ToolMessage

from agents.arena.model_agent import ModelAgent
from agents.arena.graph import MAX_ROUNDS, TOOL_NAME
from agents.arena.offline import MARKER, OfflineTrader, momentum_orders
from services.arena import cases
from services.arena.execution import handle_submission
from services.arena.models import AgentInvocation, PortfolioSnapshot
from services.arena.simulation import make_config, run_episode
from services.config import reset_settings_cache
from services.markets.state import win_prob
from tests.agents.scripted import ScriptedChatModel, call, tools_msg

DAY = dt.date(2025, 1, 29)


@pytest.fixture(scope="module")
def case():
    return cases.build_case(DAY, 2, "ep", PortfolioSnapshot(cash=100.0), win_prob)


def invocation(case) -> AgentInvocation:
    return AgentInvocation(case=case, episode_id="ep", agent_id="model", steps_remaining=4).bind(handle_submission)


def buy(case, q: int, i: int = 0) -> dict:
    return call(TOOL_NAME, orders=[{"ticker": sorted(case.tickers)[i], "side": "buy", "quantity": q}])


def test_the_prompt_carries_the_agent_payload_and_the_one_tool(case):
    model = ScriptedChatModel([tools_msg(buy(case, 1)), "Bought one."])
    inv = invocation(case)
    ModelAgent(model).invoke(inv)
    first = model.tape.seen[0]
    assert first["tools"] == [TOOL_NAME]
    human = next(m for m in first["messages"] if isinstance(m, HumanMessage))
    payload = json.loads(human.content.split(MARKER, 1)[1])
    assert payload == json.loads(json.dumps(case.for_agent(compact=True)))
    assert "decision_point_idx" not in payload and "information_cutoff_timestamp" not in payload
    assert "remaining after this one: 4" in human.content


def _now_line(model: ScriptedChatModel, call_idx: int) -> str:
    human = next(m for m in model.tape.seen[call_idx]["messages"] if isinstance(m, HumanMessage))
    head = human.content.split(MARKER, 1)[0]
    return next(line for line in head.splitlines() if line.startswith("Now: "))


def test_the_prompt_says_when_now_is_the_information_cutoff(case):
    model = ScriptedChatModel(["Holding."])
    ModelAgent(model).invoke(invocation(case))
    line = _now_line(model, 0)
    stamp = line.removeprefix("Now: ").split(" ", 1)[0]
    # the Case of Jan 29 is decided at 15:00 UTC that day: the model is told so, in the prompt's text,
    # though the payload itself leaves the cutoff out (above)
    assert dt.datetime.fromisoformat(stamp) == case.information_cutoff_timestamp
    assert case.information_cutoff_timestamp == dt.datetime(2025, 1, 29, 15, tzinfo=dt.timezone.utc)
    assert "Wednesday January 29 2025, 15:00 UTC" in line


def test_each_decision_point_tells_the_model_its_own_moment():
    model = ScriptedChatModel(["Holding.", "Holding.", "Holding."])
    cfg = make_config("model", dt.date(2025, 1, 27), dt.date(2025, 1, 29), news="results")
    log = run_episode(cfg, ModelAgent(model))
    told = [dt.datetime.fromisoformat(_now_line(model, i).removeprefix("Now: ").split(" ", 1)[0]) for i in range(3)]
    cutoffs = [dt.datetime.fromisoformat(p.information_cutoff_timestamp) for p in log.decision_point_logs]
    assert told == cutoffs and len(set(told)) == 3
    assert [t.date() for t in told] == [dt.date(2025, 1, 27), dt.date(2025, 1, 28), dt.date(2025, 1, 29)]


def test_no_tool_call_is_a_hold(case):
    model = ScriptedChatModel(["I would rather not trade today."])
    inv = invocation(case)
    out = ModelAgent(model).invoke(inv)
    assert inv.tool_calls == [] and out.decision.is_hold and model.calls == 1
    assert out.output == "I would rather not trade today."


def test_the_tool_result_goes_back_to_the_model(case):
    model = ScriptedChatModel([tools_msg(buy(case, 3)), "Done."])
    inv = invocation(case)
    out = ModelAgent(model).invoke(inv)
    tool_msgs = [m for m in model.tape.seen[1]["messages"] if isinstance(m, ToolMessage)]
    assert len(tool_msgs) == 1
    result = json.loads(tool_msgs[0].content)
    assert result["status"] == "accepted" and result["executed_trades"][0]["quantity"] == 3
    assert out.decision.orders[0].quantity == 3 and out.output == "Done."


def test_several_calls_the_last_one_counts(case):
    model = ScriptedChatModel([tools_msg(buy(case, 1), buy(case, 2, 1)), "Two."])
    inv = invocation(case)
    out = ModelAgent(model).invoke(inv)
    assert [c["orders"][0]["quantity"] for c in inv.tool_calls] == [1, 2]
    assert out.decision.orders[0].ticker == sorted(case.tickers)[1]


def test_invalid_arguments_are_rejected_and_the_model_may_correct_them(case):
    bad = call(TOOL_NAME, orders=[{"ticker": sorted(case.tickers)[0], "side": "buy", "quantity": "lots"}])
    model = ScriptedChatModel([tools_msg(bad), tools_msg(buy(case, 2)), "Fixed."])
    inv = invocation(case)
    ModelAgent(model).invoke(inv)
    first = json.loads([m for m in model.tape.seen[1]["messages"] if isinstance(m, ToolMessage)][0].content)
    assert first["status"] == "rejected" and "invalid decision: orders.0.quantity" in first["message"]
    assert [r.status for _, r in inv.submissions] == ["rejected", "accepted"]


def test_the_round_guard_stops_a_model_that_keeps_calling(case):
    """Two rounds execute; the third call is refused and the model reads the refusal; a fourth is
    dropped too and ends the run (no further model call)."""
    model = ScriptedChatModel([tools_msg(buy(case, 1)) for _ in range(MAX_ROUNDS + 3)])
    inv = invocation(case)
    ModelAgent(model).invoke(inv)
    assert len(inv.tool_calls) == MAX_ROUNDS and model.calls == MAX_ROUNDS + 2
    assert len(inv.dropped_calls) == 2


def test_a_third_submit_is_dropped_recorded_and_said_to_the_agent():
    """Issue #41: "a third submit_decision beyond the 2-round cap is dropped without a word". Now the
    model is answered with a ToolMessage saying the call was dropped (and reads it: one more model
    call), the decision log's agent_output lists the dropped call with that message, and the
    extraction says so; the executed decision is the second. Catches: today's silent drop."""
    day1 = dt.date(2025, 1, 27)
    probe = cases.build_case(day1, 0, "ep", PortfolioSnapshot(cash=1000.0), win_prob)
    t = sorted(probe.tickers)
    turns = [tools_msg(call(TOOL_NAME, orders=[{"ticker": t[0], "side": "buy", "quantity": 1}])),
             tools_msg(call(TOOL_NAME, orders=[{"ticker": t[1], "side": "buy", "quantity": 2}])),
             tools_msg(call(TOOL_NAME, orders=[{"ticker": t[2], "side": "buy", "quantity": 3}])),
             "Understood, the second decision stands."]
    model = ScriptedChatModel(turns)
    log = run_episode(make_config("model", day1, day1, news="results"), ModelAgent(model))
    (p,) = log.decision_point_logs
    dropped = p.agent_output["dropped_calls"]
    assert [d["args"]["orders"][0]["ticker"] for d in dropped] == [t[2]]
    assert "2-round cap" in dropped[0]["message"] and "changed nothing" in dropped[0]["message"]
    told = [m for m in model.tape.seen[3]["messages"] if isinstance(m, ToolMessage)][-1]
    assert told.content == dropped[0]["message"] and model.calls == 4
    assert "1 call(s) past the round cap dropped" in p.extraction
    assert [(tr.ticker, tr.quantity) for tr in p.execution_result.executed_trades] == [(t[1], 2)]
    assert p.agent_output["output"] == "Understood, the second decision stands."


def test_in_the_simulation_an_invalid_model_decision_is_a_rejected_hold():
    turns = [tools_msg(call(TOOL_NAME, orders=[{"ticker": "NOPE-2025-01-01", "side": "buy", "quantity": 1}])),
             "ok", "nothing today"]
    cfg = make_config("model", dt.date(2025, 1, 27), dt.date(2025, 1, 28), news="results")
    log = run_episode(cfg, ModelAgent(ScriptedChatModel(turns)))
    a, b = log.decision_point_logs
    assert a.execution_result.status == "rejected" and "NOPE-2025-01-01 not in Case.tickers" in a.execution_result.message
    assert b.extraction == "no tool call: hold"
    assert log.episode_result.metrics.final_value == 1000.0


def test_offline_trader_emits_a_real_tool_call_with_momentum_orders(case):
    text = "Decision steps remaining after this one: 1\n" + MARKER + json.dumps(case.for_agent(compact=True))
    msg = OfflineTrader().bind_tools([type("T", (), {"name": TOOL_NAME})()]).invoke([HumanMessage(text)])
    assert isinstance(msg, AIMessage) and len(msg.tool_calls) == 1 and msg.tool_calls[0]["name"] == TOOL_NAME
    orders = msg.tool_calls[0]["args"]["orders"]
    payload = case.for_agent(compact=True)
    first = min(sd["game_date"] for sd in payload["stock_data"].values())
    rising = sorted(t for t, sd in payload["stock_data"].items() if sd["game_date"] == first
                    and sd["interval_summary"]["close"] - sd["interval_summary"]["open"] >= 0.02)
    assert orders == momentum_orders(payload)
    assert all(o["ticker"] in rising for o in orders)


def test_offline_model_agent_over_a_week_is_all_accepted():
    cfg = make_config("model", dt.date(2025, 1, 27), dt.date(2025, 1, 31), news="results")
    log = run_episode(cfg, ModelAgent(OfflineTrader()))
    assert all(p.extraction == "one tool call" for p in log.decision_point_logs)
    assert log.episode_result.metrics.rejected == 0 and log.episode_result.metrics.trades > 0


def test_gemini_model_agent_is_built_through_the_factory(monkeypatch):
    monkeypatch.setenv("GOOGLE_API_KEY", "fake-key-for-tests")
    reset_settings_cache()
    try:
        from agents.arena.registry import model_agent

        agent = model_agent("gemini")
        assert agent.version.startswith("1/gemini")
    finally:
        monkeypatch.delenv("GOOGLE_API_KEY")
        reset_settings_cache()


def test_the_tool_schema_converts_to_a_gemini_function_declaration():
    from langchain_google_genai._function_utils import convert_to_genai_function_declarations

    from agents.arena.graph import SUBMIT_TOOL

    decl = convert_to_genai_function_declarations([SUBMIT_TOOL])[0].function_declarations[0]
    assert decl.name == TOOL_NAME and "orders" in decl.parameters.properties
    order = decl.parameters.properties["orders"].items
    assert set(order.properties) == {"ticker", "side", "quantity"}
