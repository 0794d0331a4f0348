"""Issue #40 item 4: a healthy player's rest-of-season availability from his own missed-game
history, shrunk to his tier's share (services.league.durability), and its out-of-sample check in
`services calibration` (services.league.calibration_check.durability_check). Expected figures are
computed here from the CSV."""
from __future__ import annotations

import datetime as dt

import pytest

from services.league.snapshot import snapshot
from services.optimizer.season import season_player

AS_OF = dt.date(2025, 1, 29)


def _tier(avg: float) -> str:
    return "24+ min" if avg >= 24 else "12-24 min" if avg >= 12 else "under 12 min"


def _history(csv_facts, pid: str, d: dt.date) -> tuple[int, int, str, bool]:
    """(games played, team games since his first, tier, healthy on d) from the CSV: each gap between two of his
    games counted on the team of the first of them, the last gap up to d. Healthy: he played his team's last game,
    or missed only the one the night after it."""
    rows = csv_facts.player_games(pid, d)
    team_games = 0
    for i, r in enumerate(rows):
        nxt = rows[i + 1]["game_date"] if i + 1 < len(rows) else d
        team_games += 1 + sum(1 for t in csv_facts.team_dates[r["team"]] if r["game_date"] < t < nxt)
    last = rows[-1]
    missed = [t for t in csv_facts.team_dates[last["team"]] if last["game_date"] < t < d]
    healthy = not missed or (len(missed) == 1 and missed[0] == last["game_date"] + dt.timedelta(days=1))
    return len(rows), team_games, _tier(sum(r["min"] for r in rows) / len(rows)), healthy


def _histories(csv_facts, d: dt.date) -> tuple[dict, dict[str, float]]:
    """Every player's `_history` as of d, and each tier's share of team games played, pooled over the players
    healthy on d (the durability's base rate), both from the CSV."""
    hist = {pid: _history(csv_facts, pid, d) for pid in csv_facts.by_player if csv_facts.player_games(pid, d)}
    pooled: dict[str, list[int]] = {}
    for played, n, tier, healthy in hist.values():
        if healthy:
            pooled.setdefault(tier, [0, 0])
            pooled[tier][0] += played
            pooled[tier][1] += n
    return hist, {tier: played / n for tier, (played, n) in pooled.items()}


def test_a_player_who_missed_many_games_gets_a_lower_availability_than_a_durable_one_of_his_tier(csv_facts):
    """As of Jan 29, among healthy starters (24+ minutes) with 30+ games: the one who missed the largest share of
    his team's games and the one who missed none. Each one's durability is (played + S x tier share) / (team games
    + S) / tier share, the tier share pooled over every healthy player of the tier, S the prior strength; his
    season value's play probability for a game after this week is his tier's return curve x that (at most 1).
    Catches the old rule (every healthy starter at the tier's ~83%), a multiplier without the shrinkage, and one
    against the tier share of every player (the currently injured included: every healthy player then sat above
    his tier's curve, by 7% on average)."""
    from services.league.demo import demo_league
    from services.league.durability import PRIOR_STRENGTH
    from services.store.state import state_store

    hist, share = _histories(csv_facts, AS_OF)
    base = share["24+ min"]
    starters = [pid for pid, (played, n, tier, healthy) in hist.items() if healthy and tier == "24+ min" and played >= 30]
    fragile = min(starters, key=lambda p: (hist[p][0] / hist[p][1], p))
    durable = max(starters, key=lambda p: (hist[p][0] / hist[p][1], p))
    assert hist[fragile][0] / hist[fragile][1] < 0.8 and hist[durable][0] == hist[durable][1]

    lg = demo_league(AS_OF, "points", store=state_store())
    snap = lg.snapshot
    expect = {}
    for pid in (fragile, durable):
        played, n, _, _ = hist[pid]
        expect[pid] = (played + PRIOR_STRENGTH * base) / (n + PRIOR_STRENGTH) / base
        assert snap.players[pid].durability == pytest.approx(expect[pid], rel=1e-9), pid
    assert expect[fragile] < 0.95 < 1.0 < expect[durable]
    rates = {}
    for pid in (fragile, durable):
        ps = snap.players[pid]
        sp = season_player(lg, pid, lg.week[2], "points")
        later = [(d, q) for d, q in zip(sp.games, sp.rates, strict=True) if d > lg.week[2]]
        curve = snap.calibration.return_curve(ps.avail_class, (AS_OF - ps.last_played).days, "24+ min")
        for d, q in later:
            ahead = (d - AS_OF).days
            c = curve[0] if ahead < 14 else curve[1] if ahead < 28 else curve[2] if ahead < 56 else curve[3]
            assert q == pytest.approx(min(1.0, c * expect[pid]), rel=1e-9), (pid, d)
        rates[pid] = sum(q for _, q in later) / len(later)
    assert rates[durable] - rates[fragile] > 0.1  # not one availability for every healthy starter


def test_the_calibration_check_chooses_the_prior_strength_on_earlier_dates_and_reports_the_gain_on_later_ones(csv_facts):
    """`services calibration --json`'s durability check: on the dates before the split (outcomes before it too)
    the grid's best strength is the one the product uses, and on the later dates the durability-scaled curve
    has a lower Brier score and log loss than the tier's curve alone. The figures are recomputed here for one
    later date (Jan 15) from the CSV. Catches a strength not chosen out of sample, a check that leaks the
    later games into the choice, and a gain that is not there."""
    import math

    from services.league.calibration_check import durability_check, out_of_sample
    from services.league.durability import PRIOR_STRENGTH
    from services.store.build import db_path

    du = out_of_sample(str(db_path())).durability
    assert du.chosen == PRIOR_STRENGTH == du.strength
    assert du.grid_brier_earlier[str(PRIOR_STRENGTH)] < du.grid_brier_earlier["none"]
    assert du.later.brier_own < du.later.brier_tier and du.later.log_loss_own < du.later.log_loss_tier
    assert du.brier_gain == pytest.approx(du.later.brier_tier - du.later.brier_own, abs=2e-5)
    assert all(d < du.split for d in du.earlier.dates) and all(d >= du.split for d in du.later.dates)

    d, sunday = dt.date(2025, 1, 15), dt.date(2025, 1, 19)
    cal = snapshot(d).calibration
    hist, share = _histories(csv_facts, d)
    tot = {"tier": [0.0, 0.0], "own": [0.0, 0.0]}
    games = 0
    for pid, (played, n, tier, healthy) in hist.items():
        rows = csv_facts.player_games(pid, d)
        if len(rows) < 5 or not healthy:
            continue
        last, team = rows[-1]["game_date"], rows[-1]["team"]
        cls = "ACTIVE" if all(not (last < t < d) for t in csv_facts.team_dates[team]) else "REST"
        curve = cal.return_curve(cls, (d - last).days, tier)
        base = share[tier]
        m = (played + PRIOR_STRENGTH * base) / (n + PRIOR_STRENGTH) / base
        seen = {r["game_date"] for r in csv_facts.by_player[pid]}
        for t in csv_facts.team_dates[team]:
            if t <= sunday:
                continue
            ahead = (t - d).days
            c = curve[0] if ahead < 14 else curve[1] if ahead < 28 else curve[2] if ahead < 56 else curve[3]
            y = t in seen
            games += 1
            for key, p in (("tier", c), ("own", min(1.0, c * m))):
                q = min(1 - 1e-4, max(1e-4, p))
                tot[key][0] += (p - y) ** 2
                tot[key][1] -= math.log(q if y else 1 - q)
    source = {p: [{"game_date": r["game_date"], "team": r["team"], "min": r["min"]} for r in rows]
              for p, rows in csv_facts.by_player.items()}
    one = durability_check(source, csv_facts.team_dates, dates=(dt.date(2024, 12, 11), d))
    assert one.later.dates == [d] and one.later.games == games
    assert one.later.brier_tier == pytest.approx(tot["tier"][0] / games, abs=1e-5)
    assert one.later.brier_own == pytest.approx(tot["own"][0] / games, abs=1e-5)
    assert one.later.log_loss_own == pytest.approx(tot["own"][1] / games, abs=1e-5)
