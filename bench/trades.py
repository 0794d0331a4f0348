"""Benchmark of the trade finder: claimed vs realized value on the season's box scores, and speed.

Replay (points or categories league): at each replayed Wednesday, every team's top trade from the
finder (`services.trades.find`: trades the partner accepts by his rule first). Both teams of each
trade are measured, each over ITS OWN BEST FREE MOVES (services.trades.wire), as the finder claims:
the wire roster (the team after the waiver swaps it could make anyway) against the trade applied to
that roster. Claimed = the exact-lineup value change over the days through the end of the data
(Feb 7), from the as-of projection. Realized = the same two rosters replayed on the real box
scores: each morning the lineup is re-set among the roster's players who really played that day
(ranked by the as-of projection) and scored with their real game: fantasy points, or in
categories the game's nine-category z-sum above the floor player (the as-of view's
`CategoryScale` applied to the box line, so claimed and realized share one unit). The raw figures
(the rosters as they stand, no free move: what the old finder claimed) are kept beside them.
Baseline: the 1-for-1 trade that looks best for the team on season per-game averages x games
left (fantasy points, or the z-sum of the season averages). Intervals: mean +- 1.96 standard
errors over the team sides; `wire_adjusted.realized_over_claimed` is the ratio of the mean
realized to the mean claimed gain with a 95% bootstrap interval over the trades (both sides of a
trade resampled together, 2,000 resamples, seed 40).

Speed: the finder's wall time (p50, p95) against a brute force that values every candidate of
the same search exactly (the finder screens, then values its best `EXACT_POOL` exactly).

    python bench/trades.py [--json] [--scoring points|categories] [--dates 2024-12-04,2025-01-29]
    python bench/trades.py --speed [--json] [--scoring ...]   the speed alone, with the load average
"""
from __future__ import annotations

import datetime as dt
import json
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))
from services.store.build import install  # noqa: E402 (after the home is chosen)
install()  # a fresh home's database is built on first use (the store does not import its builder)

import numpy as np  # noqa: E402

DATES = [dt.date(2024, 12, 4), dt.date(2024, 12, 18), dt.date(2025, 1, 1), dt.date(2025, 1, 15), dt.date(2025, 1, 29)]
DATA_END = dt.date(2025, 2, 7)
SPEED_DATE = dt.date(2025, 1, 29)


def _interval(xs: list[float]) -> dict:
    if not xs:
        return {"n": 0, "mean": None, "ci95": None}
    m = statistics.fmean(xs)
    se = statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return {"n": len(xs), "mean": round(m, 1), "ci95": [round(m - 1.96 * se, 1), round(m + 1.96 * se, 1)]}


STATS = ["fgm", "fga", "ftm", "fta", "fg3m", "reb", "ast", "stl", "blk", "tov", "pts"]


def game_value(lg, v, line: dict) -> float:
    """One real game's value in the league's unit: fantasy points, or the nine-category z-sum of the
    box line on the as-of view's scale, above the floor player (the unit of `season_player`)."""
    if lg.scoring == "points":
        return float(line["fpts"])
    from services.league.scoring import CATEGORIES
    from services.league.values import category_scale

    scale = category_scale(lg.snapshot)
    ps = SimpleNamespace(expected=line)
    return sum(scale.z(ps, c) for c in CATEGORIES) - v.floor


def _realized(lg, v, ids: list[str]) -> float:
    """Real value (`game_value`) of the lineups re-set each morning from as_of through DATA_END."""
    from services.league.lineup import solve
    from services.league.slots import STARTING_SLOTS

    from services.store import db

    slots = list(STARTING_SLOTS)
    counts = np.array([STARTING_SLOTS[s] for s in slots])
    rows = db.query(f"SELECT game_date, player_id, fpts, {', '.join(STATS)} FROM player_games WHERE game_date >= ? "
                    "AND game_date <= ? AND player_id IN (SELECT unnest(?))", [lg.as_of, DATA_END, ids])
    by_day: dict[dt.date, dict[str, float]] = {}
    for d, pid, fpts, *stats in rows:
        line = {"fpts": fpts, **{k: float(x or 0) for k, x in zip(STATS, stats, strict=True)}}
        by_day.setdefault(d, {})[pid] = game_value(lg, v, line)
    total = 0.0
    for played in by_day.values():
        pids = sorted(played)
        values = np.array([max(v.player(p).value, 1e-6) for p in pids])  # ranked by the projection
        elig = np.array([[s in v.player(p).eligible for s in slots] for p in pids], dtype=bool)
        _, picked, _ = solve(values, elig, counts)
        total += sum(played[pids[i]] for i in picked)
    return total


def _claimed(v, before: list[str], after: list[str]) -> float:
    val = lambda ids: sum(x for d, (x, _) in v.lineup(tuple(v.player(p) for p in ids)).items()  # noqa: E731
                          if d <= DATA_END)
    return val(after) - val(before)


def _measure(lg, v, team: int, partner: int, give: list[str], get: list[str]) -> list[tuple[float, float]]:
    from services.trades.roster_fit import after_roster

    out = []
    for t, o, i in ((team, give, get), (partner, get, give)):
        before = lg.roster_ids(t)
        after, *_ = after_roster(v, t, o, i)
        out.append((_claimed(v, before, after), _realized(lg, v, after) - _realized(lg, v, before)))
    return out


def _measure_wire(lg, v, team: int, partner: int, give: list[str], get: list[str]) -> list[tuple[float, float]]:
    """Both sides' (claimed, realized) over each side's own best free moves (the finder's claim)."""
    from services.trades.roster_fit import wire_after
    from services.trades.wire import league_wires

    fas, out = lg.free_agent_ids(), []
    wires = league_wires(lg, lambda _t: v, fas)  # the IR slot counted, claims resolved in team order
    for t, o, i in ((team, give, get), (partner, get, give)):
        w = wires[t]
        after = wire_after(v, w, t, o, i, fas)
        out.append((_claimed(v, list(w.ids), after), _realized(lg, v, after) - _realized(lg, v, list(w.ids))))
    return out


def _ratio(pairs: list[list[tuple[float, float]]], draws: int = 2000, seed: int = 40) -> dict:
    """Mean realized over mean claimed, with a 95% bootstrap interval over trades (a trade's two sides together)."""
    if not pairs:
        return {"n_trades": 0, "ratio": None, "ci95": None}
    rng = np.random.default_rng(seed)
    c = np.array([sum(x for x, _ in p) / len(p) for p in pairs])
    r = np.array([sum(y for _, y in p) / len(p) for p in pairs])
    point = float(r.mean() / c.mean()) if c.mean() else None
    idx = rng.integers(0, len(pairs), size=(draws, len(pairs)))
    cm, rm = c[idx].mean(axis=1), r[idx].mean(axis=1)
    ok = np.abs(cm) > 1e-9
    ratios = rm[ok] / cm[ok]
    lo, hi = (np.percentile(ratios, [2.5, 97.5]) if ratios.size else (float("nan"),) * 2)
    return {"n_trades": len(pairs), "ratio": None if point is None else round(point, 2),
            "ci95": [round(float(lo), 2), round(float(hi), 2)], "mean_claimed": round(float(c.mean()), 1),
            "mean_realized": round(float(r.mean()), 1)}


def _baseline(lg, v, team: int) -> tuple[int, list[str], list[str]] | None:
    """The 1-for-1 that looks best for `team` on season per-game averages x games left."""
    snap, best = lg.snapshot, None
    per_game = {p: game_value(lg, v, snap.players[p].season_avg) for t in lg.team_ids for p in lg.roster_ids(t)}
    avg = lambda p: per_game[p] * len(v.player(p).games)  # noqa: E731
    for t in lg.team_ids:
        if t == team:
            continue
        for a in lg.roster_ids(team):
            for b in lg.roster_ids(t):
                gain = avg(b) - avg(a)
                if gain > 0 and (best is None or gain > best[0]):
                    best = (gain, t, [a], [b])
    return None if best is None else best[1:]


def run(dates: list[dt.date], scoring: str = "points") -> dict:
    from services.league.demo_source import DemoSource
    from services.store.state import state_store
    from services.trades.find import find_trades
    from services.trades.value import Valuer, unit

    store = state_store()
    finder, base, per_date, wired, accepted = [], [], [], [], []
    for day in dates:
        src = DemoSource(day, scoring, store=store)
        lg = src.league
        v = Valuer(lg)
        n = 0
        for team in lg.team_ids:
            found = find_trades(src, team_id=team, limit=1)
            if found.trades:
                t = found.trades[0]
                give = [src.resolve_id(x) for x in t.give]
                get = [src.resolve_id(x) for x in t.get]
                finder += _measure(lg, v, team, t.partner_id, give, get)
                pair = _measure_wire(lg, v, team, t.partner_id, give, get)
                wired.append(pair)
                if t.acceptable and t.my_change > 0:
                    accepted.append(pair)
                n += 1
            b = _baseline(lg, v, team)
            if b:
                base += _measure(lg, v, team, b[0], b[1], b[2])
        per_date.append({"as_of": day.isoformat(), "trades": n})
    speed = _speed(scoring)
    claimed, realized = [c for c, _ in finder], [r for _, r in finder]
    return {
        "dates": [d.isoformat() for d in dates], "data_end": DATA_END.isoformat(), "scoring": scoring,
        "unit": unit(scoring),
        "wire_adjusted": {
            "what": "each team's top trade, both sides, each over its own best free moves (the finder's claim)",
            "claimed": _interval([c for p in wired for c, _ in p]),
            "realized": _interval([r for p in wired for _, r in p]),
            "realized_minus_claimed": _interval([r - c for p in wired for c, r in p]),
            "realized_over_claimed": _ratio(wired),
            "proposer_claimed": _interval([p[0][0] for p in wired]),
            "proposer_realized": _interval([p[0][1] for p in wired]),
            "partner_claimed": _interval([p[1][0] for p in wired]),
            "partner_realized": _interval([p[1][1] for p in wired]),
            "accepted": {"trades": len(accepted), "realized_over_claimed": _ratio(accepted),
                         "claimed": _interval([c for p in accepted for c, _ in p]),
                         "realized": _interval([r for p in accepted for _, r in p])}},
        "finder": {"claimed": _interval(claimed), "realized": _interval(realized),
                   "realized_minus_claimed": _interval([r - c for c, r in finder]),
                   "sides_realized_positive": round(sum(r > 0 for r in realized) / max(1, len(realized)), 3)},
        "finder_by_side": {"proposer_realized": _interval([r for _, r in finder[0::2]]),
                           "partner_realized": _interval([r for _, r in finder[1::2]])},
        "baseline_per_game_average": {"claimed": _interval([c for c, _ in base]),
                                      "realized": _interval([r for _, r in base]),
                                      "proposer_claimed": _interval([c for c, _ in base[0::2]]),
                                      "proposer_realized": _interval([r for _, r in base[0::2]]),
                                      "partner_realized": _interval([r for _, r in base[1::2]])},
        "per_date": per_date, "speed": speed, "error": None,
    }


def _speed(scoring: str = "points", runs: int = 7) -> dict:
    from services.league.demo_source import DemoSource
    from services.store.state import state_store
    from services.trades.find import EXACT_POOL, find_trades

    src = DemoSource(SPEED_DATE, scoring, store=state_store())
    lg = src.league  # "who would take Herro?" (points demo), else the first player of my roster
    names = [lg.snapshot.players[p].ref.name for p in lg.roster_ids(lg.my_team_id)]
    herro = "Tyler Herro" if "Tyler Herro" in names else names[0]
    find_trades(src, limit=10)  # warm-up: snapshot, caches
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fast = find_trades(src, limit=10)
        times.append(time.perf_counter() - t0)
    t0 = time.perf_counter()
    brute = find_trades(src, give=[herro], limit=10, exact_pool=10**6)  # every candidate valued exactly
    brute_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    screened = find_trades(src, give=[herro], limit=10)
    screened_s = time.perf_counter() - t0
    same_top = [(t.give, t.get) for t in screened.trades[:1]] == [(t.give, t.get) for t in brute.trades[:1]]
    overlap = len({(tuple(t.give), tuple(t.get)) for t in screened.trades}
                  & {(tuple(t.give), tuple(t.get)) for t in brute.trades})
    return {"full_search_candidates": fast.candidates, "exact_pool": EXACT_POOL, "runs": runs,
            "p50_s": round(statistics.median(times), 3), "p95_s": round(float(np.percentile(times, 95)), 3),
            "give_one": {"player": herro, "candidates": brute.candidates, "finder_s": round(screened_s, 3),
                           "brute_force_s": round(brute_s, 3), "speedup": round(brute_s / max(screened_s, 1e-9), 1),
                           "same_top_trade": same_top, "top10_overlap": overlap}}


def main() -> None:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    parser = OneLineParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--scoring", choices=["points", "categories"], default="points")
    parser.add_argument("--dates", default=None, help="comma-separated as-of dates (default: five Wednesdays)")
    parser.add_argument("--speed", action="store_true", help="only the finder's speed, with the load average")
    args = parser.parse_args()
    if args.speed:
        start = [round(x, 2) for x in os.getloadavg()]
        out = {"scoring": args.scoring, "speed": _speed(args.scoring), "load_average_at_start": start,
               "load_average": [round(x, 2) for x in os.getloadavg()], "error": None}
        s = out["speed"]
        print(json.dumps(out) if args.json else
              f"finder p50 {s['p50_s']} s, p95 {s['p95_s']} s over {s['full_search_candidates']} candidates "
              f"(load {start[0]} -> {out['load_average'][0]})")
        return
    try:
        dates = [dt.date.fromisoformat(d) for d in args.dates.split(",")] if args.dates else DATES
    except ValueError:
        print(json.dumps({"error": f"--dates must be YYYY-MM-DD dates, not {args.dates!r}"}) if args.json else
              f"error: --dates must be YYYY-MM-DD dates, not {args.dates!r}")
        sys.exit(2)
    result = run(dates, args.scoring)
    if args.json:
        print(json.dumps(result))
        return
    f, b, s = result["finder"], result["baseline_per_game_average"], result["speed"]
    w = result["wire_adjusted"]
    print(f"over each side's free moves ({w['claimed']['n']} team sides): claimed {w['claimed']['mean']} "
          f"{w['claimed']['ci95']}, realized {w['realized']['mean']} {w['realized']['ci95']}; realized / claimed "
          f"{w['realized_over_claimed']['ratio']} {w['realized_over_claimed']['ci95']}; accepted trades "
          f"{w['accepted']['trades']}")
    print(f"as the rosters stand ({f['claimed']['n']} team sides): claimed {f['claimed']['mean']} "
          f"{f['claimed']['ci95']}, realized {f['realized']['mean']} {f['realized']['ci95']} {result['unit']}")
    print(f"baseline (season averages), proposer side: claimed {b['proposer_claimed']['mean']}, realized "
          f"{b['proposer_realized']['mean']} {b['proposer_realized']['ci95']}; partner realized "
          f"{b['partner_realized']['mean']} {b['partner_realized']['ci95']}")
    print(f"finder p50 {s['p50_s']} s, p95 {s['p95_s']} s over {s['full_search_candidates']} candidates; "
          f"brute force (give {s['give_one']['player']}) {s['give_one']['brute_force_s']} s vs "
          f"{s['give_one']['finder_s']} s")


if __name__ == "__main__":
    main()
