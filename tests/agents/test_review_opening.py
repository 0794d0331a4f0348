"""Issue #38: a full review's answer starts streaming while the optimizer scans the moves.

The offline planner wrote the review's answer whole after `propose_moves` (~500 ms of the turn), so
the chat's first words of a review came after the move scan. Now the scoreboard sentence (banked
score, projected final, win probability), which needs no move scan, is streamed right after the
request is read, and the final answer opens with it. Both tests fail on the code before: the review
streamed no `answer_delta` at all, and its answer opened with the top move.
"""
from __future__ import annotations

import pytest

from tests.services.test_scoreboard import _csv_banked

REVIEW = "Review my matchup and help me optimize for this week without destroying my team."


def _events(assistant, question: str, thread: str) -> list[dict]:
    return [e if isinstance(e, dict) else e.model_dump() for e in assistant.stream_turn(question, thread)]


def _first(events: list[dict], pred) -> int:
    return next(i for i, e in enumerate(events) if pred(e))


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_the_scoreboard_streams_before_the_move_scan_and_opens_the_answer(make_assistant, demo_source, csv_facts,
                                                                        scoring):
    events = _events(make_assistant(scoring=scoring), REVIEW, f"t-opening-{scoring}")
    first_words = _first(events, lambda e: e["type"] == "answer_delta")
    scan = _first(events, lambda e: e["type"] == "step" and e["node"] == "validate_moves")
    assert first_words < scan  # written while the moves are still to be scanned
    streamed = "".join(e["text"] for e in events if e["type"] == "answer_delta")
    answer = next(e["text"] for e in events if e["type"] == "answer")
    assert answer.startswith(streamed) and "**Top move" in answer[len(streamed):]  # the rest follows it

    src = demo_source(scoring=scoring)
    lg = src.league
    opp = lg.opponent_of(lg.my_team_id, lg.week[0])
    mine, theirs = _csv_banked(lg, lg.my_team_id, csv_facts), _csv_banked(lg, opp, csv_facts)
    if scoring == "points":  # the banked score from the CSV's box scores, in the first words
        assert f"{mine['fpts']:.1f} - {theirs['fpts']:.1f}" in streamed, streamed
    else:
        assert f"after {len(lg.days_played)} day(s)" in streamed and "categories" in streamed, streamed
    assert streamed.strip() == src.matchup().summary  # the same sentence the answer used to carry lower down
    assert answer.count(src.matchup().summary) == 1  # said once, not repeated further down
