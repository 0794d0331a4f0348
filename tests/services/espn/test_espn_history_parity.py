"""Every history feature on an ESPN league served by the mirror, through the real espn-api client
over loopback HTTP, compared with the demo source on the same date (issue #37).

The mirror (`python -m services espn-mirror`) serves the demo league of Jan 29 in ESPN's shapes;
the ESPN source builds its box-score history from that (player cards, pro schedule, ESPN's status)
into its own DuckDB file. The broken version these catch: before issue #37 `EspnLeague.history()`
raised "This works on the demo league only", so every test here failed at its first call.
"""
from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys

import pytest

AS_OF = dt.date(2025, 1, 29)
REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


@pytest.fixture(scope="module")
def mirror(courtside_home):
    """The mirror in its own process on a free loopback port; stopped by its pid at the end."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COURTSIDE_")}
    env["COURTSIDE_HOME"] = str(courtside_home)
    proc = subprocess.Popen([sys.executable, "-m", "services", "espn-mirror", "--as-of", AS_OF.isoformat()],
                            cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = json.loads(proc.stdout.readline())
        assert line["error"] is None and line["url"].startswith("http://127.0.0.1:")
        yield line
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def espn(mirror, monkeypatch):
    """Factory: the ESPN source of the mirror's league in a scoring, read through espn-api."""
    from services.espn import EspnLeague, TTLCache
    from services.espn.mirror.ids import LEAGUE_IDS
    from services.store.state import state_store

    monkeypatch.setenv("COURTSIDE_ESPN_URL", mirror["url"])

    def make(scoring: str = "points", cache=None):
        return EspnLeague(LEAGUE_IDS[scoring], mirror["season"], my_team_id=1, as_of=AS_OF,
                          cache=cache if cache is not None else TTLCache(), store=state_store())

    return make


def _by_name(table):
    return [(r.player.name, r.status, r.games, r.fpts, r.z_sum, r.ros_value, r.games_left_season) for r in table.players]


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_rankings_top_50_identical(espn, demo_source, scoring, csv_games):
    from services.league.rankings import rankings

    demo = rankings(demo_source(AS_OF, scoring).history(), limit=50)
    mine = rankings(espn(scoring).history(), limit=50)
    assert len(mine.players) == 50
    assert _by_name(mine) == _by_name(demo)
    # the numbers are the box scores': the top player's games and points before Jan 29 from the CSV
    top = mine.players[0]
    games = [g for g in csv_games if g["player"] == top.player.name and g["game_date"] < AS_OF] or \
            [g for g in csv_games if g["player_id"] == demo.players[0].player.player_id and g["game_date"] < AS_OF]
    assert top.games == len(games)
    assert top.totals["pts"] == pytest.approx(sum(g["pts"] for g in games))


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_trade_evaluation_within_a_tenth(espn, demo_source, scoring):
    from services.trades.evaluate import evaluate_trade

    src_demo, src_espn = demo_source(AS_OF, scoring), espn(scoring)
    lg = src_demo.history()
    name = lambda pid: lg.snapshot.players[pid].ref.name  # noqa: E731
    give = [name(lg.roster_ids()[0])]
    get = [name(lg.roster_ids(lg.opponent_id)[1])]
    a = evaluate_trade(src_demo, give, get)
    b = evaluate_trade(src_espn, give, get)
    assert b.outcome == a.outcome and b.verdict == a.verdict
    for side in ("mine", "partner"):
        x, y = getattr(a, side), getattr(b, side)
        for f in ("ros_before", "ros_after", "ros_change", "week_change", "playoff_change", "wire_before", "gain"):
            assert getattr(y, f) == pytest.approx(getattr(x, f), abs=0.1), (side, f)
        assert [(p.player.name, p.ros_value) for p in y.gets] == [(p.player.name, p.ros_value) for p in x.gets]
    assert b.partner_needed == pytest.approx(a.partner_needed, abs=0.1)


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_season_values_equal(espn, demo_source, scoring):
    """Rest-of-season values (the optimizer's season player values) of every rostered player."""
    from services.league.calibration_value import season_per_game

    d, e = demo_source(AS_OF, scoring).history(), espn(scoring).history()
    by_name = {e.snapshot.players[p].ref.name: p for p in e.snapshot.players}
    for team in d.team_ids:
        for pid in d.roster_ids(team):
            name = d.snapshot.players[pid].ref.name
            assert season_per_game(e.snapshot, by_name[name]) == pytest.approx(season_per_game(d.snapshot, pid), abs=1e-6)
    assert sorted(e.snapshot.players[p].ref.name for p in e.roster_ids()) == \
        sorted(d.snapshot.players[p].ref.name for p in d.roster_ids())


def test_status_source_is_espns(espn, demo_source):
    """The ESPN history uses ESPN's reported status (the mirror reports the demo's inferred one)."""
    d, e = demo_source(AS_OF).history(), espn().history()
    assert d.snapshot.status_source == "inferred" and e.snapshot.status_source == "espn"
    statuses = lambda lg: {lg.snapshot.players[p].ref.name: lg.snapshot.players[p].status for p in lg.snapshot.players}  # noqa: E731
    assert statuses(e) == statuses(d)
    out = next(p for p in e.snapshot.players.values() if p.status == "OUT")
    assert out.evidence.startswith("ESPN reports injury status OUT")
    assert set(e.needs_demo) == {"desk", "signals", "arena", "trade_proposals", "hindsight"} and d.needs_demo == {}


def test_cache_on_read(espn, monkeypatch, tmp_path):
    """Past periods are fetched once; a read within 15 minutes asks ESPN nothing; after 15 minutes
    only the current period is asked for (filterStatsForTopScoringPeriodIds = 1)."""
    from services.espn.client import EspnClient
    from services.espn import TTLCache

    asked = []
    real = EspnClient.player_cards

    def spy(self, ids, top):
        asked.append(top)
        return real(self, ids, top)

    monkeypatch.setattr(EspnClient, "player_cards", spy)
    monkeypatch.setattr("services.espn.history.history_dir", lambda league, season: tmp_path / "espn")
    now = [1_900_000_000.0]
    src = espn("points", cache=TTLCache(clock=lambda: now[0]))
    first = src.history()
    assert asked == [100]  # an empty store: every period up to Jan 29 (scoring period 100)
    asked.clear()
    assert src.history() is first and asked == []
    now[0] += 16 * 60
    again = src.history()
    assert asked == [1]
    assert again.snapshot.players.keys() == first.snapshot.players.keys()
