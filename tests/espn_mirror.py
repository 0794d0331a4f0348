"""The ESPN mirror for tests (`python -m services espn-mirror`): its own process on a free
loopback port, stopped by its pid; and ESPN's raw answers read from it over HTTP (the expected
values of the tests come from these answers or the CSV, never from the ESPN source).
"""
from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import requests

REPO = Path(__file__).resolve().parents[1]
AS_OF = dt.date(2025, 1, 29)
NOON = dt.datetime(2025, 1, 29, 12, 0)  # ESPN's (Eastern) clock in the approval tests: before the 19:00 lock
SEASON = 2025
LEAGUE_IDS = {"points": 20251, "categories": 20252}  # written out: the mirror prints the one it was asked for


@contextmanager
def mirror_process(home: Path, as_of: dt.date = AS_OF, *args: str):
    """The mirror serving the demo league of `as_of` from `home`; yields its JSON line."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_")}
    env["COURTSIDE_HOME"] = str(home)
    proc = subprocess.Popen([sys.executable, "-m", "services", "espn-mirror", "--as-of", as_of.isoformat(), *args],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = json.loads(proc.stdout.readline())
        assert line["error"] is None and line["url"].startswith("http://127.0.0.1:"), line
        yield line
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def league_json(url: str, scoring: str = "points", view: str = "mTeam&view=mRoster&view=mMatchup&view=mSettings",
                **filters) -> dict:
    """ESPN's raw league view as the mirror answers it (x-fantasy-filter from `filters`)."""
    headers = {"x-fantasy-filter": json.dumps(filters)} if filters else {}
    r = requests.get(f"{url}/apis/v3/games/fba/seasons/{SEASON}/segments/0/leagues/{LEAGUE_IDS[scoring]}?view={view}",
                     headers=headers, timeout=60)
    r.raise_for_status()
    return r.json()


def roster_json(main: dict, team_id: int) -> list[dict]:
    """One team's raw roster entries."""
    return next(t for t in main["teams"] if t["id"] == team_id)["roster"]["entries"]


def player_cards(url: str, ids: list[int], scoring: str = "points") -> dict[int, dict]:
    """Raw player cards (kona_playercard) by ESPN id."""
    data = league_json(url, scoring, "kona_playercard",
                       players={"filterIds": {"value": ids}, "filterStatsForTopScoringPeriodIds": {"value": 200}})
    return {p["id"]: p["player"] for p in data["players"]}


def mirror_source(url: str, monkeypatch, home: Path, scoring: str = "points", cache=None, team_id: int = 1):
    """The ESPN source of a mirror at `url` read through the real espn-api client over loopback
    (COURTSIDE_ESPN_URL set), its box-score history the run's own (built once in the session
    `home`), its state store the current home's."""
    from services.espn import EspnLeague, TTLCache
    from services.store.state import state_store

    monkeypatch.setenv("COURTSIDE_ESPN_URL", url)
    monkeypatch.setattr("services.espn.history.history_dir",
                        lambda league, season: home / "espn" / f"{int(league)}-{int(season)}")
    return EspnLeague(LEAGUE_IDS[scoring], SEASON, my_team_id=team_id, as_of=AS_OF,
                      cache=cache if cache is not None else TTLCache(), store=state_store())


def writes(sent: list[str]) -> list[str]:
    """The requests of a `sent` log (tests/agents/conftest.py) that were not reads."""
    return [r for r in sent if not r.startswith("GET ")]
