"""The signals pod graph with a scripted model: every exit (no news, invalid twice, below the
threshold, signal), validation with one retry, citations that must exist, blind vs anchored
prompts, a step event per node, and the offline model reproducing the estimator."""
from __future__ import annotations

import datetime as dt
import json

import pytest
from langchain_core.messages import AIMessage

from agents.signals import nodes
from agents.signals.runner import SignalsPod
from services.signals.estimator import estimate
from services.signals.market import market_for
from services.signals.store import SignalStore
from services.signals.wire import game_wire
from services.store.state import state_store
from tests.agents.scripted import ScriptedChatModel

GAME = "2025-01-29-OKC-GSW"


def answer(prob: float, cited: list[str] | None = None, **over) -> AIMessage:
    ids = cited if cited is not None else [game_wire(GAME)[0].id]
    body = {"probability": prob, "reasoning": "Curry is out; GSW on a back-to-back.", "confidence": "medium",
            "key_factors": ["Curry out"], "cited_news_ids": ids} | over
    return AIMessage(content="```json\n" + json.dumps(body) + "\n```")


def run(turns, mode="blind", threshold=0.05, game=GAME):
    model = ScriptedChatModel(turns)
    events: list[dict] = []
    result = SignalsPod(model=model, threshold=threshold).run_game(game, mode, on_event=events.append)
    return result, model, events


@pytest.fixture
def price() -> float:
    return market_for(GAME).price


def test_no_news_ends_after_fetch_without_calling_the_model(fresh_state, monkeypatch):
    monkeypatch.setattr(nodes, "game_wire", lambda *_a, **_k: [])
    r, model, events = run([])
    assert r.path == ["assess_event_timeline", "fetch_news"] and r.exit == "no_news" and "no news" in r.reason
    assert model.calls == 0 and r.signal is None and r.estimate is None
    assert [e["node"] for e in events] == ["assess_event_timeline", "fetch_news"]


def test_below_threshold_ends_after_divergence(fresh_state, price):
    r, model, events = run([answer(round(price + 0.03, 4))])
    assert r.path == ["assess_event_timeline", "fetch_news", "estimate_probability", "calculate_divergence"]
    assert r.exit == "below_threshold" and r.divergence["ev"] == pytest.approx(0.03, abs=1e-4)
    assert not r.divergence["significant"] and r.signal is None
    assert SignalStore(state_store()).list() == []
    assert [e["node"] for e in events] == ["assess_event_timeline", "fetch_news", "estimate_probability", "calculate_divergence"]


def test_signal_is_generated_and_persisted(fresh_state, price):
    cited = [i.id for i in game_wire(GAME)[:2]]
    r, model, events = run([answer(round(price + 0.2, 4), cited)])
    assert r.path == ["assess_event_timeline", "fetch_news", "estimate_probability", "calculate_divergence", "generate_signal"]
    assert r.exit == "signal" and model.calls == 1
    stored = SignalStore(state_store()).get(r.signal["id"])
    assert stored is not None and stored.status == "pending"
    assert stored.ev == pytest.approx(0.2, abs=1e-4) and stored.direction == "yes" and stored.confidence == "high"
    assert stored.price == price and stored.question == "GSW beats OKC on 2025-01-29"
    assert stored.expires_at == dt.datetime(2025, 1, 30, tzinfo=dt.timezone.utc)
    assert stored.created_at < stored.expires_at
    assert [c.id for c in stored.cited_news] == cited
    assert stored.cited_news[0].text == game_wire(GAME)[0].text
    assert [e["node"] for e in events] == ["assess_event_timeline", "fetch_news", "estimate_probability", "calculate_divergence", "generate_signal"]


def test_a_lower_threshold_turns_the_same_estimate_into_a_signal(fresh_state, price):
    r, _, _ = run([answer(round(price - 0.03, 4))], threshold=0.02)
    assert r.exit == "signal" and r.signal["direction"] == "no" and r.signal["confidence"] == "low"


def test_invalid_output_is_retried_once(fresh_state, price):
    r, model, events = run(["I think GSW wins, maybe 60%.", answer(round(price + 0.1, 4))])
    assert model.calls == 2 and r.exit == "signal" and r.estimate["attempts"] == 2
    retry_prompt = model.tape.seen[1]["messages"][-1].content
    assert "rejected" in retry_prompt and "no JSON object" in retry_prompt
    steps = [e["text"] for e in events if e["node"] == "estimate_probability"]
    assert steps[0].startswith("attempt 1: rejected") and "after 1 retry" in steps[1]


@pytest.mark.parametrize("bad,why", [
    (answer(1.4), "probability"),
    (answer(0.5, confidence="certain"), "confidence"),
    (answer(0.5, key_factors=[]), "key_factors"),
    (answer(0.5, key_factors=["a", "b", "c", "d", "e", "f"]), "key_factors"),
    (answer(0.5, cited=[]), "cited_news_ids"),
    (answer(0.5, cited=["20250129-GSW-absence-madeup01"]), "not in the news given"),
    (AIMessage(content='{"probability": 0.5, "reasoning": '), "JSON"),
])
def test_invalid_twice_ends_with_the_error(fresh_state, bad, why):
    r, model, _ = run([bad, bad])
    assert r.path == ["assess_event_timeline", "fetch_news", "estimate_probability"] and r.exit == "estimate_failed"
    assert model.calls == 2 and why in r.error and r.signal is None and r.divergence is None


def test_blind_prompt_hides_the_price_and_anchored_shows_it(fresh_state, price):
    _, blind, _ = run([answer(0.5)], mode="blind")
    _, anchored, _ = run([answer(0.5)], mode="anchored")
    blind_text = blind.tape.seen[0]["messages"][-1].content
    anchored_text = anchored.tape.seen[0]["messages"][-1].content
    assert f"{price:.3f}" not in blind_text and "not shown (blind mode)" in blind_text
    assert f"Market price (no-vig P(GSW wins)): {price:.4f}" in anchored_text
    for i in game_wire(GAME):
        assert f"[{i.id}]" in blind_text


def test_offline_model_fills_the_schema_from_the_estimator(fresh_state):
    from agents.offline.signals_model import OfflineSignalsModel

    for mode in ("blind", "anchored"):
        r = SignalsPod(model=OfflineSignalsModel()).run_game(GAME, mode)
        e = estimate(GAME, mode=mode, price=r.price if mode == "anchored" else None)
        assert r.estimate["probability"] == e.probability and r.estimate["cited_news_ids"] == e.cited_news_ids
        assert r.estimate["reasoning"].startswith("model: transparent offline estimator")


def test_run_day_covers_every_game_and_a_rerun_keeps_the_first_signal(fresh_state):
    pod = SignalsPod(provider="offline")
    day = pod.run_day(dt.date(2025, 1, 29))
    assert [g.game_id for g in day.games] == [g["game_id"] for g in pod.games(dt.date(2025, 1, 29))] and len(day.games) == 11
    assert {g.exit for g in day.games} <= {"signal", "below_threshold", "no_news"}
    assert [s["id"] for s in day.signals] == [g.signal["id"] for g in day.games if g.exit == "signal"]
    again = pod.run_day(dt.date(2025, 1, 29))
    assert [s["id"] for s in again.signals] == [s["id"] for s in day.signals]
    assert len(SignalStore(state_store()).list()) == len(day.signals)
