"""Player questions with an act of their own (issue #36), each read, planned and answered by its module:

- position eligibility ("can jjj play center?"): agents/offline/eligibility.py;
- per-36 figures ("whats bol bol per 36?"): agents/offline/per36_talk.py;
- minutes trends on my roster ("whose minutes are trending up on my team"): agents/offline/minutes_talk.py.

They are requests (a follow-up goes on from them: "what about beal at SF"), not conversation acts.
Hooked in three places: `understand.understood` (`read`), `plans.next_calls` (`plan`) and
`acts.act_answer` (`answer`).
"""
from __future__ import annotations

from agents.offline import eligibility, minutes_talk, per36_talk

MODULES = {eligibility.ACT: eligibility, per36_talk.ACT: per36_talk, minutes_talk.ACT: minutes_talk}
PLAYER_ACTS = tuple(MODULES)


def read(p, prev) -> bool:
    """Whether the message is one of these questions (in place: `p` takes its act and frame)."""
    return any(m.read(p, prev) for m in (per36_talk, eligibility, minutes_talk))


def plan(p, done: dict) -> list[tuple[str, dict]]:
    return MODULES[p.act].plan(p, done)


def answer(p, done: dict) -> str | None:
    return MODULES[p.act].answer(p, done)
