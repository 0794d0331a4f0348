"""The matchup optimizer node offers the best moves: its cards against brute force (tests/brute_force.py).

Catches: the node offering its worst positive moves instead of its best (bench/mutants.py,
`optimizer_worst_moves`), a pruned candidate pool that hides a better move, a card whose stated
gain is not the move's real gain, and two cards that share a player.
"""
from __future__ import annotations

import datetime as dt

import pytest
from brute_force import BruteForce, cards_match

from services import optimizer as opt

REVIEW = "Review my matchup and help me optimize for this week."


# Jan 29 caught the pruned pool: the node's first pass scanned only the top 12 free agents of the
# listing (ADD_POOL), so Middleton (47th) was never scanned although Tari Eason -> Middleton beats
# the card it offered instead. propose_moves scans every free agent.
@pytest.mark.parametrize("as_of", [dt.date(2025, 1, 29), dt.date(2025, 1, 31), dt.date(2025, 1, 20)])
def test_the_optimizer_node_offers_its_best_moves_not_its_worst(make_assistant, as_of):
    a = make_assistant(as_of=as_of)
    bf = BruteForce(opt.from_demo_league(a.source.league, season=True))
    best = bf.best_moves(3)
    assert len(best) >= 2 and best[0].score > best[-1].score + 1.0  # a real ranking to get wrong
    r = a.ask(REVIEW, f"node-{as_of}")
    cards = r["pending_approvals"]
    assert cards_match(cards, bf) == []
    assert [(c["drop_id"], c["add_id"], c.get("kind", "swap")) for c in cards] == [(m.drop, m.add, m.kind) for m in best]
    assert r["transactions"] == []
