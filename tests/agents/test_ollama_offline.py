"""Ollama without Ollama: the real ChatOllama from `build_model("ollama")` talks HTTP to a fake
server on loopback (tests/agents/fake_ollama.py) that plays recorded replies, and the real
supervisor graph runs on top. Also: HTTP 500 and a hung server end in a clear answer within the
configured timeout, and the Gemini model carries its timeout and retries but never shows its key.
"""
from __future__ import annotations

import datetime as dt
import json
import time

import httpx
import pytest
from fake_ollama import FakeOllama, text_reply, tool_calls_reply
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.checkpoint.memory import InMemorySaver
from scripted import run_graph

from agents.core.intents import IntentLabel
from agents.models.llm import build_model
from agents.supervisor.graph import build_graph
from agents.tools import TOOL_NAMES
from services.config import Settings
from services.league.demo_source import DemoSource
from services.store.state import state_store

AS_OF = dt.date(2025, 1, 29)
QUESTION = "What's Joel Embiid's status right now?"
FINAL = "Joel Embiid is OUT: he has missed Philadelphia's last 12 games. Keep him benched this week."


@pytest.fixture(autouse=True)
def loopback_only(monkeypatch):
    """No proxy or Ollama host/key from the developer's shell reaches these clients."""
    for name in ("OLLAMA_API_KEY", "OLLAMA_HOST", "GOOGLE_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("NO_PROXY", "127.0.0.1,localhost")
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")


@pytest.fixture
def fake_ollama(request):
    """Factory: `fake_ollama(replies, intent=..., mode=...)` -> a started FakeOllama, closed at teardown."""

    def start(replies=(), **kw) -> FakeOllama:
        server = FakeOllama(replies, **kw)
        request.addfinalizer(server.close)
        return server

    return start


def ollama_graph(server: FakeOllama, timeout_s: float = 10.0, retries: int = 0):
    settings = Settings(provider="ollama", ollama_url=server.url, ollama_model="qwen2.5:7b", model_timeout_s=timeout_s,
                        model_max_retries=retries, model_retry_backoff_s=0.01)
    model = build_model("ollama", settings)
    return model, build_graph(model, DemoSource(AS_OF, store=state_store()), InMemorySaver())


def test_build_model_gives_chat_ollama_the_url_model_and_timeout(fake_ollama):
    server = fake_ollama()
    model = build_model("ollama", Settings(ollama_url=server.url, ollama_model="qwen2.5:7b", model_timeout_s=1.5))
    assert (type(model).__name__, model.model, model.base_url, model.temperature) == \
        ("RetryingChatOllama", "qwen2.5:7b", server.url, 0)
    http = model._client._client  # the httpx.Client under ollama.Client
    assert http.timeout == httpx.Timeout(1.5)
    assert str(http.base_url).rstrip("/") == server.url
    assert server.paths == []  # building the model sends nothing


def test_recorded_ollama_turns_drive_the_supervisor_graph(fake_ollama, csv_facts):
    server = fake_ollama([tool_calls_reply(("get_player_status", {"name": "embiid"})), text_reply(FINAL)],
                         intent="player_research")
    _, graph = ollama_graph(server)
    run = run_graph(graph, {"messages": [HumanMessage(QUESTION)]})

    assert run.state["intent"] == "player_research"  # from the fake classifier reply, not keywords
    assert run.state["error"] is None
    assert run.path == ["classify_intent", "agent", "tools", "agent", "synthesize", "present_and_confirm"]
    # the tool really ran against the demo data: Embiid's last game and the PHI games since, from the CSV
    last = csv_facts.player_games("embiijo01", before=AS_OF)[-1]["game_date"]
    missed = csv_facts.team_games_between("PHI", last + dt.timedelta(days=1), AS_OF - dt.timedelta(days=1))
    [tm] = run.tool_messages
    assert (tm.name, tm.status) == ("get_player_status", "success")
    status = json.loads(tm.content)
    assert (status["player"], status["team"], status["status"], status["inferred"]) == ("Joel Embiid", "PHI", "OUT", True)
    assert status["last_played"] == last.isoformat() == "2025-01-04"
    assert status["evidence"] == f"missed PHI's last {len(missed)} games (last played Jan 4)"
    assert run.answer == FINAL
    assert [e["name"] for e in run.of("tool_start")] == ["get_player_status"]
    assert [e["ok"] for e in run.of("tool_end")] == [True]
    reply = run.state["messages"][-1]
    assert isinstance(reply, AIMessage) and (reply.content, reply.tool_calls) == (FINAL, [])
    # the streamed pieces were joined and the last chunk's counts became usage metadata
    assert reply.usage_metadata == {"input_tokens": 612, "output_tokens": 38, "total_tokens": 650}
    assert reply.response_metadata["model_name"] == "qwen2.5:7b"

    # what the server saw: the classifier with the IntentLabel schema, then two tool-bound chats
    assert server.paths == ["POST /api/chat"] * 3
    classify, first, second = server.requests
    assert classify["format"] == IntentLabel.model_json_schema()
    assert classify["messages"][-1] == {"role": "user", "content": QUESTION}
    for req in (first, second):
        assert (req["model"], req["stream"], req["options"]["temperature"]) == ("qwen2.5:7b", True, 0)
        assert [t["function"]["name"] for t in req["tools"]] == TOOL_NAMES
        assert "format" not in req
    assert [m["role"] for m in first["messages"]] == ["system", "user"]
    assert [m["role"] for m in second["messages"]] == ["system", "user", "assistant", "tool"]
    asked, answered = second["messages"][2:]
    assert [(c["function"]["name"], c["function"]["arguments"]) for c in asked["tool_calls"]] == \
        [("get_player_status", {"name": "embiid"})]
    assert answered["content"] == tm.content  # the tool result went back to the model verbatim


@pytest.mark.parametrize("mode, failure", [("error", "ResponseError"), ("hang", "ReadTimeout")])
def test_a_failing_ollama_ends_the_turn_within_one_timeout(fake_ollama, mode, failure):
    """A dead or hung server is asked once per turn: the total is one timeout, not three (was 3 x)."""
    timeout_s = 0.5
    server = fake_ollama(mode=mode, hang_cap_s=3.0)  # a hang longer than the timeout, yet bounded
    _, graph = ollama_graph(server, timeout_s=timeout_s)
    t0 = time.perf_counter()
    run = run_graph(graph, {"messages": [HumanMessage(QUESTION)]})
    elapsed = time.perf_counter() - t0

    assert len(server.requests) == 1  # the classifier's call; agent and synthesizer do not wait again
    if mode == "hang":
        assert timeout_s * 0.9 <= elapsed < timeout_s + 1.5
    else:
        assert elapsed < 2.0
    assert run.state["intent"] == "general_advice"  # unlabelled: no keyword rules in the graph
    assert run.path == ["classify_intent", "agent", "synthesize", "present_and_confirm"]
    assert run.tool_messages == []
    assert run.answer == (f"I could not finish this answer: the model failed ({failure}). Please try again."
                          f"\n\n_Note: the model failed: {failure}._")
    assert run.state["error"] == f"the model failed: {failure}"
    assert run.state["guard"] == "the model did not answer (timeout or error)"
    assert [e["text"] for e in run.of("answer")] == [run.answer]


def test_gemini_is_built_with_its_timeout_and_retries_and_hides_the_key(monkeypatch):
    key = "fake-key-0123456789"
    model = build_model("gemini", Settings(google_api_key=key, model_timeout_s=3, model_max_retries=1))
    # the Google SDK counts attempts (the first included): one retry is two attempts
    assert (model.timeout, model.max_retries, model.temperature) == (3.0, 2, 0)
    assert model.google_api_key.get_secret_value() == key
    for shown in (repr(model), str(model), model.model_dump_json()):
        assert key not in shown

    sent = []

    def replay(*, model, contents, config):
        sent.append(config)
        raise RuntimeError("offline")

    monkeypatch.setattr(model.client.models, "generate_content", replay)
    with pytest.raises(RuntimeError, match="offline"):
        model.invoke("hi")
    [config] = sent
    assert (config.http_options.timeout, config.http_options.retry_options.attempts) == (3000, 2)


def test_gemini_with_no_retries_makes_one_attempt():
    model = build_model("gemini", Settings(google_api_key="fake-key", model_max_retries=0))
    assert model.max_retries == 1  # one attempt, no retry


def test_ollama_retries_server_errors_with_backoff_then_answers(fake_ollama):
    server = fake_ollama(replies=[tool_calls_reply(("get_player_status", {"name": "embiid"})),
                                  text_reply("Joel Embiid is OUT (inferred).")],
                         intent="player_research", fail_first=2)
    _, graph = ollama_graph(server, retries=2)
    run = run_graph(graph, {"messages": [HumanMessage(QUESTION)]})
    # two 503s on the classifier call, retried; then the normal three chats
    assert len(server.requests) == 5
    assert run.state["intent"] == "player_research" and not run.state.get("error")
    assert run.answer.startswith("Joel Embiid is OUT")


def test_ollama_gives_up_after_its_retries(fake_ollama):
    server = fake_ollama(mode="error")
    _, graph = ollama_graph(server, timeout_s=0.5, retries=1)
    run = run_graph(graph, {"messages": [HumanMessage(QUESTION)]})
    assert len(server.requests) == 2  # the first call tried twice; the turn then stops asking
    assert "the model failed (ResponseError)" in run.answer
