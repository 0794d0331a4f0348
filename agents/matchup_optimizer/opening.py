"""The review's first words, streamed while the optimizer runs (issue #38: first token <= 300 ms).

The offline planner hands its review answer whole once `propose_moves` has run (~500 ms). Its first
paragraph, the scoreboard (banked score, projected final, win probability: `source.matchup()`), needs
no move scan, so it is written as soon as the request is read: streamed as an `answer_delta` right
after `parse_intent`, kept in the state as `matchup_line`, and the summary opens with the same line
(`write_summary`), so the streamed text is the start of the final answer, as every delta is.
"""
from __future__ import annotations

from typing import Callable

from agents.core.contracts import TextEvent
from agents.core.events import emit


def opening_line(source) -> str:
    """The matchup's scoreboard sentence, as the summary writes it."""
    return source.matchup().summary


def then_open_answer(node: Callable[[dict], dict], source) -> Callable[[dict], dict]:
    """`node` (parse_intent), then the scoreboard streamed as the answer's first words."""

    def run(state: dict) -> dict:
        out = node(state)
        line = opening_line(source)
        emit(TextEvent(type="answer_delta", text=line + "\n\n"))
        return {**out, "matchup_line": line}

    run.__name__ = getattr(node, "__name__", "node")
    return run
