"""Benchmark of the signals pod's offline estimator on the real 2024-25 results.

Every regular-season game from 2024-12-01 to 2025-02-07 (the box-score window; the estimator's
constants are fit on games before it), both modes: games with news, signals at |ev| >= .05, and
Brier / log loss / Brier skill score of every estimate and of signals only, against the market on
the same games: the price at decision time (what the pod trades against) and the real closing
line. The same for a plain Elo estimate (no news), so the reader sees what the news adds. Then the
same games decided in each urgency band of the pod's timeline (30 h before tip: early; the
decision time, about 7 h: day-of; 1 h: imminent, where the news weight halves and the threshold
rises by .03): skill per band (`by_urgency`), both modes. And, per mode, skill with and without
the absence signal (`absences`) and the reliability table per |ev| band (`reliability_by_band`).

    python bench/signals.py [--json]
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
os.environ.setdefault("COURTSIDE_HOME", str(Path(tempfile.gettempdir()) / "courtside-bench"))
from services.store.build import install  # noqa: E402 (after the home is chosen)
install()  # a fresh home's database is built on first use (the store does not import its builder)

START, END = dt.date(2024, 12, 1), dt.date(2025, 2, 7)
THRESHOLD = 0.05
LEADS = (30.0, 1.0)  # hours before tip: the early and imminent bands (day-of is the decision time)


def _block(ps, market, ys):
    from services.signals.scoring import forecast_block

    return forecast_block(ps, market, ys)


def _signals(rows, key):
    """Signals of one estimator (`key`) at the threshold, scored and traded at the decision-time price."""
    from services.signals.scoring import signal_block

    picked = [{"estimate": r[key], "price": r["price"], "ev": r[key] - r["price"],
               "direction": "yes" if r[key] >= r["price"] else "no", "home_won": r["home_won"]}
              for r in rows if abs(r[key] - r["price"]) >= THRESHOLD - 1e-12]
    return signal_block(picked)


def run() -> dict:
    from services.markets.pricing import home_win_prob
    from services.league.season_games import all_games, get_game, schedule
    from services.signals.evaluate import evaluate_game
    from services.league.snapshot import forget_in_memory

    from services.signals.scoring import by_urgency

    t0 = time.perf_counter()
    rows, last = [], None
    evals: dict[str, list] = {"blind": [], "anchored": []}
    day_of_s = 0.0  # the two decision-time evaluations only (what ms_per_game_both_modes always timed)
    for g in schedule(START, END):
        if last is not None and g.date != last:
            forget_in_memory()  # one snapshot per date: keeps memory flat over the window
        last = g.date
        t1 = time.perf_counter()
        blind, anchored = evaluate_game(g.game_id, "blind"), evaluate_game(g.game_id, "anchored")
        day_of_s += time.perf_counter() - t1
        for mode, day_of in (("blind", blind), ("anchored", anchored)):
            evals[mode] += [day_of] + [evaluate_game(g.game_id, mode, hours_before_tip=h) for h in LEADS]
        rows.append({"game_id": g.game_id, "news": blind.news, "price": blind.price, "blind": blind.estimate,
                     "anchored": anchored.estimate, "elo": blind.elo,
                     "close": home_win_prob(get_game(g.game_id).home_spread), "home_won": blind.home_won})
    seconds = time.perf_counter() - t0
    est = [r for r in rows if r["blind"] is not None]
    ys = [r["home_won"] for r in est]
    out = {"window": {"from": START.isoformat(), "to": END.isoformat(), "fit_before": "2024-12-01"},
           "games": len(rows), "games_with_news": len(est), "threshold": THRESHOLD,
           "decision_time": "noon US Eastern on game day (about 7 h before the nominal tip)"}
    for key in ("blind", "anchored", "elo"):
        ps = [r[key] for r in est]
        out[key] = {"estimates": _block(ps, [r["price"] for r in est], ys)
                    | {"bss_vs_close": _block(ps, [r["close"] for r in est], ys)["bss_vs_market"]},
                    "signals": _signals(est, key)}
    out["market_same_games"] = {"decision_price": _block([r["price"] for r in est], [r["close"] for r in est], ys),
                                "closing_line": _block([r["close"] for r in est], [r["close"] for r in est], ys)}
    season = [g for g in all_games() if g.season_type == "regular"]
    out["market_regular_season_brier_close"] = round(
        sum((home_win_prob(g.home_spread) - g.home_won) ** 2 for g in season) / len(season), 4)
    out["by_urgency"] = {mode: by_urgency(evals[mode], THRESHOLD) for mode in evals}
    # issue #41: skill with and without the absence signal, and the reliability table per |ev| band,
    # on the decision-time evaluations (the first of each game's three)
    from services.signals.reliability import band_table
    from services.signals.scoring import absences_block

    for mode in evals:
        day_of = [e for e in evals[mode][0::3] if e.estimate is not None]
        out[mode]["absences"] = absences_block(day_of)
        out[mode]["reliability_by_band"] = band_table(
            {"price": e.price, "ev": e.ev, "direction": e.direction, "home_won": e.home_won}
            for e in day_of if e.signal_at(THRESHOLD))
    out["by_urgency_hours_before_tip"] = {"early": LEADS[0], "day_of": "noon ET (about 7)", "imminent": LEADS[1]}
    out["seconds"] = round(seconds, 1)
    out["ms_per_game_both_modes"] = round(1000 * day_of_s / max(1, len(rows)), 1)
    out["error"] = None
    return out


def main() -> int:
    from services.cli import OneLineParser  # a usage mistake under --json is JSON too
    p = OneLineParser(description=__doc__.splitlines()[0])
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    try:
        result = run()
    except Exception as e:  # a one-line failure, never a traceback
        print(json.dumps({"error": f"{type(e).__name__}: {e}"}) if args.json else f"error: {e}")
        return 1
    if args.json:
        print(json.dumps(result))
    else:
        for key in ("blind", "anchored", "elo"):
            e, s = result[key]["estimates"], result[key]["signals"]
            print(f"{key:9} Brier {e['brier']} (market {e['market_brier']}) BSS {e['bss_vs_market']} | "
                  f"signals {s['n']} hit {s['hit_rate']} EV {s['realized_ev']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
