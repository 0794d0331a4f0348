"""Edit and resend: the thread's last question replaced by an edited one, on a fork of its checkpoints.

As agent-chat-ui does it (its HumanMessage edit submits the new message from the parent checkpoint
of the state where the old one was first seen) and as LangGraph's time travel works: the newest
checkpoint that does not yet hold the last question is copied (`update_state(..., as_node="__copy__")`)
and becomes the thread's newest; the edited question then runs from there as any turn does. The
replaced question, its answer and the cards it offered (at the gate or set aside) are no longer in
the thread's state; the checkpoints they were in stay in the history (nothing is deleted), and the
question's audit record is marked replaced, so the thread's turns, titles and cards read the new
turn only. A question a decision came after cannot be replaced: the moves it led to stay applied.
"""
from __future__ import annotations

from langchain_core.messages import HumanMessage


class EditRefused(ValueError):
    """Why the last question cannot be replaced (one line, for the user)."""


def _last_question(messages: list) -> HumanMessage | None:
    return next((m for m in reversed(messages) if isinstance(m, HumanMessage)), None)


def rewind_last_question(graph, config: dict, store, thread_id: str) -> str:
    """Forks `thread_id` at the checkpoint before its last question (see the module docstring);
    returns that question. Raises EditRefused when there is none, or a decision came after it."""
    messages = graph.get_state(config).values.get("messages", [])
    last = _last_question(messages)
    if last is None:
        raise EditRefused("There is no question in this thread to edit.")
    records = store.turns(thread_id, limit=50)  # newest first: the last question's, if it was answered
    if records and str(records[0].get("question", "")).startswith("[decision]"):
        raise EditRefused("A card was decided after your last question, so it stays as asked: ask a new question "
                          "instead.")
    before = next((s for s in graph.get_state_history(config)
                   if all(getattr(m, "id", None) != last.id for m in s.values.get("messages", []))), None)
    if before is None:
        raise EditRefused("The thread's state before your last question is not kept; ask a new question instead.")
    graph.update_state(before.config, None, as_node="__copy__")
    if records and records[0].get("question") == last.content:  # a stopped question left no record
        store.mark_replaced(records[0]["turn_id"])
    return str(last.content)
