"""Follow-ups that open with discourse markers ("ok so", "and then"): the markers say "go on", but
the words may ask for something new. agents/offline/followups.py reads the message without the
markers; a confident own-words request (an optimize, an IR move) is that request, not the
previous act carried over."""
from __future__ import annotations

import datetime as dt

import pytest

from agents.offline.nlu import parse

AS_OF = dt.date(2025, 1, 29)


@pytest.mark.parametrize("before, question, act, follow_up", [
    # a new request behind the markers: the broken version carried the matchup act over
    ("am i winning this week", "ok so what do i do now", "optimize", False),
    # real continuations keep the previous act and slots
    ("is herro playing tonight", "ok so what about powell", "research_status", True),
    ("best pickups right now", "ok now only centers", "fa_scan", True),
    ("how's my matchup", "so am i losing in assists", "matchup", True),
])
def test_markers_do_not_hide_a_new_request(before, question, act, follow_up):
    """Catches "ok so what do I do now" after a matchup question answered as the matchup again
    (the markers pulled it toward small talk and the thread's act), and a fix that breaks real
    elliptical follow-ups."""
    p = parse(question, AS_OF, parse(before, AS_OF))
    assert (p.act, p.follow_up) == (act, follow_up)
