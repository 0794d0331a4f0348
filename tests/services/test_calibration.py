"""services.league.calibration: play probability by availability class (ACTIVE, REST, DTD, OUT) and
minutes tier, measured before the as-of date, used by every projection, and checked out of
sample (`python -m services calibration --json`). Expected counts come from the CSV here."""
from __future__ import annotations

import datetime as dt
import json

import pytest

from services.league.snapshot import snapshot

AS_OF = dt.date(2025, 1, 29)
PRIOR_NEXT = {"ACTIVE": 1.0, "REST": 0.8, "DTD": 0.6, "OUT": 0.0}
PRIOR_LATER = {"ACTIVE": 1.0, "REST": 0.9, "DTD": 0.8, "OUT": 0.4}
CLASSES = ("ACTIVE", "REST", "DTD", "OUT")


def _tier(avg: float) -> str:
    return "24+ min" if avg >= 24 else "12-24 min" if avg >= 12 else "under 12 min"


def _csv_mornings(csv_facts, end: dt.date):
    """(player, morning, class, tier, days since, played, team of his last game) for each morning of a team game after a
    player's game, until he plays again, before `end`: written from the CSV alone. REST: the one
    game he missed was the day after his last game (the second night of a back-to-back)."""
    for pid, rows in csv_facts.by_player.items():
        rows = [r for r in rows if r["game_date"] < end]
        for i, r in enumerate(rows):
            tier = _tier(sum(x["min"] for x in rows[: i + 1]) / (i + 1))
            nxt = rows[i + 1]["game_date"] if i + 1 < len(rows) else None
            later = [d for d in csv_facts.team_dates[r["team"]] if r["game_date"] < d < end]
            for k, day in enumerate(later):
                if k == 0:
                    cls = "ACTIVE"
                elif k == 1 and later[0] == r["game_date"] + dt.timedelta(days=1):
                    cls = "REST"
                else:
                    cls = "DTD" if k <= 2 else "OUT"
                yield pid, day, cls, tier, (day - r["game_date"]).days, day == nxt, r["team"]
                if nxt is not None and day >= nxt:
                    break


@pytest.mark.parametrize("as_of", [dt.date(2024, 12, 15), AS_OF])
def test_next_game_rates_are_counted_per_class_and_tier_over_the_last_six_weeks(csv_facts, as_of):
    """Catches a fit on starters only (the old 24+ minute filter), a window that ignores the
    as-of date (look-ahead) or the six weeks, and a REST morning counted as DTD."""
    cal = snapshot(as_of).calibration
    counts: dict = {}
    for _, day, cls, tier, _, played, _ in _csv_mornings(csv_facts, as_of):
        if day >= as_of - dt.timedelta(days=42):
            c = counts.setdefault((cls, tier), [0, 0])
            c[0] += played
            c[1] += 1
    for (cls, tier), (played, mornings) in counts.items():
        rows = [r for r in cal.rows if r.status == cls and r.tier == tier]
        assert (sum(r.played for r in rows), sum(r.mornings for r in rows)) == (played, mornings), (cls, tier)
    for cls in CLASSES:
        played = sum(c[0] for (s, _), c in counts.items() if s == cls)
        n = sum(c[1] for (s, _), c in counts.items() if s == cls)
        assert cal.by_status[cls] == pytest.approx((played + 10 * PRIOR_NEXT[cls]) / (n + 10), abs=1e-4)
        for tier in ("24+ min", "12-24 min", "under 12 min"):
            p, m = counts.get((cls, tier), [0, 0])
            assert cal.by_tier[tier][cls] == pytest.approx((p + 10 * cal.by_status[cls]) / (m + 10), abs=1e-4)
    assert cal.mornings == sum(c[1] for c in counts.values())


def test_the_return_curve_is_counted_per_class_from_games_before_the_as_of_date(csv_facts):
    """The share of team games played 7-14, 14-28, 28-56 and 56-112 days after a morning, every
    morning whose window has begun before the as-of date, over the part of it before that date (so
    the first weeks of a season are measured, not the prior), each window smoothed towards the one
    before it with 200 games' weight, carried on at the decline from the window before that (never
    up). Catches a curve that reads games on or after the as-of date, one that drops the censored
    windows (Jan 29 would then count no morning after Dec 4 for 28-56 days), a class curve smoothed
    with 10 games' weight (November's few REST mornings, mostly of bench players, then set every
    tier's REST curve at 44-50%), a curve held flat beyond the last window it has seen (the
    12-24 minute players' later games over-predicted by 5-7 points in November), and an ACTIVE
    curve whose prior is above the next-game rate (Oct 30: every ACTIVE starter at 100% of his
    games to April)."""
    windows = [(7, 14), (14, 28), (28, 56), (56, 112)]
    played_by = {p: {r["game_date"] for r in rows} for p, rows in csv_facts.by_player.items()}
    cells = {s: [[0, 0] for _ in windows] for s in CLASSES}
    tiers: dict = {}
    for pid, day, cls, tier, _, _, team in _csv_mornings(csv_facts, AS_OF):
        for j, (lo, hi) in enumerate(windows):
            start, end = day + dt.timedelta(days=lo), min(day + dt.timedelta(days=hi), AS_OF)
            if start < AS_OF:
                ahead = [d for d in csv_facts.team_dates[team] if start <= d < end]
                for c in (cells[cls][j], tiers.setdefault((cls, tier, j), [0, 0])):
                    c[0] += sum(d in played_by[pid] for d in ahead)
                    c[1] += len(ahead)
    cal = snapshot(AS_OF).calibration
    for cls in CLASSES:
        # an ACTIVE player has no return to come: the prior is at most the class's next-game rate
        parent = min(PRIOR_LATER[cls], cal.by_status[cls]) if cls == "ACTIVE" else PRIOR_LATER[cls]
        expected = []
        for j, (played, games) in enumerate(cells[cls]):
            if j >= 2:
                parent *= min(1.0, expected[-1] / expected[-2])
            parent = round((played + 200 * parent) / (games + 200), 4)
            expected.append(parent)
        assert cal.curve_by_status[cls] == pytest.approx(expected, abs=1e-4), cls
        # per tier: towards the class curve with 200 games' weight (one player's games in a spell
        # are not independent draws: a weight of 10 let a few spells swing a tier's curve)
        # an ACTIVE tier whose next-game rate is below the class's starts from the class curve scaled
        # down by that ratio (next-game rates are measured from the first week; without it the thin
        # bench tier was pulled to starters' rates: 63% predicted, 54% played out of sample)
        for tier in ("24+ min", "12-24 min", "under 12 min"):
            got = cal.curve_by_tier[tier][cls]
            scale = min(1.0, cal.by_tier[tier][cls] / cal.by_status[cls]) if cls == "ACTIVE" else 1.0
            for j in range(len(windows)):
                played, games = tiers.get((cls, tier, j), [0, 0])
                want = (played + 200 * expected[j] * scale) / (games + 200)
                assert got[j] == pytest.approx(want, abs=2e-4), (cls, tier)


def test_rest_nights_are_found_by_a_query_and_are_a_mixture(csv_facts):
    """The real cases, by a query over the CSV: a single team game missed the day after the
    player's last game, with 24+ minutes a game. Markkanen sat Jan 28 and played Jan 30; Ingram
    sat Dec 8 and did not play again in the data. Catches a REST class that assumes rest (or
    injury) instead of measuring it, and a status that reads one rest night as DTD."""
    sat = {}  # (player, the second night he sat) -> his next game (None: no more in the data)
    for pid, rows in csv_facts.by_player.items():
        played = [r["game_date"] for r in rows]
        for i, r in enumerate(rows):
            night = r["game_date"] + dt.timedelta(days=1)
            if (night in csv_facts.team_dates[r["team"]] and night not in played
                    and sum(x["min"] for x in rows[: i + 1]) / (i + 1) >= 24):
                sat[(pid, night)] = next((d for d in played if d > night), None)
    assert sat[("markkla01", dt.date(2025, 1, 28))] == dt.date(2025, 1, 30)
    assert sat[("ingrabr01", dt.date(2024, 12, 8))] is None
    came_back = sum(d is not None and d <= n + dt.timedelta(days=3) for (_, n), d in sat.items())
    assert 0.3 < came_back / len(sat) < 0.9  # a mixture: neither all rest nor all injury
    snap = snapshot(AS_OF)
    lauri = snap.players["markkla01"]
    assert (lauri.status, lauri.avail_class, lauri.tier) == ("DTD", "REST", "24+ min")
    assert "second night of a back-to-back" in lauri.evidence
    rest_rows = [r for r in snap.calibration.rows if r.status == "REST" and r.tier == "24+ min"]
    row = next((r for r in rest_rows if r.days_since == "1-2 days"), None)  # as-of is 2 days after Jan 27
    assert lauri.availability == (row.rate if row else snap.calibration.by_tier["24+ min"]["REST"])
    assert lauri.return_curve == (row.later_curve if row else snap.calibration.curve_by_tier["24+ min"]["REST"])
    dtd = snap.calibration.play_probability("DTD", 2, "24+ min")
    assert lauri.availability != dtd  # its own rate, measured
    brandon = snapshot(dt.date(2024, 12, 9)).players["ingrabr01"]
    assert brandon.avail_class == "REST"


def test_bench_players_play_less_than_starters():
    """Calibrated per tier: out of sample the 24+ minute fit missed all players by 5.6 points."""
    cal = snapshot(AS_OF).calibration
    assert cal.by_tier["under 12 min"]["ACTIVE"] < cal.by_tier["12-24 min"]["ACTIVE"] < cal.by_tier["24+ min"]["ACTIVE"]
    assert cal.by_tier["24+ min"]["ACTIVE"] - cal.by_tier["under 12 min"]["ACTIVE"] > 0.2
    out = cal.curve_by_tier["24+ min"]["OUT"]
    assert out[0] < out[1] < out[2]  # an OUT player is likelier to play further ahead


def test_every_projection_uses_the_calibrated_probability(demo_source):
    from services import optimizer as opt

    src = demo_source(AS_OF)
    lg, snap = src.league, src.league.snapshot
    cal = snap.calibration
    for e in src.roster().entries:
        ps = snap.players[e.player.player_id]
        rate = cal.play_probability(ps.avail_class, (AS_OF - ps.last_played).days, ps.tier)
        assert ps.availability == rate
        assert e.expected_per_game == round(ps.expected_fpts * rate, 2)
    inputs = opt.from_demo_league(lg, free_agents=src.league.free_agent_ids()[:30])
    for p in inputs.roster + inputs.free_agents:
        ps = snap.players[p.player_id]
        assert p.availability == cal.play_probability(ps.avail_class, (AS_OF - ps.last_played).days, ps.tier)
    out = [p for p in inputs.roster + inputs.free_agents if p.status == "OUT"]
    assert out and all(0 < p.availability < 0.3 for p in out)  # not 0: OUT players do come back


_CLI: dict = {}


@pytest.fixture
def cli_json(run_cli):
    """`python -m services calibration --as-of 2025-01-15 --json`, run once for the module."""
    if not _CLI:
        p = run_cli("calibration", "--as-of", "2025-01-15", "--json", timeout=180)
        assert p.returncode == 0, p.stderr
        _CLI.update(json.loads(p.stdout))
    return _CLI


def test_cli_prints_the_table_as_json(cli_json):
    assert cli_json["error"] is None and cli_json["as_of"] == "2025-01-15"
    assert set(cli_json["by_status"]) == set(CLASSES) and cli_json["rows"]
    assert cli_json["by_status"] == snapshot(dt.date(2025, 1, 15)).calibration.by_status


def test_cli_reports_the_out_of_sample_check_reproduced_from_the_csv(cli_json, csv_facts):
    """Observed after D, per tier and class, counted here from the CSV for D = Jan 29 (mornings
    in the 21 days after it, class and tier that morning). Catches a check that observes before
    D or predicts with data after it, and a weighted error above 3 points in any tier."""
    check = cli_json["out_of_sample"]
    assert [d["as_of"] for d in check["dates"]] == ["2024-12-15", "2025-01-01", "2025-01-15", "2025-01-29"]
    d = dt.date(2025, 1, 29)
    seen: dict = {}
    for _, day, cls, tier, _, played, _ in _csv_mornings(csv_facts, d + dt.timedelta(days=21)):
        if day >= d:
            c = seen.setdefault((tier, cls), [0, 0])
            c[0] += played
            c[1] += 1
    [jan29] = [x for x in check["dates"] if x["as_of"] == "2025-01-29"]
    for tier in jan29["tiers"]:
        for cell in tier["cells"]:
            played, n = seen[(tier["tier"], cell["status"])]
            assert (cell["mornings"], cell["observed"]) == (n, round(100 * played / n, 1))
        err = sum(c["mornings"] * abs(c["predicted"] - c["observed"]) for c in tier["cells"]) / tier["mornings"]
        assert tier["weighted_error"] == pytest.approx(err, abs=0.01)
    for x in [*check["dates"], {"tiers": check["pooled"]}]:
        assert len(x["tiers"]) == 3 and all(t["weighted_error"] <= 3.0 and t["within_target"] for t in x["tiers"])
    curve = check["curve"]  # the return curve, weeks 2-15 (week 16's Sunday is the data's end; computed below)
    assert curve["dates"][0] == "2024-10-30" and curve["dates"][-1] == "2025-01-29" and [t["tier"] for t in curve["tiers"]] == ["24+ min", "12-24 min", "under 12 min"]
    assert all(t["within_target"] == (t["weighted_error"] <= 3.0) for t in curve["tiers"])


def test_cli_bad_date_is_one_line_and_non_zero(run_cli):
    p = run_cli("calibration", "--as-of", "2030-01-01", "--json")
    assert p.returncode != 0 and "Traceback" not in p.stderr
    assert json.loads(p.stdout)["error"].startswith("As-of date 2030-01-01 is outside the data")


def test_the_return_curve_is_checked_out_of_sample_after_the_matchup_week(csv_facts):
    """`services calibration --json` also reports the return curve (what every season claim reads)
    out of sample. As of Jan 1, every player with 5+ games before it: each of his team's games after
    that week's Sunday predicted by his curve (class, tier, days since his last game on Jan 1) for
    how far ahead it is, against whether he played it; computed here from the CSV. Catches a check
    that counts the games of the as-of week (those use the next-game rate), one that reads another
    class's curve, and one whose tier error hides a miss (the under-12 tier is outside the target)."""
    from services.league.calibration_check import curve_check

    d, sunday = dt.date(2025, 1, 1), dt.date(2025, 1, 5)
    cal = snapshot(d).calibration
    last_day = max(x for ds in csv_facts.team_dates.values() for x in ds)
    cells: dict = {}
    for pid, rows in csv_facts.by_player.items():
        rows = [r for r in rows if r["game_date"] < d]
        if len(rows) < 5:
            continue
        last, team = rows[-1]["game_date"], rows[-1]["team"]
        missed = [t for t in csv_facts.team_dates[team] if last < t < d]
        rest = len(missed) == 1 and missed[0] == last + dt.timedelta(days=1)
        cls = "ACTIVE" if not missed else "REST" if rest else "DTD" if len(missed) <= 2 else "OUT"
        tier = _tier(sum(r["min"] for r in rows) / len(rows))
        curve = cal.return_curve(cls, (d - last).days, tier)
        played = {r["game_date"] for r in csv_facts.by_player[pid]}
        c = cells.setdefault((tier, cls), [0.0, 0, 0])
        for t in csv_facts.team_dates[team]:
            if sunday < t <= last_day:
                ahead = (t - d).days
                c[0] += curve[0] if ahead < 14 else curve[1] if ahead < 28 else curve[2] if ahead < 56 else curve[3]
                c[1] += t in played
                c[2] += 1
    games = {p: [{"game_date": r["game_date"], "team": r["team"], "min": r["min"]} for r in rows]
             for p, rows in csv_facts.by_player.items()}
    got = curve_check(games, csv_facts.team_dates, dates=(d,))
    assert got.dates == [d]
    for tier in got.tiers:
        for cell in tier.cells:
            pred, hit, n = cells[(tier.tier, cell.status)]
            assert (cell.mornings, cell.observed) == (n, round(100 * hit / n, 1)), (tier.tier, cell.status)
            assert cell.predicted == pytest.approx(100 * pred / n, abs=0.06), (tier.tier, cell.status)
        mine = [c for (t, _), c in cells.items() if t == tier.tier]  # percents to one decimal, as reported
        err = sum(c[2] * abs(round(100 * c[0] / c[2], 1) - round(100 * c[1] / c[2], 1)) for c in mine)
        assert tier.weighted_error == pytest.approx(err / sum(c[2] for c in mine), abs=0.02)
        assert tier.within_target == (tier.weighted_error <= 3.0)


def test_in_the_first_week_an_active_players_curve_is_not_above_his_next_game_rate():
    """Oct 30, a week into the season: no curve window has a game yet. An ACTIVE player's share of
    games weeks ahead must not be expected above his chance to play the next one (the curve's prior
    of 1.0 had every ACTIVE starter playing every game to April, and the week-2 season claims with it)."""
    cal = snapshot(dt.date(2024, 10, 30)).calibration
    assert cal.by_status["ACTIVE"] < 0.95
    for tier, curves in cal.curve_by_tier.items():
        assert max(curves["ACTIVE"]) <= cal.by_status["ACTIVE"] + 1e-9, tier
