"""League backtest of the move advice on the real 2024-25 season, against honest baselines.

For every matchup week in the data except week 1 (rosters of 4-5 players, no free agents yet;
the team-weeks left out are reported), as of the week's Wednesday (or the last day that still has
games), the ten teams of the demo league claim in waiver order (rotating one place a week: the
first team of week w claims last in week w+1), each at most one move, and a player added by one
team is gone for the others. Each strategy runs its own league (every team follows it). Each move
is scored with the real box scores (`services.optimizer.replay`), lineups re-set every morning
from what was known that morning:

- week realized: the rest of that matchup week (fantasy points, or categories won);
- rest-of-data realized: from the as-of date to the last day of the data (points: fantasy points;
  categories: categories won summed over this week and every later week in the data, each
  against that week's real opponent standing pat);
- IR moves are replayed as IR moves: the IR player returns on the morning of his first real game,
  and as the activation card would, another player OUT that morning takes the IR slot (his own
  return replayed the same way), else the activation's cut (the lowest expected rest-of-season
  total that morning) goes.

Strategies (the same projections, the same protected top six):
- balanced: the product's top card in the default mode (`propose_moves`' floors, one card);
- this_week: the same ranked by this week's gain only (streaming);
- heuristic: best free agent by expected value x games left in, my lowest outside the top six
  out, only when that expected gain is > 0;
- naive: best season average in, my lowest season average out (always).
Standing pat is 0 by definition. Every mean is per team-week, with a 95% block-bootstrap interval
over weeks (`intervals`); balanced minus each baseline is paired by team-week; the realized-to-
claimed ratio of season value is over the same horizon (the claim recomputed to the last day of
the data), per kind (IR, swap).

Categories (bench/backtest_categories.py): lineups are re-set every morning by category value
against that week's real opponent (services/optimizer/backtest_categories.py), the heuristic and
naive rules may use the IR slot too, and every strategy's IR moves and swaps are reported apart
(`by_kind`, `balanced_minus_by_kind`, `week_realized_to_claimed`).

    python bench/backtest.py [--json] [--scoring points|categories|both]
"""
from __future__ import annotations

import datetime as dt
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))
from services.store.build import install  # noqa: E402 (after the home is chosen)
install()  # a fresh home's database is built on first use (the store does not import its builder)

from ir_audit import audit_rows, audit_summary  # noqa: E402
from backtest_picks import STRATEGIES, horizon_claim, pick_move  # noqa: E402
from backtest_stats import summarize  # noqa: E402


def as_of_dates() -> list[tuple[int, dt.date]]:
    """(week, as-of) per matchup week: its Wednesday, moved back to the last day with games."""
    from services.store import db

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


def waiver_order(team_ids: list[int], week: int) -> list[int]:
    """Rotating: week 2 starts with team 1, week 3 with team 2, ..."""
    k = (week - 2) % len(team_ids)
    return team_ids[k:] + team_ids[:k]


class Scorer:
    """Realized outcomes of one as-of view: a team's roster path against standing pat."""

    def __init__(self, lg, book, inputs: dict, scoring: str):
        self.lg, self.book, self.inputs, self.scoring = lg, book, inputs, scoring
        self.week_days = sum(d <= lg.week[2] for d in book.days)

    def _value(self, team: int, daily, week_only: bool):
        import numpy as np

        from services.optimizer import projection as pj
        from services.optimizer.backtest import categories_won

        if self.scoring == "points":
            pts = self.book.points(daily)
            return float(pts[: self.week_days].sum() if week_only else pts.sum())
        lg, week0 = self.lg, self.lg.week[0]
        monday0 = lg.week[1] - dt.timedelta(days=lg.week[1].weekday())
        total = 0.0
        by_week: dict[int, list[int]] = {}
        for d, day in enumerate(self.book.days):
            by_week.setdefault(week0 + (day - monday0).days // 7, []).append(d)
        for week, idx in by_week.items():
            if week_only and week != week0:
                continue
            opp = lg.opponent_of(team, week)
            first = week == week0
            my0 = pj.totals(self.inputs[team].my_so_far) if first else np.zeros(len(pj.STATS))
            opp0 = pj.totals(self.inputs[team].opp_so_far) if first else np.zeros(len(pj.STATS))
            theirs = opp0 + self.book.daily(self.lg.roster_ids(opp))[idx].sum(axis=0)
            total += categories_won(my0 + daily[idx].sum(axis=0), theirs)
        return total

    def gains(self, team: int, path) -> tuple[float, float]:
        """(week, rest of data) realized gain of a roster path over standing pat."""
        before, after = self.book.daily(self.lg.roster_ids(team)), self.book.daily(path)
        return (self._value(team, after, True) - self._value(team, before, True),
                self._value(team, after, False) - self._value(team, before, False))


def run_week(week: int, as_of: dt.date, scoring: str, end: dt.date) -> dict:
    """Every strategy's league for one as-of date: rows of team-week outcomes."""
    from services.league.demo import demo_league
    from services.optimizer import from_demo_league, prepare
    from services.optimizer.replay import MorningBook
    from services.store.state import state_store

    lg = demo_league(as_of, scoring, store=state_store())
    book = MorningBook(lg.snapshot, end)
    order = waiver_order(lg.team_ids, week)
    inputs = {t: from_demo_league(lg, team_id=t, season=True) for t in order}
    preps = {t: prepare(inputs[t]) for t in order}
    scorer, ir_path, choose = Scorer(lg, book, inputs, scoring), book.ir_path, pick_move
    if scoring == "categories":  # lineups by category value; the IR slot open to every strategy
        from backtest_categories import pick_categories

        from services.optimizer.backtest_categories import CategoryBook

        scorer = CategoryBook(lg, book)
        ir_path, choose = scorer.ir_path, pick_categories
    rows = {s: [] for s in STRATEGIES}
    for strategy in STRATEGIES:
        taken: set[str] = set()
        for team in order:
            pick = choose(strategy, lg, inputs[team], preps[team], taken)
            row = {"week": week, "team_id": team, "kind": None, "week_gain": 0.0, "rest_gain": 0.0}
            if pick is not None:
                drop, add, kind, move = pick
                taken.add(add)
                roster = lg.roster_ids(team)
                if kind == "ir":
                    path, cut, back, to_ir = ir_path(roster, drop, add)
                else:
                    path, cut, back, to_ir = [add if p == drop else p for p in roster], "", None, ()
                wk, rs = scorer.gains(team, path)
                row.update(kind=kind, drop=drop, add=add, week_gain=round(wk, 3), rest_gain=round(rs, 3),
                           cut=cut, back=back.isoformat() if back else None, to_ir=list(to_ir))
                if move is not None:
                    row.update(claim_week=round(move.gain, 3), claim_season=round(move.season_gain or 0.0, 2),
                               claim_horizon=round(horizon_claim(preps[team], inputs[team], move, end), 2),
                               claim_per_value=inputs[team].season.per_value,
                               claim_return=move.return_date.isoformat() if move.return_date else None,
                               claim_cut=move.cut_id or None)
            rows[strategy].append(row)
    rows["ir_audit"] = audit_rows(week, lg, inputs, preps, scorer, ir_path, end)
    return rows


def _task(args: tuple) -> dict:
    return run_week(*args)


def run_modes(modes: list[str], jobs: int) -> dict:
    """Every (scoring, week) league, `jobs` processes at a time (results in week order: the same
    figures whatever `jobs`)."""
    from services.league.snapshot import data_dates

    end = data_dates()[1]
    dates = as_of_dates()
    tasks = [(week, as_of, mode, end) for mode in modes for week, as_of in dates if week != 1]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_task, tasks))
    else:
        results = [_task(t) for t in tasks]
    out = {}
    for mode in modes:
        rows: dict[str, list[dict]] = {s: [] for s in STRATEGIES}
        audit: list[dict] = []
        for task, res in zip(tasks, results, strict=True):
            if task[2] == mode:
                for s in STRATEGIES:
                    rows[s] += res[s]
                audit += res["ir_audit"]
        out[mode] = summarize(rows, mode, end, 10 * sum(week == 1 for week, _ in dates))
        out[mode]["ir_audit"] = audit_summary(audit, mode, sorted({r["week"] for r in rows["balanced"]}))
        if mode == "categories":
            from backtest_categories import kinds_apart

            out[mode].update(kinds_apart(rows), lineups="category value, re-set every morning against "
                             "that week's real opponent (services/optimizer/backtest_categories.py)")
    return out


def main() -> None:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--scoring", choices=["points", "categories", "both"], default="both")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="processes (default: 2, the machine's cores)")
    args = parser.parse_args()
    if args.jobs < 1:
        print(json.dumps({"error": "--jobs must be at least 1"}) if args.json else "error: --jobs must be at least 1")
        sys.exit(2)
    t0 = time.perf_counter()
    load0 = os.getloadavg()
    modes = ["points", "categories"] if args.scoring == "both" else [args.scoring]
    result: dict = run_modes(modes, args.jobs)
    result["seconds"] = round(time.perf_counter() - t0, 1)
    result["cpu_seconds"] = round(sum(os.times()[:4]), 1)  # this process and its workers
    result["jobs"] = args.jobs
    result["machine"] = {"cpus": os.cpu_count(), "load_average_start": [round(x, 2) for x in load0],
                         "load_average_end": [round(x, 2) for x in os.getloadavg()]}
    result["error"] = None
    if args.json:
        print(json.dumps(result))
        return
    for mode in modes:
        r = result[mode]
        print(f"{mode}: {r['team_weeks']} team-weeks over {r['weeks']} weeks (week 1 left out: "
              f"{r['excluded_week1_team_weeks']}); {r['unit']} per team-week, 95% block-bootstrap intervals")
        for s, v in r["strategies"].items():
            print(f"  {s:<10} moves {v['moves']:>3} (IR {v['ir_moves']}): week {v['week']['mean']:+.2f} "
                  f"{v['week']['ci95']}, rest of data {v['rest']['mean']:+.2f} {v['rest']['ci95']}")
        for s, v in r["balanced_minus"].items():
            print(f"  balanced - {s:<10} week {v['week']['mean']:+.2f} {v['week']['ci95']}, "
                  f"rest {v['rest']['mean']:+.2f} {v['rest']['ci95']}")
        for k, v in r["realized_to_claimed"].items():
            print(f"  realized / claimed season ({k}): {v['ratio']} {v['ci95']} over {v['moves']} moves")
        a = r["ir_audit"]
        for k in ("offered_ratio", "all_ratio", "slot_open_ratio"):
            print(f"  IR card audit ({k}): {a[k]['ratio']} {a[k]['ci95']} over {a[k]['moves']} cards")
        t = a["ir_timing"]
        print(f"  IR timing: {t['top_ir_cards']} top IR cards, {t['top_played_within_3_days']} played within 3 days "
              f"({t['top_share_within_3_days']}); realized / claimed {t['top_ratio']['ratio']} {t['top_ratio']['ci95']}")
        for s, kinds in r.get("by_kind", {}).items():  # categories: IR moves and swaps apart
            for kind, v in kinds.items():
                wk, rs = v["per_team_week"]["week"], v["per_team_week"]["rest"]
                print(f"  {s:<10} {kind:<4} moves {v['moves']:>3}: per team-week week {wk['mean']:+.2f} "
                      f"{wk['ci95']}, rest {rs['mean']:+.2f} {rs['ci95']}")
    print(f"{result['seconds']} s")


if __name__ == "__main__":
    main()
