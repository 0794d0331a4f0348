"""Player rankings (services.league.rankings, `python -m services rankings`, the `get_player_rankings` tool).

Window stats and z-scores are recomputed here from the CSV (tests/conftest.py's oracle), and the
projection columns are checked against the free-agent tool's and the optimizer's own numbers.
"""
from __future__ import annotations

import datetime as dt
import json
import math

import pytest

import forkrun

from services.league.rankings import rankings

AS_OF = dt.date(2025, 1, 29)
HERRO = "herroty01"
CATS = {"FG%": None, "FT%": None, "3PM": "fg3m", "REB": "reb", "AST": "ast", "STL": "stl", "BLK": "blk",
        "TO": "tov", "PTS": "pts"}
STATS = ["pts", "reb", "ast", "stl", "blk", "tov", "fg3m", "fgm", "fga", "ftm", "fta", "min", "fpts"]


def _mean(rows, k):
    return sum(r[k] for r in rows) / len(rows)


def _csv_scale(csv_facts):
    """The z-score reference, from the CSV: the 156 players (5+ games) with the highest projected
    fantasy points (half season mean, half the last 10 games), their pooled FG%/FT%, and each
    category's mean and sample spread over that pool."""
    proj = {}
    for pid, rows in csv_facts.by_player.items():
        rows = [r for r in rows if r["game_date"] < AS_OF]
        if len(rows) >= 5:
            proj[pid] = {k: 0.5 * _mean(rows, k) + 0.5 * _mean(rows[-10:], k) for k in STATS}
    pool = sorted(proj.values(), key=lambda e: -e["fpts"])[:156]
    fg = sum(e["fgm"] for e in pool) / sum(e["fga"] for e in pool)
    ft = sum(e["ftm"] for e in pool) / sum(e["fta"] for e in pool)

    def raw(e, cat):
        if cat == "FG%":
            return (e["fgm"] / e["fga"] - fg) * e["fga"] if e["fga"] else 0.0
        if cat == "FT%":
            return (e["ftm"] / e["fta"] - ft) * e["fta"] if e["fta"] else 0.0
        return e[CATS[cat]]

    scale = {}
    for cat in CATS:
        vals = [raw(e, cat) for e in pool]
        m = sum(vals) / len(vals)
        scale[cat] = (m, math.sqrt(sum((v - m) ** 2 for v in vals) / (len(vals) - 1)))

    def z(avg, cat):
        m, sd = scale[cat]
        v = (raw(avg, cat) - m) / sd
        return -v if cat == "TO" else v

    return z


@pytest.fixture
def cats_league(demo_source):
    return demo_source(AS_OF, "categories").league  # cached by the services: cheap after the first


def test_window_stats_and_z_scores_match_the_csv(cats_league, csv_facts):
    """Last 14 days = box scores dated Jan 15..28. Catches a window off by a day (the as-of day's
    games leaking in, or the 15th dropped), totals that are not sums, or z-scores on another scale."""
    z = _csv_scale(csv_facts)
    table = rankings(cats_league, window="14")
    for row in table.players[:40] + [p for p in table.players if p.player.player_id == HERRO]:
        games = [r for r in csv_facts.player_games(row.player.player_id, AS_OF)
                 if r["game_date"] >= dt.date(2025, 1, 15)]
        assert row.games == len(games) and row.games > 0
        avg = {k: _mean(games, k) for k in STATS}
        assert row.fpts == pytest.approx(avg["fpts"], abs=0.006)
        assert row.totals["pts"] == sum(r["pts"] for r in games)
        assert row.per_game["ast"] == pytest.approx(avg["ast"], abs=0.006)
        for cat in CATS:
            assert row.z[cat] == pytest.approx(z(avg, cat), abs=2e-3), (row.player.name, cat)
        assert row.z_sum == pytest.approx(sum(z(avg, c) for c in CATS), abs=0.01)
    sums = [p.z_sum for p in table.players]
    assert sums == sorted(sums, reverse=True)  # categories league: "value" ranks by z-sum


def test_punting_drops_categories_from_the_sum_and_reorders(cats_league):
    """Catches a punt toggle that is displayed but not applied to the sum or the order."""
    full = {p.player.player_id: p for p in rankings(cats_league).players}
    punted = rankings(cats_league, punt="FT%,turnovers")
    assert punted.punt == ["FT%", "TO"] and "FT%" not in punted.counted and len(punted.counted) == 7
    for p in punted.players[:50]:
        assert p.z_sum == pytest.approx(sum(v for c, v in full[p.player.player_id].z.items()
                                            if c not in ("FT%", "TO")), abs=0.01)
    assert [p.player.player_id for p in punted.players[:30]] != [p.player.player_id for p in
                                                                 rankings(cats_league).players[:30]]


def test_projection_columns_are_the_tools_and_the_optimizers_numbers(cats_league, demo_source):
    """One implementation: the rankings' per-game value is the free-agent tool's value, games left
    this week are the roster's, and the rest-of-season value is the optimizer's season input
    (`season_player`: value x availability x games, with the per-game value as a season regresses,
    the one the cards' season claims read, docs/season-value.md). Catches a second, drifting copy of
    any of them, and a rest-of-season column left on the week's projection."""
    import dataclasses

    from services.optimizer.adapter import from_demo_league
    from services.optimizer.season import category_floor, season_player

    src = demo_source(AS_OF, "categories")
    table = {p.player.player_id: p for p in rankings(cats_league).players}
    fas = src.free_agents(limit=20)
    for f in fas:
        assert table[f.player.player_id].proj_value == pytest.approx(f.value, abs=1e-3)
        assert table[f.player.player_id].owner == "Free agent"
    for e in src.roster().entries:
        row = table[e.player.player_id]
        assert row.games_left_week == e.games_remaining and row.owner == "Courtside Crew" and row.owner_team_id == 1
    season = from_demo_league(cats_league, season=True).season
    floor = category_floor(cats_league.snapshot, "categories")
    for regressed in season.roster:
        sp = season_player(cats_league, regressed.player_id, cats_league.week[2], "categories", floor)
        assert dataclasses.replace(sp, value=regressed.value) == regressed  # the same games and rates
        row = table[sp.player_id]
        assert row.ros_value == pytest.approx(regressed.value * sp.availability * len(sp.games), abs=0.06)
        assert row.games_left_season == len(sp.games)
    moved = [p for p in season.roster if abs(table[p.player_id].ros_value -
             season_player(cats_league, p.player_id, cats_league.week[2], "categories", floor).value
             * p.availability * len(p.games)) > 1.0]
    assert moved, "the regressed season value differs from the week's for some rostered player"
    punted = {p.player.player_id: p for p in rankings(cats_league, punt="FT%,TO").players}
    for p in from_demo_league(cats_league, season=True, punt=("FT%", "TO")).season.roster:  # a punt's card value
        assert punted[p.player_id].ros_value == pytest.approx(p.value * p.availability * len(p.games), abs=0.06)
    pts = {p.player.player_id: p for p in rankings(demo_source(AS_OF, "points").league).players}
    inputs = from_demo_league(demo_source(AS_OF, "points").league)
    for p in inputs.roster:
        assert pts[p.player_id].proj_fpts == pytest.approx(p.expected["fpts"], abs=0.006)


def test_filters_and_sorts(cats_league, csv_facts):
    """Catches a filter that is ignored (a rostered player among free agents, a SF at C) and a
    totals sort that ranks per-game averages."""
    fa_ids = set(cats_league.free_agent_ids())
    fas = rankings(cats_league, window="30", availability="free_agents", position="C", sort="BLK", per="total")
    assert fas.players and all(p.player.player_id in fa_ids and "C" in p.player.eligible for p in fas.players)
    blk = [p.z["BLK"] * p.games for p in fas.players]
    assert blk == sorted(blk, reverse=True)
    mia = rankings(cats_league, team="mia", availability="rostered")
    assert mia.players and all(p.player.team == "MIA" and p.owner_team_id is not None for p in mia.players)
    stl = rankings(cats_league, window="7", sort="STL", limit=5)
    assert len(stl.players) == 5 and stl.total > 5
    best = max((p for p in rankings(cats_league, window="7").players), key=lambda p: (p.z["STL"], ))
    assert stl.players[0].z["STL"] == best.z["STL"]


@pytest.mark.parametrize("kwargs, message", [
    ({"window": "10"}, "Unknown window"), ({"punt": "XYZ"}, "Unknown categories"),
    ({"position": "QB"}, "Unknown position"), ({"team": "ZZZ"}, "Unknown NBA team"),
    ({"availability": "mine"}, "Unknown availability"), ({"sort": "height"}, "Unknown sort"),
])
def test_bad_input_is_one_line(cats_league, kwargs, message):
    from services.models import ServiceError

    with pytest.raises(ServiceError, match=message):
        rankings(cats_league, **kwargs)


def _cli(*args):
    p = forkrun.run(["-m", "services", "rankings", *args], timeout=120)
    return p.returncode, p.stdout, p.stderr


def test_cli_json_contract(csv_facts):
    """`python -m services rankings --window 14 --punt FT%,TO --available --json`: free agents only,
    `error` null, exit 0; bad input exits 2 with `error` set. Catches a CLI that ignores --available."""
    code, out, err = _cli("--window", "14", "--punt", "FT%,TO", "--available", "--scoring", "categories",
                          "--limit", "5", "--json", "--as-of", "2025-01-29")
    assert code == 0, err
    d = json.loads(out)
    assert d["error"] is None and d["punt"] == ["FT%", "TO"] and len(d["players"]) == 5
    assert all(p["owner_team_id"] is None for p in d["players"])
    first = d["players"][0]
    games = [r for r in csv_facts.player_games(first["player"]["player_id"], AS_OF) if r["game_date"] >= dt.date(2025, 1, 15)]
    assert first["games"] == len(games)
    code, out, _ = _cli("--punt", "nope", "--json")
    assert code == 2 and "Unknown categories" in json.loads(out)["error"]


def test_tool_finds_where_a_player_ranks(demo_source, csv_facts):
    """"Where does Herro rank this month?": the tool returns his row with the rank the table gives.
    Catches a tool that ranks a filtered copy (wrong rank) or loses the player."""
    from agents.tools import build_tools

    src = demo_source(AS_OF, "points")
    tool = {t.name: t for t in build_tools(src)}["get_player_rankings"]
    d = json.loads(tool.invoke({"window": "30", "player": "Tyler Herro"}))
    [row] = d["players"]
    table = rankings(src.league, window="30").players
    assert row["rank"] == next(p.rank for p in table if p.player.player_id == HERRO)
    games = [r for r in csv_facts.player_games(HERRO, AS_OF) if r["game_date"] >= AS_OF - dt.timedelta(days=30)]
    assert row["fpts"] == pytest.approx(_mean(games, "fpts"), abs=0.006) and row["owner"] == src.league.team_name(src.league.owner_of(HERRO))[0]
    better = sum(1 for r in {r["player_id"] for r in csv_facts.games}
                 if (g := [x for x in csv_facts.player_games(r, AS_OF) if x["game_date"] >= AS_OF - dt.timedelta(days=30)])
                 and _mean(g, "fpts") > _mean(games, "fpts"))
    assert row["rank"] == better + 1
    top = json.loads(tool.invoke({"window": "14", "sort": "STL", "availability": "free_agents", "limit": 10}))
    assert len(top["players"]) == 10 and all(p["owner"] == "Free agent" for p in top["players"])
