"""The punt reaches every model (issue #25 item 1): the IntentLabel schema Gemini and Ollama fill
carries `punt_categories`, and a recorded reply that sets it drives the real graph: the tools get
the punt, and a later turn of the thread keeps it. No network: Gemini's client is replaced by
recorded responses, Ollama is a loopback fake, the third model is scripted."""
from __future__ import annotations

import datetime as dt
import json

from fake_ollama import FakeOllama, text_reply, tool_calls_reply
from google.genai import types
from langchain_core.messages import HumanMessage
from langchain_google_genai import ChatGoogleGenerativeAI
from scripted import ScriptedChatModel, build, run_graph

from agents.core.intents import IntentLabel
from agents.models.llm import build_model
from services.config import Settings
from services.league.demo_source import DemoSource
from services.store.state import state_store

AS_OF = dt.date(2025, 1, 29)
LABEL = {"intent": "free_agent_scan", "punt_categories": ["free throws"]}


def _recorded(*parts: dict) -> types.GenerateContentResponse:
    return types.GenerateContentResponse.model_validate({
        "candidates": [{"content": {"role": "model", "parts": list(parts)}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": {"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 120}})


class GeminiReplay:
    """Stands in for `client.models.generate_content`: the classifier gets `labels` in turn, the
    agent the recorded responses."""

    def __init__(self, labels: list[dict], responses: list):
        self.labels, self.responses, self.schemas = list(labels), list(responses), []

    def __call__(self, *, model, contents, config):
        structured = config is not None and (config.response_mime_type == "application/json" or config.response_schema
                                             or getattr(config, "response_json_schema", None))
        forced = config is not None and config.tools and config.tool_config and \
            getattr(config.tool_config.function_calling_config, "mode", None) == "ANY"
        if structured or forced:
            self.schemas.append(str(config))
            label = self.labels.pop(0)
            return _recorded({"text": json.dumps(label)} if structured else
                             {"functionCall": {"name": "IntentLabel", "args": label}})
        return self.responses.pop(0)


def _fa(call: str = "get_free_agents") -> dict:
    return {"functionCall": {"name": call, "args": {"healthy_only": True, "limit": 5}}}


def test_gemini_fills_the_punt_and_the_thread_keeps_it():
    """Catches: a schema without the punt (a real model could never say it) or a punt that only
    lives in the offline planner."""
    gemini = ChatGoogleGenerativeAI(model="gemini-2.5-flash", google_api_key="AIzaFAKE-not-a-real-key-0000000000000",
                                    timeout=5, max_retries=0, temperature=0)
    replay = GeminiReplay([LABEL, {"intent": "free_agent_scan"}],
                          [_recorded(_fa()), _recorded({"text": "Barrett."}), _recorded(_fa()), _recorded({"text": "More."})])
    gemini.client.models.generate_content = replay
    graph = build(gemini, DemoSource(AS_OF, "categories", store=state_store()))
    first = run_graph(graph, {"messages": [HumanMessage("I'm punting free throws, who should I add?")]}, "g1")
    assert "punt_categories" in replay.schemas[0]
    assert first.state["punt"] == ["FT%"]
    [tm] = first.tool_messages
    assert json.loads(tm.content)["filters"]["punt"] == ["FT%"]
    second = run_graph(graph, {"messages": [HumanMessage("who else?")]}, "g1")
    assert json.loads(second.tool_messages[-1].content)["filters"]["punt"] == ["FT%"]


class PuntOllama(FakeOllama):
    """The fake server whose classifier reply sets a punt."""

    def _chunks_for(self, body: dict) -> list[dict]:
        if body.get("format"):
            self.formats = [*getattr(self, "formats", []), body["format"]]
            return text_reply(json.dumps(LABEL), pieces=2)
        return super()._chunks_for(body)


def test_ollama_fills_the_punt(monkeypatch):
    for name in ("OLLAMA_API_KEY", "OLLAMA_HOST"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    server = PuntOllama([tool_calls_reply(("get_free_agents", {"healthy_only": True, "limit": 5})), text_reply("ok")])
    try:
        model = build_model("ollama", Settings(provider="ollama", ollama_url=server.url, ollama_model="qwen2.5:7b",
                                               model_timeout_s=10, model_max_retries=0))
        run = run_graph(build(model, DemoSource(AS_OF, "categories", store=state_store())),
                        {"messages": [HumanMessage("I'm punting free throws, who should I add?")]}, "o1")
    finally:
        server.close()
    assert "punt_categories" in server.formats[0]["properties"]
    assert json.loads(run.tool_messages[0].content)["filters"]["punt"] == ["FT%"]


def test_a_scripted_label_punt_reaches_the_optimizer_cards():
    """The optimizer route (no tool call in between): a punt on the label leaves the cards' changes."""
    model = ScriptedChatModel(label=IntentLabel(intent="lineup_optimization", wants_moves=True,
                                                punt_categories=["TO", "FT%"]))
    run = run_graph(build(model, DemoSource(AS_OF, "categories", store=state_store())),
                    {"messages": [HumanMessage("moves please")]}, "s1")
    cards = run.state["pending_cards"]
    assert cards
    for c in cards:
        assert not {"TO", "FT%"} & {x[0] for x in c["category_changes"]}
        assert not [r for r in c["reasons"] if r.startswith(("TO win", "FT% win"))]
    assert "Punting TO, FT%" in run.answer
