"""The test oracle's own check: tests/brute_force.py answers a day where every player can start at
once by the sum of their values (a matching says so) instead of the exhaustive search. On random
days, with slots taken away, the answer must be the search's to the bit. Catches a matching that
says "all start" when one player cannot (the sum would overstate the day: e.g. two centers and one
C slot with the UTIL slots gone)."""
from __future__ import annotations

import random

from brute_force import _all_start, _search, day_value

POS = ["PG", "SG", "SF", "PF", "C"]
SLOTS = (("PG", 1), ("SG", 1), ("SF", 1), ("PF", 1), ("C", 1), ("G", 1), ("F", 1), ("UTIL", 3))


def _eligible(rng: random.Random) -> frozenset:
    pos = set(rng.sample(POS, rng.randint(1, 2)))
    return frozenset(pos | {"UTIL"} | ({"G"} if pos & {"PG", "SG"} else set()) | ({"F"} if pos & {"SF", "PF"} else set()))


def test_the_shortcut_gives_the_searchs_answer_on_random_days():
    rng = random.Random(2025)
    shortcut = 0
    for _ in range(3000):
        players = [(_eligible(rng), round(rng.uniform(-5, 60), 3)) for _ in range(rng.randint(0, 14))]
        slots = tuple((s, max(0, n - (rng.random() < 0.3) - (s == "UTIL" and rng.random() < 0.5) * 2)) for s, n in SLOTS)
        kept = tuple(p for p in players if p[1] > 0)
        searched = _search(kept, tuple(s for s, _ in slots))(0, tuple(n for _, n in slots))
        assert day_value(players, slots) == searched, (players, slots)
        shortcut += _all_start(kept, tuple(s for s, _ in slots), tuple(n for _, n in slots))
    assert 300 < shortcut < 2700  # both paths were taken many times


def test_two_centers_cannot_both_start_in_one_c_slot():
    c = frozenset({"C"})
    assert not _all_start(((c, 10.0), (c, 8.0)), ("C", "UTIL"), (1, 0))
    assert day_value([(c, 10.0), (c, 8.0)], (("C", 1), ("UTIL", 0))) == 10.0
    assert day_value([(c, 10.0), (c | {"UTIL"}, 8.0)], (("C", 1), ("UTIL", 1))) == 18.0
