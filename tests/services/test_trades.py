"""Trade evaluation (services.trades.evaluate) on real trades of the 2024-25 season, evaluated on
the day each happened (box scores before it) in the demo league, for both fantasy teams involved.

    2024-12-15  Dennis Schröder <-> De'Anthony Melton (GSW-BKN; Melton OUT with a torn ACL)
    2025-02-02  Luka Dončić <-> Anthony Davis (DAL-LAL; Dončić OUT with a calf strain)
    2025-02-03  De'Aaron Fox <-> Zach LaVine (the SAC-SAS-CHI three-team trade)
    2025-02-06  Jimmy Butler <-> Andrew Wiggins (MIA-GSW)
    2025-02-06  Brandon Ingram <-> Bruce Brown + Kelly Olynyk (NOP-TOR, a 2-for-1: a forced cut)
    2025-02-06  Khris Middleton <-> Kyle Kuzma (WAS-MIL, categories league)

A real trade's counterpart who is a free agent in the demo league is first claimed by a team (a
recorded move), as a fantasy manager would; one who is on the same fantasy team as the player
traded for him (the one league drafts before the season, so real trade partners can be fantasy
teammates) is first released for the best free agent and claimed by another team. Per-game value, games left (this week, the rest of the
season, the fantasy playoffs Mar 24 - Apr 13) come from the CSVs (per-game value as a season
regresses: the cards' season value, `calibration_value.horizon_fit`, on the CSV's means); each side's lineup value is
re-solved by the exhaustive day solver of tests/brute_force.py from the optimizer's season inputs.
"""
from __future__ import annotations

import csv
import datetime as dt

import pytest

from services.models import ServiceError
from services.optimizer.season import SeasonInputs, category_floor, season_player
from services.league.slots import STARTING_SLOTS
from services.trades.evaluate import evaluate_trade
from tests.brute_force import Season
from tests.conftest import DATA_DIR

PLAYOFFS = (dt.date(2025, 3, 24), dt.date(2025, 4, 13))
SLOTS = tuple(STARTING_SLOTS.items())


@pytest.fixture(scope="module")
def schedule() -> dict[str, list[dt.date]]:
    """Regular-season game dates of each NBA team, from games.csv (the published schedule)."""
    out: dict[str, list[dt.date]] = {}
    with open(DATA_DIR / "games.csv", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["season_type"] == "regular":
                for t in (r["home"], r["away"]):
                    out.setdefault(t, []).append(dt.date.fromisoformat(r["game_date"]))
    return {t: sorted(d) for t, d in out.items()}


def _csv_player(csv_facts, schedule, pid, as_of, fit):
    """`fit`: the season regression of the as-of view (recomputed from the CSV in
    tests/services/test_calibration_value.py); the means it weighs come from the CSV here."""
    rows = csv_facts.player_games(pid, as_of)
    mean = lambda rs: sum(r["fpts"] for r in rs) / len(rs)  # noqa: E731
    left = [d for d in schedule[rows[-1]["team"]] if d >= as_of]
    sunday = as_of + dt.timedelta(days=6 - as_of.weekday())
    from services.league.calibration_value import prior_shares

    per_game = max(0.0, fit.intercept + fit.season * mean(rows) + fit.recent * mean(rows[-10:])
                   + fit.prior * prior_shares()[pid])
    return {"per_game": per_game, "games_left": len(left),
            "week": sum(d <= sunday for d in left), "playoffs": sum(PLAYOFFS[0] <= d <= PLAYOFFS[1] for d in left)}


def _claim(store, lg, team, pid, as_of, keep=()):
    """Team `team` picks up free agent `pid`, dropping its lowest-projected player (a recorded move)."""
    drop = min((p for p in lg.roster_ids(team) if p not in keep), key=lambda p: (lg.snapshot.players[p].expected_fpts, p))
    card = {"kind": "swap", "drop_id": drop, "add_id": pid}
    store.apply_move(lg.league_id, team, f"claim-{pid}", drop, pid, as_of, "test", card)


def _apart(store, src, give: str, get: str, as_of) -> None:
    """When `give` and `get` are fantasy teammates, `get` moves to another team (two recorded moves)."""
    lg = src.league
    gid, pid = src.resolve_id(give), src.resolve_id(get)
    owner = lg.owner_of(gid)
    if owner is None or lg.owner_of(pid) != owner:
        return
    fa = lg.free_agent_ids()[0]
    store.apply_move(lg.league_id, owner, f"release-{pid}", pid, fa, as_of, "test",
                     {"kind": "swap", "drop_id": pid, "add_id": fa})
    _claim(store, lg, next(t for t in lg.team_ids if t != owner), pid, as_of)


def _independent_roster_value(lg, ids, punt=()) -> float:
    from services.league.scoring import CATEGORIES

    cats = tuple(c for c in CATEGORIES if c not in punt) if punt else ()  # a punt: the other categories' value
    floor = category_floor(lg.snapshot, lg.scoring, cats) if lg.scoring != "points" else 0.0
    players = tuple(season_player(lg, p, lg.week[2], lg.scoring, floor, cats, regressed=True) for p in ids)
    days = tuple(sorted({d for p in players for d in p.games}))
    return Season(SeasonInputs("", days, players, ()), SLOTS).base


def _after(lg, side) -> list[str]:
    out = {p.player.player_id for p in side.gives}
    ids = [p for p in lg.roster_ids(side.team_id) if p not in out] + [p.player.player_id for p in side.gets]
    cut = {p.player.player_id for p in side.cut}
    return [p for p in ids if p not in cut] + [p.player.player_id for p in side.pickup]


def _check(src, ev, csv_facts, schedule, points: bool, punted: tuple = ()):
    """Both sides: per-player facts from the CSV, lineup values re-solved, a verdict that follows them
    (with a punt, the punt-aware category totals: issue #36)."""
    from services.league.calibration_value import horizon_fit

    lg = src.league
    fit = horizon_fit(lg.snapshot)
    assert fit.fitted and 0.5 < fit.season < 1.0  # a season regresses: not the week's half-and-half
    for side in (ev.mine, ev.partner):
        for p in [*side.gives, *side.gets]:
            want = _csv_player(csv_facts, schedule, p.player.player_id, lg.as_of, fit)
            if points:
                assert p.per_game == pytest.approx(want["per_game"], abs=0.006), p.player.name
            assert (p.games_left, p.games_this_week, p.playoff_games) == (want["games_left"], want["week"],
                                                                           want["playoffs"]), p.player.name
            assert p.ros_value == pytest.approx(p.per_game * p.availability * p.games_left, rel=2e-3, abs=0.2)  # rounded inputs
        punt = punted if side is ev.mine else ()  # the partner does not punt: his nine-category value
        assert side.ros_before == pytest.approx(_independent_roster_value(lg, lg.roster_ids(side.team_id), punt),
                                                abs=0.06)
        assert side.ros_after == pytest.approx(_independent_roster_value(lg, _after(lg, side), punt), abs=0.06)
        assert side.ros_change == pytest.approx(side.ros_after - side.ros_before, abs=0.11)
        assert side.gain == pytest.approx(side.wire_after - side.wire_before, abs=0.11)
        assert side.gains == (side.gain >= 0.005 * side.wire_before)
    # each side's gain stated apart: never a winner "by" the two sides' difference or sum (issue #40)
    assert ev.outcome == {(True, True): "both gain", (True, False): "you gain", (False, True): "they gain",
                          (False, False): "neither gains"}[(ev.mine.gains, ev.partner.gains)]
    assert " by " not in ev.verdict and "wins" not in ev.verdict
    assert f"{ev.mine.team_name} {ev.mine.gain:+.1f}" in ev.verdict and f"{ev.partner.team_name} {ev.partner.gain:+.1f}" in ev.verdict
    assert 2 <= len(ev.reasons) <= 3
    assert [(a.isoformat(), b.isoformat()) for a, b in ev.playoff_weeks] == [
        ("2025-03-24", "2025-03-30"), ("2025-03-31", "2025-04-06"), ("2025-04-07", "2025-04-13")]


@pytest.mark.parametrize("as_of, give, get, scoring", [
    ("2025-02-02", "Luka Dončić", "Anthony Davis", "points"),
    ("2025-02-02", "Luka Dončić", "Anthony Davis", "categories"),
    ("2025-02-03", "De'Aaron Fox", "Zach LaVine", "points"),
    ("2025-02-03", "De'Aaron Fox", "Zach LaVine", "categories"),
    ("2025-02-06", "Jimmy Butler", "Andrew Wiggins", "points"),
])
def test_real_one_for_one_trades(fresh_state, demo_source, csv_facts, schedule, as_of, give, get, scoring):
    """Catches per-game values off the projection, schedules from the wrong team or window, an OUT
    player priced as if healthy, lineup values that are not the exact daily lineup, and a verdict
    that names the side that lost."""
    from services.store.state import state_store

    src = demo_source(dt.date.fromisoformat(as_of), scoring)
    _apart(state_store(), src, give, get, dt.date.fromisoformat(as_of))
    team = src.league.owner_of(src.resolve_id(give))
    ev = evaluate_trade(src, [give], [get], team_id=team)
    assert ev.mine.team_id == team and ev.partner.team_id == src.league.owner_of(src.resolve_id(get))
    _check(src, ev, csv_facts, schedule, scoring == "points")
    out = [p for p in [*ev.mine.gives, *ev.mine.gets] if p.status == "OUT"]
    for p in out:  # the return curve: an OUT player plays a share of his games, and the reasons say so
        assert p.availability < 0.8
    if out and scoring == "points":
        assert any(f"{out[0].player.name} is OUT" in r for r in ev.reasons) or ev.mine.ros_change != 0
    if scoring == "categories":
        assert {c.category for c in ev.mine.categories} == {"FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS"}
        assert ev.mine.category_change == pytest.approx(sum(c.change * c.weight for c in ev.mine.categories), abs=0.05)


def test_schroder_for_melton_prices_the_injured_player(fresh_state, demo_source, csv_facts, schedule):
    """2024-12-15: Melton had been out since mid-November (ACL). Catches an injured player valued at
    his healthy average: his availability comes from the calibrated return curve, far below 1."""
    from services.store.state import state_store

    as_of = dt.date(2024, 12, 15)
    src = demo_source(as_of, "points")
    melton = src.resolve_id("De'Anthony Melton")
    _claim(state_store(), src.league, 2, melton, as_of)
    src = demo_source(as_of, "points")
    team = src.league.owner_of(src.resolve_id("Dennis Schröder"))
    ev = evaluate_trade(src, ["Dennis Schröder"], ["De'Anthony Melton"], team_id=team)
    _check(src, ev, csv_facts, schedule, True)
    m = ev.mine.gets[0]
    # the curve knows how long he has been out, not that the injury ended his season (docs/trades.md)
    assert m.status == "OUT" and m.availability < 0.8
    assert m.ros_value < 0.8 * m.per_game * m.games_left
    assert any("De'Anthony Melton is OUT" in r for r in ev.reasons)


def test_ingram_for_brown_and_olynyk_forces_a_cut(fresh_state, demo_source, csv_facts, schedule):
    """2025-02-06, a 2-for-1: the team receiving two players must cut one (the lowest rest-of-season
    value, or the user's choice), the other gets an open spot. Catches a 14-man roster, a cut of
    the wrong player, and a cut that is not counted in the value."""
    from services.store.state import state_store

    as_of = dt.date(2025, 2, 6)
    src = demo_source(as_of, "points")
    claimed = [src.resolve_id(n) for n in ("Bruce Brown", "Kelly Olynyk")]
    owner = src.league.owner_of(src.resolve_id("Brandon Ingram"))
    claimer = next(t for t in (7, 8, 9) if t != owner)  # a team other than Ingram's claims the two
    for pid in claimed:
        _claim(state_store(), src.league, claimer, pid, as_of, keep=claimed)
    src = demo_source(as_of, "points")
    lg = src.league
    ingram_team = lg.owner_of(src.resolve_id("Brandon Ingram"))
    ev = evaluate_trade(src, ["Bruce Brown", "Kelly Olynyk"], ["Brandon Ingram"], team_id=claimer)
    assert ev.partner.team_id == ingram_team and len(ev.partner.gets) == 2
    _check(src, ev, csv_facts, schedule, True)
    ingram_on_ir = src.resolve_id("Brandon Ingram") in lg.ir_ids(ingram_team)  # from IR he frees no spot
    assert len(ev.partner.cut) == (2 if ingram_on_ir else 1)
    after = [p for p in lg.roster_ids(ingram_team) if p != src.resolve_id("Brandon Ingram")] + [
        src.resolve_id("Bruce Brown"), src.resolve_id("Kelly Olynyk")]
    from services.league.calibration_value import horizon_fit

    fit = horizon_fit(lg.snapshot)
    totals = {p: _csv_player(csv_facts, schedule, p, as_of, fit) for p in after if csv_facts.player_games(p, as_of)}
    assert ev.partner.cut_rule == "lowest rest-of-season value"
    assert len(_after(lg, ev.partner)) == 13 and len(_after(lg, ev.mine)) == 13
    assert all(cut.player.player_id in totals for cut in ev.partner.cut)
    [pick] = ev.mine.pickup
    assert lg.owner_of(pick.player.player_id) is None
    # the user's choice of cut on his own side is respected and counted
    mine = evaluate_trade(src, ["Brandon Ingram"], ["Bruce Brown", "Kelly Olynyk"], team_id=ingram_team,
                          cut=[lg.snapshot.players[lg.roster_ids(ingram_team)[0]].ref.name])
    assert mine.mine.cut_rule == "your choice" and mine.mine.cut[0].player.player_id == lg.roster_ids(ingram_team)[0]
    _check(src, mine, csv_facts, schedule, True)


def test_middleton_for_kuzma_in_categories(fresh_state, demo_source, csv_facts, schedule):
    """2025-02-06, categories: the profile moves by the players' categories (Kuzma: more rebounds,
    Middleton: more assists), punted categories weigh 0. Catches a profile that ignores the punt."""
    from services.store.state import state_store

    as_of = dt.date(2025, 2, 6)
    src = demo_source(as_of, "categories")
    _claim(state_store(), src.league, 4, src.resolve_id("Kyle Kuzma"), as_of)
    src = demo_source(as_of, "categories")
    team = src.league.owner_of(src.resolve_id("Khris Middleton"))
    ev = evaluate_trade(src, ["Khris Middleton"], ["Kyle Kuzma"], team_id=team, punt="AST")
    _check(src, ev, csv_facts, schedule, False, punted=("AST",))
    assert "punt-aware category value (punting AST)" in ev.verdict  # issue #36: the verdict is on the punt
    shift = {c.category: c for c in ev.mine.categories}
    assert shift["AST"].weight == 0 and shift["REB"].change > 0 > shift["AST"].change
    assert all(c.weight in (0.5, 1.0) for c in ev.mine.categories if c.category != "AST")


@pytest.mark.parametrize("give, get, message", [
    (["Nikola Jokić"], ["Nikola Jokić"], "both sides"),
    (["Tyler Herro"], ["Nobody Atall"], "No player matches"),
    (["Tyler Herro"], [], "at least one player"),
])
def test_not_a_trade_is_one_line(demo_source, give, get, message):
    with pytest.raises(ServiceError, match=message):
        evaluate_trade(demo_source(dt.date(2025, 1, 29), "points"), give, get)


def test_giving_a_player_who_is_not_mine_is_one_line(demo_source):
    """Catches a trade evaluated for a team that does not hold the player it gives (the players
    are read from the league's rosters: no owner is named here)."""
    import re

    from tests.trade_rule import sides

    src = demo_source(dt.date(2025, 1, 29), "points")
    _, _, theirs = sides(src)
    team = src.league.team_name(src.league.my_team_id)[0]
    with pytest.raises(ServiceError, match=re.escape(f"{theirs[0]} is not on {team}'s")):
        evaluate_trade(src, [theirs[0]], [theirs[1]])
