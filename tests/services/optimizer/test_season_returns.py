"""Issue #40 item 1: an OUT player's play probability for this matchup week's games in the season value (what
the IR card's season claim and a trade's value read) comes from the return model, game by game
(services.league.returns), not his next-game rate held flat. The hazards themselves are checked from the CSV
in tests/services/test_returns.py."""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.demo import demo_league
from services.league.returns import return_odds
from services.optimizer.season import season_player
from services.store.state import state_store

AS_OF = dt.date(2025, 1, 29)


def test_an_out_players_week_rates_are_his_return_odds_game_by_game():
    """As of Jan 29, every OUT player (3+ team games missed) with a game left this week: his j-th game of the week
    is played if it is his first back (the model's chance he has played by it minus by the one before) or he is
    back already and plays (by the one before x his tier's calibrated ACTIVE rate). The chance rises game by game
    (John Collins, 3 missed: below his flat next-game rate for the first game, above it by the third). Everyone
    else keeps his next-game rate. Catches the flat rate (every game of the week at the next-game rate, what the
    IR card's season value read before), the cumulative chance used as the play probability (a returning player
    plays every game), and a rate for the players not OUT."""
    lg = demo_league(AS_OF, "points", store=state_store())
    snap, week_end = lg.snapshot, lg.week[2]
    outs = 0
    for pid, ps in snap.players.items():
        if not ps.ref.team:
            continue
        sp = season_player(lg, pid, week_end, "points")
        week = [q for d, q in zip(sp.games, sp.rates, strict=True) if d <= week_end]
        if ps.status != "OUT":
            assert week == [ps.availability] * len(week), ps.ref.name
            continue
        if not week:
            continue
        outs += 1
        odds = return_odds(snap, pid, week_end)
        back = snap.calibration.play_probability("ACTIVE", None, ps.tier)
        before, want = 0.0, []
        for d in sp.games[:len(week)]:
            now = next((c for x, c in zip(reversed(odds.dates), reversed(odds.by_game), strict=True) if x <= d), 0.0)
            want.append(now - before + before * back)
            before = now
        assert week == pytest.approx(want, abs=1e-12), ps.ref.name
    assert outs >= 20
    collins = next(pid for pid, ps in snap.players.items() if ps.ref.name == "John Collins")
    ps = snap.players[collins]
    week = [q for d, q in zip(*(lambda s: (s.games, s.rates))(season_player(lg, collins, week_end, "points")),
                              strict=True) if d <= week_end]
    assert ps.status == "OUT" and len(week) == 2
    assert ps.availability < week[0] < week[1] and week[1] > 1.5 * ps.availability
