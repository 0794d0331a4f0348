"""Gemini without a network: tool schemas become function declarations, and recorded
GenerateContentResponse JSON (functionCall parts, then text) drives the real supervisor graph.
A live test runs only with GOOGLE_API_KEY.
"""
from __future__ import annotations

import json
import os

import pytest
from google.genai import types
from langchain_core.messages import HumanMessage
from langchain_google_genai import ChatGoogleGenerativeAI
from langchain_google_genai._function_utils import convert_to_genai_function_declarations
from scripted import run_graph

from agents.tools import TOOL_NAMES, build_tools
from services.config import reset_settings_cache

FAKE_KEY = "AIzaFAKE-not-a-real-key-0000000000000"


def recorded(*parts: dict, tokens: int = 120) -> types.GenerateContentResponse:
    """A Gemini response as the API sends it (camelCase JSON)."""
    return types.GenerateContentResponse.model_validate({
        "candidates": [{"content": {"role": "model", "parts": list(parts)}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": tokens - 20, "candidatesTokenCount": 20, "totalTokenCount": tokens},
        "modelVersion": "gemini-2.5-flash"})


def fn_call(tool: str, /, **args) -> dict:
    return {"functionCall": {"name": tool, "args": args}}


@pytest.fixture
def gemini():
    return ChatGoogleGenerativeAI(model="gemini-2.5-flash", google_api_key=FAKE_KEY, timeout=5, max_retries=0,
                                  temperature=0)


class Replay:
    """Stands in for `client.models.generate_content`: returns recorded responses in order."""

    def __init__(self, responses, intent: str):
        self.responses, self.intent, self.requests = list(responses), intent, []

    def __call__(self, *, model, contents, config):
        self.requests.append({"model": model, "contents": contents, "config": config})
        if config is not None and (config.response_mime_type == "application/json" or config.response_schema
                                   or getattr(config, "response_json_schema", None)):
            return recorded({"text": json.dumps({"intent": self.intent})})
        if config is not None and config.tools and config.tool_config and \
                getattr(config.tool_config.function_calling_config, "mode", None) == "ANY":
            return recorded(fn_call("IntentLabel", intent=self.intent))  # structured output via a forced call
        return self.responses.pop(0)


def test_every_tool_converts_to_a_gemini_function_declaration(demo_source):
    tools = build_tools(demo_source())
    [tool] = convert_to_genai_function_declarations(tools)
    decls = {d.name: d for d in tool.function_declarations}
    assert list(decls) == TOOL_NAMES
    for t in tools:
        d = decls[t.name]
        assert d.description == t.description
        assert set(d.parameters.properties or {}) == set(t.args_schema.model_json_schema().get("properties", {}))
    fa = decls["get_free_agents"].parameters.properties
    assert fa["target_categories"].type == types.Type.ARRAY and fa["target_categories"].items.type == types.Type.STRING
    assert fa["healthy_only"].type == types.Type.BOOLEAN and fa["min_games_remaining"].type == types.Type.INTEGER
    assert decls["get_player_game_log"].parameters.required == ["name"]
    assert decls["validate_slot_fit"].parameters.required == ["add"]


def test_a_recorded_function_call_response_parses_into_tool_calls(gemini, demo_source):
    replay = Replay([recorded(fn_call("get_player_game_log", name="Haliburton", last_n=5),
                              fn_call("get_free_agents", target_categories=["AST", "STL"], healthy_only=True))],
                    intent="player_research")
    gemini.client.models.generate_content = replay
    msg = gemini.bind_tools(build_tools(demo_source())).invoke("How has Haliburton played?")
    assert [(c["name"], c["args"]) for c in msg.tool_calls] == [
        ("get_player_game_log", {"name": "Haliburton", "last_n": 5}),
        ("get_free_agents", {"target_categories": ["AST", "STL"], "healthy_only": True})]
    assert all(c["id"] for c in msg.tool_calls)
    assert msg.usage_metadata["total_tokens"] == 120
    sent = replay.requests[0]["config"]
    assert len(sent.tools[0].function_declarations) == len(TOOL_NAMES)


def test_recorded_gemini_turns_drive_the_supervisor_graph(gemini, demo_source, csv_facts):
    from scripted import build

    source = demo_source()
    rows = csv_facts.player_games("halibty01", before=source.as_of)[-5:]
    pts = round(sum(r["pts"] for r in rows) / 5, 1)
    replay = Replay([recorded(fn_call("get_player_game_log", name="Haliburton", last_n=5)),
                     recorded({"text": f"Haliburton averaged {pts} points over his last 5 games."})],
                    intent="player_research")
    gemini.client.models.generate_content = replay
    run = run_graph(build(gemini, source), {"messages": [HumanMessage("How has Haliburton played lately?")]})
    assert run.state["intent"] == "player_research"
    assert run.path == ["classify_intent", "agent", "tools", "agent", "synthesize", "present_and_confirm"]
    [tm] = run.tool_messages
    assert json.loads(tm.content)["player"] == "Tyrese Haliburton"
    assert run.answer == f"Haliburton averaged {pts} points over his last 5 games."
    # the tool result went back to Gemini as a functionResponse part
    last_contents = replay.requests[-1]["contents"]
    assert any(p.function_response and p.function_response.name == "get_player_game_log"
               for c in last_contents for p in (c.parts or []))


@pytest.mark.live
@pytest.mark.skipif(not os.environ.get("GOOGLE_API_KEY"), reason="needs GOOGLE_API_KEY")
def test_live_gemini_answers_a_game_log_question(csv_facts, fresh_state):
    from agents.core.runtime import Assistant

    reset_settings_cache()
    a = Assistant(provider="gemini")
    r = a.ask("How has Tyrese Haliburton played over his last 5 games? Give his fantasy points per game.")
    assert r["intent"] == "player_research"
    assert any(c["name"] == "get_player_game_log" and c["ok"] for c in r["tool_calls"])
    rows = csv_facts.player_games("halibty01", before=a.as_of)[-5:]
    fpts = sum(r["fpts"] for r in rows) / 5
    assert f"{fpts:.1f}" in r["answer"] or f"{fpts:.0f}" in r["answer"]
    assert r["llm_calls"] <= 4
