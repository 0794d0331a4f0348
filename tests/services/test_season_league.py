"""One demo league through the season (issue #25 item 5): drafted once before opening night,
nine AI managers manage it day by day, and any as-of date shows that league's state.

Facts are computed here from the CSV (`csv_facts`), never by the code under test: the banked
totals of Jan 27, 28 and 29 add up day by day against the box scores; the managers' moves use
only what the box scores before that morning said; the user's moves survive moving the clock.
"""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.demo import demo_league
from services.league.scoreboard import banked_totals, day_starters
from services.store.state import state_store

JAN = {d: dt.date(2025, 1, d) for d in (27, 28, 29)}
COUNTING = ("fpts", "pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "fgm", "fga", "ftm", "fta")


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_jan_27_28_29_show_one_league(scoring):
    """The league as of Jan 29 remembers the rosters the league as of Jan 28 showed, and from one
    morning to the next a roster changes only by that morning's logged transactions.
    Catches the old per-date draft (every as-of date drafted afresh, other rosters)."""
    leagues = {d: demo_league(day, scoring, store=state_store()) for d, day in JAN.items()}
    for a, b in ((27, 28), (28, 29)):
        before, after = leagues[a], leagues[b]
        for t in after.team_ids:
            assert after.roster_on(t, JAN[a]) == before.roster_ids(t)
            active, ir = list(before.roster_ids(t)), list(before.ir_ids(t))
            for x in after.transactions(JAN[b], JAN[b]):
                if x.team_id != t:
                    continue
                if x.kind == "ir":
                    active.remove(x.drop_id), ir.append(x.drop_id)
                elif x.kind == "activate":
                    ir.remove(x.add_id)
                    active[active.index(x.drop_id)] = x.add_id
                elif x.kind == "activate_ir":  # the OUT teammate takes the IR slot the returning one leaves
                    ir.remove(x.add_id), ir.append(x.drop_id)
                    active[active.index(x.drop_id)] = x.add_id
                elif x.drop_id:
                    active[active.index(x.drop_id)] = x.add_id
                else:
                    active.append(x.add_id)
            assert (active, ir) == (after.roster_ids(t), after.ir_ids(t)), (scoring, t, b)


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_banked_totals_add_up_day_by_day_against_the_box_scores(scoring, csv_facts):
    """Banked on Jan 27 (a Monday) is nothing; Jan 28 adds the Jan 27 box-score lines of the
    starters that team set from its Jan 27 roster; Jan 29 adds Jan 28's. Catches a banked total
    that scores today's roster on past days, counts the as-of day, or drifts between dates."""
    leagues = {d: demo_league(day, scoring, store=state_store()) for d, day in JAN.items()}
    for t in leagues[29].team_ids:
        assert all(v == 0 for v in banked_totals(leagues[27], t).values())
        for prev, day in ((27, 28), (28, 29)):
            played = JAN[prev]
            roster = leagues[day].roster_on(t, played)
            starters = day_starters(leagues[day], roster, played)
            rows = csv_facts.day_rows(played)
            assert len(starters) <= 10 and set(starters) <= set(roster)
            assert all(csv_facts.team_games_between(csv_facts.team_of(p, played), played, played) for p in starters)
            lines = [rows[p] for p in starters if p in rows]
            got, was = banked_totals(leagues[day], t), banked_totals(leagues[prev], t)
            for k in COUNTING:
                assert got[k] - was[k] == pytest.approx(sum(r[k] for r in lines)), (scoring, t, day, k)
            assert got["games"] - was["games"] == len(lines)


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_the_managers_moves_use_only_that_mornings_knowledge(scoring, csv_facts):
    """Every IR move put a player the box scores before that morning showed missing 3+ team games
    (or not yet seen after the two-week grace); a returning IR player is activated by moving an
    OUT teammate into the slot he leaves, and a player is cut for him only when no teammate was OUT
    (catches the old rule that always cut the least valuable player); every claim took a player seen before that morning,
    not missing 3+ games, owned by no one the night before; the user's team is never managed; no
    player is on two teams; rosters keep 13 active and at most 1 IR. Catches a manager reading a
    later box score, claiming a rostered player or touching the user's team."""
    lg = demo_league(dt.date(2025, 2, 8), scoring, store=state_store())
    log = lg.transactions(dt.date(2024, 10, 22), dt.date(2025, 2, 8))
    assert {x.kind for x in log} == {"claim", "ir", "activate", "activate_ir"}
    assert all(x.team_id != 1 for x in log)
    from services.league.season_tables import season_state

    def out(pid, day):  # OUT that morning by the box scores before it: 3+ missed, or unseen after the grace
        seen = csv_facts.player_games(pid, before=day)
        return (csv_facts.missed_in_row(pid, day) >= 3) if seen else (day - dt.date(2024, 10, 22)).days >= 14

    season = season_state(scoring)
    for x in log:
        if x.kind in ("ir", "activate_ir"):
            assert out(x.drop_id, x.day), (x, "only an OUT player goes to the IR slot")
        if x.kind in ("activate", "activate_ir"):
            assert not out(x.add_id, x.day), x
        if x.kind == "activate":  # a cut only when no teammate was OUT that morning to take the IR slot
            active, _ = season.state_on(x.day - dt.timedelta(days=1))
            assert not [p for p in active[x.team_id] if out(p, x.day)], x
        if x.kind == "claim":
            assert csv_facts.player_games(x.add_id, before=x.day)
            assert csv_facts.missed_in_row(x.add_id, x.day) < 3
            active, ir = season.state_on(x.day - dt.timedelta(days=1))
            assert all(x.add_id not in ids for ids in [*active.values(), *ir.values()])
    for day, (active, ir) in season.states.items():
        everyone = [p for ids in [*active.values(), *ir.values()] for p in ids]
        assert len(everyone) == len(set(everyone)), day
        assert all(len(ids) == 13 for ids in active.values()) and all(len(ids) <= 1 for ids in ir.values()), day
    assert list(season.state_on(dt.date(2025, 2, 8))[0][1]) == lg.draft[1]  # the user's team: no manager moved it


def test_a_user_move_survives_the_clock_and_no_manager_claims_his_pickup(fresh_state):
    """The user picks up, on Jan 10, a free agent an AI manager claimed later in the season
    without the move. Then: leagues as of Jan 10, Jan 20 and Jan 29 all show him on the user's
    team, no manager claims him after, and the league as of Jan 9 does not know the move.
    Catches moves kept per as-of date (lost when the clock moves) and managers blind to them."""
    day = dt.date(2025, 1, 10)
    lg = demo_league(day, store=state_store())
    later_claims = [x for x in demo_league(dt.date(2025, 2, 8), store=state_store()).transactions(day + dt.timedelta(days=1), dt.date(2025, 2, 8))
                    if x.kind == "claim" and x.add_id in lg.free_agent_ids()]
    assert later_claims, "some free agent of Jan 10 is claimed by a manager later"
    add, drop = later_claims[0].add_id, lg.roster_ids(1)[-1]
    fresh_state.store.apply_move(lg.league_id, 1, "m-jan10", drop, add, day, "test", {"kind": "swap"})
    for d in (day, dt.date(2025, 1, 20), dt.date(2025, 1, 29)):
        later = demo_league(d, store=state_store())
        assert add in later.roster_ids(1) and drop not in later.roster_ids(1), d
        assert later.owner_of(add) == 1
        assert not [x for x in later.transactions(day, d) if x.add_id == add and x.team_id != 1]
    before = demo_league(day - dt.timedelta(days=1), store=state_store())
    assert add not in before.roster_ids(1) and drop in before.roster_ids(1)


def test_the_mornings_are_the_snapshot_of_that_day():
    """The precomputed morning facts (running totals) equal what a Snapshot of that day says:
    the same value in both scorings and the same inferred status. Catches the season's inputs
    drifting from the app's one projection."""
    from services.store import db
    from services.league.snapshot import snapshot
    from services.league.values import player_value

    for day in (dt.date(2024, 11, 15), dt.date(2025, 1, 28)):
        snap = snapshot(day)
        rows = {pid: (st, p, c) for pid, st, p, c in db.query(
            "SELECT player_id, status, points, categories FROM season_mornings WHERE day=?", [day])}
        assert set(rows) == set(snap.players)
        for pid, ps in snap.players.items():
            st, p, c = rows[pid]
            assert st == ps.status
            assert p == pytest.approx(player_value(snap, ps, "points"), abs=1e-9)
            assert c == pytest.approx(player_value(snap, ps, "categories"), abs=1e-9)
