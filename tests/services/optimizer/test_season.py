"""services.optimizer.season: rest-of-season value over the published schedule, exact per pair."""
from __future__ import annotations

import csv
import datetime as dt
from pathlib import Path

import numpy as np
import pytest

from services import optimizer as opt
from services.league.demo import demo_league
from services.league.calibration_value import horizon_fit, prior_shares
from services.league.lineup import best_lineup
from services.optimizer.season import season_gains, season_inputs, season_table
from services.store.state import state_store

AS_OF = dt.date(2025, 1, 29)
GAMES_CSV = Path(__file__).resolve().parents[3] / "data" / "nba-2024-25" / "games.csv"


def _schedule(start: dt.date) -> dict[str, list[dt.date]]:
    out: dict[str, list[dt.date]] = {}
    with open(GAMES_CSV, newline="") as f:
        for r in csv.DictReader(f):
            d = dt.date.fromisoformat(r["game_date"])
            if r["season_type"] == "regular" and d >= start:
                for team in (r["home"], r["away"]):
                    out.setdefault(team, []).append(d)
    return out


def test_the_horizon_is_the_published_regular_season_schedule():
    lg = demo_league(AS_OF, "points", store=state_store())
    inputs = opt.from_demo_league(lg, free_agents=lg.free_agent_ids()[:20], season=True)
    sched = _schedule(AS_OF)
    assert max(inputs.season.days) == dt.date(2025, 4, 13)  # beyond the box scores (Feb 7)
    for p in inputs.season.roster + inputs.season.free_agents:
        team = lg.snapshot.players[p.player_id].ref.team
        assert list(p.games) == sorted(sched[team]), p.player_id
        ps = lg.snapshot.players[p.player_id]
        week = sum(d <= lg.week[2] for d in p.games)
        cal = lg.snapshot.calibration.return_curve(ps.avail_class, (AS_OF - ps.last_played).days, ps.tier)
        scale = ps.durability if ps.avail_class in ("ACTIVE", "REST") else 1.0  # his own missed games (test_durability.py)
        later = [min(1.0, scale * (cal[0] if (d - AS_OF).days < 14 else cal[1] if (d - AS_OF).days < 28 else
                                   cal[2] if (d - AS_OF).days < 56 else cal[3]))
                 for d in p.games if d > lg.week[2]]  # the return curve by how far ahead the game is
        this_week = week * ps.availability
        if ps.status == "OUT":  # the return model's game by game (test_ir_season_rates in test_season_ir.py)
            this_week = sum(p.rates[:week])
        assert p.availability == pytest.approx((this_week + sum(later)) / len(p.games))
        # per-game points regressed over the season (the fit itself: tests/services/test_calibration_value.py)
        assert p.value == pytest.approx(horizon_fit(lg.snapshot).per_game(ps.games, prior_shares()[p.player_id]))


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_season_gains_equal_re_solving_every_day(scoring):
    """Each pair's season change equals summing the best lineup of every remaining day, re-solved
    with the swap made (the scan groups days and reuses the roster's options)."""
    lg = demo_league(AS_OF, scoring, store=state_store())
    inputs = opt.from_demo_league(lg, free_agents=lg.free_agent_ids()[:12], season=True)
    season = season_table(opt.prepare(inputs), inputs.season)
    drops = np.array([0, 5, 9, 12])
    gain, loss = season_gains(season, drops)
    players = {p.player_id: p for p in inputs.season.roster + inputs.season.free_agents}

    def total(ids):
        out = 0.0
        for day in inputs.season.days:
            day_players = [(pid, players[pid].eligible, players[pid].availability * players[pid].value)
                           for pid in ids if day in players[pid].games]
            out += best_lineup(day_players)[1]
        return out

    roster = [p.player_id for p in inputs.season.roster]
    base = total(roster)
    for r, k in enumerate(drops):
        kept = [pid for i, pid in enumerate(roster) if i != k]
        assert loss[r] == pytest.approx(base - total(kept), abs=1e-6)
        for a in (0, 7, 11):
            fa = inputs.season.free_agents[a].player_id
            assert gain[r, a] == pytest.approx(total(kept + [fa]) - base, abs=1e-6)


def test_every_move_carries_both_numbers_and_ir_keeps_the_player():
    lg = demo_league(AS_OF, "points", store=state_store())
    moves = opt.scan_moves(opt.from_demo_league(lg, season=True), limit=200)
    assert moves and all(m.season_gain is not None and m.season_unit == "fantasy points" for m in moves)
    irs = [m for m in moves if m.kind == "ir"]
    assert irs
    for m in irs[:5]:
        assert lg.snapshot.players[m.drop_id].status == "OUT"
        # the same week as dropping him (he cannot start from IR), a better season (he is kept)
        same = [s for s in opt.scan_moves(opt.from_demo_league(lg, free_agents=[m.add_id], season=True),
                                          allow_drop={m.drop_id}, protect_top=0) if s.drop_id == m.drop_id]
        swap = next(s for s in same if s.kind == "swap")
        assert swap.gain == pytest.approx(m.gain)
        assert m.season_gain >= swap.season_gain
