#!/usr/bin/env python
"""How well the return model (services.league.returns) predicts the first days of a return, out of sample.

As of every Wednesday from Nov 13 to Jan 29, for every player who has missed his team's last game
(streak >= 1) and whose team plays within the window, the model fitted on the games before that
morning predicts the chance he plays within 3 days and by the Sunday ending the matchup week;
the box scores after the morning say whether he did. Reported per streak bucket (and for OUT
players, 3+ missed): mornings, mean predicted, realized share, Brier score; beside the baseline
the optimizer used before (his calibrated next-game rate held for each of his team's games in the
window: 1 - (1 - p)^n). The player's own-history prior strength (OWN_PRIOR) is chosen here: the
grid's pooled Brier on these out-of-sample mornings.

    bench/returns.py --json
"""
from __future__ import annotations

import datetime as dt
import json
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

START, END = dt.date(2024, 11, 13), dt.date(2025, 1, 29)
STRENGTHS = (0.0, 1.0, 2.0, 4.0, 8.0, 16.0, 1e9)  # 1e9: no own history
SMOOTHINGS = (1.0, 3.0, 10.0, 30.0)  # a streak x tier cell's weight towards its bucket (the product's: 10)


def mornings(days=7):
    d = START
    while d <= END:
        yield d
        d += dt.timedelta(days=days)


def rows_of(as_of: dt.date) -> list[dict]:
    """Every absent player's prediction as of one morning and what happened."""
    from services.league import returns as rt
    from services.league.calibration import tier_of
    from services.league.snapshot import snapshot, week_of

    snap, later = snapshot(as_of), snapshot(as_of + dt.timedelta(days=9))
    week_end = week_of(as_of)[2]
    h = rt.hazards_of(snap)
    games = {pid: ps.games for pid, ps in snap.players.items()}
    fits = {m: rt.fit(games, snap.team_dates_all, snap.as_of, smoothing=m) for m in SMOOTHINGS}
    out = []
    for pid, ps in snap.players.items():
        if ps.missed_in_row < 1 or not ps.ref.team:
            continue
        dates = snap.team_dates_all.get(ps.ref.team, [])
        soon_end = as_of + dt.timedelta(days=rt.SOON_DAYS - 1)
        n_soon = sum(1 for d in dates if as_of <= d <= soon_end)
        n_week = sum(1 for d in dates if as_of <= d <= week_end)
        if not n_soon and not n_week:
            continue
        played = [g["game_date"] for g in later.players[pid].games if g["game_date"] >= as_of] if pid in later.players else []
        tier = tier_of(sum(g["min"] for g in ps.games) / len(ps.games))
        preds = {s: rt.odds(h, pid, ps.missed_in_row, tier, dates, as_of, week_end, strength=s) for s in STRENGTHS}
        by_smoothing = {m: rt.odds(fits[m], pid, ps.missed_in_row, tier, dates, as_of, week_end).soon for m in SMOOTHINGS}
        out.append({"as_of": as_of, "player_id": pid, "tier": tier, "missed": ps.missed_in_row, "bucket": rt.streak_of(ps.missed_in_row),
                    "n_soon": n_soon, "n_week": n_week,
                    "soon": {s: o.soon for s, o in preds.items()}, "soon_by_smoothing": by_smoothing, "week": {s: o.by_week_end for s, o in preds.items()},
                    "base_soon": 1 - (1 - ps.play_prob) ** n_soon, "base_week": 1 - (1 - ps.play_prob) ** n_week,
                    "played_soon": any(d <= soon_end for d in played), "played_week": any(d <= week_end for d in played)})
    return out


def brier(pairs) -> float | None:
    pairs = list(pairs)
    return round(sum((p - y) ** 2 for p, y in pairs) / len(pairs), 4) if pairs else None


def summary(rows: list[dict], strength: float) -> dict:
    from services.league.returns import STREAKS

    groups = {label: [r for r in rows if r["bucket"] == label] for _, label in STREAKS}
    groups["OUT (3+)"] = [r for r in rows if r["missed"] >= 3]
    groups["all"] = rows
    out = {}
    for name, rs in groups.items():
        soon = [r for r in rs if r["n_soon"]]
        week = [r for r in rs if r["n_week"]]
        out[name] = {
            "mornings_3_days": len(soon),
            "within_3_days": {"predicted": round(sum(r["soon"][strength] for r in soon) / max(1, len(soon)), 3),
                              "played": round(sum(r["played_soon"] for r in soon) / max(1, len(soon)), 3),
                              "brier": brier((r["soon"][strength], r["played_soon"]) for r in soon),
                              "brier_next_game_rate": brier((r["base_soon"], r["played_soon"]) for r in soon)},
            "mornings_week": len(week),
            "by_week_end": {"predicted": round(sum(r["week"][strength] for r in week) / max(1, len(week)), 3),
                            "played": round(sum(r["played_week"] for r in week) / max(1, len(week)), 3),
                            "brier": brier((r["week"][strength], r["played_week"]) for r in week),
                            "brier_next_game_rate": brier((r["base_week"], r["played_week"]) for r in week)}}
    return out


SPLIT = dt.date(2024, 12, 18)  # the halves of the per-tier table (as the IR audit's split)


def by_streak_tier(rows: list[dict], strength: float) -> list[dict]:
    """Within 3 days, per streak bucket and minutes tier, on the mornings before SPLIT and from it: mornings,
    the count the model expects (the sum of its chances) and the count that played. A bias worth fixing out
    of sample holds on both halves (issue #40: calibration per streak length for the players IR cards are on)."""
    from services.league.returns import STREAKS, TIER_NAMES

    out = []
    for _, label in STREAKS:
        for tier in TIER_NAMES:
            cell = {"streak": label, "tier": tier}
            for name, keep in (("before_split", lambda d: d < SPLIT), ("from_split", lambda d: d >= SPLIT)):
                rs = [r for r in rows if r["n_soon"] and r["bucket"] == label and r["tier"] == tier and keep(r["as_of"])]
                cell[name] = {"mornings": len(rs), "expected": round(sum(r["soon"][strength] for r in rs), 1),
                              "played": sum(r["played_soon"] for r in rs)}
            out.append(cell)
    return out


def main() -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too

    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    os.environ.setdefault("COURTSIDE_HOME", tempfile.mkdtemp(prefix="courtside-bench-"))
    from services.store.build import install  # noqa: E402 (after the home is chosen)
    install()  # a fresh home's database is built on first use (the store does not import its builder)
    from services.league.returns import OWN_PRIOR

    t0 = time.perf_counter()
    rows = [r for d in mornings() for r in rows_of(d)]
    soon = [r for r in rows if r["n_soon"]]
    grid = {("none" if s >= 1e9 else s): brier((r["soon"][s], r["played_soon"]) for r in soon) for s in STRENGTHS}
    out = {"from": START.isoformat(), "to": END.isoformat(), "mornings": len(rows), "own_prior": OWN_PRIOR,
           "own_prior_grid_brier_3_days": grid, "by_streak": summary(rows, OWN_PRIOR),
           "by_streak_tier_3_days": by_streak_tier(rows, OWN_PRIOR), "split": SPLIT.isoformat(),
           "smoothing_grid_brier_3_days": {str(m): {
               "before_split": brier((r["soon_by_smoothing"][m], r["played_soon"]) for r in soon if r["as_of"] < SPLIT),
               "from_split": brier((r["soon_by_smoothing"][m], r["played_soon"]) for r in soon if r["as_of"] >= SPLIT)}
               for m in SMOOTHINGS},
           "elapsed_s": round(time.perf_counter() - t0, 1), "error": None}
    print(json.dumps(out, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main())
