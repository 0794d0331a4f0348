"""Backtest of the move advice on the real 2024-25 season.

For every team of the demo league and every matchup week in the data, as of the week's
Wednesday (or the last day that still has games), take the optimizer's top move (protect the
top 6; stand pat when no move is expected to help) and score it with the real box scores of
the rest of that week. Compared with standing pat (gain 0 by definition) and with the naive
rule "add the free agent with the best season average, drop my lowest".

    python bench/backtest.py [--json] [--scoring points|categories|both]
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))

PROTECT_TOP = 6


def as_of_dates() -> list[tuple[int, dt.date]]:
    """(week, as-of) per matchup week: its Wednesday, moved back to the last day with games."""
    from services import db

    weeks = db.query("SELECT week, start_date, end_date FROM weeks ORDER BY week")
    game_days = sorted(d for (d,) in db.query("SELECT DISTINCT game_date FROM schedule"))
    out = []
    for week, start, end in weeks:
        monday = start - dt.timedelta(days=start.weekday())
        wednesday = max(start, monday + dt.timedelta(days=2))
        remaining = [d for d in game_days if start <= d <= end]
        if not remaining:
            continue
        out.append((week, min(wednesday, remaining[-1])))
    return out


def naive_move(lg, inputs, scoring: str) -> tuple[str, str] | None:
    """Best season average among free agents in, my lowest season average out."""
    snap = lg.snapshot

    def season(p) -> float:
        if scoring == "points":
            return snap.players[p.player_id].season_avg.get("fpts", 0.0)
        return float(p.season_value or 0.0)

    if not inputs.free_agents:
        return None
    add = max(inputs.free_agents, key=lambda p: (season(p), p.player_id))
    drop = min(inputs.roster, key=lambda p: (season(p), p.player_id))
    return drop.player_id, add.player_id


def run_mode(scoring: str) -> dict:
    from services.league import demo_league
    from services.optimizer import from_demo_league, prepare, scan_moves
    from services.optimizer.backtest import actual_lines, realized_outcome

    rec, naive, expected, realized_moved = [], [], [], []
    moved = beat_naive = lost_to_naive = cases = 0
    per_week, moves = [], []
    for week, as_of in as_of_dates():
        lg = demo_league(as_of, scoring)
        days = lg.days_remaining
        lines = actual_lines(list(lg.snapshot.players), days[0], days[-1])
        week_rec = []
        for team in lg.team_ids:
            inputs = from_demo_league(lg, team_id=team)
            prep = prepare(inputs)
            top = scan_moves(prep, protect_top=PROTECT_TOP, limit=1)
            gain = 0.0
            if top and top[0].gain > 0:
                moved += 1
                expected.append(top[0].gain)
                gain = realized_outcome(inputs, top[0], lines, prep).realized_gain
                realized_moved.append(gain)
                moves.append({"week": week, "as_of": as_of.isoformat(), "team_id": team,
                              "drop": top[0].drop_name, "add": top[0].add_name,
                              "expected": round(top[0].gain, 2), "realized": round(gain, 2),
                              "text": f"expected {top[0].gain:+.1f}, realized {gain:+.1f}"})
            base = naive_move(lg, inputs, scoring)
            ngain = realized_outcome(inputs, base, lines, prep).realized_gain if base else 0.0
            rec.append(gain)
            naive.append(ngain)
            week_rec.append(gain)
            beat_naive += gain > ngain
            lost_to_naive += gain < ngain
            cases += 1
        per_week.append({"week": week, "as_of": as_of.isoformat(),
                         "mean_realized_gain": round(statistics.mean(week_rec), 3)})
    unit = "fantasy points" if scoring == "points" else "categories won"
    return {
        "unit": unit,
        "cases": cases,
        "weeks": len(per_week),
        "moves_recommended": moved,
        "moves": moves,  # every recommended move: expected next to realized
        "mean_expected_gain_top": round(statistics.mean(expected), 3) if expected else 0.0,
        "mean_realized_gain_top_when_moved": round(statistics.mean(realized_moved), 3) if realized_moved else 0.0,
        "mean_realized_gain_top": round(statistics.mean(rec), 3),
        "mean_realized_gain_stand_pat": 0.0,
        "mean_realized_gain_naive": round(statistics.mean(naive), 3),
        "top_minus_naive": round(statistics.mean(rec) - statistics.mean(naive), 3),
        "share_top_realized_positive": round(sum(g > 0 for g in rec) / cases, 3),
        "share_top_beats_naive": round(beat_naive / cases, 3),
        "share_naive_beats_top": round(lost_to_naive / cases, 3),
        "per_week": per_week,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--scoring", choices=["points", "categories", "both"], default="both")
    args = parser.parse_args()
    t0 = time.perf_counter()
    modes = ["points", "categories"] if args.scoring == "both" else [args.scoring]
    result: dict = {mode: run_mode(mode) for mode in modes}
    result["protect_top"] = PROTECT_TOP
    result["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps(result))
        return
    for mode in modes:
        r = result[mode]
        print(f"{mode}: {r['cases']} team-weeks over {r['weeks']} weeks, {r['moves_recommended']} moves "
              f"recommended; unit = {r['unit']} over the rest of the week")
        print(f"  top move when made: expected {r['mean_expected_gain_top']:+.2f}, realized "
              f"{r['mean_realized_gain_top_when_moved']:+.2f}; per team-week realized "
              f"{r['mean_realized_gain_top']:+.2f} (stand pat 0)")
        print(f"  naive best-season-average add: realized {r['mean_realized_gain_naive']:+.2f}; "
              f"top beats naive in {r['share_top_beats_naive']:.0%} of team-weeks, "
              f"naive beats top in {r['share_naive_beats_top']:.0%}")
    print(f"{result['seconds']} s")


if __name__ == "__main__":
    main()
