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
    bench/returns.py --kind --json   the split by kind of absence (issue #40), every morning Nov 13 - Feb 5:
                                     calibration per streak and earlier long absence / misses of the team's last
                                     10, each half (split at Dec 18); a recalibration per cell fitted on the first
                                     half and scored on the second; the split inside the model (`kind_factors`,
                                     refitted each morning), chosen on the first half, reported on the second
"""
from __future__ import annotations

import dataclasses
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


KIND_START, KIND_END = dt.date(2024, 11, 13), dt.date(2025, 2, 5)  # every morning; Feb 5's 3 days end with the data
KIND_STREAKS = ((1, "1"), (2, "2"), (5, "3-5"), (10_000, "6+"))
KIND_RECENT = ((1, "1"), (2, "2"), (5, "3-5"), (10, "6-10"))  # games missed of the team's last 10


def _label(edges, n: int) -> str:
    return next(label for edge, label in edges if n <= edge)


LONG_ABSENCE = 6  # team games in a row: an earlier absence this long is "a long history"
RECENT_GAMES = 10  # the team's last games whose misses are counted


def history_of(games: list[dict], team_dates: dict[str, list[dt.date]], as_of: dt.date) -> tuple[int, int]:
    """What the morning shows of the kind of absence: (his longest absence this season before the current
    one, in team games in a row; the team's last RECENT_GAMES games before `as_of` he missed, the current
    streak included). `games`: his box-score lines (game_date, team), oldest first; a gap between two of
    his games is counted on the team of the first, or of the second when fewer (a trade's gap)."""
    from bisect import bisect_left, bisect_right

    if not games:
        return 0, 0
    longest = 0
    for a, b in zip(games, games[1:]):
        n = [bisect_left(ds, b["game_date"]) - bisect_right(ds, a["game_date"])
             for ds in (team_dates.get(a["team"], []), team_dates.get(b["team"], []))]
        longest = max(longest, min(n))
    dates = team_dates.get(games[-1]["team"], [])
    recent = dates[max(0, bisect_left(dates, as_of) - RECENT_GAMES):bisect_left(dates, as_of)]
    played = {g["game_date"] for g in games}
    return longest, sum(1 for d in recent if d not in played)


KIND_STRENGTHS = (10.0, 30.0, 100.0, 300.0)  # the in-model variant's prior strength, in expected returns
VARIANTS = ("streak", "streak x history")  # in-model variants: a factor per streak bucket, or per bucket and history


def kind_factors(h, games_by_player: dict[str, list[dict]], team_dates: dict[str, list[dt.date]],
                 strength: float, split_history: bool = True) -> dict:
    """The in-model variant of the split: on every morning the model's fit counts (`returns.fit`'s mornings
    before h.as_of), per KIND_STREAKS bucket (and, with `split_history`, a long earlier absence or not) the
    returns observed O and those the model's hazard before any factor (his own multiplier in) expected E; the
    factor (O + S) / (E + S) that would scale his hazard. An earlier absence is complete (he played again)
    before the morning's."""
    from bisect import bisect_left, bisect_right

    from services.league import returns as rt
    from services.league.calibration import mornings

    base = dataclasses.replace(h, by_streak={}) if hasattr(h, "by_streak") else h  # the hazard before any factor
    cells: dict[tuple[str, bool], list[float]] = {}
    longest: dict[str, int] = {}
    played_on = {pid: [g["game_date"] for g in games] for pid, games in games_by_player.items()}
    for m in mornings(games_by_player, team_dates, h.as_of):
        if m.missed >= 1:
            dates = played_on[m.player_id]
            if not bisect_left(dates, m.date) - bisect_right(dates, m.date - dt.timedelta(days=m.days_since)) > 0:
                long_before = split_history and longest.get(m.player_id, 0) >= LONG_ABSENCE
                c = cells.setdefault((_label(KIND_STREAKS, m.missed), long_before), [0.0, 0.0])
                c[0] += m.played
                c[1] += min(rt.MAX_HAZARD, base.rate(m.missed, m.tier) * base.multiplier(m.player_id))
        if m.played:
            longest[m.player_id] = max(longest.get(m.player_id, 0), m.missed)
    return {k: (o + strength) / (e + strength) for k, (o, e) in cells.items()}


def _soon_with(h, factors: dict, pid: str, missed: int, tier: str, long_before: bool, dates, as_of: dt.date) -> float:
    """His chance within 3 days with each game's hazard (before any factor of the model) scaled by the
    variant's factor for its streak."""
    from services.league import returns as rt

    base = dataclasses.replace(h, by_streak={}) if hasattr(h, "by_streak") else h
    soon_end = as_of + dt.timedelta(days=rt.SOON_DAYS - 1)
    stay, scale = 1.0, base.multiplier(pid)
    for i, _ in enumerate(sorted(d for d in dates if as_of <= d <= soon_end)):
        f = factors.get((_label(KIND_STREAKS, missed + i), long_before), 1.0)
        stay *= 1.0 - min(rt.MAX_HAZARD, base.rate(missed + i, tier) * scale * f)
    return 1.0 - stay


def kind_rows(as_of: dt.date, played_on: dict[str, list[dt.date]]) -> list[dict]:
    """Every absent player's chance to play within 3 days on one morning (the product's: `returns.return_odds`)
    beside what the morning shows of the kind of absence (`history_of`: his longest earlier absence,
    the team's last 10 games he missed) and whether he played within 3 days (`played_on`: his game dates)."""
    from bisect import bisect_left

    from services.league import returns as rt
    from services.league.calibration import tier_of
    from services.league.snapshot import snapshot, week_of

    snap = snapshot(as_of)
    h = rt.hazards_of(snap)
    games = {pid: ps.games for pid, ps in snap.players.items()}
    factors = {(v, st): kind_factors(h, games, snap.team_dates_all, st, split_history=v != "streak")
               for v in VARIANTS for st in KIND_STRENGTHS}
    week_end, soon_end = week_of(as_of)[2], as_of + dt.timedelta(days=rt.SOON_DAYS - 1)
    out = []
    for pid, ps in snap.players.items():
        if ps.missed_in_row < 1 or not ps.ref.team:
            continue
        dates = snap.team_dates_all.get(ps.ref.team, [])
        if not any(as_of <= d <= soon_end for d in dates):
            continue
        o = rt.return_odds(snap, pid, week_end)
        longest, recent = history_of(ps.games, snap.team_dates_all, as_of)
        tier = tier_of(sum(g["min"] for g in ps.games) / len(ps.games))  # as returns.return_odds
        variant = {(v, st): _soon_with(h, f, pid, ps.missed_in_row, tier, v != "streak" and longest >= LONG_ABSENCE,
                                       dates, as_of) for (v, st), f in factors.items()}
        mine = played_on.get(pid, [])
        i = bisect_left(mine, as_of)
        out.append({"as_of": as_of, "player_id": pid, "missed": ps.missed_in_row, "soon": o.soon, "tier": ps.tier,
                    "soon_kind": variant,
                    "streak": _label(KIND_STREAKS, ps.missed_in_row),
                    "history": "long before" if longest >= LONG_ABSENCE else "none",
                    "longest_before": longest, "recent": _label(KIND_RECENT, min(10, max(1, recent))),
                    "played_soon": i < len(mine) and mine[i] <= soon_end})
    return out


def _logloss(pairs) -> float | None:
    import math

    pairs = list(pairs)
    eps = 1e-6
    return round(-sum(math.log(min(1 - eps, max(eps, p))) if y else math.log(min(1 - eps, max(eps, 1 - p)))
                      for p, y in pairs) / len(pairs), 4) if pairs else None


def _cell_table(rows: list[dict], keys: tuple[str, ...]) -> list[dict]:
    """Per cell of `keys`, on each half: mornings, the mean chance, the share that played, Brier, players."""
    cells = sorted({tuple(r[k] for k in keys) for r in rows})
    out = []
    for c in cells:
        cell = dict(zip(keys, c, strict=True))
        for name, keep in (("before_split", lambda d: d < SPLIT), ("from_split", lambda d: d >= SPLIT)):
            rs = [r for r in rows if tuple(r[k] for k in keys) == c and keep(r["as_of"])]
            cell[name] = {"mornings": len(rs), "players": len({r["player_id"] for r in rs}),
                          "predicted": round(sum(r["soon"] for r in rs) / len(rs), 3) if rs else None,
                          "played": round(sum(r["played_soon"] for r in rs) / len(rs), 3) if rs else None,
                          "brier": brier((r["soon"], r["played_soon"]) for r in rs)}
        out.append(cell)
    return out


def _logit(p: float) -> float:
    import math

    p = min(1 - 1e-6, max(1e-6, p))
    return math.log(p / (1 - p))


def _shift(p: float, b: float) -> float:
    import math

    return 1.0 / (1.0 + math.exp(-(_logit(p) + b)))


def fit_shifts(rows: list[dict], keys: tuple[str, ...], ridge: float = 10.0) -> dict:
    """Per cell of `keys`, the logit shift b maximizing the cell's likelihood of p' = sigmoid(logit p + b),
    less ridge x b^2 / 2 (a thin cell stays near the model): Newton's method."""
    out = {}
    for c in {tuple(r[k] for k in keys) for r in rows}:
        rs = [(r["soon"], r["played_soon"]) for r in rows if tuple(r[k] for k in keys) == c]
        b = 0.0
        for _ in range(30):
            ps = [_shift(p, b) for p, _ in rs]
            grad = sum(y - q for q, (_, y) in zip(ps, rs, strict=True)) - ridge * b
            hess = -sum(q * (1 - q) for q in ps) - ridge
            b -= grad / hess
        out[c] = b
    return out


def _cluster_gain(rows: list[dict], new: list[float], draws: int = 1000) -> list[float]:
    """95% interval of the Brier gain (old - new), resampling players (his mornings together: consecutive
    mornings of one absence are not independent)."""
    import random

    by: dict[str, list[float]] = {}
    for r, q in zip(rows, new, strict=True):
        by.setdefault(r["player_id"], []).append((r["soon"] - r["played_soon"]) ** 2 - (q - r["played_soon"]) ** 2)
    groups = list(by.values())
    rng = random.Random(40)
    gains = []
    for _ in range(draws):
        pick = [rng.choice(groups) for _ in groups]
        gains.append(sum(map(sum, pick)) / sum(map(len, pick)))
    gains.sort()
    return [round(gains[int(0.025 * draws)], 5), round(gains[int(0.975 * draws)], 5)]


KIND_SPLITS = (("streak",), ("streak", "history"), ("streak", "recent"), ("streak", "history", "recent"))


def by_kind(rows: list[dict]) -> dict:
    """Issue #40: the return model's chance within 3 days split by the kind of absence the morning shows,
    its calibration per cell on each half, and for each split a recalibration (a logit shift per cell) fitted
    on the mornings before SPLIT and scored on the mornings from it (Brier, log loss, the Brier gain's 95%
    interval resampling players)."""
    first = [r for r in rows if r["as_of"] < SPLIT]
    second = [r for r in rows if r["as_of"] >= SPLIT]
    held = {"brier": brier((r["soon"], r["played_soon"]) for r in second),
            "log_loss": _logloss((r["soon"], r["played_soon"]) for r in second)}
    fits = []
    for keys in KIND_SPLITS:
        b = fit_shifts(first, keys)
        new = [_shift(r["soon"], b.get(tuple(r[k] for k in keys), 0.0)) for r in second]
        fits.append({"split": list(keys), "shifts": {" / ".join(c): round(v, 3) for c, v in sorted(b.items())},
                     "held_out_brier": brier((q, r["played_soon"]) for q, r in zip(new, second, strict=True)),
                     "held_out_log_loss": _logloss((q, r["played_soon"]) for q, r in zip(new, second, strict=True)),
                     "held_out_brier_gain_ci95": _cluster_gain(second, new)})
    return {"from": KIND_START.isoformat(), "to": KIND_END.isoformat(), "split": SPLIT.isoformat(),
            "mornings": {"before_split": len(first), "from_split": len(second)},
            "players": {"before_split": len({r["player_id"] for r in first}),
                        "from_split": len({r["player_id"] for r in second})},
            "model_held_out": held,
            "model_before_split": {"brier": brier((r["soon"], r["played_soon"]) for r in first),
                                   "log_loss": _logloss((r["soon"], r["played_soon"]) for r in first)},
            "by_streak_history": _cell_table(rows, ("streak", "history")),
            "by_streak_recent": _cell_table(rows, ("streak", "recent")),
            "recalibrated": fits,
            "in_model_variant": in_model(first, second)}


def in_model(first: list[dict], second: list[dict]) -> dict:
    """The split inside the return model (`kind_factors`, refitted each morning on the mornings before it),
    per variant and prior strength: Brier and log loss within 3 days on each half, overall and per streak
    bucket of the morning. The product's choice reads the first half only: the variant and strength with the
    lowest Brier before SPLIT (`chosen`, on every bucket: no bucket is picked apart); the figures from SPLIT
    are reported, with the held-out gain's 95% interval resampling players."""
    def score(rows, v, st, keep=lambda r: True):
        rs = [r for r in rows if keep(r)]
        pick = (lambda r: r["soon"]) if v is None else (lambda r: r["soon_kind"][(v, st)])
        exact = sum((pick(r) - r["played_soon"]) ** 2 for r in rs) / len(rs) if rs else None
        return {"mornings": len(rs), "brier": brier((pick(r), r["played_soon"]) for r in rs),
                "brier_6": None if exact is None else round(exact, 6),
                "log_loss": _logloss((pick(r), r["played_soon"]) for r in rs),
                "predicted": round(sum(map(pick, rs)) / len(rs), 3) if rs else None,
                "played": round(sum(r["played_soon"] for r in rs) / len(rs), 3) if rs else None}

    buckets = [label for _, label in KIND_STREAKS]
    table = {"model": {"before_split": score(first, None, None), "from_split": score(second, None, None),
                       "by_streak": {b: {"before_split": score(first, None, None, lambda r, b=b: r["streak"] == b),
                                         "from_split": score(second, None, None, lambda r, b=b: r["streak"] == b)}
                                     for b in buckets}}}
    for v in VARIANTS:
        for st in KIND_STRENGTHS:
            table[f"{v}, S={st:g}"] = {
                "before_split": score(first, v, st), "from_split": score(second, v, st),
                "by_streak": {b: {"before_split": score(first, v, st, lambda r, b=b: r["streak"] == b),
                                  "from_split": score(second, v, st, lambda r, b=b: r["streak"] == b)}
                              for b in buckets}}
    v, st = min(((v, st) for v in VARIANTS for st in KIND_STRENGTHS),
                key=lambda k: table[f"{k[0]}, S={k[1]:g}"]["before_split"]["brier_6"])
    return {"variants": table, "chosen": {"variant": v, "strength": st},
            "held_out_brier_gain_ci95": _cluster_gain(second, [r["soon_kind"][(v, st)] for r in second])}


def kind_mornings() -> list[dict]:
    from services.store import db

    played_on: dict[str, list[dt.date]] = {}
    for pid, day in db.query("SELECT player_id, game_date FROM player_games ORDER BY game_date"):
        played_on.setdefault(pid, []).append(day)
    out, d = [], KIND_START
    while d <= KIND_END:
        out += kind_rows(d, played_on)
        d += dt.timedelta(days=1)
    return out


def main() -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too

    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--kind", action="store_true", help="only the split by kind of absence (every morning)")
    args = ap.parse_args()
    os.environ.setdefault("COURTSIDE_HOME", tempfile.mkdtemp(prefix="courtside-bench-"))
    from services.store.build import install  # noqa: E402 (after the home is chosen)
    install()  # a fresh home's database is built on first use (the store does not import its builder)
    from services.league.returns import OWN_PRIOR

    t0 = time.perf_counter()
    if args.kind:
        out = {"by_kind_3_days": by_kind(kind_mornings()), "elapsed_s": None, "error": None}
        out["elapsed_s"] = round(time.perf_counter() - t0, 1)
        print(json.dumps(out, indent=2, default=str))
        return 0
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
