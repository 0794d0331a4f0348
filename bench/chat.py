"""Benchmark of whole chat turns, offline: latency per scenario and model calls per scenario.

Each scenario is asked 50 times (fresh thread each time, after one warm-up) through the runtime
with the offline planner, so the time covers intent, planning, every tool over the real data,
the answer, the approval interrupt and the checkpoint and audit writes. Model calls are counted
twice: with the offline planner and with a scripted tool-calling model that plans the way a real
LLM would (parallel calls per round), so the figure is not flattered by the planner.

    python bench/chat.py [--json] [--runs 50]
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "agents"))  # the scripted chat model lives with the tests
os.environ.setdefault("COURTSIDE_HOME", tempfile.mkdtemp(prefix="courtside-chat-bench-"))
from services.store.build import install  # noqa: E402 (after the home is chosen)
install()  # a fresh home's database is built on first use (the store does not import its builder)

SCENARIOS = {
    "simple_status": "What's Jokic's status?",
    "game_log": "How has Haliburton played his last 5 games?",
    "free_agent_scan": "Who should I stream for the rest of this week? I'm down in assists and steals.",
    "full_review": "Review my matchup and help me optimize for this week without destroying my team.",
}
TARGETS = {"simple_status_p50_ms": 100.0, "full_review_p50_ms": 800.0, "max_llm_calls": 4}


def scripted_turns(name: str):
    """What a tool-calling model would do for each scenario: (intent label, turns)."""
    from scripted import call, tools_msg

    if name == "simple_status":
        return "player_research", [tools_msg(call("get_player_status", name="jokic")), "Jokic is active."]
    if name == "game_log":
        return "player_research", [tools_msg(call("get_player_game_log", name="haliburton", last_n=5)), "Here is his log."]
    if name == "free_agent_scan":
        return "free_agent_scan", [
            tools_msg(call("get_matchup_details"), call("get_free_agents", target_categories=["AST", "STL"],
                                                        healthy_only=True, min_games_remaining=1)),
            tools_msg(*[call("validate_slot_fit", add=n) for n in ("Ayo Dosunmu", "Payton Pritchard", "Malik Beasley")]),
            "Stream Ayo Dosunmu."]
    return "lineup_optimization", []  # the optimizer route needs no model calls after the label


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def bench_latency(assistant, question: str, runs: int) -> dict:
    first = time.perf_counter()
    warm = assistant.ask(question, f"warm-{time.time_ns()}")
    cold_ms = (time.perf_counter() - first) * 1000
    times = []
    for i in range(runs):
        t0 = time.perf_counter()
        r = assistant.ask(question, f"bench-{time.time_ns()}-{i}")
        times.append((time.perf_counter() - t0) * 1000)
        assert not r.get("refused") and r["answer"], r
    return {"p50_ms": round(statistics.median(times), 1), "p95_ms": round(pct(times, 0.95), 1),
            "first_ms": round(cold_ms, 1), "llm_calls": warm["llm_calls"], "tool_calls": len(warm["tool_calls"]),
            "cards": len(warm["pending_approvals"])}


def scripted_calls(name: str, question: str) -> int:
    from scripted import ScriptedChatModel

    from agents.core.runtime import Assistant

    label, turns = scripted_turns(name)
    model = ScriptedChatModel(turns, label=label)
    r = Assistant(model=model, provider="scripted").ask(question, f"scripted-{name}-{time.time_ns()}")
    assert r["intent"] == label and not r.get("refused"), r
    return r["llm_calls"]


def main(argv: list[str] | None = None) -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--runs", type=int, default=50)
    args = ap.parse_args(argv)
    from agents.core.runtime import Assistant

    assistant = Assistant(provider="offline")
    out = {}
    for name, q in SCENARIOS.items():
        row = bench_latency(assistant, q, args.runs)
        row["llm_calls_scripted"] = scripted_calls(name, q)
        out[name] = row
    most = max(max(r["llm_calls"], r["llm_calls_scripted"]) for r in out.values())
    checks = {"simple_status_p50_ms": out["simple_status"]["p50_ms"] <= TARGETS["simple_status_p50_ms"],
              "full_review_p50_ms": out["full_review"]["p50_ms"] <= TARGETS["full_review_p50_ms"],
              "max_llm_calls": most <= TARGETS["max_llm_calls"]}
    report = {"scenarios": out, "targets": TARGETS, "checks": checks, "runs": args.runs, "ok": all(checks.values())}
    if args.json:
        print(json.dumps(report))
    else:
        for name, r in out.items():
            print(f"{name:16s} p50 {r['p50_ms']:7.1f} ms  p95 {r['p95_ms']:7.1f} ms  first {r['first_ms']:7.1f} ms  "
                  f"model calls {r['llm_calls']} (scripted {r['llm_calls_scripted']})")
        print("targets:", json.dumps(TARGETS), "->", "ok" if report["ok"] else "MISSED", json.dumps(checks))
    return 0 if report["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
