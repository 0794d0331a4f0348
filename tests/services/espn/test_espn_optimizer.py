"""Optimizer inputs from a replayed ESPN league, and the optimizer run on them.

Expected values are read straight off the recorded (and hand-made) JSON here, never from the
services: ids, names, ESPN slot ids, statuses, NBA game days and ESPN's applied averages.
"""
from __future__ import annotations

import copy
import datetime as dt

import pytest

from espn_replay import AS_OF, BRUNSON, LEAGUE_URL, fixture, free_agent_response, roster_json, team_game_dates
from services import optimizer as opt
from services.models import (CategoryLine, FreeAgent, LeagueInfo, MatchupDetails, PlayerRef, Roster,
                             RosterEntry)
from services.optimizer.espn_adapter import banked_totals, build_inputs, eligible_for, from_espn_league

WEEK_END = dt.date(2023, 2, 5)  # matchup 16 runs Mon 30 Jan - Sun 5 Feb 2023
DAYS = tuple(AS_OF + dt.timedelta(days=i) for i in range(4))
ESPN_SLOT = {0: "PG", 1: "SG", 2: "SF", 3: "PF", 4: "C", 5: "G", 6: "F", 11: "UTIL"}
CHANCE = {"ACTIVE": 1.0, "DAY_TO_DAY": 0.6, "QUESTIONABLE": 0.6, "OUT": 0.0}
FA_ID = 4000001
FA_URL = LEAGUE_URL + "?view=kona_player_info&scoringPeriodId=109"


def _split(player: dict, split_id: str) -> dict:
    return next(s for s in player["stats"] if s["id"] == split_id)


def _expected_per_game(player: dict) -> float:
    """ESPN's season and last-7 applied averages, half and half (read off the JSON)."""
    season, week = _split(player, "002023")["appliedAverage"], _split(player, "012023")["appliedAverage"]
    return round((round(season, 2) + round(week, 2)) / 2, 2)


def _eligible(player: dict) -> tuple[str, ...]:
    mine = {ESPN_SLOT[s] for s in player["eligibleSlots"] if s in ESPN_SLOT}
    return tuple(s for s in ("PG", "SG", "SF", "PF", "C", "G", "F", "UTIL") if s in mine)


def healthy_free_agent() -> dict:
    """The replayed free-agent answer with the test free agent (a Laker) healthy."""
    answer = free_agent_response()
    fa = next(p for p in answer["players"] if p["id"] == FA_ID)
    fa["player"].update(injuryStatus="ACTIVE", injured=False)
    return answer


def test_inputs_hold_my_healthy_roster_with_eligibility_and_game_days(league, main_league):
    inputs = from_espn_league(league)
    raw = [e["playerPoolEntry"]["player"] for e in roster_json(main_league, 1) if e["lineupSlotId"] != 13]
    assert (inputs.league_id, inputs.team_id, inputs.as_of, inputs.scoring) == ("1234", 1, AS_OF, "points")
    assert inputs.days == DAYS and inputs.days[-1] == WEEK_END
    counts = main_league["settings"]["rosterSettings"]["lineupSlotCounts"]
    assert dict(inputs.slots) == {ESPN_SLOT[int(k)]: n for k, n in sorted(counts.items(), key=lambda kv: int(kv[0]))
                                  if int(k) in ESPN_SLOT and n}
    assert len(inputs.roster) == len(raw)
    for p, js in zip(inputs.roster, raw, strict=True):
        assert (p.player_id, p.name) == (str(js["id"]), js["fullName"])
        assert p.eligible == _eligible(js)
        assert sorted(p.game_days) == team_game_dates(js["proTeamId"], AS_OF, WEEK_END)
        assert p.availability == CHANCE[js["injuryStatus"]]
        assert p.expected["fpts"] == pytest.approx(_expected_per_game(js))
        assert p.season_value == pytest.approx(_split(js, "002023")["appliedAverage"], abs=0.005)
    assert "Karl-Anthony Towns" not in {p.name for p in inputs.roster}  # on IR: never starts, never dropped


def test_free_agents_leave_out_rostered_players(league):
    inputs = from_espn_league(league)
    # the replayed answer lists Brunson (on my roster) and an injured copy of him
    assert [(p.player_id, p.name, p.status, p.availability) for p in inputs.free_agents] == [
        (str(FA_ID), "Test Freeagent", "OUT", 0.0)]
    assert str(BRUNSON) in {p.player_id for p in inputs.roster}
    assert sorted(inputs.free_agents[0].game_days) == team_game_dates(13, AS_OF, WEEK_END)


def test_the_optimizer_sees_the_points_the_tools_show(league, main_league):
    """Every roster slot is free for five healthy players, so standing pat is the plain sum."""
    inputs = from_espn_league(league)
    raw = [e["playerPoolEntry"]["player"] for e in roster_json(main_league, 1) if e["lineupSlotId"] != 13]
    expected = sum(_expected_per_game(js) * CHANCE[js["injuryStatus"]]
                   * len(team_game_dates(js["proTeamId"], AS_OF, WEEK_END)) for js in raw)
    week = opt.weekly_lineup(inputs)
    assert week.unit == "fantasy points"
    assert week.expected_total == pytest.approx(expected, abs=0.01)


def test_no_move_helps_with_an_injured_free_agent_and_a_protected_roster(league):
    inputs = from_espn_league(league)
    assert opt.scan_moves(inputs) == []  # five players, all in the protected top six
    hart = next(p.player_id for p in inputs.roster if p.name == "Josh Hart")
    assert all(m.gain <= 0 for m in opt.scan_moves(inputs, allow_drop={hart}))  # the only FA is OUT


def test_a_healthy_free_agent_for_josh_hart_gains_his_extra_points(league, espn, main_league):
    espn.get(FA_URL, json=healthy_free_agent())
    inputs = from_espn_league(league)
    hart = next(e["playerPoolEntry"]["player"] for e in roster_json(main_league, 1)
                if e["playerPoolEntry"]["player"]["fullName"] == "Josh Hart")
    card = fixture("league_2023_playerCard.json")["players"][0]["player"]
    fa_games, hart_games = team_game_dates(13, AS_OF, WEEK_END), team_game_dates(hart["proTeamId"], AS_OF, WEEK_END)
    [move] = [m for m in opt.scan_moves(inputs, allow_drop={str(hart["id"])}) if m.gain > 0]
    assert (move.drop_name, move.add_name, move.unit) == ("Josh Hart", "Test Freeagent", "fantasy points")
    assert (move.add_games, move.drop_games) == (len(fa_games), len(hart_games))
    gain = _expected_per_game(card) * len(fa_games) - _expected_per_game(hart) * len(hart_games)
    assert move.gain == pytest.approx(gain, abs=0.01)
    assert all(r.method == "GET" for r in espn.request_history)


@pytest.mark.parametrize("eligible, slots, out", [
    (["PG", "G", "UTIL"], ["PG", "SG/SF", "G/F", "UTIL"], ("PG", "G", "UTIL", "G/F")),
    (["SF", "F", "UTIL"], ["SG/SF", "PF/C", "F/C"], ("SF", "F", "UTIL", "SG/SF", "F/C")),
    (["C", "UTIL"], ["PF/C", "F/C", "C"], ("C", "UTIL", "PF/C", "F/C")),
    (["PG", "UTIL"], ["PG", "SG", "UTIL"], ("PG", "UTIL")),
])
def test_combined_espn_slots_take_either_position(eligible, slots, out):
    assert eligible_for(eligible, slots) == out


def _entry(name: str, season: dict, epg: float, status: str = "ACTIVE", on_ir: bool = False) -> RosterEntry:
    ref = PlayerRef(player_id=name.lower(), name=name, team="NYK", pos="PG", eligible=["PG", "G", "UTIL"])
    return RosterEntry(player=ref, status=status, status_evidence="", games_remaining=2,
                       remaining_dates=[DAYS[0], DAYS[2]], season_avg=season, recent_avg=season,
                       fantasy_avg=epg, recent_fantasy_avg=epg, expected_per_game=epg, games_played=40,
                       on_ir=on_ir)


def test_build_inputs_is_pure_and_scales_a_season_line_to_its_expectation():
    season = {"pts": 20.0, "reb": 5.0, "ast": 5.0, "stl": 1.0, "blk": 0.5, "tov": 2.0, "fg3m": 2.0,
              "fgm": 7.0, "fga": 15.0, "ftm": 4.0, "fta": 5.0}
    # ESPN default points of that line, written out: 20+5+10+4+2-4+2+14-15+4-5
    base = 37.0
    mine = Roster(team_id=3, team_name="Mine", manager="me", as_of=AS_OF,
                  entries=[_entry("Ann", season, 2 * base), _entry("Bo", season, base, "DTD"),
                           _entry("Cy", season, base, "OUT", on_ir=True)])
    fa = FreeAgent(player=_entry("Di", season, base).player, status="ACTIVE", games_remaining=1,
                   remaining_dates=[DAYS[1], WEEK_END + dt.timedelta(days=1)], fantasy_avg=base,
                   recent_fantasy_avg=base, expected_per_game=base, season_avg=season, value=base,
                   score=base, games_played=40)
    info = LeagueInfo(league_id="77", kind="espn", name="x", scoring="points", as_of=AS_OF,
                      slots={"PG": 1, "UTIL": 1}, bench=3, ir=1, teams=[], my_team_id=3)
    inputs = build_inputs(info, mine, [fa, copy.deepcopy(fa)], reversed(DAYS), taken=["di"])
    assert inputs == build_inputs(info, mine, [fa], DAYS, taken=["di"])
    assert [p.name for p in inputs.roster] == ["Ann", "Bo"] and inputs.free_agents == ()
    ann, bo = inputs.roster
    assert ann.expected["pts"] == pytest.approx(40.0) and ann.expected["fpts"] == 2 * base
    assert (bo.availability, bo.expected["pts"]) == (0.6, pytest.approx(20.0))
    assert ann.game_days == frozenset({DAYS[0], DAYS[2]}) and inputs.team_id == 3
    fas = build_inputs(info, mine, [fa], DAYS).free_agents
    assert [sorted(p.game_days) for p in fas] == [[DAYS[1]]]  # a game after the week does not count


def test_categories_totals_so_far_come_from_the_matchups_counting_categories():
    lines = [CategoryLine(category=c, mine=m, theirs=t, projected_mine=m, projected_theirs=t, leader="me",
                          win_probability=0.5)
             for c, m, t in [("PTS", 410.0, 398.0), ("TO", 30.0, 41.0), ("FG%", 0.47, 0.5), ("3PM", 44.0, 39.0)]]
    details = MatchupDetails(week=16, start=DAYS[0], end=WEEK_END, as_of=AS_OF, scoring="categories",
                             my_team="a", opponent="b", opponent_team_id=8, days_played=[],
                             days_remaining=list(DAYS), categories=lines, summary="")
    assert banked_totals(details) == ({"pts": 410.0, "tov": 30.0, "fg3m": 44.0}, {"pts": 398.0, "tov": 41.0, "fg3m": 39.0})


def test_a_categories_week_runs_on_the_replayed_rosters(league, espn):
    espn.get(FA_URL, json=healthy_free_agent())
    info = league.info().model_copy(update={"scoring": "categories"})
    inputs = build_inputs(info, league.roster(), league.free_agents(), DAYS, opponent=league.opponent_roster())
    assert inputs.scoring == "categories" and [p.name for p in inputs.opponent] == [
        "Giannis Antetokounmpo", "Rudy Gobert", "Shai Gilgeous-Alexander", "Jimmy Butler", "Chris Paul"]
    week = opt.weekly_lineup(inputs)
    assert week.unit == "categories won" and set(week.category_win_prob) == {
        "FG%", "FT%", "3PM", "REB", "AST", "STL", "BLK", "TO", "PTS"}
    hart = next(p.player_id for p in inputs.roster if p.name == "Josh Hart")
    moves = opt.scan_moves(inputs, allow_drop={hart})
    assert [(m.drop_name, m.add_name, m.unit) for m in moves] == [("Josh Hart", "Test Freeagent", "categories won")]
