"""A trade's effect on each team's category ranks in the league (categories leagues): the rank
before and after the trade, both teams' rest-of-season profiles changed at once. The profiles are
re-computed here from the optimizer's season inputs (z x expected games per player, summed per
roster) with the roster fit of tests/trade_rule.py, not by services.trades."""
from __future__ import annotations

import datetime as dt

from services.league.scoring import CATEGORIES
from services.league.values import category_scale
from tests.trade_rule import _season, accepted_trade, name, roster_after

AS_OF = dt.date(2025, 1, 29)


def _profile(lg, ids) -> dict[str, float]:
    scale = category_scale(lg.snapshot)
    out = dict.fromkeys(CATEGORIES, 0.0)
    for p in ids:
        sp = _season(lg, p)
        for c in CATEGORIES:
            out[c] += scale.z(lg.snapshot.players[p], c) * sp.availability * len(sp.games)
    return out


def _ranks(profiles: dict[int, dict[str, float]], team: int) -> dict[str, int]:
    return {c: 1 + sum(profiles[t][c] > profiles[team][c] for t in profiles if t != team) for c in CATEGORIES}


def test_category_ranks_before_and_after_a_trade(demo_source):
    """Catches ranks computed with only one team's profile changed, a rank_after left at the
    rank before, or ranks counted from the bottom."""
    from services.trades.evaluate import evaluate_trade

    src = demo_source(AS_OF, "categories")
    lg = src.league
    xs, ys, partner = accepted_trade(src)
    me = lg.my_team_id
    before = {t: _profile(lg, lg.roster_ids(t)) for t in lg.team_ids}
    after = dict(before)
    after[me] = _profile(lg, roster_after(lg, me, xs, ys))
    after[partner] = _profile(lg, roster_after(lg, partner, ys, xs))
    ev = evaluate_trade(src, [name(lg, p) for p in xs], [name(lg, p) for p in ys])
    moved = 0
    for side, team in ((ev.mine, me), (ev.partner, partner)):
        got = {c.category: (c.rank_before, c.rank_after) for c in side.categories}
        want = {c: (_ranks(before, team)[c], _ranks(after, team)[c]) for c in CATEGORIES}
        assert got == want
        moved += sum(a != b for a, b in want.values())
    assert moved > 0  # the trade moves at least one rank, so rank_after is really checked
