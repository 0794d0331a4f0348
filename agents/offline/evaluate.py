"""Scores the offline planner's understanding on a labelled set (the held-out paraphrases,
tests/golden/heldout/cases.json): intent, first-round tools, slots, clarify and "didn't follow".

A case passes when everything it names is right: the intent, one of its tools in the first round
of calls (or none when it lists none), every slot, and a clarifying question exactly when asked
for. Used by bench/nlu.py and tests/golden/test_heldout.py; never by the model's build.
"""
from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path

from agents.core.intents import Intent
from agents.offline.nlu import Parsed, parse
from agents.offline.plans import next_calls
from services.league.lookup import fold

HELDOUT = Path(__file__).resolve().parents[2] / "tests" / "golden" / "heldout" / "cases.json"
PUNTS = HELDOUT.with_name("punts.json")  # punt phrasings (issue #25), written before the punt rules
REGISTER = HELDOUT.parents[1] / "register" / "cases.json"  # group-chat register by class (issue #42), written first


def load(path: Path = HELDOUT) -> tuple[dt.date, list[dict]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return dt.date.fromisoformat(data["as_of"]), data["cases"]


def read_thread(questions: list[str], as_of: dt.date) -> Parsed:
    """The last question read as the planner reads it in a thread (each earlier one with its predecessor)."""
    prev = None
    for q in questions[:-1]:
        here = parse(q, as_of, prev)
        if here.act not in ("nonsense", "general_smalltalk", "clarify"):
            prev = here.parts[-1] if here.parts else here
    return parse(questions[-1], as_of, prev)


def first_tools(p: Parsed, as_of: dt.date) -> list[str]:
    """What the turn does first: a desk or pod node, the optimizer's nodes, or the planner's tool calls."""
    if p.intent == Intent.MARKET_DESK:
        return ["desk"]
    if p.intent == Intent.MARKET_EDGES:
        return ["pod"]
    if p.wants_moves and not p.move:
        return ["optimizer"]
    return [name for name, _ in next_calls(p, {}, as_of)]


def _slot_value(p: Parsed, key: str):
    if key == "players":
        return sorted(fold(n) for n in p.players)
    if key in ("categories", "punt"):
        return sorted(getattr(p, key))
    if key == "day":
        return p.day.isoformat() if p.day else None
    if key in ("drop", "add"):
        return fold(p.move[0 if key == "drop" else 1]) if p.move else None
    return getattr(p, key)


def _want(key: str, value):
    if key == "players":
        return sorted(fold(n) for n in value)
    if key in ("categories", "punt"):
        return sorted(value)
    if key in ("drop", "add"):
        return fold(value)
    if key in ("amount", "odds", "line") and value is not None:
        return float(value)
    return value


def _part_problems(p: Parsed, want: dict, as_of: dt.date, label: str) -> tuple[bool, bool, dict, list[str]]:
    """(intent right, tools right, slot checks, problems) of one request against what it must yield."""
    tools = first_tools(p, as_of)
    want_tools = want.get("tools", [])
    tools_ok = (not tools) if not want_tools else any(t in tools for t in want_tools)
    slots = {k: (_slot_value(p, k) == _want(k, v)) for k, v in want.get("slots", {}).items()}
    intent_ok = p.intent.value == want["intent"]
    problems = ([] if intent_ok else [f"{label}intent {p.intent.value} ({p.act} {p.confidence})"])
    problems += [] if tools_ok else [f"{label}tools {tools}"]
    problems += [f"{label}slot {k}={_slot_value(p, k)!r}" for k, ok in slots.items() if not ok]
    return intent_ok, tools_ok, slots, problems


def _score_parts(case: dict, p: Parsed, as_of: dt.date, ms: float) -> dict:
    """A message with several requests: each part read and planned in turn, in order."""
    parts = list(getattr(p, "parts", []) or [])
    problems = [] if len(parts) == len(case["parts"]) else [f"{len(parts) or 1} request(s) read, not {len(case['parts'])}"]
    intents, tools, slots = [], [], {}
    for k, (got, want) in enumerate(zip(parts, case["parts"])):
        i_ok, t_ok, s, pr = _part_problems(got, want, as_of, f"part {k + 1}: ")
        intents.append(i_ok)
        tools.append(t_ok)
        slots.update({f"{k + 1}.{name}": ok for name, ok in s.items()})
        problems += pr
    intent_ok = p.intent.value == case["intent"] and all(intents) and len(parts) == len(case["parts"])
    tools_ok = bool(tools) and all(tools) and len(parts) == len(case["parts"])
    return {"id": case["id"], "class": case.get("class"), "intent_ok": intent_ok, "tools_ok": tools_ok,
            "slots": slots, "clarified": p.act == "clarify", "clarify_ok": p.act != "clarify", "unknown_ok": not p.unknown,
            "passed": not problems, "problems": problems, "ms": ms}


def score_case(case: dict, as_of: dt.date) -> dict:
    t0 = time.perf_counter()
    p = read_thread([*case.get("context", []), case["q"]], as_of)
    ms = (time.perf_counter() - t0) * 1000
    if case.get("parts"):
        return _score_parts(case, p, as_of, ms)
    tools = first_tools(p, as_of)
    want_tools = case.get("tools", [])
    tools_ok = (not tools) if not want_tools else any(t in tools for t in want_tools)
    slots = {k: (_slot_value(p, k) == _want(k, v)) for k, v in case.get("slots", {}).items()}
    clarify_ok = (p.act == "clarify") == bool(case.get("clarify"))
    unknown_ok = p.unknown == bool(case.get("unknown"))
    intent_ok = p.intent.value == case["intent"]
    problems = ([] if intent_ok else [f"intent {p.intent.value} ({p.act} {p.confidence})"])
    problems += [] if tools_ok else [f"tools {tools}"]
    problems += [f"slot {k}={_slot_value(p, k)!r}" for k, ok in slots.items() if not ok]
    problems += [] if clarify_ok else [f"clarify {p.act == 'clarify'}"]
    problems += [] if unknown_ok else [f"unknown {p.unknown}"]
    return {"id": case["id"], "class": case.get("class"), "intent_ok": intent_ok, "tools_ok": tools_ok, "slots": slots,
            "clarified": p.act == "clarify", "clarify_ok": clarify_ok, "unknown_ok": unknown_ok,
            "passed": not problems, "problems": problems, "ms": ms}


def figures(rows: list[dict]) -> dict:
    n = len(rows)
    slot_checks = [ok for r in rows for ok in r["slots"].values()]
    return {"cases": n,
            "case_accuracy": round(sum(r["passed"] for r in rows) / n, 3),
            "intent_accuracy": round(sum(r["intent_ok"] for r in rows) / n, 3),
            "tool_accuracy": round(sum(r["tools_ok"] for r in rows) / n, 3),
            "slot_accuracy": round(sum(slot_checks) / max(1, len(slot_checks)), 3),
            "slots_checked": len(slot_checks),
            "clarify_rate": round(sum(r["clarified"] for r in rows) / n, 3),
            "clarify_correct": round(sum(r["clarify_ok"] for r in rows) / n, 3),
            "follow_up_cases": sum(1 for r in rows if r["id"].startswith("fu"))}


def per_class(rows: list[dict]) -> dict[str, dict]:
    """Cases fully right per class (the new-register set's classes, or the held-out split's acts)."""
    out: dict[str, dict] = {}
    for r in rows:
        c = out.setdefault(r.get("class") or "all", {"cases": 0, "passed": 0})
        c["cases"] += 1
        c["passed"] += r["passed"]
    return {k: v | {"accuracy": round(v["passed"] / v["cases"], 3)} for k, v in sorted(out.items())}


def evaluate(path: Path = HELDOUT) -> tuple[dict, list[dict]]:
    as_of, cases = load(path)
    rows = [score_case(c, as_of) for c in cases]
    return figures(rows), rows


SPLIT = REGISTER.with_name("split.json")  # the register corpus's held-out author style (issue #42)


def evaluate_split(path: Path = SPLIT) -> tuple[dict, list[dict]]:
    """The held-out split of the register corpus: each line's intent through the whole parse (a
    clarifying question counts as general advice, which is right only for the vague acts), per act."""
    from agents.offline.nlu_model import intent_of

    as_of, cases = load(path)
    rows = []
    for k, c in enumerate(cases):
        p = read_thread([c["q"]], as_of)
        want = intent_of(c["act"])
        ok = p.intent == want and (p.act != "clarify" or c["act"] in ("vague", "general_why", "general_explain"))
        rows.append({"id": f"split{k}", "class": c["act"], "q": c["q"], "passed": ok, "got": p.act,
                     "problems": [] if ok else [f"{p.intent.value} ({p.act} {p.confidence})"]})
    n = len(rows)
    return {"cases": n, "intent_accuracy": round(sum(r["passed"] for r in rows) / n, 3)}, rows
