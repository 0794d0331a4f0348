"""Runtime settings: explicit choices win over the environment, secrets stay secret, ESPN failures
are clear, and the hindsight (realized gain) is for the UI only: the agent never sees it."""
from __future__ import annotations

import json

import pytest
import requests
import requests_mock
from langchain_core.messages import AIMessage
from pydantic import SecretStr

from agents.core import runtime
from agents.core.overrides import RuntimeOptions, secret_digest
from services.config import reset_settings_cache
from services.models import ServiceError
from services.store.state import state_store
from tests.agents.scripted import ScriptedChatModel

FAKE_KEY = "AIzaSyFAKE-settings-page-key-0123456789"
REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


@pytest.fixture
def env(monkeypatch):
    """Environment that disagrees with every explicit choice the tests make."""
    monkeypatch.setenv("COURTSIDE_PROVIDER", "offline")
    monkeypatch.setenv("COURTSIDE_SCORING", "categories")
    monkeypatch.setenv("COURTSIDE_GEMINI_MODEL", "gemini-2.5-flash-lite")
    monkeypatch.delenv("GOOGLE_API_KEY", raising=False)
    reset_settings_cache()
    yield monkeypatch
    reset_settings_cache()


def test_explicit_gemini_model_and_key_win_over_the_environment(env):
    from langchain_google_genai import ChatGoogleGenerativeAI

    a = runtime.get_assistant("gemini", scoring="points", model_name="gemini-2.5-pro", api_key=FAKE_KEY)
    assert (a.provider, a.model_name, a.provider_label) == ("gemini", "gemini-2.5-pro", "Gemini (gemini-2.5-pro)")
    assert isinstance(a.model, ChatGoogleGenerativeAI)
    assert a.model.model.removeprefix("models/") == "gemini-2.5-pro"
    assert a.model.google_api_key.get_secret_value() == FAKE_KEY
    assert a.source.league.scoring == "points"  # explicit, although COURTSIDE_SCORING says categories
    # left to the environment: offline planner and categories scoring
    b = runtime.get_assistant()
    assert (b.provider, b.source.league.scoring) == ("offline", "categories")


def test_the_key_is_in_no_repr_and_no_cache_key(env):
    a = runtime.get_assistant("gemini", api_key=SecretStr(FAKE_KEY))
    for text in (repr(a), repr(a.options), str(a.options.cache_key()), str(list(runtime._assistants)),
                 repr(vars(a))):
        assert FAKE_KEY not in text
    assert a.options.cache_key()[-1] == secret_digest(SecretStr(FAKE_KEY), None, None)


def test_one_assistant_per_configuration_and_key(env):
    first = runtime.get_assistant("gemini", api_key=FAKE_KEY)
    assert runtime.get_assistant("gemini", api_key=SecretStr(FAKE_KEY)) is first
    other = runtime.get_assistant("gemini", api_key=FAKE_KEY + "-other")
    assert other is not first
    assert other.model.google_api_key.get_secret_value() == FAKE_KEY + "-other"


@pytest.mark.parametrize("options, message", [
    ({"league": "espn", "espn_league_id": "not-a-number"}, "ESPN league id must be a number"),
    ({"league": "yahoo"}, "Unknown league 'yahoo'"),
])
def test_bad_choices_are_refused_with_a_reason(options, message):
    with pytest.raises(ServiceError, match=message):
        RuntimeOptions(**options)


def test_an_unreachable_espn_league_fails_at_once_and_is_not_cached(env):
    with requests_mock.Mocker(real_http=False) as m:
        m.get(requests_mock.ANY, exc=requests.exceptions.ConnectionError)
        with pytest.raises(ServiceError, match=r"Could not reach ESPN \(ConnectionError\)"):
            runtime.get_assistant(league="espn", espn_league_id="424242", espn_s2="s2-cookie", espn_swid="{SWID}")
    assert not any("espn" in key for key in runtime._assistants)


def test_an_explicit_key_reaches_the_model_but_never_the_audit_or_state(env, fresh_state):
    seen = []

    def fake_build_model(provider, settings, reasoning=False):
        seen.append((provider, settings.google_api_key.get_secret_value(), settings.gemini_model))
        return ScriptedChatModel([AIMessage("Hello from the scripted model.")] * 6)

    env.setattr(runtime, "build_model", fake_build_model)
    a = runtime.Assistant("gemini", api_key=FAKE_KEY, model_name="gemini-2.5-pro")
    assert seen[0] == ("gemini", FAKE_KEY, "gemini-2.5-pro")
    r = a.ask("hi", "key-thread")
    assert r["answer"] and FAKE_KEY not in json.dumps(r, default=str)
    audit = a.audit("key-thread")
    assert [(t["provider"], t["model"]) for t in audit] == [("gemini", "gemini-2.5-pro")]
    assert FAKE_KEY not in json.dumps(audit, default=str)
    assert FAKE_KEY not in str(a.graph.get_state(a.config("key-thread")).values)
    for f in fresh_state.home.iterdir():
        if f.is_file():
            assert FAKE_KEY.encode() not in f.read_bytes(), f.name


def _everything_the_agent_saw(a, thread_id: str) -> str:
    """Every state value, message (tool results included) and checkpoint write of the thread."""
    state = a.graph.get_state(a.config(thread_id))
    parts = [json.dumps(state.values, default=str)]
    parts += [str(m.content) + json.dumps(getattr(m, "tool_calls", []), default=str)
              for m in state.values.get("messages", [])]
    parts += [json.dumps(snap.values, default=str) for snap in a.graph.get_state_history(a.config(thread_id))]
    return "\n".join(parts).lower()


def test_the_agent_never_sees_a_realized_outcome(make_assistant):
    a = make_assistant()
    events = list(a.stream_turn(REVIEW, "eval"))
    cards = a.pending_approvals("eval")
    assert cards
    hindsight = [a.hindsight(c) for c in cards]  # the UI asks for the outcome while cards wait
    assert all(isinstance(h, float) for h in hindsight)
    events += list(a.stream_resume("eval", {cards[0]["move_id"]: "approve"}))
    moves = a.transactions()
    assert [m["realized_gain"] for m in moves] == [hindsight[0]]  # scored on the roster before the move
    events += list(a.stream_turn("How is my matchup looking now?", "eval"))
    tool_results = [e for e in events if e.get("type") == "tool_end"]
    assert tool_results
    assert "realized" not in json.dumps(events, default=str).lower()
    assert "realized" not in _everything_the_agent_saw(a, "eval")
    assert "realized" not in json.dumps(a.audit("eval"), default=str).lower()
    assert "realized" not in json.dumps(state_store().moves(a.source.league.league_id), default=str).lower()


def test_realized_gain_matches_the_backtest_with_the_same_inputs(make_assistant):
    from services.optimizer.adapter import from_demo_league
    from services.optimizer.backtest import actual_lines, realized_outcome

    a = make_assistant()
    card = a.ask(REVIEW, "bt")["pending_approvals"][0]
    lg = a.source.league
    inputs = from_demo_league(lg, free_agents=[card["add_id"]])
    ids = [p.player_id for p in inputs.roster + inputs.free_agents + inputs.opponent]
    expected = realized_outcome(inputs, (card["drop_id"], card["add_id"]),
                                actual_lines(ids, inputs.days[0], inputs.days[-1])).realized_gain
    assert a.hindsight(card) == pytest.approx(expected, abs=0.01)
    a.resume("bt", "approve", card["move_id"])
    assert [m["realized_gain"] for m in a.transactions()] == [pytest.approx(expected, abs=0.01)]
    history = a.decision_history()
    assert [(d["move_id"], d["decision"]) for d in history] == [(card["move_id"], "approve")]
    assert history[0]["realized_gain"] == pytest.approx(expected, abs=0.01)


def test_approvals_across_threads_show_only_this_leagues_cards(fresh_state):
    import datetime as dt

    from agents.core.runtime import Assistant

    points, cats = Assistant(as_of=dt.date(2025, 1, 29)), Assistant(as_of=dt.date(2025, 1, 29), scoring="categories")
    review = "Review my matchup and help me optimize for this week without destroying my team."
    assert points.ask(review, "pts-thread")["pending_approvals"]
    assert cats.ask(review, "cat-thread")["pending_approvals"]
    assert {c["thread_id"] for c in points.all_pending()} == {"pts-thread"}
    assert {c["thread_id"] for c in cats.all_pending()} == {"cat-thread"}
    assert all(c["league_id"] == "demo-categories-2025-01-29" for c in cats.all_pending())
