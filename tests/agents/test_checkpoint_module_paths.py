"""An existing COURTSIDE_HOME survives a move of our modules (issue #21's regroup).

LangGraph's serializer (JsonPlusSerializer, msgpack) stores an object it does not know natively as
(module, class, data) and imports that module again on load: a pydantic model of ours in graph state
(a `Card`, say) would tie every saved thread to its module's path, and the regroup moved the
contracts into `agents/core/`. Our graphs keep plain JSON in state (cards as `Card.model_dump()`,
the intent label as a dump), so the only classes a checkpoint names are LangChain's messages and
LangGraph's own types. These tests fail if a module path of ours ever reaches a checkpoint, and show
the serializer would store one if a model were put there.
"""
from __future__ import annotations

import re
import sqlite3

from langgraph.checkpoint.serde.jsonplus import JsonPlusSerializer

from agents.core.contracts import TextEvent

OURS = re.compile(rb"(?<![\w.])(?:agents|services|pages|api)\.[a-z_]+(?:\.[a-z_]+)*")


def _module_paths(home) -> set[bytes]:
    """Every dotted `agents.`/`services.` name in the checkpoint store's rows, blobs included."""
    con = sqlite3.connect(str(home / "checkpoints.sqlite"))
    try:
        found = set()
        for table in ("checkpoints", "writes"):
            for row in con.execute(f"SELECT * FROM {table}"):  # noqa: S608 - our own two table names
                for value in row:
                    found |= set(OURS.findall(value if isinstance(value, bytes) else str(value).encode()))
        return found
    finally:
        con.close()


def test_the_serializer_would_store_a_module_path_for_a_model_of_ours():
    """Why the rule matters: a model of ours in state is saved with its module's dotted path."""
    event = TextEvent(type="answer", text="hi")
    kind, blob = JsonPlusSerializer().dumps_typed({"events": [event]})
    assert kind == "msgpack" and b"agents.core.contracts" in blob
    _, plain = JsonPlusSerializer().dumps_typed({"events": [event.model_dump()]})
    assert not OURS.search(plain)


def test_a_thread_with_cards_a_decision_and_a_user_move_names_none_of_our_modules(fresh_state, demo_source):
    from agents.core.runtime import Assistant

    a = Assistant(provider="offline")
    first = a.ask("Who should I pick up?", "paths")
    assert first["pending_approvals"], "the pickup turn offers cards (they wait at the interrupt)"
    a.resume("paths", "approve", first["pending_approvals"][0]["move_id"])
    a.ask("Should I drop Bol Bol for Jusuf Nurkic?", "paths")  # the user-move tool's card artifact
    a.ask("How is my matchup going?", "paths")
    assert (fresh_state.home / "checkpoints.sqlite").stat().st_size > 0
    assert _module_paths(fresh_state.home) == set()
