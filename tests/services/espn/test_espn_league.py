"""EspnLeague over replayed ESPN responses: every expected value is read from the JSON here."""
from __future__ import annotations

import datetime as dt

import pytest

from espn_replay import (AS_OF, BRUNSON, S2, SWID, fixture, roster_json,
                         team_game_dates)
from services.espn import EspnLeague, TTLCache
from services.espn.mapping import map_status
from services.models import AmbiguousPlayer, PlayerNotFound, ServiceError

WEEK_END = dt.date(2023, 2, 5)  # matchup 16 runs Mon 30 Jan - Sun 5 Feb 2023
OUR_SLOT = {"0": "PG", "1": "SG", "2": "SF", "3": "PF", "4": "C", "5": "G", "6": "F", "11": "UTIL"}


def test_construction_makes_exactly_espn_apis_four_requests(league, espn):
    league.info()
    views = [r.qs.get("view") for r in espn.request_history]
    assert views == [["mteam", "mroster", "mmatchup", "msettings", "mstandings"], ["players_wl"],
                     ["proteamschedules_wl"], ["mdraftdetail"]]
    assert all(S2 in r.headers["Cookie"] and SWID in r.headers["Cookie"] for r in espn.request_history)


def test_info_reads_name_slots_and_teams_from_raw_settings(league, main_league):
    info = league.info()
    counts = main_league["settings"]["rosterSettings"]["lineupSlotCounts"]
    assert info.kind == "espn" and info.league_id == "1234" and info.scoring == "points"
    assert info.name == main_league["settings"]["name"]
    assert info.slots == {OUR_SLOT[k]: n for k, n in sorted(counts.items(), key=lambda kv: int(kv[0]))
                          if k in OUR_SLOT and n}
    assert (info.bench, info.ir) == (counts["12"], counts["13"])
    members = {m["id"]: f"{m['firstName']} {m['lastName']}" for m in main_league["members"]}
    assert [(t.team_id, t.name, t.manager) for t in info.teams] == sorted(
        (t["id"], t["name"], members[t["owners"][0]]) for t in main_league["teams"])
    assert [t.team_id for t in info.teams if t.is_me] == [1]


@pytest.mark.parametrize("espn_status, ours", [
    ("ACTIVE", "ACTIVE"), ("NORMAL", "ACTIVE"), (None, "ACTIVE"), ([], "ACTIVE"),
    ("DAY_TO_DAY", "DTD"), ("QUESTIONABLE", "DTD"),
    ("OUT", "OUT"), ("INJURY_RESERVE", "OUT"), ("SUSPENSION", "OUT"),
])
def test_status_mapping(espn_status, ours):
    assert map_status(espn_status) == ours


def test_player_status_is_espns_report(league):
    card = fixture("league_2023_playerCard.json")["players"][0]["player"]
    played = [s["scoringPeriodId"] for s in card["stats"]
              if s["statSplitTypeId"] == 5 and s["seasonId"] == 2023 and s.get("stats")]
    report = league.player_status("brunson")
    assert report.player.player_id == str(BRUNSON) and report.inferred is False
    assert report.status == map_status(card["injuryStatus"])
    assert "ESPN" in report.evidence and "ESPN" in report.source
    assert report.last_played == dt.date(2022, 10, 17) + dt.timedelta(days=max(played) - 1)
    assert report.missed_in_row == 0


def test_game_log_from_player_card(league):
    card = fixture("league_2023_playerCard.json")["players"][0]["player"]
    games = sorted((s for s in card["stats"]
                    if s["statSplitTypeId"] == 5 and s["seasonId"] == 2023 and s.get("stats")),
                   key=lambda s: s["scoringPeriodId"])[-5:]
    log = league.game_log("Jalen Brunson", last_n=5)
    assert [g.pts for g in log.games] == [int(s["stats"]["0"]) for s in games]
    assert [g.fantasy_pts for g in log.games] == [s["appliedTotal"] for s in games]
    assert log.games[-1].date == dt.date(2023, 1, 31) and log.games[-1].opp == "LAL"
    assert log.averages["pts"] == round(sum(s["stats"]["0"] for s in games) / 5, 2)


def test_game_log_without_games_is_a_clear_error(espn, clock):
    early = EspnLeague(1234, 2023, my_team_id=1, as_of=dt.date(2022, 10, 17), cache=TTLCache(clock=clock))
    with pytest.raises(ServiceError, match="ESPN gave no game log for Jalen Brunson"):
        early.game_log("Jalen Brunson")
    with pytest.raises(ServiceError, match="no player card"):
        early.game_log("Giannis Antetokounmpo")  # ESPN answers his card request with no players


def test_schedule_defaults_to_my_roster_for_the_rest_of_the_week(league, main_league):
    report = league.schedule()
    raw = roster_json(main_league, 1)
    assert (report.week_start, report.week_end) == (dt.date(2023, 1, 30), WEEK_END)
    assert report.days_remaining == [AS_OF + dt.timedelta(days=i) for i in range(4)]
    expected = [team_game_dates(e["playerPoolEntry"]["player"]["proTeamId"], AS_OF, WEEK_END) for e in raw]
    assert [p.dates for p in report.players] == expected
    assert report.total_games == sum(map(len, expected))
    lakers = league.schedule(["LeBron"], start=dt.date(2023, 2, 6), end=dt.date(2023, 2, 12))
    assert lakers.players[0].dates == team_game_dates(13, dt.date(2023, 2, 6), dt.date(2023, 2, 12))


def test_news_is_a_clear_error(league):
    with pytest.raises(ServiceError, match="no news text"):
        league.news("LeBron James")


def test_unknown_and_ambiguous_players(league):
    with pytest.raises(PlayerNotFound) as err:
        league.player_status("Brunsen")
    assert "Jalen Brunson" in err.value.suggestions
    with pytest.raises(AmbiguousPlayer) as amb:
        league.player_status("Williams")
    assert len(amb.value.candidates) > 1 and all("Williams" in c for c in amb.value.candidates)


def test_espn_today_is_its_as_of(league):
    from espn_replay import AS_OF

    assert league.today == AS_OF
