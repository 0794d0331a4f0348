"""The ESPN source's rosters and matchup on the mirror, through espn-api over loopback (issue #37
item 1): who is on a roster, in which slot and with which status is ESPN's answer; the numbers
are the league's box-score history's (the demo source's on the same date); the totals so far
are ESPN's live box score.

Broken versions these catch: rosters measured on ESPN's season and last-7 splits (fantasy_avg
ESPN's applied average, expected_per_game half and half, no availability) and a matchup
projected from those averages over every game left (it ignored lineup limits: 1240.5 - 1647.0 on
Jan 29 where the demo's standing-pat lineups give 1170.1 - 1505.6).
"""
from __future__ import annotations

import datetime as dt

import pytest

from tests.espn_mirror import AS_OF, league_json, roster_json

STATUS = {"ACTIVE": "ACTIVE", "DAY_TO_DAY": "DTD", "OUT": "OUT"}
OUR_SLOT = {0: "PG", 1: "SG", 2: "SF", 3: "PF", 4: "C", 5: "G", 6: "F", 11: "UTIL"}


def _numbers(entries):
    return {e.player.name: (e.status, e.games_remaining, e.remaining_dates, e.fantasy_avg, e.expected_per_game,
                            e.games_played, e.on_ir) for e in entries}


def test_my_roster_is_espns_measured_on_the_history(mirror_league, demo_source, espn_mirror, csv_facts, csv_players):
    lg = mirror_league("points")
    roster = lg.roster()
    raw = roster_json(league_json(espn_mirror["url"]), 1)
    by_id = {str(e["playerId"]): e for e in raw}
    assert sorted(e.player.player_id for e in roster.entries) == sorted(by_id)
    for e in roster.entries:
        js = by_id[e.player.player_id]
        p = js["playerPoolEntry"]["player"]
        assert e.player.name == p["fullName"] and e.status == STATUS[p["injuryStatus"]]
        assert e.status_evidence.startswith(f"ESPN reports injury status {p['injuryStatus']}")
        assert e.on_ir == (js["lineupSlotId"] == 13)
        assert set(e.player.eligible) == {OUR_SLOT[s] for s in p["eligibleSlots"] if s in OUR_SLOT}
    assert _numbers(roster.entries) == _numbers(demo_source(AS_OF).roster().entries)
    by_name = {r["name"]: pid for pid, r in csv_players.items()}
    for e in roster.entries[:3]:  # games and points so far from the CSV
        games = csv_facts.player_games(by_name[e.player.name], AS_OF)
        assert e.games_played == len(games)
        assert e.fantasy_avg == round(sum(g["pts"] + g["reb"] + 2 * g["ast"] + 4 * g["stl"] + 4 * g["blk"] - 2 * g["tov"]
                                          + g["fg3m"] + 2 * g["fgm"] - g["fga"] + g["ftm"] - g["fta"]
                                          for g in games) / len(games), 2)


def test_opponent_roster_is_this_weeks_opponent(mirror_league, espn_mirror):
    from services.models import ServiceError

    lg = mirror_league("points")
    main = league_json(espn_mirror["url"])
    week = main["status"]["currentMatchupPeriod"]
    match = next(m for m in main["schedule"] if m["matchupPeriodId"] == week and 1 in (m["home"]["teamId"], m["away"]["teamId"]))
    opp_id = match["away"]["teamId"] if match["home"]["teamId"] == 1 else match["home"]["teamId"]
    opp = lg.opponent_roster()
    assert (opp.team_id, opp.team_name) == (opp_id, next(t["name"] for t in main["teams"] if t["id"] == opp_id))
    assert sorted(e.player.name for e in opp.entries) == sorted(
        e["playerPoolEntry"]["player"]["fullName"] for e in roster_json(main, opp_id))
    with pytest.raises(ServiceError, match="No team 99 in ESPN league 20251"):
        lg.roster(99)


def _my_box(url: str, scoring: str) -> dict:
    box = league_json(url, scoring, "mMatchupScore&view=mScoreboard")["schedule"]
    match = next(m for m in box if 1 in (m["home"]["teamId"], m["away"]["teamId"]))
    return (match["home"], match["away"]) if match["home"]["teamId"] == 1 else (match["away"], match["home"])


def test_points_matchup_is_espns_score_and_the_demos_projection(mirror_league, demo_source, espn_mirror):
    md, demo = mirror_league("points").matchup(), demo_source(AS_OF).matchup()
    mine, theirs = _my_box(espn_mirror["url"], "points")
    assert (md.my_points, md.opponent_points) == (mine["totalPoints"], theirs["totalPoints"])
    assert (md.week, md.start, md.end, md.days_played) == (demo.week, demo.start, demo.end, demo.days_played)
    assert md.days_played == [dt.date(2025, 1, 27), dt.date(2025, 1, 28)]
    for f in ("my_projected_rest", "opponent_projected_rest", "my_games_remaining", "opponent_games_remaining"):
        assert getattr(md, f) == getattr(demo, f), f
    assert md.summary == demo.summary.replace(" after", " (ESPN live score) after", 1)


def test_categories_matchup_is_espns_totals_and_the_demos_projection(mirror_league, demo_source, espn_mirror):
    md, demo = mirror_league("categories").matchup(), demo_source(AS_OF, "categories").matchup()
    mine, _theirs = _my_box(espn_mirror["url"], "categories")
    stat = mine["cumulativeScore"]["scoreByStat"]
    ids = {"PTS": "0", "BLK": "1", "STL": "2", "AST": "3", "REB": "6", "TO": "11", "3PM": "17"}
    lines = {c.category: c for c in md.categories}
    for cat, i in ids.items():
        assert lines[cat].mine == stat[i]["score"], cat
    assert lines["FG%"].mine == round(stat["13"]["score"] / stat["14"]["score"], 3)
    assert [c.model_dump() for c in md.categories] == [c.model_dump() for c in demo.categories]
    assert md.expected_categories_won == demo.expected_categories_won


def test_free_agents_are_the_demos_ranking_at_espns_slots(mirror_league, demo_source, espn_mirror):
    """The free agents of the history, ranked as the demo ranks them; the position filter reads
    ESPN's eligibleSlots (the mirror serves the demo's eligibility, so the lists agree)."""
    from services.models import ServiceError

    lg = mirror_league("points")
    row = lambda f: (f.player.name, f.status, f.games_remaining, f.expected_per_game)  # noqa: E731
    for kw in ({}, {"position": "C"}, {"healthy_only": True, "min_games_remaining": 3}, {"target_categories": ["BLK"]}):
        mine, demo = lg.free_agents(**kw), demo_source(AS_OF).free_agents(**kw)
        assert [row(f) for f in mine] == [row(f) for f in demo], kw
        for a, b in zip(mine, demo, strict=True):  # the same figures, to the last rounding (sums in another order)
            assert (a.value, a.score) == (pytest.approx(b.value, abs=2e-3), pytest.approx(b.score, abs=2e-3))
    top = lg.free_agents(position="C", limit=3)
    cards = player_cards_of(espn_mirror["url"], [int(f.player.player_id) for f in top])
    assert all(4 in cards[int(f.player.player_id)]["eligibleSlots"] for f in top)  # ESPN slot 4: C
    with pytest.raises(ServiceError, match="Unknown position"):
        lg.free_agents(position="QB")


def player_cards_of(url: str, ids: list[int]) -> dict[int, dict]:
    from tests.espn_mirror import player_cards

    return player_cards(url, ids)


def test_credentials_never_appear_in_the_history_views(espn_mirror, monkeypatch, courtside_home):
    """Roster, matchup, free agents and the optimizer's inputs read with cookies: none is echoed."""
    from services.espn import EspnLeague, TTLCache

    s2, swid = "S2-secret-mirror-cookie", "{SWID-MIRROR-SECRET}"
    monkeypatch.setenv("COURTSIDE_ESPN_URL", espn_mirror["url"])
    monkeypatch.setattr("services.espn.history.history_dir",
                        lambda league, season: courtside_home / "espn" / f"{int(league)}-{int(season)}")
    lg = EspnLeague(20251, 2025, espn_s2=s2, swid=swid, my_team_id=1, as_of=AS_OF, cache=TTLCache())
    for result in (lg.roster(), lg.matchup(), *lg.free_agents(limit=3)):
        text = repr(result) + result.model_dump_json()
        assert s2 not in text and swid not in text
    text = repr(lg.optimizer_inputs(free_agents=[])) + repr(lg) + str(lg)
    assert s2 not in text and swid not in text
    with pytest.raises(Exception) as err:
        lg.roster(42)
    assert s2 not in str(err.value) and swid not in str(err.value)
