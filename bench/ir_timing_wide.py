"""The wide IR-timing audit of issue #40 (`bench/backtest_ir_audit.py --wide`): the top-card question of
bench/ir_audit.py asked on every day, not only each week's Wednesday, with the yield rule CHOSEN on the
first half of the dates and the share REPORTED on the second half, held out.

As of each morning from the first day of week 2 (week 1's rosters have no free agents yet) to the last
morning whose next 3 days are all in the data, for every team with an OUT rostered player and its IR
slot free, the balanced mode's card set (`propose_moves`, the product's); the set's top IR card before
the yield rule (`ir_audit._before_yield`), its chance p to play within 3 days (the return model's
`soon`), the IR card's and the best swap's scores, and whether he played within 3 days (his first game
on or after the morning, from the box scores). Only the top card is asked about (no replay): the
realized value of the cards stays the Wednesday audit's (`ir_timing.top_ratio`).

The rule's candidates are `ir_audit.GRID`'s discounts through `propose.keeps_ir_card` and no rule at
all; `chosen` is the smallest discount whose share on the chosen half is at most the target (10%),
else the one with the lowest share there. The held-out half then says what that rule, and the
product's, do. Consecutive mornings often show the same card (a player OUT for a week is the top card
on several), so the cards are not independent: the Wilson interval is narrower than the truth, and
`distinct_players` says how many different absences the cards are.

    timing_rows(as_of, scoring, first_games) -> rows (one per team with a pre-rule top IR card)
    wide_summary(rows, dates)                -> the chosen/reported split, the grid, the calibration tables (by
                                                missed streak; by an earlier long absence: `longest_before`)
"""
from __future__ import annotations

import datetime as dt
from bisect import bisect_left

from backtest_stats import wilson
from ir_audit import GRID, _before_yield, expected_count, kept
from returns import LONG_ABSENCE, history_of

TARGET = 0.10
SOON_DAYS = 3


def wide_dates(week_starts: list[dt.date], data_end: dt.date) -> list[dt.date]:
    """Every morning from the first day of the second matchup week to the last one whose 3-day window
    ends inside the data."""
    first, last = week_starts[1], data_end - dt.timedelta(days=SOON_DAYS - 1)
    return [first + dt.timedelta(days=i) for i in range((last - first).days + 1)]


def first_games() -> dict[str, list[dt.date]]:
    """Every player's game dates (ascending), from the box scores."""
    from services.store import db

    out: dict[str, list[dt.date]] = {}
    for pid, day in db.query("SELECT player_id, game_date FROM player_games ORDER BY game_date"):
        out.setdefault(pid, []).append(day)
    return out


def plays_within(dates: list[dt.date], as_of: dt.date, days: int = SOON_DAYS) -> bool:
    """He plays a game on one of the `days` days from the morning (the morning included)."""
    i = bisect_left(dates, as_of)
    return i < len(dates) and (dates[i] - as_of).days < days


def timing_rows(as_of: dt.date, scoring: str, games: dict[str, list[dt.date]]) -> list[dict]:
    """One row per team (team order) whose card set has a top IR card before the yield rule."""
    from services.league.demo import demo_league
    from services.league.returns import streak_of
    from services.optimizer import from_demo_league
    from services.league.snapshot import snapshot
    from services.optimizer.propose import propose_moves
    from services.store.state import state_store

    lg = demo_league(as_of, scoring, store=state_store())
    snap = snapshot(as_of)
    rows = []
    for team in sorted(lg.team_ids):
        inp = from_demo_league(lg, team_id=team, season=True)
        if inp.ir_slots_free <= 0 or not any(p.status == "OUT" for p in inp.roster):
            continue
        cards = propose_moves(inp, mode="balanced").moves
        pre, swap = _before_yield(cards)
        if pre is None:
            continue
        missed = pre.returns.missed if pre.returns else None
        ps = snap.players.get(pre.drop_id)
        longest = history_of(ps.games, snap.team_dates_all, as_of)[0] if ps else 0
        rows.append({"as_of": as_of.isoformat(), "team_id": team, "drop": pre.drop_id, "add": pre.add_id,
                     "soon": pre.returns.soon if pre.returns else None, "missed": missed,
                     "streak": streak_of(missed) if missed else None, "longest_before": longest,
                     "pre_top": True, "pre_scores": [pre.score, swap.score if swap else None],
                     "top": bool(cards[0].kind == "ir" and cards[0].drop_id == pre.drop_id),
                     "plays_within_3_days": plays_within(games.get(pre.drop_id, []), as_of)})
    return rows


def share(top: list[dict]) -> dict:
    """Cards, those whose player played within 3 days, the share with its Wilson 95% interval, the count the
    return model expects (the sum of the chances) and the different players the cards are on."""
    n, k = len(top), sum(r["plays_within_3_days"] for r in top)
    return {"top_ir_cards": n, "top_played_within_3_days": k, "share": round(k / n, 3) if n else None,
            "wilson95": wilson(k, n), "expected_count": expected_count(top),
            "distinct_players": len({r["drop"] for r in top})}


def split_dates(dates: list[dt.date]) -> tuple[list[dt.date], list[dt.date]]:
    """(the first half of the dates, the second half): the rule is chosen on the first, reported on the second."""
    dates = sorted(dates)
    half = (len(dates) + 1) // 2
    return dates[:half], dates[half:]


def choose(grid: list[dict]) -> float:
    """The smallest discount whose chosen-half share is at most TARGET, else the lowest share (then the
    smallest discount); a discount with no card on the chosen half has no share and is not chosen by it."""
    met = [g["discount"] for g in grid if g["chosen_on"]["share"] is not None and g["chosen_on"]["share"] <= TARGET]
    if met:
        return min(met)
    scored = [g for g in grid if g["chosen_on"]["share"] is not None]
    return min(scored, key=lambda g: (g["chosen_on"]["share"], g["discount"]))["discount"] if scored else GRID[0]


def calibration(pre: list[dict]) -> list[dict]:
    """The pre-rule top IR cards by missed-game streak: cards, the count the model expects, the count that
    played within 3 days (a calibrated model's two counts agree within noise)."""
    from services.league.returns import STREAKS

    out = []
    for _, label in STREAKS:
        rs = [r for r in pre if r["streak"] == label]
        if rs:
            out.append({"streak": label, "cards": len(rs), "expected_count": expected_count(rs),
                        "played": sum(r["plays_within_3_days"] for r in rs)})
    return out


def calibration_by_history(pre: list[dict]) -> list[dict]:
    """The pre-rule top IR cards by the kind of absence (issue #40): whether the player had an absence of
    LONG_ABSENCE+ games earlier this season (`longest_before`), with the cards, the count the model expects
    and the count that played within 3 days."""
    out = []
    for name, keep in (("long before", lambda r: r.get("longest_before", 0) >= LONG_ABSENCE),
                       ("none", lambda r: r.get("longest_before", 0) < LONG_ABSENCE)):
        rs = [r for r in pre if keep(r)]
        if rs:
            out.append({"history": name, "cards": len(rs), "expected_count": expected_count(rs),
                        "played": sum(r["plays_within_3_days"] for r in rs)})
    return out


def _key(r: dict) -> tuple:
    return r["as_of"], r["team_id"], r["drop"]


def wide_summary(rows: list[dict], dates: list[dt.date]) -> dict:
    """The yield rule chosen on the first half of `dates`, its share (and the product's) on the second."""
    from services.optimizer.propose import YIELD_DISCOUNT

    first, second = split_dates(dates)
    on = lambda rs, ds: [r for r in rs if r["as_of"] in {d.isoformat() for d in ds}]  # noqa: E731
    pre = [r for r in rows if r.get("pre_top")]
    grid = [{"discount": k, "chosen_on": share(on(kept(pre, k), first)), "reported_on": share(on(kept(pre, k), second))}
            for k in GRID]
    chosen = choose(grid)
    pick = lambda k: next(g for g in grid if g["discount"] == k)  # noqa: E731
    span = lambda ds: {"from": ds[0].isoformat(), "to": ds[-1].isoformat(), "dates": len(ds)} if ds else None  # noqa: E731
    return {
        "what": "the set's top IR card on every morning (bench/ir_timing_wide.py), the yield rule chosen on the "
                "first half of the dates and reported on the second, held out",
        "chosen_on": span(first), "reported_on": span(second), "target": TARGET,
        "chosen": chosen, "product": YIELD_DISCOUNT,
        "held_out_chosen": pick(chosen)["reported_on"], "held_out_product": pick(YIELD_DISCOUNT)["reported_on"],
        "product_chosen_on": pick(YIELD_DISCOUNT)["chosen_on"],
        "reproduces_rule": sorted(_key(r) for r in kept(pre, YIELD_DISCOUNT)) == sorted(_key(r) for r in rows if r["top"]),
        "no_rule": {"chosen_on": share(on(pre, first)), "reported_on": share(on(pre, second))},
        "grid": grid,
        "calibration_by_streak": {"chosen_on": calibration(on(pre, first)), "reported_on": calibration(on(pre, second))},
        "calibration_by_history": {"chosen_on": calibration_by_history(on(pre, first)),
                                   "reported_on": calibration_by_history(on(pre, second))},
        "return_model": return_model_summary(),
        "played_within_3_days_cards": [{k: r.get(k) for k in ("as_of", "team_id", "drop", "soon", "missed",
                                                              "longest_before")}
                                       for r in on(kept(pre, YIELD_DISCOUNT), dates) if r["plays_within_3_days"]],
    }


def return_model_summary() -> dict:
    """What the cards' chances come from: the return model's streak factors and their prior strength (issue
    #40, `returns.FACTOR_PRIOR`; bench/returns.py --kind chose them on the mornings before Dec 18)."""
    from services.league import returns as rt

    return {"factor_streaks": [label for _, label in rt.FACTOR_STREAKS], "factor_prior": rt.FACTOR_PRIOR,
            "chosen_by": "bench/returns.py --kind --json (in_model_variant, before Dec 18)"}


_GAMES: dict = {}


def _task(args: tuple) -> list[dict]:
    as_of, scoring = args
    if not _GAMES:
        _GAMES.update(first_games())
    return timing_rows(as_of, scoring, _GAMES)


def run_wide(modes: list[str], jobs: int) -> dict:
    """Every scoring's wide audit, `jobs` processes at a time (the same figures whatever `jobs`)."""
    from services.league.snapshot import data_dates
    from services.store import db

    starts = [s for (s,) in db.query("SELECT start_date FROM weeks ORDER BY week")]
    dates = wide_dates(starts, data_dates()[1])
    tasks = [(d, m) for m in modes for d in dates]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            results = list(pool.map(_task, tasks, chunksize=4))
    else:
        results = [_task(t) for t in tasks]
    return {m: {"ir_timing_wide": wide_summary([r for t, rs in zip(tasks, results, strict=True) if t[1] == m
                                                 for r in rs], dates)} for m in modes}
