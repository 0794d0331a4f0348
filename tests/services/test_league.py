"""services.league and services.league.draft: the demo league, its seeded draft and replayed moves."""
from __future__ import annotations

import datetime as dt

import pytest

from services.store import db
from services.store.build import DB_NAME, build
from services.league.draft import Candidate, run_draft, snake_order
from services.league.demo import N_TEAMS, demo_league, round_robin
from services.store.state import state_store


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_ten_teams_of_thirteen_and_no_player_twice(scoring, csv_facts, as_of):
    lg = demo_league(as_of, scoring, store=state_store())
    rosters = lg.rosters()
    assert sorted(rosters) == list(range(1, 11))
    assert all(len(ids) == 13 for ids in rosters.values())
    everyone = [p for ids in rosters.values() for p in ids]
    assert len(everyone) == len(set(everyone)) == 130
    assert all(csv_facts.player_games(p, before=as_of) for p in everyone)
    assert set(lg.free_agent_ids()).isdisjoint(everyone)
    assert lg.league_id == f"demo-{scoring}-2025-01-29"


def test_league_ids_name_scoring_and_date():
    assert demo_league(dt.date(2025, 1, 29), store=state_store()).league_id == "demo-points-2025-01-29"
    assert demo_league(dt.date(2025, 1, 22), "categories", store=state_store()).league_id == "demo-categories-2025-01-22"


def test_every_team_fills_every_position(as_of):
    lg = demo_league(as_of, store=state_store())
    for team, ids in lg.rosters().items():
        positions = {s for p in ids for s in lg.snapshot.players[p].ref.eligible}
        assert {"PG", "SG", "SF", "PF", "C"} <= positions, team


def test_the_first_round_is_drawn_from_the_preseason_favourites(as_of):
    """The one draft happened before opening night: first-round picks are among the 40 most-owned
    players of ESPN's 2022-23 list (read here from the CSV, matched by folded name), whatever the
    2024-25 box scores say. Catches a draft that ranks by this season's stats (a look-ahead)."""
    import csv
    import unicodedata
    from pathlib import Path

    def fold(s):
        s = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode().lower()
        return " ".join(w for w in "".join(c if c.isalnum() else " " for c in s).split() if w not in {"jr", "iii", "ii"})

    root = Path(__file__).resolve().parents[2] / "data"
    with open(root / "preseason" / "espn_players_2023.csv", encoding="utf-8") as f:
        rows = sorted(csv.DictReader(f), key=lambda r: -float(r["percent_owned"]))
    top40 = {fold(r["name"]) for r in rows[:40]}
    with open(root / "nba-2024-25" / "players.csv", encoding="utf-8") as f:
        names = {r["player_id"]: r["name"] for r in csv.DictReader(f)}
    lg = demo_league(as_of, store=state_store())
    first_round = [lg.draft[t][0] for t in range(1, 11)]
    assert all(fold(names[p]) in top40 for p in first_round), [names[p] for p in first_round]
    assert all(len(ids) == 13 for ids in lg.draft.values())


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_draft_is_deterministic_across_two_builds(scoring, tmp_path, monkeypatch, as_of):
    """A database built from scratch in another home drafts the very same rosters and lives the
    same season up to the as-of date."""
    first = demo_league(as_of, scoring, store=state_store()).drafted
    monkeypatch.setenv("COURTSIDE_HOME", str(tmp_path))
    build(tmp_path / DB_NAME)
    lg = demo_league(as_of, scoring, store=state_store())
    assert lg.snapshot.as_of == as_of and str(tmp_path) in db._con_path.as_posix()
    assert lg.drafted == first


def test_draft_is_deterministic_for_shuffled_candidates():
    cands = [Candidate(f"p{i:03d}", 50 - i * 0.3, 30, 20 + i % 15, frozenset({["PG", "SG", "SF", "PF", "C"][i % 5]}))
             for i in range(160)]
    one = run_draft(cands, 10, 7)
    assert run_draft(list(reversed(cands)), 10, 7) == one
    assert run_draft(cands, 10, 8) != one
    assert all(len(ids) == 13 for ids in one.values())


def test_snake_order():
    assert snake_order(3, 3) == [1, 2, 3, 3, 2, 1, 1, 2, 3]
    assert len(snake_order(10)) == 130


def test_round_robin_is_a_pairing_and_everyone_meets_once_per_cycle():
    met = {t: set() for t in range(1, N_TEAMS + 1)}
    for week in range(1, N_TEAMS):
        pairs = round_robin(N_TEAMS, week)
        assert sorted(pairs) == list(range(1, N_TEAMS + 1))
        assert all(pairs[pairs[t]] == t and pairs[t] != t for t in pairs)
        for t, o in pairs.items():
            met[t].add(o)
    assert all(met[t] == set(range(1, N_TEAMS + 1)) - {t} for t in met)
    assert round_robin(N_TEAMS, 1) == round_robin(N_TEAMS, N_TEAMS)


def test_weeks_and_days(as_of):
    lg = demo_league(as_of, store=state_store())
    assert tuple(lg.week) == (15, dt.date(2025, 1, 27), dt.date(2025, 2, 2))
    assert lg.days_played == [dt.date(2025, 1, 27), dt.date(2025, 1, 28)]
    assert lg.days_remaining == [dt.date(2025, 1, 29) + dt.timedelta(days=i) for i in range(5)]
    assert lg.opponent_id == round_robin(10, 15)[1] == 6


def test_info(as_of):
    info = demo_league(as_of, store=state_store()).info()
    assert (info.league_id, info.kind, info.my_team_id, len(info.teams)) == ("demo-points-2025-01-29", "demo", 1, 10)
    assert [t.is_me for t in info.teams] == [True] + [False] * 9
    assert info.slots == {"PG": 1, "SG": 1, "SF": 1, "PF": 1, "C": 1, "G": 1, "F": 1, "UTIL": 3}
    assert (info.bench, info.ir) == (3, 1)


def test_an_approved_move_is_replayed_in_its_league_only(fresh_state, as_of):
    lg, other = demo_league(as_of, store=state_store()), demo_league(as_of, "categories", store=state_store())
    drop = lg.roster_ids(1)[-1]
    add = lg.free_agent_ids()[0]
    before_other = other.rosters()
    fresh_state.store.apply_move(lg.league_id, 1, "move-1", drop, add, as_of, "test", {"why": "test"})
    mine = lg.roster_ids(1)
    assert add in mine and drop not in mine and len(mine) == 13
    assert mine.index(add) == lg.drafted[1].index(drop)
    assert add not in lg.free_agent_ids() and drop in lg.free_agent_ids()
    assert (lg.owner_of(add), lg.owner_of(drop)) == (1, None)
    assert other.rosters() == before_other
    assert demo_league(dt.date(2025, 1, 28), store=state_store()).roster_ids(1) == demo_league(dt.date(2025, 1, 28), store=state_store()).drafted[1]


def test_moves_do_not_leak_between_tests(as_of):
    lg = demo_league(as_of, store=state_store())
    assert lg.rosters() == {t: list(ids) for t, ids in lg.drafted.items()}
