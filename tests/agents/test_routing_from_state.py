"""Routing from state (issue #9 section 1): the classifier's structured `IntentLabel` decides the
route and the optimizer's request; the graph never parses the question, never reads the wall
clock and never imports the offline planner's rules.

Each test names the version it catches: today's main routed on a regex over the question
(`parse(...).wants_moves` with `dt.date.today()`), parse_intent re-parsed the text, and the
classifier fell back to keyword rules.
"""
from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest
from langchain_core.messages import HumanMessage
from scripted import ScriptedChatModel, build, call, run_graph, tools_msg

from agents.core.intents import Intent, IntentLabel
from agents.supervisor.graph import route_after_classify
from agents.supervisor.nodes import route_after_agent, route_after_tools
from agents.core.approvals import route_after_confirm

ROOT = Path(__file__).resolve().parents[2]
OPTIMIZER_PATH = ["classify_intent", "parse_intent", "gather_rosters", "analyze_schedule", "check_injuries",
                  "identify_candidates", "validate_moves", "compose_lineup", "summarize"]


def ask(text: str) -> dict:
    return {"messages": [HumanMessage(text)]}


@pytest.fixture
def source(demo_source):
    return demo_source()


# --- the graph's own code ---------------------------------------------------------------

def _modules(*packages: str):
    for pkg in packages:
        yield from sorted((ROOT / pkg).glob("*.py"))


@pytest.mark.parametrize("path", list(_modules("agents/supervisor", "agents/matchup_optimizer")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_graph_modules_neither_import_the_offline_rules_nor_read_the_wall_clock(path):
    tree = ast.parse(path.read_text())
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module] + \
        [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m == "agents.offline" or m.startswith("agents.offline.")]
    clock_calls = [ast.unparse(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)
                   and isinstance(n.func, ast.Attribute) and n.func.attr in ("today", "now", "utcnow")]
    assert clock_calls == []  # main: route_after_classify called dt.date.today()


@pytest.mark.parametrize("router, routes", [
    (route_after_classify, {"agent", "parse_intent", "market_desk", "find_edges"}),
    (route_after_agent, {"tools", "synthesize"}),
    (route_after_tools, {"agent", "synthesize"}),
    (route_after_confirm, {"present_and_confirm", "__end__"}),
])
def test_every_router_returns_a_literal(router, routes):
    hint = typing.get_type_hints(router)["return"]
    assert typing.get_origin(hint) is typing.Literal and set(typing.get_args(hint)) == routes


def label(**kw) -> dict:
    return IntentLabel(**kw).model_dump(mode="json")


@pytest.mark.parametrize("state, route", [
    ({"intent": "lineup_optimization", "intent_label": label(intent="lineup_optimization", wants_moves=True)},
     "parse_intent"),
    # a model may call a request for moves a matchup question: the flag decides, not the label's name
    ({"intent": "matchup_analysis", "intent_label": label(intent="matchup_analysis", wants_moves=True)},
     "parse_intent"),
    ({"intent": "lineup_optimization", "intent_label": label(intent="lineup_optimization")}, "agent"),
    # a move the user named is evaluated by the agent (evaluate_move), not searched for
    ({"intent": "free_agent_scan", "intent_label": label(intent="free_agent_scan", wants_moves=True,
                                                         drop="Joel Embiid", add="Jrue Holiday")}, "agent"),
    ({"intent": "market_desk", "intent_label": label(intent="market_desk", wants_moves=True)}, "market_desk"),
    ({"intent": "market_edges", "intent_label": label(intent="market_edges")}, "find_edges"),
    ({"intent": "general_advice"}, "agent"),
    # the question's words are not read: main sent this one to the optimizer by regex
    ({"intent": "lineup_optimization", "intent_label": label(intent="lineup_optimization"),
      "messages": [HumanMessage("Review my matchup and help me optimize for this week.")]}, "agent"),
])
def test_route_after_classify_reads_the_label_in_state(state, route):
    assert route_after_classify(state) == route


# --- the graph with a scripted model ----------------------------------------------------

def test_a_label_that_wants_moves_reaches_the_optimizer_whatever_the_words(source):
    model = ScriptedChatModel([], label=IntentLabel(intent="matchup_analysis", wants_moves=True))
    run = run_graph(build(model, source), ask("go"))
    assert run.path == OPTIMIZER_PATH
    assert model.calls == 0 and run.interrupts and run.interrupts[0].value["cards"]


def test_optimizing_words_without_the_flag_stay_on_the_agent(source):
    # main: the regex over the text overrode the model's label and ran the optimizer
    model = ScriptedChatModel([tools_msg(call("get_matchup")), "The matchup is close."],
                              label=IntentLabel(intent="lineup_optimization"))
    run = run_graph(build(model, source), ask("Review my matchup and help me optimize for this week."))
    assert run.path[:3] == ["classify_intent", "agent", "tools"]
    assert "parse_intent" not in run.path


def test_parse_intent_takes_the_request_from_the_label_not_the_text(source, csv_players):
    wanted = IntentLabel(intent="lineup_optimization", wants_moves=True, allow_drop=["Joel Embiid"],
                         this_week_only=True, target_categories=["blocks", "AST", "not a category"])
    model = ScriptedChatModel([], label=wanted)
    run = run_graph(build(model, source), ask("go"))  # main re-parsed "go": nobody allowed, no mode, no categories
    embiid = next(pid for pid, p in csv_players.items() if "Joel Embiid" in p["box_score_names"])
    assert run.state["allow_drop"] == [embiid]
    assert run.state["advice_mode"] == "this_week"
    assert run.state["target_categories"] == ["BLK", "AST"]
    assert run.state["intent_label"]["wants_moves"] is True


@pytest.mark.parametrize("this_week_only, mode", [(False, "balanced"), (None, "this_week")])
def test_the_label_sets_the_mode_and_silence_keeps_the_threads(source, this_week_only, mode):
    model = ScriptedChatModel([], label=IntentLabel(intent="lineup_optimization", wants_moves=True,
                                                    this_week_only=this_week_only))
    run = run_graph(build(model, source), {**ask("go"), "advice_mode": "this_week"})
    assert run.state["advice_mode"] == mode


def test_an_unknown_allowed_drop_protects_everyone_and_is_said(source):
    model = ScriptedChatModel([], label=IntentLabel(intent="lineup_optimization", wants_moves=True,
                                                    allow_drop=["Zzyzx Qwerty"]))
    run = run_graph(build(model, source), ask("go"))
    assert run.path == OPTIMIZER_PATH and run.state["allow_drop"] == []
    [step] = [e for e in run.of("step") if e["node"] == "parse_intent"]
    assert "No player matches Zzyzx Qwerty" in step["text"]


def test_a_broken_classifier_never_reaches_the_optimizer(source):
    # main fell back to keyword rules, which sent this question to the optimizer
    model = ScriptedChatModel([tools_msg(call("get_matchup")), "Here is where you stand."], label=ValueError("bad"))
    run = run_graph(build(model, source), ask("Review my matchup and help me optimize for this week."))
    assert run.state["intent"] == Intent.GENERAL_ADVICE and run.state["intent_label"]["wants_moves"] is False
    assert run.path[:2] == ["classify_intent", "agent"]


def test_a_recorded_gemini_label_routes_the_turn(source):
    """Gemini's JSON structured output (as the API sends it) fills the label; the graph routes on it."""
    import json

    from google.genai import types
    from langchain_google_genai import ChatGoogleGenerativeAI

    gemini = ChatGoogleGenerativeAI(model="gemini-2.5-flash", google_api_key="AIzaFAKE-not-a-real-key-0000000000000",
                                    timeout=5, max_retries=0, temperature=0)
    reply = {"intent": "matchup_analysis", "wants_moves": True, "allow_drop": ["Embiid"], "this_week_only": True,
             "target_categories": ["steals"], "players": ["Embiid"], "drop": None, "add": None}
    requests = []

    def replay(*, model, contents, config):
        requests.append(config)
        assert config.response_mime_type == "application/json"  # only the classifier may call: no tool loop
        return types.GenerateContentResponse.model_validate({"candidates": [{
            "content": {"role": "model", "parts": [{"text": json.dumps(reply)}]}, "finishReason": "STOP", "index": 0}]})

    gemini.client.models.generate_content = replay
    run = run_graph(build(gemini, source), ask("Can you sort out my week? Embiid can go if he must. Steals only."))
    assert run.path == OPTIMIZER_PATH and len(requests) == 1
    assert run.state["advice_mode"] == "this_week" and run.state["target_categories"] == ["STL"]
    assert run.state["allow_drop"] == [source.resolve("Joel Embiid")]
