"""The model learns why it is called and the league's date from run metadata the node passes
(agents/models/model_call.py), not from prompt text: the offline planner reads it, Gemini never sends it.

Caught on today's main: the planner took the as-of date from the system prompt by regex and spotted
the final answer by the words "FINAL ANSWER NOW"; its structured output was the intent alone.
"""
from __future__ import annotations

import datetime as dt
import json

import pytest
from langchain_core.messages import HumanMessage, SystemMessage
from langchain_core.tools import StructuredTool
from scripted import ScriptedChatModel, build, call, run_graph, tools_msg

from agents.core.intents import Intent, IntentLabel
from agents.models.model_call import METADATA_KEY, CallInfo, call_config
from agents.offline.planner import OfflinePlanner
from agents.supervisor.limits import Limits

AS_OF = dt.date(2025, 1, 29)


def _tool(name: str) -> StructuredTool:
    return StructuredTool.from_function(lambda **kw: "{}", name=name, description=name)


def planner_with(*names: str) -> OfflinePlanner:
    return OfflinePlanner().bind_tools([_tool(n) for n in names])


def test_the_planner_takes_the_date_from_the_call_not_the_prompt():
    planner = planner_with("compose_daily_lineup", "get_my_roster", "get_schedule")
    prompt = [SystemMessage("As-of date: 2025-01-15."), HumanMessage("Who should I start tomorrow?")]
    msg = planner.invoke(prompt, config=call_config(CallInfo(purpose="plan", as_of=AS_OF)))
    dates = [c["args"].get("date") for c in msg.tool_calls if c["name"] == "compose_daily_lineup"]
    assert dates == ["2025-01-30"]  # main read 2025-01-15 from the prompt and asked for 2025-01-16


def test_final_mode_comes_from_the_call_not_the_words():
    planner = planner_with("get_player_status", "get_player_game_log", "search_news")
    question = [HumanMessage("How is Joel Embiid doing?")]
    final = planner.invoke([*question, HumanMessage("Wrap it up.")],
                           config=call_config(CallInfo(purpose="final", as_of=AS_OF)))
    assert final.tool_calls == [] and "I stopped before finishing" in final.content  # answers now, unfinished
    worded = planner.invoke([HumanMessage("How is Joel Embiid doing? FINAL ANSWER NOW.")],
                            config=call_config(CallInfo(purpose="plan", as_of=AS_OF)))
    assert worded.tool_calls  # the words alone no longer switch modes (main: they did)


def _free_agent_turn(demo_source) -> list:
    from langchain_core.messages import ToolMessage

    from agents.tools import build_tools

    tool = next(t for t in build_tools(demo_source()) if t.name == "get_free_agents")
    asked = tools_msg(call("get_free_agents", position="C"))
    result = tool.invoke(asked.tool_calls[0]["args"])
    return [HumanMessage("Any good free agents at center?"), asked,
            ToolMessage(content=result, tool_call_id=asked.tool_calls[0]["id"], name="get_free_agents")]


def test_scoring_comes_from_the_call_not_the_prompt(demo_source):
    turn = [SystemMessage("ESPN-style league, points scoring."), *_free_agent_turn(demo_source)]
    answers = {s: OfflinePlanner().invoke(turn, config=call_config(CallInfo(purpose="final", as_of=AS_OF, scoring=s)))
               for s in ("points", "categories")}
    assert "FPts season" in answers["points"].content  # the points table
    assert "FPts season" not in answers["categories"].content  # main: the prompt's "points scoring" won


@pytest.mark.parametrize("question, expected", [
    ("Review my matchup and help me optimize for this week. OK to drop Embiid if needed.",
     dict(intent=Intent.LINEUP_OPTIMIZATION, wants_moves=True, allow_drop=["Joel Embiid"])),
    ("I only care about this week, make moves", dict(intent=Intent.LINEUP_OPTIMIZATION, wants_moves=True,
                                                     this_week_only=True)),
    ("Think about the season: what moves should I make?", dict(wants_moves=True, this_week_only=False)),
    ("Should I drop Embiid for Jrue Holiday?", dict(intent=Intent.FREE_AGENT_SCAN, wants_moves=False,
                                                    drop="Joel Embiid", add="Jrue Holiday")),
    ("Who should I start on Thursday?", dict(intent=Intent.LINEUP_OPTIMIZATION, wants_moves=False)),
    ("I need blocks and steals, who's out there?", dict(intent=Intent.FREE_AGENT_SCAN, wants_moves=False,
                                                         target_categories=["STL", "BLK"])),  # in order of the words' weight
    ("hi", dict(intent=Intent.GENERAL_ADVICE, wants_moves=False, players=[])),
])
def test_the_planner_fills_the_whole_label_by_rule(question, expected):
    classifier = OfflinePlanner().with_structured_output(IntentLabel)
    got = classifier.invoke([SystemMessage("label it"), HumanMessage(question)],
                            config=call_config(CallInfo(purpose="classify", as_of=AS_OF)))
    assert isinstance(got, IntentLabel)
    assert {k: getattr(got, k) for k in expected} == expected


class Recording(ScriptedChatModel):
    """The scripted model, noting the CallInfo each call carried."""

    def _generate(self, messages, stop=None, run_manager=None, **kwargs):
        self.tape.seen_info = [*getattr(self.tape, "seen_info", []), run_manager.metadata.get(METADATA_KEY)]
        return super()._generate(messages, stop, run_manager, **kwargs)


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_every_node_tells_the_model_why_it_calls_and_the_league_date(demo_source, scoring):
    source = demo_source(as_of=dt.date(2025, 1, 22), scoring=scoring)
    model = Recording([tools_msg(call("get_my_roster")), tools_msg(call("get_my_roster")), "unused"],
                      label="player_research")
    # one model round allowed: the second round is cut by the guard, so the synthesizer answers "final"
    run = run_graph(build(model, source, limits=Limits(max_model_rounds=1)), {"messages": [HumanMessage("roster?")]})
    assert run.path[-2:] == ["synthesize", "present_and_confirm"]
    info = [CallInfo.model_validate(i) for i in model.tape.seen_info]
    assert [i.purpose for i in info] == ["plan", "final"]
    assert {(i.as_of, i.scoring) for i in info} == {(dt.date(2025, 1, 22), scoring)}


def test_the_classifier_call_carries_the_info(demo_source):
    seen = []

    class Labeller(ScriptedChatModel):
        def with_structured_output(self, schema=IntentLabel, **kwargs):
            from langchain_core.runnables import RunnableLambda

            def label(_inp, config):
                seen.append(config["metadata"][METADATA_KEY])
                return IntentLabel(intent="general_advice")

            return RunnableLambda(label)

    source = demo_source(as_of=dt.date(2025, 1, 22))
    run_graph(build(Labeller(["Hello."]), source), {"messages": [HumanMessage("hello")]})
    assert [CallInfo.model_validate(s) for s in seen] == [CallInfo(purpose="classify", as_of=dt.date(2025, 1, 22))]


def test_gemini_never_sends_the_call_info(demo_source):
    from google.genai import types
    from langchain_google_genai import ChatGoogleGenerativeAI

    gemini = ChatGoogleGenerativeAI(model="gemini-2.5-flash", google_api_key="AIzaFAKE-not-a-real-key-0000000000000",
                                    timeout=5, max_retries=0, temperature=0)
    requests = []

    def replay(*, model, contents, config):
        requests.append((contents, config))
        return types.GenerateContentResponse.model_validate({
            "candidates": [{"content": {"role": "model", "parts": [{"text": "ok"}]}, "finishReason": "STOP", "index": 0}]})

    gemini.client.models.generate_content = replay
    gemini.invoke([HumanMessage("hi")], config=call_config(CallInfo(purpose="final", as_of=AS_OF)))
    [(contents, config)] = requests
    sent = json.dumps([c.model_dump(mode="json") for c in contents]) + (config.model_dump_json() if config else "")
    assert METADATA_KEY not in sent and "2025-01-29" not in sent
