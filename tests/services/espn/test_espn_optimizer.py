"""The optimizer's inputs on an ESPN league come from its box-score history under its own settings
(issue #37 items 1 and 2), on the mirror through the real espn-api client over loopback.

Broken versions these catch: the ESPN source built its inputs from ESPN's season averages
(`expected["fpts"]` half season / half last-7 applied average, availability 1.0 / 0.6 / 0.0 by
status, no return odds, no season values), so they differed from the demo source's on the same
date; and it projected with the demo's points weights and lineup slots and the box-score
eligibility rule whatever the league set. Expected values come from the mirror's raw JSON (what
ESPN answers) and the CSV, never from the services.
"""
from __future__ import annotations

import datetime as dt

import pytest

from tests.conftest import ESPN_POINTS
from tests.espn_mirror import AS_OF, league_json, mirror_process, roster_json

WEEK_END = dt.date(2025, 2, 2)
OUR_SLOT = {0: "PG", 1: "SG", 2: "SF", 3: "PF", 4: "C", 5: "G", 6: "F", 11: "UTIL"}
STATS = ("pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "fgm", "fga", "ftm", "fta")
ESPN_STAT = {"0": "pts", "1": "blk", "2": "stl", "3": "ast", "6": "reb", "11": "tov", "17": "fg3m",
             "13": "fgm", "14": "fga", "15": "ftm", "16": "fta"}


def _key(p) -> tuple:
    return (p.name, p.eligible, round(p.expected["fpts"], 6), sorted(p.game_days), round(p.availability, 6),
            p.status, round(p.season_value or 0.0, 6), p.returns)


def _expected_stats(csv_facts, pid: str) -> dict[str, float]:
    """Half the season's mean, half the last ten games' (games before Jan 29, from the CSV)."""
    games = csv_facts.player_games(pid, AS_OF)
    last = games[-10:]
    return {s: 0.5 * sum(g[s] for g in games) / len(games) + 0.5 * sum(g[s] for g in last) / len(last)
            for s in STATS}


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_inputs_are_the_demo_sources_on_the_same_date(mirror_league, demo_source, espn_mirror, scoring):
    espn, demo = mirror_league(scoring).optimizer_inputs(season=True), demo_source(AS_OF, scoring).optimizer_inputs(season=True)
    for side in ("roster", "free_agents", "opponent", "ir_back"):
        got, want = sorted(map(_key, getattr(espn, side))), sorted(map(_key, getattr(demo, side)))
        assert [g[0] for g in got] == [w[0] for w in want], side
        for g, w in zip(got, want, strict=True):
            assert g[:2] == w[:2] and g[3:] == w[3:] and g[2] == pytest.approx(w[2], abs=1e-4), (side, g, w)
    assert (espn.days, espn.scoring, espn.ir_slots_free, espn.league_id) == (demo.days, scoring, demo.ir_slots_free, str(
        {"points": 20251, "categories": 20252}[scoring]))
    assert sorted(espn.season.days) == sorted(demo.season.days)
    main = league_json(espn_mirror["url"], scoring)
    counts = main["settings"]["rosterSettings"]["lineupSlotCounts"]
    assert dict(espn.slots) == {OUR_SLOT[int(k)]: n for k, n in counts.items() if int(k) in OUR_SLOT and n}
    mine = [e["playerPoolEntry"]["player"] for e in roster_json(main, 1) if e["lineupSlotId"] != 13]
    assert sorted(p.player_id for p in espn.roster) == sorted(str(p["id"]) for p in mine)
    for p in mine:  # eligibility is ESPN's eligibleSlots
        got = next(q for q in espn.roster if q.player_id == str(p["id"]))
        assert set(got.eligible) == {OUR_SLOT[s] for s in p["eligibleSlots"] if s in OUR_SLOT}
    # the totals so far are ESPN's live box score
    box = league_json(espn_mirror["url"], scoring, "mMatchupScore&view=mScoreboard")["schedule"]
    match = next(m for m in box if 1 in (m["home"]["teamId"], m["away"]["teamId"]))
    me = match["home"] if match["home"]["teamId"] == 1 else match["away"]
    if scoring == "points":
        assert espn.my_so_far == {"fpts": me["totalPoints"]}
    else:
        assert espn.my_so_far == {ours: me["cumulativeScore"]["scoreByStat"][i]["score"] for i, ours in ESPN_STAT.items()}


def test_the_projection_is_the_box_scores(mirror_league, csv_facts, csv_players):
    """A rostered player's expected fantasy points: half season, half last ten games, by the
    league's points weights (here ESPN's defaults), recomputed from the CSV."""
    lg = mirror_league("points")
    inputs = lg.optimizer_inputs()
    by_name = {r["name"]: pid for pid, r in csv_players.items()}
    for p in inputs.roster[:4]:
        exp = _expected_stats(csv_facts, by_name[p.name])
        assert p.expected["fpts"] == pytest.approx(sum(ESPN_POINTS[s] * exp[s] for s in STATS), abs=1e-6), p.name


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_the_optimizer_gives_the_demos_lineup_and_moves(mirror_league, demo_source, scoring):
    from services import optimizer as opt

    espn, demo = mirror_league(scoring).optimizer_inputs(season=True), demo_source(AS_OF, scoring).optimizer_inputs(season=True)
    assert opt.weekly_lineup(espn).expected_total == pytest.approx(opt.weekly_lineup(demo).expected_total, abs=1e-6)
    name = {p.player_id: p.name for p in (*espn.roster, *espn.free_agents, *demo.roster, *demo.free_agents)}
    moves = lambda inputs: [(name[m.drop_id], name[m.add_id], m.kind, round(m.gain, 3))  # noqa: E731
                            for m in opt.propose_moves(inputs, limit=3).moves]
    assert moves(espn) == moves(demo) and len(moves(espn)) == 3


def test_unknown_free_agent_ids_are_refused_in_one_line(mirror_league):
    from services.models import ServiceError

    lg = mirror_league("points")
    rostered = lg.history().roster_ids()[0]
    with pytest.raises(ServiceError, match=r"is not a free agent .* ESPN league 20251"):
        lg.optimizer_inputs(free_agents=[rostered])


@pytest.fixture(scope="module")
def own_settings(courtside_home, tmp_path_factory):
    """The mirror of a league whose settings differ from the demo's: blocks worth 8 points (not 4),
    two C slots and two UTIL (not one and three), LeBron James eligible at PG only."""
    with mirror_process(courtside_home, AS_OF, "--weight", "blk=8", "--slot", "C=2", "--slot", "UTIL=2",
                        "--eligible", "LeBron James=PG") as line:
        yield line, tmp_path_factory.mktemp("own-settings-history")


def test_the_projection_follows_the_leagues_own_settings(own_settings, monkeypatch, csv_facts, csv_players,
                                                         demo_source):
    from services import optimizer as opt
    from services.espn import EspnLeague, TTLCache
    from services.store.state import state_store

    line, folder = own_settings
    monkeypatch.setenv("COURTSIDE_ESPN_URL", line["url"])
    monkeypatch.setattr("services.espn.history.history_dir", lambda league, season: folder)
    lg = EspnLeague(20251, 2025, my_team_id=1, as_of=AS_OF, cache=TTLCache(), store=state_store())
    inputs = lg.optimizer_inputs()
    main = league_json(line["url"])
    counts = main["settings"]["rosterSettings"]["lineupSlotCounts"]
    assert (counts["4"], counts["11"]) == (2, 2)
    assert dict(inputs.slots) == {"PG": 1, "SG": 1, "SF": 1, "PF": 1, "C": 2, "G": 1, "F": 1, "UTIL": 2}
    weights = dict(ESPN_POINTS, blk=8)
    by_name = {r["name"]: pid for pid, r in csv_players.items()}
    for p in inputs.roster:
        exp = _expected_stats(csv_facts, by_name[p.name])
        assert p.expected["fpts"] == pytest.approx(sum(weights[s] * exp[s] for s in STATS), abs=1e-6), p.name
    lebron = next(p for p in inputs.roster if p.name == "LeBron James")
    assert lebron.eligible == ("PG",)  # ESPN's eligibleSlots, not the box-score rule (SF, PF, F, UTIL)
    assert "PG" not in next(p for p in demo_source(AS_OF).optimizer_inputs(free_agents=[]).roster
                            if p.name == "LeBron James").eligible
    week = opt.weekly_lineup(inputs)
    for day in week.days:
        used = list(day.slots.values())
        assert used.count("C") <= 2 and used.count("UTIL") <= 2 and len(used) <= 10
        if day.slots.get(lebron.player_id):
            assert day.slots[lebron.player_id] == "PG"
    # the week's points are the league's: each start counts its blocks at 8, at his chance to play that day
    by_id = {p.player_id: p for p in inputs.roster}
    total = sum(by_id[pid].chance_on(day.date) * by_id[pid].expected["fpts"] for day in week.days for pid in day.slots)
    assert week.expected_total == pytest.approx(total, rel=1e-6)


@pytest.mark.parametrize("own, slots, out", [
    (["PG", "G", "UTIL"], ["PG", "SG/SF", "G/F", "UTIL"], ("PG", "G", "UTIL", "G/F")),
    (["SF", "F", "UTIL"], ["SG/SF", "PF/C", "F/C"], ("SF", "F", "UTIL", "SG/SF", "F/C")),
    (["C", "UTIL"], ["PF/C", "F/C", "C"], ("C", "UTIL", "PF/C", "F/C")),
    (["PG", "UTIL"], ["PG", "SG", "UTIL"], ("PG", "UTIL")),
])
def test_combined_espn_slots_take_either_position(own, slots, out):
    from services.optimizer.adapter import LeagueRules

    assert LeagueRules(slots=dict.fromkeys(slots, 1), eligible={"x": tuple(own)}).eligible_for("x", ["C"]) == out


def test_a_categories_league_counts_only_its_own_categories(mirror_league, courtside_home, monkeypatch, demo_source):
    """A categories league without turnovers (ESPN's scoringItems): TO is out of the optimizer's
    objective (as a punt) and out of the matchup's lines and its "of N". Broken version: the nine
    categories whatever the league counts."""
    from services.espn import EspnLeague, TTLCache
    from services.store.state import state_store

    mirror_league("categories").history()  # the run's categories history (the box scores are the same)
    eight = "FG%,FT%,3PM,REB,AST,STL,BLK,PTS"
    with mirror_process(courtside_home, AS_OF, "--categories", eight) as line:
        items = league_json(line["url"], "categories")["settings"]["scoringSettings"]["scoringItems"]
        assert 11 not in {i["statId"] for i in items} and len(items) == 8  # ESPN's answer: no TO (stat 11)
        monkeypatch.setenv("COURTSIDE_ESPN_URL", line["url"])
        monkeypatch.setattr("services.espn.history.history_dir",
                            lambda league, season: courtside_home / "espn" / f"{int(league)}-{int(season)}")
        lg = EspnLeague(20252, 2025, my_team_id=1, as_of=AS_OF, cache=TTLCache(), store=state_store())
        inputs, md = lg.optimizer_inputs(), lg.matchup()
    assert inputs.punt == ("TO",)
    assert [c.category for c in md.categories] == eight.split(",")
    assert md.summary.endswith("of 8.")
    demo = demo_source(AS_OF, "categories").optimizer_inputs(punt=["TO"])  # the demo punting TO: the same objective
    from services import optimizer as opt

    assert opt.weekly_lineup(inputs).expected_total == pytest.approx(opt.weekly_lineup(demo).expected_total, abs=1e-6)
