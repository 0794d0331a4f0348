"""The regression golden set (tests/golden/regression/golden_dataset.json) through the runtime.

It may check the offline planner's own wording (answer_contains); the wording-free evaluation any
model can take is tests/golden/test_facts.py.

Figures: intent accuracy, required-tool recall (tools, or optimizer nodes as `node:<name>`) and
answer grounding (every decimal number in the answer appears in that turn's tool results, cards
or optimizer data, allowing rounding; plus each case's contains/excludes/cards/model-call checks).
Each must be >= 95%. The same runner drives Gemini when GOOGLE_API_KEY is set (marker `live`).
"""
from __future__ import annotations

import datetime as dt
import json
import os
import re
from pathlib import Path

import pytest

from services.config import reset_settings_cache

DATASET = Path(__file__).resolve().parents[1] / "golden" / "regression" / "golden_dataset.json"
THRESHOLD = 0.95
DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.]*\d)")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def load_cases() -> list[dict]:
    return json.loads(DATASET.read_text(encoding="utf-8"))["cases"]


def grounded(value: str, pool: list[float]) -> bool:
    x, places = float(value), len(value.split(".")[1])
    tol = 0.5 * 10 ** -places + 1e-9
    return any(abs(abs(y) - x) <= tol for y in pool)


def run_case(assistant, case: dict) -> dict:
    """Runs one case in its own thread; returns what the figures need."""
    thread = f"golden-{case['id']}"
    for q in case.get("thread_setup", []):
        r = assistant.ask(q, thread)
        if r["pending_approvals"]:
            assistant.resume(thread, "decline")
    events = list(assistant.stream_turn(case["question"], thread))
    result = events[-1]["result"]
    tools = [c["name"] for c in result["tool_calls"]] + [f"node:{e['node']}" for e in events if e["type"] == "step"]
    sources = [str(e.get("result", "")) for e in events if e["type"] == "tool_end"]
    sources += [json.dumps(e["cards"]) for e in events if e["type"] == "approvals"]
    sources += [e["text"] for e in events if e["type"] in ("progress", "step")]
    if any(t.startswith("node:") for t in tools):  # the optimizer reads its state and the matchup service
        values = assistant.graph.get_state(assistant.config(thread)).values
        sources += [json.dumps(values.get("weekly_lineup", {})), json.dumps(values.get("valid_moves", [])),
                    assistant.source.matchup().model_dump_json()]
    pool = [float(n) for n in NUMBER.findall(" ".join(sources) + " " + case["question"])]
    answer = result["answer"]
    ungrounded = [v for v in DECIMAL.findall(answer) if not grounded(v, pool)]
    g = case["grounding"]
    problems = [f"ungrounded numbers {ungrounded}"] if ungrounded else []
    problems += [f"missing {s!r}" for s in g["answer_contains"] if s.lower() not in answer.lower()]
    problems += [f"contains {s!r}" for s in g["answer_excludes"] if s.lower() in answer.lower()]
    n_cards = len(result["pending_approvals"])
    if not g["cards"]["min"] <= n_cards <= g["cards"]["max"]:
        problems.append(f"{n_cards} cards, expected {g['cards']}")
    if result["llm_calls"] > g["max_llm_calls"]:
        problems.append(f"{result['llm_calls']} model calls > {g['max_llm_calls']}")
    if result["transactions"]:
        problems.append("a transaction without approval")
    if result["pending_approvals"]:
        assistant.resume(thread, "decline")
    found = [t for t in case["required_tools"] if t in tools]
    return {"id": case["id"], "intent_ok": result["intent"] == case["expected_intent"], "intent": result["intent"],
            "required": len(case["required_tools"]), "found": len(found), "missing_tools": sorted(set(case["required_tools"]) - set(found)),
            "grounded": not problems, "problems": problems, "numbers": len(DECIMAL.findall(answer))}


def evaluate(make_assistant) -> dict:
    assistants: dict = {}
    rows = []
    for case in load_cases():
        as_of = dt.date.fromisoformat(case["as_of"]) if case.get("as_of") else None
        if as_of not in assistants:
            assistants[as_of] = make_assistant(as_of=as_of)
        rows.append(run_case(assistants[as_of], case))
    n = len(rows)
    figures = {"cases": n,
               "intent_accuracy": round(sum(r["intent_ok"] for r in rows) / n, 3),
               "tool_recall": round(sum(r["found"] for r in rows) / max(1, sum(r["required"] for r in rows)), 3),
               "grounding": round(sum(r["grounded"] for r in rows) / n, 3),
               "numbers_checked": sum(r["numbers"] for r in rows)}
    failures = [r for r in rows if not (r["intent_ok"] and not r["missing_tools"] and r["grounded"])]
    print("\ngolden figures:", json.dumps(figures))
    for r in failures:
        print("  FAIL", r["id"], r["intent"], r["missing_tools"], r["problems"])
    return figures | {"failures": failures}


def test_dataset_shape():
    cases = load_cases()
    ids = [c["id"] for c in cases]
    assert len(cases) >= 40 and len(set(ids)) == len(ids)
    for required in ("agentic_player_research_01", "agentic_player_research_02", "agentic_matchup_optimize_01",
                     "agentic_matchup_optimize_02", "agentic_streaming_validate_01", "agentic_injury_reeval_01",
                     "agentic_lineup_compose_01", "agentic_loop_guard_01", "scenario_a_matchup_review",
                     "scenario_b_midweek_streaming", "scenario_c_dtd_hold_or_stream", "scenario_d_who_sits"):
        assert required in ids
    intents = {c["expected_intent"] for c in cases}
    assert intents == {"player_research", "free_agent_scan", "matchup_analysis", "lineup_optimization", "general_advice"}
    for c in cases:
        assert {"id", "question", "expected_intent", "required_tools", "grounding"} <= set(c)


def test_grounding_allows_rounding_only():
    assert grounded("13.8", [13.8]) and grounded("28.8", [28.77]) and grounded("81.0", [81])
    assert not grounded("28.9", [28.77]) and not grounded("12.5", [1.25])


def test_golden_offline(make_assistant):
    figures = evaluate(lambda as_of: make_assistant(provider="offline", as_of=as_of))
    assert figures["intent_accuracy"] >= THRESHOLD, figures
    assert figures["tool_recall"] >= THRESHOLD, figures
    assert figures["grounding"] >= THRESHOLD, figures


@pytest.mark.live
@pytest.mark.skipif(not os.environ.get("GOOGLE_API_KEY"), reason="needs GOOGLE_API_KEY")
def test_golden_gemini(make_assistant):
    reset_settings_cache()
    figures = evaluate(lambda as_of: make_assistant(provider="gemini", as_of=as_of))
    assert figures["intent_accuracy"] >= THRESHOLD, figures
    assert figures["tool_recall"] >= THRESHOLD, figures
    assert figures["grounding"] >= THRESHOLD, figures
