"""The lineup shown after an approved move is valued with the thread's punt (issue #36: every
verdict uses the thread's punts), as the card that was approved was."""
from __future__ import annotations


def test_the_lineup_after_an_approval_uses_the_threads_punt(make_assistant):
    """Catches the post-approval lineup computed without the punt (agents/supervisor/graph.py's
    `after` called `lineup_after(source)`: the new weekly lineup valued all nine categories while
    the thread punted FT% and TO)."""
    from agents.matchup_optimizer.summary import lineup_after

    a = make_assistant(scoring="categories")
    a.ask("I'm punting FT% and turnovers", "pl1")
    r = a.ask("put Jaden Ivey on IR and pick someone up", "pl1")
    cards = r["pending_approvals"]
    assert cards, r["answer"]
    done = a.resume("pl1", "approve", cards[0]["move_id"])
    assert [t["outcome"] for t in done["transactions"]] == ["applied"]
    punted, plain = lineup_after(a.source, ("FT%", "TO")), lineup_after(a.source)
    assert punted != plain  # the punt changes the weekly plan's figure, so the test can tell them apart
    assert punted in done["answer"] and plain not in done["answer"]
