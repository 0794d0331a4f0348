"""services.calibration: play probability by inferred status, measured before the as-of date,
and used by every projection (roster, free agents, optimizer, matchup)."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from services.snapshot import snapshot

AS_OF = dt.date(2025, 1, 29)


def _csv_counts(csv_facts, as_of: dt.date) -> dict[str, list[int]]:
    """[played, mornings] per status, counted from the CSV: each morning of a team game after a
    player's game (he averaged 24+ minutes so far), until he plays again, before the as-of date."""
    out = {s: [0, 0] for s in ("ACTIVE", "DTD", "OUT")}
    for pid, rows in csv_facts.by_player.items():
        rows = [r for r in rows if r["game_date"] < as_of]
        for i, r in enumerate(rows):
            if sum(x["min"] for x in rows[: i + 1]) / (i + 1) < 24:
                continue
            nxt = rows[i + 1]["game_date"] if i + 1 < len(rows) else None
            later = [d for d in csv_facts.team_dates[r["team"]] if r["game_date"] < d < as_of]
            for k, day in enumerate(later):
                status = "ACTIVE" if k == 0 else "DTD" if k <= 2 else "OUT"
                out[status][0] += day == nxt
                out[status][1] += 1
                if nxt is not None and day >= nxt:
                    break
    return out


@pytest.mark.parametrize("as_of", [dt.date(2024, 12, 15), AS_OF])
def test_rates_are_counted_from_games_before_the_as_of_date(csv_facts, as_of):
    cal = snapshot(as_of).calibration
    counts = _csv_counts(csv_facts, as_of)
    for status, (played, mornings) in counts.items():
        rows = [r for r in cal.rows if r.status == status]
        assert (sum(r.played for r in rows), sum(r.mornings for r in rows)) == (played, mornings), status
        assert cal.by_status[status] == pytest.approx((played + 10 * {"ACTIVE": 1.0, "DTD": 0.6, "OUT": 0.0}[status])
                                                      / (mornings + 10), abs=1e-4)
    assert cal.mornings == sum(m for _, m in counts.values())


def _csv_curve(csv_facts, as_of: dt.date, windows) -> dict[str, list[list[int]]]:
    """[played, team games] per status and window of days ahead, counted from the CSV: the same
    mornings as `_csv_counts`, the team's games in [morning + lo, morning + hi) when that whole
    window ends before the as-of date."""
    out = {s: [[0, 0] for _ in windows] for s in ("ACTIVE", "DTD", "OUT")}
    for rows in csv_facts.by_player.values():
        rows = [r for r in rows if r["game_date"] < as_of]
        played = {r["game_date"] for r in rows}
        for i, r in enumerate(rows):
            if sum(x["min"] for x in rows[: i + 1]) / (i + 1) < 24:
                continue
            nxt = rows[i + 1]["game_date"] if i + 1 < len(rows) else None
            team = csv_facts.team_dates[r["team"]]
            for k, day in enumerate(d for d in team if r["game_date"] < d < as_of):
                status = "ACTIVE" if k == 0 else "DTD" if k <= 2 else "OUT"
                for j, (lo, hi) in enumerate(windows):
                    start, end = day + dt.timedelta(days=lo), day + dt.timedelta(days=hi)
                    if end < as_of:
                        ahead = [d for d in team if start <= d < end]
                        out[status][j][0] += sum(d in played for d in ahead)
                        out[status][j][1] += len(ahead)
                if nxt is not None and day >= nxt:
                    break
    return out


@pytest.mark.parametrize("as_of", [dt.date(2024, 12, 15), AS_OF])
def test_the_return_curve_is_counted_from_games_before_the_as_of_date(csv_facts, as_of):
    """Rest-of-season availability: the share of team games played 7-14, 14-28 and 28-56 days
    after a morning, each window smoothed towards the one before it (the first towards the prior)."""
    windows = [(7, 14), (14, 28), (28, 56)]
    cal = snapshot(as_of).calibration
    for status, cells in _csv_curve(csv_facts, as_of, windows).items():
        parent, expected = {"ACTIVE": 1.0, "DTD": 0.8, "OUT": 0.4}[status], []
        for played, games in cells:
            parent = round((played + 10 * parent) / (games + 10), 4)
            expected.append(parent)
        assert cal.curve_by_status[status] == pytest.approx(expected, abs=1e-4), status


def test_an_out_player_is_likelier_to_play_further_ahead():
    """Measured before 2025-01-29: OUT players played about 44% of their team's games 1-2 weeks
    later but about two thirds 4-8 weeks later; a player's rest-of-season availability follows it."""
    from services.calibration import curve_rate

    cal = snapshot(AS_OF).calibration
    out = cal.curve_by_status["OUT"]
    assert out[0] < out[1] < out[2] and out[2] - out[0] > 0.15
    assert curve_rate(out, 9) == out[0] and curve_rate(out, 20) == out[1]
    assert curve_rate(out, 40) == curve_rate(out, 70) == out[2]  # beyond the last window, its rate


def test_the_measured_rates_are_far_from_the_old_fixed_table():
    """The issue measured 92.8% / 46.5% / 15.2% on the whole data; the old table said 1.0 / 0.6 / 0."""
    cal = snapshot(AS_OF).calibration
    assert 0.88 < cal.by_status["ACTIVE"] < 0.97
    assert 0.35 < cal.by_status["DTD"] < 0.55
    assert 0.08 < cal.by_status["OUT"] < 0.25
    # coming back later is likelier than playing the very next game
    assert cal.later_by_status["OUT"] > cal.by_status["OUT"]


def test_every_projection_uses_the_calibrated_probability(demo_source):
    from services import optimizer as opt

    src = demo_source(AS_OF)
    lg, snap = src.league, src.league.snapshot
    cal = snap.calibration
    for e in src.roster().entries:
        ps = snap.players[e.player.player_id]
        rate = cal.play_probability(ps.status, (AS_OF - ps.last_played).days)
        assert ps.availability == rate
        assert e.expected_per_game == round(ps.expected_fpts * rate, 2)
    inputs = opt.from_demo_league(lg, free_agents=src.league.free_agent_ids()[:30])
    for p in inputs.roster + inputs.free_agents:
        ps = snap.players[p.player_id]
        assert p.availability == cal.play_probability(ps.status, (AS_OF - ps.last_played).days)
    out = [p for p in inputs.roster + inputs.free_agents if p.status == "OUT"]
    assert out and all(0 < p.availability < 0.3 for p in out)  # not 0: OUT players do come back


def test_cli_prints_the_table_as_json(run_cli):
    p = run_cli("calibration", "--as-of", "2025-01-15", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["error"] is None and out["as_of"] == "2025-01-15"
    assert set(out["by_status"]) == {"ACTIVE", "DTD", "OUT"} and out["rows"]
    assert out["by_status"] == snapshot(dt.date(2025, 1, 15)).calibration.by_status


def test_cli_bad_date_is_one_line_and_non_zero(run_cli):
    p = run_cli("calibration", "--as-of", "2030-01-01", "--json")
    assert p.returncode != 0 and "Traceback" not in p.stderr
    assert json.loads(p.stdout)["error"].startswith("As-of date 2030-01-01 is outside the data")
