"""Classes of listening failure fixed in session 24 (issue #36), one test per class over phrasings of
our own (no held-out set's wording):

- a kept position of mine ("I'd rather keep my guards", "not trading my centers") reaches the trade
  search: the finder never sends a player of mine eligible there (it had no such argument, so the
  frame's `keep_positions` was silently dropped for trades), whatever fills the argument (the offline
  planner's frame, or a real model's call);
- a clause after a question that only keeps a position or rules out a team ("any trade for blocks? not
  trading my centers", "who's the best pickup? nobody from phoenix") is the first request's constraint,
  not a second request of its own (the message was answered twice, the second time without the first's
  targets, under "Not applied: ... no player I know by that").

Each fails on e460c98 (main before these fixes), said per test.
"""
from __future__ import annotations

import json

import pytest

from services.models import ServiceError
from tests.agents.test_conversation_classes import AS_OF

BLK = ["BLK"]


def _eligible(src, name: str) -> list[str]:
    return src.history().snapshot.players[src.resolve_id(name)].ref.eligible


def test_the_finder_never_sends_a_player_of_a_kept_position(demo_source):
    """Without the lock the blocks search sends centers of mine (so the lock has work to do); with it none
    of the trades sends a C-eligible player of mine, the search says whom it keeps, and a named give still
    goes. Fails on e460c98: find_trades took no keep_positions (TypeError)."""
    from services.trades.find import find_trades

    src = demo_source(AS_OF, "categories")
    free = find_trades(src, targets=BLK, limit=5)
    assert any("C" in _eligible(src, n) for t in free.trades for n in t.give)
    kept = find_trades(src, targets=BLK, limit=5, keep_positions=["C"])
    assert kept.trades and kept.keep_positions == ["C"]
    assert all("C" not in _eligible(src, n) for t in kept.trades for n in t.give)
    assert "keeping my C" in kept.headline and kept.candidates < free.candidates
    centers = [e.player.name for e in src.roster().entries if "C" in e.player.eligible and not e.on_ir]
    assert centers and all(c in kept.headline for c in centers)
    named = find_trades(src, give=[centers[0]], limit=3, keep_positions=["C"])
    assert named.trades and all(centers[0] in t.give for t in named.trades)
    with pytest.raises(ServiceError, match="Unknown positions"):
        find_trades(src, targets=BLK, keep_positions=["Q"])


@pytest.mark.parametrize("text,pos", [
    ("any trade for blocks? not trading my centers", "C"),
    ("find me a rebounds trade but I'd rather keep my guards", "G"),
])
def test_a_kept_position_reaches_the_trade_search_once(make_assistant, text, pos):
    """One search, with the asked category and the kept position; no row sends a player of mine eligible
    there, and nothing says the lock was not applied. Fails on e460c98: the lock never reached the finder
    (all rows could send one), and the first phrasing ran two searches, the second without its target,
    under 'Not applied: not trading my centers (no player I know by that)'."""
    from tests.conversations import checks as K

    a = make_assistant(scoring="categories")
    r = a.ask(text, f"s24-keep-{pos}")
    calls = [c["args"] for c in r["tool_calls"] if c["name"] == "find_trades"]
    assert len(calls) == 1, calls
    assert calls[0].get("keep_positions") == [pos] and calls[0].get("targets")
    gives = K.table_column(r["answer"], "You give")
    assert gives and all(pos not in _eligible(a.source, n) for g in gives for n in g.split(" + "))
    assert "Not applied" not in r["answer"]


def test_a_models_kept_position_reaches_the_finder():
    """A real model's call (scripted) with keep_positions=['C']: the tool takes it and no trade it returns
    sends a center of mine. Fails on e460c98, whose schema had no such field (the call was refused)."""
    from langchain_core.messages import HumanMessage

    from services.league.demo_source import DemoSource
    from services.store.state import state_store
    from tests.agents.scripted import ScriptedChatModel, build, call, run_graph, tools_msg

    model = ScriptedChatModel([tools_msg(call("find_trades", targets=BLK, keep_positions=["C"], limit=3)),
                               "Here are three."])
    src = DemoSource(AS_OF, "categories", store=state_store())
    run = run_graph(build(model, src), {"messages": [HumanMessage("blocks trade, but my bigs stay")]}, "s24")
    [tm] = [m for m in run.tool_messages if m.name == "find_trades"]
    data = json.loads(tm.content)
    data = data.get("data", data)
    assert data["keep_positions"] == ["C"] and len(data["trades"]) == 3
    assert all("C" not in _eligible(src, n) for t in data["trades"] for n in t["give"])


@pytest.mark.parametrize("text,arg,want", [
    ("who's the best pickup? nobody from phoenix", "not_teams", ["PHO"]),
    ("best streamer this week? no lakers guys", "not_teams", ["LAL"]),
])
def test_a_team_ruled_out_after_the_question_is_its_constraint(text, arg, want):
    """The team clause is the pickup's constraint and the list is asked once, with the team left out. Fails
    on e460c98: the clause was no constraint there (`constraint_only` false), so a message whose second
    piece parses as a request of its own was split and answered twice."""
    from agents.offline.multi import constraint_only, pieces
    from tests.agents.test_conversation_classes import plan

    assert constraint_only(pieces(text)[-1])
    calls = [c["args"] for c in plan(text).tool_calls if c["name"] == "get_free_agents"]
    assert len(calls) == 1 and calls[0].get(arg) == want
