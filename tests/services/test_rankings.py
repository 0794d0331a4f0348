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
    return _z_of_pool(sorted(proj.values(), key=lambda e: -e["fpts"])[:156])


def _csv_sample(csv_facts, start):
    """player id -> (his games in [start, AS_OF), his last team's games in it), from the CSV."""
    out = {}
    for pid in csv_facts.by_player:
        rows = csv_facts.player_games(pid, AS_OF)
        games = [r for r in rows if r["game_date"] >= start]
        if games:
            team = rows[-1]["team"]
            team_games = sum(1 for d in csv_facts.team_dates[team] if start <= d < AS_OF)
            out[pid] = (games, max(team_games, len(games)))
    return out


def _passes(games, team_games):
    """The sample rule, written out: half his team's games in the window, never more than 10."""
    return len(games) >= min(math.ceil(team_games / 2), 10)


def _csv_window_scale(csv_facts, start):
    """A window's own scale: the 156 best (by the window's fantasy points a game) of the players
    who pass the sample rule, their window averages, pooled FG%/FT% and spreads."""
    lines = [{k: _mean(g, k) for k in STATS} for g, n in _csv_sample(csv_facts, start).values() if _passes(g, n)]
    return _z_of_pool(sorted(lines, key=lambda e: -e["fpts"])[:156])


def _z_of_pool(pool):
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
    games leaking in, or the 15th dropped), totals that are not sums, or z-scores on another scale:
    a window's z-scores use the window's own spreads (issue #40: on the season's, 14-day steals
    were over-weighted), the season's the league's one scale."""
    z = _csv_window_scale(csv_facts, dt.date(2025, 1, 15))
    table = rankings(cats_league, window="14")
    assert table.z_scale != "league"
    season = {p.player.player_id: p for p in rankings(cats_league).players[:40]}
    league_z = _csv_scale(csv_facts)
    for pid, row in season.items():
        avg = {k: _mean(csv_facts.player_games(pid, AS_OF), k) for k in STATS}
        assert row.z["STL"] == pytest.approx(league_z(avg, "STL"), abs=2e-3), row.player.name
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
    table = {p.player.player_id: p for p in rankings(cats_league, min_share=0).players}  # every player a row
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
    punted = {p.player.player_id: p for p in rankings(cats_league, punt="FT%,TO", min_share=0).players}
    for p in from_demo_league(cats_league, season=True, punt=("FT%", "TO")).season.roster:  # a punt's card value
        assert punted[p.player_id].ros_value == pytest.approx(p.value * p.availability * len(p.games), abs=0.06)
    pts = {p.player.player_id: p for p in rankings(demo_source(AS_OF, "points").league, min_share=0).players}
    inputs = from_demo_league(demo_source(AS_OF, "points").league)
    for p in inputs.roster:
        assert pts[p.player_id].proj_fpts == pytest.approx(p.expected["fpts"], abs=0.006)


def test_filters_and_sorts(cats_league, csv_facts):
    """Catches a filter that is ignored (a rostered player among free agents, a SF at C), a totals
    sort that ranks per-game averages, and a counting category's totals ranked by z x games (which
    puts a player below the mean lower the more he played) instead of by the stat's sum."""
    fa_ids = set(cats_league.free_agent_ids())
    fas = rankings(cats_league, window="30", availability="free_agents", position="C", sort="BLK", per="total")
    assert fas.players and all(p.player.player_id in fa_ids and "C" in p.player.eligible for p in fas.players)
    blk = [p.totals["blk"] for p in fas.players]
    assert blk == sorted(blk, reverse=True) and blk[0] == max(p.totals["blk"] for p in rankings(
        cats_league, window="30", availability="free_agents", position="C", per="total", limit=50).players)
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
    better = sum(1 for g, n in _csv_sample(csv_facts, AS_OF - dt.timedelta(days=30)).values()
                 if _passes(g, n) and _mean(g, "fpts") > _mean(games, "fpts"))  # only those with a sample rank
    assert row["rank"] == better + 1
    top = json.loads(tool.invoke({"window": "14", "sort": "STL", "availability": "free_agents", "limit": 10}))
    assert len(top["players"]) == 10 and all(p["owner"] == "Free agent" for p in top["players"])


DIVINCENZO = "divindo01"


@pytest.mark.parametrize("scoring", ["points", "categories"])
def test_one_game_is_not_a_sample(demo_source, csv_facts, scoring):
    """Issue #40: Donte DiVincenzo ranked #3 (points) and #5 (categories) over 14 days on one game.
    Now nobody is ranked on fewer than half his team's games in the window (at most 10 needed), he
    is not in the top 20, and `filtered` says why and where his one game would have put him.
    Catches the old rankings (no filter: he is #3), a filter on the wrong count, and a filter that
    hides players without a word."""
    lg = demo_source(AS_OF, scoring).league
    start = dt.date(2025, 1, 15)
    sample = _csv_sample(csv_facts, start)
    games, team_games = sample[DIVINCENZO]
    assert len(games) == 1 and team_games >= 6  # the fact the issue reports, from the CSV
    table = rankings(lg, window="14")
    assert DIVINCENZO not in {p.player.player_id for p in table.players[:20]}
    assert DIVINCENZO not in {p.player.player_id for p in table.players}
    [low] = [f for f in table.filtered if f.player.player_id == DIVINCENZO]
    assert (low.games, low.team_games) == (1, team_games) and low.would_rank <= 5
    assert "1 of his team's" in low.reason and "needs 4" in low.reason
    for p in table.players:  # the rule, from the CSV, on every ranked row
        g, n = sample[p.player.player_id]
        assert (p.games, p.team_games) == (len(g), n) and _passes(g, n), p.player.name
    for f in table.filtered:
        assert not _passes(*sample[f.player.player_id]), f.player.name
    assert {p.player.player_id for p in table.players} | {f.player.player_id for f in table.filtered} == set(sample)
    everyone = rankings(lg, window="14", min_share=0)
    assert DIVINCENZO in {p.player.player_id for p in everyone.players[:5]} and not everyone.filtered


def test_flags_out_and_short_minutes(cats_league, csv_facts):
    """A row says what a manager must know: OUT (the inferred status) and under 20 minutes a game
    in the window. Catches rows that rank an OUT player without a word."""
    table = rankings(cats_league, window="30")
    outs = [p for p in table.players if p.status == "OUT"]
    assert outs and all("OUT" in p.flags for p in outs)
    assert all("OUT" not in p.flags for p in table.players if p.status != "OUT")
    start = AS_OF - dt.timedelta(days=30)
    for p in table.players[:120]:
        g = [r for r in csv_facts.player_games(p.player.player_id, AS_OF) if r["game_date"] >= start]
        assert ("short minutes" in p.flags) == (_mean(g, "min") < 20), p.player.name
    assert any("short minutes" in p.flags for p in table.players[:120])


def test_tool_says_who_the_filter_left_out(demo_source):
    """The tool's rows carry games of the team's games and flags; `filtered` lists who would have
    ranked among the rows shown and why; asking for him gets the reason, not 'no game'. Catches a
    tool that drops the filter's evidence (the model could not tell the manager)."""
    from agents.tools import build_tools

    tool = {t.name: t for t in build_tools(demo_source(AS_OF, "points"))}["get_player_rankings"]
    d = json.loads(tool.invoke({"window": "14", "limit": 10}))
    assert [f["name"] for f in d["filtered"] if f["would_rank"] <= 10] == [f["name"] for f in d["filtered"]]
    assert "Donte DiVincenzo" in [f["name"] for f in d["filtered"]]
    assert all(r["games"] <= r["team_games"] and isinstance(r["flags"], list) for r in d["players"])
    one = json.loads(tool.invoke({"window": "14", "player": "DiVincenzo"}))
    assert one["ranked"] is False and "1 of his team's" in one["reason"] and "would rank #" in one["reason"]
    for limit, per in ((25, "game"), (50, "total")):  # every row asked for: a 6,000-character cap had kept half
        many = json.loads(tool.invoke({"window": "season", "limit": limit, "per": per}))
        assert len(many["players"]) == limit and "truncated" not in many, (limit, per)
    allin = json.loads(tool.invoke({"window": "14", "limit": 10, "min_share": 0}))
    assert "Donte DiVincenzo" in [r["name"] for r in allin["players"]] and not allin["filtered"]


def test_cli_min_share(csv_facts):
    """`--min-share 0` ranks everyone with a game; a share outside 0-1 (or nan) exits 2 with one line."""
    code, out, err = _cli("--window", "14", "--min-share", "0", "--limit", "5", "--json", "--as-of", "2025-01-29")
    assert code == 0, err
    assert DIVINCENZO in [p["player"]["player_id"] for p in json.loads(out)["players"]]
    for bad in ("1.5", "nan", "-0.1"):
        code, out, err = _cli("--min-share", bad, "--json")
        assert code == 2 and "min-share" in (out + err), (bad, out, err)
