"""Per-day availability (issue #40, item 4): an absent player's this-week figure counts each game at
his chance to play that day (the return model's, game by game: services.league.returns.week_chances),
not one flat rate for the week. A healthy player's figure is unchanged.

The synthetic cases compute the expected figure here from the inputs; the Jan 29 case reads Collins's
games from the CSV and recomputes his per-game chances from the return model's cumulative odds."""
from __future__ import annotations

import dataclasses
import datetime as dt

import numpy as np
import pytest

from services.optimizer import projection as pj
from services.optimizer.checks import check_exact, synthetic_inputs
from services.optimizer.models import OptimizerInputs, PlayerInput
from services.optimizer.weekly import daily_lineup, prepare, weekly_lineup

MONDAY = dt.date(2025, 1, 27)
DAYS = tuple(MONDAY + dt.timedelta(days=i) for i in range(4))
STATS = {"pts": 20.0, "reb": 6.0, "ast": 4.0, "stl": 1.0, "blk": 0.5, "tov": 2.0, "fg3m": 2.0,
         "fgm": 7.0, "fga": 15.0, "ftm": 4.0, "fta": 5.0}


def _fpts(stats) -> float:
    from services.league.scoring import POINTS_WEIGHTS

    return sum(float(POINTS_WEIGHTS.get(s, 0.0)) * v for s, v in stats.items())


def _week(by_day: dict) -> OptimizerInputs:
    """Two players, two UTIL slots: both start whenever they can (a start is worth more than none)."""
    out = PlayerInput("x", ("UTIL",), STATS, frozenset(DAYS), 0.1, name="X", status="OUT",
                      day_availability=by_day)
    well = PlayerInput("y", ("UTIL",), {k: v / 2 for k, v in STATS.items()}, frozenset(DAYS), 0.9, name="Y")
    return OptimizerInputs("points", DAYS, (out, well), slots={"UTIL": 2})


def test_an_absent_player_counts_only_the_days_he_is_likely_to_play():
    """X is out the first two days (0%) and likely back for the last two (70%, 90%): the week's
    expected points count his last two games only, at those chances, and he sits the first two days.
    Catches the flat week rate (4 games x 10%), a table that reads day 0's chance every day, and a
    lineup that starts him on a day he cannot play."""
    by_day = {DAYS[0]: 0.0, DAYS[1]: 0.0, DAYS[2]: 0.7, DAYS[3]: 0.9}
    inputs = _week(by_day)
    expected = sum(by_day.values()) * _fpts(STATS) + 4 * 0.9 * _fpts(STATS) / 2
    assert weekly_lineup(inputs).expected_total == pytest.approx(expected, abs=1e-3)
    flat = 4 * 0.1 * _fpts(STATS) + 4 * 0.9 * _fpts(STATS) / 2
    assert abs(expected - flat) > 5  # the case tells the two apart
    prep = prepare(inputs)
    for d, day in enumerate(DAYS):
        line = daily_lineup(inputs, day, prep)
        assert ("x" in line.slots) == (by_day[day] > 0)
        assert prep.roster.rows_on(d)[0, pj.FPTS] == pytest.approx(by_day[day] * _fpts(STATS))


def test_a_healthy_players_figure_is_unchanged():
    """Y has no per-day chances: his rows every day are the one row at his availability, and the
    week's figure of a roster without per-day chances is games x availability x points per game, with
    no per-day table built. Catches per-day rows that change a healthy player's figure."""
    inputs = _week({})
    prep = prepare(inputs)
    assert prep.roster.by_day is None
    assert weekly_lineup(inputs).expected_total == pytest.approx(4 * (0.1 + 0.45) * _fpts(STATS), abs=1e-3)
    mixed = prepare(_week({DAYS[0]: 0.0, DAYS[1]: 0.5, DAYS[2]: 0.5, DAYS[3]: 0.5}))
    one = pj.player_rows((inputs.roster[1],), prep.coef, True)[0]
    for d in range(len(DAYS)):
        assert np.array_equal(mixed.roster.rows_on(d)[1], one)
    assert one[pj.FPTS] == pytest.approx(0.9 * _fpts(STATS) / 2)


def _with_day_odds(inputs: OptimizerInputs, seed: int) -> OptimizerInputs:
    """Every other roster player and free agent gets chances that differ by day."""
    rng = np.random.default_rng(seed)

    def vary(ps):
        return tuple(dataclasses.replace(p, day_availability={d: float(rng.choice([0.0, 0.3, 0.8, 1.0]))
                                                              for d in sorted(p.game_days)}) if i % 2 else p
                     for i, p in enumerate(ps))

    return dataclasses.replace(inputs, roster=vary(inputs.roster), free_agents=vary(inputs.free_agents))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_the_fast_scan_stays_exact_with_per_day_chances(seed, scoring):
    """The fast scan equals the straightforward re-solve of every pair and (points' linear value) brute
    force when players' chances differ by day. Catches a scan that adds a free agent's week row (his
    chance on no particular day) to every day he starts, or rates his starts by his flat value."""
    inputs = _with_day_odds(synthetic_inputs(seed, scoring), seed)
    assert any(p.day_availability for p in inputs.free_agents)
    assert check_exact(inputs, brute=True)


AS_OF = dt.date(2025, 1, 29)
COLLINS = "collijo01"


@pytest.fixture(scope="module")
def jan29():
    from services.league.demo_source import DemoSource
    from services.store.state import state_store

    src = DemoSource(AS_OF, "points", store=state_store())
    return src, src.optimizer_inputs(season=True)


def test_collins_this_week_counts_each_game_at_the_return_models_chance(jan29, csv_facts):
    """Jan 29: Collins (OUT, missed 3) counts each of Utah's games left this week (from the CSV) at
    his chance to play it, recomputed here from the return model's cumulative odds (first game back,
    or back already and playing at his tier's ACTIVE rate); those chances differ by day and differ
    from his flat rate; the season value's first week reads the same chances. Catches the flat week
    rate, per-day chances on the wrong days, and a season value and week figure that disagree."""
    from services.league.returns import return_odds

    src, inputs = jan29
    snap = src.league.snapshot
    team = csv_facts.team_of(COLLINS, AS_OF)
    games = csv_facts.team_games_between(team, AS_OF, inputs.days[-1])
    assert len(games) >= 2
    odds = return_odds(snap, COLLINS, inputs.days[-1])
    back = snap.calibration.play_probability("ACTIVE", None, snap.players[COLLINS].tier)
    want, before = [], 0.0
    for d in games:
        now = max([p for g, p in zip(odds.dates, odds.by_game, strict=True) if g <= d], default=0.0)
        want.append(now - before + before * back)
        before = now
    me = next(p for p in inputs.roster if p.player_id == COLLINS)
    assert sorted(me.day_availability) == games
    assert [me.day_availability[d] for d in games] == pytest.approx(want, abs=1e-9)
    assert max(want) - min(want) > 0.02 and abs(np.mean(want) - me.availability) > 0.02
    prep = prepare(inputs)
    i = next(k for k, p in enumerate(prep.roster.players) if p.player_id == COLLINS)
    per_game = float(prep.fpts_coef @ pj.stat_vector(me.expected))
    week = sum(prep.roster.rows_on(prep.days.index(d))[i, pj.FPTS] for d in games)
    assert week == pytest.approx(per_game * sum(want), rel=1e-9)
    season = next(p for p in inputs.season.roster if p.player_id == COLLINS)
    assert season.rates[:len(games)] == pytest.approx(want, abs=1e-9)


def test_a_healthy_player_on_jan29_keeps_one_rate(jan29):
    """Every player who is not OUT keeps no per-day chances and the same row every day: games x his
    availability x points per game. Catches per-day chances given to healthy players."""
    _, inputs = jan29
    prep = prepare(inputs)
    healthy = [i for i, p in enumerate(prep.roster.players) if p.status == "ACTIVE"]
    assert healthy
    for i in healthy:
        p = prep.roster.players[i]
        assert p.day_availability == {}
        for d, day in enumerate(prep.days):
            assert prep.roster.rows_on(d)[i, pj.FPTS] == pytest.approx(
                p.availability * float(prep.fpts_coef @ pj.stat_vector(p.expected)))


def test_the_ir_card_says_his_chance_game_by_game(jan29, csv_facts):
    """Collins's IR card on Jan 29 says his chance for each of Utah's games left (the CSV's days), the
    same chances the week's figure counts. Catches the card's old flat "plays with prob. 21%" beside a
    figure that no longer uses it."""
    from services.optimizer.moves import scan_moves

    _, inputs = jan29
    me = next(p for p in inputs.roster if p.player_id == COLLINS)
    games = csv_facts.team_games_between(csv_facts.team_of(COLLINS, AS_OF), AS_OF, inputs.days[-1])
    card = scan_moves(prepare(inputs), protect_top=6, limit=1, mode="balanced",
                      accept=lambda d, a, k, g, s: k == "ir" and d == COLLINS)[0]
    said = next(r for r in card.reasons if r.startswith("move John Collins to IR"))
    chances = ", ".join(f"{me.day_availability[d]:.0%} {d:%a}" for d in games)
    assert f"plays with prob. {chances}: the return model, game by game" in said
    assert f"plays with prob. {me.availability:.0%})" not in said
