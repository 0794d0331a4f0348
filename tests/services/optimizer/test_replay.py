"""The league backtest's replay (services.optimizer.replay) and bench/backtest.py's waiver wire.

Facts from the CSV: the morning expectation (half season mean, half last 10 games, before that
morning), the real points of players who all start, an IR player's real return. Catches lineups
set once from the as-of expectation (a starter who sits scores 0 for 14 weeks), a morning that
sees its own day's box score, an IR move scored as a permanent drop, and ten teams adding the
same free agent.
"""
from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

import pytest

from services.league.demo import demo_league
from services.optimizer.replay import MorningBook
from services.league.snapshot import data_dates
from services.store.state import state_store

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "bench"))
AS_OF = dt.date(2025, 1, 29)


@pytest.fixture(scope="module")
def book():
    lg = demo_league(AS_OF, "points", store=state_store())
    return lg, MorningBook(lg.snapshot, data_dates()[1])


def _csv_class(csv_facts, pid: str, day: dt.date) -> tuple[str, int]:
    rows = csv_facts.player_games(pid, day)
    last = rows[-1]["game_date"]
    team = [d for d in csv_facts.team_dates[rows[-1]["team"]] if last < d < day]
    if not team:
        return "ACTIVE", (day - last).days
    if len(team) == 1 and team[0] == last + dt.timedelta(days=1):
        return "REST", (day - last).days
    return ("DTD" if len(team) <= 2 else "OUT"), (day - last).days


def test_the_morning_expectation_is_what_was_known_that_morning(book, csv_facts):
    lg, b = book
    cal = lg.snapshot.calibration
    for pid in lg.roster_ids(1)[:6]:
        for day in (AS_OF, dt.date(2025, 2, 3), dt.date(2025, 2, 7)):
            rows = csv_facts.player_games(pid, day)
            per_game = 0.5 * sum(r["fpts"] for r in rows) / len(rows) + 0.5 * sum(r["fpts"] for r in rows[-10:]) / len(rows[-10:])
            mins = sum(r["min"] for r in rows) / len(rows)
            tier = "24+ min" if mins >= 24 else "12-24 min" if mins >= 12 else "under 12 min"
            cls, since = _csv_class(csv_facts, pid, day)
            assert b.morning(pid, day) == pytest.approx(per_game * cal.play_probability(cls, since, tier), abs=1e-9)


def test_players_who_all_start_score_their_real_points_each_day(book, csv_facts):
    lg, b = book
    trio = lg.roster_ids(2)[:3]  # three players always fit the starting slots (UTIL)
    points = b.points(b.daily(trio))
    for d, day in enumerate(b.days):
        real = csv_facts.day_rows(day)
        assert points[d] == pytest.approx(sum(real[p]["fpts"] for p in trio if p in real)), day


def test_an_ir_move_returns_on_the_players_first_real_game(book, csv_facts):
    lg, b = book
    roster = lg.roster_ids(1)
    ir = "millebr02" if "millebr02" in roster else next(p for p in roster if csv_facts.missed_in_row(p, AS_OF) >= 3)
    add = lg.free_agent_ids()[0]
    path, cut, back, to_ir = b.ir_path(roster, ir, add)
    first = next((r["game_date"] for r in csv_facts.player_games(ir) if r["game_date"] >= AS_OF), None)
    assert back == first
    for day, r in zip(b.days, path, strict=True):
        assert len(r) == 13
        if back is None or day < back:
            assert ir not in r and add in r
        elif not to_ir:
            assert ir in r and cut not in r and cut in roster + [add]


@pytest.fixture(scope="module")
def week14():
    import backtest

    return backtest.run_week(14, AS_OF, "points", data_dates()[1]), backtest.waiver_order(list(range(1, 11)), 14)


def test_the_waiver_wire_gives_each_player_to_one_team_in_waiver_order(week14, csv_facts):
    from backtest_picks import STRATEGIES

    rows, order = week14
    assert order == [3, 4, 5, 6, 7, 8, 9, 10, 1, 2]
    for strategy in STRATEGIES:
        rs = rows[strategy]
        assert [r["team_id"] for r in rs] == order
        adds = [r["add"] for r in rs if r["kind"]]
        assert len(adds) == len(set(adds)), strategy  # gone for the others once added
    for r in rows["balanced"]:
        if r["kind"] == "ir":
            first = next((g["game_date"] for g in csv_facts.player_games(r["drop"]) if g["game_date"] >= AS_OF), None)
            assert r["back"] == (first.isoformat() if first else None)
            assert "claim_horizon" in r and "claim_season" in r


def test_the_ir_audit_asks_for_every_out_players_card(week14, csv_facts):
    """bench/backtest_ir_audit.py: one IR card per rostered player OUT on the as-of morning (the CSV:
    3+ team games missed since his last game), whether or not his team's IR slot is free; each
    replayed with his real return (his first game on or after the as-of date, from the CSV), and
    the summary's ratio is realized over claimed (the claim in the card's own units). Catches an
    audit that reads only the open-slot teams (a third of the cards), one that skips players
    already audited elsewhere, and a ratio summed over the wrong rows."""
    from ir_audit import audit_summary

    rows, _ = week14
    lg = demo_league(AS_OF, "points", store=state_store())
    out = {(t, p) for t in lg.team_ids for p in lg.roster_ids(t)
           if csv_facts.player_games(p, AS_OF) and csv_facts.missed_in_row(p, AS_OF) >= 3}
    audit = rows["ir_audit"]
    assert {(r["team_id"], r["drop"]) for r in audit} == out and len(audit) == len(out)
    assert any(not r["slot_open"] for r in audit), "a team whose IR slot is taken still gets its card"
    for r in audit:
        assert r["slot_open"] == (not lg.ir_ids(r["team_id"]))
        assert r["add"] not in {p for t in lg.team_ids for p in lg.roster_ids(t)}
        first = next((g["game_date"] for g in csv_facts.player_games(r["drop"]) if g["game_date"] >= AS_OF), None)
        assert r["back"] == (first.isoformat() if first else None)
    s = audit_summary(audit, "points", [14])
    offered = [r for r in audit if r["offered"]]
    assert s["players"] == len(audit) and s["offered_ratio"]["moves"] == len(offered)
    assert s["offered_ratio"]["realized"] == pytest.approx(sum(r["rest_gain"] for r in offered), abs=0.05)
    assert s["offered_ratio"]["claimed"] == pytest.approx(sum(r["claim_horizon"] for r in offered), abs=0.05)


def test_intervals_resample_whole_weeks():
    from backtest_stats import interval, ratio_interval

    flat = interval([[2.0, 2.0], [2.0], [2.0, 2.0, 2.0]])
    assert flat["mean"] == 2.0 and flat["ci95"] == [2.0, 2.0] and flat["established"]
    spread = interval([[-5.0], [1.0], [2.0], [10.0]])
    assert spread["ci95"][0] < 0 < spread["ci95"][1] and not spread["established"]
    r = ratio_interval([1.0, 2.0, 3.0], [1.0, 2.0, 3.0], 3)
    assert r["ratio"] == 1.0 and r["ci95"] == [1.0, 1.0] and r["within_target"]


def test_bench_refuses_bad_jobs_in_one_line():
    """Catches a traceback or a silent run on --jobs 0."""
    import json
    import subprocess

    root = Path(__file__).resolve().parents[3]
    p = subprocess.run([sys.executable, str(root / "bench" / "backtest.py"), "--json", "--jobs", "0"],
                       capture_output=True, text=True, timeout=60, cwd=root)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert json.loads(p.stdout) == {"error": "--jobs must be at least 1"}


def test_the_activation_cut_counts_an_out_players_return_curve(book, csv_facts):
    """The replay's cut is the activation card's: the lowest expected rest-of-season total, the
    next-game chance for that week's games and the return curve after it, per game his fantasy
    points as the season value regresses them (the as-of view's fit: a + b x season mean + c x mean
    of the last 10 + d x prior, over his games before that morning). For every player OUT on the
    morning of Jan 31 (games after Sunday Feb 2 read the curve), his total is computed here (class,
    tier, days since his last game and his fantasy points from the CSV). Catches the old total
    (next-game chance x every game left), which made OUT players the cheapest of the 14 (balanced's
    IR moves realized 28 of 6,477 points), and a cut ranked by the week's projection (half season,
    half last 10) where the activation card ranks by the regressed value."""
    from services.league.calibration_value import horizon_fit, prior_shares

    lg, b = book
    day = AS_OF + dt.timedelta(days=2)
    cal = lg.snapshot.calibration
    fit, priors = horizon_fit(lg.snapshot), prior_shares()
    assert fit.fitted
    checked = 0
    for pid, rows in csv_facts.by_player.items():
        before = [r for r in rows if r["game_date"] < day]
        if len(before) < 10 or _csv_class(csv_facts, pid, day)[0] != "OUT":
            continue
        cls, since = _csv_class(csv_facts, pid, day)
        tier = "24+ min" if sum(r["min"] for r in before) / len(before) >= 24 else (
            "12-24 min" if sum(r["min"] for r in before) / len(before) >= 12 else "under 12 min")
        fp = [r["fpts"] for r in before]
        season, recent = sum(fp) / len(fp), sum(fp[-10:]) / len(fp[-10:])
        per_game = max(0.0, fit.intercept + fit.season * season + fit.recent * recent + fit.prior * priors.get(pid, 0.0))
        assert abs(per_game - (0.5 * season + 0.5 * recent)) > 1e-3  # not the week's projection
        left = [d for d in csv_facts.team_dates[before[-1]["team"]] if d >= day]  # to the end of the data
        sunday = day + dt.timedelta(days=6 - day.weekday())
        curve = cal.return_curve(cls, since, tier)
        rate = lambda d: cal.play_probability(cls, since, tier) if d <= sunday else (  # noqa: E731
            curve[0] if (d - day).days < 14 else curve[1] if (d - day).days < 28 else
            curve[2] if (d - day).days < 56 else curve[3])
        expected = per_game * sum(rate(d) for d in left)
        assert b.season_total(pid, day) == pytest.approx(expected, rel=1e-6), pid
        old_total = per_game * cal.play_probability(cls, since, tier) * len(left)
        checked += b.season_total(pid, day) > 1.5 * old_total  # the curve lifts the games after this week
    assert checked >= 5



def _out_at_return(lg, b, csv_facts, team: int):
    """(IR player, his first game, a rostered player OUT that morning) of `team`, from the CSV."""
    roster = lg.roster_ids(team)
    for ir in sorted(roster):
        back = next((r["game_date"] for r in csv_facts.player_games(ir) if r["game_date"] >= lg.as_of), None)
        if back is None or back > b.days[-1]:
            continue
        outs = [p for p in roster if p != ir and csv_facts.player_games(p, back)
                and csv_facts.missed_in_row(p, back) >= 3]
        if outs:
            return ir, back, outs
    return None


def test_an_ir_return_moves_an_out_player_to_the_slot_instead_of_cutting_anyone(csv_facts):
    """When the IR player is back and another rostered player is OUT that morning (by the CSV:
    3+ team games missed in a row), the OUT player takes the IR slot and nobody is cut; his own
    return is replayed the same way. Catches the replay of before, which cut the lowest total of
    the 14 that morning, typically the OUT player himself (Bradley Beal, Nov 18: docs/season-value.md)."""
    lg = demo_league(dt.date(2024, 11, 6), "points", store=state_store())
    b = MorningBook(lg.snapshot, data_dates()[1])
    case = next(c for t in lg.team_ids if (c := _out_at_return(lg, b, csv_facts, t)))
    ir, back, outs = case
    team = next(t for t in lg.team_ids if ir in lg.roster_ids(t))
    roster, add = lg.roster_ids(team), lg.free_agent_ids()[0]
    path, cut, first, to_ir = b.ir_path(roster, ir, add)
    assert first == back and to_ir and to_ir[0] in outs
    y = to_ir[0]
    y_back = next((r["game_date"] for r in csv_facts.player_games(y) if r["game_date"] > back), None)
    for day, r in zip(b.days, path, strict=True):
        assert len(r) == len(roster)
        if back <= day and (y_back is None or day < y_back):
            assert ir in r and add in r and y not in r  # nobody dropped: the OUT player holds the slot
    if y_back is not None and y_back <= b.days[-1] and len(to_ir) == 1:
        assert y in path[b.days.index(y_back)] and cut and cut not in path[-1]
    elif y_back is None:
        assert cut == ""


def test_the_replay_values_a_cut_as_the_season_value_does_on_the_as_of_morning(book):
    """On the as-of morning the replay's per-game values for the cut (from the box scores it reads,
    every game before that morning) are the season value's own: regressed fantasy points and the
    regressed category value. Catches box-score rows mapped onto the wrong columns (the replay reads
    the database, the season value the snapshot) and a cut valued on the week's projection."""
    from services.league.calibration_value import category_value_of, season_category_value, season_per_game

    lg, b = book
    snap = lg.snapshot
    players = [p for p in sorted(snap.players) if len(snap.players[p].games) >= 10][:25]
    assert len(players) == 25
    for pid in players:
        assert b.season_per_game(pid, AS_OF) == pytest.approx(season_per_game(snap, pid), rel=1e-9), pid
        assert category_value_of(snap, pid, b.lines_before(pid, AS_OF)) == pytest.approx(
            season_category_value(snap, pid), rel=1e-9, abs=1e-9), pid
    assert any(abs(b.season_per_game(p, AS_OF) - b.per_game(p, AS_OF)) > 1.0 for p in players)
