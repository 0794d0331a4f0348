"""Helpers to replay recorded ESPN responses through the real espn-api parsing code.

Every response comes from tests/fixtures/espn (see its README). The main league view
(`league_2023_handmade_main.json`) is HAND-MADE in ESPN's shapes, because the recorded one was
too large to keep: 4 teams, real player ids and names, hand-made statuses and season averages
(Jalen Brunson's splits are copied from the real player card).
"""
from __future__ import annotations

import copy
import datetime as dt
import json
from functools import lru_cache
from pathlib import Path
from zoneinfo import ZoneInfo

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "espn"
SEASON_URL = "https://lm-api-reads.fantasy.espn.com/apis/v3/games/fba/seasons/2023"
LEAGUE_URL = SEASON_URL + "/segments/0/leagues/1234"
AS_OF = dt.date(2023, 2, 2)            # scoring period 109, the day the box scores were recorded
S2, SWID = "S2-SECRET-c00kie-value", "{SWID-SECRET-0000}"
BRUNSON = 3934672


@lru_cache(maxsize=None)
def _load(name: str) -> str:
    return (FIXTURES / name).read_text()


def fixture(name: str):
    """A fresh copy of one recorded (or the hand-made) ESPN response."""
    return json.loads(_load(name))


class FakeClock:
    """Seconds since the epoch that only move when a test says so (start: Nov 2023)."""

    def __init__(self, now: float = 1_700_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def free_agent_response() -> dict:
    """kona_player_info answer: the recorded player card entry (same shape) and a copy of it
    turned into an injured Laker, so filters and ranking have two players to work with."""
    card = fixture("league_2023_playerCard.json")
    real = card["players"][0]
    real.update(onTeamId=0, status="FREEAGENT")
    other = copy.deepcopy(real)
    other["id"] = other["player"]["id"] = 4000001
    other["player"].update(fullName="Test Freeagent", firstName="Test", lastName="Freeagent",
                           proTeamId=13, injuryStatus="OUT", injured=True)
    return {"players": [real, other]}


def player_card(request, context) -> dict:
    """The recorded card for Jalen Brunson; ESPN's empty answer for anyone else."""
    wanted = json.loads(request.headers["x-fantasy-filter"])["players"]["filterIds"]["value"]
    return fixture("league_2023_playerCard.json") if wanted == [BRUNSON] else {"players": []}


def calls(m, view: str) -> int:
    """How many requests asked for one ESPN view."""
    return sum(view.lower() in r.qs.get("view", []) for r in m.request_history)


def team_game_dates(pro_team_id: int, start: dt.date, end: dt.date) -> list[dt.date]:
    """A team's game days in [start, end], read straight off the recorded NBA schedule (ET)."""
    teams = fixture("league_2023_pro_schedule.json")["settings"]["proTeams"]
    games = next(t for t in teams if t["id"] == pro_team_id)["proGamesByScoringPeriod"]
    eastern = ZoneInfo("America/New_York")
    days = {dt.datetime.fromtimestamp(g[0]["date"] / 1000, eastern).date() for g in games.values() if g}
    return sorted(d for d in days if start <= d <= end)


def roster_json(main: dict, team_id: int) -> list[dict]:
    """The hand-made roster entries of one team (raw JSON)."""
    return next(t for t in main["teams"] if t["id"] == team_id)["roster"]["entries"]


def register_league(m, main_league: dict, free_agents: dict) -> None:
    """Registers every read espn-api makes for the hand-made league on a requests-mock Mocker."""
    m.get(LEAGUE_URL + "?view=mTeam&view=mRoster&view=mMatchup&view=mSettings&view=mStandings", json=main_league)
    m.get(LEAGUE_URL + "?view=mDraftDetail", json=fixture("league_2023_draft.json"))
    m.get(SEASON_URL + "/players?view=players_wl", json=fixture("league_players_2023.json"))
    m.get(SEASON_URL + "?view=proTeamSchedules_wl", json=fixture("league_2023_pro_schedule.json"))
    m.get(LEAGUE_URL + "?view=mMatchupScore&view=mScoreboard&scoringPeriodId=109",
          json=fixture("league_2023_box_score_h2h_points.json"))
    m.get(LEAGUE_URL + "?view=kona_playercard", json=player_card)
    m.get(LEAGUE_URL + "?view=kona_player_info&scoringPeriodId=109", json=free_agents)
