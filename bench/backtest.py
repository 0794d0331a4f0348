"""Backtest of the move advice on the real 2024-25 season, against honest baselines.

For every team of the demo league and every matchup week in the data except week 1 (rosters of
4-5 players and no free agents yet; how many team-weeks are left out is reported), as of the
week's Wednesday (or the last day that still has games), each strategy makes at most one move,
and the move is scored with the real box scores:

- week realized: the rest of that matchup week (fantasy points, or categories won);
- rest-of-data realized: from the as-of date to the last day of the data (points: fantasy points;
  categories: categories won summed over this week and every later week in the data, each
  against that week's real opponent), lineups chosen every day by the as-of expectation.

Strategies (all on the same projections, the same protected top six):
- balanced: the optimizer's top move in the default mode (this week's gain + the season change
  over the next eight weeks; never a move that lowers the season's value);
- this_week: the optimizer's top move ranked by this week's gain only (streaming);
- heuristic: the sensible rule: add the free agent with the best expected value x games left,
  drop my lowest (expected value x games left) outside the top six, only when that expected
  gain is > 0;
- naive: add the best season average, drop my lowest season average (always).
Standing pat is 0 by definition.

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
STRATEGIES = ("balanced", "this_week", "heuristic", "naive")


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


def heuristic_move(prep, scoring: str) -> tuple[str, str] | None:
    """Best expected x games left in, the lowest outside the (protected) top six out, when the
    expected gain (add's minus drop's expected x games left) is positive."""
    from services.optimizer.moves import droppable

    def total(p) -> float:
        per_game = p.expected.get("fpts", 0.0) if scoring == "points" else float(p.season_value or 0.0)
        return per_game * p.availability * len(p.game_days)

    inputs = prep.inputs
    drops = [inputs.roster[int(i)] for i in droppable(prep, (), PROTECT_TOP)]
    if not inputs.free_agents or not drops:
        return None
    add = max(inputs.free_agents, key=lambda p: (total(p), p.player_id))
    drop = min(drops, key=lambda p: (total(p), p.player_id))
    return (drop.player_id, add.player_id) if total(add) - total(drop) > 0 else None


class RestOfData:
    """Realized rest-of-data outcomes of moves for one as-of date (per-team daily stats cached)."""

    def __init__(self, lg, end: dt.date):
        from services.optimizer.backtest import actual_lines

        self.lg, self.end = lg, end
        self.lines = actual_lines(list(lg.snapshot.players), lg.as_of, end)
        self._daily: dict[int, object] = {}

    def _setup(self, team: int, add: str | None = None):
        from services.optimizer import prepare
        from services.optimizer.backtest import horizon_inputs

        h = horizon_inputs(self.lg, team, self.end, [add] if add else [])
        return h, prepare(h)

    def daily(self, team: int):
        from services.optimizer.backtest import realized_daily

        if team not in self._daily:
            h, prep = self._setup(team)
            self._daily[team] = realized_daily(prep, h.roster, self.lines)
        return self._daily[team]

    def gain(self, team: int, move: tuple[str, str], scoring: str, inputs) -> float:
        import numpy as np

        from services.optimizer import projection as pj
        from services.optimizer.backtest import categories_won, realized_daily, swapped

        h, prep = self._setup(team, move[1])
        before, after = self.daily(team), realized_daily(prep, swapped(h, *move), self.lines)
        if scoring == "points":
            return float(pj.POINTS_COEF @ (after - before).sum(axis=0))
        lg, week0, monday0 = self.lg, self.lg.week[0], self.lg.week[1] - dt.timedelta(days=self.lg.week[1].weekday())
        total = 0.0
        by_week: dict[int, list[int]] = {}
        for d, day in enumerate(prep.days):
            by_week.setdefault(week0 + (day - monday0).days // 7, []).append(d)
        for week, idx in by_week.items():
            opp = lg.opponent_of(team, week)
            first = week == week0
            my0 = pj.totals(inputs.my_so_far) if first else np.zeros(len(pj.STATS))
            opp0 = pj.totals(inputs.opp_so_far) if first else np.zeros(len(pj.STATS))
            theirs = opp0 + self.daily(opp)[idx].sum(axis=0)
            total += (categories_won(my0 + after[idx].sum(axis=0), theirs)
                      - categories_won(my0 + before[idx].sum(axis=0), theirs))
        return total


def _top(prep, mode: str):
    from services.optimizer import scan_moves

    moves = [m for m in scan_moves(prep, protect_top=PROTECT_TOP, limit=5, mode=mode, per_player=1)
             if m.score > 0]
    return moves[0] if moves else None


def run_mode(scoring: str) -> dict:
    from services.league import demo_league
    from services.optimizer import from_demo_league, prepare
    from services.optimizer.backtest import actual_lines, realized_outcome
    from services.snapshot import data_dates
    from services.store import state_store

    end = data_dates()[1]
    stats = {s: {"week": [], "rest": [], "moves": 0, "out_drops": 0, "ir_moves": 0, "expected_week": [],
                 "expected_season": []} for s in STRATEGIES}
    per_week, moves_log, skipped = [], [], 0
    for week, as_of in as_of_dates():
        lg = demo_league(as_of, scoring, store=state_store())
        if week == 1:
            skipped += len(lg.team_ids)
            continue
        days = lg.days_remaining
        lines = actual_lines(list(lg.snapshot.players), days[0], days[-1])
        rest = RestOfData(lg, end)
        week_gains = {s: [] for s in STRATEGIES}
        for team in lg.team_ids:
            inputs = from_demo_league(lg, team_id=team, season=True)
            prep = prepare(inputs)
            picks = {"balanced": _top(prep, "balanced"), "this_week": _top(prep, "this_week"),
                     "heuristic": heuristic_move(prep, scoring), "naive": naive_move(lg, inputs, scoring)}
            for name, pick in picks.items():
                st, wk, rs = stats[name], 0.0, 0.0
                if pick is not None:
                    pair = (pick.drop_id, pick.add_id) if hasattr(pick, "drop_id") else pick
                    kind = getattr(pick, "kind", "swap")
                    wk = realized_outcome(inputs, pair, lines, prep).realized_gain
                    rs = rest.gain(team, pair, scoring, inputs)
                    st["moves"] += 1
                    st["ir_moves"] += kind == "ir"
                    st["out_drops"] += kind == "swap" and lg.snapshot.players[pair[0]].status == "OUT"
                    if hasattr(pick, "gain"):
                        st["expected_week"].append(pick.gain)
                        st["expected_season"].append(pick.season_gain or 0.0)
                    if name in ("balanced", "this_week"):
                        moves_log.append({"week": week, "team_id": team, "strategy": name, "kind": kind,
                                          "drop": pick.drop_name, "add": pick.add_name,
                                          "expected_week": round(pick.gain, 2),
                                          "expected_season": round(pick.season_gain or 0.0, 1),
                                          "realized_week": round(wk, 2), "realized_rest": round(rs, 2)})
                st["week"].append(wk)
                st["rest"].append(rs)
                week_gains[name].append(wk)
        per_week.append({"week": week, "as_of": as_of.isoformat(),
                         **{f"{s}_week": round(statistics.mean(v), 3) for s, v in week_gains.items()}})
    mean = lambda v: round(statistics.mean(v), 3) if v else 0.0  # noqa: E731
    out = {s: {"moves": st["moves"], "week_realized": mean(st["week"]), "rest_realized": mean(st["rest"]),
               "moves_dropping_an_out_player": st["out_drops"], "ir_moves": st["ir_moves"],
               "expected_week_when_moved": mean(st["expected_week"]),
               "expected_season_when_moved": mean(st["expected_season"])} for s, st in stats.items()}
    cases = len(stats["balanced"]["week"])
    bal = out["balanced"]
    return {
        "unit": "fantasy points" if scoring == "points" else "categories won",
        "team_weeks": cases, "weeks": len(per_week), "excluded_week1_team_weeks": skipped,
        "rest_of_data_end": end.isoformat(),
        "strategies": out,
        "balanced_edge": {s: {"week": round(bal["week_realized"] - out[s]["week_realized"], 3),
                              "rest": round(bal["rest_realized"] - out[s]["rest_realized"], 3)}
                          for s in STRATEGIES if s != "balanced"},
        "targets": {"balanced_rest_nonnegative": bal["rest_realized"] >= 0,
                    "balanced_rest_above_every_baseline": all(bal["rest_realized"] > out[s]["rest_realized"]
                                                              for s in ("this_week", "heuristic", "naive")),
                    "balanced_week_at_least_heuristic": bal["week_realized"] >= out["heuristic"]["week_realized"]},
        "per_week": per_week,
        "moves": moves_log,
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
    result["error"] = None
    if args.json:
        print(json.dumps(result))
        return
    for mode in modes:
        r = result[mode]
        print(f"{mode}: {r['team_weeks']} team-weeks over {r['weeks']} weeks (week 1 left out: "
              f"{r['excluded_week1_team_weeks']} team-weeks); unit = {r['unit']}, per team-week")
        for s, v in r["strategies"].items():
            print(f"  {s:<10} moves {v['moves']:>3} (IR {v['ir_moves']}, OUT dropped {v['moves_dropping_an_out_player']}): "
                  f"week {v['week_realized']:+.3f}, rest of data {v['rest_realized']:+.3f}")
        print(f"  targets: {r['targets']}")
    print(f"{result['seconds']} s")


if __name__ == "__main__":
    main()
